package runner

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/client"

	"github.com/sbxgate/sbxgate/config"
)

// The hostile suite: each testdata/hostile/*.py carries its expectations inline, one per line:
//
//	# expect: FIELD OP VALUE
//	# expect[runsc]: FIELD OP VALUE     (only under that runtime; runc or runsc)
//
// FIELD is a Result JSON name, or stdout_bytes / stderr_bytes (lengths). OP is = (equal),
// != (not equal), ~ (contains) or !~ (does not contain). VALUE may use \n.

var expectRE = regexp.MustCompile(`^# expect(?:\[(runc|runsc)\])?: ([a-z_]+)\s*(!=|!~|=|~)\s*(.*)$`)

type expectation struct {
	runtime          string // "" for every runtime
	field, op, value string
}

func (e expectation) String() string { return e.field + e.op + e.value }

func parseExpectations(src []byte) ([]expectation, error) {
	var out []expectation
	known := resultFields(Result{})
	for i, line := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(line, "# expect") {
			continue
		}
		m := expectRE.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("line %d: %q is not `# expect[RUNTIME]: FIELD OP VALUE`", i+1, line)
		}
		if _, ok := known[m[2]]; !ok {
			return nil, fmt.Errorf("line %d: unknown field %q", i+1, m[2])
		}
		out = append(out, expectation{m[1], m[2], m[3], strings.ReplaceAll(m[4], `\n`, "\n")})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no `# expect:` lines")
	}
	return out, nil
}

// resultFields renders a Result as the strings expectations compare against.
func resultFields(r Result) map[string]string {
	raw, _ := json.Marshal(r)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	out := map[string]string{}
	for k, v := range m {
		out[k] = fmt.Sprint(v)
	}
	out["stdout_bytes"] = fmt.Sprint(len(r.Stdout))
	out["stderr_bytes"] = fmt.Sprint(len(r.Stderr))
	return out
}

func (e expectation) holds(fields map[string]string) bool {
	got := fields[e.field]
	switch e.op {
	case "=":
		return got == e.value
	case "!=":
		return got != e.value
	case "~":
		return strings.Contains(got, e.value)
	default: // "!~"
		return !strings.Contains(got, e.value)
	}
}

func hostileFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "hostile", "*.py"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no hostile programs found (%v)", err)
	}
	return files
}

func TestHostileExpectationsParse(t *testing.T) {
	for _, f := range hostileFiles(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parseExpectations(src); err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
		}
	}
	if _, err := parseExpectations([]byte("# expect: exit_cod=1\n")); err == nil {
		t.Error("a misspelt field was accepted")
	}
}

// containerOnly are testLimits with every run-time capability granted and both run-time
// enforcement layers off: what holds then is the container's own hardening.
var containerOnly = func() config.Limits {
	l := testLimits
	l.Grants = config.GrantProcess | config.GrantNetwork | config.GrantNativeCode
	l.Enforce = config.LayerSeccomp | config.LayerAuditHook
	return l
}()

// TestHostile runs every hostile program through the real runner, with the warm pool on and the
// run-time enforcement off (the container alone must hold), under runc and under runsc, and then
// checks that nothing is left behind and the daemon is still healthy.
func TestHostile(t *testing.T) {
	d := newTestDocker(t, WithPoolSize(2), WithMaxConcurrent(4), WithPrewarm(containerOnly))
	mine := trackBoxes(t)
	forEachRuntime(t, d, containerOnly, func(t *testing.T, l config.Limits) {
		for _, f := range hostileFiles(t) {
			t.Run(strings.TrimSuffix(filepath.Base(f), ".py"), func(t *testing.T) {
				t.Parallel()
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				exps, err := parseExpectations(src)
				if err != nil {
					t.Fatal(err)
				}
				res := run(t, d, string(src), l)
				fields := resultFields(res)
				for _, e := range exps {
					if (e.runtime == "" || e.runtime == l.Runtime) && !e.holds(fields) {
						t.Errorf("expected %s; got %s=%q", e, e.field, clip(fields[e.field]))
					}
				}
				if t.Failed() {
					t.Logf("result: exit=%d timed_out=%v oom=%v stdout=%q stderr=%q",
						res.ExitCode, res.TimedOut, res.OOMKilled, clip(res.Stdout), clip(res.Stderr))
				}
			})
		}
	})
	if err := d.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	// Only this test's sandboxes: an earlier test's may still be being removed (TestMain checks
	// that the binary leaves none).
	checkNoneLeft(t, d, mine())
}

// trackBoxes records the names of the sandboxes this test starts, so its leak check judges
// only what it made: other tests, and other sbxgate processes, may run sandboxes right now.
func trackBoxes(t testing.TB) func() []string {
	var mu sync.Mutex
	var names []string
	testHookStarted = func(b *box) {
		mu.Lock()
		names = append(names, b.name)
		mu.Unlock()
	}
	t.Cleanup(func() { testHookStarted = nil })
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(names)
	}
}

// checkNoneLeft fails when any sandbox named in names left a container, a cgroup or a process.
func checkNoneLeft(t testing.TB, d *Docker, names []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cli, err := newClient(ctx)
	if err != nil {
		t.Fatalf("the daemon no longer answers: %v", err)
	}
	defer cli.Close()
	all, err := cli.ContainerList(ctx, client.ContainerListOptions{
		All: true, Filters: make(client.Filters).Add("label", LabelManaged+"=1"),
	})
	if err != nil {
		t.Fatalf("list containers: %v", err)
	}
	for _, name := range names {
		if slices.ContainsFunc(all.Items, func(c container.Summary) bool {
			return slices.ContainsFunc(c.Names, func(n string) bool { return strings.HasPrefix(n, "/"+name) })
		}) {
			t.Errorf("container left behind: %s", name)
		}
		if d.cg == nil {
			continue
		}
		for _, dir := range d.cg.dirs(name) {
			if _, err := os.Stat(dir); err == nil {
				t.Errorf("cgroup left behind: %s", dir)
			}
		}
	}
	if d.cg != nil {
		if n := len(ourProcesses(names)); n > 0 {
			t.Errorf("%d processes of these sandboxes still run", n)
		}
	}
}

// ourProcesses lists host processes whose cgroup path names one of the sandboxes.
func ourProcesses(names []string) []int {
	var out []int
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cgroup"))
		if err != nil {
			continue
		}
		for _, name := range names {
			if strings.Contains(string(b), "/"+cgroupBase+"/"+name) {
				out = append(out, pid)
				break
			}
		}
	}
	return out
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}
