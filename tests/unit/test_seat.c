/*
 * test_seat.c - a seat of a two-player game kept for its player
 * (server/session/sess_seat.h) and who may take it back
 * (server/lobby/rejoin.h).  The two players are sessions on lines of the
 * test's own, paired as tty_lobby pairs them; the line that comes back is
 * the in-memory line's session, whose coroutine plays the seat:
 *   - a dropped line lets its transport go, the seat's input goes on, its
 *     output feeds the tap and no line, and the other player is told;
 *   - played from the new line, the seat's page is drawn there first, the
 *     new terminal (profile, size) becomes the seat's with a resize for
 *     the game, the keys typed there reach the seat's queue, what the game
 *     says reaches the new line, and both players are told;
 *   - the wait runs out: the seat ends as a hang-up; the game ends while
 *     it waits: the seat ends with it;
 *   - who is never kept: no partner, a partner on another server, a wait
 *     of 0;
 *   - who may take a seat back: an account's seat its account, a guest's
 *     the same name from the dropped line's address (or after the
 *     take-over's idle time), and nobody else.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "hold.h"
#include "memline.h"
#include "profile.h"
#include "rejoin.h"
#include "sess.h"
#include "sess_seat.h"
#include "srv.h"
#include "takeover.h"
#include "testutil.h"

/* ---- the two players' lines ------------------------------------------- */

typedef struct test_line {
    buf got;                    /* everything sent to it */
    int closed;                 /* its close was called */
} test_line;

static test_line lines[2];      /* the host's, the guest's */

static void tl_send(sess *s, const char *p, size_t n)
{
    buf_add(&((test_line *)s->tr)->got, p, n);
}

static size_t tl_backlog(sess *s)
{
    (void)s;
    return 0;
}

static void tl_close(sess *s)
{
    ((test_line *)s->tr)->closed++;
    sess_unref(s);
}

static const sess_ops tl_ops = {
    .name = "test",
    .send = tl_send,
    .backlog = tl_backlog,
    .close = tl_close,
};

static int tl_has(int which, const char *text)
{
    buf *b = &lines[which].got;
    return memmem(buf_data(b), buf_avail(b), text, strlen(text)) != NULL;
}

static sess *player_new(int which, const char *name, const char *peer)
{
    buf_free(&lines[which].got);
    lines[which].closed = 0;
    sess *s = sess_new(&tl_ops, &lines[which], peer, profile_find("glass"));
    snprintf(s->name, sizeof s->name, "%s", name);
    sess_ref(s);                /* the test's, as a coroutine holds one */
    return s;
}

/* ANN hosts a game BOB plays, as lobby.c's lobby_pair leaves them. */
static void pair_new(sess **host, sess **guest)
{
    *host = player_new(0, "ANN", "10.0.0.1:1000");
    *guest = player_new(1, "BOB", "10.0.0.2:2000");
    (*host)->lobby_guest = *guest;
    (*guest)->runner = *host;
}

static void says(sess *s, const char *text)
{
    sess_emit(s, text, strlen(text));
    sess_flush(s);
}

/* The session is over, as sess_finish ends one. */
static void player_gone(sess *s)
{
    if (s->runner != s && s->runner->lobby_guest == s)
        s->runner->lobby_guest = NULL;
    s->runner = s;
    s->lobby_guest = NULL;
    if (!s->closed) {
        s->closed = 1;
        s->ops->close(s);
    }
    sess_unref(s);
}

/* Run fn on the in-memory line's coroutine; it ends by writing |END. */
static void run_to_end(void (*fn)(tty_io *io, void *ctx))
{
    memline_opts o = { .run = fn };
    char *out = tu_run(&o, "");
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(strstr(out, "|END"));
    free(out);
}

/* ---- kept, then played from the new line ------------------------------ */

static sess *the_host, *the_guest;
static uv_timer_t over_timer;
static int keys_seen;
static char keys_got[8];
static int resized_seen;

/* The game's side, on the loop: once the line's input is over (the
 * script typed), what reached the seat is noted, the game says its last
 * words, and it is over. */
