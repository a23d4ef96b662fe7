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
# CONNS=none skips these rows. Reported: requests/s, wrk's latency p50/p99, the server process's CPU per request (from
# /proc/PID/stat, without wrk's share) and the ratio of checks/s to the floor's requests/s; for the
# logged row, the log's group commits from /metrics (records per commit, time per commit and fdatasync).
#
# Then fair share (FAIR=0 skips it): a victim principal's print(1) checks on VCONNS connections
# (default 2), each pausing VDELAY ms (default 2) between its requests, so that the victim does not
# itself fill both cores, alone and beside an aggressor principal sending 1 MB programs
# (bench_program.py 319 times; in a last pair, 1 MB of comments, cheap to analyze) on ACONNS
# connections (default 8), and the ratio of the two p99s, alternating ROUNDS times (default 3) on
# one server and reporting the median ratio, with both principals' waits in the server's fair queues; then 64 concurrent 1 MB checks against a
# fresh server, with its peak RSS (VmHWM) beside the memory ceiling it logged at start.
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

# A config with two tokens (bench, the victim in the fair-share rows, and aggressor) and no rate
# limit: the default config plus a server section of its own.
token=bench-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
hash=$(printf '%s' "$token" | "$bin" token hash) || die "sbxgate token hash failed"
agg_token=aggressor-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
agg_hash=$(printf '%s' "$agg_token" | "$bin" token hash) || die "sbxgate token hash failed"
sed -e "s/^  rate_per_minute: .*/  rate_per_minute: 0/" \
	-e "s/^  tokens: \[\]/  tokens: [{sha256: \"$hash\", principal: bench, roles: [auditor]}, {sha256: \"$agg_hash\", principal: aggressor}]/" \
	"$root/config/sandbox.yaml" >"$work/sandbox.yaml"
grep -q "principal: bench" "$work/sandbox.yaml" || die "config/sandbox.yaml has no 'tokens: []' line to replace: update this script"

# The bodies: the 102-line program; print(1); the 102-line program 319 times, 0.99 MB (a 1.05 MB
# body, under the default 1 MiB limit).
python3 - "$root/server/testdata/bench_program.py" "$work" <<'EOF' || die "building the request bodies failed"
import json, sys
src, out = open(sys.argv[1]).read(), sys.argv[2]
# cheap: 1 MB of comments, as large as big but cheap to analyze, so that the server's own work on
# the body, not the analysis, is what the aggressor's requests cost.
cheap = "".join(f"# line {i:06d} of a large program that is cheap to analyze: only comments.\n" for i in range(13300))
for name, code, path in [("body", src, "orders.py"), ("small", "print(1)\n", "one.py"), ("big", src * 319, "big.py"), ("cheap", cheap, "cheap.py")]:
    with open(f"{out}/{name}.json", "w") as f:
        f.write(json.dumps({"code": code, "path": path}))
EOF

# wrk's Lua: the request (BODY and TOKEN from the environment), and a summary line at the end (µs
# latencies; answers other than 2xx, then connection errors and timeouts).
cat >"$work/req.lua" <<EOF
local f = io.open(os.getenv("BODY") or "$work/body.json", "rb")
wrk.body = f:read("*a")
f:close()
wrk.method = os.getenv("METHOD") or "POST"
if wrk.method == "GET" then wrk.body = nil end
wrk.headers["Authorization"] = "Bearer " .. (os.getenv("TOKEN") or "$token")
wrk.headers["Content-Type"] = "application/json"
local pause = tonumber(os.getenv("DELAY") or "0")
if pause > 0 then
	function delay() return pause end
