package parity

import (
	"fmt"
	"strings"
	"testing"
)

// edgeCases are small programs at the corners of the lexical and string
// rules; each must get python3's decision and, on accept, its exact tree.
var edgeCases = []string{
	"x = '\xff'\n", "x = f'\xff{y}'\n", "x = b'\xff'\n", "x = rb'\xc3\xa9'\n", "# \xff\nx = 1\n", "x = 1 # \xff\n",
	"x\xff = 1\n", "x = f'{y}\xff'\n", "x = f'''\n\xff{y}'''\n", "# coding: latin-1\nx = f'\xe9{y}'\n",
	"ｉｆ = 1\n", "import ｏｓ\n", "ﬁle = 1\n", "x = ℌ\n", "é = 1\n", "e\u0301 = 1\n", "_ = __ = ___ = 1\n",
	"x = 1\u2028\n", "x = 1\u00a0\n", "x\u200b = 1\n", "\u00b7x = 1\n", "x\u00b7 = 1\n",
	"x = 1.__class__\n", "x = 1 .__class__\n", "x = 1..real\n", "x = 1.j\n", "x = 1e_1\n", "x = 0b1_\n", "x = 0o17_7\n",
	"x = 0xDEAD_beef\n", "x = 0if 1 else 2\n", "x = 1or 2\n", "x = 1and 2\n", "x = 1in y\n", "x = 1is 1\n", "x = 1not in y\n",
	"x = 0x1for\n", "x = 1_000_000j\n", "x = 00.5\n", "x = 0_0.5\n", "x = 0e0\n", "x = 1E+09\n",
	"x = " + strings.Repeat("9", 4300) + "\n", "x = " + strings.Repeat("9", 4301) + "\n", "x = 0x" + strings.Repeat("f", 4000) + "\n",
	"x = 1e309\n", "x = 1e-400\n", "x = 2.5e-324\n", "x = 0.1 + 0.2j\n",
	`x = '\N{LATIN SMALL LETTER A}\N{EM DASH}\N{HANGUL SYLLABLE GAG}\N{CJK UNIFIED IDEOGRAPH-20000}'` + "\n",
	`x = '\N{bullet}'` + "\n", `x = '\N{NO SUCH NAME}'` + "\n", `x = f'\N{BULLET} {y}'` + "\n", `x = f'\N{BULLET'` + "\n",
	`x = '\ud800' + '\udfff\ud83d\ude00'` + "\n", `x = '\x00\x7f\x80\xa0\xad'` + "\n", `x = "'\""` + "\n", `x = '\'"'` + "\n",
	`x = '\777' + b'\777'` + "\n", `x = '\8\9\q'` + "\n", `x = b'\u1234\N{BULLET}'` + "\n", `x = '\U00110000'` + "\n",
	"x = 'a\\\nb'\n", "x = '''a\\\nb'''\n", "x = 'a\rb'\n", "x = '''a\rb\r\nc'''\n", "x = u'a' 'b' u'c'\n", "x = 'a' u'b'\n",
	"x = b'a' 'b'\n", "x = f'a' b'b'\n", "x = r'\\' + R'\\\\'\n", "x = f'{{}}{y!r:{z}>{w}}'\n", "x = f'{y=}'\n",
	"x = f'{y = !r:10}'\n", "x = f'{ y }'\n", "x = f'{y!x}'\n", "x = f'{}'\n", "x = f'{y:{z:{w}}}'\n", "x = f'{y:{z:{w:{v}}}}'\n",
	"x = f'{\"a\"}'\n", "x = f'{'a'}'\n", "x = f'''{'a'}'''\n", "x = f'{#}'\n", "x = f'{y\\n}'\n", "x = f'{lambda: 1}'\n",
	"x = f'{(lambda: 1)}'\n", "x = f'{yield}'\n", "x = f'{*a,}'\n", "x = f'{a:=1}'\n", "x = f'{(a:=1)}'\n",
	"x = f'\\{y}'\n", "x = rf'\\{y}'\n", "x = f'{y}' f'{z}' 'w'\n", "x = f'''{\ny\n}'''\n", "x = f'{y}}'\n", "x = f'{{y}'\n",
	"x = f'''a\n  b {y} c\n{z}'''\n", "x = (\n  f'{a}'\n  f'{b}{c}'\n)\n", "x = f'{None}{True}{match}{_a1}'\n",
	"x = f'{é}'\n", "x = f'{f\"{y}\"}'\n", "x = f'{y!r}{z:>{w}}'\n", "x = f'{y }{ z}'\n", "x = f'{1y}'\n", "x = f'{async}'\n",
	"x = f'{y}\\n{z}'\n", "x = f'''\\\n{y}'''\n", "x = f'{a.b} {a.b.c!r:>{w.v}} {self.x=}'\n", "x = f'''\n  {a.b}\n'''\n",
	"x = f'{a.b.c.d.e.f.g.h}{a.b.c.d.e.f.g.h.i}'\n", "x = f'{a. b}{a .b}'\n", "x = f'{a.if}'\n", "x = f'{a..b}'\n", "x = f'{a.1}'\n",
	"\\\n \n", "\\\n  x = 1\n", "  \\\nx=1\n", "if 1:\n  x=1\n\\\n  y = 2\n", "if 1:\n\tx = 1\n        y = 2\n",
	"if 1:\n        x = 1\n\ty = 2\n", "if 1:\n \tx = 1\n \ty = 2\n", "if 1:\n\f    x = 1\n", "\fx = 1\n", "  \fx = 1\n",
	"if 1:\n    x = 1\n  # c\n    y = 2\n", "if 1:\n    x = 1\n   \n    y = 2\n", "x = (\n1,\n  2)\n", "x = [\n\t1,\n        2]\n",
	"x = 1;\n", "x = 1;;\n", ";\n", "pass\n\n\n", "\n\n\n", "   ", "\t", "\f", "#", "x = 1\r", "x = 1\r\n\r\n", "x = (1\r, 2)\r",
	"x = $\n", "x = 1 ?\n", "x = `y`\n", "x = 1 <> 2\n", "print 'x'\n", "exec 'x'\n", "x = !y\n",
	"async = 1\n", "await = 1\n", "match = case = _ = 1\n", "match x:\n    case _: pass\n", "print(match, case)\n",
	"def f():\n    x = yield\n    return await\n", "async def f():\n    await x\n    async for a in b: pass\n",
	"def f[T](): pass\n", "type X = int\n", "x = 1 if 2 else 3 if 4 else 5\n", "x = not not not y\n",
	"a, *b = c\n", "*a = b\n", "*a, = b\n", "del *a\n", "del (a, b), [c]\n", "(a) = 1\n", "(a, b) += 1\n", "a.b: int\n",
	"(a): int = 1\n", "a[1]: int\n", "a, b: int\n", "f() = 1\n", "x = 1 = 2\n", "None = 1\n", "True: int\n", "__debug__ = 1\n",
	"def f(__debug__): pass\n", "f(__debug__=1)\n", "lambda a, a: 1\n", "def f(a, a): pass\n", "f(a=1, a=2)\n", "f(**a, *b)\n",
	"f(a=1, b)\n", "f(x for x in y, 1)\n", "f(1, x for x in y)\n", "f(x for x in y)\n", "class C(x for x in y): pass\n",
	"nonlocal x\n", "def f():\n    nonlocal x\n", "def f():\n    global x\n    x = 1\n", "return\n", "yield\n", "break\n",
	"continue\n", "for x in y:\n    def f():\n        break\n", "await x\n", "async with a: pass\n", "x = [await y for y in z]\n",
	"def f():\n    return [await y for y in z]\n", "from __future__ import braces\n", "from __future__ import annotations\n",
	"import a.b as c\n", "from . import *\n", "from .a import (b, c,)\n", "from .a import b,\n", "from a import *, b\n",
	"def f():\n    from a import *\n", "import *\n", "from ...a import b\n", "from .... import b\n",
	"try:\n    pass\nexcept* A:\n    pass\nexcept B:\n    pass\n", "try:\n    pass\nexcept* A:\n    break\n",
	"try:\n    pass\n", "try:\n    pass\nfinally:\n    pass\nelse:\n    pass\n", "with (a as b, c): pass\n",
	"with (a, b as c,): pass\n", "with (yield): pass\n", "match x:\n    case 1 | 2 as y if y: pass\n",
	"match x:\n    case {**a, 'b': 1}: pass\n", "match x:\n    case {1: a, 1: b}: pass\n", "match x:\n    case [a, *b, *c]: pass\n",
	"match x:\n    case C(a=1, a=2): pass\n", "match x:\n    case a | b: pass\n", "match x:\n    case a: pass\n    case b: pass\n",
	"match x:\n    case -1+2j: pass\n", "match x:\n    case 1+2: pass\n", "match x:\n    case -0j: pass\n", "match x:\n    case a.b(): pass\n",
	"match x:\n    case f'x': pass\n", "match x:\n    case b'x' 'y': pass\n", "match x:\n    case _ as _: pass\n",
	"x = {**a, 'b': 1, **c}\n", "x = {*a, *b}\n", "x = {a: b for a, b in c}\n", "x = {**a for a in b}\n", "x = [*a for a in b]\n",
	"x = a[1:2, ::3, ...]\n", "x = a[*b]\n", "x = a[b:=1]\n", "x = a[(b:=1)]\n", "x = (a := 1, b := 2)\n", "x := 1\n",
	"(x.y := 1)\n", "f(x := 1)\n", "f(a=(x := 1))\n", "x = y = lambda: (yield)\n", "x = lambda: (yield)\n",
	"@a.b[c](d)\ndef f(): pass\n", "@(yield)\ndef f(): pass\n", "@x := y\ndef f(): pass\n", "class C: x = 1; y = 2\n",
	"if x: pass\nelif y: pass\nelse: pass\n", "while x: pass\nelse: pass\n", "for x, in y: pass\n", "for (x, y) in z: pass\n",
	"for x in *a, *b: pass\n", "assert x, y\n", "raise\n", "raise x from y\n", "raise x from\n", "global x, y\n",
	"x = (yield from y)\n", "def f():\n    x = yield from y\n", "x = 1 if y else\n", "x = [1, 2\n", "x = (1, 2]\n", "x = )\n",
	"x = " + strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200) + "\n", "x = " + strings.Repeat("[", 201) + strings.Repeat("]", 201) + "\n",
	"x = " + strings.Repeat("-", 100) + "1\n", "x = " + strings.Repeat("not ", 100) + "y\n", "x = " + strings.Repeat("a.", 1000) + "b\n",
	"x = " + strings.Repeat("f(", 100) + strings.Repeat(")", 100) + "\n", "x = " + strings.Repeat("a + ", 3000) + "b\n",
}

