package token

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestNameLookup resolves every 7th named character's name, in upper and
// lower case, and checks names python3 refuses are refused here too.
func TestNameLookup(t *testing.T) {
	out, err := exec.Command("python3", "-c", `
import unicodedata
for c in range(0, 0x110000, 7):
    n = unicodedata.name(chr(c), None)
    if n is not None:
        print("%X;%s" % (c, n))
`).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		hexCode, name, _ := strings.Cut(line, ";")
		want, _ := strconv.ParseUint(hexCode, 16, 32)
		for _, q := range []string{name, strings.ToLower(name)} {
			algorithmic := strings.HasPrefix(name, "HANGUL SYLLABLE ") || strings.HasPrefix(name, "CJK UNIFIED IDEOGRAPH-")
			got, ok := lookupName(q)
			if q != name && algorithmic {
				if ok {
					t.Errorf("lookupName(%q) accepted a lower-case algorithmic name (CPython does not)", q)
				}
				continue
			}
			if !ok || got != rune(want) {
				t.Errorf("lookupName(%q) = U+%04X, %v; want U+%04X", q, got, ok, want)
			}
		}
		n++
	}
	if n < 10000 {
		t.Fatalf("only %d names checked", n)
	}
	for _, bad := range []string{"", " LATIN SMALL LETTER A", "LATIN SMALL LETTER A ", "NO SUCH CHARACTER", "CJK UNIFIED IDEOGRAPH-4DC0",
		"HANGUL SYLLABLE", "HANGUL SYLLABLE GX", "LATIN CAPITAL LETTER A WITH MACRON AND GRAVE"} {
		if r, ok := lookupName(bad); ok {
			t.Errorf("lookupName(%q) = U+%04X, want unknown", bad, r)
		}
	}
}
