/*
 * test_ef_play.h - what the Eastern Front dialogue suites share: running
 * the game on the in-memory line and reading what it printed.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TEST_EF_PLAY_H
#define TEST_EF_PLAY_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "efront_text/ef.h"
#include "testutil.h"

/* What the ANSI game sends last as it leaves: attributes off, the screen
 * cleared, the cursor shown.  A test reads the screen played up to it. */
#define TEF_LEAVE "\033[0m\033[H\033[2J\033[?25h"

/* The game on a teletype (or another profile), seeded, keys typed. */
static inline char *efp_run(const char *profile, uint64_t seed,
                            const char *data, const char *keys)
{
    memline_opts o = { .game = "efront_text", .profile = profile,
                       .seed = seed, .data = data };
    char *out = tu_run(&o, keys);
    ck_assert_ptr_nonnull(out);
    return out;
}

/* Resume a code on the in-memory line. */
static inline char *efp_resume(const char *profile, uint64_t seed,
                               const char *data, const char *code,
                               const char *keys)
{
    memline_opts o = { .resume = code, .profile = profile, .seed = seed,
                       .data = data };
    char *out = tu_run(&o, keys);
    ck_assert_ptr_nonnull(out);
    return out;
}

/* A position saved as a campaign, for the dialogue to resume. */
typedef struct efp_pos {
    ef_state g;
    char code[TTY_CODE_SIZE];
    int rc;
} efp_pos;

static inline void efp_save(tty_io *io, void *ctx)
{
    efp_pos *m = ctx;
    uint8_t buf[EF_SAVE_MAX];
    int n = ef_save(&m->g, buf, sizeof buf);
    ck_assert_int_gt(n, 0);
    m->rc = tty_save(io, "efront_text", buf, (size_t)n, m->code);
}

/* Save m->g in the data directory dir; its code in m->code. */
static inline void efp_store(efp_pos *m, const char *dir)
{
    memline_opts o = { .run = efp_save, .ctx = m, .seed = 1, .data = dir };
    free(tu_run(&o, ""));
    ck_assert_int_eq(m->rc, 0);
}

/* 24 PANZER CORPS (#1) alone at Smolensk (26,24), ringed by four
 * Russian armies: out of supply.  Strengths 200. */
static inline void efp_ringed(ef_state *g)
{
    static const int ring[][3] = {{1, 26, 24}, {88, 27, 24}, {89, 25, 24},
                                  {90, 26, 25}, {91, 26, 23}};
    ef_new(g, 5, 0, NULL);
    ef_clear_board(g);
    for (size_t i = 0; i < sizeof ring / sizeof *ring; i++)
        ck_assert_int_eq(ef_put_unit(g, ring[i][0], ring[i][1], ring[i][2],
                                     200, 200), 0);
    ck_assert(!ef_supply_traced(g, 1));
}

/* The resume code printed after "RESUME CODE " (the first, or the last
 * when last is set). */
static inline void efp_code(const char *out, char code[TTY_CODE_SIZE],
                            int last)
{
    const char *p = NULL, *q = out;
    while ((q = strstr(q, "RESUME CODE ")) != NULL) {
        p = q;
        q += 12;
        if (!last)
            break;
    }
    ck_assert_ptr_nonnull(p);
    memcpy(code, p + 12, TTY_CODE_LEN);
    code[TTY_CODE_LEN] = 0;
}

/* The widest line of out, escape sequences (ESC [ ... letter) aside. */
static inline int efp_widest(const char *out)
{
    int widest = 0, col = 0;
    for (const char *p = out; *p; p++) {
        if (*p == '\033' && p[1] == '[') {
            for (p += 2; *p && !((*p >= 'A' && *p <= 'Z') ||
                                 (*p >= 'a' && *p <= 'z')); p++)
                ;
            if (!*p)
                break;
            continue;
        }
        if (*p == '\r' || *p == '\n') {
            col = 0;
            continue;
        }
        if (++col > widest)
            widest = col;
    }
    return widest;
}

/* The same on a 72-column glass terminal, whose line neither wraps nor
 * folds case: what the game itself prints. */
static inline char *efp_run_glass72(uint64_t seed, const char *data,
                                    const char *keys)
{
    memline_opts o = { .game = "efront_text", .profile = "glass",
                       .width = 72, .seed = seed, .data = data };
    char *out = tu_run(&o, keys);
    ck_assert_ptr_nonnull(out);
    return out;
}

/* What the game prints in its teletype dialect (the keys typed in upper
 * case) fits a Model 33 by itself: at most 72 columns, upper case, no ~.
 * Run on glass, as the asr33 line would wrap and fold it anyway. */
static inline void efp_fits_a_teletype(uint64_t seed, const char *data,
                                       const char *keys)
{
    char *out = efp_run_glass72(seed, data, keys);
    ck_assert_int_le(efp_widest(out), 72);
    for (const char *p = out; *p; p++)
        ck_assert_msg(!(*p >= 'a' && *p <= 'z') && *p != '~',
                      "a teletype cannot print '%c'", *p);
    free(out);
}

/* The text after the first occurrence of marker (the test fails if it is
 * missing). */
static inline const char *efp_after(const char *out, const char *marker)
{
    const char *p = strstr(out, marker);
    ck_assert_msg(p != NULL, "missing: %s", marker);
    return p + strlen(marker);
}

#endif