end
function done(summary, latency, requests)
	local other = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
	io.write(string.format("RESULT %d %d %.0f %.0f %d %d\n", summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), summary.errors.status, other))
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
	local name=$1 path=$2 method=$3 c0 c1 k0 k1 out res n dur p50 p99 status other bad
	read -r c0 k0 <<<"$(cpu_ticks "$pid")"
	out=$(METHOD=$method wrk -t "$threads" -c "$conns" -d "${secs}s" -s "$work/req.lua" "$url$path") || die "wrk failed: $out"
	read -r c1 k1 <<<"$(cpu_ticks "$pid")"
	res=$(grep '^RESULT' <<<"$out") || die "wrk printed no summary: $out"
	read -r _ n dur p50 p99 status other <<<"$res"
	bad=$((status + other))
	((bad == 0)) || die "$name: $bad requests failed or were not 200: $out"
	rate=$(awk -v n="$n" -v d="$dur" 'BEGIN {printf "%.0f", n / (d / 1e6)}')
	awk -v name="$name" -v rate="$rate" -v p50="$p50" -v p99="$p99" -v n="$n" -v cpu=$((c1 - c0)) -v kern=$((k1 - k0)) -v tck="$tck" 'BEGIN {
		printf "%-22s %8s req/s  p50 %6.2f ms  p99 %6.2f ms  server CPU %4.0f µs/req (%2.0f%% in the kernel)\n",
			name, rate, p50 / 1000, p99 / 1000, cpu / tck * 1e6 / n, cpu ? 100 * kern / cpu : 0
	}'
}

echo "sbxgate serve, $threads wrk threads, ${secs}s per row, $(nproc) cores"
[[ "$conns_list" == none ]] && conns_list=""
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

[[ "${FAIR:-1}" == 0 ]] && exit 0

vconns=${VCONNS:-2}
vdelay=${VDELAY:-2}
aconns=${ACONNS:-8}

# victim NAME: the victim's print(1) checks for SECS; prints a row and sets v_p99.
victim() {
	local out res n dur p50 p99 status other
	out=$(BODY=$work/small.json DELAY=$vdelay wrk -t 1 -c "$vconns" -d "${secs}s" -s "$work/req.lua" "$url/v1/check") || die "wrk failed: $out"
	res=$(grep '^RESULT' <<<"$out") || die "wrk printed no summary: $out"
	read -r _ n dur p50 p99 status other <<<"$res"
	((status + other == 0)) || die "$1: $((status + other)) of the victim's checks failed or were not 200: $out"
	v_p99=$p99
	awk -v name="$1" -v n="$n" -v d="$dur" -v p50="$p50" -v p99="$p99" 'BEGIN {
		printf "%-30s %7.0f checks/s  p50 %7.2f ms  p99 %7.2f ms\n", name, n / (d / 1e6), p50 / 1000, p99 / 1000 }'
}

# aggressor SECS CONNS: 1 MB checks from the aggressor principal; wrk's output goes to
# $work/aggressor.out. Its answers may be 503 (shed load): those are counted, not failures.
aggressor() {
	BODY=${abody:-$work/big.json} TOKEN=$agg_token wrk -t 1 -c "$2" -d "${1}s" --timeout 60s -s "$work/req.lua" "$url/v1/check" >"$work/aggressor.out" 2>&1
}

aggressor_row() {
	local res n dur p50 p99 status other
	res=$(grep '^RESULT' "$work/aggressor.out") || die "the aggressor's wrk printed no summary: $(cat "$work/aggressor.out")"
	read -r _ n dur p50 p99 status other <<<"$res"
	((other == 0)) || die "$other of the aggressor's requests failed: $(cat "$work/aggressor.out")"
	awk -v name="$1" -v n="$n" -v d="$dur" -v p50="$p50" -v p99="$p99" -v shed="$status" 'BEGIN {
		printf "%-30s %7.1f checks/s  p50 %7.0f ms  p99 %7.0f ms  (%d of %d answered 503)\n", name, (n - shed) / (d / 1e6), p50 / 1000, p99 / 1000, shed, n }'
}

