# label: benign
import contextlib
import io


def noisy() -> int:
    print("working...")
    return 7


buffer = io.StringIO()
with contextlib.redirect_stdout(buffer):
    value = noisy()
print(f"captured {buffer.getvalue().strip()!r}, value={value}")
