#!/usr/bin/env bash
# Starts a private, throwaway PostgreSQL cluster for the tests and prints its URL.
# Usage: eval "$(bash scripts/test-postgres.sh)"   (exports TEST_DATABASE_URL and TEST_PG_DIR)
# Stop it with: bash scripts/test-postgres.sh stop "$TEST_PG_DIR"
# Crash it and bring it back: bash scripts/test-postgres.sh halt|resume "$TEST_PG_DIR"
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

if [ "${1:-}" = "stop" ]; then
  dir="${2:?the cluster directory}"
  run=(); [ "$(id -u)" -eq 0 ] && run=(su postgres -s /bin/sh -c)
  if [ ${#run[@]} -gt 0 ]; then "${run[@]}" "$(pg_bin)/pg_ctl -D '$dir/data' stop -m fast" >/dev/null 2>&1 || true
  else "$(pg_bin)/pg_ctl" -D "$dir/data" stop -m fast >/dev/null 2>&1 || true; fi
  rm -rf "$dir"
  exit 0
fi

# The fault tests stop a cluster as a crash would (`halt`: every backend killed at once)
# and start it again on the same port (`resume`).
if [ "${1:-}" = "halt" ] || [ "${1:-}" = "resume" ]; then
  dir="${2:?the cluster directory}"
  port="$(cat "$dir/port")"
  if [ "$1" = "halt" ]; then command="'$(pg_bin)/pg_ctl' -D '$dir/data' stop -m immediate"
  else command="'$(pg_bin)/pg_ctl' -D '$dir/data' -l '$dir/log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off\" start"; fi
  if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/sh -c "$command" >/dev/null; else sh -c "$command" >/dev/null; fi
  exit 0
fi

if [ -z "$(pg_bin)" ]; then
  echo "Installing PostgreSQL for the database tests…" >&2
  as_root apt-get update -qq >&2
  as_root apt-get install -y -qq postgresql >/dev/null
fi
bin="$(pg_bin)"
dir="$(mktemp -d /tmp/densara-pg.XXXXXX)"
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

if [ "$(id -u)" -eq 0 ]; then
  # initdb refuses to run as root: the cluster belongs to the postgres user.
  chown postgres "$dir"
  su postgres -s /bin/sh -c "'$bin/initdb' -D '$dir/data' -A trust -U postgres --no-sync" >/dev/null
  su postgres -s /bin/sh -c "'$bin/pg_ctl' -D '$dir/data' -l '$dir/log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off\" start" >/dev/null
else
  "$bin/initdb" -D "$dir/data" -A trust -U postgres --no-sync >/dev/null
  "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
fi

echo "$port" > "$dir/port"
echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
echo "export TEST_PG_DIR=$dir"
