# task: Simulate an SIR epidemic model with solve_ivp, find the peak, and plot the curves; also integrate the infection curve with quad
# artifacts: out/sir.png out/sir_timeseries.csv
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from scipy.integrate import quad, solve_ivp, trapezoid

N = 10_000
beta, gamma = 0.3, 0.1


def sir(t, y):
    s, i, r = y
    new_inf = beta * s * i / N
    return [-new_inf, new_inf - gamma * i, gamma * i]


sol = solve_ivp(sir, (0, 160), [N - 10, 10, 0], t_eval=np.linspace(0, 160, 321), rtol=1e-8, dense_output=True)
df = pd.DataFrame(sol.y.T, columns=["S", "I", "R"], index=pd.Index(sol.t, name="day"))
peak_day = df["I"].idxmax()
print(f"R0 = {beta / gamma:.1f}; peak infections {df['I'].max():.0f} on day {peak_day:.1f}")
print(f"final recovered share: {df['R'].iloc[-1] / N:.1%}")

person_days, err = quad(lambda t: sol.sol(t)[1], 0, 160, limit=200)
print(f"person-days infected: quad {person_days:.0f} (±{err:.1e}), trapezoid {trapezoid(df['I'], df.index):.0f}")
df.round(2).to_csv("out/sir_timeseries.csv")

ax = df.plot(figsize=(8, 4.5), color=["tab:blue", "tab:red", "tab:green"])
ax.axvline(peak_day, color="grey", ls="--")
ax.set_ylabel("people")
ax.set_title(f"SIR model (β={beta}, γ={gamma})")
ax.figure.savefig("out/sir.png", dpi=90)
