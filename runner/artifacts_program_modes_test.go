package runner

import (
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/config"
)

// artifactModesProgram leaves in out/ what ordinary programs leave there, with the modes the
// standard library gives them: a copy of an input file (shutil.copy keeps its mode, and process 1
// writes the input files 0600), a file written atomically through tempfile (mkstemp makes it
// 0600), and a report in a directory made by tempfile.mkdtemp (0700).
const artifactModesProgram = `import os, shutil, tempfile
shutil.copy("data.csv", "out/data.csv")
fd, tmp = tempfile.mkstemp(dir="out")
with os.fdopen(fd, "w") as f:
    f.write("summary\n")
os.replace(tmp, "out/summary.txt")
d = tempfile.mkdtemp(dir="out")
with open(os.path.join(d, "report.txt"), "w") as f:
    f.write("report\n")
os.rename(d, "out/reports")
for n in sorted(os.listdir("out")):
    print(n, oct(os.stat("out/" + n).st_mode & 0o777))
`

// TestArtifactsProgramModes: process 1 reads out/ as another user than the program's (docs/security.md,
// "Two users"), through the program's group. What the program made readable to its user alone
// is skipped, "permission denied", though the program wrote it like any other artifact: a copy of
// its own input file, an atomic write, a file in a private temporary directory. Before the two
// users, each came back. findings/31.
func TestArtifactsProgramModes(t *testing.T) {
	d := newTestDocker(t)
	forEachRuntime(t, d, filesLimits, func(t *testing.T, l config.Limits) {
		res, err := runFiles(t, d, artifactModesProgram, []File{{"data.csv", []byte("a,b\n1,2\n")}}, l)
		if err != nil {
			t.Fatal(err)
		}
		if res.ExitCode != 0 {
			t.Fatalf("exit %d stdout %q stderr %q", res.ExitCode, res.Stdout, res.Stderr)
		}
		got := map[string]string{}
		for _, a := range res.Artifacts {
			got[a.Name] = string(a.Content)
		}
		for name, want := range map[string]string{"data.csv": "a,b\n1,2\n", "summary.txt": "summary\n", "reports/report.txt": "report\n"} {
			if got[name] != want {
				t.Errorf("artifact %s: got %q, want %q", name, got[name], want)
			}
		}
		if t.Failed() {
			var sk []string
			for _, s := range res.ArtifactsSkipped {
				sk = append(sk, s.Name+": "+s.Reason)
			}
			t.Logf("program saw %q; skipped: %s", res.Stdout, strings.Join(sk, "; "))
		}
	})
}
