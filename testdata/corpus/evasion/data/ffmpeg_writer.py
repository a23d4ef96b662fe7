# label: evasion
# family: data
import matplotlib.animation as animation  # want: SBX100
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
w = animation.FFMpegWriter(fps=1)
with w.saving(fig, "o.mp4", 50):
    w.grab_frame()
