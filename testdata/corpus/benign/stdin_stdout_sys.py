# label: benign
import sys

def main() -> int:
    text = sys.stdin.read() if not sys.stdin.isatty() else "a b c"
    words = text.split()
    print(len(words), file=sys.stderr)
    sys.stdout.flush()
    return 0

raise SystemExit(main())
