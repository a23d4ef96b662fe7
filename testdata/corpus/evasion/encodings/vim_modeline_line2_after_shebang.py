#!/usr/bin/env python3
# vim:fileencoding=iso-8859-1
# label: evasion
# family: encodings
# want-line 2: SBX801
sign = '§'
import ctypes  # want: SBX101
