package analyzer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/config"
)

func newTestAnalyzer(t testing.TB) *Analyzer {
	t.Helper()
	a, err := New(config.Default())
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// findings renders a report's findings as "line:RULE" strings, sorted.
func findings(rep *Report) []string {
	out := []string{}
	for _, f := range rep.Findings {
		out = append(out, fmt.Sprintf("%d:%s", f.Line, f.Rule))
	}
	slices.Sort(out)
	return out
}

func TestReportBasics(t *testing.T) {
	a := newTestAnalyzer(t)
	src := []byte("import json\nprint(json.dumps({}))\n")
	rep := a.Analyze(context.Background(), "x.py", src)
	sum := sha256.Sum256(src)
	if rep.SHA256 != hex.EncodeToString(sum[:]) || rep.Size != len(src) || rep.Path != "x.py" {
		t.Errorf("identity fields: %+v", rep)
	}
	if rep.AnalyzerVersion != Version || rep.ParseError != nil {
		t.Errorf("version %q, parse error %v", rep.AnalyzerVersion, rep.ParseError)
	}
	if len(rep.Imports) != 1 || rep.Imports[0].Module != "json" || !rep.Imports[0].Allowed || rep.Imports[0].Line != 1 {
		t.Errorf("imports: %+v", rep.Imports)
	}
	if rep.Findings == nil || rep.Capabilities == nil || len(rep.Findings) != 0 {
		t.Errorf("findings %v capabilities %v: want empty, non-nil", rep.Findings, rep.Capabilities)
	}
}

// TestSnippets pins behaviour the corpus does not spell out: aliasing, scoping and shadowing, the
// folder's reach, and precision on benign code. Each want lists "line:RULE" findings.
func TestSnippets(t *testing.T) {
	a := newTestAnalyzer(t)
	tests := []struct {
		name string
		src  string
		want []string
	}{
		// benign: none of these may produce a finding
		{"os variable names", "os_version = '3'\nexec_count = 1\neval_score = 2\nprint(os_version, exec_count, eval_score)\n", nil},
		{"import in docstring", "'''\nimport os\nos.system('x')\n'''\nx = 1\n", nil},
		{"subprocess in a string", "msg = 'use subprocess.run for that'\nprint(msg)\n", nil},
		{"user method exec", "class Job:\n    def exec(self):\n        return 1\nj = Job()\nj.exec()\nobj = j\nobj.exec()\n", nil},
		{"local def eval", "def eval(s):\n    return s\nprint(eval('1'))\n", nil},
		{"re.compile", "import re\nPAT = re.compile(r'\\d+')\n", nil},
		{"json loads", "import json\nprint(json.loads('{}'))\n", nil},
		{"public attribute field", "class P:\n    def __repr__(self):\n        return 'P({0.x}, {0.y}, {0[k]})'.format(self)\n", nil},
		{"computed setattr on a function with type hints", "import json, typing\ndef run(job):\n    return job\nS = json.loads('{}')\nsetattr(run, S['k'], {'job': S['v']})\nprint(typing.get_type_hints(run))\n", []string{"5:SBX205"}},
		{"getstate slot state", "import copy\nclass P:\n    def __getstate__(self):\n        return None, {'a': 1}\ncopy.copy(P())\n", []string{"3:SBX301"}},
		{"reduce without state", "import copy\nclass P:\n    def __reduce__(self):\n        return (P, ())\ncopy.copy(P())\n", nil},
		{"library method on own self", "import argparse\nclass P:\n    pass\np = P()\nargparse.Namespace.__init__(p, a=1)\n", []string{"5:SBX403"}},
		{"base init by name", "import argparse\nclass N(argparse.Namespace):\n    def __init__(self, **kw):\n        argparse.Namespace.__init__(self, a=1)\n", nil},
		{"argparse into an own namespace", "import argparse\nclass P:\n    pass\nparser = argparse.ArgumentParser()\nparser.parse_args([], P())\nparser.parse_args([], namespace=P())\n", []string{"5:SBX403", "6:SBX403"}},
		{"library init taken as a value", "import argparse\nclass P:\n    pass\ninit = argparse.Namespace.__init__\ninit(P(), a=1)\n", []string{"4:SBX403"}},
		{"argparse dunder dest", "import argparse\nparser = argparse.ArgumentParser()\nparser.add_argument('--x', dest='__class__')\nparser.add_argument('--y', dest='y')\nprint(parser.parse_args([], namespace=argparse.Namespace(z=1)))\n", []string{"3:SBX403"}},
		{"computed __setattr__ on a function with type hints", "import json, typing\ndef run(job):\n    return job\nS = json.loads('{}')\nobject.__setattr__(run, S['k'], {'job': S['v']})\nrun.__setattr__(S['k'], {})\nprint(typing.get_type_hints(run))\n", []string{"5:SBX205", "6:SBX205"}},
		{"getstate stored outside the class", "import copy\nclass P:\n    pass\ndef gs(self):\n    return None, {'a': 1}\nP.__getstate__ = gs\ncopy.copy(P())\n", []string{"6:SBX301"}},
		{"setattr from kwargs", "class C:\n    def __init__(self, **kw):\n        for k, v in kw.items():\n            setattr(self, k, v)\n", nil},
		{"plain format", "print('{} {name:>8} {0}'.format(1, name='x'))\n", nil},
		{"constant getattr", "class C: pass\nc = C()\nprint(getattr(c, 'name', None), getattr(len, '__name__'))\n", nil},
		{"prefixed computed getattr", "class V:\n    def visit(self, kind):\n        return getattr(self, 'visit_' + kind)()\n", nil},
		{"getattr over dataclass fields", "from dataclasses import dataclass, fields\n@dataclass\nclass P:\n    x: int = 0\n    def as_dict(self):\n        return {f.name: getattr(self, f.name) for f in fields(self)}\n", nil},
		{"getattr over constant names", "class P:\n    def row(self):\n        out = []\n        for attr in ('x', 'y'):\n            out.append(getattr(self, attr))\n        return out\n", nil},
		{"getattr over dunder names", "def f(o):\n    for attr in ('__class__', '__globals__'):\n        o = getattr(o, attr)\n", []string{"3:SBX403"}},
		{"os.path and environ", "import os\nprint(os.path.join('a', 'b'), os.environ.get('HOME'))\n", nil},
		{"vars of an object", "import argparse\nargs = argparse.Namespace(a=1)\nprint(vars(args))\n", nil},
		{"match walrus async", "async def f(xs):\n    if (n := len(xs)) > 1:\n        match xs:\n            case [a, *rest]:\n                return a\n    return n\n", nil},
		{"typing and dataclass", "from dataclasses import dataclass\nfrom typing import Optional\n@dataclass\nclass P:\n    x: Optional[int] = None\n    y: 'P | None' = None\n", nil},
		{"timeit callable", "import timeit\nprint(timeit.timeit(lambda: sum(range(10)), number=10))\n", nil},
		{"sys stdout redirect", "import sys, io\nsys.stdout = io.StringIO()\n", nil},
		{"def used as a value stores its parameter", "def deco(fn):\n    fn(object, print)\n    return fn\ndef install(kind, value):\n    kind.hook = value\ninstall = deco(install)\n", []string{"5:SBX603"}},
		{"def called by name stores data", "class C:\n    pass\ndef install(kind, value):\n    kind.hook = value\ninstall(C(), 1)\n", nil},
		{"match args from an inherited metaclass", "import asyncio\nclass Meta(type):\n    __match_args__ = ('_ssock',)\nclass B(metaclass=Meta):\n    pass\nclass P(B):\n    __match_args__ = ('x',)\nmatch asyncio.new_event_loop():\n    case P(s):\n        print(s)\n", []string{"9:SBX305"}},
		{"inherited library dunder as a value or through super", "import argparse, asyncio\nclass M(argparse.Namespace):\n    pass\nloop = asyncio.new_event_loop()\nm = M()\neq = M.__eq__\nT = type(m)\nT.__eq__(loop, m)\nsuper(M, M).__eq__(loop, m)\n", []string{"6:SBX403", "8:SBX403", "9:SBX403"}},
		{"match args from the metaclass", "import asyncio\nclass Meta(type):\n    @property\n    def __match_args__(cls):\n        return ('_ssock',)\nclass P(metaclass=Meta):\n    __match_args__ = ('x',)\nmatch asyncio.new_event_loop():\n    case P(s):\n        print(s)\n", []string{"9:SBX305"}},
		{"match args with a plain metaclass", "class Meta(type):\n    def describe(cls):\n        return cls.__name__\nclass P(metaclass=Meta):\n    __match_args__ = ('x',)\n    def __init__(self):\n        self.x = 1\nmatch P():\n    case P(v):\n        print(v)\n", nil},
		{"library ancestor's private name bound in a class body", "import contextlib, asyncio, ast\nclass Swap(contextlib.redirect_stdout):\n    _stream = 'path'\nclass Loop(asyncio.SelectorEventLoop):\n    _fields = ('_ssock',)\nclass M:\n    _stream = 'path'\nclass S(M, contextlib.redirect_stderr):\n    pass\nclass T(contextlib.redirect_stdout):\n    match 'path':\n        case _stream:\n            pass\n", []string{"3:SBX305", "5:SBX305", "7:SBX305", "12:SBX305"}},
		{"attribute hook of a class with library state", "import asyncio\nclass Loop(asyncio.SelectorEventLoop):\n    def __setattr__(self, name, value):\n        object.__setattr__(self, name, value)\nclass Plain:\n    def __setattr__(self, name, value):\n        object.__setattr__(self, name, value)\nclass Copied(asyncio.SelectorEventLoop):\n    def __setstate__(self, state):\n        pass\nclass Viewed(asyncio.SelectorEventLoop):\n    __dict__ = property(dict)\n    def __repr__(self):\n        return 'Viewed'\n", []string{"3:SBX305", "9:SBX305", "12:SBX305"}},
		{"cached_property names", "import functools\nclass C:\n    @functools.cached_property\n    def _ssock(self):\n        return 1\n    @functools.cached_property\n    def total(self):\n        return 2\ncp = functools.cached_property(len)\nC.total.attrname = '_ssock'\nmade = getattr(functools, 'cached_property')(len)\nname_it = getattr(made, '__set_name__')\nname_it = made.__set_name__\n", []string{"3:SBX305", "4:SBX305", "9:SBX305", "10:SBX305", "11:SBX305", "12:SBX305", "13:SBX305"}},
		{"own descriptor's attrname", "class Prop:\n    def __set_name__(self, owner, name):\n        self.attrname = name\nclass C:\n    p = Prop()\n", nil},
		{"enum hook and namedtuple fields", "import enum\nclass Color(enum.Enum):\n    RED = 1\n    @classmethod\n    def _missing_(cls, value):\n        return cls.RED\nclass Row:\n    _fields = ('a', 'b')\n", nil},
		{"type namespace with a library base's private name", "import contextlib\nSwap = type('Swap', (contextlib.redirect_stdout,), {'_stream': 'path'})\nBox = type('Box', (object,), {'_stream': 'path'})\n", []string{"2:SBX305"}},
		{"computed setattr of data over library state", "import contextlib, json\nclass Swap(contextlib.redirect_stdout):\n    def __init__(self, target, **kw):\n        super().__init__(target)\n        for k, v in kw.items():\n            setattr(self, k, v)\nclass Plain:\n    def __init__(self, **kw):\n        for k, v in kw.items():\n            setattr(self, k, v)\nK = json.loads('\"_stream\"')\nsetattr(Swap, K, 'path')\nsetattr(contextlib.redirect_stdout(None), K, 'path')\ndef configure(obj):\n    setattr(obj, K, 'path')\n    return obj\n", []string{"6:SBX403", "12:SBX403", "13:SBX403", "15:SBX403"}},
		{"metaclass of a class with library state", "import abc, contextlib\nclass Meta(abc.ABCMeta):\n    pass\nclass Swap(contextlib.redirect_stdout, metaclass=Meta):\n    pass\nclass Reg(metaclass=Meta):\n    pass\nS = Meta('S', (contextlib.redirect_stdout,), {})\n", []string{"4:SBX305", "8:SBX305"}},
		{"update_wrapper onto an object with library state", "import contextlib, functools\nclass Holder:\n    _stream = 'path'\nclass Swap(contextlib.redirect_stdout):\n    def __init__(self, target, holder):\n        super().__init__(target)\n        functools.update_wrapper(self, holder)\nfunctools.update_wrapper(Swap, Holder, assigned=('_stream',), updated=())\nfunctools.update_wrapper(Swap, Holder, assigned=('__doc__',), updated=())\n", []string{"3:SBX305", "7:SBX305", "8:SBX305"}},
		{"deepcopy memos", "import copy\nclass Memo(dict):\n    pass\nclass Box:\n    def __init__(self, items):\n        self.items = items\n    def __deepcopy__(self, memo):\n        return Box(copy.deepcopy(self.items, memo))\nb = Box([1])\ncopy.deepcopy(b)\ncopy.deepcopy(b, {})\ncopy.deepcopy(b, None)\ncopy.deepcopy(b, Memo())\ncopy.deepcopy(b, memo={1: 2})\nb.__deepcopy__(Memo())\ncopies = list(map(copy.deepcopy, [b]))\n", []string{"13:SBX305", "14:SBX305", "15:SBX305", "16:SBX204"}},
		{"plain class made a base unseen", "import contextlib\nclass Holder:\n    _stream = 'path'\n    _ = 1\nSwap = type('Swap', (Holder, contextlib.redirect_stdout), {})\nclass Kept:\n    _stream = 'path'\nk = Kept()\n", []string{"3:SBX305"}},
		{"judged calls with spread arguments", "import asyncio, copy\nloop = asyncio.new_event_loop()\nsock = getattr(*[loop, '_ssock'])\nsetattr(*(loop, 'x', 1))\ncopy.deepcopy(*[loop])\nprint(*[1, 2], **{'sep': ' '})\ntype.__setattr__(*[loop, '_x', 1])\nobject.__setattr__(loop, *['y', 2])\n", []string{"3:SBX204", "4:SBX204", "5:SBX204", "7:SBX403", "8:SBX403"}},
		{"argparse with spread arguments", "import argparse\nclass P:\n    pass\nparser = argparse.ArgumentParser()\nparser.add_argument('--x', **{'dest': '__class__', 'action': 'store_const', 'const': P})\nparser.add_argument(*['--y'], **{'dest': 'y'})\nparser.parse_args(*[[], P()])\nparser.parse_args([])\n", []string{"5:SBX403", "7:SBX403"}},
		{"inherited library dunder with a foreign self", "import argparse, asyncio\nclass M(argparse.Namespace):\n    pass\nloop = asyncio.new_event_loop()\nm = M()\nM.__eq__(loop, m)\ntype(m).__eq__(loop, m)\nm.__class__.__eq__(loop, m)\n", []string{"6:SBX403", "7:SBX403", "8:SBX403"}},
		{"dunders of the object's own class", "import argparse\nclass M(argparse.Namespace):\n    def __repr__(self):\n        return type(self).__name__\nclass N:\n    pass\nm = M()\nprint(type(m).__eq__(m, m), M.__repr__(m), m.__class__.__repr__(m), N.__eq__(N(), 1))\n", nil},
		{"decorator calls the def", "import timeit\ndef deco(fn):\n    fn(input())\n    return fn\n@deco\ndef bench(stmt):\n    return timeit.timeit(stmt, number=1)\nbench('pass')\n", []string{"7:SBX601"}},
		{"marker decorators keep the calls", "import timeit, functools\ndef base(stmt):\n    return stmt\n@functools.wraps(base)\ndef bench(stmt):\n    return timeit.timeit(stmt, number=1)\nbench('pass')\n", nil},
		{"decorator passes a class and a function", "def deco(fn):\n    fn(object, print)\n    return fn\n@deco\ndef install(kind, value):\n    kind.hook = value\n", []string{"6:SBX603"}},
		{"update_wrapper onto a library object", "import asyncio, functools\nclass H:\n    pass\nloop = asyncio.new_event_loop()\nfunctools.update_wrapper(loop, H())\nfunctools.wraps(H())(loop)\n", []string{"5:SBX305", "6:SBX305"}},
		{"update_wrapper onto the program's objects", "import functools\nclass C:\n    def __init__(self, fn):\n        functools.update_wrapper(self, fn)\ndef deco(fn):\n    @functools.wraps(fn)\n    def inner(*a):\n        return fn(*a)\n    functools.update_wrapper(inner, fn)\n    return functools.wraps(fn)(inner)\n", nil},

		// aliasing and resolution
		{"eval alias reported at the alias", "e = eval\ne('1')\n", []string{"1:SBX201"}},
		{"builtins alias", "b = __builtins__\nb.exec('1')\n", []string{"1:SBX401", "2:SBX201"}},
		{"getattr alias computed", "g = getattr\nname = input()\ng(object, name)\n", []string{"3:SBX403"}},
		{"module alias os.system", "import os as o\no.system('id')\n", []string{"2:SBX101"}},
		{"from import system", "from os import system as s\ns('id')\n", []string{"1:SBX101"}},
		{"tuple unpacking", "a, b = len, eval\nb('1')\n", []string{"1:SBX201"}},
		{"constant propagation", "x = 'o'\ny = x + 's'\nm = __import__(y)\nm.system('id')\n", []string{"3:SBX103", "4:SBX101"}},
		{"chr arithmetic", "__import__(chr(0x6f) + chr(0x73)).system('id')\n", []string{"1:SBX101", "1:SBX103"}},
		{"reversed slice", "__import__('so'[::-1]).popen('id')\n", []string{"1:SBX101", "1:SBX103"}},
		{"join of chars", "m = __import__(''.join(['s', 'u', 'b', 'p', 'r', 'o', 'c', 'e', 's', 's']))\n", []string{"1:SBX103"}},
		{"base64 name", "import base64\nm = __import__(base64.b64decode('b3M=').decode())\nm.system('x')\n", []string{"2:SBX103", "2:SBX702", "3:SBX101"}},
		{"rot13 name", "import codecs\n__import__(codecs.decode('bf', 'rot13')).system('x')\n", []string{"1:SBX100", "2:SBX101", "2:SBX103", "2:SBX702"}},
		{"unknown name", "def f(n):\n    return __import__(n)\n", []string{"2:SBX104"}},
		{"loop variable name", "for n in ['os', 'sys']:\n    __import__(n)\n", []string{"2:SBX104"}},
		{"getattr builtins chr", "import builtins\nf = getattr(builtins, ''.join(map(chr, [101, 118, 97, 108])))\n", []string{"1:SBX401", "2:SBX201"}},
		{"methodcaller", "import operator, os\noperator.methodcaller('system', 'id')(os)\n", []string{"2:SBX101"}},
		{"attrgetter through shutil", "import operator, shutil\noperator.attrgetter('os.system')(shutil)('id')\n", []string{"2:SBX101"}},
		{"random._os", "import random\nrandom._os.system('id')\n", []string{"2:SBX101", "2:SBX501"}},

		// scoping and shadowing
		{"conditional shadow keeps builtin", "if False:\n    def eval(s):\n        return s\neval('1')\n", []string{"4:SBX201"}},
		{"shadow after use", "eval('1')\ndef eval(s):\n    return s\n", []string{"1:SBX201"}},
		{"del restores builtin", "def eval(s):\n    return s\ndel eval\neval('1')\n", []string{"4:SBX201"}},
		{"class body order", "class A:\n    x = eval('1')\n    eval = None\n", []string{"2:SBX201"}},
		{"function local shadows", "def f():\n    eval = len\n    return eval('ab')\n", nil},
		{"global declaration", "def f():\n    global run\n    run = eval\nf()\nrun('1')\n", []string{"3:SBX201"}},
		{"parameter default", "def f(b=__builtins__):\n    return b.eval('1')\n", []string{"1:SBX401", "2:SBX201"}},
		{"comprehension scope", "xs = [eval(s) for s in ['1']]\n", []string{"1:SBX201"}},

		// other rules
		{"wildcard os", "from os import *\nsystem('id')\n", []string{"1:SBX105"}},
		{"format traversal", "t = '{0.__class__.__init__.__globals__}'\nprint(t.format(len))\n", []string{"2:SBX701"}},
		{"monkeypatch", "import os\nos.system = print\n", []string{"2:SBX101", "2:SBX603"}},
		{"sys.modules assignment", "import sys\nsys.modules['os'] = None\n", []string{"2:SBX303", "2:SBX603"}},
		{"string annotation", "def f(x: \"__import__('os').system('id')\"):\n    pass\n", []string{"1:SBX101", "1:SBX103"}},
		{"breakpoint", "breakpoint()\n", []string{"1:SBX602"}},
		{"timeit string", "import timeit\ntimeit.timeit('1+1')\n", []string{"2:SBX601"}},
		{"subclasses walk", "().__class__.__bases__[0].__subclasses__()\n", []string{"1:SBX301", "1:SBX301"}},
		{"asyncio loop subprocess", "import asyncio\nasync def m():\n    loop = asyncio.get_running_loop()\n    await loop.subprocess_shell(None, 'id')\n", []string{"4:SBX102"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := a.Analyze(context.Background(), "x.py", []byte(tt.src))
			if rep.ParseError != nil {
				t.Fatalf("parse error: %+v", *rep.ParseError)
			}
			got := findings(rep)
			want := append([]string{}, tt.want...)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				var msgs []string
				for _, f := range rep.Findings {
					msgs = append(msgs, fmt.Sprintf("%d:%s %s", f.Line, f.Rule, f.Message))
				}
				t.Errorf("got %v, want %v\n%s", got, want, strings.Join(msgs, "\n"))
			}
		})
	}
}

