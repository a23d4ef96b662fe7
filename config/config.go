// Package config loads sandbox.yaml: the operator's tiers, module tables, runner, audit and server
// settings. The operator's config is a ceiling: the policy only picks among the tiers defined here.
// Loading is strict (unknown keys are errors) and a config is validated before anything uses it.
package config

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

//go:embed sandbox.yaml
var defaultYAML []byte

// DefaultYAML returns the embedded default config, as shipped.
func DefaultYAML() []byte { return bytes.Clone(defaultYAML) }

// Config is the whole of sandbox.yaml.
type Config struct {
	Version int             `yaml:"version"`
	Runner  Runner          `yaml:"runner"`
	Audit   Audit           `yaml:"audit"`
	Tiers   map[string]Tier `yaml:"tiers"`
	Modules Modules         `yaml:"modules"`
	Server  Server          `yaml:"server"`
	Files   Files           `yaml:"files"`
	// Source names where the config came from ("embedded" or a path), for messages.
	Source string `yaml:"-"`
}

// Runner configures the container runner.
type Runner struct {
	Image         string `yaml:"image"`          // local image reference, built by `sbxgate image build`
	PoolSize      int    `yaml:"pool_size"`      // warm containers kept per tier; 0 disables the pool
	MaxConcurrent int    `yaml:"max_concurrent"` // runs at once; further runs wait (back-pressure)
	// UIDs is the range of host user ids sandboxes run as, two per sandbox: one for process 1,
	// one for the program ("FIRST-LAST").
	UIDs string `yaml:"uids"`
	// SeccompProfile is a Docker seccomp profile file for the containers; "" is sbxgate's own,
	// embedded (runner/sandbox/seccomp.json).
	SeccompProfile string `yaml:"seccomp_profile"`
	// IdleTimeout ends a warm container nobody used, so none outlives a crashed sbxgate for long.
	IdleTimeout Duration `yaml:"idle_timeout"`
}

// UIDRange returns the parsed runner.uids (validated by Parse).
func (r Runner) UIDRange() UIDRange {
	u, _ := ParseUIDRange(r.UIDs)
	return u
}

// Audit configures the audit log.
type Audit struct {
	Path       string `yaml:"path"`        // default log file; "" means no log unless --audit is given
	StoreCode  string `yaml:"store_code"`  // always, on_deny or never
	SigningKey string `yaml:"signing_key"` // path of the note signer key for checkpoints; "" disables signing
	// CodeBudget bounds the code that records which did not run keep (see CodeBudget).
	CodeBudget CodeBudget `yaml:"code_budget"`
}

// Tier is one set of resource limits the policy may choose.
type Tier struct {
	CPUs        float64  `yaml:"cpus"`
	Memory      ByteSize `yaml:"memory"`
	Timeout     Duration `yaml:"timeout"`
	Pids        int64    `yaml:"pids"`
	OutputBytes ByteSize `yaml:"output_bytes"`
	Tmpfs       ByteSize `yaml:"tmpfs"`
	FileSize    ByteSize `yaml:"file_size"`
	Nofile      int64    `yaml:"nofile"`
	Network     string   `yaml:"network"`
	// Runtime is the Docker runtime of the tier's sandboxes: runc (default) or runsc (gVisor).
	Runtime string `yaml:"runtime"`
	// Grants are the run-time capabilities the tier allows: process, network, native_code.
	Grants []string `yaml:"grants"`
	// Enforce lists the run-time enforcement layers: seccomp and audit_hook (both when omitted).
	Enforce *[]string `yaml:"enforce"`
	// Profile is the image profile of the tier's sandboxes: base (default) or data, whose image
	// is runner.image with -data appended to its tag.
	Profile string `yaml:"profile"`
	// Profiles are further image profiles the policy may choose for the tier's runs (the
	// decision's profile); the tier's own profile is always among them.
	Profiles []string `yaml:"profiles"`
}

