package record

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/audit/verify"
	"github.com/sbxgate/sbxgate/policy"
	"github.com/sbxgate/sbxgate/runner"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// fixture reads testdata/v1.jsonl, a log written by sbxgate before the log stopped knowing its
// payload (when Record lived in package audit): a denied decision, an allowed one, its result and a
// repair record. It returns the records and their lines.
func fixture(t testing.TB) ([]Record, [][]byte) {
	t.Helper()
	data, err := os.ReadFile("testdata/v1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var recs []Record
	var lines [][]byte
	for _, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		r, err := Decode(line)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, *r)
		lines = append(lines, line)
	}
	return recs, lines
}

// TestEncodingUnchanged: a record goes to the log as exactly the bytes sbxgate wrote when the typed
// record lived in package audit and a line was json.Marshal of the whole record with its hash
// appended, so the leaves of old and new records are alike. The records are those of
// testdata/v1.jsonl, a log written then; the log itself still verifies (see package audit), and
// its decisions, whose types have not grown since, read back and encode to the very same lines.
func TestEncodingUnchanged(t *testing.T) {
	recs, lines := fixture(t)
	for i, r := range recs {
		if r.Kind == KindRepair {
			continue // the log's own
		}
		e, err := r.Entry()
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := audit.EncodeLine(e, r.ID, r.Seq, r.Prev)
		if err != nil {
			t.Fatal(err)
		}
		whole := r
		whole.Hash = ""
		leaf, err := json.Marshal(&whole)
		if err != nil {
			t.Fatal(err)
		}
		gotLeaf, _, err := verify.LeafOf(bytes.TrimSuffix(got, []byte("\n")))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(gotLeaf, leaf) {
			t.Errorf("record %d: leaf\n got %s\nwant %s", i, gotLeaf, leaf)
		}
		if r.Kind == KindDecision && !bytes.Equal(got, append(bytes.Clone(lines[i]), '\n')) {
			t.Errorf("decision %d encodes differently from the line written before:\n got %s\nwant %s", i, got, lines[i])
		}
	}
}

