#!/usr/bin/env python3
# coding: iso-8859-1
# label: evasion
# family: encodings
# want-line 2: SBX801
label = '«result»'
import subprocess  # want: SBX101
print(label, subprocess.getoutput('id'))
