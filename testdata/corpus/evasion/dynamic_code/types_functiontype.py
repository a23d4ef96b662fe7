# label: evasion
# family: dynamic_code
import types


def template():
    return None


fn = types.FunctionType(compile("__import__('os').system('id')", "<x>", "eval"), {})  # want: SBX201 SBX202
fn()
