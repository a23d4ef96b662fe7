"""A small, benign program in the style an LLM writes."""
from dataclasses import dataclass
from statistics import mean


@dataclass
class Reading:
    sensor: str
    value: float


def summarize(readings: list[Reading]) -> dict[str, float]:
    by_sensor: dict[str, list[float]] = {}
    for r in readings:
        by_sensor.setdefault(r.sensor, []).append(r.value)
    return {name: round(mean(values), 2) for name, values in sorted(by_sensor.items())}


readings = [Reading("a", 1.5), Reading("b", 2.0), Reading("a", 2.5)]
if (summary := summarize(readings)):
    for name, avg in summary.items():
        print(f"{name}: {avg:.2f}")
