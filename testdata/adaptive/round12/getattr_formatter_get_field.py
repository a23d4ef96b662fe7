# family: round12
# reaches: process
# layer: static
# static: missed
# getattr(fmt, "get_field") with a constant name gives string.Formatter.get_field, which the
# review judges at its call, and calls it at once: SBX701 reads only fmt.get_field(...). The
# field "0.__globals__[os]" walks shutil.copy's globals to the os module, an object of unknown
# class whose posix_spawn starts a process.
import shutil
import string

f = string.Formatter()
osmod = getattr(f, "get_field")("0.__globals__[os]", [shutil.copy], {})[0]
pid = osmod.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('spawned')"], {})
print("child", pid, osmod.waitpid(pid, 0))
