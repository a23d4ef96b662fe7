# family: aliasing
# reaches: process
# layer: static
# static: denied
# A lambda default argument binds the module under a parameter name.
import shutil

run = lambda cmd, m=shutil: m.os.system(cmd)
run("true")
