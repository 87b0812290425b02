#!/usr/bin/env bash
# Load test of the deployment in docs/deploy.md on one machine: nginx (docs/nginx-thebes.conf)
# in front of N `thebes serve` processes on one PostgreSQL, then `thebes loadtest` through
# nginx; with KILL_AFTER=S one server process, chosen at random, gets kill -9 S seconds in.
#   DATABASE=postgresql://thebes:thebes@127.0.0.1:5432/thebes_test PROCS=2 KILL_AFTER=10 \
#     benchmarks/cluster.sh --games 50 --think-s 0 --duration 30
#   PG_SETTINGS="synchronous_commit=off" PROCS=2 benchmarks/cluster.sh --games 150 --think-s 0
# CPU_QUOTA=0.4 gives each server process a CPU budget of 0.4 of a core (a cgroup v1 `cpu` quota,
# needs root): on a machine whose cores the servers share with PostgreSQL, nginx and the load
# generator, this is how the app tier's scaling is measured (N processes, each as if on a core of
# its own, N x the budget in all), e.g. CPU_QUOTA=0.4 PROCS=1 and then PROCS=2.
# LOADGEN_PREFIX runs the load generator under a command, e.g. "chrt -f 10" (real-time priority:
# on a busy machine its own lag would otherwise count in every figure).
# Everything it starts it stops (by PID). The servers run with load-test limits (docs/deploy.md).
set -euo pipefail
cd "$(dirname "$0")/.."
THEBES="${THEBES:-.venv/bin/thebes}"
DATABASE="${DATABASE:-$(cat /tmp/thebes-test-postgres.url 2>/dev/null || echo postgresql://thebes:thebes@127.0.0.1:5432/thebes_test)}"
PROCS="${PROCS:-2}"
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
work="$(mktemp -d /tmp/thebes-cluster.XXXXXX)"
export THEBES_LIVE_GAMES=1000000 THEBES_RATE_CREATE=1000000/minute THEBES_RATE_SOCKET=1000000/minute \
       THEBES_RATE_REQUEST=1000000/minute THEBES_SOCKETS_PER_GAME=100000 THEBES_DB_POOL="${THEBES_DB_POOL:-5}"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# a fresh schema per run (dropped at the end): games of earlier runs would be resumed
schema="lt_$(date +%s)_$$"
PY="${PYTHON:-.venv/bin/python}"
"$PY" -c "import psycopg,sys; psycopg.connect(sys.argv[1], autocommit=True).execute('CREATE SCHEMA $schema')" "$DATABASE"
case "$DATABASE" in *\?*) sep="&";; *) sep="?";; esac
# PG_SETTINGS: more per-session settings, e.g. "synchronous_commit=off" (commits that do not
# wait for the disk: the app tier is then what is measured, not the disk's sync)
pg_opts="-csearch_path%3D$schema"
for kv in ${PG_SETTINGS:-}; do pg_opts+="%20-c${kv/=/%3D}"; done
RUN_DATABASE="${DATABASE}${sep}options=$pg_opts"
pids=(); ports=(); groups=()
cleanup() {
  [ -f "$work/nginx.pid" ] && kill -QUIT "$(cat "$work/nginx.pid")" 2>/dev/null || true
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for g in "${groups[@]}"; do rmdir "$g" 2>/dev/null || true; done
  "$PY" -c "import psycopg,sys; psycopg.connect(sys.argv[1], autocommit=True).execute('DROP SCHEMA $schema CASCADE')" "$DATABASE" || true
}
trap cleanup EXIT
for i in $(seq 1 "$PROCS"); do
  port="$(free_port)"; ports+=("$port")
  "$THEBES" serve --port "$port" --database "$RUN_DATABASE" --bot-delay "${BOT_DELAY:-0}" \
    --trusted-proxy 127.0.0.1 \
    > "$work/serve-$port.log" 2>&1 &
  pids+=("$!")
  if [ -n "${CPU_QUOTA:-}" ]; then
    # a 10 ms period: a throttled process waits at most the rest of 10 ms, not of 100 ms
    g="/sys/fs/cgroup/cpu/thebes-cluster-$$-$i"; mkdir "$g"; groups+=("$g")
    echo 10000 > "$g/cpu.cfs_period_us"
    quota="$(python3 -c "print(int(float('$CPU_QUOTA') * 10000))")"
    echo "$quota" > "$g/cpu.cfs_quota_us"
    echo "$!" > "$g/cgroup.procs"
  fi
done
for port in "${ports[@]}"; do
  for _ in $(seq 1 120); do curl -sf "127.0.0.1:$port/api/meta" >/dev/null && break; sleep 0.5; done
done
front="$(free_port)"
servers=""; for port in "${ports[@]}"; do servers+="    server 127.0.0.1:$port max_fails=1 fail_timeout=5s;"$'\n'; done
site="$(sed -e '/server 127.0.0.1:800[0-9]/d' -e "s/listen 80;/listen 127.0.0.1:$front;/" docs/nginx-thebes.conf \
        | awk -v s="$servers" '{print} /least_conn;|hash \$thebes_game consistent;/ {printf "%s", s}')"
mkdir -p "$work"/{body,proxy,fastcgi,uwsgi,scgi}
cat > "$work/nginx.conf" <<CONF
$( [ "$(id -u)" = 0 ] && echo "user root;" )
worker_processes 1;
worker_rlimit_nofile 20000;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 10000; }
http {
  access_log off;
  client_body_temp_path $work/body; proxy_temp_path $work/proxy; fastcgi_temp_path $work/fastcgi;
  uwsgi_temp_path $work/uwsgi; scgi_temp_path $work/scgi;
$site
}
CONF
"$NGINX" -c "$work/nginx.conf"
for _ in $(seq 1 40); do curl -sf "127.0.0.1:$front/api/meta" >/dev/null && break; sleep 0.25; done
pid_args=(); for p in "${pids[@]}"; do pid_args+=(--pid "$p"); done
echo "cluster.sh: nginx :$front -> ${ports[*]} (pids ${pids[*]}), $(uptime)" >&2
if [ -n "${KILL_AFTER:-}" ]; then
  victim="${pids[$((RANDOM % ${#pids[@]}))]}"
  ( sleep "$KILL_AFTER"; echo "cluster.sh: kill -9 $victim" >&2; kill -9 "$victim" ) &
fi
status=0
${LOADGEN_PREFIX:-} "$THEBES" loadtest --url "http://127.0.0.1:$front" "${pid_args[@]}" "$@" || status=$?
exit $status
