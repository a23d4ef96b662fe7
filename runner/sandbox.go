package runner

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sbxgate/sbxgate/config"
)

// The sandbox's process 1 (sandbox/init.py) travels with the binary: it is handed to the
// interpreter with -c, so an image never runs an init older or newer than the runner speaking
// to it. The image only needs python3 and Debian's python3-seccomp and python3-prctl.
//
//go:embed sandbox/init.py
var initPy string

// The sandbox's C extension (sandbox/sbxgate.c): the audit hook and Landlock. The image build
// compiles it; the image's label names this source's hash, and the runner refuses an image built
// from another.
//
//go:embed sandbox/sbxgate.c
var extensionSource []byte

// extensionTag identifies extensionSource in the image's labels.
var extensionTag = func() string {
	sum := sha256.Sum256(extensionSource)
	return "ext-" + hex.EncodeToString(sum[:8])
}()

// The containers' seccomp profile, sbxgate's own (an allowlist; see its comment).
//
//go:embed sandbox/seccomp.json
var defaultProfile []byte

const defaultProfileName = "sbxgate-default"

// profile is a loaded container seccomp profile.
type profile struct {
	name   string
	sha256 string
	json   string // compact, as the daemon receives it in SecurityOpt
}

// loadProfile reads the configured profile, or the embedded one for "".
func loadProfile(path string) (profile, error) {
	name, raw := defaultProfileName, defaultProfile
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return profile{}, fmt.Errorf("seccomp profile: %w: fix runner.seccomp_profile", err)
		}
		name, raw = filepath.Base(path), b
	}
	var doc struct {
		DefaultAction string `json:"defaultAction"`
		Syscalls      []struct {
			Names  []string `json:"names"`
			Action string   `json:"action"`
		} `json:"syscalls"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return profile{}, fmt.Errorf("seccomp profile %s: %w: it must be a Docker seccomp profile (JSON)", name, err)
	}
	if doc.DefaultAction == "" || doc.DefaultAction == "SCMP_ACT_ALLOW" || len(doc.Syscalls) == 0 {
		return profile{}, fmt.Errorf("seccomp profile %s: its default action is %q: sbxgate takes only allowlists (a default that refuses)", name, doc.DefaultAction)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return profile{}, fmt.Errorf("seccomp profile %s: %w", name, err)
	}
	sum := sha256.Sum256(raw)
	return profile{name: name, sha256: hex.EncodeToString(sum[:]), json: compact.String()}, nil
}

// sandboxPolicy is what every sandbox's init needs from the operator's config: the module tables
// its audit hook checks imports against, and the native code it may load up front.
type sandboxPolicy struct {
	allow, deny   []string
	modcaps       map[string][]string
	nativeModules []string // ctypes, _ctypes, cffi: never loaded unless native_code is granted
	// basePreload is what every sandbox loads before it knows its program: the native code of
	// the whole allowlist, except what is costly to load and only needed by a program that
	// imports it (see heavyNative). Library code imports lazily (argparse imports shutil, which
	// loads _lzma, when it formats help), so a program's own imports do not say all it needs.
	basePreload []string
	// allPreload is what the whole allowlist needs, for a request that does not say what it
	// imports.
	allPreload []string
	idleMS     int64
	// profile is the image's profile; profileAll the native modules of every package it ships
	// that the allowlist admits, which a warm container loads (and a request that does not say
	// what it imports), and profileNeeds the modules of nativeModules its packages import
	// themselves (numpy imports ctypes), which must be in memory whatever the grants.
	profile      string
	profileAll   []string
	profileNeeds []string
	// profileModules are the modules each image profile admits (modules.profiles).
	profileModules map[string]config.ProfileModules
}

// withProfile adds what the image profile's packages need.
func (p *sandboxPolicy) withProfile(profile string) error {
	p.profile = profile
	// The image's packages are admitted to its programs' imports as the static layer admitted
	// them (modules.profiles).
	pm := p.profileModules[profile]
	p.allow = slices.Concat(p.allow, pm.Allow)
	p.deny = slices.Concat(p.deny, pm.Deny)
	m := config.Modules{Allow: p.allow, Deny: p.deny}
	var pkgs []string
	for _, pkg := range config.ProfilePackages(profile) {
		if m.ModuleAllowed(pkg) {
			pkgs = append(pkgs, pkg)
		}
	}
	all, err := config.ProfileNativeDeps(profile, pkgs)
	if err != nil {
		return err
	}
	p.profileNeeds = slices.DeleteFunc(slices.Clone(all), func(m string) bool { return !p.isNative(m) })
	p.profileAll = p.preloadable(all, 0)
	p.allPreload = p.preloadable(append(slices.Clone(p.allPreload), all...), 0)
	return nil
}

func (p sandboxPolicy) isNative(m string) bool {
	return slices.Contains(p.nativeModules, m) || slices.Contains(p.nativeModules, strings.TrimPrefix(m, "_"))
}

// heavyNative are extension modules whose loading runs a package of Python code (_asyncio
// imports asyncio: about 90 ms): loaded only for a program that imports them, which pays what
// its own import would have cost.
var heavyNative = []string{"_asyncio"}

func newSandboxPolicy(cfg *config.Config) (sandboxPolicy, error) {
	all, err := cfg.AllowedNativeDeps()
	if err != nil {
		return sandboxPolicy{}, err
	}
	p := sandboxPolicy{
		allow: cfg.RunTimeAllow(), deny: cfg.Modules.Deny, modcaps: map[string][]string{},
		nativeModules: cfg.NativeModules(), idleMS: cfg.Runner.IdleTimeout.Milliseconds(),
		profileModules: cfg.Modules.Profiles,
	}
	// The hook names the capability of a refused import: module entries only, not attributes.
	for m, caps := range cfg.Modules.Capabilities {
		if !strings.Contains(m, ".") || config.IsStdlibModule(m) {
			p.modcaps[m] = caps
		}
	}
	p.allPreload = p.preloadable(all, 0)
	p.basePreload = slices.DeleteFunc(slices.Clone(p.allPreload), func(m string) bool { return slices.Contains(heavyNative, m) })
	return p, nil
}

// programPreload is the native code to load for a program that imports modules: only that of the
// modules the allowlist admits, so that a module the operator did not allow is never in memory
// before the program asks for it (in memory, it would be usable without an import).
func (p sandboxPolicy) programPreload(modules []string, g config.Grants) ([]string, error) {
	m := config.Modules{Allow: p.allow, Deny: p.deny}
	allowed := slices.DeleteFunc(slices.Clone(modules), func(name string) bool { return !m.ModuleAllowed(name) })
	deps, err := config.NativeDeps(allowed)
	if err != nil {
		return nil, err
	}
	pdeps, err := config.ProfileNativeDeps(p.profile, allowed)
	if err != nil {
		return nil, err
	}
	return p.preloadable(append(deps, pdeps...), g), nil
}

// preloadable drops the modules that would hand the program native code it was not granted:
// loaded before the kernel filter, they would stay usable after it. Those the image profile's
// packages import themselves stay (numpy imports ctypes; the sandbox refuses an import of ctypes
// by any caller, so numpy could not load): the program then finds ctypes in memory, and only the
// static layer, the hook's refusal of every ctypes event and the kernel filter stand against it.
func (p sandboxPolicy) preloadable(mods []string, g config.Grants) []string {
	if g&config.GrantNativeCode != 0 {
		return slices.Compact(slices.Sorted(slices.Values(mods)))
	}
	return slices.Compact(slices.Sorted(slices.Values(slices.DeleteFunc(slices.Clone(mods), func(m string) bool {
		return p.isNative(m) && !slices.Contains(p.profileNeeds, m)
	}))))
}

// initConfig is the JSON object sandbox/init.py takes as its argument.
type initConfig struct {
	TimeoutMS     int64               `json:"timeout_ms"`
	IdleMS        int64               `json:"idle_ms"`
	Preload       []string            `json:"preload"`
	Grants        []string            `json:"grants"`
	Seccomp       bool                `json:"seccomp"`
	AuditHook     bool                `json:"audit_hook"`
	Witness       bool                `json:"witness,omitempty"`
	Allow         []string            `json:"allow"`
	Deny          []string            `json:"deny"`
	ModuleCaps    map[string][]string `json:"module_capabilities"`
	NativeModules []string            `json:"native_modules"`
	Workspace     []string            `json:"workspace"`
	// InitUID and ProgramUID are the host user ids process 1 and the program's process become.
	InitUID    int `json:"init_uid"`
	ProgramUID int `json:"program_uid"`
}

func (p sandboxPolicy) initConfig(l config.Limits, warm, witness bool) initConfig {
	c := initConfig{
		TimeoutMS: l.TimeoutMS, Grants: l.Grants.Names(),
		Seccomp: l.Enforce.On(config.LayerSeccomp), AuditHook: l.Enforce.On(config.LayerAuditHook),
		Witness: witness, Allow: p.allow, Deny: p.deny, ModuleCaps: p.modcaps,
		NativeModules: p.nativeModules, Workspace: []string{"/tmp"}, Preload: p.basePreload,
	}
	if warm {
		c.IdleMS = p.idleMS
		c.Preload = append(slices.Clone(p.basePreload), p.profileAll...)
	}
	return c
}

// maxHeaderBytes bounds the header line; process 1 reads no more (MAX_HEADER in sandbox/init.py).
const maxHeaderBytes = 1 << 20

// header is the line the runner writes before the program's bytes.
type header struct {
	Path    string       `json:"path"`
	Size    int          `json:"size"`
	Preload []string     `json:"preload"`
	Files   []headerFile `json:"files"` // their bytes follow the program's, in this order
	Out     headerOut    `json:"out"`
}

type headerFile struct {
	Name string `json:"name"`
	Size int    `json:"size"`
}

// headerOut bounds the artifacts process 1 sends back (files.out).
type headerOut struct {
	MaxCount     int   `json:"max_count"`
	MaxBytes     int64 `json:"max_bytes"`
	MaxFileBytes int64 `json:"max_file_bytes"`
}

// status is the line process 1 writes to standard error when the run is over.
type status struct {
	V          int         `json:"v"`
	ExitCode   int         `json:"exit_code"`
	Signal     int         `json:"signal"`
	TimedOut   bool        `json:"timed_out"`
	Violations []Violation `json:"violations"`
	Landlock   int         `json:"landlock"` // the Landlock ABI applied; 0 none; -1 not asked for
	Error      string      `json:"error"`    // the sandbox could not set the program up
	Reached    []Reached   `json:"reached"`
	WitnessOK  bool        `json:"witness_ok"`
}

// Reached is a system call of a capability that got past every enforcement layer, as the test
// witness saw it (tests only).
type Reached struct {
	Capability string   `json:"capability"`
	Syscall    string   `json:"syscall"`
	Args       []string `json:"args"`
}

// statusHeadroom is how far past Limits.OutputBytes standard error may go before the runner
// kills the container, so the status line after a program that used its whole allowance still
// arrives. init.py bounds the line well below it.
const statusHeadroom = 64 << 10

// outputSignal asks process 1 to end the program for its output and write its status line
// (sandbox/init.py, OUTPUT_SIGNAL); outputGrace is how long the sandbox then has before the runner
// kills it (see execute).
const (
	outputSignal = "SIGUSR1"
	outputGrace  = 2 * time.Second
)

// newNonce is 47 bytes, as sandbox/init.py reads it (NONCE_LEN).
func newNonce() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return "sbxgate-status-" + hex.EncodeToString(b[:])
}

var errNoStatus = errors.New("no status line")

// cutStatus finds process 1's status line at the end of stderr, returns stderr without it, and
// the status. The nonce is sent after the program's process has started and is never readable
// by it, so a line the program printed cannot pass for ours.
func cutStatus(stderr []byte, nonce string) ([]byte, status, error) {
	marker := []byte("\n" + nonce + " ")
	i := bytes.LastIndex(stderr, marker)
	if i < 0 {
		return stderr, status{}, errNoStatus
	}
	line := bytes.TrimSuffix(stderr[i+len(marker):], []byte("\n"))
	var st status
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&st); err != nil {
		return stderr, status{}, fmt.Errorf("status line: %w", err)
	}
	if st.V != 1 {
		return stderr, status{}, fmt.Errorf("status line version %d: rebuild the runner image", st.V)
	}
	if st.Violations == nil {
		st.Violations = []Violation{}
	}
	return stderr[:i], st, nil
}
