// Package checks holds the analyzer's checks, one per file, each a value that declares its entry
// in the catalogue (ID, name, capability, severity, CWE, doc, hint), its message, the node kinds
// it wants and its Run function. All lists them; engine.New validates the list. DEVELOPMENT.md
// says how to add one.
package checks

import "github.com/sbxgate/sbxgate/analyzer/engine"

// All is every check, in the order the walk runs them on a node and in the catalogue's order.
// Which check reports a fact that several could is decided in precedence.go, not by this order.
var All = []*engine.Check{
	sbx100, sbx101, sbx102, sbx103, sbx104, sbx105,
	sbx201, sbx202, sbx203, sbx204, sbx205, sbx206,
	sbx301, sbx302, sbx303, sbx305,
	sbx401, sbx402, sbx403,
	sbx501, sbx502, sbx503, sbx504, sbx505, sbx506,
	sbx601, sbx602, sbx603,
	sbx701, sbx702,
	sbx801, sbx802, sbx803, sbx804,
}
