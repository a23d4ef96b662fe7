# label: evasion
# family: imports
import os
import threading

t = threading.Thread(target=os.system, args=("id",))  # want: SBX101
t.start()
