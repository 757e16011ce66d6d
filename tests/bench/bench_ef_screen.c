/*
 * bench_ef_screen.c - Eastern Front on the line (issue 7): what a cursor
 * step and a week of movement cost an ANSI terminal in bytes, and what a
 * week's report costs a Model 33 in characters and in seconds of printing
 * at 110 baud (ten characters a second), each beside its limit.  The game
 * runs on the in-memory line exactly as over telnet.  Figures, never a
 * verdict.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memline.h"

/* Bytes the game sends for keys on an 80 x 24 ANSI screen. */
static size_t ansi_bytes(const char *keys)
{
    memline_opts o = { .game = "efront_text", .profile = "ansi", .seed = 5,
                       .width = 80, .height = 24 };
    size_t len;
    char *out = memline_run(&o, keys, strlen(keys), &len);
    free(out);
    return len;
}

static char *repeat(const char *head, const char *unit, int n)
{
    size_t k = strlen(head), u = strlen(unit);
    char *s = malloc(k + u * (size_t)n + 1);
    memcpy(s, head, k);
    for (int i = 0; i < n; i++)
        memcpy(s + k + u * (size_t)i, unit, u);
    s[k + u * (size_t)n] = 0;
    return s;
}

/* Bytes per key of unit repeated from n0 to n1 times after head. */
static double per_step(const char *head, const char *unit, int n0, int n1)
{
    char *a = repeat(head, unit, n0), *b = repeat(head, unit, n1);
    double d = (double)(ansi_bytes(b) - ansi_bytes(a)) / (n1 - n0);
    free(a);
    free(b);
    return d;
}

static void bench_cursor(void)
{
    size_t screen = ansi_bytes("\r");
    printf("efront: ANSI, 80 x 24, bytes sent (limit: a cursor step costs a "
           "few hundred - say 500 - not a screen)\n");
    printf("  the first screen, drawn whole:       %6zu bytes\n", screen);
    /* from 24 PANZER CORPS on 40,20: 30 squares east stay in the window,
     * the next 8 push it; 13 north stay, the next 3 push it */
    printf("  a cursor step inside the window:     %6.0f bytes   (limit 500)\n",
           per_step("\r", "l", 0, 30));
    printf("  a step that scrolls the map east:    %6.0f bytes   (limit 500)\n",
           per_step("\r", "l", 30, 38));
    printf("  a step that scrolls the map north:   %6.0f bytes   (limit 500)\n",
           per_step("\r", "k", 13, 16));
    char walk[256];
    snprintf(walk, sizeof walk, "\r%s%s%s%s",
             "llllllllllllllllllllllllllllllllllllll",
             "kkkkkkkkkkkkkkkkkkkkkkkkk",
             "hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh",
             "jjjjjjjjjjjjjjjjjjjjjjjjj");
    int steps = (int)strlen(walk) - 1;
    printf("  a walk round the map, per step:      %6.0f bytes   (limit 500; "
           "%d steps)\n", (double)(ansi_bytes(walk) - screen) / steps, steps);
    printf("  picking up a corps and 4 orders:     %6.0f bytes a key\n",
           (double)(ansi_bytes("\r\rlllk") - screen) / 5);
}

static void bench_week(void)
{
    enum { WEEKS = 4 };
    size_t prev = ansi_bytes("\ray"), most = 0, all = 0;
    char keys[64] = "\ray";
    for (int w = 0; w < WEEKS; w++) {
        strcat(keys, "gay");
        size_t now = ansi_bytes(keys);
        size_t week = now - prev;
        all += week;
        if (week > most)
            most = week;
        prev = now;
    }
    printf("  a week played out on the map:        %6zu bytes mean, %zu "
           "the most   (every corps ordered, %d weeks)\n", all / WEEKS, most,
           WEEKS);
}

/* The week's reports of a whole campaign on a Model 33, the demo German
 * player giving every order: from the GO typed to the next prompt. */
static void bench_teletype(void)
{
    char *keys = repeat("\r", "AUTO\rGO\r", 45);
    memline_opts o = { .game = "efront_text", .profile = "asr33", .seed = 5 };
    size_t len;
    char *out = memline_run(&o, keys, strlen(keys), &len);
    free(keys);
    size_t most = 0, all = 0, most_chars = 0, chars_all = 0;
    int weeks = 0, worst = 0;
    const char *p = out, *end = out + len;
    static const char go[] = "COMMAND? GO\r\n", prompt[] = "COMMAND? ";
    while ((p = memmem(p, (size_t)(end - p), go, sizeof go - 1)) != NULL) {
        const char *from = p + sizeof go - 1;
        const char *to = memmem(from, (size_t)(end - from), prompt,
                                sizeof prompt - 1);
        if (!to)
            to = end;
        /* what the line carries, padding NULs and all; and what prints */
        size_t wire = (size_t)(to - from), printed = 0;
        for (const char *q = from; q < to; q++)
            if (*q >= 0x20)
                printed++;
        weeks++;
        all += wire;
        chars_all += printed;
        if (wire > most) {
            most = wire;
            worst = weeks;
        }
        if (printed > most_chars)
            most_chars = printed;
        p = to;
    }
    free(out);
    if (!weeks)
        return;
    printf("efront: Model 33 at 110 baud (10 characters a second), a week's "
           "report (limit: under a minute)\n");
    printf("  characters printed:                  %6zu mean, %zu the most\n",
           chars_all / (size_t)weeks, most_chars);
    printf("  on the line (CR LF, padding):        %6zu mean, %zu the most "
           "(week %d)\n", all / (size_t)weeks, most, worst);
    printf("  time to print:                       %6.1f s mean, %.1f s the "
           "most   (limit 60 s; %d weeks)\n", (double)all / weeks / 10.0,
           (double)most / 10.0, weeks);
}

int main(void)
{
    bench_cursor();
    bench_week();
    bench_teletype();
    return 0;
}
