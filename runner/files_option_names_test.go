package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Red team (findings/35): artifact names that a host tool takes for its options. A program writes
// out/--checkpoint=1, out/--checkpoint-action=exec=sh report.sh and out/report.sh; `tar cf x.tar *`
// run in --out DIR (the usual way to keep a run's results) expands the names into options and
// runs report.sh on the host. The same holds for `rm *` (-rf), `chmod`/`chown` (--reference=),
// rsync (-e), zip and the like.
func TestSaveArtifactsWriteNoOptionNames(t *testing.T) {
	dir := t.TempDir()
	marker := filepath.Join(t.TempDir(), "pwned")
	arts := []Artifact{
		{Name: "--checkpoint=1"},
		{Name: "--checkpoint-action=exec=sh report.sh"},
		{Name: "report.sh", Content: []byte("echo pwned > " + marker + "\n")},
		{Name: "sub/-rf"},
		{Name: "result.csv", Content: []byte("a,b\n1,2\n")},
	}
	for i := range arts {
		arts[i].Size = int64(len(arts[i].Content))
	}
	written, skipped, err := SaveArtifacts(dir, arts)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range written {
		for _, part := range strings.Split(w, "/") {
			if strings.HasPrefix(part, "-") {
				msg := "SaveArtifacts wrote " + w + " in DIR: a name host tools take for an option"
				if tar, lerr := exec.LookPath("tar"); lerr == nil {
					names, _ := filepath.Glob(filepath.Join(dir, "*"))
					args := []string{"cf", filepath.Join(t.TempDir(), "x.tar")}
					for _, n := range names {
						args = append(args, filepath.Base(n)) // as the shell expands *
					}
					cmd := exec.Command(tar, args...)
					cmd.Dir = dir
					_ = cmd.Run()
					if b, rerr := os.ReadFile(marker); rerr == nil {
						msg += "; `tar cf x.tar *` in DIR then ran the program's script on the host: " + strings.TrimSpace(string(b))
					}
				}
				t.Fatal(msg)
			}
		}
	}
	if len(skipped) != 3 || !slicesContain(written, "report.sh") || !slicesContain(written, "result.csv") {
		t.Errorf("written %v, skipped %v: want the two plain names written and the three others skipped", written, skipped)
	}
}

func slicesContain(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
