package runner

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"
)

// Process 1 checks workspace names again in Python (sandbox/init.py, name_problem): where it and
// ValidName disagree on a name the gate accepted, the run fails as the sandbox's failure, a
// failure the submitter chose (red team finding: a character of Unicode 15, printable to Go and
// not to Python 3.11). Both must answer alike for every character, whatever Unicode tables their
// languages ship: this asks the reference python3 about every code point of the Basic
// Multilingual Plane and the assigned planes above it, in a name.
func TestNameRuleAgreesWithProcess1(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3, the reference interpreter, is not installed: %v", err)
	}
	var names []string
	for c := rune(0); c <= 0x3FFFF; c++ {
		if c < 0x30000 && (c <= 0xFFFF || c >= 0x10000) && utf8.ValidRune(c) {
			names = append(names, "a"+string(c)+"b.txt")
		}
	}
	names = append(names, "out", "in/data.csv", "données.csv", "a\\b", "/abs", "a/../b", "a//b", ".hidden", strings.Repeat("x", 256))
	in, _ := json.Marshal(names)
	script := `import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("init", "sandbox/init.py")
init = importlib.util.module_from_spec(spec)
spec.loader.exec_module(init)
names = json.load(sys.stdin)
json.dump([init.name_problem(n) is None for n in names], sys.stdout)
`
	cmd := exec.Command(python, "-I", "-c", script)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var ok []bool
	if err := json.Unmarshal(out, &ok); err != nil || len(ok) != len(names) {
		t.Fatalf("python3 answered %d results for %d names: %v", len(ok), len(names), err)
	}
	differ := 0
	for i, n := range names {
		if goOK := ValidName(n) == nil; goOK != ok[i] {
			if differ++; differ <= 10 {
				r, _ := utf8.DecodeRuneInString(strings.TrimPrefix(n, "a"))
				t.Errorf("name %q (%U): ValidName accepts it %v, process 1 %v", clipName(n), r, goOK, ok[i])
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d of %d names judged differently", differ, len(names))
	}
}
