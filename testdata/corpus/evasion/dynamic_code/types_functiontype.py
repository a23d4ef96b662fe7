# label: evasion
# family: dynamic_code
import types  # want: SBX100


def template():
    return None


fn = types.FunctionType(compile("__import__('os').system('id')", "<x>", "eval"), {})  # want: SBX201 SBX202
fn()
