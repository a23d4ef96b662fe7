package pipeline

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"github.com/sbxgate/sbxgate/runner"
)

// echoRunner gives back each input file as an artifact, as a program copying in/ to out/ would.
type echoRunner struct{ runs *int }

func (r echoRunner) Run(_ context.Context, req runner.Request) (runner.Result, error) {
	*r.runs++
	res := runner.Result{Violations: []runner.Violation{}, Artifacts: []runner.Artifact{}}
	for _, f := range req.Files {
		res.Artifacts = append(res.Artifacts, runner.Artifact{Name: f.Name, Size: int64(len(f.Content)), Content: f.Content, MediaType: "text/plain"})
	}
	return res, nil
}

// The decision record names the input files (never their content); the result record keeps the
// artifacts' content only when store_code keeps allowed code (always); a retry under the same
// idempotency key with other files is a conflict.
func TestFilesInTheLog(t *testing.T) {
	for _, mode := range []string{record.StoreOnDeny, record.StoreAlways, record.StoreNever} {
		t.Run(mode, func(t *testing.T) {
			cfg := config.Default()
			cfg.Audit.StoreCode = mode
			logPath := filepath.Join(t.TempDir(), "audit.jsonl")
			b, err := New(context.Background(), cfg, Options{AuditPath: logPath})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			runs := 0
			b.Runner = echoRunner{&runs}
			s := sub("print(open('a.csv').read())\n")
			s.Files = []runner.File{{Name: "a.csv", Content: []byte("x,y\n")}}
			s.IdempotencyKey = "files-1"
			out, err := b.Run(context.Background(), s)
			if err != nil || out.Result == nil || len(out.Result.Artifacts) != 1 || string(out.Result.Artifacts[0].Content) != "x,y\n" {
				t.Fatalf("run: %+v %v", out.Result, err)
			}
			other := s
			other.Files = []runner.File{{Name: "a.csv", Content: []byte("x,z\n")}}
			if _, err := b.Run(context.Background(), other); !errors.Is(err, ErrIdempotencyConflict) {
				t.Fatalf("other files under the key: %v, want ErrIdempotencyConflict", err)
			}
			if again, err := b.Run(context.Background(), s); err != nil || !again.Replayed || runs != 1 {
				t.Fatalf("retry with the same files: %+v %v, runs %d", again, err, runs)
			}
			b.Close()
			recs := records(t, logPath)
			if len(recs) != 2 {
				t.Fatalf("%d records", len(recs))
			}
			want := []record.File{{Name: "a.csv", Size: 4, SHA256: "9c6536d38fa37da58fac066342747e6d20fdace12ab5b287cf04506f2afe95b0"}}
			if got := recs[0].Files; len(got) != 1 || got[0] != want[0] {
				t.Errorf("decision files %+v, want %+v", got, want)
			}
			arts := recs[1].Result.Artifacts
			if len(arts) != 1 || arts[0].Name != "a.csv" || arts[0].Size != 4 {
				t.Fatalf("result artifacts %+v", arts)
			}
			if kept := arts[0].Content != nil; kept != (mode == record.StoreAlways) {
				t.Errorf("store_code %s: content kept %v", mode, kept)
			}
			// The caller's result is not changed by what the log keeps.
			if string(out.Result.Artifacts[0].Content) != "x,y\n" {
				t.Errorf("the caller's artifact lost its content")
			}
		})
	}
}