static void game_over_soon(uv_timer_t *t)
{
    sess *g = the_guest;
    if (!g->eof)
        return;
    uv_timer_stop(t);
    keys_seen = (int)g->kcount;
    for (int i = 0; i < keys_seen && i < (int)sizeof keys_got - 1; i++)
        keys_got[i] = (char)g->keys[(g->khead + i) % SESS_KEYS];
    says(g, "GREEN (BOB) HAS HUNG UP.\r\n");
    sess_seat_over(g);
}

static void seat_kept(tty_io *io, void *ctx)
{
    (void)ctx;
    sess_seat_wait_s = 120;
    pair_new(&the_host, &the_guest);
    sess *h = the_host, *g = the_guest;
    says(g, "GREEN (BOB) TO MOVE, DICE 3 1? ");
    sess_line_down(g);
    /* kept: its transport let go, its input on, the host told */
    ck_assert_int_eq(lines[1].closed, 1);
    ck_assert(sess_seat_waiting(g));
    ck_assert(!g->eof && !g->line_down);
    ck_assert_str_eq(g->ops->name, "detached");
    sess_flush(h);
    ck_assert(tl_has(0, "*** BOB'S LINE DROPPED. THE GAME GOES ON IF BOB "
                        "IS BACK WITHIN 2 MIN. ***"));
    /* what the game says meanwhile goes to no line, but is kept */
    size_t sent = buf_avail(&lines[1].got);
    says(g, "BLUE (ANN) PLAYS 8/5 6/5.\r\n");
    ck_assert_uint_eq(buf_avail(&lines[1].got), sent);
    /* the line that comes back plays it */
    uv_timer_init(srv_loop, &over_timer);
    uv_timer_start(&over_timer, game_over_soon, 10, 10);
    ck_assert_int_eq(sess_seat_play(io, g), TTY_EOF);
    ck_assert_ptr_null(io->seat);
    uv_close((uv_handle_t *)&over_timer, NULL);
    sess_flush(h);
    ck_assert(tl_has(0, "*** BOB IS BACK: THE GAME GOES ON. ***"));
    /* the seat ended with its game */
    ck_assert(g->eof && g->line_down);
    tty_msg(io, "|MENU AGAIN");
    player_gone(g);
    player_gone(h);
    the_guest = the_host = NULL;
}

/* The new terminal: the seat's own profile and size become the line's,
 * and the game hears of the size (checked from the loop as the line's
 * keys arrive). */
static void seat_watch_size(uv_prepare_t *p)
{
    sess *g = the_guest;
    if (g && g->seat_lent && g->resized && g->caps.ansi &&
        g->caps.width == 100 && g->caps.height == 30)
        resized_seen = 1;
    (void)p;
}

START_TEST(a_dropped_seat_is_kept_and_played_from_a_new_line)
{
    uv_prepare_t watch;
    uv_prepare_init(uv_default_loop(), &watch);
    uv_prepare_start(&watch, seat_watch_size);
    uv_unref((uv_handle_t *)&watch);    /* the session's end ends the run */
    memline_opts o = { .run = seat_kept, .profile = "ansi", .width = 100,
                       .height = 30 };
    char *out = tu_run(&o, "24 23\r");
    uv_close((uv_handle_t *)&watch, NULL);
    uv_run(uv_default_loop(), UV_RUN_DEFAULT);
    ck_assert_ptr_nonnull(out);
    /* the page the player left, with what was said while away, then the
     * notice, then the game's words, then the line's own menu */
    char *page = strstr(out, "GREEN (BOB) TO MOVE, DICE 3 1? ");
    ck_assert_msg(page != NULL, "no kept page in: %s", out);
    char *away = strstr(page, "BLUE (ANN) PLAYS 8/5 6/5.");
    ck_assert_ptr_nonnull(away);
    char *back = strstr(away, "*** YOU ARE BACK IN YOUR GAME AGAINST ANN. ***");
    ck_assert_ptr_nonnull(back);
    char *last = strstr(back, "GREEN (BOB) HAS HUNG UP.");
    ck_assert_ptr_nonnull(last);
    ck_assert_ptr_nonnull(strstr(last, "|MENU AGAIN"));
    /* the keys typed on the new line are the seat's */
    ck_assert_int_eq(keys_seen, 6);
    ck_assert_int_eq(memcmp(keys_got, "24 23", 5), 0);
    ck_assert(resized_seen);
    free(out);
}
END_TEST

