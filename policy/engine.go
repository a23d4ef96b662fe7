package policy

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/util"

	"github.com/sbxgate/sbxgate/config"
	regofiles "github.com/sbxgate/sbxgate/rego"
)

// Query is the document every sbxgate policy must define.
const Query = "data.sbxgate.decision"

// DefaultTimeout bounds one evaluation. A decision over a typical report takes about fifty
// microseconds of CPU; the bound is there for a policy that explodes combinatorially on a crafted report,
// not as a latency budget: set tight, a loaded machine turns correct requests into timeout denials.
const DefaultTimeout = time.Second

// TrustLevels are the trust levels a decision may carry.
var TrustLevels = []string{"trusted", "standard", "untrusted"}

// Engine decides submissions with one compiled policy and one config. It is safe for concurrent use.
type Engine struct {
	files    *Files
	cfg      *config.Config
	compiler *ast.Compiler
	pq       rego.PreparedEvalQuery
	evalOpts []rego.EvalOption // the evaluation options that are the same for every decision
	revision string
	timeout  time.Duration
	// tiers are the config's tiers as of New, so the limits a decision carries always match the
	// revision, even if the caller changes its config afterwards.
	tiers     map[string]config.Limits
	tierNames []string
	profiles  map[string][]string // per tier, the image profiles a decision may carry
}

type options struct {
	fsys    fs.FS
	source  string
	display string
	cfg     *config.Config
	timeout time.Duration
	errs    []error
}

// Option configures New.
type Option func(*options)

// WithDir loads the policy from a directory instead of the embedded default.
func WithDir(dir string) Option {
	return func(o *options) {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			o.errs = append(o.errs, fmt.Errorf("policy directory %s does not exist: pass a directory of .rego files to --policy", dir))
			return
		}
		o.fsys, o.source, o.display = os.DirFS(dir), dir, filepath.ToSlash(filepath.Clean(dir))
	}
}

// WithFS loads the policy from fsys; source names it in messages.
func WithFS(fsys fs.FS, source string) Option {
	return func(o *options) { o.fsys, o.source, o.display = fsys, source, source }
}

// WithConfig sets the config whose tiers the policy chooses among (default: config.Default()).
func WithConfig(cfg *config.Config) Option {
	return func(o *options) { o.cfg = cfg }
}

// WithTimeout bounds each evaluation (default DefaultTimeout).
func WithTimeout(d time.Duration) Option {
	return func(o *options) {
		if d <= 0 {
			o.errs = append(o.errs, fmt.Errorf("policy timeout %v must be positive", d))
			return
		}
		o.timeout = d
	}
}

// Embedded returns the policy shipped in the binary (the rego/ directory).
func Embedded() *Files {
	f, err := LoadFS(regofiles.FS(), "embedded", "rego")
	if err != nil {
		panic(err) // a test loads the embedded policy, so this is a build defect
	}
	return f
}

// New loads, compiles and prepares the policy once; Decide then only evaluates.
func New(ctx context.Context, opts ...Option) (*Engine, error) {
	o := options{timeout: DefaultTimeout}
	for _, opt := range opts {
		opt(&o)
	}
	if err := errors.Join(o.errs...); err != nil {
		return nil, err
	}
	var files *Files
	if o.fsys == nil {
		files = Embedded()
	} else {
		var err error
		if files, err = LoadFS(o.fsys, o.source, o.display); err != nil {
			return nil, err
		}
	}
	if o.cfg == nil {
		o.cfg = config.Default()
	}
	return newEngine(ctx, files, o.cfg, o.timeout)
}

// NewFromFiles prepares an engine for already loaded files.
func NewFromFiles(ctx context.Context, files *Files, cfg *config.Config, timeout time.Duration) (*Engine, error) {
	if cfg == nil {
		cfg = config.Default()
	}
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	return newEngine(ctx, files, cfg, timeout)
}