# queue_waits PRINCIPAL: from the server's /metrics, the bucket under which 99% of the principal's
# waits for a turn (work queue) and for room for its body (memory queue) fell.
queue_waits() {
	# The series by principal go only to a token with the auditor role: bench has it.
	curl -fsS -H "Authorization: Bearer $token" "$url/metrics" | awk -v p="$1" '
		/^sbxgate_queue_wait_seconds_bucket\{/ && index($0, "principal=\"" p "\"") {
			q = $0; sub(/.*queue="/, "", q); sub(/".*/, "", q)
			le = $0; sub(/.*le="/, "", le); sub(/".*/, "", le)
			n[q] = n[q] + 0; les[q, ++n[q]] = le; cum[q, n[q]] = $2
		}
		END {
			line = p "'"'"'s queue waits, p99 under:"
			for (q in n) {
				total = cum[q, n[q]]
				for (i = 1; i <= n[q]; i++) if (cum[q, i] >= 0.99 * total) break
				line = line sprintf(" %s %s s (%d requests);", q, les[q, i], total)
			}
			print line
		}'
}

# fair_share LABEL [serve flags]: the victim alone, then beside the aggressor, on a fresh server;
# ROUNDS times (default 3), alternating, so that what else the machine does falls on both sides:
# a row per measurement, the ratio of each round, and their median.
fair_share() {
	local label=$1 r ratios=()
	shift
	echo "-- fair share, $label: the victim's print(1) on $vconns connections ($vdelay ms between requests), the aggressor's 1 MB programs on $aconns"
	start_server "$@"
	for ((r = 1; r <= ${ROUNDS:-3}; r++)); do
		victim "victim alone"
		alone=$v_p99
		aggressor $((secs + 2)) "$aconns" &
		apid=$!
		sleep 1
		victim "victim beside the aggressor"
		beside=$v_p99
		wait "$apid" || die "the aggressor's wrk failed: $(cat "$work/aggressor.out")"
		aggressor_row "aggressor, 1 MB programs"
		ratios+=("$(awk -v a="$alone" -v b="$beside" 'BEGIN {printf "%.2f", b / a}')")
	done
	queue_waits bench
	queue_waits aggressor
	stop_server
	printf '%s\n' "${ratios[@]}" | sort -g | awk -v l="$label" '{v[NR] = $1; all = all " " $1}
		END {m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			printf "%s: victim p99 beside the aggressor / alone, by round:%s; median %.2f (goal: at most 2)\n", l, all, m}'
}

# Large programs analyzed in worker processes of the lowest priority (serve's default), then in the
# server's own process, in the same run; then the workers beside an aggressor whose 1 MB programs
# are only comments, cheap to analyze and so sent several times as often.
fair_share "analysis workers"
fair_share "in process" --isolate-large=false
abody=$work/cheap.json fair_share "analysis workers, cheap programs"

echo "-- memory: 64 connections sending 1 MB checks for ${secs}s, one principal, a fresh server"
start_server
limit=$(grep -o '"memory_limit":[0-9]*' "$work/serve.log" | head -1 | cut -d: -f2)
[[ -n "$limit" ]] || die "the server logged no memory ceiling: $(head -3 "$work/serve.log")"
# The analysis workers come and go with the load (an idle worker ends), so their memory is sampled
# while the aggressor runs: every 100 ms, the resident memory of the server's children summed; the
# largest sum is what the workers held at once (to within a sample).
(
	most=0
	while kill -0 "$pid" 2>/dev/null && [[ ! -e "$work/sampled.stop" ]]; do
		sum=0
		for c in $(pgrep -P "$pid"); do
			# A worker that has just ended (a zombie) has no VmRSS line: it holds nothing.
			w=$(awk '/^VmRSS:/ {print $2}' "/proc/$c/status" 2>/dev/null)
			sum=$((sum + ${w:-0}))
		done
		if ((sum > most)); then most=$sum; fi
		echo "$most" >"$work/sampled.kb"
		sleep 0.1
	done
) &
sampler=$!
aggressor "$secs" 64
touch "$work/sampled.stop"
wait "$sampler"
aggressor_row "64 x 1 MB checks"
hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status")
whwm=$(cat "$work/sampled.kb")
stop_server
awk -v hwm="$hwm" -v w="$whwm" -v lim="$limit" 'BEGIN {printf "peak RSS %.0f MiB, and at most %.0f MiB in analysis workers at once (sampled); memory ceiling (logged at start) %.0f MiB: %.2f of it with the workers\n", hwm / 1024, w / 1024, lim / 1048576, (hwm + w) * 1024 / lim}'
