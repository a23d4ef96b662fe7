// Command tables writes the compiled-in forms of config's generated tables, which the analyzer
// reads instead of decoding the files at every start: config/module_api_table.go from
// config/module_api.json and its review config/module_api.yaml (make module-api runs it), and
// config/module_attrs_table.go from config/module_attrs.json (make module-table), and
// config/sandbox_default.go from the default config, config/sandbox.yaml:
//
//	go run ./scripts/tables
package main

import (
	"fmt"
	"go/format"
	"os"

	"github.com/sbxgate/sbxgate/config"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "tables:", err)
		os.Exit(1)
	}
}

func run() error {
	read := func(name string) ([]byte, error) {
		b, err := os.ReadFile("config/" + name)
		if err != nil {
			return nil, fmt.Errorf("%w (run it from the repository's root)", err)
		}
		return b, nil
	}
	apiJSON, err := read("module_api.json")
	if err != nil {
		return err
	}
	apiYAML, err := read("module_api.yaml")
	if err != nil {
		return err
	}
	attrsJSON, err := read("module_attrs.json")
	if err != nil {
		return err
	}
	if err := write("config/module_api_table.go", func() ([]byte, error) { return config.RenderAPITable(apiJSON, apiYAML) }); err != nil {
		return err
	}
	sandboxYAML, err := read("sandbox.yaml")
	if err != nil {
		return err
	}
	if err := write("config/sandbox_default.go", func() ([]byte, error) { return config.RenderDefault(sandboxYAML) }); err != nil {
		return err
	}
	return write("config/module_attrs_table.go", func() ([]byte, error) { return config.RenderModuleAttrs(attrsJSON) })
}

// write writes the gofmt'ed source render makes to path.
func write(path string, render func() ([]byte, error)) error {
	src, err := render()
	if err != nil {
		return err
	}
	if src, err = format.Source(src); err != nil {
		return err
	}
	return os.WriteFile(path, src, 0o644)
}
