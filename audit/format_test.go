package audit

import (
	"bytes"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/runner"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// fixture returns four records with fixed ids and times, chained, with their lines.
func fixture(t testing.TB) ([]Record, [][]byte) {
	t.Helper()
	deny := decisionRecord("alice", "import os\nos.system('id')\n", false)
	allow := decisionRecord("=bob", "print('hi')\n", true)
	recs := []Record{deny, allow,
		{Kind: KindResult, Principal: "=bob", DecisionID: "01JNCB7W00BBBBBBBBBBBBBBBB", Result: &runner.Result{ExitCode: 3, Stdout: "hi\n"}},
		{Kind: KindRepair, Repair: &Repair{Reason: "torn last line", Offset: 100, Bytes: 12, SHA256: "00", SavedAs: "audit.log.torn-x"}},
	}
	ids := []string{"01JNCB7W00AAAAAAAAAAAAAAAA", "01JNCB7W00BBBBBBBBBBBBBBBB", "01JNCB7W00CCCCCCCCCCCCCCCC", "01JNCB7W00DDDDDDDDDDDDDDDD"}
	var lines [][]byte
	prev := zeroHash
	for i := range recs {
		r := &recs[i]
		r.ID, r.Time = ids[i], t0.Add(time.Duration(i)*time.Hour)
		if err := applyStoreCode(r, StoreOnDeny); err != nil {
			t.Fatal(err)
		}
		body, err := encodeBody(r)
		if err != nil {
			t.Fatal(err)
		}
		line, h := appendLine(nil, body, int64(i), prev)
		r.Seq, r.Prev, r.Hash = int64(i), prev, hex.EncodeToString(h[:])
		prev = r.Hash
		lines = append(lines, line[:len(line)-1])
	}
	return recs, lines
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
		t.Fatalf("%v: run go test ./audit -run %s -update", err, t.Name())
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

func TestFilter(t *testing.T) {
	recs, _ := fixture(t)
	tests := []struct {
		name string
		f    Filter
		want []int64 // seqs
	}{
		{"all", Filter{}, []int64{0, 1, 2, 3}},
		{"principal", Filter{Principal: "alice"}, []int64{0}},
		{"deny", Filter{Decision: "deny"}, []int64{0}},
		{"allow", Filter{Decision: "allow"}, []int64{1}},
		{"rule in findings and reasons", Filter{Rule: "SBX101"}, []int64{0, 1}},
		{"rule absent", Filter{Rule: "SBX999"}, nil},
		{"kind", Filter{Kind: KindResult}, []int64{2}},
		{"sha256 prefix", Filter{SHA256: recs[1].CodeSHA256[:10]}, []int64{1}},
		{"since inclusive", Filter{Since: t0.Add(time.Hour)}, []int64{1, 2, 3}},
		{"until exclusive", Filter{Until: t0.Add(time.Hour)}, []int64{0}},
		{"window", Filter{Since: t0.Add(time.Hour), Until: t0.Add(3 * time.Hour)}, []int64{1, 2}},
		{"combined", Filter{Principal: "=bob", Kind: KindDecision}, []int64{1}},
	}
	for _, tt := range tests {
		if err := tt.f.Validate(); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var got []int64
		for i := range recs {
			if tt.f.Match(&recs[i]) {
				got = append(got, recs[i].Seq)
			}
		}
		if len(got) != len(tt.want) || (len(got) > 0 && !equalSeqs(got, tt.want)) {
			t.Errorf("%s: matched %v, want %v", tt.name, got, tt.want)
		}
	}
	for _, bad := range []Filter{
		{Decision: "maybe"}, {Rule: "G101"}, {SHA256: "XYZ"}, {SHA256: "abc"}, {Kind: "audit"},
		{Since: t0, Until: t0},
	} {
		if err := bad.Validate(); err == nil {
			t.Errorf("Validate accepted %+v", bad)
		}
	}
}

func equalSeqs(a, b []int64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