// Deep and wide inputs stay bounded: no stack overflow, no runaway work.
func TestBoundedOnHostileInput(t *testing.T) {
	a := newTestAnalyzer(t)
	var b strings.Builder
	b.WriteString("x0 = 'a'\n")
	for i := 1; i < 200; i++ {
		fmt.Fprintf(&b, "x%d = x%d + x%d\n", i, i-1, i-1) // doubles each time: folding must give up
	}
	b.WriteString("__import__(x199)\n")
	rep := a.Analyze(context.Background(), "x.py", []byte(b.String()))
	if rep.ParseError != nil {
		t.Fatal(rep.ParseError)
	}
	if got := findings(rep); !slices.Equal(got, []string{"201:SBX104"}) {
		t.Errorf("got %v", got)
	}
	// A long chain of module aliases in source order is followed (each step is resolved, and
	// remembered, where it is written)...
	b.Reset()
	b.WriteString("import os\na0 = os\n")
	for i := 1; i < 2000; i++ {
		fmt.Fprintf(&b, "a%d = a%d\n", i, i-1)
	}
	b.WriteString("a1999.system('id')\n")
	rep = a.Analyze(context.Background(), "x.py", []byte(b.String()))
	if got := findings(rep); rep.ParseError != nil || !slices.Equal(got, []string{"2002:SBX101"}) {
		t.Errorf("alias chain: got %v %v", rep.ParseError, got)
	}
	// ...while one that must be followed backwards beyond the depth limit is refused (fail closed).
	b.Reset()
	b.WriteString("import os\ndef f():\n    return a1999.system('id')\nf()\n")
	for i := 1999; i > 0; i-- {
		fmt.Fprintf(&b, "a%d = a%d\n", i, i-1)
	}
	b.WriteString("a0 = os\n")
	rep = a.Analyze(context.Background(), "x.py", []byte(b.String()))
	if rep.ParseError == nil || rep.ParseError.Kind != "LimitError" {
		t.Errorf("backward alias chain: got %v %v, want a LimitError", rep.ParseError, findings(rep))
	}
	// A short one is followed.
	rep = a.Analyze(context.Background(), "x.py", []byte("import os\na = os\nb = a\nc = b\nc.system('id')\n"))
	if got := findings(rep); !slices.Equal(got, []string{"5:SBX101"}) {
		t.Errorf("short alias chain: %v", got)
	}
}

