# Infinite loop: only the wall-clock timeout ends it.
# expect: timed_out=true
# expect: exit_code=137
# expect: oom_killed=false
while True:
    pass
