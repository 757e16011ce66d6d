/*
 * store_pg_lobby.c - the two-player lobby every server shares: one seat
 * per key in the lobby table.
 *
 * No explicit transaction and no lock: each step is one statement, and
 * the seat's UNIQUE key settles every race.  Two players meeting at once
 * either both try to claim (at most one DELETE returns the row), or both
 * find no seat and try to take it (one INSERT wins, the other conflicts
 * and goes round again to claim what the winner just took).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>

#include "store_pg.h"

/* The seat a statement returned (1), none (0) or its failure (-1); the
 * result is cleared. */
static int pg_seat_of(PGresult *r, store_lobby_seat *seat)
{
    int rc = !pg_ok(r) ? -1 : PQntuples(r) == 1;
    if (rc == 1) {
        seat->id = strtol(PQgetvalue(r, 0, 0), NULL, 10);
        pg_copy(seat->server, sizeof seat->server, r, 0, 1);
        seat->session = strtol(PQgetvalue(r, 0, 2), NULL, 10);
    }
    PQclear(r);
    return rc;
}

int pg_lobby_meet(store *base, const char *key, const char *server,
                  long session, long now, long since, store_lobby_seat *seat)
{
    pg_store *st = (pg_store *)base;
    /* A few rounds at most: each lost round means another player just
     * took or claimed the seat. */
    for (int round = 0; round < 8; round++) {
        int rc = pg_seat_of(pg_query(st, 0,
                                     "DELETE FROM lobby WHERE key = $1 AND "
                                     "seen >= $2 RETURNING id, server, "
                                     "session", "ti", key, since), seat);
        if (rc != 0)
            return rc < 0 ? STORE_ERROR : STORE_OK;
        /* No live seat: take it, replacing one whose server stopped
         * beating (a new id, so a late request for the old one is
         * refused). */
        rc = pg_seat_of(pg_query(st, 0,
                                 "INSERT INTO lobby(key, server, session, "
                                 "seen) VALUES($1, $2, $3, $4) ON "
                                 "CONFLICT(key) DO UPDATE SET id = "
                                 "nextval('lobby_id_seq'), server = "
                                 "EXCLUDED.server, session = "
                                 "EXCLUDED.session, seen = EXCLUDED.seen "
                                 "WHERE lobby.seen < $5 RETURNING id, "
                                 "server, session", "ttiii", key, server,
                                 session, now, since), seat);
        if (rc != 0)
            return rc < 0 ? STORE_ERROR : STORE_NOTFOUND;
    }
    snprintf(store_why, sizeof store_why,
             "the lobby seat kept changing hands");
    return STORE_ERROR;
}

int pg_lobby_leave(store *base, long id)
{
    return pg_change((pg_store *)base, "DELETE FROM lobby WHERE id = $1",
                     "i", id);
}

int pg_lobby_beat(store *base, const char *server, long now, long since,
                  int fresh)
{
    pg_store *st = (pg_store *)base;
    int rc = pg_change(st,
                       "DELETE FROM lobby WHERE seen < $1 OR "
                       "(server = $2 AND $3::integer = 1)", "iti", since,
                       server, (long)(fresh != 0));
    if (rc == STORE_ERROR)
        return rc;
    rc = pg_change(st, "UPDATE lobby SET seen = $1 WHERE server = $2", "it",
                   now, server);
    return rc == STORE_NOTFOUND ? STORE_OK : rc;
}

const char *pg_uri(const store *base)
{
    return ((const pg_store *)base)->conninfo;
}
