# label: evasion
# family: dynamic_import
def report(msg, _sys=__import__("subprocess")):  # want: SBX103
    _sys.run(["logger", msg])


report("done")
