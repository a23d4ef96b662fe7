package analyzer

import (
	"errors"
	"fmt"
	"regexp"
	"slices"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/config"
)

// Check is one rule of the catalogue. Checks are values in the registry table below, validated at
// start-up; they report findings through the pass and never walk the tree themselves.
type Check struct {
	ID         string // SBX1xx imports, SBX2xx dynamic code, SBX3xx introspection, ...
	Doc        string
	Capability string // default capability of its findings; config-driven checks may report others
	Severity   string // low, medium, high, critical
	CWE        int
	Hint       string   // one line a person or an LLM can act on
	Nodes      []string // ast node types (NodeType()) the check wants; "Module" for whole-source checks
	// Unresolved lists the node kinds among Nodes (Name, Attribute, Call, Subscript) for which
	// the check also wants the nodes that refer to nothing the analysis knows: a local variable,
	// self.x, a method of a local object, items[0] (see pass.dispatch). Most nodes are such, and
	// most checks look only at what a node refers to, so they are not called for them. A check
	// that reads the node itself (a name's spelling, an attribute's name, a constant key) lists
	// its kind.
	Unresolved []string
	Run        func(p *pass, n ast.Node)
}

// families maps an ID's hundreds digit to its family, as the catalogue fixes them.
var families = map[byte]string{
	'1': "imports", '2': "dynamic code", '3': "introspection", '4': "builtins access",
	'5': "module internals and name resolvers", '6': "code runners, interactive use, monkeypatching",
	'7': "string tricks", '8': "source-level tricks",
}

var (
	idPattern  = regexp.MustCompile(`^SBX[1-8][0-9]{2}$`)
	severities = map[string]bool{"low": true, "medium": true, "high": true, "critical": true}
)

// Node kinds a check may ask for, by NodeType name. Dispatch uses kindOf, a type switch, rather
// than the name, since it runs for every node.
const (
	kNone = iota
	kModule
	kImport
	kImportFrom
	kCall
	kAttribute
	kName
	kSubscript
	kAssign
	kAugAssign
	kAnnAssign
	kDelete
	kMatchMapping
	kNameUnresolved      // a Name that refers to nothing known: routed only to Unresolved checks
	kAttributeUnresolved // an Attribute whose value and itself refer to nothing known: the same
	kCallUnresolved      // a Call whose function and its object refer to nothing known: the same
	kSubscriptUnresolved // a Subscript whose value and itself refer to nothing known: the same
	numKinds
)

var kindIndex = map[string]int{
	"Module": kModule, "Import": kImport, "ImportFrom": kImportFrom, "Call": kCall, "Attribute": kAttribute,
	"Name": kName, "Subscript": kSubscript, "Assign": kAssign, "AugAssign": kAugAssign, "AnnAssign": kAnnAssign,
	"Delete": kDelete, "MatchMapping": kMatchMapping,
}

var nodeTypes = func() map[string]bool {
	m := map[string]bool{}
	for k := range kindIndex {
		m[k] = true
	}
	return m
}()

// unresolvedKind is, for the kinds that have one, the kind of their nodes that refer to nothing
// known (Check.Unresolved).
var unresolvedKind = [numKinds]int{
	kName: kNameUnresolved, kAttribute: kAttributeUnresolved, kCall: kCallUnresolved, kSubscript: kSubscriptUnresolved,
}

func kindOf(n ast.Node) int {
	switch n.(type) {
	case *ast.Module:
		return kModule
	case *ast.Import:
		return kImport
	case *ast.ImportFrom:
		return kImportFrom
	case *ast.Call:
		return kCall
	case *ast.Attribute:
		return kAttribute
	case *ast.Name:
		return kName
	case *ast.Subscript:
		return kSubscript
	case *ast.Assign:
		return kAssign
	case *ast.AugAssign:
		return kAugAssign
	case *ast.AnnAssign:
		return kAnnAssign
	case *ast.Delete:
		return kDelete
	case *ast.MatchMapping:
		return kMatchMapping
	}
	return kNone
}

