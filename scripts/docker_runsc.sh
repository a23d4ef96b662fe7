#!/usr/bin/env bash
# Registers gVisor's runsc with the local Docker daemon as the runtime "runsc", as sbxgate needs it:
# the container's seccomp profile applied inside the sandbox (--oci-seccomp) and no network stack of
# its own (--network=none). Merges into /etc/docker/daemon.json and reloads the daemon with SIGHUP
# (Docker reloads "runtimes" without a restart). Needs root and Debian's runsc package.
set -euo pipefail
conf=${DOCKER_DAEMON_JSON:-/etc/docker/daemon.json}
runsc=$(command -v runsc) || { echo "docker_runsc: runsc is missing: apt-get install runsc" >&2; exit 1; }
python3 - "$conf" "$runsc" <<'PY'
import json, os, sys
path, runsc = sys.argv[1], sys.argv[2]
conf = {}
if os.path.exists(path) and os.path.getsize(path) > 0:
    with open(path) as f:
        conf = json.load(f)
want = {"path": runsc, "runtimeArgs": ["--network=none", "--oci-seccomp"]}
if conf.get("runtimes", {}).get("runsc") == want:
    sys.exit(0)
conf.setdefault("runtimes", {})["runsc"] = want
os.makedirs(os.path.dirname(path), exist_ok=True)
tmp = path + ".sbxgate-new"
with open(tmp, "w") as f:
    json.dump(conf, f, indent=2)
os.replace(tmp, path)
PY
pid=$(pidof dockerd || true)
[ -n "$pid" ] || { echo "docker_runsc: no dockerd process to reload: restart Docker" >&2; exit 1; }
kill -HUP $pid
for _ in $(seq 50); do
  docker info --format '{{range $k, $v := .Runtimes}}{{$k}} {{end}}' 2>/dev/null | grep -qw runsc && exit 0
  sleep 0.2
done
echo "docker_runsc: the daemon does not list runsc after the reload: check $conf" >&2
exit 1
