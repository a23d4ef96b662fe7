package policy

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// Change is one input whose decision differs between two policies.
type Change struct {
	Name      string   `json:"name"`    // the file or audit record the input came from
	Fields    []string `json:"changed"` // which of allow, trust_level, tier differ
	Current   Decision `json:"current"`
	Candidate Decision `json:"candidate"`
}

// Compare decides in under both engines and reports whether allow, trust level or tier differ.
// Reasons alone do not make a change: they are shown on both sides of one.
func Compare(ctx context.Context, current, candidate *Engine, name string, in Input) (Change, bool) {
	a, b := current.Decide(ctx, in), candidate.Decide(ctx, in)
	c := Change{Name: name, Current: a, Candidate: b}
	if a.Allow != b.Allow {
		c.Fields = append(c.Fields, "allow")
	}
	if a.TrustLevel != b.TrustLevel {
		c.Fields = append(c.Fields, "trust_level")
	}
	if a.Tier != b.Tier {
		c.Fields = append(c.Fields, "tier")
	}
	return c, len(c.Fields) > 0
}

// DiffReport is the outcome of `sbxgate policy diff`.
type DiffReport struct {
	CurrentRevision   string   `json:"current_revision"`
	CandidateRevision string   `json:"candidate_revision"`
	Inputs            int      `json:"inputs"`
	Changes           []Change `json:"changes"`
}

// WriteText prints the report for people: each change with both sides' reasons, then a summary.
func (r *DiffReport) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, c := range r.Changes {
		fmt.Fprintf(&b, "%s:\n", c.Name)
		writeField(&b, "allow", verdict(c.Current), verdict(c.Candidate))
		writeField(&b, "trust_level", c.Current.TrustLevel, c.Candidate.TrustLevel)
		writeField(&b, "tier", c.Current.Tier, c.Candidate.Tier)
		writeReasons(&b, "current", c.Current.Reasons)
		writeReasons(&b, "candidate", c.Candidate.Reasons)
	}
	fmt.Fprintf(&b, "%d of %d inputs changed (current %s, candidate %s)\n",
		len(r.Changes), r.Inputs, shortRevision(r.CurrentRevision), shortRevision(r.CandidateRevision))
	_, err := io.WriteString(w, b.String())
	return err
}

func writeField(b *strings.Builder, name, cur, cand string) {
	if cur == cand {
		fmt.Fprintf(b, "  %-12s %s (unchanged)\n", name+":", cur)
		return
	}
	fmt.Fprintf(b, "  %-12s %s -> %s\n", name+":", cur, cand)
}

func verdict(d Decision) string {
	if d.Allow {
		return "allow"
	}
	return "deny"
}

func writeReasons(b *strings.Builder, side string, rs []Reason) {
	if len(rs) == 0 {
		fmt.Fprintf(b, "  %s reasons: none\n", side)
		return
	}
	fmt.Fprintf(b, "  %s reasons:\n", side)
	for _, r := range rs {
		if r.Line > 0 {
			fmt.Fprintf(b, "    %s line %d: %s\n", r.Rule, r.Line, r.Message)
		} else {
			fmt.Fprintf(b, "    %s: %s\n", r.Rule, r.Message)
		}
	}
}

func shortRevision(r string) string {
	if len(r) > len("sha256:")+12 {
		return r[:len("sha256:")+12]
	}
	return r
}
