#!/usr/bin/env bash
# make demo: check and run the examples through the whole gate, show a denial, verify the audit log.
set -uo pipefail
bin=${1:-bin/sbxgate}
dir=${2:-.demo}
rm -rf "$dir" && mkdir -p "$dir"
log="$dir/audit.jsonl"
step() { printf '\n\033[1m== %s\033[0m\n$ %s\n' "$1" "${*:2}"; "${@:2}"; echo "(exit $?)"; }

step "What is this" "$bin" version
step "Check the examples (never executes; exit 1 = something denied)" \
  "$bin" check --audit "$log" examples/
step "Run an allowed program in the hardened container" \
  "$bin" run --audit "$log" examples/hello.py
step "Run it again as JSON: decision, result, audit id" \
  "$bin" run --audit "$log" --format json examples/fib.py
step "Run an evasion: denied by policy (exit 126), nothing executes" \
  "$bin" run --audit "$log" examples/evasion.py
step "The audit log, as compliance reads it" "$bin" audit list --audit "$log"
step "Verify the log's hash chain and Merkle tree" "$bin" audit verify --audit "$log"
step "What a stricter candidate policy would change on the examples (exit 1 = changes)" \
  "$bin" policy diff --candidate rego/testdata/strict examples/
step "...and on every decision recorded in the audit log" \
  "$bin" policy diff --candidate rego/testdata/strict --audit "$log"
