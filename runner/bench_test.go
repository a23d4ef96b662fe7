package runner

import (
	"context"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moby/moby/client"

	"github.com/sbxgate/sbxgate/config"
)

// The latency of one trivial run, by path and runtime, each reported as p50/p95 in milliseconds:
//
//	go test -run '^$' -bench Run -benchtime 30x ./runner/      (make bench-run)
//
// warm: a pre-started container whose process 1 already waits (between iterations, outside the
// timer, the pool refills and the last container is removed), with the run-time enforcement on;
// warm_unenforced: the same with both run-time layers off; cold: create+attach+start per run
// (pool off); docker_run: `docker run --rm IMAGE python3 -c 'print(1)'` with the same runtime,
// the anchor; exec_in_container: the interpreter's own start, `python3 -I -B -c pass` exec'd into
// a running container; host_interpreter: the same on the host.
func BenchmarkRun(b *testing.B) {
	for _, rt := range runtimes {
		b.Run("runtime="+rt, func(b *testing.B) {
			enforced, open := testLimits, testLimits
			enforced.Runtime, open.Runtime = rt, rt
			open.Enforce = config.LayerSeccomp | config.LayerAuditHook
			d := newTestDocker(b, WithPoolSize(1), WithPrewarm(enforced, open))
			if rt != "runc" {
				info, err := d.cli.Info(context.Background(), client.InfoOptions{})
				if err != nil || checkRuntimes(info.Info.Runtimes, info.Info.DefaultRuntime, []string{rt}) != nil {
					b.Skipf("the daemon has no usable %s runtime (make runsc)", rt)
				}
			}
			for _, c := range []struct {
				name string
				l    config.Limits
			}{{"warm", enforced}, {"warm_unenforced", open}} {
				b.Run(c.name, func(b *testing.B) {
					percentiles(b, func() {
						b.StopTimer()
						waitWarmB(b, d, c.l)
						b.StartTimer()
					}, func() { benchRun(b, d, c.l) })
				})
			}
			b.Run("cold", func(b *testing.B) {
				cold := newTestDocker(b)
				percentiles(b, nil, func() { benchRun(b, cold, enforced) })
			})
			b.Run("docker_run", func(b *testing.B) {
				percentiles(b, nil, func() {
					out, err := exec.Command("docker", "run", "--rm", "--runtime", rt, "--network", "none", DefaultImage, "python3", "-c", "print(1)").Output()
					if err != nil || string(out) != "1\n" {
						b.Fatalf("docker run: %v %q", err, out)
					}
				})
			})
		})
	}
	b.Run("exec_in_container", func(b *testing.B) {
		d := newTestDocker(b)
		ctx := context.Background()
		bx, err := d.start(ctx, testLimits, "", nil, false)
		if err != nil {
			b.Fatal(err)
		}
		defer d.remove(bx)
		percentiles(b, nil, func() {
			ex, err := d.cli.ExecCreate(ctx, bx.id, client.ExecCreateOptions{
				Cmd: []string{"python3", "-I", "-B", "-c", "pass"}, AttachStdout: true, AttachStderr: true,
			})
			if err != nil {
				b.Fatal(err)
			}
			att, err := d.cli.ExecAttach(ctx, ex.ID, client.ExecAttachOptions{})
			if err != nil {
				b.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, att.Reader)
			att.Close()
			if st, err := d.cli.ExecInspect(ctx, ex.ID, client.ExecInspectOptions{}); err != nil || st.ExitCode != 0 {
				b.Fatalf("exec: %v exit %d", err, st.ExitCode)
			}
		})
	})
	b.Run("host_interpreter", func(b *testing.B) {
		// Resolve the interpreter once: a version manager's python3 may be a shell-script shim whose
		// own start would be counted as Python's.
		out, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
		if err != nil {
			b.Skip("no python3 on the host")
		}
		python := strings.TrimSpace(string(out))
		percentiles(b, nil, func() {
			if err := exec.Command(python, "-I", "-B", "-c", "pass").Run(); err != nil {
				b.Fatal(err)
			}
		})
	})
}

func benchRun(b *testing.B, d *Docker, l config.Limits) {
	res, err := d.Run(context.Background(), Request{Code: []byte("print(1)\n"), Limits: l, Modules: []string{}})
	if err != nil || res.Stdout != "1\n" {
		b.Fatalf("run: %v %+v", err, res)
	}
}

// waitWarmB waits for an idle runner: a warm container ready and the previous run's container
// removed, so the timed run measures its own path, not the background work of the last one.
func waitWarmB(b *testing.B, d *Docker, l config.Limits) {
	for deadline := time.Now().Add(time.Minute); d.Warm(l) < 1 || !d.Idle(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			b.Fatal("pool never refilled")
		}
	}
}

// percentiles times each iteration of op (setup runs first, untimed if it stops the timer) and
// reports the median and 95th percentile in milliseconds.
func percentiles(b *testing.B, setup, op func()) {
	var ms []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if setup != nil {
			setup()
		}
		t0 := time.Now()
		op()
		ms = append(ms, float64(time.Since(t0).Microseconds())/1000)
	}
	b.StopTimer()
	slices.Sort(ms)
	b.ReportMetric(ms[len(ms)*50/100], "p50-ms")
	b.ReportMetric(ms[min(len(ms)-1, len(ms)*95/100)], "p95-ms")
}
