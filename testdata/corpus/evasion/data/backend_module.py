# label: evasion
# family: data
import matplotlib

matplotlib.use("module://this")  # want: SBX206
import matplotlib.pyplot as plt

plt.figure()
