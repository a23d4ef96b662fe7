package record

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// Formats names the output formats of NewWriter.
var Formats = []string{"text", "json", "csv"}

// Writer writes records in one output format.
type Writer interface {
	// Write writes one record; line is its exact log line (without newline).
	Write(r *Record, line []byte) error
	// Flush ends the output.
	Flush() error
}

// NewWriter returns a Writer for format: text (one line per record), json (the records' exact log
// lines, so exported records still verify with `audit verify-proof`), or csv (a header and one row
// per record).
func NewWriter(format string, w io.Writer) (Writer, error) {
	bw := bufio.NewWriter(w)
	switch format {
	case "text":
		return &textWriter{w: bw}, nil
	case "json":
		return &jsonWriter{w: bw}, nil
	case "csv":
		return &csvWriter{w: csv.NewWriter(bw), bw: bw}, nil
	}
	return nil, fmt.Errorf("format %q: use one of %s", format, strings.Join(Formats, ", "))
}

type textWriter struct{ w *bufio.Writer }

func (t *textWriter) Write(r *Record, _ []byte) error {
	fmt.Fprintf(t.w, "%d %s %s %-8s", r.Seq, r.Time.Format(time.RFC3339), r.ID, r.Kind)
	if r.Principal != "" {
		fmt.Fprintf(t.w, " principal=%s", quoteIfNeeded(r.Principal))
	}
	if r.Decision != nil {
		fmt.Fprintf(t.w, " decision=%s tier=%s", outcome(r), r.Decision.Tier)
		if rules := Rules(r); len(rules) > 0 {
			fmt.Fprintf(t.w, " rules=%s", strings.Join(rules, ","))
		}
	}
	if r.CodeSHA256 != "" {
		fmt.Fprintf(t.w, " sha256=%.12s", r.CodeSHA256)
	}
	if r.Kind == KindResult || r.Kind == KindResultLost {
		if r.Result != nil {
			fmt.Fprintf(t.w, " exit=%d", r.Result.ExitCode)
		}
		if r.Result != nil && len(r.Result.Violations) > 0 {
			caps := make([]string, len(r.Result.Violations))
			for i, v := range r.Result.Violations {
				caps[i] = v.Capability
			}
			fmt.Fprintf(t.w, " violations=%s", strings.Join(caps, ","))
		}
		if r.Lost != nil {
			fmt.Fprintf(t.w, " lost_by=%s", r.Lost.By)
		}
		if r.Error != "" {
			fmt.Fprintf(t.w, " error=%s", quoteIfNeeded(r.Error))
		}
		if r.DecisionID != "" {
			fmt.Fprintf(t.w, " decision_id=%s", r.DecisionID)
		}
	}
	if r.Repair != nil {
		fmt.Fprintf(t.w, " torn_bytes=%d saved_as=%s", r.Repair.Bytes, quoteIfNeeded(r.Repair.SavedAs))
	}
	_, err := t.w.WriteString("\n")
	return err
}

func (t *textWriter) Flush() error { return t.w.Flush() }

type jsonWriter struct{ w *bufio.Writer }

func (j *jsonWriter) Write(_ *Record, line []byte) error {
	if _, err := j.w.Write(line); err != nil {
		return err
	}
	return j.w.WriteByte('\n')
}

func (j *jsonWriter) Flush() error { return j.w.Flush() }

var csvHeader = []string{"seq", "id", "time", "kind", "request_id", "principal", "source", "code_sha256", "code_size",
	"decision", "tier", "rules", "decision_id", "exit_code", "error", "hash"}

type csvWriter struct {
	w      *csv.Writer
	bw     *bufio.Writer
	header bool
}

func (c *csvWriter) Write(r *Record, _ []byte) error {
	if !c.header {
		c.header = true
		if err := c.w.Write(csvHeader); err != nil {
			return err
		}
	}
	var dec, tier, exit string
	if r.Decision != nil {
		dec, tier = outcome(r), r.Decision.Tier
	}
	if r.Result != nil {
		exit = strconv.Itoa(r.Result.ExitCode)
	}
	size := ""
	if r.CodeSHA256 != "" {
		size = strconv.Itoa(r.CodeSize)
	}
	return c.w.Write([]string{strconv.FormatInt(r.Seq, 10), r.ID, r.Time.Format(time.RFC3339Nano), r.Kind, csvSafe(r.RequestID),
		csvSafe(r.Principal), csvSafe(r.Source), r.CodeSHA256, size, dec, csvSafe(tier), strings.Join(Rules(r), " "), r.DecisionID, exit,
		csvSafe(r.Error), r.Hash})
}

func (c *csvWriter) Flush() error {
	if !c.header {
		c.header = true
		if err := c.w.Write(csvHeader); err != nil {
			return err
		}
	}
	c.w.Flush()
	if err := c.w.Error(); err != nil {
		return err
	}
	return c.bw.Flush()
}

func outcome(r *Record) string {
	if r.Allowed() {
		return "allow"
	}
	return "deny"
}

// csvSafe defuses cells a spreadsheet would run as a formula: principals and errors come from users.
func csvSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func quoteIfNeeded(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\n\"=") || !strconv.CanBackquote(s) {
		return strconv.Quote(s)
	}
	return s
}
