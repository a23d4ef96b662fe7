// Command allowlist prints the module allowlist and deny list of the embedded config (or of the
// config file given) as one JSON object, the argument scripts/gen_module_api.py takes:
//
//	go run ./scripts/allowlist [sandbox.yaml]
//
// With -profile NAME it prints the image profile's modules instead (modules.profiles.NAME), with
// the classes and private names the standard library's table (config/module_api.json) already
// has, so that the profile's table holds only what its packages add:
//
//	go run ./scripts/allowlist -profile data
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"slices"

	"github.com/sbxgate/sbxgate/config"
)

func main() {
	profile := flag.String("profile", "", "print the modules of this image profile (data)")
	flag.Parse()
	cfg, err := config.Load(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "allowlist:", err)
		os.Exit(1)
	}
	var spec any = map[string][]string{"allow": cfg.Modules.Allow, "deny": cfg.Modules.Deny}
	if *profile != "" {
		pm, ok := cfg.Modules.Profiles[*profile]
		if !ok {
			fmt.Fprintf(os.Stderr, "allowlist: the config has no modules.profiles.%s\n", *profile)
			os.Exit(1)
		}
		api, err := config.DefaultModuleAPI()
		if err != nil {
			fmt.Fprintln(os.Stderr, "allowlist:", err)
			os.Exit(1)
		}
		spec = map[string]any{
			"allow": pm.Allow, "deny": pm.Deny, "packages": true,
			"known_classes": slices.Sorted(maps.Keys(api.Table.Classes)), "known_privates": api.Table.Privates,
		}
	}
	out, _ := json.Marshal(spec)
	fmt.Println(string(out))
}
