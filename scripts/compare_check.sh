#!/usr/bin/env bash
# compare_check.sh: does `sbxgate check` say exactly the same thing, byte for byte, with two binaries?
# Made for restructurings of the analyzer, the policy or the output formats, which must not change
# what the gate reports.
#
#   scripts/compare_check.sh BEFORE AFTER [DIR...]
#
# BEFORE, AFTER: two built sbxgate binaries (for a branch: git archive main | tar -x -C /tmp/before;
# cd /tmp/before && go build -o /tmp/sbxgate-before ./cmd/sbxgate).
# DIR: extra Python trees to compare on (site-packages, a project), each as one more set.
#
# Sets: testdata/corpus; python3's standard library (without site-/dist-packages); every .py file
# git tracks in this repository. Each set is checked by both binaries in each format (text, json,
# sarif) from the repository's root, so paths in the output are the same; standard output, standard
# error and the exit status must all be identical. With SARIF_RULES=ignore, a difference confined to
# SARIF's tool.driver.rules (the rule descriptors, not the results) is reported but tolerated, and the
# comparison of everything else is still byte for byte. CHECK_FLAGS are passed to both binaries'
# check (CHECK_FLAGS="--policy rego" gives both the same policy, and so the same policy_revision,
# when the embedded policies differ).
# Exit status: 0 identical; 1 some output differs (the first lines of the diff are shown); 2 usage.
set -euo pipefail

source "$(dirname "$0")/lib.sh"
(( $# >= 2 )) || die "usage: scripts/compare_check.sh BEFORE AFTER [DIR...]"
before=$1 after=$2
shift 2
for b in "$before" "$after"; do
	[[ -x "$b" ]] || die "$b is not an executable: pass two built sbxgate binaries"
done
command -v python3 >/dev/null || die "python3 not found: install python3 (the standard library is one set)"
if [[ "${SARIF_RULES:-}" == ignore ]]; then
	command -v jq >/dev/null || die "SARIF_RULES=ignore needs jq: apt-get install jq"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/compare_check.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$root"

stdlib=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')
# Each set is a file listing its paths, one per line, sorted.
find testdata/corpus -name '*.py' -type f | LC_ALL=C sort >"$work/corpus.list"
find "$stdlib" \( -name site-packages -o -name dist-packages \) -prune -o -name '*.py' -type f -print |
	LC_ALL=C sort >"$work/stdlib.list"
git ls-files -z '*.py' | tr '\0' '\n' | LC_ALL=C sort >"$work/repo.list"
sets=(corpus stdlib repo)
n=0
for d in "$@"; do
	[[ -d "$d" ]] || die "$d is not a directory: pass Python trees to compare on"
	n=$((n + 1))
	find "$d" -name '*.py' -type f | LC_ALL=C sort >"$work/extra$n.list"
	sets+=("extra$n")
done

status=0
printf '%-8s %7s  %-6s %-10s %s\n' set files format result "sha256 of AFTER's stdout (bytes)"
for set in "${sets[@]}"; do
	mapfile -t paths <"$work/$set.list"
	(( ${#paths[@]} > 0 )) || die "set $set has no .py files"
	for f in text json sarif; do
		for side in before after; do
			bin=$before
			[[ $side == after ]] && bin=$after
			rc=0
			# shellcheck disable=SC2086 # CHECK_FLAGS is a list of flags
			"$bin" check ${CHECK_FLAGS:-} --format "$f" "${paths[@]}" >"$work/$side.out" 2>"$work/$side.err" || rc=$?
			echo "$rc" >"$work/$side.rc"
		done
		result=identical
		for part in out err rc; do
			if ! cmp -s "$work/before.$part" "$work/after.$part"; then
				result="differs($part)"
				break
			fi
		done
		if [[ $result == "differs(out)" && $f == sarif && "${SARIF_RULES:-}" == ignore ]] &&
			cmp -s "$work/before.err" "$work/after.err" && cmp -s "$work/before.rc" "$work/after.rc" &&
			cmp -s <(jq -S 'del(.runs[].tool.driver.rules)' "$work/before.out") \
				<(jq -S 'del(.runs[].tool.driver.rules)' "$work/after.out"); then
			result="rules-only"
		fi
		sum=$(sha256sum <"$work/after.out" | cut -c1-16)
		printf '%-8s %7d  %-6s %-10s %s (%d)\n' "$set" "${#paths[@]}" "$f" "$result" "$sum" "$(wc -c <"$work/after.out")"
		case $result in
		identical) ;;
		rules-only)
			diff <(jq '.runs[].tool.driver.rules' "$work/before.out") <(jq '.runs[].tool.driver.rules' "$work/after.out") |
				head -8 | sed 's/^/    /' || true
			;;
		*)
			status=1
			part=${result#differs(}
			part=${part%)}
			diff "$work/before.$part" "$work/after.$part" | head -20 | sed 's/^/    /' || true
			;;
		esac
	done
done
exit $status
