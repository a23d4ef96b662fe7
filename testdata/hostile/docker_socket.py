# The Docker socket would be root on the host: it is not mounted anywhere in the container.
# expect: exit_code=0
# expect: stdout~/var/run/docker.sock: FileNotFoundError
# expect: stdout~/run/docker.sock: FileNotFoundError
# expect: stdout!~connected
import socket

for path in ["/var/run/docker.sock", "/run/docker.sock"]:
    s = socket.socket(socket.AF_UNIX)
    try:
        s.connect(path)
        print(f"{path}: connected")
    except OSError as e:
        print(f"{path}: {type(e).__name__}")
    finally:
        s.close()
