# label: evasion
# family: imports
def _loader():
    import subprocess as s  # want: SBX101
    return s

run = lambda cmd: _loader().getoutput(cmd)
print(run("id"))
