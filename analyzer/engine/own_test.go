package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
	"github.com/sbxgate/sbxgate/config"
)

// probe is a check for tests: at a call probe_<what>(expr, ...) it records what the Pass answers
// about expr, as "line:answer".
func probe(answers *[]string) *Check {
	return &Check{
		ID: "SBX899", Name: "probe", Capability: "import", Severity: "low", CWE: 1, Doc: "d", Hint: "h", Message: "m",
		Nodes: []NodeKind{CallNode}, Unresolved: []NodeKind{CallNode},
		Run: func(p *Pass, n ast.Node) {
			c := n.(*ast.Call)
			f, ok := c.Func.(*ast.Name)
			if !ok || !strings.HasPrefix(f.Id, "probe_") || len(c.Args) == 0 {
				return
			}
			var ans string
			switch f.Id {
			case "probe_own":
				ans = fmt.Sprint(p.IsOwn(c.Args[0]))
			case "probe_defines":
				name, _ := p.ConstString(c.Args[1])
				ans = fmt.Sprint(p.IsOwn(c.Args[0]) && p.OwnDefines(c.Args[0], name))
			case "probe_defined":
				ans = fmt.Sprint(p.DefinedClassOrFunction(c.Args[0]))
			case "probe_type":
				ans = "?"
				for _, r := range p.Refs(c.Args[0]) {
					if class, inst, ok := p.TypeOf(r); ok {
						ans = class
						if inst {
							ans += "()"
						}
					}
				}
			case "probe_guarded":
				names, ok := p.GuardedStrings(c.Args[0].(*ast.Name))
				ans = fmt.Sprint(ok, names)
			case "probe_slots":
				names, ok := p.SlotNames(c.Args[0])
				names = slices.Sorted(slices.Values(names)) // collected from a map of classes
				ans = fmt.Sprint(ok, names)
			case "probe_class":
				class, ok := p.InstanceClass(c.Args[0])
				ans = fmt.Sprint(ok, " ", class)
			case "probe_made":
				ans = fmt.Sprint(p.MadeClasses())
			case "probe_mutated":
				inner := c.Args[0].(*ast.Call)
				ans = fmt.Sprint(p.ArgumentMutated(inner, 0))
			case "probe_rule":
				ans = "-"
				for _, r := range p.Refs(c.Args[0]) {
					if rule := p.RuleOf(r); rule != nil {
						ans = fmt.Sprintf("%s judged=%v", rule.Key, rule.Judged)
					}
				}
			}
			*answers = append(*answers, fmt.Sprintf("%d:%s", c.Lineno, ans))
		},
	}
}

