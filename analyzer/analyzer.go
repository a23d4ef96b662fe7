// Package analyzer finds what an untrusted Python program can reach: its imports (static and
// dynamic, with names folded from constant expressions) and the capability facts an import check
// alone cannot see (eval through aliases, builtins access, introspection, private module
// attributes, name resolvers, source-level tricks).
//
// It joins two packages: engine, the facts engine (scopes, resolution, folding, module tables)
// behind the Pass that checks read, and checks, the checks themselves, one per file, listed once
// in checks.All. One iterative walk of the tree routes every node to the checks that asked for
// its kind.
package analyzer

import (
	"context"
	"fmt"

	"github.com/sbxgate/sbxgate/analyzer/checks"
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/catalog"
	"github.com/sbxgate/sbxgate/config"
)

// Version is the analyzer's version, recorded in every report; bump it when a check changes what
// it reports, so that audit records say which analyzer judged them.
const Version = engine.Version

// MemoryPerByte bounds the memory one analysis allocates per byte of source, whatever shape the
// program takes: the worst of the shapes a hostile program can repeat (`a;` statements, a dict or
// tuple display, call arguments, chained comparisons, ...) allocates about 740 bytes per byte,
// an ordinary program about 80 (TestMemoryPerByte). It counts every allocation, collected or not,
// so it bounds the live heap too. Callers that admit programs by size (the server's memory
// ceiling) multiply by it.
const MemoryPerByte = 1024

// The report's types; see engine.Report. Their JSON field names are part of the outside
// contract: add fields, never rename them.
type (
	Report     = engine.Report
	ParseError = engine.ParseError
	Import     = engine.Import
	Finding    = engine.Finding
	// Check is one check of the list, with its catalogue entry.
	Check = engine.Check
)

// Analyzer analyzes programs against the operator's module tables. It is safe for concurrent use.
type Analyzer struct {
	e *engine.Engine
}

// New validates the checks and the config's module tables and returns an analyzer.
func New(cfg *config.Config) (*Analyzer, error) {
	e, err := engine.New(cfg, checks.All)
	if err != nil {
		return nil, fmt.Errorf("analyzer: %w", err)
	}
	return &Analyzer{e}, nil
}

// Analyze parses src (named path in messages) and reports its imports and findings. It never
// returns nil and never panics: a decoding or syntax error becomes Report.ParseError, and a bug
// in a check becomes an "internal" parse error, which the policy denies.
func (a *Analyzer) Analyze(ctx context.Context, path string, src []byte) *Report {
	return a.e.Analyze(ctx, path, src)
}

// Checks returns the list of checks, for documentation and output formats.
func Checks() []Check {
	out := make([]Check, len(checks.All))
	for i, c := range checks.All {
		out[i] = *c
	}
	return out
}

// Rules is the catalogue entry of every check, in list order.
func Rules() []catalog.Rule {
	out := make([]catalog.Rule, len(checks.All))
	for i, c := range checks.All {
		out[i] = c.Rule()
	}
	return out
}

// Catalog is every rule the gate reports, sorted by ID: the analyzer's checks (Rules) and the
// rules of the front end, the policy stage and the default policy (catalog.Stages). The policy's
// IDs, SARIF's rule descriptors, `sbxgate rules` and docs/rules.md all read it.
func Catalog() []catalog.Rule {
	return catalog.Complete(append(Rules(), catalog.Stages...))
}
