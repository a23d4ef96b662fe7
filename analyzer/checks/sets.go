package checks

import "github.com/sbxgate/sbxgate/analyzer/engine"

// Builtins reported where they are called or passed as a value (never where they are aliased).
// Each set is a bit in every ref's tags (engine.NewNameSet), so that r.In(set) is cheap.
var (
	evalBuiltins        = engine.NewNameSet("eval builtins", "builtins.eval", "builtins.exec", "builtins.compile")
	attrBuiltins        = engine.NewNameSet("attribute builtins", "builtins.getattr", "builtins.setattr", "builtins.delattr", "builtins.hasattr")
	nsBuiltins          = engine.NewNameSet("namespace builtins", "builtins.globals", "builtins.locals", "builtins.vars", "builtins.dir")
	interactiveBuiltins = engine.NewNameSet("interactive builtins", "builtins.breakpoint", "builtins.help")
	importBuiltins      = engine.NewNameSet("import builtins", "builtins.__import__", "importlib.import_module", "importlib.__import__")
	// setDelBuiltins change an object's attributes (SBX603 on modules).
	strBuiltin     = engine.NewNameSet("str", "builtins.str")
	setDelBuiltins = engine.NewNameSet("setattr and delattr", "builtins.setattr", "builtins.delattr")
	// getterFuncs make getters of attribute paths (SBX302 reads their steps).
	getterFuncs = engine.NewNameSet("attribute getters", "operator.attrgetter")
	typeBuiltin = engine.NewNameSet("type", "builtins.type")
	varsBuiltin = engine.NewNameSet("vars", "builtins.vars")
	// importPathSet are the lists that decide what an import statement loads, and sys.argv, which
	// unittest's main() and its __main__ read test names from and import (SBX603).
	importPathSet = engine.NewNameSet("import search state", "sys.path", "sys.meta_path", "sys.path_hooks", "sys.argv")
)