// TestLogRoundTrip: records appended through the log read back the same, and the log verifies
// under the schema.
func TestLogRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	l, err := audit.Open(path, audit.WithSchema(Schema))
	if err != nil {
		t.Fatal(err)
	}
	code := "import os\n"
	dec := Record{Kind: KindDecision, Time: t0, Payload: Payload{Principal: "alice", Code: &code,
		Report:   &analyzer.Report{Findings: []analyzer.Finding{{Rule: "SBX101", Message: "process"}}},
		Decision: &policy.Decision{Allow: true, Tier: "standard"}}}
	if err := ApplyStoreCode(&dec, StoreAlways); err != nil {
		t.Fatal(err)
	}
	e, err := dec.Entry()
	if err != nil {
		t.Fatal(err)
	}
	e.Open = true
	d, err := l.Append(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	res := Record{Kind: KindResult, Payload: Payload{Principal: "alice", DecisionID: d.ID, Result: &runner.Result{ExitCode: 3}}}
	if e, err = res.Entry(); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Append(context.Background(), e); err != nil {
		t.Fatal(err)
	}
	lost := Record{Kind: KindResultLost, Payload: Payload{DecisionID: d.ID, Lost: &Lost{Reason: "x", By: LostByRunner}}}
	if e, err = lost.Entry(); err != nil {
		t.Fatal(err)
	}
	e.IfOpen = true
	if _, err := l.Append(context.Background(), e); !errors.Is(err, audit.ErrNotOpen) {
		t.Fatalf("result_lost after the result: %v, want ErrNotOpen", err)
	}
	// A result may not link to a result.
	bad := Record{Kind: KindResult, Payload: Payload{DecisionID: d.ID}}
	if e, err = bad.Entry(); err != nil {
		t.Fatal(err)
	}
	r2, err := l.Append(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	bad.DecisionID = r2.ID
	if e, err = bad.Entry(); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Append(context.Background(), e); err == nil {
		t.Fatal("a result linking to a result was written")
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := audit.VerifyLog(path, audit.VerifyOptions{Schema: Schema}); err != nil {
		t.Fatal(err)
	}
	got, line, err := Find(path, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Owner == nil || got.Code == nil || *got.Code != code || got.Report.Findings[0].Rule != "SBX101" || !got.Allowed() || !bytes.Contains(line, []byte(`"owner":{`)) {
		t.Fatalf("decision read back: %+v", got)
	}
	var all []Record
	if err := Scan(path, func(r Record) error { all = append(all, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(all) != 3 || all[1].Result == nil || all[1].Result.ExitCode != 3 || all[1].DecisionID != d.ID {
		t.Fatalf("Scan: %+v", all)
	}
}

func TestStoreCode(t *testing.T) {
	code := "print(2)"
	mk := func(kind string, allow *bool) Record {
		r := Record{Kind: kind, Payload: Payload{Code: &code}}
		if allow != nil {
			r.Decision = &policy.Decision{Allow: *allow}
		}
		return r
	}
	yes, no := true, false
	tests := []struct {
		mode string
		rec  Record
		keep bool
	}{
		{StoreAlways, mk(KindDecision, &yes), true},
		{StoreAlways, mk(KindResult, nil), true},
		{StoreOnDeny, mk(KindDecision, &yes), false},
		{StoreOnDeny, mk(KindDecision, &no), true},
		{StoreOnDeny, mk(KindDecision, nil), true},
		{"", mk(KindDecision, &no), true},
		{StoreOnDeny, mk(KindResult, nil), false},
		{StoreNever, mk(KindDecision, &no), false},
	}
	// ApplyStoreCode takes the code from the record, SetCode from bytes: the same outcome.
	apply := map[string]func(r *Record, mode string) error{
		"ApplyStoreCode": ApplyStoreCode,
		"SetCode": func(r *Record, mode string) error {
			c := []byte(*r.Code)
			r.Code = nil
			return SetCode(r, c, mode, nil)
		},
	}
	for name, fn := range apply {
		for _, tt := range tests {
			r := tt.rec
			if err := fn(&r, tt.mode); err != nil {
				t.Fatal(err)
			}
			if (r.Code != nil) != tt.keep || r.Code != nil && *r.Code != code || r.CodeSize != len(code) || len(r.CodeSHA256) != 64 {
				t.Errorf("%s %q %s allow=%v: code kept %v size %d sum %q; want kept %v", name, tt.mode, r.Kind, r.Allowed(), r.Code != nil, r.CodeSize, r.CodeSHA256, tt.keep)
			}
		}
		wrong := mk(KindDecision, &no)
		wrong.CodeSHA256 = strings.Repeat("0", 64)
		if err := fn(&wrong, StoreNever); err == nil {
			t.Errorf("%s accepted a wrong code_sha256", name)
		}
		r := mk(KindDecision, &no)
		if err := fn(&r, "sometimes"); err == nil {
			t.Errorf("%s accepted mode sometimes", name)
		}
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v: run go test ./pipeline/record -run %s -update", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it):\n got:\n%s\nwant:\n%s", name, got, want)
	}
}

func TestWriters(t *testing.T) {
	recs, lines := fixture(t)
	for _, format := range Formats {
		var buf bytes.Buffer
		w, err := NewWriter(format, &buf)
		if err != nil {
			t.Fatal(err)
		}
		for i := range recs {
			if err := w.Write(&recs[i], lines[i]); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		golden(t, "records."+format, buf.Bytes())
	}
	if _, err := NewWriter("xml", os.Stdout); err == nil {
		t.Error("NewWriter accepted format xml")
	}
}

// withViolations returns a result line whose result carries violations, as the runner reports them.
func withViolations(t *testing.T, line []byte, vs []runner.Violation) []byte {
	t.Helper()
	b, err := json.Marshal(vs)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Replace(line, []byte(`"result":{`), append(append([]byte(`"result":{"violations":`), b...), ','), 1)
}

func TestFilter(t *testing.T) {
	recs, lines := fixture(t)
	// A fifth record: a result whose run tried the network and a process, which were not granted.
	lines = append(lines, withViolations(t, lines[2], []runner.Violation{{Capability: "network", Event: "connect", Detail: "1.2.3.4:80"}, {Capability: "process", Event: "execve", Detail: "/bin/sh"}}))
	r5, err := Decode(lines[4])
	if err != nil {
		t.Fatal(err)
	}
	r5.Seq = 4
	recs = append(recs, *r5)
	tests := []struct {
		name string
		f    Filter
		want []int64 // seqs
	}{
		{"all", Filter{}, []int64{0, 1, 2, 3, 4}},
		{"principal", Filter{Principal: "alice"}, []int64{0}},
		{"deny", Filter{Decision: "deny"}, []int64{0}},
		{"allow", Filter{Decision: "allow"}, []int64{1}},
		{"rule in findings and reasons", Filter{Rule: "SBX101"}, []int64{0, 1}},
		{"rule absent", Filter{Rule: "SBX999"}, nil},
		{"kind", Filter{Kind: KindResult}, []int64{2, 4}},
		{"sha256 prefix", Filter{SHA256: recs[1].CodeSHA256[:10]}, []int64{1}},
		{"since inclusive", Filter{Since: t0.Add(time.Hour)}, []int64{1, 2, 3, 4}},
		{"until exclusive", Filter{Until: t0.Add(time.Hour)}, []int64{0}},
		{"window", Filter{Since: t0.Add(time.Hour), Until: t0.Add(3 * time.Hour)}, []int64{1, 2, 4}},
		{"combined", Filter{Principal: "=bob", Kind: KindDecision}, []int64{1}},
		{"violations", Filter{Violations: true}, []int64{4}},
		{"violation network", Filter{Violation: "network"}, []int64{4}},
		{"violation process", Filter{Violation: "process", Kind: KindResult}, []int64{4}},
		{"violation absent", Filter{Violation: "filesystem"}, nil},
	}
	for _, tt := range tests {
		if err := tt.f.Validate(); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var got []int64
		for i := range recs {
			skip := tt.f.Skip(lines[i])
			match := tt.f.Match(&recs[i])
			if skip && match {
				t.Errorf("%s: Skip dropped record %d, which matches", tt.name, i)
			}
			if !skip && match {
				got = append(got, recs[i].Seq)
			}
		}
		if !equalSeqs(got, tt.want) {
			t.Errorf("%s: matched %v, want %v", tt.name, got, tt.want)
		}
	}
	for _, bad := range []Filter{
		{Decision: "maybe"}, {Rule: "G101"}, {SHA256: "XYZ"}, {SHA256: "abc"}, {Kind: "audit"},
		{Since: t0, Until: t0}, {Violation: "Net Work"},
	} {
		if err := bad.Validate(); err == nil {
			t.Errorf("Validate accepted %+v", bad)
		}
	}
	// The text writer names the violations.
	var buf bytes.Buffer
	w, _ := NewWriter("text", &buf)
	if err := w.Write(&recs[4], lines[4]); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if !strings.Contains(buf.String(), " violations=network,process") {
		t.Errorf("text line %q lacks the violations", buf.String())
	}
}

func equalSeqs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestEncodedLen(t *testing.T) {
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	inputs := [][]byte{
		nil, []byte("print(6*7)\n"), all, []byte("<>&\u2028\u2029\ufffd\U0001F600"), []byte("\xe2\x80"), []byte("a\xffb\xc0\x80"),
		[]byte(strings.Repeat("<", 1000)),
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		b := make([]byte, rng.IntN(64))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		inputs = append(inputs, b)
	}
	for _, in := range inputs {
		// What a record writes: the code as a string member, marshalled with the payload.
		js, err := json.Marshal(string(in))
		if err != nil {
			t.Fatal(err)
		}
		if got := EncodedLen(in); got != len(js) {
			t.Errorf("EncodedLen(%q) = %d, the log writes %d bytes (%s)", in, got, len(js), js)
		}
	}
}

func TestSetCodeLimit(t *testing.T) {
	code := []byte("import os\nos.system('<id>')\n")
	var asked []int
	limit := func(omit string) CodeLimit {
		return func(n int) string { asked = append(asked, n); return omit }
	}
	for _, tt := range []struct {
		mode, omit, want string
		allow            bool
		keep             bool
	}{
		{StoreOnDeny, "", "", false, true},
		{StoreOnDeny, OmittedBudget, OmittedBudget, false, false},
		{StoreOnDeny, OmittedSize, OmittedSize, false, false},
		// A record its mode does not keep the code of says nothing of a budget, and spends none.
		{StoreOnDeny, OmittedBudget, "", true, false},
		{StoreNever, OmittedBudget, "", false, false},
	} {
		asked = nil
		r := Record{Kind: KindDecision, Payload: Payload{Decision: &policy.Decision{Allow: tt.allow}}}
		if err := SetCode(&r, code, tt.mode, limit(tt.omit)); err != nil {
			t.Fatal(err)
		}
		if (r.Code != nil) != tt.keep || r.CodeOmitted != tt.want || r.CodeSize != len(code) || len(r.CodeSHA256) != 64 {
			t.Errorf("%s allow=%v limit %q: kept %v, code_omitted %q, size %d; want kept %v, %q", tt.mode, tt.allow, tt.omit, r.Code != nil, r.CodeOmitted, r.CodeSize, tt.keep, tt.want)
		}
		wantAsked := 0
		if !tt.allow && tt.mode == StoreOnDeny {
			wantAsked = 1
		}
		if len(asked) != wantAsked || wantAsked == 1 && asked[0] != EncodedLen(code) {
			t.Errorf("%s allow=%v: the limit was asked %v, want once with %d", tt.mode, tt.allow, asked, EncodedLen(code))
		}
	}
}
