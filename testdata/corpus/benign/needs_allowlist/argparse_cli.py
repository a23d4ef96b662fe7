# label: benign
import argparse


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="Greet someone.")
    parser.add_argument("name")
    parser.add_argument("--times", type=int, default=1)
    parser.add_argument("--shout", action="store_true")
    return parser


args = build_parser().parse_args(["world", "--times", "2"])
options = vars(args)
for _ in range(options["times"]):
    greeting = f"hello {args.name}"
    print(greeting.upper() if args.shout else greeting)
