#!/usr/bin/env bash
# bench_check.sh: how fast `sbxgate check` gets through real Python, next to bandit on the same files.
#
#   scripts/bench_check.sh [SBXGATE_BIN] [DIR]
#
# SBXGATE_BIN: a built sbxgate (make bench passes bin/sbxgate); without it the script builds one.
# DIR: the Python tree to check; default: python3's standard library, without site-/dist-packages.
# Both tools see the same copy of the .py files, each once (one cold-ish run, not a best-of).
# Needs: go (only to build), python3, bandit (Debian: apt-get install bandit).
set -euo pipefail

source "$(dirname "$0")/lib.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/bench_check.XXXXXX")
trap 'rm -rf "$work"' EXIT

command -v python3 >/dev/null || die "python3 not found: install python3"
command -v bandit >/dev/null || die "bandit not found: apt-get install bandit (or pip install bandit)"
sbxgate_bin "${1:-}"

src=${2:-$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')}
[[ -d "$src" ]] || die "$src is not a directory: pass the Python tree to check"

# One private copy, so that both tools read exactly the same files and nothing else.
tree=$work/tree
mkdir -p "$tree"
(cd "$src" && find . -name '*.py' -type f -not -path '*/site-packages/*' -not -path '*/dist-packages/*' -print0 |
	tar -cf - --null -T -) | tar -xf - -C "$tree" || die "copying $src failed"
files=$(find "$tree" -name '*.py' -type f | wc -l)
bytes=$(find "$tree" -name '*.py' -type f -print0 | du -cb --files0-from=- | tail -1 | cut -f1)
(( files > 0 )) || die "no .py files under $src"

now() { date +%s.%N; }

# check exits 1 when something is denied, which the standard library certainly is: only 2+ is a failure.
t0=$(now)
set +e
"$bin" check --format json "$tree" >"$work/sbxgate.json" 2>"$work/sbxgate.err"
rc=$?
set -e
t1=$(now)
(( rc <= 1 )) || die "sbxgate check exited $rc: $(head -c 400 "$work/sbxgate.err")"

# bandit exits 1 when it reports issues; only 2+ is a failure.
t2=$(now)
set +e
bandit -q -r "$tree" >"$work/bandit.txt" 2>"$work/bandit.err"
brc=$?
set -e
t3=$(now)
(( brc <= 1 )) || die "bandit exited $brc: $(head -c 400 "$work/bandit.err")"

python3 - "$work/sbxgate.json" "$files" "$bytes" "$t0" "$t1" "$t2" "$t3" "$("$bin" version 2>/dev/null | head -1)" "$(bandit --version 2>/dev/null | head -1)" <<'PY'
import json, os, sys
path, files, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
t0, t1, t2, t3 = map(float, sys.argv[4:8])
sbx_ver, bandit_ver = sys.argv[8] or "sbxgate (unknown version)", sys.argv[9] or "bandit"
with open(path, encoding="utf-8") as f:
    results = json.load(f)["results"]
denied = sum(1 for r in results if not (r.get("decision") or {}).get("allow"))
parse_errors = sum(1 for r in results if r.get("parse_error"))
findings = sum(len(r["findings"]) for r in results)
if len(results) != files:
    sys.exit(f"bench_check: sbxgate reported {len(results)} results for {files} files")
sbx, ban = t1 - t0, t3 - t2
rows = [(f"{sbx_ver} check --format json", sbx, f"  ({denied} denied, {parse_errors} parse errors, {findings} findings)"),
        (f"{bandit_ver} -q -r", ban, "")]
width = max(len(r[0]) for r in rows)
print(f"files: {files} ({size / 1e6:.1f} MB of Python), {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
for label, secs, extra in rows:
    print(f"{label:<{width}}  {secs:8.2f} s  {files / secs:8.1f} files/s{extra}")
print(f"ratio: sbxgate is {ban / sbx:.1f}x bandit's throughput")
PY
