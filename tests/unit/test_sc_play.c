/*
 * test_sc_play.c - Space Capture's dialogue through the in-memory line:
 * the introduction and POOR SPORT! word for word, the keys the listing
 * accepts, whole games to each ending under seeds with the rules checked
 * on what the player sees, the paper grid (G, and in place on ANSI) and
 * the hall of fame.
 *
 * The games are played by a robot that sees only the transcript.  A
 * session's randomness depends only on its seed and on the keys it
 * accepted, never on which coordinates they were, so the robot can learn
 * where the ship hides at a shot by replaying the same keys with a
 * harmless shot and reading the next MY LAST POSITION: the replay is the
 * same game up to that point.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memline.h"
#include "testutil.h"

static const char sc_intro[] =
    "\r\n\r\nSPACESHIP CAPTURE. YOU HAVE 15 PHASOR"
    "\r\nSHOTS WITH WHICH TO DESTROY MY TRAVEL"
    "\r\nSECTORS. IF ALL MY ADJACENT SECTORS"
    "\r\nARE DESTROYED I AM CAPTURED. IF YOU"
    "\r\nHIT ME OR RUN OUT OF PHASOR ENERGY,"
    "\r\nTHEN YOU LOSE!\r\n\r\n";
static const char sc_want[] = "\r\n\r\nWANT TO PLAY?  ";
static const char sc_report[] = "\r\n\r\nMY LAST POSITION WAS:  X = ";
static const char sc_firing[] = "\r\n\r\nYOU ARE FIRING TO:  X = ";
static const char sc_hit[] = "\r\n\r\nYOU HIT ME!!  YOU LOSE!";
static const char sc_phasor[] =
    "\r\n\r\nYOU ARE OUT OF PHASOR ENERGY,  YOU LOSE!";
static const char sc_captured[] =
    "\r\n\r\n#!0#\a\a\a  DARN!  YOU HAVE ME  C A P T U R E D !!";

static char *sc_session(uint64_t seed, const char *keys, const char *data)
{
    memline_opts o = { .game = "spacecapture", .seed = seed, .data = data };
    char *out = tu_run(&o, keys);
    ck_assert_ptr_nonnull(out);
    return out;
}

/* ---- Reading a game off the transcript ------------------------------ */

enum { END_NONE, END_CAPTURED, END_PHASOR, END_HIT };

typedef struct sc_log {
    int nrep, rep[17][2];   /* MY LAST POSITION WAS, in order */
    int nshot, shot[16][2]; /* YOU ARE FIRING TO, complete ones */
    int end;
} sc_log;

/* The last game of a transcript (from its last WANT TO PLAY?  Y). */
static void sc_read(const char *out, sc_log *lg)
{
    memset(lg, 0, sizeof *lg);
    const char *p = NULL;
    for (const char *q = out; (q = strstr(q, "WANT TO PLAY?  Y")); q++)
        p = q;
    ck_assert_ptr_nonnull(p);
    for (;;) {
        const char *r = strstr(p, sc_report), *f = strstr(p, sc_firing);
        const char *end = NULL;
        const char *e[3] = { strstr(p, sc_captured), strstr(p, sc_phasor),
                             strstr(p, sc_hit) };
        for (int i = 0; i < 3; i++)
            if (e[i] && (!end || e[i] < end))
                end = e[i];
        if (r && (!f || r < f) && (!end || r < end)) {
            r += strlen(sc_report);
            ck_assert_int_lt(lg->nrep, 17);
            ck_assert_int_eq(strncmp(r + 1, ",  Y = ", 7), 0);
            lg->rep[lg->nrep][0] = r[0] - '0';
            lg->rep[lg->nrep][1] = r[8] - '0';
            lg->nrep++;
            p = r;
        } else if (f && (!end || f < end)) {
            f += strlen(sc_firing);
            if (f[0] && !strncmp(f + 1, ",  Y = ", 7) && f[8] >= '1' &&
                f[8] <= '8') {
                ck_assert_int_lt(lg->nshot, 16);
                lg->shot[lg->nshot][0] = f[0] - '0';
                lg->shot[lg->nshot][1] = f[8] - '0';
                lg->nshot++;
            }
            p = f;
        } else {
            if (end)
                lg->end = end == e[0] ? END_CAPTURED
                        : end == e[1] ? END_PHASOR : END_HIT;
            return;
        }
    }
}

