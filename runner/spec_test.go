package runner

import (
	"archive/tar"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moby/moby/client"

	"github.com/sbxgate/sbxgate/config"
)

func TestCheckLimits(t *testing.T) {
	for _, name := range config.Default().TierNames() {
		if err := checkLimits(config.Default().Tiers[name].Limits()); err != nil {
			t.Errorf("shipped tier %s: %v", name, err)
		}
	}
	tests := []struct {
		name   string
		change func(*config.Limits)
		want   string
	}{
		{"no cpus", func(l *config.Limits) { l.CPUs = 0 }, "cpus"},
		{"tiny memory", func(l *config.Limits) { l.MemoryBytes = 1 << 20 }, "memory_bytes"},
		{"no timeout", func(l *config.Limits) { l.TimeoutMS = 0 }, "timeout_ms"},
		{"no pids", func(l *config.Limits) { l.Pids = 0 }, "pids"},
		{"no output cap", func(l *config.Limits) { l.OutputBytes = 0 }, "output_bytes"},
		{"no tmpfs cap", func(l *config.Limits) { l.TmpfsBytes = 0 }, "tmpfs_bytes"},
		{"no file size cap", func(l *config.Limits) { l.FileSizeBytes = 0 }, "file_size_bytes"},
		{"no nofile", func(l *config.Limits) { l.Nofile = 0 }, "nofile"},
		{"network", func(l *config.Limits) { l.Network = "bridge" }, "network"},
	}
	for _, tt := range tests {
		l := testLimits
		tt.change(&l)
		if err := checkLimits(l); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error naming %s", tt.name, err, tt.want)
		}
	}
}

