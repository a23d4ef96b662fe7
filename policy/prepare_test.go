package policy

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
)

// Engines of the same modules share one compile, whatever their config or data; other modules get
// their own; and the cache stays bounded.
func TestCompileCache(t *testing.T) {
	a := mustEngine(t)
	cfg := config.Default()
	tier := cfg.Tiers["standard"]
	tier.Timeout = config.Duration{Duration: 7 * time.Second}
	cfg.Tiers["standard"] = tier
	b := mustEngine(t, WithConfig(cfg))
	if a.compiler != b.compiler {
		t.Error("two engines of the embedded policy compiled it twice")
	}
	if a.Revision() == b.Revision() {
		t.Error("engines with different tiers share a revision")
	}
	if d := b.Decide(context.Background(), cleanInput()); !d.Allow || d.Limits.TimeoutMS != 7000 {
		t.Errorf("the engine with its own tiers decided %+v, want an allow with its 7s timeout", d)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.rego"), []byte(minimalPolicy+"# another policy\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "data.yaml"), []byte("levels: {ci-bot: trusted}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := mustEngine(t, WithDir(dir))
	if c.compiler == a.compiler {
		t.Error("a different policy got the embedded policy's compile")
	}
	for i := range maxCompiled + 2 {
		files := []File{{Name: "p.rego", Display: "p.rego", Bytes: fmt.Appendf(nil, "%s# %d\n", minimalPolicy, i)}}
		if _, errs := compileCached(files); len(errs) > 0 {
			t.Fatal(errs)
		}
	}
	compiled.Lock()
	n := len(compiled.entries)
	compiled.Unlock()
	if n != maxCompiled {
		t.Errorf("%d compiled policies cached, want %d", n, maxCompiled)
	}
}

// A policy that fails to compile fails every New, also from the cache, with its located error; and
// Warm, which reports nothing, leaves that to New.
func TestCompileCacheKeepsErrors(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.rego"), []byte("package sbxgate\n\ndecision := x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	Warm(dir)
	Warm(filepath.Join(dir, "missing"))
	for range 2 {
		_, err := New(context.Background(), WithDir(dir))
		if err == nil || !strings.Contains(err.Error(), "p.rego:3") || !strings.Contains(err.Error(), "var x is unsafe") {
			t.Fatalf("New: %v, want the compile error at p.rego:3", err)
		}
	}
}

// Warm compiles ahead: the New that follows finds the compile done or waits for it, and decides as
// an engine built without Warm does.
func TestWarm(t *testing.T) {
	dir := t.TempDir()
	src := minimalPolicy + "# warmed\n"
	if err := os.WriteFile(filepath.Join(dir, "p.rego"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "data.yaml"), []byte("levels: {ci-bot: trusted}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	Warm(dir)
	e := mustEngine(t, WithDir(dir))
	files, err := LoadFS(os.DirFS(dir), dir, dir)
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := compileCached(files.Modules); c != e.compiler {
		t.Error("New did not use the warmed compile")
	}
	if d := e.Decide(context.Background(), cleanInput()); !d.Allow || d.TrustLevel != "trusted" {
		t.Errorf("decision %+v, want allow, trusted", d)
	}
}
