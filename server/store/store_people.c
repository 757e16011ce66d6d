/*
 * store_people.c - settings, messages, blocks, ratings, results and last
 * seen (store_people.h), written once in the SQL both engines read
 * (store_sql.h); the tables are schema version 7's.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "store_people.h"
#include "store_sql.h"

#define ARGS(...) ((const store_arg[]){ __VA_ARGS__ })
#define NARGS(...) ((int)(sizeof ARGS(__VA_ARGS__) / sizeof(store_arg)))
/* One statement's parameters, counted: SQL(sql, STORE_T(a), ...). */
#define SQL_EXEC(st, sql, ...) \
    store_sql_exec(st, sql, ARGS(__VA_ARGS__), NARGS(__VA_ARGS__))
#define SQL_ROWS(st, sql, fn, arg, ...) \
    store_sql_rows(st, sql, ARGS(__VA_ARGS__), NARGS(__VA_ARGS__), fn, arg)

static void people_copy(char *out, size_t size, const store_row *r, int col)
{
    snprintf(out, size, "%s", store_row_text(r, col));
}

/* The first column of the first row, as text, into the buffer arg. */
typedef struct people_text {
    char *out;
    size_t size;
} people_text;

static int people_first_text(void *arg, const store_row *r)
{
    people_text *t = arg;
    people_copy(t->out, t->size, r, 0);
    return 1;
}

static int people_first_long(void *arg, const store_row *r)
{
    *(long *)arg = store_row_long(r, 0);
    return 1;
}

/* ---- settings ------------------------------------------------------- */

int store_setting_get(store *st, const char *account, const char *key,
                      char value[STORE_SETTING_SIZE])
{
    people_text t = { value, STORE_SETTING_SIZE };
    int n = SQL_ROWS(st, "SELECT value FROM settings WHERE account = $1 AND "
                         "key = $2", people_first_text, &t,
                     STORE_T(account), STORE_T(key));
    return n < 0 ? TTY_FAILED : n ? TTY_OK : TTY_NOTFOUND;
}

int store_setting_set(store *st, const char *account, const char *key,
                      const char *value)
{
    int rc;
    if (!value)
        rc = SQL_EXEC(st, "DELETE FROM settings WHERE account = $1 AND "
                          "key = $2", STORE_T(account), STORE_T(key));
    else
        rc = SQL_EXEC(st, "INSERT INTO settings(account, key, value) "
                          "VALUES($1, $2, $3) ON CONFLICT(account, key) DO "
                          "UPDATE SET value = excluded.value",
                      STORE_T(account), STORE_T(key), STORE_T(value));
    return rc == TTY_NOTFOUND ? TTY_OK : rc;
}

/* ---- messages ------------------------------------------------------- */

long store_msg_add(store *st, const char *recipient, const char *sender,
                   const char *sender_acct, const char *body, long sent)
{
    long id = -1;
    int n = SQL_ROWS(st, "INSERT INTO messages(recipient, sender, "
                         "sender_acct, body, sent) VALUES($1, $2, $3, $4, "
                         "$5) RETURNING id", people_first_long, &id,
                     STORE_T(recipient), STORE_T(sender),
                     STORE_T(sender_acct ? sender_acct : ""), STORE_T(body),
                     STORE_I(sent));
    return n == 1 ? id : TTY_FAILED;
}

typedef struct people_msgs {
    store_msg *rows;
    int n, max;
} people_msgs;

static int people_msg_row(void *arg, const store_row *r)
{
    people_msgs *m = arg;
    store_msg *row = &m->rows[m->n++];
    row->id = store_row_long(r, 0);
    people_copy(row->sender, sizeof row->sender, r, 1);
    people_copy(row->sender_acct, sizeof row->sender_acct, r, 2);
    people_copy(row->body, sizeof row->body, r, 3);
    row->sent = store_row_long(r, 4);
    row->seen = (int)store_row_long(r, 5);
    return m->n >= m->max;
}

int store_msg_list(store *st, const char *recipient, int unseen_only,
                   store_msg *rows, int n)
{
    people_msgs m = { rows, 0, n };
    /* the latest n, put back in the order they were sent */
    int rc = SQL_ROWS(st, unseen_only
                              ? "SELECT id, sender, sender_acct, body, sent, "
                                "seen FROM messages WHERE recipient = $1 AND "
                                "seen = 0 ORDER BY id LIMIT $2"
                              : "SELECT * FROM (SELECT id, sender, "
                                "sender_acct, body, sent, seen FROM messages "
                                "WHERE recipient = $1 ORDER BY id DESC LIMIT "
                                "$2) AS latest ORDER BY id",
                      people_msg_row, &m, STORE_T(recipient), STORE_I(n));
    return rc < 0 ? rc : m.n;
}

