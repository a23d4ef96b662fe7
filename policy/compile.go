package policy

import (
	"fmt"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
)

// parserOptions parse every policy file as Rego v1 against the restricted capabilities, so a call to a
// removed builtin is an error at parse or compile time, never at evaluation.
func parserOptions(caps *ast.Capabilities) ast.ParserOptions {
	return ast.ParserOptions{RegoVersion: ast.RegoV1, Capabilities: caps, ProcessAnnotation: true}
}

func newCompiler(caps *ast.Capabilities) *ast.Compiler {
	return ast.NewCompiler().
		WithCapabilities(caps).
		WithStrict(true).
		WithSchemas(schemaSet()).
		WithDefaultRegoVersion(ast.RegoV1)
}

// parseModules parses files, keyed by their display name, which is what locations carry.
func parseModules(files []File, caps *ast.Capabilities) (map[string]*ast.Module, ast.Errors) {
	mods := make(map[string]*ast.Module, len(files))
	var errs ast.Errors
	opts := parserOptions(caps)
	for _, f := range files {
		m, err := ast.ParseModuleWithOpts(f.Display, string(f.Bytes), opts)
		if err != nil {
			if es, ok := err.(ast.Errors); ok {
				errs = append(errs, es...)
			} else {
				errs = append(errs, ast.NewError(ast.ParseErr, &ast.Location{File: f.Display}, "%v", err))
			}
			continue
		}
		mods[f.Display] = m
	}
	return mods, errs
}

// Compile parses and strictly compiles files with sbxgate's capabilities. The errors carry file, row
// and column; an empty result means the policy compiles.
func Compile(files []File) (*ast.Compiler, ast.Errors) {
	caps := Capabilities()
	mods, errs := parseModules(files, caps)
	if len(errs) > 0 {
		return nil, errs
	}
	c := newCompiler(caps)
	if c.Compile(mods); c.Failed() {
		return nil, explainRemoved(c.Errors)
	}
	return c, nil
}

// checkStages are the compiler's stages that only look for mistakes: each reports errors and
// changes nothing later stages or an evaluation of the decision read. CheckTypes also builds the
// type environment of the policy's own rules, which evaluation reads only for `with` on a function
// and for a query that calls one; the decision query does neither, and the embedded modules
// have no `with` (TestEmbeddedCompilesTheSameUnchecked).
var checkStages = []ast.StageID{
	ast.StageCheckUnusedImports, ast.StageCheckKeywordOverrides, ast.StageCheckDuplicateImports,
	ast.StageCheckVoidCalls, ast.StageCheckRuleConflicts, ast.StageCheckUndefinedFuncs,
	ast.StageCheckSafetyRuleHeads, ast.StageCheckRecursion, ast.StageCheckTypes,
	ast.StageCheckUnsafeBuiltins, ast.StageCheckDeprecatedBuiltins, ast.StageBuildRequiredCapabilities,
}

// compileUnchecked compiles modules known to pass Compile's checks, without them: the embedded
// policy, which the binary carries and its tests compile strictly. It is a third of a cold compile,
// on the critical path of a one-file `sbxgate check`.
func compileUnchecked(files []File) (*ast.Compiler, ast.Errors) {
	caps := Capabilities()
	mods, errs := parseModules(files, caps)
	if len(errs) > 0 {
		return nil, errs
	}
	c := ast.NewCompiler().
		WithCapabilities(caps).
		WithStrict(true).
		WithDefaultRegoVersion(ast.RegoV1).
		WithSkipStages(checkStages...)
	if c.Compile(mods); c.Failed() {
		return nil, c.Errors
	}
	return c, nil
}

// explainRemoved adds why to "undefined function" errors about builtins OPA has but sbxgate removed,
// so a policy author does not hunt for a typo.
func explainRemoved(errs ast.Errors) ast.Errors {
	for _, err := range errs {
		name, ok := strings.CutPrefix(err.Message, "undefined function ")
		if !ok {
			continue
		}
		if _, known := ast.BuiltinMap[name]; known {
			err.Message += ": sbxgate policies cannot use it (no network, clock, randomness or environment)"
		}
	}
	return errs
}

// FormatError prints a compile error as file:row:col: code: message, the form editors jump to.
func FormatError(err *ast.Error) string {
	if err.Location == nil {
		return fmt.Sprintf("%s: %s", err.Code, err.Message)
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", err.Location.File, err.Location.Row, err.Location.Col, err.Code, err.Message)
}
