/*
 * bench_pace.c - the pacer against the ideal line: a session paced at 110,
 * 300 and 1200 baud prints a few seconds of text; each character's time
 * leaving the server is compared with when a perfect UART would have
 * started it (the first character's time plus k character-times).
 * Figures only.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "memline.h"
#include "tty.h"

#define PACE_MAX 4096

typedef struct pace_run {
    int chars;
    uint64_t at[PACE_MAX];
    int n;
} pace_run;

static void pace_sent(void *ctx, const char *p, size_t n)
{
    pace_run *r = ctx;
    uint64_t now = uv_hrtime();
    for (size_t i = 0; i < n && r->n < PACE_MAX; i++)
        r->at[r->n++] = now;
}

static void pace_text(tty_io *io, void *ctx)
{
    pace_run *r = ctx;
    static const char line[] = "NOW IS THE TIME FOR ALL GOOD MEN TO COME "
                               "TO THE AID OF THE PARTY.\n";
    int left = r->chars;
    while (left > 0) {
        int n = left < (int)sizeof line - 1 ? left : (int)sizeof line - 1;
        tty_write(io, line + sizeof line - 1 - n, (size_t)n);
        left -= n;
    }
    tty_drain(io);
}

static void pace_bench(int baud, int bits, int chars)
{
    static pace_run r;
    memset(&r, 0, sizeof r);
    r.chars = chars;
    memline_opts o = { .run = pace_text, .ctx = &r, .seed = 1,
                       .profile = "glass", .baud = baud, .sent = pace_sent };
    free(memline_run(&o, "", 0, NULL));
    double t_char = (double)bits / baud * 1e3;       /* ms */
    double mean = 0, worst = 0;
    for (int k = 0; k < r.n; k++) {
        double ideal = k * t_char;
        double real = (double)(r.at[k] - r.at[0]) / 1e6;
        double err = real - ideal;
        mean += fabs(err);
        if (fabs(err) > fabs(worst))
            worst = err;
    }
    mean /= r.n ? r.n : 1;
    /* the fastest over any stretch of a second or more, as a line
     * analyser would see it, beside the line's own rate */
    double fastest = 0;
    for (int i = 0; i < r.n; i++)
        for (int j = r.n - 1; j > i; j--) {
            double s = (double)(r.at[j] - r.at[i]) / 1e9;
            if (s < 1.0)
                break;
            if ((j - i) / s > fastest)
                fastest = (j - i) / s;
        }
    double span = (double)(r.at[r.n - 1] - r.at[0]) / 1e6;
    double ideal_span = (r.n - 1) * t_char;
    printf("  %5d baud (%2d bits): %4d characters in %7.1f ms, ideal %7.1f "
           "ms: %+.2f%%; per character mean |error| %.2f ms, worst %+.2f ms "
           "(a character is %.2f ms); fastest second %.2f characters "
           "(the line: %.2f)\n", baud, bits, r.n, span, ideal_span,
           100.0 * (span - ideal_span) / ideal_span, mean, worst, t_char,
           fastest, 1e3 / t_char);
}

int main(void)
{
    printf("pacer: characters leaving the server against a perfect UART "
           "(never early is the rule; late is the error)\n");
    pace_bench(110, 11, 50);
    pace_bench(300, 10, 150);
    pace_bench(1200, 10, 600);
    return 0;
}