/* ---- the wait runs out ------------------------------------------------ */

static void seat_wait_ends(tty_io *io, void *ctx)
{
    (void)ctx;
    sess_seat_wait_s = 1;
    sess *h, *g;
    pair_new(&h, &g);
    sess_line_down(g);
    ck_assert(sess_seat_waiting(g) && !g->eof);
    ck_assert(!tty_abandoned(g));   /* waiting is not leaving */
    sess_flush(h);
    ck_assert(tl_has(0, "IF BOB IS BACK WITHIN 1 SEC. ***"));
    tty_sleep(io, 1300);
    /* over: the game sees a hang-up, as it always did, and one the
     * player has abandoned the game by (the other has not) */
    ck_assert(g->eof && g->line_down);
    ck_assert(tty_hungup(g));
    ck_assert(tty_abandoned(g) && !tty_abandoned(h));
    tty_msg(io, "|END");
    player_gone(g);
    player_gone(h);
}

START_TEST(a_wait_that_runs_out_is_a_hang_up)
{
    run_to_end(seat_wait_ends);
}
END_TEST

/* The other player ends the game (saves, resigns) while the seat waits:
 * the seat ends with it. */
static void seat_game_ends(tty_io *io, void *ctx)
{
    (void)ctx;
    sess_seat_wait_s = 120;
    sess *h, *g;
    pair_new(&h, &g);
    sess_line_down(g);
    ck_assert(sess_seat_waiting(g) && !g->eof);
    g->runner = g;              /* let go, as tty_lobby_release does */
    h->lobby_guest = NULL;
    sess_seat_over(g);
    ck_assert(g->eof && g->line_down);
    ck_assert(!tty_abandoned(g));   /* the game ended first */
    tty_msg(io, "|END");
    player_gone(g);
    player_gone(h);
}

START_TEST(a_waiting_seat_ends_with_its_game)
{
    run_to_end(seat_game_ends);
}
END_TEST

/* ---- never kept ------------------------------------------------------- */

static void seat_not_kept(tty_io *io, void *ctx)
{
    (void)ctx;
    sess_seat_wait_s = 120;
    /* alone: no game with anyone */
    sess *a = player_new(0, "ANN", "10.0.0.1:1000");
    sess_line_down(a);
    ck_assert(a->line_down && a->eof && !sess_seat_waiting(a));
    player_gone(a);
    /* a partner on another server (the link's own rules) */
    sess *h, *g;
    pair_new(&h, &g);
    g->far = 1;
    sess_line_down(h);
    ck_assert(h->line_down && !sess_seat_waiting(h));
    g->far = 0;
    player_gone(g);
    player_gone(h);
    /* no wait */
    sess_seat_wait_s = 0;
    pair_new(&h, &g);
    sess_line_down(g);
    ck_assert(g->line_down && !sess_seat_waiting(g));
    ck_assert(tty_hungup(g) && !tty_abandoned(g));  /* a plain hang-up */
    player_gone(g);
    player_gone(h);
    sess_seat_wait_s = 120;
    tty_msg(io, "|END");
}

START_TEST(only_a_game_of_two_here_keeps_a_seat)
{
    run_to_end(seat_not_kept);
}
END_TEST

/* ---- who may take a seat back ----------------------------------------- */

static const char code[] = "ACDEF-HJKMN";

static int rejoin_rc(sess *asker, sess **seat)
{
    rejoin r;
    int rc = rejoin_find(asker, code, &r);
    *seat = r.seat;
    return rc;
}

