# label: evasion
# family: introspection
# An audit hook receives the interpreter's objects with every event: frames among them.
import sys

seen = []
sys.addaudithook(lambda event, args: seen.append(args))  # want: SBX505
print(len(seen))
