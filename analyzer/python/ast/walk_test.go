package ast

import (
	"reflect"
	"testing"
)

func name(id string, col int) *Name {
	return &Name{Loc: Loc{1, col, 1, col + len(id)}, Id: id}
}

func TestChildrenFieldOrder(t *testing.T) {
	f, a, b, k := name("f", 0), name("a", 2), name("b", 5), name("k", 10)
	kw := &Keyword{Arg: Ident("x"), Value: k}
	call := &Call{Func: f, Args: []Expr{a, b}, Keywords: []*Keyword{kw}}
	d := &Dict{Keys: []Expr{nil, a}, Values: []Expr{b, k}}
	args := &Arguments{Args: []*Arg{{Arg: "p"}}, KwDefaults: []Expr{nil}, Kwonlyargs: []*Arg{{Arg: "q"}}}
	tests := []struct {
		name string
		n    Node
		want []Node
	}{
		{"call", call, []Node{f, a, b, kw}},
		{"dict skips None keys", d, []Node{a, b, k}},
		{"absent optional", &Return{}, nil},
		{"arguments", args, []Node{args.Args[0], args.Kwonlyargs[0]}},
	}
	for _, tt := range tests {
		if got := Children(tt.n); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Children = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestWalkPreOrderAndSkip(t *testing.T) {
	inner := &Call{Func: name("g", 2), Args: []Expr{name("y", 4)}}
	mod := &Module{Body: []Stmt{
		&ExprStmt{Value: &Call{Func: name("f", 0), Args: []Expr{inner}}},
		&Pass{},
	}}
	var got []string
	Walk(mod, func(n, parent Node) bool {
		got = append(got, n.NodeType())
		return n != Node(inner)
	})
	want := []string{"Module", "Expr", "Call", "Name", "Call", "Pass"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Walk order = %v, want %v", got, want)
	}
}

func TestWalkDeepTreeNoRecursion(t *testing.T) {
	// A million nested unary ops would overflow a recursive walker's goroutine stack budget in tests.
	var e Expr = name("x", 0)
	const depth = 1_000_000
	for i := 0; i < depth; i++ {
		e = &UnaryOp{Op: USub, Operand: e}
	}
	count := 0
	Walk(&Module{Body: []Stmt{&ExprStmt{Value: e}}}, func(n, parent Node) bool {
		count++
		return true
	})
	if count != depth+3 {
		t.Fatalf("visited %d nodes, want %d", count, depth+3)
	}
}

func TestEnumNames(t *testing.T) {
	if Store.String() != "Store" || FloorDiv.String() != "FloorDiv" || NotIn.String() != "NotIn" ||
		USub.String() != "USub" || Or.String() != "Or" {
		t.Fatal("enum String names differ from CPython class names")
	}
	if (&ExprStmt{}).NodeType() != "Expr" || (&WithItem{}).NodeType() != "withitem" {
		t.Fatal("NodeType names differ from CPython class names")
	}
}
