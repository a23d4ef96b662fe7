package verify

import (
	"fmt"
	"regexp"
	"sync"
)

// KindRepair is the log's own kind: a record of a torn tail that a writer set aside after a crash.
const KindRepair = "repair"

// Schema says which kinds of records a log may hold and how they link. The log's own repair records
// are always allowed. A nil *Schema allows any kind named like a Go identifier in lower case, each
// optionally linking to any earlier record.
type Schema struct {
	Kinds map[string]KindRule
}

// KindRule constrains the records of one kind.
type KindRule struct {
	Link   LinkRule
	LinkTo string // the kind of the record linked to; "" for any
}

// LinkRule says whether a record of a kind has a decision_id member.
type LinkRule int

const (
	LinkNone     LinkRule = iota // the record links to nothing
	LinkOptional                 // the record may link to an earlier record
	LinkRequired                 // the record must link to an earlier record
)

// kindRE is compiled on first use, off every command's start: its bounded repetition compiles to
// 31 copies of its body.
var kindRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z][a-z_]{0,31}$`) })

// Rule returns the rule of kind, or an error naming what is wrong with it.
func (s *Schema) Rule(kind string) (KindRule, error) {
	if kind == KindRepair {
		return KindRule{}, nil
	}
	if s == nil {
		if !kindRE().MatchString(kind) {
			return KindRule{}, fmt.Errorf("kind %q is not a lower-case name of at most 32 letters", kind)
		}
		return KindRule{Link: LinkOptional}, nil
	}
	r, ok := s.Kinds[kind]
	if !ok {
		return KindRule{}, fmt.Errorf("unknown kind %q", kind)
	}
	return r, nil
}

// CheckLink checks a record of kind linking to link (or to nothing when link is ""), where
// targetKind is the kind of the linked record, or "" when no earlier record has that id.
func (s *Schema) CheckLink(kind, link, targetKind string) error {
	rule, err := s.Rule(kind)
	if err != nil {
		return err
	}
	switch {
	case link == "" && rule.Link == LinkRequired:
		return fmt.Errorf("a %s record must link to an earlier record by decision_id", kind)
	case link == "":
		return nil
	case rule.Link == LinkNone:
		return fmt.Errorf("a %s record links to nothing, but this one has decision_id %s", kind, link)
	case targetKind == "":
		return fmt.Errorf("%s links to %s, which is not an earlier record", kind, link)
	case rule.LinkTo != "" && targetKind != rule.LinkTo:
		return fmt.Errorf("%s links to %s, which is not an earlier %s record", kind, link, rule.LinkTo)
	}
	return nil
}
