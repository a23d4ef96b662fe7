package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
)

var sbx303 = &engine.Check{
	ID: "SBX303", Name: "introspection-api", Capability: "introspection", Severity: "high", CWE: 470,
	Doc:     "introspection APIs: sys._getframe, sys.modules, sys.settrace/setprofile, inspect.*, gc.get_objects/get_referrers/get_referents",
	Hint:    "pass the values you need as arguments instead of inspecting the interpreter",
	Message: "%s inspects the running interpreter",
	Nodes:   []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.SubscriptNode, engine.NameNode},
	Names: &engine.Names{
		Exact: []string{
			"sys._getframe", "sys._current_frames", "sys._current_exceptions", "sys.settrace",
			"sys.setprofile", "sys.call_tracing", "sys.modules", "sys.gettrace", "sys.getprofile",
			"sys._xoptions", "sys.meta_path", "sys.path_hooks", "sys.path_importer_cache",
			"threading.settrace", "threading.setprofile", "threading.settrace_all_threads",
			"gc.get_objects", "gc.get_referrers", "gc.get_referents", "traceback.walk_stack",
			"logging.currentframe", "asyncio.Task().get_stack", "asyncio.Task().print_stack",
		},
		Prefix: []string{"inspect"},
	},
	Run: (*engine.Pass).ReportNamed,
}
