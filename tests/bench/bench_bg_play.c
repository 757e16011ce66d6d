/*
 * bench_bg_play.c - the backgammon dialogue's figures: a whole demo game
 * through the in-memory line on each terminal, what it costs in time and
 * what it sends down the line per turn; the ANSI pane drawn in place
 * beside the same pane drawn whole every turn (the peer measured in the
 * same run); and what a 110-baud teletype would take to print a person's
 * turn.  Figures only.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "memline.h"

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static char *run(const memline_opts *o, const char *keys, size_t *len)
{
    return memline_run(o, keys, strlen(keys), len);
}

/* One demo (level 1, no pause) on a profile: ms and bytes.  The turns are
 * counted on glass, whose lines hold no padding and no pane: under one
 * seed every profile sees the same game. */
static void demo(const char *profile, uint64_t seed, double *ms,
                 size_t *bytes, int *turns)
{
    memline_opts o = { .game = "backgammon", .seed = seed,
                       .profile = profile, .width = 80, .height = 24 };
    uint64_t t0 = uv_hrtime();
    size_t len;
    char *out = run(&o, "4\r\r\r0\r", &len);
    *ms = (double)(uv_hrtime() - t0) / 1e6;
    *bytes = len;
    if (!strcmp(profile, "glass"))
        *turns = count(out, " THROWS ") - 1;    /* not the first throw */
    free(out);
}

int main(void)
{
    printf("backgammon dialogue (games/backgammon/bg_play*.c)\n");
    const char *profiles[] = { "glass", "asr33", "ansi" };
    double ansi_per_turn = 0;
    int turns[10] = { 0 };
    for (int p = 0; p < 3; p++) {
        double ms, total = 0;
        size_t bytes, all = 0;
        int nt = 0;
        for (int seed = 1; seed <= 10; seed++) {
            demo(profiles[p], (uint64_t)seed, &ms, &bytes, &turns[seed - 1]);
            total += ms;
            all += bytes;
            nt += turns[seed - 1];
        }
        printf("  demo, %-5s: %6.1f ms a game, %5.0f turns a game, "
               "%6.0f bytes a turn\n", profiles[p], total / 10, nt / 10.0,
               (double)all / nt);
        if (p == 2)
            ansi_per_turn = (double)all / nt;
    }
    /* The peer: the pane drawn whole, as BOARD draws it: the session
     * with BOARD typed and with BOARD entered. */
    memline_opts o = { .game = "backgammon", .seed = 3, .profile = "ansi",
                       .width = 80, .height = 24 };
    size_t a, b;
    char *once = run(&o, "1\r\r\r\r\rBOARD", &a);
    char *whole = run(&o, "1\r\r\r\r\rBOARD\r", &b);
    printf("  ansi pane: %zu bytes to draw it whole, %.0f a demo turn in "
           "place (%.1fx less)\n", b - a, ansi_per_turn,
           (double)(b - a) / ansi_per_turn);
    free(once);
    free(whole);
    /* A person's turn on paper: the board before it and the news. */
    memline_opts t = { .game = "backgammon", .seed = 3, .profile = "asr33" };
    char *before = run(&t, "1\r\r\r\r\rBOARD", &a);
    char *board = run(&t, "1\r\r\r\r\rBOARD\r", &b);
    printf("  asr33: the board is %zu characters, %.0f s at 110 baud "
           "(10 a second)\n", b - a, (double)(b - a) / 10);
    free(before);
    free(board);
    return 0;
}