static int sc_gone(const sc_log *lg, int nshots, int x, int y)
{
    if (x < 1 || x > 8 || y < 1 || y > 8)
        return 1;
    for (int i = 0; i < nshots; i++)
        if (lg->shot[i][0] == x && lg->shot[i][1] == y)
            return 1;
    return 0;
}

/* Free neighbours of (x, y) once the first nshots shots have landed. */
static int sc_free(const sc_log *lg, int nshots, int x, int y)
{
    int n = 0;
    for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++)
            n += (dx || dy) && !sc_gone(lg, nshots, x + dx, y + dy);
    return n;
}

/*
 * The book's rules, on what the player saw: the start on the diagonal,
 * one step at a time, never into a destroyed sector, captured exactly when
 * no neighbour is left, fifteen shots at most.
 */
static void sc_check_rules(const sc_log *lg)
{
    ck_assert_int_ge(lg->nrep, 1);
    ck_assert_int_eq(lg->rep[0][0], lg->rep[0][1]);
    for (int i = 1; i < lg->nrep; i++) {
        int dx = abs(lg->rep[i][0] - lg->rep[i - 1][0]);
        int dy = abs(lg->rep[i][1] - lg->rep[i - 1][1]);
        ck_assert_msg(dx <= 1 && dy <= 1 && dx + dy > 0,
                      "report %d is not one step from the one before", i);
        /* shot i-1 was fired with the ship already in sector rep[i] */
        ck_assert_msg(!sc_gone(lg, i - 1, lg->rep[i][0], lg->rep[i][1]),
                      "report %d is in a destroyed sector", i);
    }
    ck_assert_int_le(lg->nshot, 15);
    int last = lg->nrep - 1;
    if (lg->end == END_CAPTURED)
        ck_assert_int_eq(sc_free(lg, lg->nshot, lg->rep[last][0],
                                 lg->rep[last][1]), 0);
    if (lg->end == END_PHASOR) {
        ck_assert_int_eq(lg->nshot, 15);
        ck_assert_int_eq(lg->nrep, 16);
    }
    if (lg->end == END_HIT)
        ck_assert_int_eq(lg->nshot, lg->nrep);
    else
        ck_assert_int_eq(lg->nrep, lg->nshot + 1);
}

/* ---- The robot ------------------------------------------------------ */

typedef struct sc_robot {
    uint64_t seed;
    char keys[128];
    size_t n;
} sc_robot;

static void sc_key2(sc_robot *r, int x, int y)
{
    r->keys[r->n++] = (char)('0' + x);
    r->keys[r->n++] = (char)('0' + y);
    r->keys[r->n] = 0;
}

/* Where the ship is while the player aims (the sector the next report
 * will name), found by replaying with a shot that cannot matter here:
 * the sector it was last reported in, which it has just left. */
static void sc_hidden(const sc_robot *r, const sc_log *lg, int *x, int *y)
{
    sc_robot t = *r;
    sc_key2(&t, lg->rep[lg->nrep - 1][0], lg->rep[lg->nrep - 1][1]);
    char *out = sc_session(t.seed, t.keys, NULL);
    sc_log after;
    sc_read(out, &after);
    free(out);
    ck_assert_int_eq(after.nrep, lg->nrep + 1);
    *x = after.rep[lg->nrep][0];
    *y = after.rep[lg->nrep][1];
}

enum { AIM_HIT, AIM_AWAY };

/* Free sectors the ship at (x, y) can still reach: the room it has. */
static int sc_room(const sc_log *lg, int x, int y)
{
    int seen[10][10] = { { 0 } }, stack[64][2], n = 0, room = 0;
    stack[n][0] = x;
    stack[n][1] = y;
    n++;
    seen[x][y] = 1;
    while (n) {
        n--;
        int cx = stack[n][0], cy = stack[n][1];
        room++;
        for (int dx = -1; dx <= 1; dx++)
            for (int dy = -1; dy <= 1; dy++) {
                int nx = cx + dx, ny = cy + dy;
                if (sc_gone(lg, lg->nshot, nx, ny) || seen[nx][ny])
                    continue;
                seen[nx][ny] = 1;
                stack[n][0] = nx;
                stack[n][1] = ny;
                n++;
            }
    }
    return room;
}

