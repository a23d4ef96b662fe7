package audit

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/audit/verify"
)

// The test binary doubles as the writer process of the multi-process tests: with SBXGATE_AUDIT_HELPER
// set it appends to the log named by SBXGATE_AUDIT_PATH and prints each acknowledged record id.
func TestMain(m *testing.M) {
	switch os.Getenv("SBXGATE_AUDIT_HELPER") {
	case "":
		code := m.Run()
		if lookupLog.dir != "" {
			os.RemoveAll(lookupLog.dir)
		}
		os.Exit(code)
	case "append":
		os.Exit(helper(false))
	case "forever":
		os.Exit(helper(true))
	}
	fmt.Fprintln(os.Stderr, "unknown SBXGATE_AUDIT_HELPER")
	os.Exit(2)
}

func helper(forever bool) int {
	goroutines, _ := strconv.Atoi(os.Getenv("SBXGATE_AUDIT_GOROUTINES"))
	each, _ := strconv.Atoi(os.Getenv("SBXGATE_AUDIT_EACH"))
	big := os.Getenv("SBXGATE_AUDIT_BIG") != ""
	open := os.Getenv("SBXGATE_AUDIT_OPEN") != ""
	l, err := Open(os.Getenv("SBXGATE_AUDIT_PATH"), WithSchema(testSchema))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	var wg sync.WaitGroup
	failed := false
	var mu sync.Mutex
	for g := range goroutines {
		wg.Go(func() {
			for i := 0; forever || i < each; i++ {
				code := fmt.Sprintf("print(%d, %d, %d)\n", os.Getpid(), g, i)
				if (forever || big) && i%4 == 0 {
					// Big records make writes long enough for a kill to land inside one.
					code += strings.Repeat("#", rand.IntN(1<<20))
				}
				e := decision(nil, fmt.Sprintf("p%d", os.Getpid()), code, false)
				e.Open = open
				r, err := l.Append(context.Background(), e)
				if err != nil {
					fmt.Fprintln(os.Stderr, err)
					mu.Lock()
					failed = true
					mu.Unlock()
					return
				}
				// One write of less than PIPE_BUF bytes: ids never interleave on the pipe.
				os.Stdout.WriteString(r.ID + "\n")
			}
		})
	}
	wg.Wait()
	if err := l.Close(); err != nil || failed {
		return 1
	}
	return 0
}

func helperCmd(t *testing.T, mode, path string, goroutines, each int) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SBXGATE_AUDIT_HELPER="+mode, "SBXGATE_AUDIT_PATH="+path,
		"SBXGATE_AUDIT_GOROUTINES="+strconv.Itoa(goroutines), "SBXGATE_AUDIT_EACH="+strconv.Itoa(each))
	cmd.Stderr = os.Stderr
	return cmd
}

func readIDs(t *testing.T, r io.Reader, into map[string]bool) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		id := sc.Text()
		if !verify.IsID(id) {
			t.Errorf("helper printed %q, not an id", id)
			continue
		}
		if into[id] {
			t.Errorf("helper acknowledged %s twice", id)
		}
		into[id] = true
	}
}

// TestConcurrentProcesses: several processes, each with several goroutines, append at once. Every
// acknowledged record is in the log exactly once, in one valid chain.
func TestConcurrentProcesses(t *testing.T) {
	path := tempLog(t)
	const procs, goroutines, each = 4, 8, 25
	outs := make([]bytes.Buffer, procs)
	cmds := make([]*exec.Cmd, procs)
	for i := range procs {
		cmds[i] = helperCmd(t, "append", path, goroutines, each)
		// Some records of one writer span many pages, so a write is visible to readers page by page.
		if i == 0 {
			cmds[i].Env = append(cmds[i].Env, "SBXGATE_AUDIT_BIG=1")
		}
		cmds[i].Stdout = &outs[i]
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	// Meanwhile a reader verifies the log again and again: it must never see a record half-written.
	stop := make(chan struct{})
	verified := make(chan int)
	go func() {
		n := 0
		defer func() { verified <- n }()
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := VerifyLog(path, VerifyOptions{Schema: testSchema}); err != nil && !errors.Is(err, os.ErrNotExist) {
				t.Errorf("Verify while writers append: %v", err)
				return
			}
			n++
		}
	}()
	want := map[string]bool{}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("writer %d: %v", i, err)
		}
		readIDs(t, &outs[i], want)
	}
	close(stop)
	t.Logf("verified the log %d times while it grew", <-verified)
	if len(want) != procs*goroutines*each {
		t.Fatalf("writers acknowledged %d records, want %d", len(want), procs*goroutines*each)
	}
	checkExactly(t, path, want)
}

// TestKilledWriters SIGKILLs a writer mid-append, many times. After each kill, opening the log repairs
// a torn tail (if the kill left one), the log verifies, and no acknowledged record is lost.
func TestKilledWriters(t *testing.T) {
	if testing.Short() {
		t.Skip("kills 30 writer processes")
	}
	path := tempLog(t)
	acked := map[string]bool{}
	for round := range 30 {
		cmd := helperCmd(t, "forever", path, 3, 0)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill once the writer has acknowledged something, a little later each round.
		br := bufio.NewReader(out)
		first, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("round %d: writer acknowledged nothing: %v", round, err)
		}
		time.Sleep(time.Duration(rand.IntN(20000)) * time.Microsecond)
		cmd.Process.Signal(syscall.SIGKILL)
		readIDs(t, io.MultiReader(strings.NewReader(first), br), acked)
		cmd.Wait()

		l, err := Open(path)
		if err != nil {
			t.Fatalf("round %d: reopen after kill: %v", round, err)
		}
		if err := l.Close(); err != nil {
			t.Fatal(err)
		}
		rep, err := VerifyLog(path, VerifyOptions{Schema: testSchema})
		if err != nil {
			t.Fatalf("round %d: log does not verify after repair: %v", round, err)
		}
		if rep.Index != nil {
			t.Fatalf("round %d: the index does not match the log after a kill: %v", round, rep.Index)
		}
	}
	repairs := 0
	envs := envelopes(t, path)
	for _, e := range envs {
		if e.Kind == KindRepair {
			repairs++
		}
	}
	torn, _ := filepath.Glob(path + ".torn-*")
	if len(torn) != repairs {
		t.Errorf("%d repair records but %d torn files", repairs, len(torn))
	}
	t.Logf("%d acknowledged records, %d torn tails repaired", len(acked), repairs)
	seen := map[string]bool{}
	for _, e := range envs {
		seen[e.ID] = true
	}
	for id := range acked {
		if !seen[id] {
			t.Errorf("acknowledged record %s was lost", id)
		}
	}
}
