# label: evasion
# family: data
import matplotlib.pyplot as plt
from matplotlib.textpath import TextToPath

fig, ax = plt.subplots()
title = ax.set_title("x", fontdict={"fontsize": 12, "usetex": False})
ax.set_xlabel("t", usetex=False)
plt.setp(title, "color", "red", "usetex", None)
title.set_usetex(False)
ax.set_title("x", fontdict={"usetex": True})  # want: SBX206 SBX206
ax.set_title("x", fontdict={"use" + "tex": 1})  # want: SBX206
title.set_usetex(True)  # want: SBX206
turn = title.set_usetex  # want: SBX206
plt.setp(title, "usetex", True)  # want: SBX206 SBX206
name = "".join(reversed("xetesu"))
plt.setp(title, name, True)  # want: SBX206
props = {}
props[name] = True
title.set(**props)  # want: SBX206
title.update(props)  # want: SBX206
ax.text(0, 0, "y", fontdict=props)  # want: SBX206
ax.set_title("x", **{name: True})  # want: SBX206
getattr(title, "set_usetex")(True)  # want: SBX206
TextToPath().get_text_path(None, "x", ismath="TeX")  # want: SBX206 SBX206
fig.savefig("t.png")
mode = "".join(["T", "e", "X"])
TextToPath().get_text_path(None, "x", mode)  # want: SBX206
TextToPath().get_text_path(None, "x", ismath=True)
fig.canvas.get_renderer().draw_tex(None, 0, 0, "x", None, 0)  # want: SBX206