/*
 * TRAP: a beam search for a capture, every step a replay.  Each shot is
 * tried at the sectors around the ship's hiding place; the games kept are
 * those that leave the ship the least room, then the fewest ways out.
 * Returns 1 with the capturing keys in *win.
 */
enum { SC_BEAM = 8, SC_TRIES = 24, SC_CAPTURE_SEEDS = 5,
       SC_CAPTURE_SEED = 1 };
typedef struct sc_node { sc_robot r; int score; } sc_node;

static int sc_node_cmp(const void *a, const void *b)
{
    return ((const sc_node *)a)->score - ((const sc_node *)b)->score;
}

static int sc_trap(uint64_t seed, sc_robot *win)
{
    static sc_node beam[SC_BEAM], next[SC_BEAM * SC_TRIES];
    int nb = 1;
    beam[0].r = (sc_robot){ .seed = seed, .keys = "Y", .n = 1 };
    for (int depth = 0; depth < 15 && nb; depth++) {
        int nn = 0;
        for (int b = 0; b < nb; b++) {
            sc_log lg;
            char *out = sc_session(seed, beam[b].r.keys, NULL);
            sc_read(out, &lg);
            free(out);
            int hx, hy;
            sc_hidden(&beam[b].r, &lg, &hx, &hy);
            for (int x = hx - 2; x <= hx + 2; x++)
                for (int y = hy - 2; y <= hy + 2; y++) {
                    if (sc_gone(&lg, lg.nshot, x, y) || (x == hx && y == hy))
                        continue;
                    sc_node *t = &next[nn];
                    t->r = beam[b].r;
                    sc_key2(&t->r, x, y);
                    out = sc_session(seed, t->r.keys, NULL);
                    sc_log a;
                    sc_read(out, &a);
                    free(out);
                    if (a.end == END_CAPTURED) {
                        *win = t->r;
                        return 1;
                    }
                    if (a.end)
                        continue;
                    int px = a.rep[a.nrep - 1][0], py = a.rep[a.nrep - 1][1];
                    t->score = 10 * sc_room(&a, px, py) + sc_free(&a, a.nshot,
                                                                  px, py);
                    nn++;
                }
        }
        qsort(next, (size_t)nn, sizeof next[0], sc_node_cmp);
        nb = nn < SC_BEAM ? nn : SC_BEAM;
        memcpy(beam, next, (size_t)nb * sizeof beam[0]);
    }
    return 0;
}

/* Play one game from WANT TO PLAY with a way of aiming; the transcript. */
static char *sc_robot_game(uint64_t seed, int aim, sc_log *lg)
{
    sc_robot r = { .seed = seed, .keys = "Y", .n = 1 };
    for (;;) {
        char *out = sc_session(seed, r.keys, NULL);
        sc_read(out, lg);
        if (lg->end)
            return out;
        free(out);
        int hx, hy, sx = 1, sy = 1;
        sc_hidden(&r, lg, &hx, &hy);
        if (aim == AIM_HIT) {
            sx = hx;
            sy = hy;
        } else if (aim == AIM_AWAY) {
            /* the corner farthest from where it hides */
            sx = hx <= 4 ? 8 : 1;
            sy = hy <= 4 ? 8 : 1;
        }
        sc_key2(&r, sx, sy);
    }
}

/* ---- The book's dialogue -------------------------------------------- */

START_TEST(introduction_and_poor_sport_word_for_word)
{
    char *out = sc_session(1, "N", NULL);
    char want[1024];
    snprintf(want, sizeof want, "%s%sN\r\n\r\nPOOR SPORT!\r\n", sc_intro,
             sc_want);
    ck_assert_str_eq(out, want);
    free(out);
}
END_TEST

