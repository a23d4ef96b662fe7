# label: evasion
# family: source_tricks
import json; data = json.loads("{}"); import ctypes; ctypes.CDLL(None)  # want: SBX101
