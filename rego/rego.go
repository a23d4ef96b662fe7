// Package rego holds sbxgate's default policy: the Rego modules that decide, their unit tests, and
// the policy data (data.json). The policy package compiles them; `sbxgate policy test` runs the tests.
// Candidate policies used by tests and demos live in testdata/, which the loader skips.
package rego

import (
	"embed"
	"io/fs"
)

//go:embed *.rego data.json
var files embed.FS

// FS returns the default policy directory.
func FS() fs.FS { return files }
