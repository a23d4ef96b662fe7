package ast

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"math"
	"math/big"
	"math/rand"
	"os/exec"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/token"
)

// pythonRepr runs testdata/repr.py once over all requests.
func pythonRepr(t *testing.T, reqs []string) []string {
	t.Helper()
	cmd := exec.Command("python3", "testdata/repr.py")
	cmd.Stdin = strings.NewReader(strings.Join(reqs, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3 testdata/repr.py: %v: %s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(reqs) {
		t.Fatalf("python3 answered %d lines for %d requests", len(lines), len(reqs))
	}
	return lines
}

func floatHex(f float64) string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], math.Float64bits(f))
	return hex.EncodeToString(b[:])
}

func TestReprsMatchPython(t *testing.T) {
	var reqs, ours []string
	rng := rand.New(rand.NewSource(1))
	floats := []float64{0, 1, 1.5, 0.1, 1e16, 1e15, 123456789012345678, 1e-4, 1e-5, 0.00012345, 1.5e-7, 1e22, 1e100,
		1.2345e+100, math.MaxFloat64, math.SmallestNonzeroFloat64, 2.2250738585072014e-308, math.Inf(1),
		9007199254740993, 0.3, 2.5, 100, 1e300 * 10, 5e-324, 123.456, 1234567890123456.7}
	for i := 0; i < 3000; i++ {
		f := math.Float64frombits(rng.Uint64())
		if math.IsNaN(f) || f < 0 {
			continue
		}
		floats = append(floats, f)
		floats = append(floats, math.Round(rng.Float64()*math.Pow(10, float64(rng.Intn(30)-10)))*math.Pow(10, float64(rng.Intn(10)-5)))
	}
	for _, f := range floats {
		reqs = append(reqs, "f "+floatHex(f))
		ours = append(ours, FloatRepr(f))
		reqs = append(reqs, "c "+floatHex(f))
		ours = append(ours, ComplexRepr(complex(0, f)))
	}
	// Every code point class: one string per 512 code points, plus quoting cases.
	var strs []string
	for base := rune(0); base < 0x110000; base += 512 {
		var b []byte
		for r := base; r < base+512; r++ {
			b = token.AppendWTF8(b, r)
		}
		strs = append(strs, string(b))
	}
	strs = append(strs, "", "'", `"`, `'"`, `a'b`, `a"b`, "\\", "\t\n\r\x00\x7f\u0085\u00a0\u00ad", "é\u200b\ufeff")
	for _, s := range strs {
		reqs = append(reqs, "s "+hex.EncodeToString([]byte(s)))
		ours = append(ours, StrRepr(s))
	}
	var all []byte
	for c := 0; c < 256; c++ {
		all = append(all, byte(c))
	}
	for _, b := range [][]byte{all, {}, []byte(`'`), []byte(`"`), []byte(`'"`)} {
		reqs = append(reqs, "b "+hex.EncodeToString(b))
		ours = append(ours, BytesRepr(b))
	}
	py := pythonRepr(t, reqs)
	bad := 0
	for i := range reqs {
		if py[i] != ours[i] {
			bad++
			if bad <= 10 {
				t.Errorf("%s: ours %s, python3 %s", reqs[i][:min(len(reqs[i]), 40)], ours[i][:min(len(ours[i]), 200)], py[i][:min(len(py[i]), 200)])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d reprs differ", bad, len(reqs))
	}
}

func loc(l, c, el, ec int) Loc { return Loc{Lineno: l, ColOffset: c, EndLineno: el, EndColOffset: ec} }

// TestDumpHandBuilt compares Dump of trees built by hand with python3's
// ast.dump of the source they stand for (independent of our parser).
func TestDumpHandBuilt(t *testing.T) {
	u := "u"
	cases := []struct {
		src  string
		tree *Module
	}{
		{"", &Module{}},
		{"from . import x as y\n", &Module{Body: []Stmt{&ImportFrom{Loc: loc(1, 0, 1, 20), Level: 1,
			Names: []*Alias{{Loc: loc(1, 14, 1, 20), Name: "x", Asname: Ident("y")}}}}}},
		{"import os.path\n", &Module{Body: []Stmt{&Import{Loc: loc(1, 0, 1, 14),
			Names: []*Alias{{Loc: loc(1, 7, 1, 14), Name: "os.path"}}}}}},
		{"x = {**a, 'b': u'c'}\n", &Module{Body: []Stmt{&Assign{Loc: loc(1, 0, 1, 20),
			Targets: []Expr{&Name{Loc: loc(1, 0, 1, 1), Id: "x", Ctx: Store}},
			Value: &Dict{Loc: loc(1, 4, 1, 20), Keys: []Expr{nil, &Constant{Loc: loc(1, 10, 1, 13), Value: "b"}},
				Values: []Expr{&Name{Loc: loc(1, 7, 1, 8), Id: "a"}, &Constant{Loc: loc(1, 15, 1, 19), Value: "c", Kind: &u}}}}}}},
		{"f(1.5, 2j, b'x', ..., None, 10**30)\n", &Module{Body: []Stmt{&ExprStmt{Loc: loc(1, 0, 1, 35),
			Value: &Call{Loc: loc(1, 0, 1, 35), Func: &Name{Loc: loc(1, 0, 1, 1), Id: "f"}, Args: []Expr{
				&Constant{Loc: loc(1, 2, 1, 5), Value: 1.5},
				&Constant{Loc: loc(1, 7, 1, 9), Value: complex(0, 2)},
				&Constant{Loc: loc(1, 11, 1, 15), Value: []byte("x")},
				&Constant{Loc: loc(1, 17, 1, 20), Value: EllipsisValue{}},
				&Constant{Loc: loc(1, 22, 1, 26), Value: NoneValue{}},
				&BinOp{Loc: loc(1, 28, 1, 34), Left: &Constant{Loc: loc(1, 28, 1, 30), Value: big.NewInt(10)}, Op: Pow,
					Right: &Constant{Loc: loc(1, 32, 1, 34), Value: big.NewInt(30)}},
			}}}}}},
		{"def f(a, *, b=1):\n    return\n", &Module{Body: []Stmt{&FunctionDef{Loc: loc(1, 0, 2, 10), Name: "f",
			Args: &Arguments{Args: []*Arg{{Loc: loc(1, 6, 1, 7), Arg: "a"}}, Kwonlyargs: []*Arg{{Loc: loc(1, 12, 1, 13), Arg: "b"}},
				KwDefaults: []Expr{&Constant{Loc: loc(1, 14, 1, 15), Value: big.NewInt(1)}}},
			Body: []Stmt{&Return{Loc: loc(2, 4, 2, 10)}}}}}},
		{"a < b is not c\n", &Module{Body: []Stmt{&ExprStmt{Loc: loc(1, 0, 1, 14), Value: &Compare{Loc: loc(1, 0, 1, 14),
			Left: &Name{Loc: loc(1, 0, 1, 1), Id: "a"}, Ops: []CmpOp{Lt, IsNot},
			Comparators: []Expr{&Name{Loc: loc(1, 4, 1, 5), Id: "b"}, &Name{Loc: loc(1, 13, 1, 14), Id: "c"}}}}}}},
		{"match x:\n    case None: pass\n", &Module{Body: []Stmt{&Match{Loc: loc(1, 0, 2, 19),
			Subject: &Name{Loc: loc(1, 6, 1, 7), Id: "x"},
			Cases: []*MatchCase{{Pattern: &MatchSingleton{Loc: loc(2, 9, 2, 13), Value: NoneValue{}},
				Body: []Stmt{&Pass{Loc: loc(2, 15, 2, 19)}}}}}}}},
	}
	var reqs []string
	for _, c := range cases {
		reqs = append(reqs, "d "+hex.EncodeToString([]byte(c.src)))
	}
	py := pythonRepr(t, reqs)
	for i, c := range cases {
		if got := Dump(c.tree, true); got != py[i] {
			t.Errorf("Dump for %q:\n ours   %s\n python %s", c.src, got, py[i])
		}
	}
	if got, want := Dump(cases[1].tree, false), "Module(body=[ImportFrom(names=[alias(name='x', asname='y')], level=1)], type_ignores=[])"; got != want {
		t.Errorf("Dump without attributes:\n got  %s\n want %s", got, want)
	}
}

func TestDumpDeepTreeDoesNotRecurse(t *testing.T) {
	var e Expr = &Name{Id: "x"}
	const depth = 100000
	for i := 0; i < depth; i++ {
		e = &UnaryOp{Op: Not, Operand: e}
	}
	got := Dump(&Module{Body: []Stmt{&ExprStmt{Value: e}}}, false)
	if n := strings.Count(got, "UnaryOp("); n != depth {
		t.Fatalf("dump has %d UnaryOp, want %d", n, depth)
	}
}
