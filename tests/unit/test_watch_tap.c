/*
 * test_watch_tap.c - the tap on a session's output, with a watcher on
 * the in-memory line and a player on a line of the test's own: the
 * watcher gets what the player gets, after it; a watcher that stops
 * reading costs the player nothing (its queue stays bounded and it is
 * marked behind) and is brought back with a redraw once its line
 * drains; a game that hides pieces ends the watch before its first
 * byte; a resume code never reaches the watcher; a player's screen grown
 * past the watcher's ends the watch, unless the watcher's screen follows
 * the player's (a browser's), which is told each size in the stream.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "memline.h"
#include "profile.h"
#include "sess.h"
#include "testutil.h"
#include "watch.h"

/* The player's line: everything sent to it, never a backlog. */
static buf player_got;
static int player_sends;

static void pl_send(sess *s, const char *p, size_t n)
{
    (void)s;
    buf_add(&player_got, p, n);
    player_sends++;
}
static size_t pl_backlog(sess *s)
{
    (void)s;
    return 0;
}
static void pl_close(sess *s)
{
    sess_unref(s);
}
static const sess_ops pl_ops = {
    .name = "test",
    .send = pl_send,
    .backlog = pl_backlog,
    .close = pl_close,
};

static sess *player_new(const char *profile)
{
    buf_free(&player_got);
    player_sends = 0;
    sess *p = sess_new(&pl_ops, NULL, "test:1", profile_find(profile));
    snprintf(p->name, sizeof p->name, "ANN");
    return p;
}

static void player_says(sess *p, const char *text)
{
    sess_emit(p, text, strlen(text));
    sess_flush(p);
}

static void player_gone(sess *p)
{
    p->closed = 1;
    sess_unref(p);
}

/* ---- the watcher sees what the player sees, after it ---------------- */

static void watch_basic(tty_io *io, void *ctx)
{
    (void)ctx;
    sess *p = player_new("glass");
    player_says(p, "WANT A NEW WORD? ");
    watch_seat seat;
    char why[128];
    ck_assert_ptr_null(watch_refusal(io, p, why, sizeof why));
    watch_join(&seat, io, p);
    ck_assert_int_eq(watch_count(p), 1);
    /* the player was told, on a line of its own, the prompt again */
    static const char told[] = "WANT A NEW WORD? \r\n*** 1 WATCHING (V IN "
                               "THE MENU FORBIDS IT) ***\r\nWANT A NEW "
                               "WORD? ";
    ck_assert_ptr_nonnull(memmem(buf_data(&player_got),
                                 buf_avail(&player_got), told,
                                 sizeof told - 1));
    player_says(p, "Y\r\nGUESS A LETTER: ");
    /* forbidding ends the watch, with the reason */
    watch_set_forbidden(p, 1);
    ck_assert_ptr_null(seat.target);
    ck_assert_str_eq(seat.why, "THE PLAYER HAS FORBIDDEN WATCHING.");
    ck_assert_int_eq(watch_count(p), 0);
    ck_assert_str_eq(watch_refusal(io, p, why, sizeof why),
                     "THAT PLAYER DOES NOT WANT TO BE WATCHED.");
    watch_leave(&seat);
    player_gone(p);
    tty_msg(io, "|END");
}

START_TEST(watcher_gets_the_players_bytes)
{
    memline_opts o = { .run = watch_basic };
    char *out = tu_run(&o, "");
    ck_assert_ptr_nonnull(out);
    /* the page so far, then the live bytes, in order; the player's
     * notice is the player's alone */
    char *a = strstr(out, "WANT A NEW WORD? ");
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_null(strstr(out, "WATCHING"));
    char *c = strstr(a, "Y\r\nGUESS A LETTER: ");
    ck_assert_ptr_nonnull(c);
    ck_assert_ptr_nonnull(strstr(c, "|END"));
    free(out);
}
END_TEST

/* ---- a watcher that stops reading ----------------------------------- */

static int stuck_checked;