// validateChecks checks the registry table: unique well-formed IDs, known capability and severity,
// non-empty doc and hint, known node types and a Run function.
func validateChecks(checks []*Check) error {
	var errs []error
	seen := map[string]bool{}
	known := map[string]bool{}
	for _, c := range config.KnownCapabilities {
		known[c] = true
	}
	for i, c := range checks {
		bad := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("check %d (%s): %s", i, c.ID, fmt.Sprintf(format, args...)))
		}
		switch {
		case !idPattern.MatchString(c.ID):
			bad("ID is not SBX followed by three digits in families 1 to 8")
		case seen[c.ID]:
			bad("duplicate ID")
		}
		seen[c.ID] = true
		if len(c.ID) == 6 {
			if _, ok := families[c.ID[3]]; !ok {
				bad("unknown family")
			}
		}
		if c.Doc == "" || c.Hint == "" {
			bad("empty doc or hint")
		}
		if !known[c.Capability] {
			bad("unknown capability %q", c.Capability)
		}
		if !severities[c.Severity] {
			bad("severity %q is not low, medium, high or critical", c.Severity)
		}
		if c.CWE <= 0 {
			bad("no CWE")
		}
		if len(c.Nodes) == 0 {
			bad("asks for no node types")
		}
		for _, k := range c.Nodes {
			if !nodeTypes[k] {
				bad("unknown node type %q", k)
			}
		}
		for _, k := range c.Unresolved {
			if unresolvedKind[kindIndex[k]] == kNone || !slices.Contains(c.Nodes, k) {
				bad("unresolved %q is not one of its node types Name, Attribute, Call or Subscript", k)
			}
		}
		if c.Run == nil {
			bad("no Run function")
		}
	}
	return errors.Join(errs...)
}