START_TEST(want_to_play_waits_for_y_or_n)
{
    /* Other keys wait, unechoed (the listing waits too); lower case is
     * taken as upper case. */
    char *out = sc_session(1, "x?7\r\n Gn", NULL);
    ck_assert_ptr_nonnull(strstr(out, "WANT TO PLAY?  G"));
    ck_assert_ptr_nonnull(strstr(out, "WANT TO PLAY?  N\r\n\r\nPOOR SPORT!"));
    ck_assert_ptr_null(strstr(out, "x"));
    ck_assert_ptr_null(strstr(out, "?7"));
    free(out);
    out = sc_session(1, "y", NULL);
    ck_assert_ptr_nonnull(strstr(out, "WANT TO PLAY?  Y\r\n\r\nMY LAST "
                                      "POSITION WAS:  X = "));
    ck_assert_ptr_nonnull(strstr(out, ",  Y = "));
    ck_assert_ptr_nonnull(strstr(out, "\r\n\r\nYOU ARE FIRING TO:  X = "));
    free(out);
}
END_TEST

START_TEST(coordinates_are_single_keys_one_to_eight)
{
    /* 0, 9, letters, Return and LF are ignored: line-mode clients play */
    char *out = sc_session(3, "Y\r\n0\r\n9a1\r\n\r\nx8\r\n", NULL);
    ck_assert_ptr_nonnull(strstr(out, "YOU ARE FIRING TO:  X = 1,  Y = 8"));
    ck_assert_ptr_null(strstr(out, "X = 0"));
    ck_assert_ptr_null(strstr(out, "X = 9"));
    free(out);
}
END_TEST

START_TEST(a_seed_repeats_the_game)
{
    char *a = sc_session(77, "Y11223344", NULL);
    char *b = sc_session(77, "Y11223344", NULL);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    /* and the starting sector varies with the seed, on the diagonal */
    int seen[9] = { 0 }, kinds = 0;
    for (uint64_t s = 1; s <= 40; s++) {
        char *out = sc_session(s, "Y", NULL);
        sc_log lg;
        sc_read(out, &lg);
        ck_assert_int_eq(lg.nrep, 1);
        ck_assert_int_eq(lg.rep[0][0], lg.rep[0][1]);
        kinds += !seen[lg.rep[0][0]]++;
        free(out);
    }
    ck_assert_int_ge(kinds, 6);
}
END_TEST

START_TEST(hit_the_ship_and_lose)
{
    for (uint64_t seed = 1; seed <= 10; seed++) {
        sc_log lg;
        char *out = sc_robot_game(seed, AIM_HIT, &lg);
        ck_assert_int_eq(lg.end, END_HIT);
        sc_check_rules(&lg);
        /* BOMB: the message, then OVER */
        char tail[256];
        snprintf(tail, sizeof tail, "%d,  Y = %d%s%s", lg.shot[0][0],
                 lg.shot[0][1], sc_hit, sc_want);
        ck_assert_ptr_nonnull(strstr(out, tail));
        free(out);
    }
}
END_TEST

START_TEST(out_of_phasor_energy_after_fifteen_shots)
{
    for (uint64_t seed = 1; seed <= 6; seed++) {
        sc_log lg;
        char *out = sc_robot_game(seed, AIM_AWAY, &lg);
        ck_assert_int_eq(lg.end, END_PHASOR);
        sc_check_rules(&lg);
        /* the sixteenth position is reported, then PHASOR, then OVER */
        ck_assert_int_eq(tu_count(out, sc_firing), 15);
        char tail[256];
        snprintf(tail, sizeof tail, "X = %d,  Y = %d%s%s",
                 lg.rep[15][0], lg.rep[15][1], sc_phasor, sc_want);
        ck_assert_ptr_nonnull(strstr(out, tail));
        free(out);
    }
}
END_TEST

START_TEST(capture_the_ship)
{
    int captured = 0;
    for (uint64_t seed = 1; seed <= SC_CAPTURE_SEEDS; seed++) {
        sc_robot win;
        if (!sc_trap(seed, &win))
            continue;
        captured++;
        char *out = sc_session(seed, win.keys, NULL);
        sc_log lg;
        sc_read(out, &lg);
        ck_assert_int_eq(lg.end, END_CAPTURED);
        sc_check_rules(&lg);
        /* the last position reported, the bells, then OVER */
        char tail[256];
        snprintf(tail, sizeof tail, "X = %d,  Y = %d%s%s",
                 lg.rep[lg.nrep - 1][0], lg.rep[lg.nrep - 1][1],
                 sc_captured, sc_want);
        ck_assert_ptr_nonnull(strstr(out, tail));
        free(out);
    }
    ck_assert_int_ge(captured, 1);
}
END_TEST