static void watch_stuck(tty_io *io, void *ctx)
{
    (void)ctx;
    sess *p = player_new("glass");
    watch_seat seat;
    watch_join(&seat, io, p);
    char line[1024];
    memset(line, 'X', sizeof line - 2);
    line[sizeof line - 2] = '\n';
    line[sizeof line - 1] = 0;
    size_t sent = 0;
    for (int i = 0; i < 300; i++) {
        player_says(p, line);
        sent += sizeof line - 1;
    }
    /* the player got every byte (and the \n as CR LF) */
    ck_assert_uint_ge(buf_avail(&player_got), sent);
    /* the watcher's queue stayed bounded, and it is behind */
    ck_assert(seat.behind);
    ck_assert_uint_le(sess_backlog(io), WATCH_QMAX + 2 * sizeof line);
    ck_assert_ptr_eq(seat.target, p);
    /* still behind: no redraw while its line is full */
    ck_assert_int_eq(watch_catch_up(&seat), 0);
    watch_leave(&seat);
    player_gone(p);
    stuck_checked = 1;
}

START_TEST(a_stuck_watcher_costs_the_player_nothing)
{
    memline_opts o = { .run = watch_stuck, .stuck = 1 };
    stuck_checked = 0;
    char *out = tu_run(&o, "");
    free(out);
    ck_assert_int_eq(stuck_checked, 1);
}
END_TEST

/* Behind, then drained: the redraw brings the watcher to the player's
 * screen (here the last page of glass). */
static void watch_catch(tty_io *io, void *ctx)
{
    (void)ctx;
    sess *p = player_new("glass");
    player_says(p, "LINE ONE\nLINE TWO\n");
    watch_seat seat;
    watch_join(&seat, io, p);
    tty_msg(io, "|MISSED|");
    seat.behind = 1;            /* as if its queue had filled */
    player_says(p, "LINE THREE NOT SENT\n");
    ck_assert_int_eq(watch_catch_up(&seat), 1);
    ck_assert(!seat.behind);
    player_says(p, "LINE FOUR\n");
    watch_leave(&seat);
    player_gone(p);
}

START_TEST(a_drained_watcher_is_redrawn)
{
    memline_opts o = { .run = watch_catch };
    char *out = tu_run(&o, "");
    char *m = strstr(out, "|MISSED|");
    ck_assert_ptr_nonnull(m);
    /* after the gap: the page again, with what was missed, then live */
    char *r = strstr(m, "LINE ONE\r\nLINE TWO\r\n");
    ck_assert_ptr_nonnull(r);
    char *t = strstr(r, "LINE THREE NOT SENT\r\n");
    ck_assert_ptr_nonnull(t);
    ck_assert_ptr_nonnull(strstr(t, "LINE FOUR\r\n"));
    /* the missed line came only with the redraw */
    ck_assert_int_eq(tu_count(m, "LINE THREE"), 1);
    free(out);
}
END_TEST

/* ---- hidden pieces, resume codes ------------------------------------ */

static void watch_hidden_game(tty_io *io, void *ctx)
{
    (void)ctx;
    sess *p = player_new("glass");
    watch_seat seat;
    watch_join(&seat, io, p);
    player_says(p, "YOUR CHOICE? ");
    p->game = "gunjin";
    p->playing = 1;
    player_says(p, "GUNJIN SHOGI: YOUR ARMY\n");
    ck_assert_ptr_null(seat.target);
    char why[160];
    ck_assert_ptr_nonnull(watch_refusal(io, p, why, sizeof why));
    ck_assert_ptr_nonnull(strstr(why, "CANNOT BE WATCHED WHILE IT IS ON"));
    watch_leave(&seat);
    p->playing = 0;
    /* a code: the player gets it, the watcher stars */
    watch_join(&seat, io, p);
    watch_secret(p, "HJK347");
    player_says(p, "YOUR RESUME CODE IS HJK347.\n");
    ck_assert_ptr_nonnull(memmem(buf_data(&player_got),
                                 buf_avail(&player_got), "HJK347", 6));
    watch_leave(&seat);
    player_gone(p);
    tty_msg(io, "|END");
}

START_TEST(hidden_games_and_codes_stay_hidden)
{
    memline_opts o = { .run = watch_hidden_game };
    char *out = tu_run(&o, "");
    ck_assert_ptr_nonnull(strstr(out, "YOUR CHOICE? "));
    ck_assert_ptr_null(strstr(out, "ARMY"));
    ck_assert_ptr_null(strstr(out, "HJK347"));
    ck_assert_ptr_nonnull(strstr(out, "YOUR RESUME CODE IS ******."));
    ck_assert_ptr_nonnull(strstr(out, "|END"));
    free(out);
}
END_TEST

