# family: type_dicts
# reaches: process
# layer: static
# static: missed
# The same prefix rule on a module without mapped capabilities: shutil.os, then os.system.
import shutil


def suffix(word):
    return word[1:]


osmod = getattr(shutil, "o" + suffix("xs"))
run = getattr(osmod, "sys" + suffix("_tem"))
run("true")