/* ---- The paper grid ------------------------------------------------- */

START_TEST(g_prints_the_grid_and_asks_again)
{
    /* before any game: an empty grid, then WANT TO PLAY again */
    char *out = sc_session(5, "GN", NULL);
    ck_assert_ptr_nonnull(strstr(out,
        "WANT TO PLAY?  G\r\n Y\r\n 8  .  .  .  .  .  .  .  .\r\n"));
    ck_assert_ptr_nonnull(strstr(out,
        "\r\n    1  2  3  4  5  6  7  8  X\r\nN = SECTOR DESTROYED BY SHOT N,"
        "  @ = MY LAST POSITION,  + = BEFORE\r\n\r\n\r\nWANT TO PLAY?  N"));
    free(out);

    /* in a game: the shots by number, the last position, earlier ones */
    out = sc_session(5, "Y11223", NULL);
    sc_log lg;
    sc_read(out, &lg);
    ck_assert_int_eq(lg.nrep, 3);
    free(out);
    out = sc_session(5, "Y11223G", NULL);
    char *grid = strstr(out, "X = 3,  Y = G\r\n Y\r\n");
    ck_assert_ptr_nonnull(grid);
    /* the row of the last report has '@' in its column, shots 1 and 2
     * are on the diagonal's first sectors */
    char row[64];
    snprintf(row, sizeof row, "\r\n 1  1  .");
    ck_assert_ptr_nonnull(strstr(grid, row));
    ck_assert_ptr_nonnull(strstr(grid, "\r\n 2  .  2  ."));
    const char *at = strchr(grid, '@');
    ck_assert_ptr_nonnull(at);
    const char *line = at;
    while (line[-1] != '\n')
        line--;
    ck_assert_int_eq(line[1] - '0', lg.rep[2][1]);          /* its Y */
    ck_assert_int_eq((int)(at - line - 2) / 3 + 1, lg.rep[2][0]); /* its X */
    /* and the prompt comes back with the X already typed, waiting for Y */
    ck_assert_ptr_nonnull(strstr(grid, "+ = BEFORE\r\n\r\n\r\nYOU ARE FIRING "
                                       "TO:  X = 3,  Y = "));
    free(out);
}
END_TEST

START_TEST(grid_in_place_on_ansi)
{
    memline_opts o = { .game = "spacecapture", .seed = 5, .profile = "ansi" };
    char *out = tu_run(&o, "Y11");
    /* the region under the twelve rows of the pane, the dialogue from the
     * bottom row */
    ck_assert_ptr_nonnull(strstr(out, "\033[13;24r\033[24;1H"));
    ck_assert_ptr_nonnull(strstr(out, "\033[3;1H 8  .  .  .  .  .  .  .  ."));
    ck_assert_ptr_nonnull(strstr(out, "SHOTS FIRED:  0 OF 15"));
    /* after the shot: redrawn, the cursor back in the dialogue */
    ck_assert_ptr_nonnull(strstr(out, "\033[10;1H 1  1  .  ."));
    ck_assert_ptr_nonnull(strstr(out, "SHOTS FIRED:  1 OF 15"));
    ck_assert_ptr_nonnull(strstr(out, "\0338\r\n\r\nMY LAST POSITION WAS"));
    /* the book's lines are the same bytes in the region */
    ck_assert_ptr_nonnull(strstr(out, "YOU ARE FIRING TO:  X = 1,  Y = 1"));
    /* the split is undone before the menu, even after a hang-up */
    static const char undone[] = "\033[r\033[24;1H\r\n"
                                 /* and the menu's own reset after it */
                                 "\0337\033[r\0338\033[0m\033[?25h";
    size_t n = strlen(out);
    ck_assert_uint_gt(n, sizeof undone);
    ck_assert_str_eq(out + n - (sizeof undone - 1), undone);
    free(out);

    /* a window too small for the pane gets the lines of paper */
    memline_opts small = { .game = "spacecapture", .seed = 5,
                           .profile = "ansi", .height = 16 };
    out = tu_run(&small, "Y11G");
    ck_assert_ptr_null(strstr(out, "\033[13;"));
    ck_assert_ptr_nonnull(strstr(out, "X = G\r\n Y\r\n 8  ."));
    free(out);
}
END_TEST

