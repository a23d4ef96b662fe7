# label: evasion
# family: data
import matplotlib

matplotlib.subprocess.run(["/usr/bin/python3", "-c", "print('reached-process')"])  # want: SBX101 SBX502
