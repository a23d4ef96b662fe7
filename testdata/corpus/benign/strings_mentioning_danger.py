# label: benign
WARNING = "Never call eval() or exec() on user input, and avoid __import__('os')."
BLOCKLIST = ["os.system", "subprocess.Popen", "__subclasses__", "breakpoint()"]


def explain(snippet: str) -> str:
    hits = [b for b in BLOCKLIST if b in snippet]
    return f"{len(hits)} risky patterns: {', '.join(hits)}" if hits else "looks fine"


print(WARNING)
print(explain("x = __subclasses__ + breakpoint()"))
