package token

import (
	"strings"
	"testing"
)

// TestStreamDiscard checks that discarding the tokens of earlier statements leaves every later token, across
// chunk boundaries, as it was, multi-line strings included.
func TestStreamDiscard(t *testing.T) {
	text := strings.Repeat("x = f(a, 'b', \"\"\"c\nd\"\"\")\n", 3*chunkSize/10)
	s, err := TokenizeTextStream(text)
	if err != nil {
		t.Fatal(err)
	}
	want := s.Tokens()
	if len(want) < 3*chunkSize {
		t.Fatalf("%d tokens: want at least 3 chunks", len(want))
	}
	for _, cut := range []int{0, chunkSize - 1, chunkSize, 2*chunkSize + 5, 3 * chunkSize} {
		s.Discard(cut)
		for i := max(cut-chunkSize, 0); i < s.Len(); i++ {
			if got := s.Token(i); got != want[i] {
				t.Fatalf("after Discard(%d): token %d = %v, want %v", cut, i, got, want[i])
			}
		}
	}
	if s.discarded == 0 {
		t.Fatal("Discard kept every chunk")
	}
}
