# vim: set fileencoding=latin1 :
# label: evasion
# family: encodings
# want-line 1: SBX801
price = '£ 10'
import socket  # want: SBX101