// TestSpecAsApplied reads back, from the daemon, the configuration of a live sandbox container:
// what counts is what Docker applied, not what we asked for.
func TestSpecAsApplied(t *testing.T) {
	d := newTestDocker(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b, err := d.start(ctx, testLimits, "req-1", nil, false)
	if err != nil {
		t.Fatal(err)
	}
	defer d.remove(b)
	insp, err := d.cli.ContainerInspect(ctx, b.id, client.ContainerInspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c, h := insp.Container.Config, insp.Container.HostConfig
	check := func(what string, ok bool, got any) {
		t.Helper()
		if !ok {
			t.Errorf("%s: got %v", what, got)
		}
	}
	// Root with three capabilities only, for process 1 to become the pair's first user and
	// fork the program's process as the second (sandbox/init.py).
	check("user", c.User == "0:0", c.User)
	check("uids", b.uids.Program == b.uids.Init+1 && (b.uids.Init-200000000)%2 == 0 && b.uids.Init >= 200000000 && b.uids.Program <= 200065535, b.uids)
	check("cmd", len(c.Cmd) == 6 && slices.Equal(c.Cmd[:4], []string{"python3", "-I", "-B", "-c"}) && c.Cmd[4] == initPy, c.Cmd[:4])
	var ic initConfig
	check("init config", json.Unmarshal([]byte(c.Cmd[5]), &ic) == nil && ic.Seccomp && ic.AuditHook && ic.TimeoutMS == testLimits.TimeoutMS && len(ic.Grants) == 0, c.Cmd[5])
	check("init config: uids", ic.InitUID == b.uids.Init && ic.ProgramUID == b.uids.Program, c.Cmd[5])
	check("stdin once", c.OpenStdin && c.StdinOnce && !c.Tty, c)
	check("labels", c.Labels[LabelManaged] == "1" && c.Labels[LabelRequest] == "req-1" && c.Labels[LabelOwner] == d.self.String(), c.Labels)
	check("env", len(c.Env) <= 3 && !slices.ContainsFunc(c.Env, func(e string) bool {
		return !strings.HasPrefix(e, "PATH=") && !strings.HasPrefix(e, "HOSTNAME=") && !strings.HasPrefix(e, "HOME=")
	}), c.Env)
	check("cap drop", slices.Equal(h.CapDrop, []string{"ALL"}), h.CapDrop)
	check("cap add", slices.Equal(slices.Sorted(slices.Values(h.CapAdd)), []string{"CAP_FOWNER", "CAP_KILL", "CAP_SETGID", "CAP_SETUID"}), h.CapAdd)
	check("no-new-privileges", slices.Contains(h.SecurityOpt, "no-new-privileges:true"), h.SecurityOpt)
	check("seccomp profile: ours", slices.Contains(h.SecurityOpt, "seccomp="+d.profile.json), len(h.SecurityOpt))
	check("masked host files", slices.Contains(h.MaskedPaths, "/proc/cmdline") && slices.Contains(h.MaskedPaths, "/sys/kernel") && slices.Contains(h.MaskedPaths, "/proc/kcore"), h.MaskedPaths)
	check("read-only paths", slices.Contains(h.ReadonlyPaths, "/proc/sys"), h.ReadonlyPaths)
	check("not privileged", !h.Privileged, h.Privileged)
	check("read-only root", h.ReadonlyRootfs, h.ReadonlyRootfs)
	check("network none", h.NetworkMode == "none", h.NetworkMode)
	check("ipc private", h.IpcMode == "private", h.IpcMode)
	check("pid namespace", h.PidMode == "", h.PidMode)
	check("tmpfs", h.Tmpfs["/tmp"] == "rw,noexec,nosuid,nodev,size=4194304,mode=1777", h.Tmpfs)
	check("no binds or mounts", len(h.Binds) == 0 && len(h.Mounts) == 0 && len(insp.Container.Mounts) == 0, insp.Container.Mounts)
	check("memory", h.Memory == testLimits.MemoryBytes && h.MemorySwap == h.Memory, [2]int64{h.Memory, h.MemorySwap})
	check("cpus", h.NanoCPUs == 1e9, h.NanoCPUs)
	check("pids", h.PidsLimit != nil && *h.PidsLimit == testLimits.Pids, h.PidsLimit)
	check("log driver", h.LogConfig.Type == "none", h.LogConfig)
	check("auto-removed when process 1 ends", h.AutoRemove, h.AutoRemove)
	check("first OOM victim", h.OomScoreAdj == 1000, h.OomScoreAdj)
	ul := map[string]int64{}
	for _, u := range h.Ulimits {
		if u.Soft != u.Hard {
			t.Errorf("ulimit %s: soft %d != hard %d", u.Name, u.Soft, u.Hard)
		}
		ul[u.Name] = u.Hard
	}
	check("ulimits", ul["nofile"] == testLimits.Nofile && ul["fsize"] == testLimits.FileSizeBytes && ul["core"] == 0 && len(ul) == 3, ul)
}

func TestFilterTar(t *testing.T) {
	var in bytes.Buffer
	tw := tar.NewWriter(&in)
	for _, name := range []string{"./", "./etc/", "./etc/apt/", "./etc/apt/sources.list", "./etc/passwd", "./var/lib/dpkg/status", "./var/lib/dpkgx", "./usr/bin/python3"} {
		h := &tar.Header{Name: name, Mode: 0o644, Typeflag: tar.TypeReg, Size: int64(len(name))}
		if strings.HasSuffix(name, "/") {
			h.Typeflag, h.Size = tar.TypeDir, 0
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if h.Size > 0 {
			_, _ = tw.Write([]byte(name))
		}
	}
	tw.Close()
	r, done := filterTar(&in, droppedPaths, map[string][]byte{"usr/lib/sbxgate/x.so": []byte("ext")})
	tr := tar.NewReader(r)
	var got []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(tr)
		if h.Size > 0 && string(body) != h.Name && string(body) != "ext" {
			t.Errorf("%s: body %q", h.Name, body)
		}
		got = append(got, h.Name)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	want := []string{"./", "./etc/", "./etc/passwd", "./var/lib/dpkgx", "./usr/bin/python3", "./usr/", "./usr/lib/", "./usr/lib/sbxgate/", "./usr/lib/sbxgate/x.so"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestRunnerImage checks the image `sbxgate image build` made: its config and its labels.
func TestRunnerImage(t *testing.T) {
	d := newTestDocker(t)
	img, err := d.cli.ImageInspect(context.Background(), DefaultImage)
	if err != nil {
		t.Fatal(err)
	}
	c := img.Config
	if c == nil {
		t.Fatal("image has no config")
	}
	if c.User != "65534:65534" || c.WorkingDir != "/tmp" || !slices.Equal(c.Env, []string{"PATH=/usr/bin:/bin"}) {
		t.Errorf("config: user %q workdir %q env %q", c.User, c.WorkingDir, c.Env)
	}
	if c.Labels[LabelImage] != "runner" || !pythonVersionRE().MatchString(c.Labels[LabelPython]) || c.Labels[LabelSandbox] != sandboxParts {
		t.Errorf("labels: %v", c.Labels)
	}
	res := run(t, d, "print('nobody:x:65534:65534:' in open('/etc/passwd').read())\n", testLimits)
	if res.Stdout != "True\n" {
		t.Errorf("nobody is not in /etc/passwd: %+v", res)
	}
}
