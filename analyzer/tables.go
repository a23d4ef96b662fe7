package analyzer

import "strings"

// Data tables of the checks (gosec-style: sinks are data, not code). Names are resolved dotted
// names: what an expression refers to after aliases, getattr with constant names, sys.modules and
// module dicts are seen through (resolve.go).

// namingExact and namingPrefix give the rule for module attributes that are reported where they
// are named: an attribute, getattr with a constant name, `from m import name`, a subscript of a
// module dict. A prefix entry covers the module itself and everything below it.
var namingExact = map[string]string{
	// SBX203 deserialisation that runs code
	"pickle.loads": "SBX203", "pickle.load": "SBX203", "pickle.Unpickler": "SBX203",
	"_pickle.loads": "SBX203", "_pickle.load": "SBX203", "_pickle.Unpickler": "SBX203",
	"marshal.loads": "SBX203", "marshal.load": "SBX203",
	"shelve.open": "SBX203", "shelve.Shelf": "SBX203", "shelve.DbfilenameShelf": "SBX203", "shelve.BsdDbShelf": "SBX203",
	"dill.loads": "SBX203", "dill.load": "SBX203", "cloudpickle.loads": "SBX203", "cloudpickle.load": "SBX203",
	"jsonpickle.decode": "SBX203", "yaml.load": "SBX203", "yaml.unsafe_load": "SBX203", "yaml.full_load": "SBX203",
	"yaml.load_all": "SBX203", "yaml.unsafe_load_all": "SBX203", "pandas.read_pickle": "SBX203",
	"copyreg.constructor": "SBX203",

	// SBX202 code object construction
	"types.CodeType": "SBX202", "types.FunctionType": "SBX202", "types.LambdaType": "SBX202",

	// SBX303 introspection APIs
	"sys._getframe": "SBX303", "sys._current_frames": "SBX303", "sys._current_exceptions": "SBX303",
	"sys.settrace": "SBX303", "sys.setprofile": "SBX303", "sys.call_tracing": "SBX303", "sys.modules": "SBX303",
	"sys.gettrace": "SBX303", "sys.getprofile": "SBX303", "sys._xoptions": "SBX303",
	"sys.meta_path": "SBX303", "sys.path_hooks": "SBX303", "sys.path_importer_cache": "SBX303",
	"threading.settrace": "SBX303", "threading.setprofile": "SBX303", "threading.settrace_all_threads": "SBX303",
	"gc.get_objects": "SBX303", "gc.get_referrers": "SBX303", "gc.get_referents": "SBX303",
	"traceback.walk_stack": "SBX303", "logging.currentframe": "SBX303",
	"asyncio.Task().get_stack": "SBX303", "asyncio.Task().print_stack": "SBX303",

	// SBX503 name resolvers
	"pydoc.locate": "SBX503", "pydoc.resolve": "SBX503", "pydoc.safeimport": "SBX503",
	"pkgutil.resolve_name": "SBX503", "importlib.util.resolve_name": "SBX503",
	"unittest.defaultTestLoader.loadTestsFromName": "SBX503", "unittest.defaultTestLoader.loadTestsFromNames": "SBX503",
	"unittest.TestLoader().loadTestsFromName": "SBX503", "unittest.TestLoader().loadTestsFromNames": "SBX503",
	"unittest.loader.defaultTestLoader.loadTestsFromName": "SBX503", "unittest.loader.defaultTestLoader.loadTestsFromNames": "SBX503",
	"unittest.loader.TestLoader().loadTestsFromName": "SBX503", "unittest.loader.TestLoader().loadTestsFromNames": "SBX503",

	// SBX601 code runners
	"code.InteractiveConsole": "SBX601", "code.InteractiveInterpreter": "SBX601", "code.interact": "SBX601",
	"code.compile_command": "SBX601", "codeop.compile_command": "SBX601", "codeop.Compile": "SBX601",
	"codeop.CommandCompiler": "SBX601",
	"cProfile.run":           "SBX601", "cProfile.runctx": "SBX601", "profile.run": "SBX601", "profile.runctx": "SBX601",
	"cProfile.Profile.run": "SBX601", "cProfile.Profile.runctx": "SBX601", "profile.Profile.run": "SBX601",
	"pdb.run": "SBX601", "pdb.runeval": "SBX601", "pdb.runctx": "SBX601", "pdb.runcall": "SBX601",
	"trace.Trace": "SBX601", "bdb.Bdb": "SBX601", "timeit.main": "SBX601",
	"cProfile.Profile().run": "SBX601", "cProfile.Profile().runctx": "SBX601",
	"profile.Profile().run": "SBX601", "profile.Profile().runctx": "SBX601",

	// SBX602 interactive helpers
	"pdb.set_trace": "SBX602", "pdb.post_mortem": "SBX602", "pdb.pm": "SBX602", "pdb.Pdb": "SBX602",
	"sys.breakpointhook": "SBX602", "sys.__breakpointhook__": "SBX602", "pydoc.help": "SBX602",
	"pydoc.Helper": "SBX602", "code.InteractiveConsole.interact": "SBX602",
}

