package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx100 = &engine.Check{
	ID: "SBX100", Name: "import-not-allowed", Capability: "import", Severity: "medium", CWE: 829,
	Doc:     "import (static, or dynamic with a statically known name) of a module outside the config allowlist, or a relative import",
	Hint:    "use only allowed standard-library modules (see modules.allow in sandbox.yaml); the sandbox has no third-party packages",
	Message: "import of %s, which is not in the module allowlist",
	Nodes:   []engine.NodeKind{engine.ImportNode, engine.ImportFromNode},
	Run:     runSBX100,
}

func runSBX100(p *engine.Pass, n ast.Node) {
	switch n := n.(type) {
	case *ast.Import:
		for _, al := range n.Names {
			if r, _ := importRule(p, al.Name, p.Allowed(al.Name)); r == "SBX100" {
				p.Report(al, al.Name)
			}
		}
	case *ast.ImportFrom:
		mod := ast.Str(n.Module)
		if n.Level > 0 {
			p.Reportf(n, "relative import (level %d) cannot be resolved in a single-file program", n.Level)
			return
		}
		if r, _ := importRule(p, mod, p.Allowed(mod)); r != "" && r != "SBX100" {
			return
		}
		var bad []string
		for _, al := range n.Names {
			if al.Name != "*" && !p.FromAllowed(mod, al.Name) {
				bad = append(bad, mod+"."+al.Name)
			}
		}
		if !p.Allowed(mod) && len(bad) == 0 {
			bad = append(bad, mod)
		}
		if len(bad) > 0 && fromImportCapability(p, n) == "" {
			p.Reportf(n, "import from %s, which is not in the module allowlist", strings.Join(bad, ", "))
		}
	}
}
