package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/audit/verify"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/policy"
	"github.com/sbxgate/sbxgate/runner"
)

// benchLog writes a log of n records as the pipeline writes them (decisions with their report, every
// third a result), straight through the line encoder, and opens it as a writer does, which builds
// the index. It returns the ids.
func benchLog(b *testing.B, path string, n int) []string {
	out, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(out, 1<<20)
	prev := verify.ZeroHash
	t0 := time.Now()
	ids := make([]string, 0, n)
	for i := range n {
		code := fmt.Sprintf("import json\nprint(json.dumps({'n': %d}))\n", i)
		r := record.Record{Kind: record.KindDecision, Time: t0.Add(time.Duration(i) * time.Millisecond), Payload: record.Payload{
			RequestID: fmt.Sprintf("%032x", i), Principal: fmt.Sprintf("user%d", i%7), Source: "http", Code: &code,
			AnalyzerVersion: "bench", Request: policy.Request{Principal: fmt.Sprintf("user%d", i%7), Source: "http"},
			Report: &analyzer.Report{Path: "main.py", Size: len(code), Imports: []analyzer.Import{{Module: "json", Line: 1, Allowed: true}},
				Findings: []analyzer.Finding{{Rule: "SBX101", Capability: "process", Severity: "high", Line: 1, Message: "import of os reaches process execution"}}},
			Decision: &policy.Decision{Allow: i%3 == 1, Tier: "standard", TrustLevel: "untrusted", PolicyRevision: "sha256:0123456789abcdef"},
		}}
		if i%3 == 2 {
			r = record.Record{Kind: record.KindResult, Time: r.Time, Payload: record.Payload{Principal: "user1", DecisionID: ids[i-1],
				Result: &runner.Result{ExitCode: 0, Stdout: "{\"n\": 1}\n", DurationMS: 40}}}
		}
		if err := record.ApplyStoreCode(&r, record.StoreOnDeny); err != nil {
			b.Fatal(err)
		}
		e, err := r.Entry()
		if err != nil {
			b.Fatal(err)
		}
		id := fmt.Sprintf("01%024d", i) // unique ids in ULID form
		line, h, err := audit.EncodeLine(e, id, int64(i), prev)
		if err != nil {
			b.Fatal(err)
		}
		w.Write(line)
		prev = fmt.Sprintf("%x", h[:])
		ids = append(ids, id)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := out.Close(); err != nil {
		b.Fatal(err)
	}
	l, err := audit.Open(path, audit.WithSchema(record.Schema))
	if err != nil {
		b.Fatal(err)
	}
	if err := l.Close(); err != nil {
		b.Fatal(err)
	}
	return ids
}

// BenchmarkAuditShow: `sbxgate audit show ID` and `audit show SEQ` on a 200,000-record log, the whole
// command in process (config, index, decoding, indented JSON), beside the linear scan `show` did
// before the index, in the same run: "show-id-ms", "show-seq-ms", "scan-ms".
func BenchmarkAuditShow(b *testing.B) {
	path := filepath.Join(b.TempDir(), "audit.log")
	ids := benchLog(b, path, 200_000)
	id := ids[len(ids)/2]
	show := func(ref string) {
		e := &Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard}
		if code := dispatch(context.Background(), e, []string{"audit", "show", ref, "--audit", path}); code != 0 {
			b.Fatalf("audit show %s: exit %d", ref, code)
		}
	}
	var byID, bySeq, scan time.Duration
	for b.Loop() {
		t0 := time.Now()
		show(id)
		t1 := time.Now()
		show("123456")
		t2 := time.Now()
		if got := scanFor(b, path, id); got != id {
			b.Fatalf("scan found %q", got)
		}
		byID += t1.Sub(t0)
		bySeq += t2.Sub(t1)
		scan += time.Since(t2)
	}
	n := float64(b.N)
	b.ReportMetric(float64(byID)/n/1e6, "show-id-ms")
	b.ReportMetric(float64(bySeq)/n/1e6, "show-seq-ms")
	b.ReportMetric(float64(scan)/n/1e6, "scan-ms")
	b.ReportMetric(0, "ns/op")
}

// scanFor finds a record by id as `audit show` did before the index: read every line, decode those
// holding the quoted id.
func scanFor(b *testing.B, path, id string) string {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	needle := []byte(`"` + id + `"`)
	found := ""
	err = verify.ReadLines(path, f, 1, func(_, _ int64, line []byte) error {
		if !bytes.Contains(line, needle) {
			return nil
		}
		var r record.Record
		if err := json.Unmarshal(line, &r); err != nil {
			return err
		}
		if r.ID == id {
			found = r.ID
			return verify.ErrStop
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return found
}