// The analyzer is shared by concurrent requests: the same input gives the same report.
func TestConcurrentAnalyze(t *testing.T) {
	a := newTestAnalyzer(t)
	srcs := [][]byte{
		[]byte("import os\nos.system('id')\n"),
		[]byte("e = eval\ne('1')\nimport json\n"),
		[]byte("x = 'o' + 's'\n__import__(x).popen('id')\n"),
		[]byte("import random\nrandom._os.system('x')\n"),
	}
	want := make([][]string, len(srcs))
	for i, s := range srcs {
		want[i] = findings(a.Analyze(context.Background(), "x.py", s))
	}
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func() {
			for n := 0; n < 50; n++ {
				i := (g + n) % len(srcs)
				if got := findings(a.Analyze(context.Background(), "x.py", srcs[i])); !slices.Equal(got, want[i]) {
					errs <- fmt.Errorf("source %d: got %v, want %v", i, got, want[i])
					return
				}
			}
			errs <- nil
		}()
	}
	for g := 0; g < 8; g++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// A program that imports a package of the data image is analyzed with that profile's reviewed API
// and needs the profile; one that only names a package in a string is analyzed as any other.
func TestProfileOfReport(t *testing.T) {
	a, err := New(config.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		src, profile string
		findings     int
	}{
		{"import pandas as pd\nprint(pd.DataFrame({'a': [1]}).describe())\n", "data", 0},
		{"from sklearn.linear_model import LinearRegression\nLinearRegression()\n", "data", 0},
		{"import json\nname = 'pandas numpy PIL'\nclass W:\n    pass\nfor w in [W()]:\n    w.show\nprint(json.dumps(name))\n", "", 0},
		{"import numpy\nnumpy.ctypeslib.as_array\n", "data", 1},
		{"import numpy._globals\n", "data", 1},
		{"import sklearn.utils.parallel\n", "data", 1},
	} {
		rep := a.Analyze(context.Background(), "p.py", []byte(tt.src))
		if rep.ParseError != nil || rep.Profile != tt.profile || len(rep.Findings) != tt.findings {
			t.Errorf("%q: profile %q, findings %v, parse error %v; want profile %q and %d findings", tt.src, rep.Profile, rep.Findings, rep.ParseError, tt.profile, tt.findings)
		}
	}
}

