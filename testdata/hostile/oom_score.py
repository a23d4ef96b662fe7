# A sandbox cannot make itself a worse OOM victim than it is: its oom_score_adj is the maximum and
# lowering it needs CAP_SYS_RESOURCE.
# expect: exit_code=0
# expect[runc]: stdout~oom_score_adj: 1000
# expect[runc]: stdout~lower: PermissionError
# expect[runc]: stdout!~lowered
with open("/proc/self/oom_score_adj") as f:
    print("oom_score_adj:", f.read().strip())
try:
    with open("/proc/self/oom_score_adj", "w") as f:
        f.write("-1000")
    print("lower: lowered")
except OSError as e:
    print(f"lower: {type(e).__name__}")
