/*
 * menu_watch.c - WHO IS ON, watching a player, WATCHING: ALLOWED or
 * FORBIDDEN, and PLAY BACK A RECORDING.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "acct.h"
#include "menu_watch.h"
#include "presence.h"
#include "rating.h"
#include "registry.h"
#include "rec.h"
#include "rec_public.h"
#include "replay.h"
#include "srv.h"
#include "store_main.h"
#include "watch.h"
#include "who.h"

#define MW_LIST 40              /* players listed at most */
#define MW_RECS 9               /* own recordings offered at most */
#define MW_BEST 6               /* and behind the hall of fame */
#define MW_BEST_READ 4          /* read of a board, to find one to show */

void menu_watch_show(sess *s)
{
    tty_msg(s, "   O  WHO IS ON (AND WATCH A GAME)\n");
    tty_printf(s, "   V  WATCHING YOUR GAMES: %s\n",
               watch_forbidden(s) ? "FORBIDDEN" : "ALLOWED");
    tty_msg(s, "   P  PLAY BACK A RECORDING\n");
}

/* t is still a live session (a pointer kept across a wait may not be). */
static int menu_watch_live(const sess *t)
{
    for (sess *o = sess_first(); o; o = o->all_next)
        if (o == t)
            return !o->closed;
    return 0;
}

void menu_watch_player(sess *s, sess *t)
{
    char why[160];
    if (watch_refusal(s, t, why, sizeof why)) {
        tty_printf(s, "%s\n", why);
        return;
    }
    /* The name as the list shows it: never a control character. */
    char name[SESS_NAME + 1];
    size_t j = 0;
    for (const char *p = t->name; *p && j < SESS_NAME; p++)
        name[j++] = *p >= 0x20 && *p < 0x7f ? *p : '?';
    name[j] = 0;
    tty_printf(s, "WATCHING %s: Q OR ESCAPE STOPS.\n", name);
    tty_drain(s);
    /* A screen is redrawn whole as the player has it, and nothing may be
     * drawn over it (the watcher's screen is the player's): the line is
     * left to be read for a moment first. */
    if (s->caps.ansi && tty_sleep(s, 1500) == TTY_EOF)
        return;
    /* The player may have gone (or changed something) meanwhile. */
    if (!menu_watch_live(t)) {
        tty_msg(s, "THAT PLAYER HAS GONE.\n");
        return;
    }
    if (watch_refusal(s, t, why, sizeof why)) {
        tty_printf(s, "%s\n", why);
        return;
    }
    watch_seat seat = { 0 };
    const char *ended = watch_follow(&seat, s, t);
    if (s->eof)
        return;
    /* The watched screen is not the menu's: a clean one for it. */
    if (s->caps.ansi)
        tty_msg(s, "\033[r\033[0m\033[?25h\033[H\033[2J");
    tty_printf(s, "\n%s\n", ended ? ended : "YOU STOPPED WATCHING.");
    tty_flush_input(s);
}

/* A player on another server sharing the database: listed, but the
 * bytes of their game are on that server, so not watchable from here. */
static void menu_who_other(void *arg, const store_presence_row *r)
{
    char line[160];
    who_remote_public_line(r, line, sizeof line);
    tty_printf((sess *)arg, "    %s\n", line);
}

/* The ratings of those the list will show (the first MW_LIST listed,
 * oldest first) who play a rated game with an account (rating_ask_of):
 * how many were asked for (asks holds MW_LIST).  Read before the list is
 * printed, since the store is read off the loop thread and the list must
 * be of who is on after that wait. */
static int menu_who_ratings(rating_ask *asks)
{
    int n = 0, listed = 0;
    for (sess *o = sess_last(); o && listed < MW_LIST;
         o = o->all_prev) {
        if (!who_listed(o))
            continue;
        listed++;
        n += rating_ask_of(o, &asks[n]);
    }
    return n && rating_lookup(asks, n) == TTY_OK ? n : 0;
}

/* o's rating at the game it plays, as the list shows it: what was read
 * for its account and game, if it still plays that game. */
static void menu_who_rating(const rating_ask *asks, int n, const sess *o,
                            char out[RATING_SHOWN])
{
    rating_ask mine;
    rating_show(NULL, out);
    if (!rating_ask_of(o, &mine))
        return;
    for (int i = 0; i < n; i++)
        if (strcmp(asks[i].key, mine.key) == 0 &&
            strcmp(asks[i].game, mine.game) == 0) {
            rating_show(&asks[i], out);
            return;
        }
}

