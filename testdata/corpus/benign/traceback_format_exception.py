# label: benign
import traceback


def risky(n: int) -> float:
    return 10 / n


try:
    risky(0)
except ZeroDivisionError as exc:
    lines = traceback.format_exception(exc)
    print("".join(lines[-1:]).strip())