func TestEdgeParity(t *testing.T) {
	reqs := make([]pyRequest, len(edgeCases))
	for i, src := range edgeCases {
		reqs[i] = srcRequest([]byte(src), true)
	}
	var rep diffReport
	pyParseAll(t, reqs, func(i int, py pyAnswer) {
		src := edgeCases[i]
		ours, err := ourParse([]byte(src), "<edge>")
		show := fmt.Sprintf("case %d %q", i, clip(src, 200))
		switch {
		case py.OK && err != nil:
			rep.add("we reject, python3 accepts", fmt.Sprintf("%s\n  ours: %v", show, err))
		case !py.OK && err == nil:
			rep.add("we accept, python3 rejects", fmt.Sprintf("%s\n  python3: %s: %s", show, py.Type, py.Msg))
		case py.OK && py.DumpError != "":
			// Both accept; python3's own dump fails (int digit limit, recursion), so there is no tree to compare.
			t.Logf("%s: both accept; python3 cannot dump it: %s", show, clip(py.DumpError, 80))
		case py.OK && ours != py.Dump:
			rep.add("different tree at "+diffPathOf(ours, py.Dump), fmt.Sprintf("%s\n  %s", show, firstDiff(ours, py.Dump)))
		}
	})
	rep.fail(t, "edge cases", len(edgeCases))
}
