package parser

import (
	"reflect"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

// TestArenaSlabsSized checks that newArena gives every slab the parse's progress, without which its
// blocks would be sized blindly.
func TestArenaSlabsSized(t *testing.T) {
	toks, err := token.TokenizeTextStream("x = 1\n")
	if err != nil {
		t.Fatal(err)
	}
	p := newParser(toks)
	defer p.release()
	a := reflect.ValueOf(newArena(p)).Elem()
	for i := range a.NumField() {
		f := a.Field(i)
		if f.Kind() != reflect.Struct || !f.FieldByName("slabBase").IsValid() {
			continue
		}
		if f.FieldByName("slabBase").FieldByName("progress").IsNil() {
			t.Errorf("arena.%s is not in newArena's list", a.Type().Field(i).Name)
		}
	}
}

func TestSlabTake(t *testing.T) {
	var s slab[int]
	for n := 1; n <= 2*maxSlabBlock; n += 7 {
		got := s.take(n)
		if len(got) != n || cap(got) != n {
			t.Fatalf("take(%d): len %d cap %d", n, len(got), cap(got))
		}
	}
	if got := s.copyOf(nil); got == nil || len(got) != 0 {
		t.Fatalf("copyOf(nil) = %#v, want empty non-nil", got)
	}
}
