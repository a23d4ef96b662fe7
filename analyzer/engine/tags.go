package engine

import (
	"fmt"
	"strings"
)

// Tags are the answers of the tables about one dotted name: which name sets hold it, whether the
// config maps or denies it, and which check's Names have it. Resolution stores them in every Ref
// it returns (Pass.addRef), from one lookup, since the checks of one node ask about its refs again
// and again. Every bit is derived: the sets' from their declaration (NewNameSet), the naming
// field from the checks' Names in list order; none is assigned by hand.
type qualTags uint32

const (
	tagKnown    qualTags = 1 << iota // the tags below have been computed
	tagCaps                          // the config's capability map has the exact name
	tagDenied                        // the config's denied attributes have it
	tagAPIRule                       // the reviewed API may have an exclusion or judged call for it
	tagInAPI                         // a module attribute the reviewed API's table lists
	namingShift = iota               // first bit of the naming field
)

const (
	namingBits = 6
	tagNaming  = qualTags(1<<namingBits-1) << namingShift // the naming field: 1 + index among naming checks
	setShift   = namingShift + namingBits                 // first bit of the name sets
	maxSets    = 32 - setShift
)

// NameSet is a set of dotted names ("builtins.eval") that checks test refs against: each ref
// carries one bit per set in its tags, so that Ref.In costs a bit test rather than a map lookup.
// Declare sets as package-level variables with NewNameSet, which gives each its bit; New refuses
// to build an engine when there are more sets than bits.
type NameSet struct {
	doc   string
	names map[string]bool
	bit   qualTags
}

// nameSets are the sets declared so far, in declaration order.
var nameSets []*NameSet

// NewNameSet declares a set of dotted names. doc says what the set is, for error messages.
func NewNameSet(doc string, names ...string) *NameSet {
	s := &NameSet{doc: doc, names: make(map[string]bool, len(names))}
	for _, n := range names {
		s.names[n] = true
	}
	if i := len(nameSets); i < maxSets {
		s.bit = 1 << (setShift + i)
	}
	nameSets = append(nameSets, s)
	return s
}

// Has reports whether qual is in s.
func (s *NameSet) Has(qual string) bool { return s.names[qual] }

// validateSets reports whether n declared sets have a bit each.
func validateSets(n int) error {
	if n > maxSets {
		return fmt.Errorf("%d name sets are declared and the tags hold %d: widen qualTags", n, maxSets)
	}
	return nil
}

// In reports whether r's name is in s.
func (r Ref) In(s *NameSet) bool { return r.tags&s.bit != 0 }

// HasCapabilities reports whether the config's capability map has r's exact name.
func (r Ref) HasCapabilities() bool { return r.tags&tagCaps != 0 }

// InAPI reports whether r is a module attribute the reviewed API's table lists.
func (r Ref) InAPI() bool { return r.tags&tagInAPI != 0 }

// IsDenied reports whether the config's denied attributes have r's name.
func (r Ref) IsDenied() bool { return r.tags&tagDenied != 0 }

// FirstIn returns the name of the first object (not module) ref in s.
func FirstIn(refs []Ref, s *NameSet) (string, bool) {
	for _, r := range refs {
		if r.Kind == ObjRef && r.tags&s.bit != 0 {
			return r.Qual, true
		}
	}
	return "", false
}

// naming is the table of the checks' Names: which check reports a name where it is named.
type naming struct {
	exact  map[string]int // name -> 1 + index among the naming checks
	prefix map[string]int
	heads  map[string]bool // first components of the prefix keys
	checks []int           // index among naming checks -> index in the engine's checks
}

func newNaming(checks []*Check) *naming {
	t := &naming{exact: map[string]int{}, prefix: map[string]int{}, heads: map[string]bool{}}
	for i, c := range checks {
		if c.Names == nil {
			continue
		}
		t.checks = append(t.checks, i)
		n := len(t.checks)
		for _, q := range c.Names.Exact {
			t.exact[q] = n
		}
		for _, q := range c.Names.Prefix {
			t.prefix[q] = n
			if i := strings.IndexByte(q, '.'); i >= 0 {
				q = q[:i]
			}
			t.heads[q] = true
		}
	}
	return t
}

