# label: evasion
# family: code_runners
import code  # want: SBX100

interp = code.InteractiveInterpreter()  # want: SBX601
interp.runsource("__import__('os').system('id')")