START_TEST(a_narrow_window_breaks_before_y)
{
    /* 33 columns: the Y after the comma on a line of its own, the grid's
     * legend a sign a line, nothing past 32 columns */
    memline_opts o = { .game = "spacecapture", .seed = 5, .profile = "ansi",
                       .width = 33, .height = 20 };
    char *out = tu_run(&o, "Y11G");
    ck_assert_ptr_nonnull(strstr(out, "MY LAST POSITION WAS:  X = "));
    ck_assert_ptr_nonnull(strstr(out, "YOU ARE FIRING TO:  X = 1,\r\nY = 1"));
    ck_assert_ptr_nonnull(strstr(out, "8  X\r\nN = SECTOR DESTROYED BY SHOT "
                                      "N\r\n@ = MY LAST POSITION\r\n+ = "
                                      "WHERE I WAS BEFORE\r\n"));
    ck_assert_ptr_null(strstr(out, ",  Y = "));
    /* up to the menu's reset of the screen as the game leaves */
    *strstr(out, "\0337\033[r") = 0;
    int col = 0;
    for (const char *p = out; *p; p++) {
        col = *p == '\r' || *p == '\n' ? 0 : col + 1;
        ck_assert_msg(col <= 32, "past 32 columns: %.40s", p - col + 1);
    }
    free(out);
}
END_TEST

START_TEST(teletype_gets_the_same_bytes)
{
    memline_opts o = { .game = "spacecapture", .seed = 9, .profile = "asr33" };
    char *out = tu_run(&o, "y12n");
    ck_assert_ptr_nonnull(strstr(out, "THEN YOU LOSE!\r\n\r\n\r\n\r\nWANT TO "
                                      "PLAY?  Y\r\n\r\nMY LAST POSITION"));
    ck_assert_ptr_null(strchr(out, '\033'));
    free(out);
}
END_TEST

/* ---- The hall of fame ----------------------------------------------- */

START_TEST(wins_and_losses_in_the_hall_of_fame)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    /* the robot's winning and losing games, replayed into the data dir */
    sc_robot win;
    ck_assert(sc_trap(SC_CAPTURE_SEED, &win));
    char keys[sizeof win.keys + 8];
    snprintf(keys, sizeof keys, "%sN", win.keys);
    free(sc_session(SC_CAPTURE_SEED, keys, dir));
    sc_log lg;
    char *lost = sc_robot_game(2, AIM_HIT, &lg);
    free(lost);
    snprintf(keys, sizeof keys, "Y%d%dN", lg.shot[0][0], lg.shot[0][1]);
    memline_opts o = { .game = "spacecapture", .seed = 2, .data = dir,
                       .name = "ADA" };
    free(tu_run(&o, keys));
    char *out = tu_hof(dir, "spacecapture");
    ck_assert_ptr_nonnull(strstr(out, "SHIPS CAPTURED\r\n    1. GUEST"));
    ck_assert_ptr_nonnull(strstr(out, "GAMES LOST\r\n    1. ADA"));
    free(out);
    tu_rmdir(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("spacecapture play");
    TCase *book = tcase_create("book");
    tcase_add_test(book, introduction_and_poor_sport_word_for_word);
    tcase_add_test(book, want_to_play_waits_for_y_or_n);
    tcase_add_test(book, coordinates_are_single_keys_one_to_eight);
    tcase_add_test(book, a_seed_repeats_the_game);
    tcase_add_test(book, teletype_gets_the_same_bytes);
    suite_add_tcase(s, book);
    TCase *games = tcase_create("games");
    tcase_set_timeout(games, 120);
    tcase_add_test(games, hit_the_ship_and_lose);
    tcase_add_test(games, out_of_phasor_energy_after_fifteen_shots);
    tcase_add_test(games, capture_the_ship);
    tcase_add_test(games, wins_and_losses_in_the_hall_of_fame);
    suite_add_tcase(s, games);
    TCase *grid = tcase_create("grid");
    tcase_add_test(grid, g_prints_the_grid_and_asks_again);
    tcase_add_test(grid, grid_in_place_on_ansi);
    tcase_add_test(grid, a_narrow_window_breaks_before_y);
    suite_add_tcase(s, grid);
    return tu_run_suite(s);
}
