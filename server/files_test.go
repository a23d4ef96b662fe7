package server

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/config"
)

// A run takes files in base64 and gives back what the program wrote in out/, in base64; the
// audit record has each artifact's name, size and hash, and its content only under store_code
// always (the shipped default is on_deny).
func TestRunFiles(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{runner: true})
	csv := "x,y\n1,2\n3,5\n"
	code := "import csv\nrows = list(csv.DictReader(open('data/in.csv')))\n" +
		"open('out/sum.csv', 'w').write('y\\n%d\\n' % sum(int(r['y']) for r in rows))\nprint(len(rows))\n"
	r := e.post("/v1/run", aliceToken, map[string]any{"code": code, "files": []map[string]any{
		{"name": "data/in.csv", "content_base64": base64.StdEncoding.EncodeToString([]byte(csv))},
	}})
	if r.Status != http.StatusOK {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	var got RunResponse
	if err := json.Unmarshal(r.Body, &got); err != nil {
		t.Fatal(err)
	}
	if got.Result == nil || got.Result.Stdout != "2\n" || len(got.Result.Artifacts) != 1 {
		t.Fatalf("result %+v", got.Result)
	}
	a := got.Result.Artifacts[0]
	sum := sha256.Sum256([]byte("y\n7\n"))
	if a.Name != "sum.csv" || string(a.Content) != "y\n7\n" || a.MediaType != "text/csv" || a.SHA256 != hex.EncodeToString(sum[:]) {
		t.Fatalf("artifact %+v", a)
	}
	if !strings.Contains(string(r.Body), `"content_base64":"`+base64.StdEncoding.EncodeToString([]byte("y\n7\n"))+`"`) {
		t.Fatalf("the answer does not carry the content in base64: %s", r.Body)
	}
	if s := schemaFor(t, "RunResponse"); s.Validate(r.json(t)) != nil {
		t.Fatalf("does not match RunResponse: %v", s.Validate(r.json(t)))
	}
	recs := e.verifyLog()
	dec, res := recs[len(recs)-2], recs[len(recs)-1]
	if len(dec.Files) != 1 || dec.Files[0].Name != "data/in.csv" || dec.Files[0].Size != len(csv) {
		t.Errorf("decision files %+v", dec.Files)
	}
	if ra := res.Result.Artifacts; len(ra) != 1 || ra[0].SHA256 != a.SHA256 || ra[0].Content != nil {
		t.Errorf("result record artifacts %+v: want name, size and hash, no content under on_deny", ra)
	}
}

func TestRunFilesRefused(t *testing.T) {
	cfg := testConfig(t)
	cfg.Files.In = config.FileLimits{MaxCount: 2, MaxBytes: 10, MaxFileBytes: 8}
	e := startEnv(t, cfg, envOpts{})
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	for _, tc := range []struct {
		files any
		want  string
	}{
		{[]map[string]any{{"name": "../x", "content_base64": b64("a")}}, `files[0]: file name "../x" has an empty`},
		{[]map[string]any{{"name": "/etc/x", "content_base64": b64("a")}}, "absolute"},
		{[]map[string]any{{"name": "a\x01", "content_base64": b64("a")}}, "U+0001"},
		{[]map[string]any{{"name": "a", "content_base64": b64("123456789")}}, "over the limit of 8"},
		{[]map[string]any{{"name": "a", "content_base64": b64("123456")}, {"name": "b", "content_base64": b64("123456")}}, "12 bytes together"},
		{[]map[string]any{{"name": "a", "content_base64": ""}, {"name": "b", "content_base64": ""}, {"name": "c", "content_base64": ""}}, "3 files, over the limit of 2"},
		{[]map[string]any{{"name": "a", "content_base64": "!!"}}, "not base64"},
		{[]map[string]any{{"name": "a"}}, `no "content_base64"`},
		{[]map[string]any{{"name": "a", "content_base64": "", "mode": "0755"}}, `unknown field "mode" in a file`},
		{[]map[string]any{{"name": "a", "content_base64": ""}, {"name": "a", "content_base64": ""}}, "given twice"},
	} {
		r := e.post("/v1/run", aliceToken, map[string]any{"code": allowedCode, "files": tc.files})
		if r.Status != http.StatusBadRequest || !strings.Contains(r.errorMessage(t), tc.want) {
			t.Errorf("files %v: %d %s, want 400 with %q", tc.files, r.Status, r.Body, tc.want)
		}
	}
}
