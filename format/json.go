package format

import "io"

// WriteJSON writes `{"results": [...]}` as docs/contract.md specifies for `check --format json`.
// Lists are never null: programs iterate them without checking.
func WriteJSON(w io.Writer, results []Result) error {
	return writeAll(NewJSONStream(w), results)
}

// Normalized returns a copy of r whose lists encode as [] rather than null, for callers that put a
// Result inside their own JSON document (check --explain) and must keep the contract's shape.
func Normalized(r Result) Result { return normalized(r) }

// normalized copies r with every nil list replaced by an empty one.
func normalized(r Result) Result {
	r.Imports = nonNil(r.Imports)
	for i := range r.Imports {
		r.Imports[i].Names = nonNil(r.Imports[i].Names)
		r.Imports[i].Capabilities = nonNil(r.Imports[i].Capabilities)
	}
	r.Findings = nonNil(r.Findings)
	r.Capabilities = nonNil(r.Capabilities)
	if r.Decision != nil {
		d := *r.Decision
		d.Reasons = nonNil(d.Reasons)
		r.Decision = &d
	}
	return r
}

// nonNil returns a copy of s that encodes as [] when empty; copying keeps the caller's report intact.
func nonNil[T any](s []T) []T {
	out := make([]T, len(s))
	copy(out, s)
	return out
}
