package runner

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/internal/testenv"
)

// DataImage is the data profile's image (sbxgate image build --profile data).
var dataImage = ProfileImage(DefaultImage, "data")

// newDataDocker is a runner with a tier of the data profile, whose packages the config's
// modules.profiles.data admits.
func newDataDocker(t testing.TB, opts ...Option) *Docker {
	t.Helper()
	testenv.RequireImage(t, dataImage)
	cfg := config.Default()
	tier := cfg.Tiers["standard"]
	tier.Profile = "data"
	cfg.Tiers["data"] = tier
	return newTestDocker(t, append([]Option{WithConfig(cfg), WithPoolSize(0)}, opts...)...)
}

var dataLimits = func() config.Limits {
	l := filesLimits
	l.MemoryBytes = 1 << 30
	l.TimeoutMS = 60_000
	l.Pids = 128 // OpenBLAS starts a thread per core
	l.Profile = "data"
	return l
}()

// A pandas and matplotlib program in the data image, with every run-time layer on: the native
// code its packages load later (pandas' window functions, the Agg backend, PIL at savefig) was
// loaded before the kernel filter, matplotlib finds its font list without running fc-list, and
// the plot comes back as an artifact.
func TestDataProfilePandasPlot(t *testing.T) {
	d := newDataDocker(t)
	if img := d.images["data"]; img == nil || img.ref != dataImage || img.policy.profile != "data" || d.images[""].policy.profile != "base" {
		t.Fatalf("images %+v", d.images)
	}
	code := `
import pandas as pd
import matplotlib.pyplot as plt
df = pd.read_csv("sales.csv", parse_dates=["day"])
weekly = df.set_index("day").resample("W")["amount"].sum()
print(weekly.rolling(2).mean().round(1).tolist())
fig, ax = plt.subplots(figsize=(4, 3))
weekly.plot(ax=ax, title="weekly sales")
fig.savefig("out/plot.png", dpi=50)
`
	var csv strings.Builder
	csv.WriteString("day,amount\n")
	for i := range 28 {
		csv.WriteString(time.Date(2026, 11, 2+i, 0, 0, 0, 0, time.UTC).Format("2006-01-02") + "," + strings.Repeat("1", 1+i%3) + "\n")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: dataLimits, Modules: importsOf(code),
		Files: []File{{Name: "sales.csv", Content: []byte(csv.String())}}})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 0 || len(res.Violations) != 0 || res.Enforcement.Landlock < 0 || len(res.Enforcement.Layers) != 2 || res.Enforcement.Image != d.images["data"].id {
		t.Fatalf("exit %d violations %+v layers %v\nstdout %s\nstderr %s", res.ExitCode, res.Violations, res.Enforcement.Layers, res.Stdout, res.Stderr)
	}
	if !strings.HasPrefix(res.Stdout, "[nan, ") {
		t.Errorf("stdout %q", res.Stdout)
	}
	if len(res.Artifacts) != 1 || res.Artifacts[0].Name != "plot.png" {
		t.Fatalf("artifacts %+v skipped %+v", res.Artifacts, res.ArtifactsSkipped)
	}
	img, err := png.Decode(bytes.NewReader(res.Artifacts[0].Content))
	if err != nil || img.Bounds().Dx() != 200 || img.Bounds().Dy() != 150 {
		t.Fatalf("plot.png: %v %v", err, img)
	}
}

// numpy needs ctypes in memory before the lock, so a program that imports numpy finds it there
// without an import the hook would see; using it still raises ctypes events, which the hook
// refuses for every caller.
func TestDataProfileCtypesStillRefused(t *testing.T) {
	d := newDataDocker(t)
	code := "import numpy\nimport sys\nctypes = sys.modules['ctypes']\nprint('found')\nctypes.CDLL(None)\nprint('loaded')\n"
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: dataLimits, Modules: importsOf(code)})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 159 || len(res.Violations) == 0 || res.Violations[0].Capability != "native_code" || strings.Contains(res.Stdout, "loaded") {
		t.Fatalf("exit %d violations %+v stdout %q stderr %q", res.ExitCode, res.Violations, res.Stdout, res.Stderr)
	}
}

// A program that imports only pandas and plots through it: matplotlib's native code comes with
// pandas' (its Agg backend is loaded at the first figure, not at import).
func TestDataProfilePlotThroughPandas(t *testing.T) {
	d := newDataDocker(t)
	code := "import pandas as pd\nax = pd.Series([3, 1, 2]).plot()\nax.get_figure().savefig('out/p.png')\n"
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := d.Run(ctx, Request{ID: t.Name(), Code: []byte(code), Limits: dataLimits, Modules: importsOf(code)})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 0 || len(res.Artifacts) != 1 || res.Artifacts[0].MediaType != "image/png" {
		t.Fatalf("exit %d violations %+v artifacts %+v stderr %s", res.ExitCode, res.Violations, res.Artifacts, res.Stderr)
	}
}

