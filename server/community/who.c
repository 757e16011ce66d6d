/*
 * who.c - describe live sessions for lists shown to people.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "acct.h"
#include "store.h"
#include "watch.h"
#include "who.h"


/* The operator's columns: the session's id (what `admin kick` and
 * `admin say --to` take), the name, the door and the address it came
 * from, what it does, how long since it typed, its terminal, and whom it
 * watches. */
#define WHO_COLUMNS "%-6s %-16s %-7s %-22s %-11s %5s  %-15s %s"
/* The players' columns (who watches, or why not, follows): the name,
 * what it does, its rating at the game it plays, its terminal and how
 * long since it typed.  One space fewer than the operator's before the
 * terminal, so the line of one's own fits a teletype's 72 columns. */
#define WHO_PUBLIC "%-16s %-11s %7s %-15s %5s"

void who_remote_line(const store_presence_row *r, char *out, size_t size)
{
    char name[SESS_NAME + 1], game[32], server[48];
    acct_text_show(r->name, name, sizeof name);
    acct_text_show(r->game, game, sizeof game);
    acct_text_show(r->server, server + 3, sizeof server - 3);
    memcpy(server, "on ", 3);
    snprintf(out, size, WHO_COLUMNS, "-", name, "-", server, game, "-", "-",
             "-");
}

const char *who_header(void)
{
    return "ID     NAME             DOOR    ADDRESS                GAME"
           "         IDLE  TERMINAL        WATCHES";
}

/* The columns players and the operator share. */
static void who_common(const sess *s, char *name, char *term, char *idle)
{
    acct_text_show(s->name[0] ? s->name : "?", name, SESS_NAME + 1);
    if (s->caps.baud)
        snprintf(term, 32, "%s %d baud", s->prof->name, s->caps.baud);
    else if (s->caps.ansi)
        snprintf(term, 32, "%s %dx%d", s->prof->name, s->caps.width,
                 s->caps.height);
    else
        snprintf(term, 32, "%s", s->prof->name);
    uint64_t secs = (sess_now_ms() - s->input_ms) / 1000;
    if (secs < 60)
        snprintf(idle, 16, "%us", (unsigned)secs);
    else if (secs < 3600)
        snprintf(idle, 16, "%um", (unsigned)(secs / 60));
    else
        snprintf(idle, 16, "%uh", (unsigned)(secs / 3600));
}

static const char *who_doing(const sess *s)
{
    if (s->tap && s->tap->watching)
        return "(watching)";
    return s->playing && s->game ? s->game : "(menu)";
}

void who_line(const sess *s, char *out, size_t size)
{
    char name[SESS_NAME + 1], term[32], idle[16], id[24], whom[48] = "-";
    who_common(s, name, term, idle);
    snprintf(id, sizeof id, "%llu", (unsigned long long)s->id);
    const sess *t = s->tap && s->tap->watching ? s->tap->watching->target
                                               : NULL;
    if (t) {
        char tname[SESS_NAME + 1];
        acct_text_show(t->name, tname, sizeof tname);
        snprintf(whom, sizeof whom, "%llu %s", (unsigned long long)t->id,
                 tname);
    }
    snprintf(out, size, WHO_COLUMNS, id, name, s->ops->name, s->peer,
             who_doing(s), idle, term, whom);
}

void who_remote_public_line(const store_presence_row *r, char *out,
                            size_t size)
{
    char name[SESS_NAME + 1], game[32];
    acct_text_show(r->name, name, sizeof name);
    acct_text_show(r->game, game, sizeof game);
    snprintf(out, size, WHO_PUBLIC "  (ANOTHER SERVER)", name, game, "-",
             "-", "-");
}

const char *who_public_header(void)
{
    return "NAME             GAME         RATING TERMINAL        IDLE  "
           "WATCHED BY";
}

/* "  WATCHING ANN" for a session that watches someone, else "". */
static void who_watches(const sess *s, char *out, size_t size)
{
    const watch_seat *w = s->tap ? s->tap->watching : NULL;
    out[0] = 0;
    if (w && w->target) {
        char name[SESS_NAME + 1];
        acct_text_show(w->target->name[0] ? w->target->name : "?", name,
                       sizeof name);
        snprintf(out, size, "  WATCHING %s", name);
    }
}

void who_public_line(const sess *s, const char *rating, char *out,
                     size_t size)
{
    char name[SESS_NAME + 1], term[32], idle[16], whom[40];
    who_common(s, name, term, idle);
    who_watches(s, whom, sizeof whom);
    if (watch_forbidden(s))
        snprintf(out, size, WHO_PUBLIC "  (NOT WATCHABLE)%s", name,
                 who_doing(s), rating, term, idle, whom);
    else
        snprintf(out, size, WHO_PUBLIC "  %d%s", name, who_doing(s), rating,
                 term, idle, watch_count(s), whom);
}

int who_listed(const sess *s)
{
    /* A line lent to a seat of a two-player game (sess_seat.h) is listed
     * as the seat: its player once, in the game. */
    return !s->closed && !s->eof && s->co && !s->far && !s->seat &&
           !(s->tap && s->tap->onlooker);
}

int who_find(const char *name, sess **found, int max)
{
    int n = 0;
    for (int listed = 1; listed >= 0; listed--)
        for (sess *s = sess_first(); s; s = s->all_next)
            if (!s->closed && !s->eof && !s->far &&
                who_listed(s) == listed &&
                strcasecmp(s->name, name) == 0) {
                if (n < max)
                    found[n] = s;
                n++;
            }
    return n;
}

sess *who_by_id(uint64_t id)
{
    for (sess *s = sess_id_chain(id); s; s = s->id_next)
        if (s->id == id && !s->closed && !s->eof && !s->far)
            return s;
    return NULL;
}
