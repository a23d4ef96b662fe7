# Raising the ulimits fails without CAP_SYS_RESOURCE, and the nofile limit stops a descriptor
# flood with EMFILE.
# expect: exit_code=0
# expect: stdout~raise nofile: ValueError
# expect: stdout~raise fsize: ValueError
# expect: stdout~core: 0 0
# expect: stdout~open: OSError 24
import resource

for name, res in [("nofile", resource.RLIMIT_NOFILE), ("fsize", resource.RLIMIT_FSIZE)]:
    try:
        resource.setrlimit(res, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        print(f"raise {name}: succeeded")
    except (ValueError, OSError) as e:
        print(f"raise {name}: {type(e).__name__}")
print("core:", *resource.getrlimit(resource.RLIMIT_CORE))
files = []
try:
    for _ in range(100_000):
        files.append(open("/dev/null"))
    print("open: no limit")
except OSError as e:
    print(f"open: OSError {e.errno} after {len(files)}")