func newEngine(ctx context.Context, files *Files, cfg *config.Config, timeout time.Duration) (*Engine, error) {
	// A config built in code has not been through config.Load; its tiers become decisions' limits.
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("policy: config: %w", err)
	}
	doc, configJSON, tiers, err := storeDocument(files, cfg)
	if err != nil {
		return nil, err
	}
	compiler, errs := compileCached(files.Modules)
	if len(errs) > 0 {
		return nil, fmt.Errorf("policy %s: %s: run sbxgate policy check on the directory", files.Source, oneLine(errs))
	}
	if len(compiler.GetRulesExact(ast.MustParseRef(Query))) == 0 {
		return nil, fmt.Errorf("policy %s: no rule defines %s: a policy must set decision in package sbxgate", files.Source, Query)
	}
	data, err := ast.InterfaceToValue(doc)
	if err != nil {
		return nil, fmt.Errorf("policy %s: data: %v", files.Source, err)
	}
	pq, err := rego.New(
		rego.Query(Query),
		rego.Compiler(compiler),
		// The store keeps AST values, so reading policy data does not convert Go values every time.
		rego.Store(inmem.NewFromObjectWithOpts(doc, inmem.OptRoundTripOnWrite(false), inmem.OptReturnASTValuesOnRead(true))),
		rego.StoreReadAST(true),
		rego.Capabilities(Capabilities()),
		rego.StrictBuiltinErrors(true),
		rego.Strict(true),
		rego.SetRegoVersion(ast.RegoV1),
	).PrepareForEval(ctx)
	if err != nil {
		return nil, fmt.Errorf("policy %s: prepare %s: %v", files.Source, Query, err)
	}
	return &Engine{
		files:    files,
		cfg:      cfg,
		compiler: compiler,
		pq:       pq,
		evalOpts: []rego.EvalOption{
			rego.EvalMetrics(noMetrics),
			rego.EvalBaseCache(dataCache{root: data}),
			rego.EvalGenerateJSON(resultTerm),
		},
		revision:  revision(files, configJSON),
		timeout:   timeout,
		tiers:     tiers,
		tierNames: cfg.TierNames(),
		profiles:  tierProfiles(cfg),
	}, nil
}

// ConfigDocument is what the engine mounts at data.sbxgate.config: the config's tiers with their
// limits, so a policy can only name tiers that exist and can compare their sizes, and the image
// profiles each tier that lists some (profiles in the config) lets a decision choose.
type ConfigDocument struct {
	Tiers    map[string]config.Limits `json:"tiers"`
	Profiles map[string][]string      `json:"profiles,omitempty"`
}

// tierProfiles are the profiles a decision granting each tier may carry ("" is base).
func tierProfiles(cfg *config.Config) map[string][]string {
	out := map[string][]string{}
	for name, t := range cfg.Tiers {
		out[name] = t.AllowedProfiles()
	}
	return out
}

// storeDocument merges the policy's data with the config document and returns the config document's
// canonical JSON for the revision, and the tiers' limits.
func storeDocument(files *Files, cfg *config.Config) (map[string]any, []byte, map[string]config.Limits, error) {
	doc, err := files.Document()
	if err != nil {
		return nil, nil, nil, fmt.Errorf("policy %s: %w", files.Source, err)
	}
	cd := ConfigDocument{Tiers: map[string]config.Limits{}}
	for name, t := range cfg.Tiers {
		cd.Tiers[name] = t.Limits()
		if len(t.Profiles) > 0 {
			if cd.Profiles == nil {
				cd.Profiles = map[string][]string{}
			}
			for _, p := range t.AllowedProfiles() {
				cd.Profiles[name] = append(cd.Profiles[name], cmp.Or(p, "base"))
			}
		}
	}
	// encoding/json sorts map keys, so this is canonical.
	cj, err := json.Marshal(cd)
	if err != nil {
		return nil, nil, nil, err
	}
	var cv any
	if err := util.UnmarshalJSON(cj, &cv); err != nil {
		return nil, nil, nil, err
	}
	sbx, _ := doc["sbxgate"].(map[string]any)
	if sbx == nil {
		if _, taken := doc["sbxgate"]; taken {
			return nil, nil, nil, fmt.Errorf("policy %s: data.sbxgate must be an object", files.Source)
		}
		sbx = map[string]any{}
		doc["sbxgate"] = sbx
	}
	if _, taken := sbx["config"]; taken {
		return nil, nil, nil, fmt.Errorf("policy %s: %w", files.Source, errReservedConfig)
	}
	sbx["config"] = cv
	return doc, cj, cd.Tiers, nil
}

// Revision identifies the policy: "sha256:" over its modules, data files and the config document.
func (e *Engine) Revision() string { return e.revision }

// Source names where the policy came from: a directory or "embedded".
func (e *Engine) Source() string { return e.files.Source }

// Files returns the files the engine was built from.
func (e *Engine) Files() *Files { return e.files }

// Config returns the config whose tiers the engine decides among.
func (e *Engine) Config() *config.Config { return e.cfg }

func oneLine(errs ast.Errors) string {
	if len(errs) == 1 {
		return errs[0].Error()
	}
	return fmt.Sprintf("%d errors, first %s", len(errs), errs[0].Error())
}
