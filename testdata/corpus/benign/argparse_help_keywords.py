# label: benign
import argparse

parser = argparse.ArgumentParser(prog="resize", description="Resize images.")
parser.add_argument("width", type=int, help="target width in pixels")
parser.add_argument("--height", type=int, default=None, help="target height; keeps the ratio when omitted")
parser.add_argument("--format", choices=["png", "jpg"], default="png", help="output format")
args = parser.parse_args(["640", "--format", "jpg"])
print(f"{args.width}x{args.height or 'auto'} as {args.format}")