var namingPrefix = map[string]string{
	"inspect":        "SBX303",
	"logging.config": "SBX503",
	"unittest.mock":  "SBX503",
	"mock.patch":     "SBX503",
	"doctest":        "SBX601",
}

// namingPrefixRule is namingRule for the prefix entries only.
func namingPrefixRule(qual string) string {
	head := qual
	if i := strings.IndexByte(qual, '.'); i >= 0 {
		head = qual[:i]
	}
	if !namingHeads[head] {
		return "" // one lookup for the names no prefix can cover, which is nearly all of them
	}
	for i := 0; i <= len(qual); i++ {
		if i == len(qual) || qual[i] == '.' {
			if id := namingPrefix[qual[:i]]; id != "" {
				return id
			}
		}
	}
	return ""
}

// namingHeads are the first components of the namingPrefix keys.
var namingHeads = func() map[string]bool {
	m := map[string]bool{}
	for k := range namingPrefix {
		if i := strings.IndexByte(k, '.'); i >= 0 {
			k = k[:i]
		}
		m[k] = true
	}
	return m
}()

// namingRule returns the rule that reports qual where it is named, or "".
func namingRule(qual string) string {
	if id := namingExact[qual]; id != "" {
		return id
	}
	return namingPrefixRule(qual)
}

// instanceTypes are classes whose instances' methods are sinks: calling one yields the ref
// "cProfile.Profile()", whose attributes the naming tables can name.
var instanceTypes = map[string]bool{
	"cProfile.Profile": true, "profile.Profile": true, "string.Formatter": true, "timeit.Timer": true,
	"unittest.TestLoader": true, "unittest.loader.TestLoader": true, "asyncio.Task": true,
}

// instanceResults are functions that return instances of those classes.
var instanceResults = map[string]string{
	"asyncio.current_task": "asyncio.Task()", "asyncio.create_task": "asyncio.Task()",
	"asyncio.ensure_future": "asyncio.Task()",
}

// Builtins reported where they are called or passed as a value (never where they are aliased).
var (
	evalBuiltins   = map[string]bool{"builtins.eval": true, "builtins.exec": true, "builtins.compile": true}
	attrBuiltins   = map[string]bool{"builtins.getattr": true, "builtins.setattr": true, "builtins.delattr": true, "builtins.hasattr": true}
	nsBuiltins     = map[string]bool{"builtins.globals": true, "builtins.locals": true, "builtins.vars": true, "builtins.dir": true}
	interactiveBIs = map[string]bool{"builtins.breakpoint": true, "builtins.help": true}
	importBuiltins = map[string]bool{"builtins.__import__": true, "importlib.import_module": true, "importlib.__import__": true}
	// setDelBuiltins change an object's attributes (SBX603 on modules).
	setDelBuiltins = map[string]bool{"builtins.setattr": true, "builtins.delattr": true}
)

// qualTags are the answers of the checks' tables about one qualified name. Resolution stores them
// in every ref it returns (pass.addRef), from one lookup, since the checks of one node ask the
// tables about its refs again and again.
type qualTags uint32

