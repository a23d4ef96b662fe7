// Command apitable writes config/module_api_table.go, the standard library's reviewed-API table
// compiled into the binary, from config/module_api.json (make module-api runs it):
//
//	go run ./scripts/apitable
package main

import (
	"fmt"
	"go/format"
	"os"

	"github.com/sbxgate/sbxgate/config"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "apitable:", err)
		os.Exit(1)
	}
}

func run() error {
	in, err := os.ReadFile("config/module_api.json")
	if err != nil {
		return fmt.Errorf("%w (run it from the repository's root)", err)
	}
	src, err := config.RenderAPITable(in)
	if err != nil {
		return err
	}
	if src, err = format.Source(src); err != nil {
		return err
	}
	return os.WriteFile("config/module_api_table.go", src, 0o644)
}
