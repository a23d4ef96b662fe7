#!/usr/bin/env bash
# bench_serve.sh: load on the real `sbxgate serve` process over loopback with Debian's wrk.
#
#   scripts/bench_serve.sh [SBXGATE_BIN]
#
# Starts the binary as deployed (its own process, its own collector setting, the embedded config
# and policy, a bearer token). For each count of kept-alive connections in CONNS it sends, for SECS
# seconds each: GET /healthz, the floor of HTTP on this machine read in the same run; then POST
# /v1/check of server/testdata/bench_program.py (102 lines), without and with the fsync'd audit log.
# Afterwards the log is verified, and its decision records must equal the checks the server
# answered (its own /metrics count), or the script fails.
#
# Reported: requests/s, wrk's latency p50/p99, the server process's CPU per request (from
# /proc/PID/stat, without wrk's share) and the ratio of checks/s to the floor's requests/s; for the
# logged row, the log's group commits from /metrics (records per commit, time per commit and fdatasync).
# Needs: wrk (apt-get install wrk), curl, python3, go only to build.
set -euo pipefail

source "$(dirname "$0")/lib.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/bench_serve.XXXXXX")
pid=""
cleanup() {
	[[ -n "$pid" ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT

command -v wrk >/dev/null || die "wrk not found: apt-get install wrk"
command -v curl >/dev/null || die "curl not found: apt-get install curl"
command -v python3 >/dev/null || die "python3 not found: install python3"
sbxgate_bin "${1:-}"

secs=${SECS:-10}
conns_list=${CONNS:-8 16}
# One wrk thread: on two cores a second one only takes CPU from the server it measures.
threads=${THREADS:-1}
port=${PORT:-18467}
url=http://127.0.0.1:$port

# A config with one token and no rate limit: the default config plus a server section of its own.
token=bench-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
hash=$(printf '%s' "$token" | "$bin" token hash) || die "sbxgate token hash failed"
sed -e "s/^  rate_per_minute: .*/  rate_per_minute: 0/" \
	-e "s/^  tokens: \[\]/  tokens: [{sha256: \"$hash\", principal: bench}]/" \
	"$root/config/sandbox.yaml" >"$work/sandbox.yaml"
grep -q "principal: bench" "$work/sandbox.yaml" || die "config/sandbox.yaml has no 'tokens: []' line to replace: update this script"

python3 - "$root/server/testdata/bench_program.py" >"$work/body.json" <<'EOF' || die "building the request body failed"
import json, sys
print(json.dumps({"code": open(sys.argv[1]).read(), "path": "orders.py"}))
EOF

# wrk's Lua: the request, and a summary line at the end (µs latencies).
cat >"$work/req.lua" <<EOF
local f = io.open("$work/body.json", "rb")
wrk.body = f:read("*a")
f:close()
wrk.method = os.getenv("METHOD") or "POST"
if wrk.method == "GET" then wrk.body = nil end
wrk.headers["Authorization"] = "Bearer $token"
wrk.headers["Content-Type"] = "application/json"
function done(summary, latency, requests)
	local bad = summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
	io.write(string.format("RESULT %d %d %.0f %.0f %d\n", summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), bad))
end
EOF

cpu_ticks() { awk '{print $14 + $15, $15}' "/proc/$1/stat"; }
tck=$(getconf CLK_TCK)

start_server() { # $1: extra flags
	"$bin" serve --check-only --config "$work/sandbox.yaml" --listen "127.0.0.1:$port" "$@" 2>"$work/serve.log" &
	pid=$!
	for _ in $(seq 100); do
		curl -fsS "$url/healthz" >/dev/null 2>&1 && return
		sleep 0.05
	done
	die "the server did not come up: $(tail -3 "$work/serve.log")"
}

stop_server() {
	kill -TERM "$pid"
	wait "$pid" || die "the server exited with $? on SIGTERM: $(tail -3 "$work/serve.log")"
	pid=""
}

# served_checks: the 200 answers of POST /v1/check the server counted.
served_checks() {
	curl -fsS "$url/metrics" | awk '/^sbxgate_http_requests_total\{/ && /route="\/v1\/check"/ && /code="200"/ {n += $2} END {print n + 0}'
}

# commits: the log's group commits as the server counted them (its /metrics), one line.
commits() {
	curl -fsS "$url/metrics" | awk '
		$1 == "sbxgate_audit_commits_total" {c = $2}
		$1 == "sbxgate_audit_committed_records_total" {r = $2}
		$1 == "sbxgate_audit_commit_seconds_total" {cs = $2}
		$1 == "sbxgate_audit_fsync_seconds_total" {fs = $2}
		END {
			if (c == 0) exit 1
			printf "log commits: %d, %.1f records each, %.2f ms each of which fdatasync %.2f ms\n", c, r / c, cs / c * 1000, fs / c * 1000
		}'
}

# load NAME PATH METHOD: one wrk run; prints a row and sets rate.
load() {
	local name=$1 path=$2 method=$3 c0 c1 k0 k1 out res n dur p50 p99 bad
	read -r c0 k0 <<<"$(cpu_ticks "$pid")"
	out=$(METHOD=$method wrk -t "$threads" -c "$conns" -d "${secs}s" -s "$work/req.lua" "$url$path") || die "wrk failed: $out"
	read -r c1 k1 <<<"$(cpu_ticks "$pid")"
	res=$(grep '^RESULT' <<<"$out") || die "wrk printed no summary: $out"
	read -r _ n dur p50 p99 bad <<<"$res"
	((bad == 0)) || die "$name: $bad requests failed or were not 200: $out"
	rate=$(awk -v n="$n" -v d="$dur" 'BEGIN {printf "%.0f", n / (d / 1e6)}')
	awk -v name="$name" -v rate="$rate" -v p50="$p50" -v p99="$p99" -v n="$n" -v cpu=$((c1 - c0)) -v kern=$((k1 - k0)) -v tck="$tck" 'BEGIN {
		printf "%-22s %8s req/s  p50 %6.2f ms  p99 %6.2f ms  server CPU %4.0f µs/req (%2.0f%% in the kernel)\n",
			name, rate, p50 / 1000, p99 / 1000, cpu / tck * 1e6 / n, cpu ? 100 * kern / cpu : 0
	}'
}

echo "sbxgate serve, $threads wrk threads, ${secs}s per row, $(nproc) cores"
for conns in $conns_list; do
	echo "-- $conns connections"
	start_server
	load "GET /healthz (floor)" /healthz GET
	floor=$rate
	load "POST /v1/check" /v1/check POST
	nolog=$rate
	stop_server

	rm -f "$work/audit.jsonl"
	start_server --audit "$work/audit.jsonl"
	load "POST /v1/check, log" /v1/check POST
	withlog=$rate
	served=$(served_checks)
	commits || die "the server's /metrics has no audit commit counters"
	stop_server

	"$bin" audit verify --audit "$work/audit.jsonl" >/dev/null 2>"$work/verify.err" || die "audit verify failed: $(cat "$work/verify.err")"
	decisions=$("$bin" audit export --kind decision --audit "$work/audit.jsonl" | wc -l) || die "audit export failed"
	((decisions == served)) || die "the log has $decisions decision records for $served checks served"
	echo "log verified: $decisions decision records for $served checks served"
	awk -v f="$floor" -v a="$nolog" -v b="$withlog" 'BEGIN {printf "checks/s against the floor: %.3f without the log, %.3f with it\n", a / f, b / f}'
done
