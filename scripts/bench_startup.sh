#!/usr/bin/env bash
# bench_startup.sh: the wall time of `sbxgate check` on one small file, what a pre-commit hook pays
# per run, beside `python3 -c pass` (the interpreter's own start, resolved past any shim), `python3 -S
# -c pass` (the same without the site hooks: a .pth of an installed package can import modules at
# every start) and `sbxgate version` (the binary's start alone), in the same hyperfine run; then
# one `sbxgate check` of a directory of FILES copies of the program (default 200), as a pre-commit
# hook or a scan of a tree runs it, for what each file adds past the start.
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
files=${FILES:-200}
mkdir "$work/tree"
for i in $(seq "$files"); do cp "$work/orders.py" "$work/tree/orders_$i.py"; done
"$bin" check "$work/orders.py" >/dev/null || die "sbxgate check of $root/server/testdata/bench_program.py failed or denied it"

hyperfine -N --style none --warmup 5 --runs "${RUNS:-100}" --export-json "$work/h.json" \
	"$bin check $work/orders.py" "$py -c pass" "$py -S -c pass" "$bin version" >/dev/null 2>&1 || die "hyperfine failed"
hyperfine -N --style none --warmup 2 --runs "${TREE_RUNS:-20}" --export-json "$work/tree.json" \
	"$bin check $work/tree" >/dev/null 2>&1 || die "hyperfine failed on the tree of $files files"

python3 - "$work/h.json" "$work/tree.json" "$files" <<'EOF'
import json, os, sys
res = json.load(open(sys.argv[1]))["results"]
tree = json.load(open(sys.argv[2]))["results"][0]
files = int(sys.argv[3])
names = ["sbxgate check (one 102-line file)", "python3 -c pass", "python3 -S -c pass", "sbxgate version"]
print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}, {len(res[0]['times'])} runs each")
for name, r in zip(names, res):
    print(f"{name:<34} median {r['median'] * 1e3:6.1f} ms  mean {r['mean'] * 1e3:6.1f} ms  min {r['min'] * 1e3:6.1f} ms  user+sys {(r['user'] + r['system']) * 1e3:5.1f} ms")
print(f"{'sbxgate check (' + str(files) + ' such files)':<34} median {tree['median'] * 1e3:6.1f} ms  mean {tree['mean'] * 1e3:6.1f} ms  min {tree['min'] * 1e3:6.1f} ms  user+sys {(tree['user'] + tree['system']) * 1e3:5.1f} ms")
print(f"check / python3 -c pass: {res[0]['median'] / res[1]['median']:.2f}, / python3 -S -c pass: {res[0]['median'] / res[2]['median']:.2f} (medians); check median {res[0]['median'] * 1e3:.1f} ms (goal: under 10 ms)")
print(f"each file past the first in one check: {(tree['median'] - res[0]['median']) / (files - 1) * 1e3:.2f} ms wall, {((tree['user'] + tree['system']) - (res[0]['user'] + res[0]['system'])) / (files - 1) * 1e3:.2f} ms CPU")
EOF