static void menu_who(sess *s)
{
    sess *list[MW_LIST];
    int n = 0, more = 0;
    char line[160], rating[RATING_SHOWN];
    rating_ask *asks = calloc(MW_LIST, sizeof *asks);
    int nasks = asks ? menu_who_ratings(asks) : 0;
    tty_printf(s, "\n    %s\n", who_public_header());
    for (sess *o = sess_last(); o; o = o->all_prev) {
        if (!who_listed(o))
            continue;
        if (n == MW_LIST) {
            more++;
            continue;
        }
        list[n++] = o;
        menu_who_rating(asks, nasks, o, rating);
        who_public_line(o, rating, line, sizeof line);
        tty_printf(s, "%3d %s%s\n", n, line, o == s ? "  (YOU)" : "");
    }
    free(asks);
    if (more)
        tty_printf(s, "    ... AND %d MORE (TYPE A NAME)\n", more);
    presence_each(menu_who_other, s);
    tty_msg(s, "WATCH WHOM (A NUMBER OR A NAME; RETURN: BACK TO THE MENU)? ");
    char typed[SESS_NAME + 8];
    if (tty_getline(s, typed, sizeof typed, 0) <= 0)
        return;
    sess *t = NULL;
    if (isdigit((unsigned char)typed[0])) {
        int k = atoi(typed);
        /* The list is from a moment ago: the one chosen must still be on. */
        if (k >= 1 && k <= n && menu_watch_live(list[k - 1]))
            t = list[k - 1];
    } else {
        /* Names need not be unique (GUEST): someone else's, one playing
         * first. */
        for (sess *o = sess_first(); o; o = o->all_next) {
            if (o == s || !who_listed(o) || strcasecmp(o->name, typed) != 0)
                continue;
            if (!t || (o->playing && !t->playing))
                t = o;
        }
    }
    if (!t && !isdigit((unsigned char)typed[0]) && presence_has(typed)) {
        tty_msg(s, "THAT PLAYER IS ON ANOTHER SERVER: A GAME CAN BE WATCHED "
                   "ONLY FROM THE SERVER IT IS PLAYED ON.\n");
        return;
    }
    if (!t) {
        tty_msg(s, "NOBODY BY THAT NUMBER OR NAME IS ON.\n");
        return;
    }
    menu_watch_player(s, t);
}

static void menu_forbid(sess *s)
{
    int forbid = !watch_forbidden(s);
    watch_set_forbidden(s, forbid);
    tty_msg(s, forbid ? "NOBODY MAY WATCH YOUR GAMES NOW.\n"
                      : "OTHERS MAY WATCH YOUR GAMES NOW.\n");
}

/* ---- play back ------------------------------------------------------ */

typedef struct mw_recs {
    const char *player;
    store_rec_row rows[MW_RECS + MW_BEST];
    int n, own;
    /* the one chosen, read on a worker */
    int pick;
    replay r;
    int rc;
    char err[96];
} mw_recs;

static void mw_collect(void *arg, const store_rec_row *r)
{
    mw_recs *q = arg;
    /* Recordings of hidden-information games are not offered: a side's
     * pieces would show to whoever types that player's name. */
    if (q->n < MW_RECS && !watch_game_hides(r->game) &&
        strcmp(r->result, "playing") != 0)
        q->rows[q->n++] = *r;
}

static void mw_collect_best(void *arg, const store_rec_row *r)
{
    mw_recs *q = arg;
    for (int i = 0; i < q->n; i++)
        if (q->rows[i].id == r->id)
            return;
    if (q->n < MW_RECS + MW_BEST)
        q->rows[q->n++] = *r;       /* one is kept: mw_keep_first_public */
}

/* Of the rows read from `from` on, the first others may see
 * (rec_public.h), as the web's /recordings shows them: not a hiding
 * game's, nor one made while its player forbade watching, nor of an
 * account that forbids it now.  The rest are dropped. */
static void mw_keep_first_public(mw_recs *q, int from, rec_public_memo *memo)
{
    int kept = from;
    for (int i = from; i < q->n && kept == from; i++)
        if (rec_public(store_main, &q->rows[i], memo) == 1)
            q->rows[kept++] = q->rows[i];
    q->n = kept;
}

static void mw_list_run(void *arg, const volatile int *cancel)
{
    mw_recs *q = arg;
    (void)cancel;
    store_rec_list(store_main, q->player, 0, 50, mw_collect, q);
    q->own = q->n;
    /* The best single entry of each board that may be shown: the first
     * of a few read. */
    rec_public_memo memo = { 0 };
    for (int i = 0; tty_games[i]; i++) {
        const tty_hof_metric *m = tty_games[i]->hof;
        for (; m && m->metric; m++)
            if (m->rank == TTY_HOF_MAX || m->rank == TTY_HOF_MIN) {
                int from = q->n;
                store_rec_best(store_main, tty_games[i]->name, m->metric,
                               m->rank == TTY_HOF_MIN, MW_BEST_READ,
                               mw_collect_best, q);
                mw_keep_first_public(q, from, &memo);
            }
    }
}

