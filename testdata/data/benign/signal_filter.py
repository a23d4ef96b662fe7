# task: Clean a noisy ECG-like signal with a Butterworth band-pass filter, detect the peaks, and estimate heart rate
# artifacts: out/filtered_signal.png out/beats.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from scipy import signal

fs = 250
t = np.arange(0, 10, 1 / fs)
rng = np.random.default_rng(3)
beat_times = np.cumsum(rng.normal(0.8, 0.03, 14))
clean = sum(np.exp(-((t - bt) ** 2) / (2 * 0.01 ** 2)) for bt in beat_times if bt < 10)
noisy = clean + 0.3 * np.sin(2 * np.pi * 0.3 * t) + 0.15 * np.sin(2 * np.pi * 50 * t) + 0.05 * rng.standard_normal(t.size)

b, a = signal.butter(3, [5, 30], btype="bandpass", fs=fs)
filtered = signal.filtfilt(b, a, noisy)
peaks, props = signal.find_peaks(filtered, height=0.3, distance=int(0.4 * fs))
rr = np.diff(t[peaks])
print(f"{len(peaks)} beats, mean RR {rr.mean():.3f}s, heart rate {60 / rr.mean():.1f} bpm")

pd.DataFrame({"time_s": t[peaks], "amplitude": props["peak_heights"], "rr_s": np.r_[np.nan, rr]}).round(4).to_csv(
    "out/beats.csv", index=False)

w, h = signal.freqz(b, a, fs=fs)
fig, axes = plt.subplots(3, 1, figsize=(9, 7))
axes[0].plot(t, noisy, lw=0.6)
axes[0].set_title("raw")
axes[1].plot(t, filtered, lw=0.8)
axes[1].plot(t[peaks], filtered[peaks], "rx")
axes[1].set_title("band-pass 5-30 Hz with detected beats")
axes[2].plot(w, 20 * np.log10(np.maximum(abs(h), 1e-6)))
axes[2].set(title="filter response", xlabel="Hz", ylabel="dB", xlim=(0, 60))
fig.tight_layout()
fig.savefig("out/filtered_signal.png", dpi=70)
