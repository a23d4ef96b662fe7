# label: evasion
# family: data
import matplotlib

matplotlib.rcParamsDefault["text.usetex"] = True  # want: SBX206 SBX505
matplotlib.rcdefaults()  # want: SBX505
