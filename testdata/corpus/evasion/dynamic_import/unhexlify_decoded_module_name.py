# label: evasion
# family: dynamic_import
import binascii

name = binascii.unhexlify("6f73").decode()
getattr(__import__(name), "system")("id")  # want: SBX101 SBX103 SBX702
