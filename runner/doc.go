// Package runner executes approved Python in hardened, single-use Docker containers.
//
// Every container runs process 1 (sandbox/init.py) and the program's process as two host users of
// its own (uids.go), the program with no capability, under no-new-privileges, sbxgate's own
// seccomp profile, a read-only root, no network, a private IPC, pid and cgroup namespace, a
// size-capped noexec/nosuid/nodev tmpfs on /tmp, and limits on memory (no swap), CPU, pids, open
// files, file size and core dumps (spec.go). The code is written
// to the interpreter's standard input byte for byte and the input is closed; nothing is mounted,
// the environment is empty (Docker adds PATH, HOSTNAME, HOME), and the log driver is "none", so
// output reaches only us.
//
// A run: take a warm container (pool.go) or start one (create, attach, start: the interpreter
// then waits on standard input), write the code, start the wall-clock timer, demultiplex stdout
// and stderr into capped buffers, and wait for the exit. A timeout or an output overflow kills
// the container with SIGKILL. The final state (exit code, OOM kill) is inspected, CPU time and
// peak memory are read from the container's accounting cgroup (cgroup.go), and the container is
// removed; every path removes it, including a cancelled context and a panic.
//
// Leftovers of crashed processes carry the owner label (host, boot id, pid, start time); New and
// GC remove those whose owner is gone (gc.go).
package runner
