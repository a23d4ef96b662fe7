# label: evasion
# family: serialization
import marshal  # want: SBX100

with open("/tmp/cache.bin", "rb") as fh:
    code = marshal.load(fh)  # want: SBX203
exec(code)  # want: SBX201
