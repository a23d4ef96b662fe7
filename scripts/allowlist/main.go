// Command allowlist prints the module allowlist and deny list of the embedded config (or of the
// config file given) as one JSON object, the argument scripts/gen_module_api.py takes:
//
//	go run ./scripts/allowlist [sandbox.yaml]
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/sbxgate/sbxgate/config"
)

func main() {
	path := ""
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	cfg, err := config.Load(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "allowlist:", err)
		os.Exit(1)
	}
	out, _ := json.Marshal(map[string][]string{"allow": cfg.Modules.Allow, "deny": cfg.Modules.Deny})
	fmt.Println(string(out))
}
