# family: report_limits
# reaches: process
# layer: static
# static: missed
# Resolution kept at most 8 candidates per expression (resolve.go maxRefs) and dropped the rest
# without saying so. f may be eight functions of allowed modules or the module glob, bound last:
# glob was the ninth candidate and dropped, so f.os (glob's os module) resolved to nothing and
# f.os.posix_spawn was judged as an attribute of eight plain functions: nothing reported.
import json, math, glob

c = len(json.dumps([])) == 2
f = json.dumps
if c: f = json.loads
if c: f = math.sqrt
if c: f = math.floor
if c: f = math.ceil
if c: f = math.exp
if c: f = math.log
if c: f = math.fabs
if c: f = glob
pid = f.os.posix_spawn("/usr/bin/python3", ["python3", "-c", "print('process reached')"], {})
print("spawned", f.os.waitpid(pid, 0))
