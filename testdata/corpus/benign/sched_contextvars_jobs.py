# label: benign
# sched and contextvars: run jobs in order with a per-job context.
import contextvars
import sched
import time

request_id = contextvars.ContextVar("request_id", default="-")
done = []


def job(name):
    done.append(f"{request_id.get()}:{name}")


def run_in_context(rid, name):
    ctx = contextvars.copy_context()
    ctx.run(request_id.set, rid)
    ctx.run(job, name)


s = sched.scheduler(time.monotonic, time.sleep)
s.enter(0.002, 1, run_in_context, ("r2", "second"))
s.enter(0.001, 1, run_in_context, ("r1", "first"))
s.run()
print(done)
