# label: benign
import sys


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print("usage: tool NAME", file=sys.stderr)
        return 2
    print(f"hello {argv[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
