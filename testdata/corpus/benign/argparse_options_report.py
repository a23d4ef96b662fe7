# label: benign
"""Parse options, adjust a few, and print them as a sorted report."""
import argparse


class Report:
    def __init__(self, title):
        self.title = title
        self.lines = []

    def add(self, key, value):
        self.lines.append(f"{key:>10}: {value}")

    def render(self):
        return "\n".join([self.title, "-" * len(self.title), *self.lines])


parser = argparse.ArgumentParser(description="report builder")
parser.add_argument("--width", type=int, default=40)
parser.add_argument("--verbose", action="store_true")
options = parser.parse_args(["--width", "60"])
options.verbose = True
report = Report("options")
for key, value in sorted(vars(options).items()):
    report.add(key, value)
print(report.render())