int store_msg_unseen(store *st, const char *recipient)
{
    long count = 0;
    int rc = SQL_ROWS(st, "SELECT count(*) FROM messages WHERE recipient = "
                          "$1 AND seen = 0", people_first_long, &count,
                      STORE_T(recipient));
    return rc < 0 ? rc : (int)count;
}

int store_msg_seen(store *st, const char *recipient, long upto)
{
    int rc = SQL_EXEC(st, "UPDATE messages SET seen = 1 WHERE recipient = $1 "
                          "AND id <= $2 AND seen = 0", STORE_T(recipient),
                      STORE_I(upto));
    return rc == TTY_NOTFOUND ? TTY_OK : rc;
}

/* ---- blocks --------------------------------------------------------- */

int store_block_set(store *st, const char *account, const char *blocked,
                    int on)
{
    int rc = on ? SQL_EXEC(st, "INSERT INTO blocks(account, blocked) "
                               "VALUES($1, $2) ON CONFLICT(account, blocked) "
                               "DO NOTHING", STORE_T(account),
                           STORE_T(blocked))
                : SQL_EXEC(st, "DELETE FROM blocks WHERE account = $1 AND "
                               "blocked = $2", STORE_T(account),
                           STORE_T(blocked));
    return rc == TTY_NOTFOUND ? TTY_OK : rc;
}

int store_block_has(store *st, const char *account, const char *blocked)
{
    int n = SQL_ROWS(st, "SELECT 1 FROM blocks WHERE account = $1 AND "
                         "blocked = $2", NULL, NULL, STORE_T(account),
                     STORE_T(blocked));
    return n < 0 ? n : n > 0;
}

typedef struct people_names {
    char (*names)[STORE_NAME_SIZE];
    int n, max;
} people_names;

static int people_name_row(void *arg, const store_row *r)
{
    people_names *p = arg;
    people_copy(p->names[p->n++], STORE_NAME_SIZE, r, 0);
    return p->n >= p->max;
}

int store_block_list(store *st, const char *account,
                     char (*names)[STORE_NAME_SIZE], int n)
{
    people_names p = { names, 0, n };
    int rc = SQL_ROWS(st, "SELECT blocked FROM blocks WHERE account = $1 "
                          "ORDER BY blocked", people_name_row, &p,
                      STORE_T(account));
    return rc < 0 ? rc : p.n;
}

/* ---- ratings and results -------------------------------------------- */

static int people_rating_row(void *arg, const store_row *r)
{
    store_rating *out = arg;
    out->rating = store_row_real(r, 0);
    out->experience = (int)store_row_long(r, 1);
    out->played = (int)store_row_long(r, 2);
    out->won = (int)store_row_long(r, 3);
    return 1;
}

int store_rating_get(store *st, const char *account, const char *game,
                     const store_rating *start, store_rating *r)
{
    *r = *start;
    int n = SQL_ROWS(st, "SELECT rating, experience, played, won FROM "
                         "ratings WHERE account = $1 AND game = $2",
                     people_rating_row, r, STORE_T(account), STORE_T(game));
    return n < 0 ? TTY_FAILED : n ? TTY_OK : TTY_NOTFOUND;
}

#define PEOPLE_RATE_SQL \
    "INSERT INTO ratings(account, game, rating, experience, played, won) " \
    "VALUES($1, $2, $3, $4, $5, $6) ON CONFLICT(account, game) DO UPDATE " \
    "SET rating = excluded.rating, experience = excluded.experience, " \
    "played = excluded.played, won = excluded.won"

int store_result_add(store *st, const char *game, const char *winner,
                     const char *loser, int length, const char *how,
                     long at, const store_rating *w, const store_rating *l)
{
    store_arg wa[] = { STORE_T(winner), STORE_T(game), STORE_D(w->rating),
                       STORE_I(w->experience), STORE_I(w->played),
                       STORE_I(w->won) };
    store_arg la[] = { STORE_T(loser), STORE_T(game), STORE_D(l->rating),
                       STORE_I(l->experience), STORE_I(l->played),
                       STORE_I(l->won) };
    store_arg ra[] = { STORE_T(game), STORE_T(winner), STORE_T(loser),
                       STORE_I(length), STORE_T(how), STORE_I(at) };
    store_stmt all[] = {
        { PEOPLE_RATE_SQL, wa, 6 },
        { PEOPLE_RATE_SQL, la, 6 },
        { "INSERT INTO results(game, winner, loser, length, how, at) "
          "VALUES($1, $2, $3, $4, $5, $6)", ra, 6 },
    };
    return store_sql_batch(st, all, 3);
}

