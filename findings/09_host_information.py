# FINDING 9 (information, low): unmasked /proc and /sys files give host-wide data and a
# cross-sandbox side channel. Run under both layers (no violation):
#   /proc/cgroups num_cgroups      host-wide count of cgroups: rises and falls with other sandboxes
#   /proc/loadavg, /proc/stat,     host CPU activity (another tenant's load is visible)
#   /proc/pressure/{cpu,memory,io}
#   /proc/meminfo, /proc/vmstat,   host memory (24 GiB), host uptime, last host-wide pid ("20/744 7")
#   /proc/uptime, /proc/key-users  root's key quota usage on the host
#   /proc/self/mountinfo,          storage driver (fuse-overlayfs), mount ids
#   /proc/mounts
#   /sys/fs/ext4/vda/*, /sys/fs/{btrfs,xfs,fuse,bpf,pstore}   host block device and features
#   /proc/version, /proc/sys/kernel/osrelease                 exact host kernel build
#   /proc/1/cmdline                process 1's whole source and config (allowlist, grants, limits)
# /proc/1/{environ,maps,mem,fd,io,stack} are refused (process 1 is not dumpable): good.
# Fix class: add the /proc files above to maskedPaths (Docker masks by path; /proc/pressure,
# /proc/cgroups, /proc/loadavg, /proc/stat, /proc/meminfo, /proc/vmstat, /proc/uptime,
# /proc/key-users), mask /sys/fs except /sys/fs/cgroup; or use gVisor (runsc) which synthesizes
# /proc. Pass init's source by file, not argv.
def head(path, n=160):
    try:
        with open(path, "rb") as f:
            return f.read(n)
    except OSError as e:
        return "refused: %s" % e.__class__.__name__


for p in ["/proc/cgroups", "/proc/loadavg", "/proc/pressure/cpu", "/proc/stat", "/proc/meminfo",
          "/proc/uptime", "/proc/key-users", "/proc/self/mountinfo", "/proc/version",
          "/sys/fs/ext4/vda/lifetime_write_kbytes", "/proc/1/cmdline", "/proc/1/environ", "/proc/1/maps"]:
    print(p, head(p))