// A report holds at most 1,000 findings; a program with more is refused (a LimitError the policy
// denies), never decided on the part the report kept. Those of a string Python evaluates count.
func TestReportFindingLimit(t *testing.T) {
	a := newTestAnalyzer(t)
	evals := strings.Repeat("eval('1')\n", 1000)
	for _, tt := range []struct {
		name, src string
		refused   bool
	}{
		{"at the limit", evals, false},
		{"past the limit", evals + "eval('2')\n", true},
		{"past the limit in an annotation", "import typing\n" + evals + "def f(x: 'eval(\"1\")'): pass\ntyping.get_type_hints(f)\n", true},
	} {
		rep := a.Analyze(context.Background(), "x.py", []byte(tt.src))
		if got := rep.ParseError != nil && rep.ParseError.Kind == "LimitError"; got != tt.refused || len(rep.Findings) > 1000 {
			t.Errorf("%s: parse error %+v, %d findings; want refused %v", tt.name, rep.ParseError, len(rep.Findings), tt.refused)
		}
	}
}

// SBX205 judges every string of an annotation where an evaluator is named: one after 512 nodes of
// the annotation was not recorded, and a string in a string annotation (a forward reference the
// evaluators evaluate in turn) was taken for a constant. Literal's strings are values.
func TestEvaluatedAnnotationStrings(t *testing.T) {
	a := newTestAnalyzer(t)
	ints := strings.Repeat(", int", 600)
	for _, tt := range []struct {
		name, ann string
		flagged   bool
	}{
		{"a call first of 600 types", `typing.Union["print(1)"` + ints + `]`, true},
		{"a type first of 600 types", `typing.Union["int"` + ints + `]`, false},
		{"a call in a string in a string", `"typing.List['print(1)']"`, true},
		{"a call in a string in a string, over lines", `"typing.List['''print(\n1)''']"`, true},
		{"a type in a string in a string", `"typing.List['int']"`, false},
		{"a string in Literal", `"typing.Literal['print(1)', 'a.b']"`, false},
		{"a call in Literal", `"typing.Literal[print(1)]"`, true},
	} {
		src := "import typing\ndef f(x: " + tt.ann + "): pass\ntyping.get_type_hints(f)\n"
		rep := a.Analyze(context.Background(), "x.py", []byte(src))
		got := slices.Contains(findings(rep), "2:SBX205")
		if rep.ParseError != nil || got != tt.flagged {
			t.Errorf("%s: findings %v, parse error %+v; want SBX205 %v", tt.name, findings(rep), rep.ParseError, tt.flagged)
		}
	}
}

