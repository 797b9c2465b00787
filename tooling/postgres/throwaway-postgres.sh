#!/usr/bin/env bash
# A throwaway PostgreSQL cluster (Debian's postgresql) for tests, in a temporary folder:
#   eval "$(tooling/postgres/throwaway-postgres.sh start [PORT])"   # exports LOADOUT_TEST_POSTGRES_URL, LOADOUT_TEST_POSTGRES_DIR
#   tooling/postgres/throwaway-postgres.sh restart "$LOADOUT_TEST_POSTGRES_DIR"
#   tooling/postgres/throwaway-postgres.sh stop "$LOADOUT_TEST_POSTGRES_DIR"      # stops it and removes the folder
# Every role is trusted, except the members of the role loadout_password: they must give their password
# (scram-sha-256), for tests of a wrong one. Tests create that group and their own members of it.
# initdb refuses root: as root, the cluster belongs to the postgres user.
set -euo pipefail
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
# Debian keeps initdb and pg_ctl in /usr/lib/postgresql/<version>/bin, off PATH.
if command -v initdb >/dev/null 2>&1; then
  bin="$(dirname "$(readlink -f "$(command -v initdb)")")"
else
  bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
fi
case "${1:-}" in
  start)
    port="${2:-$(( 20000 + RANDOM % 20000 ))}"
    dir="$(mktemp -d /tmp/loadout-pg-XXXXXX)"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U loadout --auth=trust -E UTF8 >/dev/null
    # First match wins: this line goes before initdb's trust lines.
    as_owner sh -c "{ echo 'host all +loadout_password 127.0.0.1/32 scram-sha-256'; cat '$dir/data/pg_hba.conf'; } > '$dir/data/pg_hba.tmp' && mv '$dir/data/pg_hba.tmp' '$dir/data/pg_hba.conf'"
    as_owner "$bin/pg_ctl" -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" -l "$dir/log" -w start >/dev/null
    echo "export LOADOUT_TEST_POSTGRES_URL=postgres://loadout@127.0.0.1:$port/postgres LOADOUT_TEST_POSTGRES_DIR=$dir"
    ;;
  restart)
    as_owner "$bin/pg_ctl" -D "$2/data" -m fast -w restart >/dev/null
    ;;
  stop)
    as_owner "$bin/pg_ctl" -D "$2/data" -m fast -w stop >/dev/null || true
    rm -rf "$2"
    ;;
  *)
    echo "usage: $0 start [PORT] | restart DIR | stop DIR" >&2
    exit 2
    ;;
esac
