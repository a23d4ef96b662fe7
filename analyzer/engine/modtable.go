package engine

import (
	"fmt"
	"strings"

	"github.com/sbxgate/sbxgate/config"
)

// modTable is config/module_attrs.json (config.DefaultModuleAttrs): for every standard-library
// module, the attributes that are themselves modules (random._os is os), and the names of the
// builtins. It lets resolution see through attribute chains that an import check alone misses.
type modTable struct {
	Python   string
	Builtins []string
	Modules  map[string]map[string]string

	builtin map[string]bool
}

func loadModTable() (*modTable, error) {
	t, err := readModTable()
	if err != nil {
		return nil, err
	}
	t.mergeAliases()
	return t, nil
}

// readModTable is the table as generated, without mergeAliases: maps of its own, which the
// profiles' engines add to.
func readModTable() (*modTable, error) {
	m, err := config.DefaultModuleAttrs()
	if err != nil {
		return nil, err
	}
	if len(m.Builtins) == 0 || len(m.Modules) == 0 {
		return nil, fmt.Errorf("module table is empty: regenerate it with make module-table")
	}
	t := &modTable{Python: m.Python, Builtins: m.Builtins, Modules: make(map[string]map[string]string, len(m.Modules))}
	for _, mod := range m.Modules {
		attrs := make(map[string]string, len(mod.Attrs))
		for i, a := range mod.Attrs {
			attrs[a] = mod.Modules[i]
		}
		t.Modules[mod.Name] = attrs
	}
	t.builtin = make(map[string]bool, len(t.Builtins))
	for _, b := range t.Builtins {
		t.builtin[b] = true
	}
	return t, nil
}

// mergeAliases makes every name the table resolves to carry the attributes of every module object
// it may denote. The table's keys are import paths but its values are the modules' __name__, and
// the two disagree: _collections_abc calls itself "collections.abc", the name of another module
// (collections/abc.py). When attribute a of module k is a module named v that is not the
// submodule k.a, the object may be the module imported as a (collections._collections_abc) or as
// k.a, so v gets their attributes too: a union, so resolution errs towards seeing more.
func (t *modTable) mergeAliases() {
	type merge struct{ into, from string }
	var merges []merge
	var buf [128]byte // k.a is built here, and made a string only when it is a module
	for k, attrs := range t.Modules {
		for a, v := range attrs {
			if dottedUnder(v, k) && v[len(k)+1:] == a {
				continue // v is k.a
			}
			if a != v && t.isModule(a) {
				merges = append(merges, merge{v, a})
			}
			sub := append(append(append(buf[:0], k...), '.'), a...)
			if _, ok := t.Modules[string(sub)]; ok {
				merges = append(merges, merge{v, string(sub)})
			}
		}
	}
	for _, m := range merges {
		into := t.Modules[m.into]
		if into == nil {
			into = map[string]string{}
			t.Modules[m.into] = into
		}
		for a, v := range t.Modules[m.from] {
			if _, ok := into[a]; !ok {
				into[a] = v
			}
		}
	}
}

// canonical returns the name the table knows the module imported as name by: an import path the
// table has (json.decoder), else the module its attribute chain reaches (os.path is posixpath).
// Every place that turns a module name written in a program into a module (import a.b as c,
// from a.b import c, star imports, sys.modules["a.b"], dynamic imports) goes through it, so that
// a submodule bound any way resolves like the attribute chain a.b does.
func (t *modTable) canonical(name string) string {
	if t.isModule(name) || strings.IndexByte(name, '.') < 0 {
		return name
	}
	// The longest prefix the table knows, then the rest as attributes.
	end := len(name)
	for end > 0 && !t.isModule(name[:end]) {
		end = strings.LastIndexByte(name[:end], '.')
		if end < 0 {
			return name
		}
	}
	cur, rest := name[:end], name[end:]
	for rest != "" {
		rest = rest[1:]
		attr := rest
		if i := strings.IndexByte(rest, '.'); i >= 0 {
			attr, rest = rest[:i], rest[i:]
		} else {
			rest = ""
		}
		m, ok := t.tableAttr(cur, attr)
		if !ok {
			return name
		}
		cur = m
	}
	return cur
}

// isModule reports whether name is a known standard-library module.
func (t *modTable) isModule(name string) bool {
	_, ok := t.Modules[name]
	return ok
}

// moduleAttr returns the module that attribute attr of module mod is, if it is one: the table's
// entry, or the submodule mod.attr when that is a known module.
func (t *modTable) moduleAttr(mod, attr string) (string, bool) {
	attrs, known := t.Modules[mod]
	if !known {
		// A module name written in the program (from os.path import os): its canonical name.
		mod = t.canonical(mod)
		attrs = t.Modules[mod]
	}
	return t.attrOf(mod, attrs, attr)
}

// tableAttr is moduleAttr for a name the table knows the module by.
func (t *modTable) tableAttr(mod, attr string) (string, bool) {
	return t.attrOf(mod, t.Modules[mod], attr)
}

// attrOf is tableAttr given the module's attributes, t.Modules[mod].
func (t *modTable) attrOf(mod string, attrs map[string]string, attr string) (string, bool) {
	if m, ok := attrs[attr]; ok {
		return m, true
	}
	// The key is built in a buffer on the stack, and the string only when it is returned: the
	// runtime's general concatenation cost more than the lookup.
	var buf [64]byte
	key := append(append(append(buf[:0], mod...), '.'), attr...)
	if _, ok := t.Modules[string(key)]; ok {
		return mod + "." + attr, true
	}
	return "", false
}
