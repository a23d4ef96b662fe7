# family: round12
# reaches: process
# layer: static
# static: missed
# lookup = fmt.get_field: an alias is not reported as a value since resolution follows it, but
# SBX701 finds Formatter calls by the attribute they are called through, so lookup(...) went
# unjudged. The field "0.__globals__[os]" walks shutil.copy's globals to the os module, an object
# of unknown class whose posix_spawn starts a process.
import shutil
import string

fmt = string.Formatter()
lookup = fmt.get_field
osmod = lookup("0.__globals__[os]", [shutil.copy], {})[0]
pid = osmod.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('spawned')"], {})
print("child", pid, osmod.waitpid(pid, 0))
