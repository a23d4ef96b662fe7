# label: benign
import csv


class LineCollector:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def write(self, text: str) -> int:
        self.lines.append(text)
        return len(text)


out = LineCollector()
writer = csv.writer(out)
writer.writerow(["id", "score"])
for i, score in enumerate([88, 92, 75], start=1):
    writer.writerow([i, score])
print("".join(out.lines))