// prefixRule is rule for the prefix entries only.
func (t *naming) prefixRule(qual string) int {
	head := qual
	if i := strings.IndexByte(qual, '.'); i >= 0 {
		head = qual[:i]
	}
	if !t.heads[head] {
		return 0 // one lookup for the names no prefix can cover, which is nearly all of them
	}
	for i := 0; i <= len(qual); i++ {
		if i == len(qual) || qual[i] == '.' {
			if n := t.prefix[qual[:i]]; n != 0 {
				return n
			}
		}
	}
	return 0
}

// rule returns 1 + the index among naming checks of the check that reports qual where it is
// named, or 0.
func (t *naming) rule(qual string) int {
	if n := t.exact[qual]; n != 0 {
		return n
	}
	return t.prefixRule(qual)
}

// coversPrefix reports whether some prefix name of the table is mod, below it or above it (the
// exact names below mod are in the engine's dottedParents).
func (t *naming) coversPrefix(mod string) bool {
	for k := range t.prefix {
		if k == mod || dottedUnder(k, mod) || dottedUnder(mod, k) {
			return true
		}
	}
	return false
}

// dottedUnder reports whether name is below mod: mod followed by a dot starts it.
func dottedUnder(name, mod string) bool {
	return len(name) > len(mod) && name[len(mod)] == '.' && name[:len(mod)] == mod
}

// buildTags is the table of the names that have tags other than a naming prefix or the reviewed
// API's (tagsOf).
func (a *Engine) buildTags() map[string]qualTags {
	m := map[string]qualTags{}
	for _, s := range nameSets {
		for q := range s.names {
			m[q] |= s.bit
		}
	}
	for q := range a.denied {
		m[q] |= tagDenied
	}
	for q, cs := range a.caps {
		if len(cs) > 0 {
			m[q] |= tagCaps
		}
	}
	for q, n := range a.naming.exact {
		m[q] |= qualTags(n) << namingShift
	}
	return m
}

// tagsOf returns the tags of qual. The reviewed API's are computed here, not tabled at New: its
// table has thousands of names that a program does not name.
func (a *Engine) tagsOf(qual string) qualTags {
	t := a.tags[qual] | tagKnown | a.api.tagsOf(qual)
	if t&tagNaming == 0 {
		if n := a.naming.prefixRule(qual); n != 0 {
			t |= qualTags(n) << namingShift
		}
	}
	return t
}

// namingCheck is the index in a.checks of the check of a naming field, or -1.
func (a *Engine) namingCheck(t qualTags) int {
	n := int(t&tagNaming) >> namingShift
	if n == 0 {
		return -1
	}
	return a.naming.checks[n-1]
}

// Named reports whether a check's Names has qual.
func (p *Pass) Named(qual string) bool { return p.a.naming.rule(qual) != 0 }

// nameHeads marks the first bytes of the names a table holds: a name whose first byte is not
// marked is not in the table. Checks test every attribute name of a program against tables whose
// names mostly start with "_" or "f_", and a byte test costs less than a map lookup.
type NameHeads [256]bool

// HeadsOf returns the heads of the keys of m.
func HeadsOf[V any](m map[string]V) *NameHeads {
	var h NameHeads
	for k := range m {
		if k != "" {
			h[k[0]] = true
		}
	}
	return &h
}

// In reports whether name is in m, a table whose heads are h.
func (h *NameHeads) In(m map[string]bool, name string) bool {
	return name != "" && h[name[0]] && m[name]
}

// IsDunder reports whether s is a dunder name (__x__).
func IsDunder(s string) bool {
	return len(s) > 4 && strings.HasPrefix(s, "__") && strings.HasSuffix(s, "__")
}

// IsPrivate reports whether s is a private name: it starts with "_" and is no dunder.
func IsPrivate(s string) bool { return strings.HasPrefix(s, "_") && !IsDunder(s) }
