# Nothing more can be fed to a program once it runs: its standard input is closed after the code.
# expect: exit_code=0
# expect: stdout=stdin: b''\n
import sys

print("stdin:", sys.stdin.buffer.read())
