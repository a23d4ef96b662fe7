# label: evasion
# family: code_runners
import code  # want: SBX100

console = code.InteractiveConsole()  # want: SBX601
console.push("import os")
console.push("os.system('id')")
