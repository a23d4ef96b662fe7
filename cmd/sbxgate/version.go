package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
)

// version is set at link time by the Makefile (-X main.version=...).
var version = "dev"

func init() {
	register(command{Name: "version", Summary: "print version, commit and Go version", Run: cmdVersion})
}

func cmdVersion(_ context.Context, e *Env, _ []string) int {
	commit, modified := "unknown", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					modified = " (modified)"
				}
			}
		}
	}
	fmt.Fprintf(e.Stdout, "sbxgate %s\ncommit %s%s\n%s %s/%s\n", version, commit, modified, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return 0
}
