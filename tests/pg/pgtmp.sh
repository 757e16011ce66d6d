#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# pgtmp.sh - a throwaway PostgreSQL for the tests: initdb into a temporary
# directory, a server listening only on a unix socket in that directory
# (listen_addresses=''), trust authentication for the socket, stopped and
# removed at the end.  PostgreSQL refuses to run as root, so under root the
# server runs as the postgres system user (or nobody), owning the directory.
#
#   pgtmp.sh start            prints DIR; the conninfo is in DIR/conninfo
#   pgtmp.sh stop DIR         stops the server (immediate) and keeps DIR
#   pgtmp.sh restart DIR      starts it again on the same DIR
#   pgtmp.sh remove DIR       stops it and deletes DIR
#   pgtmp.sh run CMD...       start, run CMD with TTY_TEST_PG set, remove
# PGTMP_FSYNC=on makes the server flush its log as a real one does;
# PGTMP_FSYNC_DELAY_US=N (for the benchmarks) runs it under strace, which
# holds every fsync and fdatasync of its processes N microseconds: a disk
# slower than this machine's, the server itself unchanged.
set -eu

bindir=${PG_BINDIR:-}
if [ -z "$bindir" ]; then
    for d in /usr/lib/postgresql/*/bin; do
        [ -x "$d/initdb" ] && bindir=$d
    done
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/pg_ctl" ]; then
    echo "pgtmp.sh: no PostgreSQL server binaries (Debian: apt-get install postgresql)" >&2
    exit 1
fi

as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u "$owner" -- "$@"
    else
        "$@"
    fi
}

owner=$(id -un)
if [ "$(id -u)" = 0 ]; then
    if id postgres >/dev/null 2>&1; then owner=postgres; else owner=nobody; fi
fi

pg_up() {
    slow=
    wait=-w
    if [ -n "${PGTMP_FSYNC_DELAY_US:-}" ]; then
        # pg_ctl starts this in place of postgres itself; the postmaster
        # is then strace's child, not pg_ctl's, so pg_ctl cannot tell it
        # started: pg_isready asks instead
        printf '#!/bin/sh\nexec strace -f --seccomp-bpf -qq -o /dev/null -e trace=fsync,fdatasync -e inject=fsync,fdatasync:delay_exit=%s "%s/postgres" "$@"\n' \
            "$PGTMP_FSYNC_DELAY_US" "$bindir" >"$1/postgres-slow"
        chmod 755 "$1/postgres-slow"
        slow="-p $1/postgres-slow"
        wait=-W
    fi
    # shellcheck disable=SC2086
    as_owner "$bindir/pg_ctl" $slow -D "$1/data" -l "$1/log" $wait -t 60 \
        -o "-k $1 -c listen_addresses= -c fsync=${PGTMP_FSYNC:-off}" start >/dev/null
    [ "$wait" = -w ] && return 0
    n=0
    until "$bindir/pg_isready" -q -h "$1" -U tty -d postgres; do
        n=$((n + 1))
        [ $n -lt 600 ] || return 1
        sleep 0.1
    done
}

pg_down() {
    as_owner "$bindir/pg_ctl" -D "$1/data" -m immediate -w stop \
        >/dev/null 2>&1 || true
}

start() {
    dir=$(mktemp -d /tmp/ttyarcade-pg-XXXXXX)
    chmod 755 "$dir"
    [ "$(id -u)" = 0 ] && chown "$owner" "$dir"
    as_owner "$bindir/initdb" -D "$dir/data" -U tty -A trust \
        --no-sync -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
    pg_up "$dir" || { cat "$dir/log" >&2; exit 1; }
    echo "postgresql:///postgres?host=$dir&user=tty" >"$dir/conninfo"
    echo "$dir"
}

case "${1:-}" in
start) start ;;
stop) pg_down "$2" ;;
restart) pg_up "$2" ;;
remove)
    pg_down "$2"
    case "$2" in /tmp/ttyarcade-pg-*) rm -rf "$2" ;; esac
    ;;
run)
    shift
    dir=$(start)
    TTY_TEST_PG=$(cat "$dir/conninfo")
    export TTY_TEST_PG
    rc=0
    "$@" || rc=$?
    pg_down "$dir"
    rm -rf "$dir"
    exit $rc
    ;;
*)
    echo "usage: pgtmp.sh start | stop DIR | restart DIR | remove DIR | run CMD..." >&2
    exit 2
    ;;
esac