func TestOwnAndReviewedFacts(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"self and instances", `
class A:
    def m(self):
        probe_own(self)
        probe_own(super())
a = A()
probe_own(a)
probe_own(A)
def f(x): probe_own(x)
probe_own(super(A, a))
`, []string{"4:false", "5:true", "7:true", "8:true", "9:false", "10:false"}}, // A is passed as a value: m may get any self
		{"self of a class used only to make instances", `
class A:
    def m(self):
        probe_own(self)
a = A()
A.m(a)
probe_own(a)
`, []string{"4:true", "7:true"}},
		{"self of a method called unbound with a library object", `
import asyncio
class A:
    def m(self):
        probe_own(self)
A.m(asyncio.new_event_loop())
`, []string{"5:false"}},
		{"self of a method reached through type(x), cls or the class's dict", `
import asyncio
class A:
    def m(self):
        probe_own(self)
class B:
    def n(self):
        probe_own(self)
    @classmethod
    def make(cls, x):
        return cls.n(x)
class C:
    def k(self):
        probe_own(self)
type(A()).m(asyncio.new_event_loop())
B.make(asyncio.new_event_loop())
C.__dict__["k"](asyncio.new_event_loop())
`, []string{"5:false", "8:false", "14:false"}},
		{"a class's names", `
import unittest
class Decoy:
    _helper = None
class L(unittest.TestLoader):
    _mine = 1
    def m(self):
        self._set = 2
        probe_defines(self, "_mine")
        probe_defines(self, "_set")
        probe_defines(self, "_helper")
        probe_defines(super(), "_mine")
class P:
    def m(self, other: "P"):
        self._x = 1
        probe_defines(other, "_x")
def f(q: P):
    probe_defines(q, "_x")
def g(q: P):
    probe_defines(q, "_x")
f(P())
g(unittest.TestLoader())
`, []string{"9:true", "10:true", "11:false", "12:false", "16:false", "18:true", "20:false"}},
		{"a private name a library base may set over the class's", `
import asyncio
class Loop(asyncio.SelectorEventLoop):
    _ssock = None
    _mine_only = 1
    def m(self):
        probe_defines(self, "_ssock")
        probe_defines(self, "_mine_only")
`, []string{"7:false", "8:true"}},
		{"defined classes and functions", `
class A: pass
def g(): pass
b = A
probe_defined(A)
probe_defined(g)
probe_defined(b)
for c in (A, g):
    probe_defined(c)
for name, fn in {"a": A, "g": g}.items():
    probe_defined(fn)
def h(cls): probe_defined(cls)
h(A)
h(g)
def k(cls): probe_defined(cls)
k(A)
k(A())
`, []string{"5:true", "6:true", "7:false", "9:true", "11:true", "12:true", "15:false"}},
		{"names a guard bounds", `
ALLOWED = {"sqrt", "sin"}
def f(name):
    if name not in ALLOWED:
        raise ValueError(name)
    probe_guarded(name)
def g(name):
    probe_guarded(name)
    if name not in ALLOWED:
        raise ValueError(name)
def h(name):
    if name not in ALLOWED:
        raise ValueError(name)
    name = name.upper()
    probe_guarded(name)
GROWN = ["a"]
GROWN.append("__loader__")
def k(name):
    if name not in GROWN:
        return None
    probe_guarded(name)
`, []string{"6:true [sqrt sin]", "8:false []", "15:false []", "21:false []"}},
		{"slots of plain classes", `
class V:
    __slots__ = ("x", "y")
    def m(self):
        probe_slots(self)
class W:
    __slots__ = tuple(["z"])
    def m(self):
        probe_slots(self)
`, []string{"5:false [x y]", "9:false [x y]"}},
		{"slots of instances without a dict", `
class V:
    __slots__ = ("x", "y")
    def m(self):
        probe_slots(self)
class P(V):
    __slots__ = ("z",)
v = V()
probe_slots(v)
`, []string{"5:true [x y z]", "9:true [x y z]"}},
		{"slots read where the object has a dict or no slots", `
class V:
    __slots__ = ("x", "y")
    def m(self):
        probe_slots(self)
class Sub(V):
    pass
class Bare:
    def __getattr__(self, key):
        return ("__globals__",)
    def m(self):
        probe_slots(self)
class Open:
    __slots__ = ("a", "__dict__")
    def m(self):
        probe_slots(self)
        probe_slots(type(self))
`, []string{"5:false []", "12:false []", "16:false []", "17:false []"}},
		{"classes an own function returns", `
import argparse
def build():
    parser = argparse.ArgumentParser()
    return parser
def maybe(flag):
    if flag:
        return argparse.ArgumentParser()
probe_class(build())
probe_class(build().parse_args([]))
probe_class(maybe(True))
args = build().parse_args([])
probe_class(args)
`, []string{"9:true argparse.ArgumentParser", "10:true argparse.Namespace", "11:false ", "13:true argparse.Namespace"}},
		{"what a patched class's methods return is not known", `
import argparse
def known(args=None, namespace=None):
    return object(), []
parser = argparse.ArgumentParser()
parser.parse_known_args = known
probe_class(parser.parse_args([]))
probe_type(parser.parse_args([]))
`, []string{"7:false ", "8:?"}},
		{"a class of the program handed to a library as a factory", `
import argparse
class Section:
    def parse_known_args(self, args=None, namespace=None):
        return object(), []
parser = argparse.ArgumentParser()
parser.add_subparsers(dest="command", parser_class=Section).add_parser("x")
probe_class(parser.parse_args(["x"]))
`, []string{"8:false "}},
		{"library code copying attributes onto a parser", `
import argparse, functools
parser = argparse.ArgumentParser()
functools.update_wrapper(parser, print)
probe_class(parser.parse_args([]))
`, []string{"5:false "}},
		{"a method replaced through setattr with a computed name", `
import argparse
parser = argparse.ArgumentParser()
setattr(parser, "parse_" + "known_args", print)
probe_type(parser.parse_args([]))
`, []string{"5:?"}},
		{"arguments a function may change", `
def reads(argv):
    return len(argv)
def writes(target):
    target[1:] = ["x"]
def passes(items):
    other(items)
def other(x):
    return x
probe_mutated(reads([1]))
probe_mutated(writes([1]))
probe_mutated(passes([1]))
probe_mutated(print([1]))
`, []string{"10:false", "11:true", "12:true", "13:true"}},
		{"a list read by operations with inert operands", `
import collections.abc
NAMES = ["a", "b"]
OTHER = ["a", "b"]
def f(name):
    if NAMES == OTHER and "a" in NAMES and NAMES != ("a",) and isinstance(NAMES, (list, collections.abc.Sequence)):
        print(NAMES + ["c"], NAMES * 2, max(NAMES), NAMES.index("a"), {"k": 1}.get("k"))
    if name not in NAMES:
        raise KeyError(name)
    probe_guarded(name)
`, []string{"10:true [a b]"}},
		{"reads that hand the list itself on", `
import typing
MAX = ["a"]
ALIAS = ["a"]
METHOD = ["a"]
PLAIN = ["a", "b"]
max(MAX, []).append("__globals__")
typing.get_args(tuple[ALIAS])[0].append("__globals__")
METHOD.copy.__self__.append("__globals__")
print(max(PLAIN), PLAIN.copy(), tuple[int], max(1, 2, key=abs))
def f(name):
    if name not in MAX:
        raise KeyError(name)
    probe_guarded(name)
def g(name):
    if name not in ALIAS:
        raise KeyError(name)
    probe_guarded(name)
def h(name):
    if name not in METHOD:
        raise KeyError(name)
    probe_guarded(name)
def j(name):
    if name not in PLAIN:
        raise KeyError(name)
    probe_guarded(name)
`, []string{"14:false []", "18:false []", "22:false []", "26:true [a b]"}},
		{"a list handed to another operand's special methods", `
NAMES = ["a", "b"]
def f(name, probe, K):
    if NAMES in probe or probe == NAMES or isinstance(NAMES, K):
        pass
    if name not in NAMES:
        raise KeyError(name)
    probe_guarded(name)
LIST = ["a"]
def g(name, probe):
    print(LIST + probe)
    if name not in LIST:
        raise KeyError(name)
    probe_guarded(name)
ITEMS = ["a"]
def h(name, probe):
    print(probe[ITEMS], max(ITEMS, probe))
    assert name, ITEMS
    if name not in ITEMS:
        raise KeyError(name)
    probe_guarded(name)
`, []string{"8:false []", "14:false []", "21:false []"}},
		{"no class made: metaclasses in class statements, wrappers, annotations", `
import abc, functools
class Base(metaclass=abc.ABCMeta):
    registry: dict[str, type] = {}
    def handle(self, event, *args):
        handler = getattr(self, "on_" + event, None)
        return handler(*args) if handler else None
def logged(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)
    return wrapper
@logged
def f(x: type, y: type | None = None):
    print(type(x).__name__, isinstance(x, type), type(x) is int, "{}".replace("{", "(", 1))
    object.__setattr__(x, "name", y)
probe_made(f)
`, []string{"17:false"}},
		{"a class made by a metaclass called", `
import abc
Label = abc.ABCMeta("Label", (str,), {})
probe_made(Label)
`, []string{"4:true"}},
		{"a class made by type(x) called", `
M = type(str)
Label = M("Label", (str,), {})
probe_made(Label)
`, []string{"4:true"}},
		{"a class made by a parameter called with spread arguments", `
def mk(m, *a):
    return m(*a)
Label = mk(type(str), "Label", (str,), {})
probe_made(Label)
`, []string{"5:true"}},
		{"a metaclass handed to code that calls it", `
import functools, abc
Label = functools.partial(abc.ABCMeta, "Label")((str,), {})
probe_made(Label)
`, []string{"4:true"}},
		{"a class made by an enum's functional call", `
import enum
Kind = enum.Enum("Kind", {"A": 1})
probe_made(Kind)
`, []string{"4:true"}},
		{"a metaclass of the program called", `
class Meta(type):
    pass
Label = Meta("Label", (str,), {})
probe_made(Label)
`, []string{"5:true"}},
		{"types of the reviewed API", `
import re, sqlite3, unittest, asyncio, sys
probe_type(re.compile("x"))
probe_type(sqlite3.connect(":memory:").cursor())
probe_type(unittest.defaultTestLoader)
probe_type(asyncio.new_event_loop())
probe_type(unittest.TestLoader)
probe_type(sys.stdout)
probe_type(len("x"))
`, []string{"3:re.Pattern()", "4:sqlite3.Cursor()", "5:unittest.loader.TestLoader()",
			"6:asyncio.unix_events._UnixSelectorEventLoop()", "7:unittest.loader.TestLoader", "8:_io.TextIOWrapper()", "9:?"}},
		{"rules of the review", `
import typing, timeit, unittest, tempfile, json
probe_rule(typing.ForwardRef)
probe_rule(timeit.timeit)
probe_rule(unittest.TestLoader().discover)
probe_rule(unittest.defaultTestLoader.loadTestsFromName)
probe_rule(tempfile.TemporaryDirectory.mro)
probe_rule(json.dumps)
`, []string{"3:typing.ForwardRef judged=false", "4:timeit.timeit judged=true",
			"5:unittest.loader.TestLoader.discover judged=false", "6:unittest.loader.TestLoader.loadTestsFromName judged=false",
			"7:builtins.type.mro judged=false", "8:-"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			a, err := New(config.Default(), []*Check{probe(&got)})
			if err != nil {
				t.Fatal(err)
			}
			rep := a.Analyze(context.Background(), "x.py", []byte(strings.TrimPrefix(tt.src, "\n")))
			if rep.ParseError != nil {
				t.Fatalf("parse error %+v", *rep.ParseError)
			}
			// The source starts at its first line; the want lines count from there.
			if strings.Join(got, " ") != strings.Join(shiftLines(tt.want, -1), " ") {
				t.Errorf("got  %v\nwant %v", got, shiftLines(tt.want, -1))
			}
		})
	}
}

// shiftLines moves the "line:answer" entries by d lines.
func shiftLines(xs []string, d int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		var line int
		var rest string
		fmt.Sscanf(x, "%d:", &line)
		rest = x[strings.IndexByte(x, ':')+1:]
		out[i] = fmt.Sprintf("%d:%s", line+d, rest)
	}
	return out
}
