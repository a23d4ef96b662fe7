# label: evasion
# family: imports
def outer():
    def middle():
        def inner():
            from subprocess import getoutput  # want: SBX101

            return getoutput("id")
        return inner
    return middle()


print(outer()())