typedef struct people_tops {
    store_rating_row *rows;
    int n, max;
} people_tops;

static int people_top_row(void *arg, const store_row *r)
{
    people_tops *t = arg;
    store_rating_row *row = &t->rows[t->n++];
    people_copy(row->account, sizeof row->account, r, 0);
    people_copy(row->name, sizeof row->name, r, 1);
    row->r.rating = store_row_real(r, 2);
    row->r.experience = (int)store_row_long(r, 3);
    row->r.played = (int)store_row_long(r, 4);
    row->r.won = (int)store_row_long(r, 5);
    return t->n >= t->max;
}

int store_rating_top(store *st, const char *game, store_rating_row *rows,
                     int n)
{
    people_tops t = { rows, 0, n };
    int rc = SQL_ROWS(st, "SELECT r.account, a.name, r.rating, "
                          "r.experience, r.played, r.won FROM ratings r JOIN "
                          "accounts a ON a.key = r.account WHERE r.game = $1 "
                          "AND r.played > 0 ORDER BY r.rating DESC, a.name "
                          "LIMIT $2", people_top_row, &t, STORE_T(game),
                      STORE_I(n));
    return rc < 0 ? rc : t.n;
}

typedef struct people_results {
    store_result_row *rows;
    int n, max;
} people_results;

static int people_result_row(void *arg, const store_row *r)
{
    people_results *p = arg;
    store_result_row *row = &p->rows[p->n++];
    people_copy(row->game, sizeof row->game, r, 0);
    people_copy(row->opponent, sizeof row->opponent, r, 1);
    row->won = (int)store_row_long(r, 2);
    row->length = (int)store_row_long(r, 3);
    people_copy(row->how, sizeof row->how, r, 4);
    row->at = store_row_long(r, 5);
    return p->n >= p->max;
}

int store_result_list(store *st, const char *account, store_result_row *rows,
                      int n)
{
    people_results p = { rows, 0, n };
    /* the opponent's name as registered, or the key of one deleted */
    int rc = SQL_ROWS(
        st,
        "SELECT x.game, COALESCE(a.name, x.other), x.won, x.length, x.how, "
        "x.at FROM (SELECT game, loser AS other, CASE WHEN how = 'drawn' "
        "THEN 2 ELSE 1 END AS won, length, how, at, id FROM results WHERE "
        "winner = $1 UNION ALL SELECT game, winner, CASE WHEN how = "
        "'drawn' THEN 2 ELSE 0 END, length, how, at, id FROM results WHERE "
        "loser = $1) AS x LEFT JOIN accounts a ON a.key = x.other ORDER BY "
        "x.at DESC, x.id DESC LIMIT $2",
        people_result_row, &p, STORE_T(account), STORE_I(n));
    return rc < 0 ? rc : p.n;
}

/* ---- presence of an account ----------------------------------------- */

int store_seen_set(store *st, const char *account, long at)
{
    return SQL_EXEC(st, "UPDATE accounts SET seen = $1 WHERE key = $2",
                    STORE_I(at), STORE_T(account));
}

typedef struct people_info {
    char *name;
    long *created, *seen;
} people_info;

static int people_info_row(void *arg, const store_row *r)
{
    people_info *i = arg;
    people_copy(i->name, STORE_NAME_SIZE, r, 0);
    *i->created = store_row_long(r, 1);
    *i->seen = store_row_long(r, 2);
    return 1;
}

int store_acct_info(store *st, const char *account,
                    char name[STORE_NAME_SIZE], long *created, long *seen)
{
    people_info i = { name, created, seen };
    int n = SQL_ROWS(st, "SELECT name, created, seen FROM accounts WHERE key "
                         "= $1", people_info_row, &i, STORE_T(account));
    return n < 0 ? TTY_FAILED : n ? TTY_OK : TTY_NOTFOUND;
}

int store_people_forget(store *st, const char *account)
{
    store_arg a[] = { STORE_T(account) };
    store_stmt all[] = {
        { "DELETE FROM settings WHERE account = $1", a, 1 },
        { "DELETE FROM messages WHERE recipient = $1", a, 1 },
        { "DELETE FROM blocks WHERE account = $1", a, 1 },
        { "DELETE FROM ratings WHERE account = $1", a, 1 },
    };
    return store_sql_batch(st, all, 4);
}