// AllowedProfiles are the image profiles a decision granting the tier may carry, as Limits
// writes them ("" is base), sorted.
func (t Tier) AllowedProfiles() []string {
	out := []string{strings.TrimPrefix(t.Profile, "base")}
	for _, p := range t.Profiles {
		out = append(out, strings.TrimPrefix(p, "base"))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// KnownProfiles are the image profiles a tier may name ("" is base).
var KnownProfiles = []string{"", "base", "data"}

// Limits are a tier's concrete numbers, as the decision, the runner and the log carry them.
// The first five JSON names are in the user contract (docs/contract.md); the sandbox settings
// after them are written only when they differ from the defaults.
type Limits struct {
	CPUs          float64 `json:"cpus"`
	MemoryBytes   int64   `json:"memory_bytes"`
	TimeoutMS     int64   `json:"timeout_ms"`
	Pids          int64   `json:"pids"`
	Network       string  `json:"network"`
	OutputBytes   int64   `json:"output_bytes"`
	TmpfsBytes    int64   `json:"tmpfs_bytes"`
	FileSizeBytes int64   `json:"file_size_bytes"`
	Nofile        int64   `json:"nofile"`
	Runtime       string  `json:"runtime,omitempty"`
	Grants        Grants  `json:"grants,omitempty"`
	Enforce       Layers  `json:"enforce,omitempty"` // the layers on; omitted when all are
	Profile       string  `json:"profile,omitempty"` // the image profile; omitted for base
}

// Limits converts the tier to concrete numbers. The tier must have been validated.
func (t Tier) Limits() Limits {
	grants, _ := ParseGrants(t.Grants)
	var off Layers
	if t.Enforce != nil {
		off, _ = EnforceLayers(*t.Enforce)
	}
	return Limits{
		CPUs:          t.CPUs,
		MemoryBytes:   int64(t.Memory),
		TimeoutMS:     t.Timeout.Milliseconds(),
		Pids:          t.Pids,
		Network:       t.Network,
		OutputBytes:   int64(t.OutputBytes),
		TmpfsBytes:    int64(t.Tmpfs),
		FileSizeBytes: int64(t.FileSize),
		Nofile:        t.Nofile,
		Runtime:       t.Runtime,
		Grants:        grants,
		Enforce:       off,
		Profile:       strings.TrimPrefix(t.Profile, "base"),
	}
}

// Modules are the operator's module tables, used by the analyzer.
type Modules struct {
	// Allow lists the modules programs may import. An entry admits the module and its submodules
	// ("json" admits "json.decoder"); anything not listed is reported as not allowed.
	Allow []string `yaml:"allow"`
	// Deny lists submodules that stay forbidden although a parent package is allowed
	// ("logging" is allowed, "logging.config" is not). Each entry must lie inside an allowed module.
	Deny []string `yaml:"deny"`
	// Capabilities maps a module (or "module.attribute") to the capabilities it reaches.
	Capabilities map[string][]string `yaml:"capabilities"`
	// DeniedAttributes lists attributes that stay denied inside allowed modules.
	DeniedAttributes map[string][]string `yaml:"denied_attributes"`
	// DeniedMethods lists methods of the objects an allowed module hands out (event loops,
	// connections) that stay denied: loop.subprocess_shell, conn.load_extension. They are matched by
	// name on objects the analyzer cannot otherwise identify, in programs that import the module.
	DeniedMethods map[string][]string `yaml:"denied_methods"`
	// Profiles are the modules of an image profile's packages (numpy, pandas, ... for data):
	// admitted only for a program that the policy sends to a tier offering the profile. A program
	// importing one needs that profile (its report says so), and the static layer judges it
	// against the profile's reviewed API (config/module_api_data.*).
	Profiles map[string]ProfileModules `yaml:"profiles"`
}

// ProfileModules are the modules an image profile admits beyond Allow: its packages, and which
// of their submodules stay forbidden. An entry admits its public submodules, those the profile's
// reviewed API table lists.
type ProfileModules struct {
	Allow []string `yaml:"allow"`
	Deny  []string `yaml:"deny"`
}

// WithProfile returns the module tables of a program of the image profile: Allow and Deny with
// the profile's own added. The base profile (or one without modules) returns m unchanged.
func (m Modules) WithProfile(profile string) Modules {
	pm, ok := m.Profiles[profile]
	if !ok {
		return m
	}
	m.Allow = append(slices.Clone(m.Allow), pm.Allow...)
	m.Deny = append(slices.Clone(m.Deny), pm.Deny...)
	return m
}

// ProfileOf is the image profile whose modules admit module ("" when none does, or when the base
// allowlist does).
func (m Modules) ProfileOf(module string) string {
	for _, name := range slices.Sorted(maps.Keys(m.Profiles)) {
		pm := Modules{Allow: m.Profiles[name].Allow}
		if pm.allowListed(module) {
			return name
		}
	}
	return ""
}

// Server configures `sbxgate serve`.
type Server struct {
	Listen            string   `yaml:"listen"`
	MaxBodyBytes      ByteSize `yaml:"max_body_bytes"`
	RatePerMinute     int      `yaml:"rate_per_minute"` // per principal
	MaxConcurrentRuns int      `yaml:"max_concurrent_runs"`
	// MaxConnections bounds the connections open at once, and MaxConnectionsPerAddress those from
	// one client address (an IPv6 client by its /64): a connection past either is reset as it is
	// accepted, before anything is read from it. 0 takes the default.
	MaxConnections           int     `yaml:"max_connections"`
	MaxConnectionsPerAddress int     `yaml:"max_connections_per_address"`
	Tokens                   []Token `yaml:"tokens"`
}

// Defaults of server.max_connections and server.max_connections_per_address.
const (
	DefaultMaxConnections           = 1024
	DefaultMaxConnectionsPerAddress = 64
)

// ConnectionLimits returns server.max_connections and server.max_connections_per_address with the
// defaults filled in; the limit per address is never above the total.
func (s Server) ConnectionLimits() (total, perAddress int) {
	total, perAddress = s.MaxConnections, s.MaxConnectionsPerAddress
	if total == 0 {
		total = DefaultMaxConnections
	}
	if perAddress == 0 {
		perAddress = DefaultMaxConnectionsPerAddress
	}
	return total, min(perAddress, total)
}

// Token maps a bearer token, stored as its SHA-256, to a principal.
type Token struct {
	SHA256    string   `yaml:"sha256"`
	Principal string   `yaml:"principal"`
	Roles     []string `yaml:"roles"` // "auditor" reads every principal's audit records
}

// Capabilities the analyzer and the policy know. A config naming another is refused, since a
// misspelt capability would silently never match.
var KnownCapabilities = []string{
	"process", "filesystem", "network", "native_code", "dynamic_code", "introspection",
	"builtins_access", "private_module_attribute", "name_resolution", "code_runner",
	"monkeypatching", "interactive", "format_traversal", "source_trick", "import",
	"environment", "threading", "serialization", "unreviewed_api",
}

// Load reads and validates the config at path, or the embedded default when path is "".
func Load(path string) (*Config, error) {
	c, _, err := LoadBytes(path)
	return c, err
}

// LoadBytes is Load that also returns the file's bytes, for a process that hands the same config
// to another.
func LoadBytes(path string) (*Config, []byte, error) {
	data, source := DefaultYAML(), "embedded"
	if path != "" {
		var err error
		if data, err = os.ReadFile(path); err != nil {
			return nil, nil, fmt.Errorf("config: %w: pass an existing sandbox.yaml to --config", err)
		}
		source = path
	}
	var c *Config
	var err error
	if path == "" {
		c, err = parseDefault(data)
	} else {
		c, err = Parse(data, source)
	}
	if err != nil {
		return nil, nil, err
	}
	return c, data, nil
}

// Default returns the embedded default config. It panics only if the shipped file is broken,
// which a test prevents.
func Default() *Config {
	c, err := parseDefault(defaultYAML)
	if err != nil {
		panic(err)
	}
	return c
}

// Parse decodes data strictly and validates the result.
func Parse(data []byte, source string) (*Config, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var c Config
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("config %s: %s: fix the file (see config/sandbox.yaml for the schema)", source, oneLine(err))
	}
	c.Source = source
	if err := c.Validate(); err != nil {
		// One line for the user, however many problems the file has.
		return nil, fmt.Errorf("config %s: %s", source, strings.ReplaceAll(err.Error(), "\n", "; "))
	}
	return &c, nil
}

// Validate checks the config as a whole. It is called by Parse; callers that build a Config in code
// call it themselves.
func (c *Config) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if c.Version != 1 {
		bad("version %d is not supported: set version: 1", c.Version)
	}
	if c.Runner.Image == "" {
		bad("runner.image is empty: name the local image, e.g. sbxgate-runner:bookworm")
	}
	if c.Runner.PoolSize < 0 || c.Runner.PoolSize > 64 {
		bad("runner.pool_size %d is out of range: use 0 to 64", c.Runner.PoolSize)
	}
	if c.Runner.MaxConcurrent < 1 || c.Runner.MaxConcurrent > 256 {
		bad("runner.max_concurrent %d is out of range: use 1 to 256", c.Runner.MaxConcurrent)
	}
	if u, err := ParseUIDRange(c.Runner.UIDs); err != nil {
		bad("runner.uids: %v", err)
	} else if need := c.Runner.MaxConcurrent + c.Runner.PoolSize*len(c.Tiers); u.Size() < 2*need {
		// Two ids a sandbox: process 1's and the program's.
		bad("runner.uids: %d ids for up to %d sandboxes at once, two each: widen the range", u.Size(), need)
	}
	if c.Runner.IdleTimeout.Duration < 0 {
		bad("runner.idle_timeout must not be negative")
	}
	switch c.Audit.StoreCode {
	case "always", "on_deny", "never":
	default:
		bad("audit.store_code %q is not one of always, on_deny, never", c.Audit.StoreCode)
	}
	if err := c.Audit.CodeBudget.validate(); err != nil {
		errs = append(errs, err)
	}
	if len(c.Tiers) == 0 {
		bad("tiers is empty: define at least one tier")
	}
	for _, name := range c.TierNames() {
		if err := c.Tiers[name].validate(); err != nil {
			bad("tiers.%s: %v", name, err)
		}
		if name == "none" {
			bad("tiers.none: the name none is reserved for denials: rename the tier")
		}
	}
	known := map[string]bool{}
	for _, k := range KnownCapabilities {
		known[k] = true
	}
	for mod, caps := range c.Modules.Capabilities {
		for _, cp := range caps {
			if !known[cp] {
				bad("modules.capabilities.%s: unknown capability %q: use one of %s", mod, cp, strings.Join(KnownCapabilities, ", "))
			}
		}
	}
	for _, m := range c.Modules.Allow {
		if !isDottedName(m) {
			bad("modules.allow: %q is not a module name", m)
		}
	}
	for _, m := range c.Modules.Deny {
		switch {
		case !isDottedName(m):
			bad("modules.deny: %q is not a module name", m)
		case !c.Modules.allowListed(m):
			bad("modules.deny: %q is not inside an allowed module: remove it, modules not in allow are already denied", m)
		}
	}
	for key := range c.Modules.Capabilities {
		if !isDottedName(key) {
			bad("modules.capabilities: %q is not a module or module.attribute name", key)
		}
	}
	for mod, attrs := range c.Modules.DeniedAttributes {
		if !isDottedName(mod) {
			bad("modules.denied_attributes: %q is not a module name", mod)
		}
		for _, a := range attrs {
			if !isDottedName(a) || strings.Contains(a, ".") {
				bad("modules.denied_attributes.%s: %q is not an attribute name", mod, a)
			}
		}
	}
	for mod, methods := range c.Modules.DeniedMethods {
		if !isDottedName(mod) {
			bad("modules.denied_methods: %q is not a module name", mod)
		}
		for _, a := range methods {
			if !isDottedName(a) || strings.Contains(a, ".") {
				bad("modules.denied_methods.%s: %q is not a method name", mod, a)
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(c.Modules.Profiles)) {
		pm := c.Modules.Profiles[name]
		if name == "" || name == "base" || !slices.Contains(KnownProfiles, name) {
			bad("modules.profiles: %q is not an image profile with packages: use data", name)
			continue
		}
		pkgs := ProfilePackages(name)
		for _, m := range pm.Allow {
			top, _, _ := strings.Cut(m, ".")
			switch {
			case !isDottedName(m):
				bad("modules.profiles.%s.allow: %q is not a module name", name, m)
			case !slices.Contains(pkgs, top):
				bad("modules.profiles.%s.allow: %s is not in a package the %s image ships (%s)", name, m, name, strings.Join(pkgs, ", "))
			case c.Modules.allowListed(m):
				bad("modules.profiles.%s.allow: %s is already in modules.allow", name, m)
			}
		}
		in := Modules{Allow: pm.Allow}
		for _, m := range pm.Deny {
			if !isDottedName(m) || !in.allowListed(m) {
				bad("modules.profiles.%s.deny: %q is not inside a module of the profile's allow", name, m)
			}
		}
	}
	for key, l := range map[string]FileLimits{"in": c.Files.In, "out": c.Files.Out} {
		if err := l.validate(key); err != nil {
			errs = append(errs, err)
		}
	}
	if c.Server.MaxBodyBytes < 0 || c.Server.RatePerMinute < 0 || c.Server.MaxConcurrentRuns < 0 ||
		c.Server.MaxConnections < 0 || c.Server.MaxConnectionsPerAddress < 0 {
		bad("server: limits must not be negative")
	}
	for i, t := range c.Server.Tokens {
		if len(t.SHA256) != 64 || strings.Trim(t.SHA256, "0123456789abcdef") != "" {
			bad("server.tokens[%d].sha256 is not 64 lowercase hex digits: store sha256(token), never the token", i)
		}
		if t.Principal == "" {
			bad("server.tokens[%d].principal is empty", i)
		}
		for _, r := range t.Roles {
			if r != "auditor" {
				bad("server.tokens[%d].roles: unknown role %q: the only role is auditor", i, r)
			}
		}
	}
	return errors.Join(errs...)
}

func (t Tier) validate() error {
	switch {
	case t.CPUs <= 0 || t.CPUs > 64:
		return fmt.Errorf("cpus %g is out of range: use a number above 0, at most 64", t.CPUs)
	case t.Memory < 16<<20:
		return fmt.Errorf("memory %d is below 16MiB: Python needs more to start", int64(t.Memory))
	case t.Timeout.Duration <= 0:
		return errors.New("timeout must be positive, e.g. 30s")
	case t.Pids < 8:
		return fmt.Errorf("pids %d is below 8: Python needs a few", t.Pids)
	case t.OutputBytes <= 0:
		return errors.New("output_bytes must be positive, e.g. 1MiB")
	case t.Tmpfs <= 0:
		return errors.New("tmpfs must be positive, e.g. 16MiB")
	case t.FileSize <= 0:
		return errors.New("file_size must be positive, e.g. 4MiB")
	case t.Nofile < 16:
		return fmt.Errorf("nofile %d is below 16: Python needs a few descriptors", t.Nofile)
	case t.Network != "none":
		return fmt.Errorf("network %q is not supported: use none (network allowlists are not implemented)", t.Network)
	case !slices.Contains(knownRuntimes, t.Runtime):
		return fmt.Errorf("runtime %q is not one of runc, runsc", t.Runtime)
	case !slices.Contains(KnownProfiles, t.Profile):
		return fmt.Errorf("profile %q is not one of base, data", t.Profile)
	}
	for _, p := range t.Profiles {
		if p == "" || !slices.Contains(KnownProfiles, p) {
			return fmt.Errorf("profiles: %q is not one of base, data", p)
		}
	}
	if _, err := ParseGrants(t.Grants); err != nil {
		return fmt.Errorf("grants: %w", err)
	}
	if t.Enforce != nil {
		if _, err := EnforceLayers(*t.Enforce); err != nil {
			return fmt.Errorf("enforce: %w", err)
		}
	}
	return nil
}

// TierNames returns the tier names, sorted.
func (c *Config) TierNames() []string {
	names := make([]string, 0, len(c.Tiers))
	for n := range c.Tiers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ModuleAllowed reports whether the allowlist admits module (or a parent package of it) and the
// deny list does not take it (or a parent package of it) back.
func (m *Modules) ModuleAllowed(module string) bool {
	if !m.allowListed(module) {
		return false
	}
	for _, d := range m.Deny {
		if module == d || strings.HasPrefix(module, d+".") {
			return false
		}
	}
	return true
}

func (m *Modules) allowListed(module string) bool {
	for _, a := range m.Allow {
		if module == a || strings.HasPrefix(module, a+".") {
			return true
		}
	}
	return false
}

// isDottedName reports whether s is a dotted Python name (ASCII identifiers joined by dots).
func isDottedName(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if part == "" || part[0] >= '0' && part[0] <= '9' {
			return false
		}
		for i := 0; i < len(part); i++ {
			c := part[i]
			if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				return false
			}
		}
	}
	return true
}

func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}
