package record

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/sbxgate/sbxgate/runner"
)

// Filter selects records. Zero fields match everything.
type Filter struct {
	Since     time.Time // Time >= Since
	Until     time.Time // Time < Until
	Principal string
	Decision  string // "allow" or "deny": records carrying a decision with that outcome
	Rule      string // a rule (SBXnnn) among the decision's reasons or the report's findings
	SHA256    string // code SHA-256, or a prefix of at least 8 hex digits
	Kind      string
	// Violations selects result records whose result.violations is not empty: what the program tried
	// at run time that its decision did not grant.
	Violations bool
	// Violation selects result records with a violation of this capability (implies Violations).
	Violation string
}

// The patterns are compiled on first use: a bounded repetition compiles to a copy of its
// body per count, and package initialization is on the path of every command's start.
var (
	ruleRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^SBX[0-9]{3}$`) })
	hexRE  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9a-f]{8,64}$`) })
	capRE  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z][a-z0-9_.-]{0,63}$`) })
)

// Validate checks the filter's values, naming the bad one.
func (f *Filter) Validate() error {
	switch f.Decision {
	case "", "allow", "deny":
	default:
		return fmt.Errorf("decision %q: use allow or deny", f.Decision)
	}
	if f.Rule != "" && !ruleRE().MatchString(f.Rule) {
		return fmt.Errorf("rule %q: use a rule id like SBX101", f.Rule)
	}
	if f.SHA256 != "" && !hexRE().MatchString(f.SHA256) {
		return fmt.Errorf("sha256 %q: use 8 to 64 lowercase hex digits", f.SHA256)
	}
	switch f.Kind {
	case "", KindDecision, KindResult, KindResultLost, KindRepair:
	default:
		return fmt.Errorf("kind %q: use one of %s", f.Kind, strings.Join(Kinds, ", "))
	}
	if f.Violation != "" && !capRE().MatchString(f.Violation) {
		return fmt.Errorf("violation %q: use a capability name like network or process", f.Violation)
	}
	if !f.Since.IsZero() && !f.Until.IsZero() && !f.Until.After(f.Since) {
		return fmt.Errorf("until %s is not after since %s", f.Until.Format(time.RFC3339), f.Since.Format(time.RFC3339))
	}
	return nil
}

// Skip reports, from the line's bytes alone, that the record cannot match: a cheap test before
// decoding. It never skips a record Match would select.
func (f *Filter) Skip(line []byte) bool {
	// Rule ids and hex digits are never escaped in JSON, so a match must contain them as they are.
	switch {
	case f.Rule != "" && !bytes.Contains(line, []byte(`"`+f.Rule+`"`)):
		return true
	case f.SHA256 != "" && !bytes.Contains(line, []byte(`"code_sha256":"`+f.SHA256)):
		return true
	case (f.Violations || f.Violation != "") && !bytes.Contains(line, []byte(`"violations":[{`)):
		return true
	}
	return false
}

// Match reports whether r passes the filter.
func (f *Filter) Match(r *Record) bool {
	switch {
	case !f.Since.IsZero() && r.Time.Before(f.Since):
		return false
	case !f.Until.IsZero() && !r.Time.Before(f.Until):
		return false
	case f.Principal != "" && r.Principal != f.Principal:
		return false
	case f.Kind != "" && r.Kind != f.Kind:
		return false
	case f.SHA256 != "" && !strings.HasPrefix(r.CodeSHA256, f.SHA256):
		return false
	case f.Decision != "" && (r.Decision == nil || r.Decision.Allow != (f.Decision == "allow")):
		return false
	}
	if f.Violations || f.Violation != "" {
		if r.Result == nil || len(r.Result.Violations) == 0 {
			return false
		}
		if f.Violation != "" && !hasCapability(r.Result.Violations, f.Violation) {
			return false
		}
	}
	if f.Rule != "" {
		for _, rule := range Rules(r) {
			if rule == f.Rule {
				return true
			}
		}
		return false
	}
	return true
}

func hasCapability(vs []runner.Violation, c string) bool {
	for _, v := range vs {
		if v.Capability == c {
			return true
		}
	}
	return false
}

// Rules returns the sorted rule ids of the record's decision reasons and report findings.
func Rules(r *Record) []string {
	seen := map[string]bool{}
	if r.Decision != nil {
		for _, x := range r.Decision.Reasons {
			seen[x.Rule] = x.Rule != ""
		}
	}
	if r.Report != nil {
		for _, x := range r.Report.Findings {
			seen[x.Rule] = x.Rule != ""
		}
	}
	out := make([]string, 0, len(seen))
	for k, ok := range seen {
		if ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}
