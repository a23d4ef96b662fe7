package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/catalog"
)

// Precedence between checks. Where several checks could report one fact, the one these functions
// name reports it and the others stay silent, so that each fact is reported once, by the most
// specific rule, where the corpus conventions (testdata/corpus/README.md) put it:
//
//   - an import of a module: SBX401 (builtins) over SBX101 (a capability the map reports) over
//     SBX100 (outside the allowlist): importRule; a from-import whose names have a reported
//     capability is SBX101's, not SBX100's: fromImportCapability;
//   - a module attribute the config denies is SBX102's, not SBX101's, even when the capability
//     map marks it: deniedAttribute;
//   - a module is reported at its import, not where it is used: by SBX101 at the import when the
//     map marks the module itself, by SBX103 at a dynamic import: reportedAtImport;
//   - a private attribute of a module is SBX501's only when no rule for that attribute reports it
//     (the capability map, a check's Names, the denied attributes): privateAttributeOwned.
//   - an attribute outside the reviewed API (SBX504) is not reported when a rule for the name
//     itself does: unreviewedOwned; private and dunder names are SBX501's, SBX301's, SBX302's and
//     SBX305's, modules reached as attributes SBX502's;
//   - the use of an API the review excludes (SBX505) or judges (SBX204) is not reported where the
//     builtins' own checks report it (eval wherever named, getattr and vars called or used as a
//     value, ...): ruleOwned; the object of an attribute (getattr.__call__) is SBX505's or SBX204's;
//   - SBX305 leaves the dunders SBX301 and SBX302 report to them: reviewedDunder;
//   - a module used as a value is SBX101's when it is a name of a module whose attributes have a
//     reported capability, SBX506's otherwise: moduleValueOwned.

// importRule is the rule that reports an import of module, and the capability it names: SBX401
// for builtins, SBX101 when the capability map gives the module a reported capability, SBX100
// when the allowlist does not admit it, or none.
func importRule(p *engine.Pass, module string, allowed bool) (rule, capability string) {
	if module == "builtins" || strings.HasPrefix(module, "builtins.") || module == "__builtin__" {
		return "SBX401", "builtins_access"
	}
	if c := catalog.FindingCapability(p.CapabilitiesOf(module)); c != "" {
		return "SBX101", c
	}
	if !allowed {
		return "SBX100", "import"
	}
	return "", ""
}

// fromImportCapability is the reported capability a from-import gets from its module or names,
// if any: SBX101 reports the statement then, and SBX100 does not.
func fromImportCapability(p *engine.Pass, n *ast.ImportFrom) string {
	mod := ast.Str(n.Module)
	caps := p.CapabilitiesOf(mod)
	for _, al := range n.Names {
		if al.Name != "*" {
			caps = append(caps, p.Capabilities(mod+"."+al.Name)...)
		}
	}
	return catalog.FindingCapability(caps)
}

// deniedAttribute reports whether SBX102 reports the module attribute qual.
func deniedAttribute(p *engine.Pass, qual string) bool { return p.Denied(qual) }

// reportedAtImport reports whether the module r is reported where it is imported rather than
// where it is used: a module imported by a statement, a module the capability map marks, or (at
// n) a dynamic import.
func reportedAtImport(p *engine.Pass, r engine.Ref, n ast.Node) bool {
	if r.Kind != engine.ModRef {
		return false
	}
	return p.Imported(r.Qual) || n != nil && p.DynamicImport(n) != nil
}

// mappedModule reports whether the capability map marks module mod itself, so that its import is
// SBX101's and its uses are not reported again.
func mappedModule(p *engine.Pass, mod string) bool {
	return catalog.FindingCapability(p.CapabilitiesOf(mod)) != ""
}

// privateAttributeOwned reports whether a rule for the attribute itself reports the module
// attribute qual, so that SBX501 does not.
func privateAttributeOwned(p *engine.Pass, qual string) bool {
	return len(p.Capabilities(qual)) > 0 || p.Named(qual) || p.Denied(qual)
}

// unreviewedOwned reports whether a rule for the name itself reports the attribute qual (the
// capability map, the denied attributes, a check's Names), so that SBX504 does not.
func unreviewedOwned(p *engine.Pass, qual string) bool {
	return len(p.Capabilities(qual)) > 0 || p.Denied(qual) || p.Named(qual)
}

// ruleOwned reports whether another rule reports the use of r that the review excludes or judges
// (SBX505, SBX204) at n: eval and its kin wherever named (SBX201), the import functions wherever
// not called (SBX104); called or used as a value, the namespace builtins (SBX402), the interactive
// builtins (SBX602), getattr and its kin (SBX403); a check's Names, the capability map and the
// denied attributes. The object of an attribute (getattr.__call__) is SBX505's or SBX204's.
func ruleOwned(p *engine.Pass, r engine.Ref, n ast.Node) bool {
	// Has, not In: refs built from an import's names (Child) carry no tags.
	if evalBuiltins.Has(r.Qual) || importBuiltins.Has(r.Qual) {
		return true
	}
	if interactiveBuiltins.Has(r.Qual) || setDelBuiltins.Has(r.Qual) || r.Qual == "builtins.getattr" ||
		r.Qual == "builtins.globals" || r.Qual == "builtins.locals" || r.Qual == "builtins.vars" {
		return n == nil || p.UsedAsValue(n) || p.IsCallee(n) // their checks judge calls and values
	}
	return p.Named(r.Qual) || p.Denied(r.Qual) || catalog.FindingCapability(p.Capabilities(r.Qual)) != ""
}

// reviewedDunder reports whether the introspection rules report attribute attr wherever it is
// read (SBX301's object-graph dunders, SBX302's frame attributes), so that SBX305 does not.
func reviewedDunder(attr string) bool {
	return dunderHeads.In(dunderIntro, attr) || frameHeads.In(frameAttrs, attr)
}

// moduleValueOwned reports whether SBX101 reports module mod used as a value at n: a name (not an
// attribute path) of a module whose attributes have a reported capability.
func moduleValueOwned(p *engine.Pass, n ast.Node, mod string) bool {
	_, isName := n.(*ast.Name)
	return isName && catalog.FindingCapability(p.ModuleCapabilities(mod)) != ""
}