static void seat_proofs(tty_io *io, void *ctx)
{
    (void)ctx;
    sess_seat_wait_s = 120;
    takeover_idle_s = 300;
    sess *h, *g;
    pair_new(&h, &g);
    snprintf(h->account, sizeof h->account, "ann");
    ck_assert_int_eq(hold_take(h, code, NULL), TTY_OK); /* as tty_save */
    sess *seat;
    /* both seats up: ANN's account may take hers (asked first), a stranger
     * neither, nor the game (no take-over ends it for both) */
    io->account[0] = 0;
    snprintf(io->name, sizeof io->name, "EVE");
    snprintf(io->peer, sizeof io->peer, "10.0.0.9:99");
    ck_assert_int_eq(rejoin_rc(io, &seat), TTY_BUSY);
    ck_assert_ptr_null(seat);
    snprintf(io->account, sizeof io->account, "ann");
    snprintf(io->name, sizeof io->name, "ANN");
    ck_assert_int_eq(rejoin_rc(io, &seat), TTY_OK);
    ck_assert_ptr_eq(seat, h);
    /* BOB's line drops: a guest's seat */
    sess_line_down(g);
    ck_assert(sess_seat_waiting(g));
    io->account[0] = 0;
    snprintf(io->name, sizeof io->name, "BOB");
    /* from elsewhere (ANN's own address, say): refused, the seat named */
    snprintf(io->peer, sizeof io->peer, "10.0.0.1:1234");
    ck_assert_int_eq(rejoin_rc(io, &seat), TTY_BUSY);
    ck_assert_ptr_eq(seat, g);
    /* another name from his address: refused too */
    snprintf(io->peer, sizeof io->peer, "10.0.0.2:3000");
    snprintf(io->name, sizeof io->name, "ROB");
    ck_assert_int_eq(rejoin_rc(io, &seat), TTY_BUSY);
    /* his name from his address (any port): his */
    snprintf(io->name, sizeof io->name, "bob");
    ck_assert_int_eq(rejoin_rc(io, &seat), TTY_OK);
    ck_assert_ptr_eq(seat, g);
    /* a bare IPv6 address (no port) is the whole address: a neighbour
     * whose address differs only after the last colon is elsewhere */
    char bob_peer[sizeof g->peer];
    snprintf(bob_peer, sizeof bob_peer, "%s", g->peer);
    snprintf(g->peer, sizeof g->peer, "2001:db8::1");
    snprintf(io->peer, sizeof io->peer, "2001:db8::2");
    ck_assert_int_eq(rejoin_rc(io, &seat), TTY_BUSY);
    snprintf(io->peer, sizeof io->peer, "2001:db8::1");
    ck_assert_int_eq(rejoin_rc(io, &seat), TTY_OK);
    snprintf(g->peer, sizeof g->peer, "%s", bob_peer);
    /* from elsewhere once silent past the take-over's time */
    snprintf(io->peer, sizeof io->peer, "10.0.0.7:3000");
    ck_assert_int_eq(rejoin_rc(io, &seat), TTY_BUSY);
    takeover_idle_s = 0;
    ck_assert_int_eq(rejoin_rc(io, &seat), TTY_OK);
    takeover_idle_s = 300;
    /* an account's seat, waiting: its account only, from anywhere */
    g->account[0] = 0;
    snprintf(g->account, sizeof g->account, "bob");
    ck_assert_int_eq(rejoin_rc(io, &seat), TTY_BUSY);
    snprintf(io->account, sizeof io->account, "bob");
    ck_assert_int_eq(rejoin_rc(io, &seat), TTY_OK);
    ck_assert_ptr_eq(seat, g);
    /* a code nobody plays here */
    hold_release(h);
    ck_assert_int_eq(rejoin_rc(io, &seat), TTY_NOTFOUND);
    io->account[0] = 0;
    tty_msg(io, "|END");
    uv_timer_stop(&g->idle_timer);
    player_gone(g);
    player_gone(h);
}

START_TEST(a_seat_is_its_players)
{
    run_to_end(seat_proofs);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("seat");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, a_dropped_seat_is_kept_and_played_from_a_new_line);
    tcase_add_test(tc, a_wait_that_runs_out_is_a_hang_up);
    tcase_add_test(tc, a_waiting_seat_ends_with_its_game);
    tcase_add_test(tc, only_a_game_of_two_here_keeps_a_seat);
    tcase_add_test(tc, a_seat_is_its_players);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