// registry is the catalogue (notes: analyzer_rules.md). IDs are fixed once used.
var registry = []*Check{
	{ID: "SBX100", Capability: "import", Severity: "medium", CWE: 829,
		Doc:   "import (static, or dynamic with a statically known name) of a module outside the config allowlist, or a relative import",
		Hint:  "use only allowed standard-library modules (see modules.allow in sandbox.yaml); the sandbox has no third-party packages",
		Nodes: []string{"Import", "ImportFrom"}, Run: runSBX100},
	{ID: "SBX101", Capability: "process", Severity: "critical", CWE: 829,
		Doc:   "use of a module or module attribute that the config's capability map marks (import subprocess, os.system, from os import system, socket.socket, ctypes.CDLL), or an opaque use of a module that has such attributes",
		Hint:  "do the work in pure Python: no processes, network or native code are available in the sandbox",
		Nodes: []string{"Import", "ImportFrom", "Call", "Subscript", "Attribute", "Name"}, Run: runSBX101},
	{ID: "SBX102", Capability: "import", Severity: "high", CWE: 829,
		Doc:   "attribute denied inside an allowed module (modules.denied_attributes: asyncio.create_subprocess_shell, asyncio.open_connection)",
		Hint:  "use the module's computational parts only; its process and network entry points are denied",
		Nodes: []string{"ImportFrom", "Attribute", "Call", "Subscript"}, Unresolved: []string{"Attribute"}, Run: runSBX102},
	{ID: "SBX103", Capability: "import", Severity: "high", CWE: 829,
		Doc:   "dynamic import with a statically resolved name: __import__, importlib.import_module, importlib internals, pkgutil and runpy loaders, __loader__.load_module, sys.modules lookups",
		Hint:  "use a plain import statement at the top of the program",
		Nodes: []string{"Call", "Subscript"}, Run: runSBX103},
	{ID: "SBX104", Capability: "import", Severity: "high", CWE: 829,
		Doc:   "dynamic import whose module name is not statically computable",
		Hint:  "use a plain import statement at the top of the program",
		Nodes: []string{"Call", "Subscript", "Name", "Attribute"}, Run: runSBX104},
	{ID: "SBX105", Capability: "import", Severity: "high", CWE: 829,
		Doc:   "wildcard import of a module that has capabilities or dangerous attributes (from os import *)",
		Hint:  "import the names you need explicitly (from os.path import join)",
		Nodes: []string{"ImportFrom"}, Run: runSBX105},

	{ID: "SBX201", Capability: "dynamic_code", Severity: "critical", CWE: 95,
		Doc:   "eval, exec or compile, including through aliases (e = eval), builtins access (builtins.exec) and getattr(builtins, \"exec\")",
		Hint:  "write the code directly instead of evaluating strings; for data use json.loads or ast.literal_eval",
		Nodes: []string{"ImportFrom", "Call", "Name", "Attribute", "Subscript"}, Run: runSBX201},
	{ID: "SBX202", Capability: "dynamic_code", Severity: "critical", CWE: 94,
		Doc:   "code object construction or mutation: types.CodeType, types.FunctionType, code.replace, __code__ assignment",
		Hint:  "define functions with def or lambda",
		Nodes: []string{"Call", "Attribute", "Subscript", "Name"}, Unresolved: []string{"Attribute", "Call"}, Run: runSBX202},
	{ID: "SBX203", Capability: "serialization", Severity: "critical", CWE: 502,
		Doc:   "deserialisation that can run code: pickle.loads/load/Unpickler, marshal.loads, shelve, dill, yaml.load",
		Hint:  "serialise data with json (json.dumps/json.loads)",
		Nodes: []string{"Attribute", "Call", "Subscript", "Name"}, Run: runNaming("SBX203")},

	{ID: "SBX301", Capability: "introspection", Severity: "high", CWE: 470,
		Doc:   "dunder attribute that walks the object graph: __subclasses__, __globals__, __builtins__, __code__, __closure__, __base__/__bases__/__mro__, __dict__ of modules, __getattribute__, __reduce__/__reduce_ex__, __loader__, __spec__, __import__, __self__",
		Hint:  "use the object's public interface; type(x).__name__ and x.__class__ are fine",
		Nodes: []string{"Attribute", "Name", "Subscript", "Call"}, Unresolved: []string{"Attribute", "Call", "Subscript"}, Run: runSBX301},
	{ID: "SBX302", Capability: "introspection", Severity: "high", CWE: 470,
		Doc:   "frame and traceback attributes: f_globals, f_locals, f_back, f_builtins, f_code, gi_frame, cr_frame, ag_frame, tb_frame, tb_next",
		Hint:  "report errors with traceback.format_exc() instead of walking frames",
		Nodes: []string{"Attribute", "Call", "Subscript"}, Unresolved: []string{"Attribute", "Call", "Subscript"}, Run: runSBX302},
	{ID: "SBX303", Capability: "introspection", Severity: "high", CWE: 470,
		Doc:   "introspection APIs: sys._getframe, sys.modules, sys.settrace/setprofile, inspect.*, gc.get_objects/get_referrers/get_referents",
		Hint:  "pass the values you need as arguments instead of inspecting the interpreter",
		Nodes: []string{"Attribute", "Call", "Subscript", "Name"}, Run: runNaming("SBX303")},

	{ID: "SBX401", Capability: "builtins_access", Severity: "critical", CWE: 470,
		Doc:   "the builtins module or __builtins__: import builtins, __builtins__.__dict__, __builtins__[\"__import__\"]",
		Hint:  "call builtins directly by name (len, print); never through the builtins module",
		Nodes: []string{"Import", "ImportFrom", "Name", "Call", "Subscript"}, Unresolved: []string{"Name", "Call", "Subscript"}, Run: runSBX401},
	{ID: "SBX402", Capability: "builtins_access", Severity: "high", CWE: 470,
		Doc:   "vars(), globals(), locals(), and dir() of modules, used to fetch names",
		Hint:  "refer to names directly; vars(obj) of your own objects is fine",
		Nodes: []string{"Call", "Name", "Attribute"}, Run: runSBX402},
	{ID: "SBX403", Capability: "builtins_access", Severity: "high", CWE: 470,
		Doc:   "getattr/delattr with a computed name, getattr/setattr/delattr/hasattr with a dunder name, object.__getattribute__(x, name) with a computed name, or getattr passed as a value",
		Hint:  "use obj.name, or getattr(obj, \"name\") with a constant name, or a dict of allowed handlers",
		Nodes: []string{"Call", "Name", "Attribute"}, Unresolved: []string{"Call"}, Run: runSBX403},

	{ID: "SBX501", Capability: "private_module_attribute", Severity: "high", CWE: 470,
		Doc:   "private attribute of a standard-library module (random._os, os._wrap_close), from the generated module-attribute table",
		Hint:  "use the module's public API",
		Nodes: []string{"ImportFrom", "Attribute", "Call"}, Unresolved: []string{"Call"}, Run: runSBX501},
	{ID: "SBX502", Capability: "private_module_attribute", Severity: "high", CWE: 829,
		Doc:   "public attribute of a module that is itself a module outside the allowlist (per the generated table: a module reachable as an attribute)",
		Hint:  "import the modules you use directly; modules reached through other modules' attributes are checked like imports",
		Nodes: []string{"ImportFrom", "Attribute", "Call"}, Unresolved: []string{"Call"}, Run: runSBX502},
	{ID: "SBX503", Capability: "name_resolution", Severity: "high", CWE: 470,
		Doc:   "name resolvers: pydoc.locate, pkgutil.resolve_name, importlib.util.resolve_name, logging.config, unittest.mock.patch, operator.attrgetter/methodcaller with dunder, private or computed paths",
		Hint:  "refer to objects directly instead of resolving dotted names",
		Nodes: []string{"Attribute", "Call", "Subscript", "Name"}, Run: runSBX503},

	{ID: "SBX601", Capability: "code_runner", Severity: "high", CWE: 94,
		Doc:   "code runners: timeit with a string statement, code.InteractiveConsole/interact, cProfile.run, profile.run, pdb.run*, trace.Trace, doctest",
		Hint:  "call the code directly; time it with time.perf_counter() or timeit with a callable",
		Nodes: []string{"Attribute", "Call", "Subscript", "Name"}, Run: runSBX601},
	{ID: "SBX602", Capability: "interactive", Severity: "high", CWE: 489,
		Doc:   "interactive helpers: breakpoint(), help(), pdb.set_trace",
		Hint:  "remove debugging hooks; the sandbox has no terminal (input() from stdin is fine)",
		Nodes: []string{"Attribute", "Call", "Subscript", "Name"}, Run: runSBX602},
	{ID: "SBX603", Capability: "monkeypatching", Severity: "high", CWE: 471,
		Doc:   "assignment to attributes of modules or builtins (os.system = ..., builtins.open = ..., sys.modules[...] = ..., __builtins__.x = ...), setattr/delattr on modules, updates of module dicts",
		Hint:  "wrap the function in your own code instead of replacing module attributes",
		Nodes: []string{"Attribute", "Subscript", "Call"}, Run: runSBX603},

	{ID: "SBX701", Capability: "format_traversal", Severity: "high", CWE: 134,
		Doc:   "str.format / format_map / string.Formatter with a field that traverses attributes or items (\"{0.__class__.__init__.__globals__}\")",
		Hint:  "use f-strings or plain {} / {name} fields",
		Nodes: []string{"Call", "Attribute"}, Unresolved: []string{"Attribute", "Call"}, Run: runSBX701},
	{ID: "SBX702", Capability: "dynamic_code", Severity: "critical", CWE: 506,
		Doc:   "strings decoded at run time (base64, codecs, bytes.fromhex, rot13, zlib) feeding eval/exec/compile/__import__/getattr",
		Hint:  "write code and names in the clear",
		Nodes: []string{"Call"}, Run: runSBX702},

	{ID: "SBX801", Capability: "source_trick", Severity: "medium", CWE: 838,
		Doc:   "non-UTF-8 coding declaration (latin-1 and the like); other codecs are refused as EncodingError",
		Hint:  "save the program as UTF-8 without a coding line",
		Nodes: []string{"Module"}, Run: runSBX801},
	{ID: "SBX802", Capability: "source_trick", Severity: "medium", CWE: 838,
		Doc:   "odd line endings: lone CR, mixed line endings, form feed in indentation",
		Hint:  "use \\n line endings and spaces for indentation",
		Nodes: []string{"Module"}, Run: runSBX802},
	{ID: "SBX803", Capability: "source_trick", Severity: "medium", CWE: 1007,
		Doc:   "Unicode look-alikes: an identifier whose NFKC form differs from its spelling, or a non-ASCII identifier confusable with a builtin, keyword or module name",
		Hint:  "spell identifiers in ASCII",
		Nodes: []string{"Module"}, Run: runSBX803},
	{ID: "SBX804", Capability: "source_trick", Severity: "medium", CWE: 1007,
		Doc:   "bidirectional control or invisible characters in the source (Trojan Source, CVE-2021-42574)",
		Hint:  "remove bidirectional control and zero-width characters",
		Nodes: []string{"Module"}, Run: runSBX804},
}
