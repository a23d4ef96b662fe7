# label: benign
def explain() -> str:
    """Why this module never does `import os`.

    Example of what NOT to do:

        import os
        os.system("rm -rf /")
    """
    return "pure functions only"


print(explain())
