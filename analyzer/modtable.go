package analyzer

import (
	"encoding/json"
	"fmt"

	"github.com/sbxgate/sbxgate/config"
)

// modTable is config/module_attrs.json: for every standard-library module, the attributes that are
// themselves modules (random._os is os), and the names of the builtins. It lets resolution see
// through attribute chains that an import check alone misses.
type modTable struct {
	Python   string                       `json:"python"`
	Builtins []string                     `json:"builtins"`
	Modules  map[string]map[string]string `json:"modules"`

	builtin map[string]bool
}

func loadModTable() (*modTable, error) {
	var t modTable
	if err := json.Unmarshal(config.ModuleAttrsJSON(), &t); err != nil {
		return nil, fmt.Errorf("module table: %w: regenerate it with python3 scripts/gen_module_attrs.py > config/module_attrs.json", err)
	}
	if len(t.Builtins) == 0 || len(t.Modules) == 0 {
		return nil, fmt.Errorf("module table is empty: regenerate it with python3 scripts/gen_module_attrs.py > config/module_attrs.json")
	}
	t.builtin = make(map[string]bool, len(t.Builtins))
	for _, b := range t.Builtins {
		t.builtin[b] = true
	}
	return &t, nil
}

// isModule reports whether name is a known standard-library module.
func (t *modTable) isModule(name string) bool {
	_, ok := t.Modules[name]
	return ok
}

// moduleAttr returns the module that attribute attr of module mod is, if it is one: the table's
// entry, or the submodule mod.attr when that is a known module.
func (t *modTable) moduleAttr(mod, attr string) (string, bool) {
	if m, ok := t.Modules[mod][attr]; ok {
		return m, true
	}
	if sub := mod + "." + attr; t.isModule(sub) {
		return sub, true
	}
	return "", false
}
