# task: Find the dominant frequencies in a noisy signal with an FFT and plot the spectrum
# artifacts: out/spectrum.png out/peaks.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt

fs = 500.0
t = np.arange(0, 2.0, 1 / fs)
rng = np.random.default_rng(1)
signal = 1.0 * np.sin(2 * np.pi * 50 * t) + 0.5 * np.sin(2 * np.pi * 120 * t) + 0.3 * rng.standard_normal(t.size)

spectrum = np.fft.rfft(signal * np.hanning(t.size))
freqs = np.fft.rfftfreq(t.size, d=1 / fs)
power = np.abs(spectrum) ** 2 / t.size

top = np.argsort(power)[::-1][:5]
peaks = pd.DataFrame({"frequency_hz": freqs[top], "power": power[top]}).sort_values("frequency_hz")
print(peaks.round(3))
peaks.to_csv("out/peaks.csv", index=False)

fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(8, 6))
ax1.plot(t[:200], signal[:200])
ax1.set(title="Signal (first 0.4 s)", xlabel="time [s]")
ax2.semilogy(freqs, power)
for f in peaks["frequency_hz"][:2]:
    ax2.axvline(f, color="r", ls="--", lw=0.8)
ax2.set(title="Power spectrum", xlabel="frequency [Hz]", ylabel="power")
fig.tight_layout()
fig.savefig("out/spectrum.png")
