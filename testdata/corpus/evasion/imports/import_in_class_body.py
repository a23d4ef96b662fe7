# label: evasion
# family: imports
class Shell:
    import subprocess as _sp  # want: SBX101

    def run(self, cmd: str) -> str:
        return self._sp.getoutput(cmd)


print(Shell().run("id"))