/* An ANSI player whose window grows past the watcher's: the watch ends
 * with the reason rather than show a broken screen. */
static void watch_grows(tty_io *io, void *ctx)
{
    (void)ctx;
    sess *p = player_new("ansi");
    sess_set_size(p, 80, 24);
    watch_seat seat;
    char why[160];
    ck_assert_ptr_null(watch_refusal(io, p, why, sizeof why));
    watch_join(&seat, io, p);
    player_says(p, "\033[H\033[2JBOARD");
    ck_assert_ptr_eq(seat.target, p);
    sess_set_size(p, 100, 30);
    player_says(p, "\033[30;1HWIDER");
    ck_assert_ptr_null(seat.target);
    ck_assert_str_eq(seat.why, "THE PLAYER'S TERMINAL NO LONGER SUITS YOURS.");
    ck_assert_int_eq(watch_count(p), 0);
    ck_assert_str_eq(watch_refusal(io, p, why, sizeof why),
                     "THAT PLAYER'S SCREEN IS 100X30, YOURS 80X24: YOURS "
                     "MUST BE AS LARGE.");
    watch_leave(&seat);
    player_gone(p);
    tty_msg(io, "|END");
}

START_TEST(a_screen_grown_too_large_ends_the_watch)
{
    memline_opts o = { .run = watch_grows, .profile = "ansi", .width = 80,
                       .height = 24 };
    char *out = tu_run(&o, "");
    ck_assert_ptr_nonnull(strstr(out, "BOARD"));
    ck_assert_ptr_null(strstr(out, "WIDER"));
    ck_assert_ptr_nonnull(strstr(out, "|END"));
    free(out);
}
END_TEST

/* A browser's watcher: told the player's size before the screen, and
 * again, in its place among the bytes, whenever it changes; a screen
 * grown past the watcher's own does not end its watch. */
static void watch_follows(tty_io *io, void *ctx)
{
    (void)ctx;
    sess *p = player_new("ansi");
    sess_set_size(p, 80, 24);
    player_says(p, "\033[H\033[2JBOARD");
    watch_seat seat = { .follows = 1 };
    char why[160];
    ck_assert_ptr_null(watch_target_refusal(p, why, sizeof why));
    watch_join(&seat, io, p);
    player_says(p, "|SMALL|");
    sess_set_size(p, 132, 43);
    player_says(p, "\033[43;1HWIDER");
    ck_assert_ptr_eq(seat.target, p);
    ck_assert_int_eq(watch_count(p), 1);
    /* paper has no bottom: rows 0 */
    sess_set_profile(p, profile_find("asr33"));
    player_says(p, "PAPER");
    ck_assert_ptr_eq(seat.target, p);
    watch_leave(&seat);
    player_gone(p);
    tty_msg(io, "|END");
}

START_TEST(a_following_watcher_is_told_each_size)
{
    memline_opts o = { .run = watch_follows, .profile = "ansi", .width = 80,
                       .height = 24 };
    char *out = tu_run(&o, "");
    char *a = strstr(out, "\033[8;24;80t");
    ck_assert_ptr_nonnull(a);
    char *b = strstr(a, "BOARD");
    ck_assert_ptr_nonnull(b);
    char *c = strstr(b, "|SMALL|\033[8;43;132t");
    ck_assert_ptr_nonnull(c);
    char *d = strstr(c, "WIDER");
    ck_assert_ptr_nonnull(d);
    char *e = strstr(d, "\033[8;0;72tPAPER");
    ck_assert_ptr_nonnull(e);
    ck_assert_ptr_nonnull(strstr(e, "|END"));
    free(out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("watch_tap");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, watcher_gets_the_players_bytes);
    tcase_add_test(tc, a_stuck_watcher_costs_the_player_nothing);
    tcase_add_test(tc, a_drained_watcher_is_redrawn);
    tcase_add_test(tc, hidden_games_and_codes_stay_hidden);
    tcase_add_test(tc, a_screen_grown_too_large_ends_the_watch);
    tcase_add_test(tc, a_following_watcher_is_told_each_size);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
