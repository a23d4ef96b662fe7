package format

import (
	"bytes"
	"encoding/json"
	"testing"
)

// The JSON stream writes, result by result, exactly the bytes of encoding the whole document at once,
// for every length of run.
func TestJSONStreamIsTheWholeDocument(t *testing.T) {
	all := fixtures()
	for n := 0; n <= len(all); n++ {
		rs := all[:n]
		doc := struct {
			Results []Result `json:"results"`
		}{Results: []Result{}}
		for _, r := range rs {
			doc.Results = append(doc.Results, normalized(r))
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(doc); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		s := NewJSONStream(&got)
		for _, r := range rs {
			if err := s.Write(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%d results: the stream wrote\n%s\nencoding the document gives\n%s", n, got.Bytes(), want.Bytes())
		}
	}
}
