# family: round12
# reaches: process
# layer: static
# static: missed
# fmt.__class__.get_field(fmt, ...) is Formatter.get_field called unbound, but resolution named
# fmt.__class__ by its path, not as string.Formatter: SBX701 did not see a Formatter. The field
# "0.__globals__[os]" walks shutil.copy's globals to the os module, an object of unknown class
# whose posix_spawn starts a process.
import shutil
import string

f = string.Formatter()
osmod = f.__class__.get_field(f, "0.__globals__[os]", [shutil.copy], {})[0]
pid = osmod.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('spawned')"], {})
print("child", pid, osmod.waitpid(pid, 0))
