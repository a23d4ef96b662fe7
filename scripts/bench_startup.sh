#!/usr/bin/env bash
# bench_startup.sh: the wall time of `sbxgate check` on one small file, what a pre-commit hook pays
# per run, beside `python3 -c pass` (the interpreter's own start, resolved past any shim) and
# `sbxgate version` (the binary's start alone), in the same hyperfine run.
#
#   scripts/bench_startup.sh [SBXGATE_BIN]
#
# The file is server/testdata/bench_program.py (102 lines). RUNS sets hyperfine's runs (default 100).
# Needs: hyperfine (apt-get install hyperfine), python3, go only to build.
set -euo pipefail

source "$(dirname "$0")/lib.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/bench_startup.XXXXXX")
trap 'rm -rf "$work"' EXIT

command -v hyperfine >/dev/null || die "hyperfine not found: apt-get install hyperfine"
command -v python3 >/dev/null || die "python3 not found: install python3"
sbxgate_bin "${1:-}"
py=$(python3 -c 'import sys; print(sys.executable)') || die "python3 does not start"
cp "$root/server/testdata/bench_program.py" "$work/orders.py"
"$bin" check "$work/orders.py" >/dev/null || die "sbxgate check of $root/server/testdata/bench_program.py failed or denied it"

hyperfine -N --style none --warmup 5 --runs "${RUNS:-100}" --export-json "$work/h.json" \
	"$bin check $work/orders.py" "$py -c pass" "$bin version" >/dev/null 2>&1 || die "hyperfine failed"

python3 - "$work/h.json" <<'EOF'
import json, os, sys
res = json.load(open(sys.argv[1]))["results"]
names = ["sbxgate check (one 102-line file)", "python3 -c pass", "sbxgate version"]
print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}, {len(res[0]['times'])} runs each")
for name, r in zip(names, res):
    print(f"{name:<34} median {r['median'] * 1e3:6.1f} ms  mean {r['mean'] * 1e3:6.1f} ms  min {r['min'] * 1e3:6.1f} ms  user+sys {(r['user'] + r['system']) * 1e3:5.1f} ms")
print(f"check / python3 -c pass: {res[0]['median'] / res[1]['median']:.2f} (medians); check median {res[0]['median'] * 1e3:.1f} ms (goal: under 10 ms)")
EOF
