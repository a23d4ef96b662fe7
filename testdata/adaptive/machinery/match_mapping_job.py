# family: machinery
# reaches: process
# layer: static
# static: missed
# A match statement destructures a job description and binds the code string.
import timeit

job = {"kind": "bench", "setup": "import subprocess; subprocess.run(['true'])", "stmt": "pass"}

match job:
    case {"kind": "bench", "setup": str(setup), "stmt": str(stmt)}:
        print(timeit.timeit(stmt, setup, number=1))
