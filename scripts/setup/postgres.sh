#!/usr/bin/env bash
# CI only: install Debian's PostgreSQL, start a cluster, create the role and database the
# server tests use, and write their URL to /tmp/thebes-test-postgres.url (tests/server read it;
# without a reachable server those tests skip with a visible reason). Exports nothing.
#   role thebes / password thebes / database thebes_test on 127.0.0.1:5432
set -euo pipefail

URL_FILE="${THEBES_TEST_POSTGRES_URL_FILE:-/tmp/thebes-test-postgres.url}"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || ! command -v pg_ctlcluster >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq postgresql >/dev/null
fi

version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$version main"; then
  $SUDO pg_createcluster "$version" main >/dev/null
fi
if ! pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $4}' | grep -q online; then
  $SUDO pg_ctlcluster "$version" main start
fi
port="$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $3}')"

for _ in $(seq 1 30); do
  if pg_isready -q -h 127.0.0.1 -p "$port"; then break; fi
  sleep 1
done
pg_isready -h 127.0.0.1 -p "$port"

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}

as_postgres psql -q -p "$port" -v ON_ERROR_STOP=1 -c "DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'thebes') THEN
    CREATE ROLE thebes LOGIN PASSWORD 'thebes';
  END IF; END \$\$;"
if ! as_postgres psql -p "$port" -tAc "SELECT 1 FROM pg_database WHERE datname = 'thebes_test'" | grep -q 1; then
  as_postgres psql -q -p "$port" -v ON_ERROR_STOP=1 -c "CREATE DATABASE thebes_test OWNER thebes"
fi

echo "postgresql://thebes:thebes@127.0.0.1:${port}/thebes_test" > "$URL_FILE"
echo "postgres.sh: PostgreSQL $version on 127.0.0.1:$port, database thebes_test (URL in $URL_FILE)"