static void mw_load_run(void *arg, const volatile int *cancel)
{
    mw_recs *q = arg;
    (void)cancel;
    char path[4096];
    snprintf(path, sizeof path, "%s/recordings/%s", rec_dir(),
             q->rows[q->pick].file);
    q->rc = replay_load(&q->r, path, q->err, sizeof q->err);
}

static void menu_playback(sess *s)
{
    if (!store_main || !rec_dir()) {
        tty_msg(s, "(NO DATA DIRECTORY: NOTHING IS RECORDED)\n");
        return;
    }
    mw_recs *q = calloc(1, sizeof *q);
    if (!q)
        return;
    q->player = s->name;
    tty_work(s, mw_list_run, q);
    if (q->n == 0) {
        tty_printf(s, "NO RECORDINGS OF GAMES BY %s YET, NOR BEHIND THE HALL "
                      "OF FAME.\n", s->name);
        free(q);
        return;
    }
    for (int i = 0; i < q->n; i++) {
        store_rec_row *r = &q->rows[i];
        if (i == 0 && q->own)
            tty_msg(s, "\nYOUR RECENT GAMES:\n");
        if (i == q->own)
            tty_msg(s, "\nBEST GAMES IN THE HALL OF FAME:\n");
        char when[32];
        time_t t = (time_t)r->start;
        struct tm tm;
        gmtime_r(&t, &tm);
        strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
        char game[24], who[SESS_NAME + 1];
        size_t k = 0;
        for (; r->game[k] && k < sizeof game - 1; k++)
            game[k] = (char)toupper((unsigned char)r->game[k]);
        game[k] = 0;
        /* Names shown to others: printable only. */
        acct_text_show(r->player, who, sizeof who);
        tty_printf(s, " %2d  %-12s %s UTC  %3ldM%02ldS  %-6s%s%s\n", i + 1,
                   game, when, r->duration_ms / 60000,
                   r->duration_ms / 1000 % 60, r->term,
                   i >= q->own ? "  " : "", i >= q->own ? who : "");
    }
    tty_msg(s, "PLAY WHICH (RETURN: BACK TO THE MENU)? ");
    char line[16];
    int n = tty_getline(s, line, sizeof line, 0);
    int k = n > 0 ? atoi(line) : 0;
    if (k < 1 || k > q->n) {
        if (n > 0)
            tty_msg(s, "THERE IS NO SUCH RECORDING IN THE LIST.\n");
        free(q);
        return;
    }
    q->pick = k - 1;
    store_rec_row *row = &q->rows[q->pick];
    tty_work(s, mw_load_run, q);
    if (q->rc != 0) {
        tty_printf(s, "%s\n", q->err);
        free(q);
        return;
    }
    /* The largest the player's screen became, resizes and all. */
    if (strcmp(row->term, "ansi") == 0 &&
        (!s->caps.ansi || s->caps.width < q->r.max_width ||
         s->caps.height < q->r.max_height)) {
        tty_printf(s, "THAT GAME WAS PLAYED ON AN ANSI SCREEN OF UP TO "
                      "%dX%d: PLAY IT BACK ON ONE AT LEAST AS LARGE (T: "
                      "TERMINAL).\n", q->r.max_width, q->r.max_height);
        replay_free(&q->r);
        free(q);
        return;
    }
    tty_msg(s, "SPACE PAUSES, F PLAYS FASTER, N AT ITS OWN SPEED, Q STOPS.\n");
    tty_drain(s);
    int rc = replay_play(s, &q->r);
    replay_free(&q->r);
    free(q);
    if (rc == TTY_EOF)
        return;
    /* The last screen stays; the menu goes on below it. */
    if (s->caps.ansi)
        tty_printf(s, "\033[r\033[0m\033[?25h\033[%d;1H", s->caps.height);
    tty_msg(s, "\nEND OF THE RECORDING.\n");
    tty_flush_input(s);
}

int menu_watch_choice(sess *s, int letter)
{
    switch (toupper(letter)) {
    case 'O': menu_who(s); return 1;
    case 'V': menu_forbid(s); return 1;
    case 'P': menu_playback(s); return 1;
    }
    return 0;
}
