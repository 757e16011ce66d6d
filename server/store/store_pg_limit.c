/*
 * store_pg_limit.c - the limits' counts every server shares (schema
 * version 6's limits table).
 *
 * No explicit transaction: an event takes the first slot of its key below
 * max that is free or whose time is up, in one statement, and the key's
 * PRIMARY KEY settles a race as it does for the lobby's seats: of two
 * servers taking the same slot at once, one inserts and the other, seeing
 * the slot now in force, takes nothing and goes round again.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>

#include "store_pg.h"

int pg_limit_add(store *base, const char *kind, const char *key, long now,
                 long until, int max)
{
    pg_store *st = (pg_store *)base;
    /* Rows whose time is up go first, for every key. */
    if (pg_change(st, "DELETE FROM limits WHERE until <= $1", "i", now) ==
        STORE_ERROR)
        return STORE_ERROR;
    for (int round = 0; round < max + 2; round++) {
        PGresult *r = pg_query(
            st, 0,
            "WITH live AS (SELECT count(*) AS n FROM limits WHERE kind = $1 "
            "AND key = $2 AND until > $3), pick AS (SELECT s FROM "
            "generate_series(0, $5::integer - 1) s WHERE NOT EXISTS (SELECT "
            "1 FROM limits WHERE kind = $1 AND key = $2 AND slot = s AND "
            "until > $3) ORDER BY s LIMIT 1), put AS (INSERT INTO "
            "limits(kind, key, slot, until) SELECT $1, $2, s, $4 FROM pick "
            "ON CONFLICT(kind, key, slot) DO UPDATE SET until = "
            "EXCLUDED.until WHERE limits.until <= $3 RETURNING slot) "
            "SELECT (SELECT n FROM live), (SELECT count(*) FROM pick), "
            "(SELECT count(*) FROM put)",
            "ttiii", kind, key, now, until, (long)max);
        if (!pg_ok(r)) {
            PQclear(r);
            return STORE_ERROR;
        }
        long live = strtol(PQgetvalue(r, 0, 0), NULL, 10);
        long picked = strtol(PQgetvalue(r, 0, 1), NULL, 10);
        long put = strtol(PQgetvalue(r, 0, 2), NULL, 10);
        PQclear(r);
        if (put)
            return (int)live;
        if (!picked || live >= max)
            return max;         /* every slot is in force */
        /* Another server took the slot meanwhile: look again. */
    }
    return max;
}

int pg_limit_count(store *base, const char *kind, const char *key, long now)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT count(*) FROM limits WHERE kind = $1 AND "
                           "key = $2 AND until > $3", "tti", kind, key, now);
    int rc = STORE_ERROR;
    if (pg_ok(r) && PQntuples(r) == 1)
        rc = (int)strtol(PQgetvalue(r, 0, 0), NULL, 10);
    PQclear(r);
    return rc;
}

int pg_limit_clear(store *base, const char *kind, const char *key)
{
    int rc = kind ? pg_change((pg_store *)base, "DELETE FROM limits WHERE "
                              "kind = $1 AND key = $2", "tt", kind, key)
                  : pg_change((pg_store *)base, "DELETE FROM limits WHERE "
                              "key = $1", "t", key);
    return rc == STORE_NOTFOUND ? STORE_OK : rc;
}
