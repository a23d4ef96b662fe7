package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbxgate/sbxgate/config"
)

// Red team (findings/18_artifacts_write_host_control_files.md): the artifacts' names and bytes are
// the sandboxed program's, and SaveArtifacts writes them on the host below --out DIR. These tests
// fail while that write can reach a file outside DIR, keep an existing file's mode, or plant a
// file a host tool treats as configuration to execute.

// A hard link in DIR is a link too: writing an artifact through it changes a file outside DIR.
func TestSaveArtifactsNeverWritesThroughHardLink(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	secret := filepath.Join(outside, "authorized_keys")
	if err := os.WriteFile(secret, []byte("keep\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(secret, filepath.Join(dir, "report.txt")); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	_, _, err := SaveArtifacts(dir, []Artifact{{Name: "report.txt", Content: []byte("ssh-ed25519 AAAA attacker\n"), Size: 26}})
	if b, _ := os.ReadFile(secret); string(b) != "keep\n" {
		t.Fatalf("SaveArtifacts (err %v) wrote the program's bytes outside %s, through a hard link: %s now holds %q", err, dir, secret, b)
	}
}

// An artifact that lands on an existing executable file must not come out executable (nor keep
// any other mode bit the program did not get to choose).
func TestSaveArtifactsNeverLeavesProgramBytesExecutable(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "run.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho mine\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, _, err := SaveArtifacts(dir, []Artifact{{Name: "run.sh", Content: []byte("#!/bin/sh\necho program\n"), Size: 23}})
	b, _ := os.ReadFile(script)
	st, serr := os.Stat(script)
	if serr == nil && st.Mode()&0o111 != 0 && string(b) != "#!/bin/sh\necho mine\n" {
		t.Fatalf("SaveArtifacts (err %v) left the program's bytes in an executable file: %s mode %v holds %q", err, script, st.Mode(), b)
	}
}

// The program names a whole git repository under out/.git: a git command run in DIR (or a shell
// prompt that shows the branch) then runs core.fsmonitor, a host command the program chose.
func TestSaveArtifactsPlantNoGitRepository(t *testing.T) {
	dir := t.TempDir()
	marker := filepath.Join(t.TempDir(), "pwned")
	arts := []Artifact{
		{Name: ".git/HEAD", Content: []byte("ref: refs/heads/main\n")},
		{Name: ".git/config", Content: []byte("[core]\n\trepositoryformatversion = 0\n\tfsmonitor = \"echo pwned > " + marker + "; false\"\n")},
		{Name: ".git/objects/info/packs", Content: nil},
		{Name: ".git/refs/heads/.keep", Content: nil},
		{Name: "result.csv", Content: []byte("a,b\n1,2\n")},
	}
	for i := range arts {
		arts[i].Size = int64(len(arts[i].Content))
	}
	written, _, err := SaveArtifacts(dir, arts)
	if _, serr := os.Stat(filepath.Join(dir, ".git", "config")); serr == nil {
		msg := "SaveArtifacts (written " + strings.Join(written, ", ") + ", err " + errString(err) + ") planted .git/config in DIR"
		if git, lerr := exec.LookPath("git"); lerr == nil {
			cmd := exec.Command(git, "status")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GIT_CEILING_DIRECTORIES="+filepath.Dir(dir))
			_ = cmd.Run()
			if b, rerr := os.ReadFile(marker); rerr == nil {
				msg += "; `git status` in DIR then ran the program's command on the host: " + strings.TrimSpace(string(b))
			}
		}
		t.Fatal(msg)
	}
}

func errString(err error) string {
	if err == nil {
		return "nil"
	}
	return err.Error()
}

// Red team (findings/20_input_names_gate_accepts_sandbox_refuses.md): an input file name that
// ValidName and CheckFiles accept must run, or be refused before the decision; it must never make
// the sandbox fail after an allow was logged. The runner checks names in Go (Unicode 15 tables),
// process 1 in Python 3.11 (Unicode 14): U+1F6DC, assigned in Unicode 15, is printable to one and
// not to the other. And "out" is a valid name that process 1 cannot create (out/ is its own).
func TestInputNamesTheGateAcceptsRun(t *testing.T) {
	d := newTestDocker(t)
	for _, name := range []string{"out", "\U0001F6DC.txt", "in/\U0001FAE8/data.csv"} {
		files := []File{{name, []byte("a,b\n")}}
		if err := CheckFiles(files, config.Default().Files.InLimits()); err != nil {
			continue // refused before anything is decided: fine
		}
		res, err := runFiles(t, d, "print('ran')\n", files, filesLimits)
		if err != nil || res.Stdout != "ran\n" {
			t.Errorf("input file %q passes CheckFiles, but the run failed: %v (stdout %q)", name, err, res.Stdout)
		}
	}
}
