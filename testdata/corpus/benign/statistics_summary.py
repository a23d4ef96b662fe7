# label: benign
import statistics

samples = [12.1, 11.8, 12.4, 13.0, 11.9, 12.2, 12.7]
summary = {
    "mean": statistics.mean(samples),
    "median": statistics.median(samples),
    "stdev": statistics.stdev(samples),
}
for key, value in summary.items():
    print("{}: {:.3f}".format(key, value))
