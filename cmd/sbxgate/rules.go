package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/catalog"
)

func init() {
	register(command{Name: "rules", Summary: "list the rule catalogue: ID, name, capability, severity, CWE, what each finds", Run: cmdRules})
}

func cmdRules(_ context.Context, e *Env, args []string) int {
	fs := flag.NewFlagSet("rules", flag.ContinueOnError)
	f := fs.String("format", "text", "text|json|markdown")
	if code, done := parseFlags(e, fs, args); done {
		return code
	}
	docs := analyzer.Catalog()
	switch *f {
	case "json":
		enc := json.NewEncoder(e.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(docs); err != nil {
			e.Errorf("rules: %v", err)
			return 2
		}
	case "markdown":
		writeMarkdown(e.Stdout, docs)
	case "text":
		tw := tabwriter.NewWriter(e.Stdout, 0, 4, 2, ' ', 0)
		for _, d := range docs {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", d.ID, d.Name, orDash(d.Capability), d.Severity, cwe(d.CWE), d.Doc)
		}
		tw.Flush()
	default:
		e.Errorf("rules: --format %q is not text, json or markdown", *f)
		return 2
	}
	fmt.Fprintf(e.Stderr, "%d rules (%d checks), analyzer %s\n", len(docs), len(analyzer.Rules()), analyzer.Version)
	return 0
}

func cwe(n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("CWE-%d", n)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// writeMarkdown writes the catalogue as the table of docs/rules.md.
func writeMarkdown(w io.Writer, docs []catalog.Rule) {
	fmt.Fprintln(w, "| ID | name | stage | capability | severity | CWE | finds | fix |\n|---|---|---|---|---|---|---|---|")
	for _, d := range docs {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", d.ID, d.Name, d.Stage, orDash(d.Capability), d.Severity,
			cwe(d.CWE), strings.ReplaceAll(d.Doc, "|", "\\|"), strings.ReplaceAll(d.Hint, "|", "\\|"))
	}
}
