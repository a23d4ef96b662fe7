package runner

import (
	"fmt"
	"strings"
	"testing"
)

func TestCutStatus(t *testing.T) {
	const nonce = "sbxgate-status-0123"
	ours := "\n" + nonce + ` {"v":1,"exit_code":3,"signal":0,"timed_out":false,"violations":[{"capability":"process","event":"os.system","detail":"[id]"}]}` + "\n"
	forged := "\n" + "sbxgate-status-guess" + ` {"v":1,"exit_code":0,"violations":[]}` + "\n"
	tests := []struct {
		name, stderr string
		wantRest     string
		wantExit     int
		wantErr      bool
	}{
		{"ours alone", ours, "", 3, false},
		{"after the program's output", "Traceback...\n" + ours, "Traceback...\n", 3, false},
		{"a forged line without the nonce stays output", forged + ours, forged, 3, false},
		{"the program printed our line first: the last one counts", strings.Replace(ours, `"exit_code":3`, `"exit_code":0`, 1) + ours, strings.Replace(ours, `"exit_code":3`, `"exit_code":0`, 1), 3, false},
		{"no status line", "killed\n", "killed\n", 0, true},
		{"garbage after the nonce", "\n" + nonce + " {not json\n", "", 0, true},
		{"another version", "\n" + nonce + ` {"v":2}` + "\n", "", 0, true},
	}
	for _, tt := range tests {
		rest, st, err := cutStatus([]byte(tt.stderr), nonce)
		if (err != nil) != tt.wantErr {
			t.Errorf("%s: err %v, want error %v", tt.name, err, tt.wantErr)
			continue
		}
		if err != nil {
			continue
		}
		if string(rest) != tt.wantRest || st.ExitCode != tt.wantExit || st.Violations == nil {
			t.Errorf("%s: rest %q exit %d violations %v", tt.name, rest, st.ExitCode, st.Violations)
		}
	}
}

func TestDaemonLostSandbox(t *testing.T) {
	for code, want := range map[int64]bool{-1: true, 4294967295: true, 0: false, 137: false, 159: false, 255: false} {
		if got := daemonLostSandbox(code); got != want {
			t.Errorf("daemonLostSandbox(%d) = %v, want %v", code, got, want)
		}
	}
}

// TestStatusAfterFullStderr: a program that fills standard error to the brim and then tries a
// forbidden operation still has its violation read (process 1's status line comes last).
func TestStatusAfterFullStderr(t *testing.T) {
	d := newTestDocker(t)
	fill := testLimits.OutputBytes + statusHeadroom - 100
	res := run(t, d, fmt.Sprintf("import os, sys\nsys.stderr.write('e' * %d)\nsys.stderr.flush()\nos.system('true')\n", fill), testLimits)
	if len(res.Violations) == 0 || res.Violations[0].Event != "os.system" || !res.StderrTruncated || int64(len(res.Stderr)) != testLimits.OutputBytes {
		t.Fatalf("got exit %d violations %v stderr %d bytes truncated %v", res.ExitCode, res.Violations, len(res.Stderr), res.StderrTruncated)
	}
}

func TestEndMarkers(t *testing.T) {
	const nonce = "sbxgate-status-ab"
	status := endsWithStatus(nonce)
	for tail, want := range map[string]bool{
		"out\n" + nonce + " {\"v\":1}\n":  true,
		"\n" + nonce + " {\"v\":1}\n":     true,
		"\n" + nonce + " {\"v\":1}":       false, // not complete
		"\n" + nonce + " {}\nmore\n":      false, // not the last line
		"x" + nonce + " {\"v\":1}\n":      false, // not at a line's start
		"\nsbxgate-status-zz {\"v\":1}\n": false,
		"":                                false,
		"\n" + nonce + "{\"v\":1}\n":      false,
	} {
		if got := status([]byte(tail)); got != want {
			t.Errorf("endsWithStatus(%q) = %v, want %v", tail, got, want)
		}
	}
	w := &capWriter{max: 8, tailMax: 16, overflow: func() {}, ended: endsWith([]byte("END\n")), done: make(chan struct{})}
	for _, chunk := range []string{"abcdefghij", "klmnop", "E", "ND", "\n"} {
		_, _ = w.Write([]byte(chunk))
	}
	select {
	case <-w.done:
	default:
		t.Error("a marker split across writes was not seen")
	}
	if got := string(w.lastBytes()); got != "ghijklmnopEND\n" && !strings.HasSuffix(got, "END\n") {
		t.Errorf("lastBytes = %q", got)
	}
}