const (
	tagKnown         qualTags = 1 << iota // the tags below have been computed
	tagEval                               // evalBuiltins
	tagAttr                               // attrBuiltins
	tagNS                                 // nsBuiltins
	tagInteractive                        // interactiveBIs
	tagImportBuiltin                      // importBuiltins
	tagImportFunc                         // importFuncs
	tagOpaqueImport                       // opaqueImportFuncs
	tagSetDel                             // setDelBuiltins
	tagCaps                               // the config's capability map has the exact name
	tagDenied                             // the config's denied attributes have it
	tagNamingFirst                        // namingRule: tagNamingFirst << i for namingIDs[i]
)

// namingIDs are the rules of the naming tables, in tag order.
var namingIDs = []string{"SBX202", "SBX203", "SBX303", "SBX503", "SBX601", "SBX602"}

const tagNaming = tagNamingFirst * (1<<6 - 1) // all naming bits

func namingTag(id string) qualTags {
	for i, x := range namingIDs {
		if x == id {
			return tagNamingFirst << i
		}
	}
	panic("analyzer: naming rule " + id + " has no tag")
}

// namingRuleOf is the rule of a naming tag, or "".
func namingRuleOf(t qualTags) string {
	for i, id := range namingIDs {
		if t&(tagNamingFirst<<i) != 0 {
			return id
		}
	}
	return ""
}

// buildTags is the table of the names that have tags other than a naming prefix.
func buildTags(caps map[string][]string, denied map[string]bool) map[string]qualTags {
	m := map[string]qualTags{}
	for _, t := range []struct {
		set map[string]bool
		tag qualTags
	}{
		{evalBuiltins, tagEval}, {attrBuiltins, tagAttr}, {nsBuiltins, tagNS}, {interactiveBIs, tagInteractive},
		{importBuiltins, tagImportBuiltin}, {importFuncs, tagImportFunc}, {opaqueImportFuncs, tagOpaqueImport},
		{setDelBuiltins, tagSetDel}, {denied, tagDenied},
	} {
		for q, ok := range t.set {
			if ok {
				m[q] |= t.tag
			}
		}
	}
	for q, cs := range caps {
		if len(cs) > 0 {
			m[q] |= tagCaps
		}
	}
	for q, id := range namingExact {
		m[q] |= namingTag(id)
	}
	return m
}

// tagsOf returns the tags of qual.
func (a *Analyzer) tagsOf(qual string) qualTags {
	t := a.tags[qual] | tagKnown
	if t&tagNaming == 0 {
		if id := namingPrefixRule(qual); id != "" {
			t |= namingTag(id)
		}
	}
	return t
}

// dunderIntro are the dunder attributes that walk the object graph (SBX301).
var dunderIntro = map[string]bool{
	"__subclasses__": true, "__globals__": true, "__builtins__": true, "__code__": true, "__closure__": true,
	"__base__": true, "__bases__": true, "__mro__": true, "__getattribute__": true, "__reduce__": true,
	"__reduce_ex__": true, "__loader__": true, "__spec__": true, "__import__": true, "__self__": true,
	"__objclass__": true, "__dict__": true, "__func__": false, "__init_subclass__": false,
}

// nameHeads marks the first bytes of the names a table holds: a name whose first byte is not
// marked is not in the table. The checks test every attribute name of a program against tables
// whose names mostly start with "_" or "f_", and a byte test costs less than a map lookup.
type nameHeads [256]bool

func headsOf[V any](m map[string]V) *nameHeads {
	var h nameHeads
	for k := range m {
		if k != "" {
			h[k[0]] = true
		}
	}
	return &h
}

// in reports whether name is in m, a table whose heads are h.
func (h *nameHeads) in(m map[string]bool, name string) bool {
	return name != "" && h[name[0]] && m[name]
}

var dunderHeads, frameHeads = headsOf(dunderIntro), headsOf(frameAttrs)

// frameAttrs are frame, generator and traceback attributes (SBX302).
var frameAttrs = map[string]bool{
	"f_globals": true, "f_locals": true, "f_back": true, "f_builtins": true, "f_code": true, "f_trace": true,
	"gi_frame": true, "cr_frame": true, "ag_frame": true, "gi_code": true, "cr_code": true, "ag_code": true,
	"tb_frame": true, "tb_next": true, "f_lasti": false,
}

