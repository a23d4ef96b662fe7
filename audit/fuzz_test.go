package audit

import (
	"bytes"
	"encoding/hex"
	"testing"

	"golang.org/x/mod/sumdb/tlog"
)

// FuzzCheckLine: no input makes the line checks panic, and a line they accept is exactly its leaf
// bytes with the leaf's hash as the last member: no other bytes pass for a record.
func FuzzCheckLine(f *testing.F) {
	_, lines := fixture(f)
	for _, l := range lines {
		f.Add(l)
	}
	f.Add([]byte(`{"seq":0,"prev":"","hash":"00"}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		parseChain(line)
		h, leaf, err := checkLine(line)
		if err != nil {
			return
		}
		if h != tlog.RecordHash(leaf) {
			t.Fatalf("accepted hash %x is not the leaf hash of %q", h, leaf)
		}
		want := append(bytes.Clone(leaf[:len(leaf)-1]), hashMember...)
		want = hex.AppendEncode(want, h[:])
		want = append(want, `"}`...)
		if !bytes.Equal(want, line) {
			t.Fatalf("accepted line %q is not its leaf %q with its hash", line, leaf)
		}
	})
}