// The latency of a pandas and matplotlib run in the data image, p50/p95 in milliseconds:
//
//	go test -run '^$' -bench DataProfileRun -benchtime 10x ./runner/
//
// warm: a pre-started container that has loaded the packages' native code (so numpy, pandas and
// matplotlib are imported) before the program arrives; cold: create, start, load, run;
// docker_run: `docker run --rm` of the same program on the same image, the anchor.
func BenchmarkDataProfileRun(b *testing.B) {
	benchPlot := benchPlotProgram(b)
	code := strings.Replace(benchPlot, "WHERE", "out/plot.png", 1)
	run := func(b *testing.B, d *Docker) {
		res, err := d.Run(context.Background(), Request{Code: []byte(code), Limits: dataLimits, Modules: importsOf(code)})
		if err != nil || res.ExitCode != 0 || len(res.Artifacts) != 1 {
			b.Fatalf("run: %v %+v", err, res)
		}
	}
	b.Run("warm", func(b *testing.B) {
		d := newDataDocker(b, WithPoolSize(1), WithPrewarm(dataLimits))
		percentiles(b, func() {
			b.StopTimer()
			waitWarmB(b, d, dataLimits)
			b.StartTimer()
		}, func() { run(b, d) })
	})
	b.Run("cold", func(b *testing.B) {
		d := newDataDocker(b)
		percentiles(b, nil, func() { run(b, d) })
	})
	b.Run("docker_run", func(b *testing.B) {
		testenv.RequireImage(b, dataImage)
		plain := strings.Replace(benchPlot, "WHERE", "/tmp/plot.png", 1)
		percentiles(b, nil, func() {
			out, err := exec.Command("docker", "run", "--rm", "--network", "none", "-e", "MPLBACKEND=Agg", "-e", "MPLCONFIGDIR=/tmp/mpl",
				dataImage, "python3", "-I", "-c", plain).CombinedOutput()
			if err != nil {
				b.Fatalf("docker run: %v %s", err, out)
			}
		})
	})
}

// The shipped config lets the policy choose the data profile for its standard and trusted tiers:
// on a machine without the data image the runner still starts, runs base programs, and fails a
// run of the data profile with the image's absence, before any container exists.
func TestDataProfileImageMissing(t *testing.T) {
	testenv.RequireImage(t, DefaultImage)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cli, err := newClient(ctx)
	if err != nil {
		t.Skip(err)
	}
	defer cli.Close()
	// A private tag of the base image, whose -data image does not exist.
	ref := "sbxgate-runner:nodata-" + strings.ToLower(strings.ReplaceAll(t.Name(), "/", "-"))
	if out, err := exec.Command("docker", "tag", DefaultImage, ref).CombinedOutput(); err != nil {
		t.Fatalf("docker tag: %v: %s", err, out)
	}
	t.Cleanup(func() { exec.Command("docker", "rmi", ref).Run() })
	if _, _, err := checkImage(ctx, cli, ProfileImage(ref, "data")); err == nil {
		t.Fatalf("%s exists", ProfileImage(ref, "data"))
	}
	d := newTestDocker(t, WithConfig(config.Default()), WithImage(ref))
	if res := run(t, d, "print(6*7)", testLimits); res.ExitCode != 0 || res.Stdout != "42\n" {
		t.Fatalf("base run: exit %d stdout %q stderr %q", res.ExitCode, res.Stdout, res.Stderr)
	}
	l := testLimits
	l.Profile = "data"
	_, err = d.Run(ctx, Request{ID: t.Name(), Code: []byte("import numpy"), Limits: l, Modules: []string{"numpy"}})
	if !errors.Is(err, ErrImageMissing) || !strings.Contains(err.Error(), "image profile data") {
		t.Fatalf("a data run without the data image: %v, want ErrImageMissing", err)
	}
	// A tier whose own profile is data still needs its image to start.
	cfg := config.Default()
	tier := cfg.Tiers["standard"]
	tier.Profile = "data"
	cfg.Tiers["standard"] = tier
	if d, err := New(ctx, WithConfig(cfg), WithImage(ref), WithPoolSize(0)); err == nil {
		d.Close()
		t.Fatal("New started with a tier of profile data and no data image")
	}
}

// benchPlotProgram is testdata/data/bench_plot.py, the data benchmarks' program: WHERE in it is
// where it saves the plot.
func benchPlotProgram(b *testing.B) string {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "data", "bench_plot.py"))
	if err != nil {
		b.Fatal(err)
	}
	return string(src)
}
