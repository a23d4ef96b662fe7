# FINDING 11 (init state reachable, information): process 1's frames sit under the program's
# own frame after the fork. A traceback's frame (read through traceback.walk_tb, library code, so
# the hook allows it) leads by f_back (no audit event) to run_program, main and the init module:
# their f_locals/f_globals hold the seccomp and prctl extension modules init removed from
# sys.modules, the whole config, the report descriptor, make_hook, kernel_filter. Nothing here
# grants a capability by itself (filters only add up), but it is the state the docstring says the
# program cannot reach, and it is how the program finds the report pipe without /proc.
#   $ sbxgate run --policy <permissive policy: everything allowed into the default tier> --format json 11_...py
#   exit 0, violations [], prints the three frames' names, the two modules and cfg["grants"].
# Fix class: exec the program in a fresh frame chain (run_program as the bottom frame: os._exit
# from a C helper, or clear f_back by running the program in a new thread whose first frame is
# the program's), and delete init's locals before exec.
import traceback

try:
    raise LookupError
except LookupError as e:
    frame = next(traceback.walk_tb(e.__traceback__))[0]
chain = []
while frame is not None:
    chain.append(frame)
    frame = frame.f_back
for f in chain[1:]:
    loc = f.f_locals
    print(sorted(k for k in loc if not k.startswith("__"))[:40])
run_program, main = chain[1].f_locals, chain[2].f_locals
print("seccomp module:", run_program.get("seccomp"), "prctl module:", main.get("prctl"))
print("config grants:", main["cfg"]["grants"], "report fd:", run_program["report_fd"])
