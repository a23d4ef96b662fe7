package engine

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/sbxgate/sbxgate/analyzer/python/ast"
)

// SubmodulePrograms builds the programs of TestSubmoduleBindings (submodule_test.go), in a
// stable order. It lives in package analyzer to read the module table and the capability map.
func SubmodulePrograms(a *Engine, deniedCap map[string]bool) []string {
	// reach is, per target module, the attribute chain tail that exercises it: a module the
	// capability map marks is reported when named; otherwise one of its marked attributes is called.
	reach := func(target string) (string, bool) {
		if target == "sys" {
			return `.modules["os"].system("id")`, true
		}
		for _, c := range a.caps[target] {
			if deniedCap[c] {
				return "", true
			}
		}
		var keys []string
		for k, cs := range a.caps {
			if strings.HasPrefix(k, target+".") && !strings.Contains(k[len(target)+1:], ".") {
				for _, c := range cs {
					if deniedCap[c] {
						keys = append(keys, k)
						break
					}
				}
			}
		}
		if len(keys) == 0 {
			return "", false
		}
		sort.Strings(keys)
		return keys[0][len(target):] + `("id")`, true
	}

	// Every allowed module and every submodule path the table knows under it, or that is a
	// module-valued attribute of it (os.path).
	pathSet := map[string]bool{}
	for _, m := range a.cfg.Modules.Allow {
		if !a.allowed(m) || !a.mods.isModule(m) {
			continue
		}
		pathSet[m] = true
		for k := range a.mods.Modules {
			if strings.HasPrefix(k, m+".") && a.allowed(k) {
				pathSet[k] = true
			}
		}
	}
	for p := range pathSet {
		for attr := range a.mods.Modules[p] {
			if sub := p + "." + attr; !IsPrivate(attr) && a.allowed(sub) {
				pathSet[sub] = true
			}
		}
	}
	paths := make([]string, 0, len(pathSet))
	for p := range pathSet {
		paths = append(paths, p)
	}
	sort.Strings(paths)

	raw, err := readModTable()
	if err != nil {
		panic(err)
	}
	var out []string
	for _, path := range paths {
		// The ways to bind the module path: the import lines and the expression that names it.
		type bound struct{ imports, expr string }
		bindings := []bound{
			{"import " + path + " as c", "c"},
			{"import " + path, path},
		}
		if i := strings.LastIndexByte(path, '.'); i >= 0 {
			parent, last := path[:i], path[i+1:]
			bindings = append(bindings,
				bound{"from " + parent + " import " + last, last},
				bound{"from " + parent + " import " + last + " as c", "c"},
				bound{"import " + parent + " as p", "p." + last},
			)
		}
		attrMods := tableAttrs(raw, path)
		attrs := make([]string, 0, len(attrMods))
		for attr := range attrMods {
			attrs = append(attrs, attr)
		}
		sort.Strings(attrs)
		// Chains of one attribute, and of two through a module that is not itself a target.
		var chains [][2]string // attribute chain, tail
		for _, attr := range attrs {
			if tail, ok := reach(attrMods[attr]); ok {
				chains = append(chains, [2]string{attr, tail})
				continue
			}
			next := tableAttrs(raw, attrMods[attr])
			seconds := make([]string, 0, len(next))
			for x := range next {
				seconds = append(seconds, x)
			}
			sort.Strings(seconds)
			for _, x := range seconds {
				if tail, ok := reach(next[x]); ok {
					chains = append(chains, [2]string{attr + "." + x, tail})
				}
			}
		}
		for _, ch := range chains {
			chain, tail := ch[0], ch[1]
			first, rest, _ := strings.Cut(chain, ".")
			if rest != "" {
				rest = "." + rest
			}
			out = append(out,
				fmt.Sprintf("from %s import %s as z\nprint(z%s%s)\n", path, first, rest, tail),
				fmt.Sprintf("import %s as c\nprint(getattr(c, %q)%s%s)\n", path, first, rest, tail))
			for _, b := range bindings {
				out = append(out, fmt.Sprintf("%s\nprint(%s.%s%s)\n", b.imports, b.expr, chain, tail))
			}
		}
	}
	return out
}

// tableAttrs is the oracle for what module path names, from the module table as generated (a fresh
// load, independent of the analyzer's resolution): the module-valued attributes of every module
// the path may be. The table's keys are import paths and its values __name__s, so the module is
// the key path, or what the attribute chain from its top package reaches (os.path is posixpath),
// or, when a __name__ is claimed by a module imported under another name (_collections_abc calls
// itself collections.abc), that module too.
func tableAttrs(t *modTable, path string) map[string]string {
	names := map[string]bool{path: true}
	parts := strings.Split(path, ".")
	cur := parts[0]
	for _, p := range parts[1:] {
		next, ok := t.Modules[cur][p]
		if !ok {
			next = cur + "." + p
		}
		cur = next
	}
	names[cur] = true
	for k, attrs := range t.Modules {
		for a, v := range attrs {
			if names[v] && v != k+"."+a {
				names[a], names[k+"."+a] = true, true
			}
		}
	}
	out := map[string]string{}
	for n := range names {
		for a, v := range t.Modules[n] {
			out[a] = v
		}
	}
	return out
}

// RunPass is the analysis of a parsed module alone, without decoding and parsing, for
// BenchmarkPass.
func (a *Engine) RunPass(ctx context.Context, src []byte, mod *ast.Module) {
	p := newPass(a, &Report{}, src, string(src), mod)
	p.run(ctx)
	p.release()
}

// Lookups is how many name lookups the analysis of src makes, with its report: the measure of
// work of TestClassWalksLinear.
func (a *Engine) Lookups(src string) (int, *Report) {
	mod, err := parseForTest(src)
	if err != nil {
		panic(err)
	}
	rep := &Report{}
	p := newPass(a, rep, []byte(src), src, mod)
	p.run(context.Background())
	n := p.lookups
	p.release()
	return n, rep
}
