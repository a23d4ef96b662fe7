# label: evasion
# family: imports
import _socket  # want: SBX100

s = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
s.connect(("198.51.100.3", 80))
