package checks

import (
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

// ioPaths are the data packages' readers and writers that open their path argument through
// pandas' get_handle or numpy's DataSource, by name, with the keyword of the path argument: a
// string with a URL scheme (http, https, ftp, file) is opened with urllib.request, a socket and a
// connect, whether the call reads or writes; one with :// goes to fsspec.
var ioPaths = map[string]string{
	"read_csv": "filepath_or_buffer", "read_table": "filepath_or_buffer", "read_fwf": "filepath_or_buffer",
	"read_json": "path_or_buf", "read_excel": "io", "read_xml": "path_or_buffer", "read_html": "io",
	"read_stata": "filepath_or_buffer", "read_sas": "filepath_or_buffer", "read_spss": "path",
	"read_parquet": "path", "read_feather": "path", "read_orc": "path", "read_hdf": "path_or_buf",
	"read_pickle": "filepath_or_buffer", "ExcelFile": "path_or_buffer", "ExcelWriter": "path",
	"to_csv": "path_or_buf", "to_json": "path_or_buf", "to_excel": "excel_writer", "to_stata": "path",
	"to_parquet": "path", "to_feather": "path", "to_orc": "path", "to_pickle": "path", "to_hdf": "path_or_buf",
	"to_xml": "path_or_buffer", "to_markdown": "buf",
	"genfromtxt": "fname", "loadtxt": "fname", "fromregex": "file",
}

// ioPath reports a reader's or writer's path, in a program that imports pandas or numpy, that the
// gate cannot tell is a local file: a constant without a URL scheme, a string whose constant
// start cannot begin one, a pathlib path, a file object the program opens (open, io.StringIO), or
// a name or parameter every value of which is one of those.
func ioPath(p *engine.Pass, c *ast.Call) bool {
	var name string
	switch f := c.Func.(type) {
	case *ast.Attribute:
		name = f.Attr
	case *ast.Name:
		name = f.Id
	}
	kw, ok := ioPaths[name]
	if !ok || !p.Imported("pandas") && !p.Imported("numpy") {
		return false
	}
	if fn, isName := c.Func.(*ast.Name); isName {
		// A bare name: pandas' or numpy's function imported by name, not the program's own.
		lib := false
		for _, r := range p.Refs(fn) {
			lib = lib || strings.HasPrefix(r.Qual, "pandas.") || strings.HasPrefix(r.Qual, "numpy.")
		}
		if !lib {
			return false
		}
	}
	arg := argOrKeyword(c, 0, kw)
	for _, a := range c.Args {
		if _, ok := a.(*ast.Starred); ok {
			arg = a // *args: the path is not seen
		}
	}
	for _, k := range c.Keywords {
		if k.Arg == nil && arg == nil {
			arg = k.Value // **kwargs may hold the path
		}
	}
	if arg == nil || localPath(p, arg, p.Site(), 0) {
		return false
	}
	p.ReportAs(c, "network", "%s %s", name, "with a path the gate cannot tell is a local file: pandas' readers and writers and numpy's text loaders open a URL (http, https, ftp) with urllib.request, a socket")
	return true
}

func localPath(p *engine.Pass, e ast.Expr, s engine.Site, depth int) bool {
	if depth > 6 {
		return false
	}
	if str, ok := p.StringAt(e, s); ok {
		return !urlLike(str)
	}
	switch e := e.(type) {
	case *ast.JoinedStr:
		if len(e.Values) > 0 {
			if k, ok := e.Values[0].(*ast.Constant); ok {
				str, _ := k.Value.(string)
				return noSchemeStart(str)
			}
		}
		return false
	case *ast.BinOp:
		if e.Op == ast.Div {
			return true // a pathlib path, or a number
		}
		if e.Op == ast.Add {
			if str, ok := p.StringAt(e.Left, s); ok {
				return noSchemeStart(str)
			}
		}
		return false
	case *ast.Call:
		for _, r := range p.RefsAt(e.Func, s) {
			switch {
			case r.Qual == "builtins.open" || strings.HasPrefix(r.Qual, "io.") || strings.HasPrefix(r.Qual, "pathlib."),
				r.Qual == "gzip.open", r.Qual == "bz2.open", r.Qual == "lzma.open":
				return true
			case r.Qual == "tempfile.mkdtemp" || r.Qual == "tempfile.gettempdir" || r.Qual == "os.getcwd",
				r.Qual == "os.path.abspath" || r.Qual == "posixpath.abspath" || r.Qual == "os.path.realpath" || r.Qual == "posixpath.realpath":
				return true // an absolute path
			case r.Qual == "os.path.join" || r.Qual == "posixpath.join":
				// A join is a URL only where its first part is one.
				return len(e.Args) > 0 && localPath(p, e.Args[0], s, depth+1)
			}
		}
		return false
	case *ast.Name:
		binds := p.BindingsAt(e.Id, s)
		if len(binds) == 0 {
			return false
		}
		for _, b := range binds {
			if b.Assigned() {
				if !localPath(p, b.Value(), b.Site(), depth+1) {
					return false
				}
				continue
			}
			if vals, site, ok := p.LoopValues(b); ok {
				for _, v := range vals {
					if !localPath(p, v, site, depth+1) {
						return false
					}
				}
				continue
			}
			args, ok := p.Arguments(b)
			if !ok || len(args) == 0 {
				return false
			}
			for _, a := range args {
				if a.Expr() == nil || !localPath(p, a.Expr(), a.Site(), depth+1) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// urlLike reports whether s is a URL to pandas or numpy: a scheme (letters, digits, +, -, .)
// before a colon, or :// anywhere (fsspec's protocols).
func urlLike(s string) bool {
	return strings.Contains(s, "://") || !noSchemeStart(s) && strings.Contains(s, ":")
}

// noSchemeStart reports whether a string starting with s cannot start with a URL scheme: a
// character that cannot be in a scheme comes before any colon.
func noSchemeStart(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			return false
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '+', c == '-', c == '.':
		default:
			return true
		}
	}
	return false
}
