# label: evasion
# family: serialization
import marshal  # want: SBX100
import types

raw = marshal.dumps(compile("__import__('os').system('id')", "<m>", "exec"))  # want: SBX201
code = marshal.loads(raw)  # want: SBX203
types.FunctionType(code, {})()  # want: SBX202
