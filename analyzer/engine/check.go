package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/catalog"
)

// Check is one check of the analyzer: its entry in the catalogue, the node kinds it wants, and
// its Run function, which the walk calls with each node of those kinds. A check reports through
// the Pass and never walks the tree itself. Checks are package-level values, listed once
// (analyzer/checks) and validated by New.
type Check struct {
	ID         string // SBX1xx imports, SBX2xx dynamic code, SBX3xx introspection, ... (catalog)
	Name       string // kebab-case: "eval-exec-compile"
	Doc        string // what it finds
	Capability string // default capability of its findings; config-driven checks may report others
	Severity   string // low, medium, high, critical
	CWE        int
	Hint       string // one line a person or an LLM can act on
	// Message is the format of its findings. Report formats it; a check whose findings say
	// different things formats its others with Reportf. For a check with Names it takes the
	// named object's dotted name ("%s inspects the running interpreter").
	Message string
	Nodes   []NodeKind // the node kinds it wants; ModuleNode for whole-source checks
	// Unresolved lists the kinds among Nodes (Name, Attribute, Call, Subscript) for which the
	// check also wants the nodes that refer to nothing the analysis knows: a local variable,
	// self.x, a method of a local object, items[0] (see Pass.dispatch). Most nodes are such, and
	// most checks look only at what a node refers to, so they are not called for them. A check
	// that reads the node itself (a name's spelling, an attribute's name, a constant key) lists
	// its kind.
	Unresolved []NodeKind
	// Names are the module attributes this check reports where they are named (an attribute,
	// getattr with a constant name, `from m import name`, a subscript of a module dict), with
	// ReportNamed. A name belongs to one check.
	Names *Names
	Run   func(p *Pass, n ast.Node)
}

// Names are dotted names of module attributes, resolved (what an expression refers to after
// aliases, getattr with constant names, sys.modules and module dicts are seen through).
type Names struct {
	Exact []string // "pickle.loads"; "asyncio.Task().get_stack" for a method of an instance
	// Prefix names cover a module or attribute and everything below it: "inspect".
	Prefix []string
}

// Rule is the check's entry in the catalogue.
func (c *Check) Rule() catalog.Rule {
	return catalog.Rule{
		ID: c.ID, Name: c.Name, Stage: catalog.Analyzer, Family: catalog.FamilyOf(c.ID),
		Capability: c.Capability, Severity: c.Severity, CWE: c.CWE, Doc: c.Doc, Hint: c.Hint,
	}
}

// NodeKind is a kind of node a check may ask for. Dispatch finds a node's kind with a type switch
// (kindOf), since it runs for every node.
type NodeKind uint8

const (
	kNone NodeKind = iota
	ModuleNode
	ImportNode
	ImportFromNode
	CallNode
	AttributeNode
	NameNode
	SubscriptNode
	AssignNode
	AugAssignNode
	AnnAssignNode
	DeleteNode
	MatchMappingNode
	DictNode
	ConstantNode
	FunctionDefNode      // a def or async def
	kNameUnresolved      // a Name that refers to nothing known: routed only to Unresolved checks
	kAttributeUnresolved // an Attribute whose value and itself refer to nothing known: the same
	kCallUnresolved      // a Call whose function and its object refer to nothing known: the same
	kSubscriptUnresolved // a Subscript whose value and itself refer to nothing known: the same
	numKinds
)

// unresolvedKind is, for the kinds that have one, the kind of their nodes that refer to nothing
// known (Check.Unresolved).
var unresolvedKind = [numKinds]NodeKind{
	NameNode: kNameUnresolved, AttributeNode: kAttributeUnresolved, CallNode: kCallUnresolved, SubscriptNode: kSubscriptUnresolved,
}

func kindOf(n ast.Node) NodeKind {
	switch n.(type) {
	case *ast.Module:
		return ModuleNode
	case *ast.Import:
		return ImportNode
	case *ast.ImportFrom:
		return ImportFromNode
	case *ast.Call:
		return CallNode
	case *ast.Attribute:
		return AttributeNode
	case *ast.Name:
		return NameNode
	case *ast.Subscript:
		return SubscriptNode
	case *ast.Assign:
		return AssignNode
	case *ast.AugAssign:
		return AugAssignNode
	case *ast.AnnAssign:
		return AnnAssignNode
	case *ast.Delete:
		return DeleteNode
	case *ast.MatchMapping:
		return MatchMappingNode
	case *ast.Dict:
		return DictNode
	case *ast.Constant:
		return ConstantNode
	case *ast.FunctionDef, *ast.AsyncFunctionDef:
		return FunctionDefNode
	}
	return kNone
}

// maxNamingChecks is how many checks may have Names: their index is kept in a field of a ref's
// tags (namingShift).
const maxNamingChecks = 1<<namingBits - 1

// validateChecks checks the list: each check's catalogue entry (catalog.Validate: ID in the
// analyzer's range, unique ID and name, known capability and severity, CWE, doc and hint), and
// what the engine needs: a message, node kinds it knows, unresolved kinds among them, a Run
// function, names that no other check claims, and no more naming checks than the tags hold.
func validateChecks(checks []*Check) error {
	rules := make([]catalog.Rule, len(checks))
	for i, c := range checks {
		if c == nil {
			return fmt.Errorf("check %d is nil", i)
		}
		rules[i] = c.Rule()
	}
	errs := []error{catalog.Validate(rules)}
	owner := map[string]string{}
	naming := 0
	for i, c := range checks {
		bad := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("check %d (%s): %s", i, c.ID, fmt.Sprintf(format, args...)))
		}
		if c.Message == "" {
			bad("no message")
		}
		if len(c.Nodes) == 0 {
			bad("asks for no node kinds")
		}
		for _, k := range c.Nodes {
			if k <= kNone || k >= kNameUnresolved {
				bad("unknown node kind %d", k)
			}
		}
		for _, k := range c.Unresolved {
			if k >= numKinds || unresolvedKind[k] == kNone || !slices.Contains(c.Nodes, k) {
				bad("unresolved kind %d is not one of its node kinds Name, Attribute, Call or Subscript", k)
			}
		}
		if c.Run == nil {
			bad("no Run function")
		}
		if c.Names == nil {
			continue
		}
		naming++
		if len(c.Names.Exact)+len(c.Names.Prefix) == 0 {
			bad("Names lists no names")
		}
		if !strings.Contains(c.Message, "%s") {
			bad("message %q has no %%s for the named object", c.Message)
		}
		for _, list := range [][]string{c.Names.Exact, c.Names.Prefix} {
			for _, q := range list {
				if prev, ok := owner[q]; ok {
					bad("name %q is already %s's", q, prev)
				}
				owner[q] = c.ID
			}
		}
	}
	if naming > maxNamingChecks {
		errs = append(errs, fmt.Errorf("%d checks have Names; the tags hold %d: widen namingBits", naming, maxNamingChecks))
	}
	return errors.Join(errs...)
}