// safeDunders may be read with getattr(x, "__name__") and the like: they describe an object and
// lead nowhere.
var safeDunders = map[string]bool{
	"__name__": true, "__qualname__": true, "__doc__": true, "__module__": true, "__annotations__": true,
	"__dataclass_fields__": true, "__dataclass_params__": true, "__version__": true, "__slots__": true,
	"__len__": true, "__iter__": true, "__next__": true, "__aiter__": true, "__anext__": true,
	"__enter__": true, "__exit__": true, "__aenter__": true, "__aexit__": true, "__str__": true, "__repr__": true,
	"__eq__": true, "__ne__": true, "__lt__": true, "__le__": true, "__gt__": true, "__ge__": true, "__hash__": true,
	"__contains__": true, "__getitem__": true, "__setitem__": true, "__delitem__": true, "__call__": true,
	"__wrapped__": true, "__class__": true, "__bool__": true, "__int__": true, "__float__": true, "__index__": true,
	"__fspath__": true, "__html__": true, "__json__": true, "__post_init__": true, "__match_args__": true,
	"__members__": true, "__origin__": true, "__args__": true, "__parameters__": true, "__file__": true,
	"__all__": true, "__add__": true, "__sub__": true, "__mul__": true, "__await__": true, "__get__": true,
	"__set__": true, "__set_name__": true, "__copy__": true, "__deepcopy__": true, "__getstate__": true,
	"__setstate__": true, "__sizeof__": true, "__format__": true, "__round__": true, "__abs__": true,
	"__neg__": true, "__missing__": true, "__length_hint__": true, "__reversed__": true,
}

// decoders turn opaque text into names or code at run time (SBX702).
var decoders = map[string]bool{
	"base64.b64decode": true, "base64.standard_b64decode": true, "base64.urlsafe_b64decode": true,
	"base64.b32decode": true, "base64.b32hexdecode": true, "base64.b16decode": true, "base64.b85decode": true,
	"base64.a85decode": true, "base64.decodebytes": true, "base64.decodestring": true,
	"binascii.a2b_base64": true, "binascii.a2b_hex": true, "binascii.unhexlify": true, "binascii.a2b_uu": true,
	"binascii.a2b_qp": true, "codecs.decode": true, "codecs.encode": true, "codecs.getdecoder": true,
	"builtins.bytes.fromhex": true, "builtins.bytearray.fromhex": true, "zlib.decompress": true,
	"gzip.decompress": true, "bz2.decompress": true, "lzma.decompress": true, "quopri.decodestring": true,
	"uu.decode": true,
}

// sysWritable are module attributes that programs legitimately assign (redirecting output).
var sysWritable = map[string]bool{
	"sys.stdout": true, "sys.stderr": true, "sys.stdin": true, "sys.argv": true, "sys.excepthook": true,
	"sys.tracebacklimit": true, "sys.dont_write_bytecode": true, "sys.ps1": true, "sys.ps2": true,
	"logging.raiseExceptions": true, "logging.logThreads": true, "logging.logProcesses": true,
	"logging.logMultiprocessing": true, "csv.field_size_limit": false, "decimal.DefaultContext": false,
}

// riskyModule reports whether a wildcard import of mod brings in names the checks care about.
func (a *Analyzer) riskyModule(mod string) bool {
	if findingCap(a.moduleCaps[mod]) != "" || mod == "builtins" {
		return true
	}
	for k := range a.denied {
		if strings.HasPrefix(k, mod+".") {
			return true
		}
	}
	for k := range namingExact {
		if strings.HasPrefix(k, mod+".") {
			return true
		}
	}
	for k := range namingPrefix {
		if k == mod || strings.HasPrefix(k, mod+".") || strings.HasPrefix(mod, k+".") {
			return true
		}
	}
	return false
}

func isDunder(s string) bool {
	return len(s) > 4 && strings.HasPrefix(s, "__") && strings.HasSuffix(s, "__")
}

func isPrivate(s string) bool { return strings.HasPrefix(s, "_") && !isDunder(s) }