// A class whose method is called with a library object as self (Own.method(loop)) marks its own
// ancestors, whose methods' self is that object too: every one of them, however deep. At most 8
// levels were marked, and the tenth ancestor's self._ssock was taken for the program's own.
func TestForeignSelfDeepAncestors(t *testing.T) {
	a := newTestAnalyzer(t)
	for _, depth := range []int{1, 8, 9, 12} {
		var b strings.Builder
		b.WriteString("import asyncio\nclass Pipe0:\n    def __init__(self):\n        self._ssock = None\n    def reader(self):\n        return self._ssock\n")
		for i := 1; i <= depth; i++ {
			fmt.Fprintf(&b, "class Pipe%d(Pipe%d):\n    pass\n", i, i-1)
		}
		fmt.Fprintf(&b, "loop = asyncio.new_event_loop()\nsock = Pipe%d.reader(loop)\n", depth)
		rep := a.Analyze(context.Background(), "x.py", []byte(b.String()))
		if !slices.Contains(findings(rep), "6:SBX305") {
			t.Errorf("%d ancestors: findings %v, parse error %+v; want SBX305 at self._ssock", depth, findings(rep), rep.ParseError)
		}
	}
}

// A class pattern's keyword sub-patterns read attributes of the subject, which the checks judge as
// synthetic reads. The collector walked at most 4096 sub-patterns of a case: the padding of a
// later keyword (an or-pattern of 4,100 values) left loop.subprocess_exec unread.
func TestMatchPatternsAllRead(t *testing.T) {
	a := newTestAnalyzer(t)
	for _, n := range []int{1, 4094, 4100} {
		src := "import asyncio\nloop = asyncio.new_event_loop()\nmatch loop:\n    case object(subprocess_exec=run, slow_callback_duration=" +
			strings.TrimSuffix(strings.Repeat("0.1 | ", n), " | ") + "):\n        pass\n"
		rep := a.Analyze(context.Background(), "x.py", []byte(src))
		if !slices.Contains(findings(rep), "4:SBX102") {
			t.Errorf("%d alternatives: findings %v, parse error %+v; want SBX102 at subprocess_exec", n, findings(rep), rep.ParseError)
		}
	}
}

// type.mro is excluded (SBX505) on what may be a class, which the checks follow through a chain of
// names at most 4 deep; a longer chain was taken for no class, and t8.mro() was allowed.
func TestMroThroughAliasChain(t *testing.T) {
	a := newTestAnalyzer(t)
	for _, n := range []int{1, 4, 5, 8} {
		var b strings.Builder
		b.WriteString("import json\nt0 = type(json.JSONDecoder())\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "t%d = t%d\n", i, i-1)
		}
		fmt.Fprintf(&b, "t%d.mro()\n", n)
		rep := a.Analyze(context.Background(), "x.py", []byte(b.String()))
		if !slices.Contains(findings(rep), fmt.Sprintf("%d:SBX505", n+3)) {
			t.Errorf("%d names: findings %v, parse error %+v; want SBX505 at mro", n, findings(rep), rep.ParseError)
		}
	}
}
