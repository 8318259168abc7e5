# postgres/cluster.sh: a throwaway PostgreSQL cluster, sourced by run_tests.sh, bench.sh, load.sh.
#   cluster_install  puts the extension into the server's directories (make install; as
#                    root directly, else with sudo when it may, else says what to run)
#   cluster_start    initdb in a temporary folder, the server on 127.0.0.1 at a free port
#                    with its socket in that folder; exports PGHOST, PGPORT, PGUSER
#   cluster_stop     stops the server and removes the folder (also on exit, and on a
#                    hangup, interrupt, broken pipe or termination: traps)
# As root the server runs as the user postgres (initdb refuses root), which owns the folder.
# The server's programs are pg_config --bindir's (Debian: postgresql-15).

PG_CONFIG=${PG_CONFIG:-pg_config}
PG_BINDIR=$("$PG_CONFIG" --bindir)
CLUSTER_DIR=
CLUSTER_LOG=

as_server() {
    if [ "$(id -u)" = 0 ]; then
        if command -v runuser >/dev/null 2>&1; then
            runuser -u postgres -- "$@"
        else
            # shellcheck disable=SC2046
            su postgres -s /bin/sh -c "$(printf "'%s' " "$@")"
        fi
    else
        "$@"
    fi
}

cluster_install() {
    if [ "$(id -u)" = 0 ] || [ -w "$("$PG_CONFIG" --pkglibdir)" ]; then
        make -s install PG_CONFIG="$PG_CONFIG" >/dev/null || return 1
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo make -s install PG_CONFIG="$PG_CONFIG" >/dev/null || return 1
    else
        echo "cannot install the extension into $("$PG_CONFIG" --pkglibdir): run" \
             "'make -C postgres install' as root first" >&2
        return 1
    fi
}

cluster_stop() {
    if [ -n "$CLUSTER_DIR" ] && [ -d "$CLUSTER_DIR" ]; then
        if [ -f "$CLUSTER_DIR/data/postmaster.pid" ]; then
            as_server "$PG_BINDIR/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null 2>&1
        fi
        rm -rf "$CLUSTER_DIR"
    fi
    CLUSTER_DIR=
}

cluster_start() {
    if [ ! -x "$PG_BINDIR/initdb" ]; then
        echo "no initdb in $PG_BINDIR (Debian: apt-get install postgresql-15)" >&2
        return 1
    fi
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
        echo "running as root needs the user postgres (the server refuses root)" >&2
        return 1
    fi
    CLUSTER_DIR=$(mktemp -d "${TMPDIR:-/tmp}/ibidi-pg.XXXXXX") || return 1
    trap cluster_stop EXIT
    trap 'cluster_stop; exit 130' HUP INT PIPE TERM
    [ "$(id -u)" = 0 ] && chown postgres "$CLUSTER_DIR"
    chmod 700 "$CLUSTER_DIR"
    CLUSTER_LOG=$CLUSTER_DIR/server.log
    # UTF-8 (the functions need it), the C locale (the same collation everywhere), trust
    # on the loopback: the folder and the server are this script's alone.
    as_server "$PG_BINDIR/initdb" -D "$CLUSTER_DIR/data" -U postgres -E UTF8 --locale=C \
        --auth=trust >"$CLUSTER_DIR/initdb.log" 2>&1 || {
        cat "$CLUSTER_DIR/initdb.log" >&2
        return 1
    }
    # a free port: try a few from a pseudo-random start; the server says when one is taken
    port=$((20000 + $$ % 20000))
    tries=0
    while :; do
        if as_server "$PG_BINDIR/pg_ctl" -D "$CLUSTER_DIR/data" -l "$CLUSTER_LOG" -w -t 60 \
            -o "-p $port -k $CLUSTER_DIR -c listen_addresses=127.0.0.1 $CLUSTER_OPTS" \
            start >/dev/null 2>&1; then
            break
        fi
        tries=$((tries + 1))
        if [ $tries -ge 10 ]; then
            echo "the server did not start:" >&2
            tail -20 "$CLUSTER_LOG" >&2
            return 1
        fi
        port=$((port + 1))
    done
    PGHOST=127.0.0.1
    PGPORT=$port
    PGUSER=postgres
    export PGHOST PGPORT PGUSER
}
