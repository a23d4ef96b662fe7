# lib.sh: what the bench scripts share. Source it; it sets root (the repository) and uses work (the
# caller's scratch directory) when it has to build.

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# die prints one line, prefixed with the script's name, and exits 2.
die() { echo "$(basename "$0" .sh): $*" >&2; exit 2; }

# sbxgate_bin [BIN] sets bin to BIN when given, else to an sbxgate built into $work, and checks it
# can be run.
sbxgate_bin() {
	bin=${1:-}
	if [[ -z "$bin" ]]; then
		command -v go >/dev/null || die "go not found and no SBXGATE_BIN given: install Go or pass a built sbxgate"
		echo "building sbxgate..." >&2
		(cd "$root" && go build -trimpath -o "$work/sbxgate" ./cmd/sbxgate) || die "build failed: fix the build or pass a built sbxgate"
		bin=$work/sbxgate
	fi
	[[ -x "$bin" ]] || die "$bin is not an executable: run make build or pass the path of a built sbxgate"
}
