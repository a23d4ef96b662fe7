package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

var sbx702 = &engine.Check{
	ID: "SBX702", Name: "decoded-string-sink", Capability: "dynamic_code", Severity: "critical", CWE: 506,
	Doc:     "strings decoded at run time (base64, codecs, bytes.fromhex, rot13, zlib) feeding eval/exec/compile/__import__/getattr",
	Hint:    "write code and names in the clear",
	Message: "%s receives a string decoded at run time by %s",
	Nodes:   []engine.NodeKind{engine.CallNode},
	Run:     runSBX702,
}

func runSBX702(p *engine.Pass, n ast.Node) {
	c := n.(*ast.Call)
	var arg ast.Expr
	var sink string
	for _, r := range p.Refs(c.Func) {
		switch {
		case r.In(evalBuiltins):
			arg, sink = argOrKeyword(c, 0, "source"), short(r.Qual)
		case r.In(engine.ImportFuncs):
			arg, sink = engine.ImportNameArg(c), short(r.Qual)
		case r.In(attrBuiltins):
			arg, sink = argOrKeyword(c, 1, "name"), short(r.Qual)
		case r.Qual == "timeit.timeit" || r.Qual == "timeit.Timer" || r.Qual == "timeit.repeat":
			arg, sink = argOrKeyword(c, 0, "stmt"), r.Qual
		}
		if arg != nil {
			break
		}
	}
	if arg == nil {
		return
	}
	if dec, ok := decoded(p, arg); ok {
		p.Report(n, sink, dec)
	}
}

// decoded reports whether e is computed by a decoder call, looking through names bound once.
func decoded(p *engine.Pass, e ast.Expr) (string, bool) {
	type item struct {
		e    ast.Expr
		site engine.Site
	}
	work := []item{{e, p.Site()}}
	seen := map[*engine.Binding]bool{}
	var found string
	for steps := 0; len(work) > 0 && steps < 512 && found == ""; steps++ {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		ast.Walk(it.e, func(x, _ ast.Node) bool {
			if found != "" {
				return false
			}
			switch x := x.(type) {
			case *ast.Call:
				for _, r := range p.RefsAt(x.Func, it.site) {
					if decoders[r.Qual] {
						found = r.Qual
						return false
					}
				}
				if at, ok := x.Func.(*ast.Attribute); ok && (at.Attr == "decode" || at.Attr == "fromhex") {
					if len(x.Args) > 0 {
						if s, ok := p.StringAt(x.Args[0], it.site); ok && isTransformCodec(s) {
							found = at.Attr + "(" + s + ")"
							return false
						}
					}
					if at.Attr == "fromhex" {
						found = "fromhex"
						return false
					}
				}
			case *ast.Name:
				binds := p.BindingsAt(x.Id, it.site)
				for _, b := range binds {
					if b.Assigned() && !seen[b] && len(seen) < 32 {
						seen[b] = true
						work = append(work, item{b.Value(), b.Site()})
					}
				}
			case *ast.Lambda, *ast.FunctionDef:
				return false
			}
			return true
		})
	}
	return found, found != ""
}

func isTransformCodec(s string) bool {
	switch engine.NormalizeCodec(s) {
	case "rot13", "rot_13", "hex", "hex_codec", "base64", "base64_codec", "base_64", "zlib", "zlib_codec", "bz2", "bz2_codec", "uu", "quopri":
		return true
	}
	return false
}

// decoders turn opaque text into names or code at run time (SBX702).
var decoders = map[string]bool{
	"base64.b64decode": true, "base64.standard_b64decode": true, "base64.urlsafe_b64decode": true,
	"base64.b32decode": true, "base64.b32hexdecode": true, "base64.b16decode": true, "base64.b85decode": true,
	"base64.a85decode": true, "base64.decodebytes": true, "base64.decodestring": true,
	"binascii.a2b_base64": true, "binascii.a2b_hex": true, "binascii.unhexlify": true, "binascii.a2b_uu": true,
	"binascii.a2b_qp": true, "codecs.decode": true, "codecs.encode": true, "codecs.getdecoder": true,
	"builtins.bytes.fromhex": true, "builtins.bytearray.fromhex": true, "zlib.decompress": true,
	"gzip.decompress": true, "bz2.decompress": true, "lzma.decompress": true, "quopri.decodestring": true,
	"uu.decode": true,
}
