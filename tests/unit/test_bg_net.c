/*
 * test_bg_net.c - the backgammon tables make generates: the bearing-off
 * table computed from the rules and the net converted from its binary
 * resource must be exactly those the engine was measured with (their
 * checksums and evaluations of known positions, recorded when they were
 * still committed C), the weights file round-trips every bit and refuses
 * a damaged copy, and a training checkpoint carries the generator on.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backgammon/bg.h"
#include "backgammon/bg_bearoff.h"
#include "backgammon/bg_net.h"
#include "backgammon/bg_netfile.h"
#include "backgammon/bg_tool.h"
#include "testutil.h"

/* The net in games/backgammon/bg_weights.bin, as it was measured: the
 * first of its training commands, the games it was trained for, its
 * checksum and its five chances for known positions (bit for bit, as %a
 * prints them, the hidden sums made in bg_net.c's order: the side on
 * roll's own inputs first). */
#define NET_FIRST_COMMAND "train --games 3000000 --alpha 0.04 " \
    "--alpha-end 0.004 --lambda 0.7 --seed 2026 (from game 0)"
#define NET_GAMES 5000000
#define NET_FNV 0x7a8254a2u
#define NET_KNOWN \
    {"4HPwATDgc/ABMA", {0x1.0b624ep-1f, 0x1.13a392p-3f, 0x1.6ec7f4p-8f, 0x1.f79852p-4f, 0x1.30baa8p-8f}}, \
    {"0HPiATDgc/ABMA", {0x1.1666f8p-1f, 0x1.4466fep-3f, 0x1.c2457ep-8f, 0x1.110a66p-3f, 0x1.64ca1ep-8f}}, \
    {"4NvgATDgc/ABMA", {0x1.e34b6cp-2f, 0x1.eb528cp-4f, 0x1.5a737ap-8f, 0x1.2c08e4p-3f, 0x1.5fd0bcp-8f}}, \
    {"jGfkASjg8wcBMA", {0x1.e10708p-2f, 0x1.2906aep-3f, 0x1.b340c4p-8f, 0x1.503322p-3f, 0x1.0e0328p-7f}}, \
    {"sNvBATDYOwAAAA", {0x1.e7700ep-1f, 0x1.7185cap-1f, 0x1.595facp-5f, 0x0p+0f, 0x0p+0f}}

static uint32_t fnv(uint32_t h, const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++) {
        h ^= c[i];
        h *= 16777619u;
    }
    return h;
}

static uint32_t net_fnv(const float *w1, const float *b1, const float *w2,
                        const float *b2, int nin, int nhid, int nout)
{
    uint32_t h = 2166136261u;
    h = fnv(h, w1, sizeof(float) * (size_t)nin * (size_t)nhid);
    h = fnv(h, b1, sizeof(float) * (size_t)nhid);
    h = fnv(h, w2, sizeof(float) * (size_t)nout * (size_t)nhid);
    return fnv(h, b2, sizeof(float) * (size_t)nout);
}

/* The tables as they were when the engine was measured (bench_bg): the
 * net's checksum and its five chances for known positions, and the
 * bearing-off table's checksum. */
START_TEST(tables_as_measured)
{
    const bg_net *n = &bg_net_trained;
    ck_assert_int_eq(n->version, BG_NET_VERSION);
    ck_assert_int_eq(n->nin, BG_NET_NIN);
    ck_assert_int_eq(n->nhid, BG_NET_NHID);
    ck_assert_int_eq(n->nout, BG_NET_NOUT);
    ck_assert_uint_eq(net_fnv(n->w1, n->b1, n->w2, n->b2, n->nin, n->nhid,
                              n->nout), NET_FNV);
    ck_assert_uint_eq(fnv(2166136261u, bg_bo_table, sizeof bg_bo_table),
                      0x71b323b8u);
    static const struct { const char *id; float v[BG_NOUT]; } known[] = {
        NET_KNOWN
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        bg_pos p;
        float v[BG_NOUT];
        ck_assert_int_eq(bg_posid_decode(known[i].id, &p), 0);
        bg_net_eval(n, &p, v);
        for (int o = 0; o < BG_NOUT; o++)
            ck_assert_float_eq_tol(v[o], known[i].v[o], 1e-6f);
    }
}
END_TEST

/* What make compiled in is bit for bit the versioned resource. */
START_TEST(compiled_net_is_the_resource)
{
    const char *top = getenv("TTY_TOP");
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/games/backgammon/bg_weights.bin",
             top && *top ? top : ".");
    bg_netfile nf;
    ck_assert_msg(bg_netfile_read(path, &nf, err, sizeof err) == 0, "%s", err);
    const bg_net *n = &bg_net_trained;
    ck_assert_int_eq(nf.nin, n->nin);
    ck_assert_int_eq(nf.nhid, n->nhid);
    ck_assert_int_eq(nf.nout, n->nout);
    size_t nh = (size_t)nf.nhid;
    ck_assert_int_eq(memcmp(nf.w1, n->w1, sizeof(float) * (size_t)nf.nin *
                                              nh), 0);
    ck_assert_int_eq(memcmp(nf.b1, n->b1, sizeof(float) * nh), 0);
    ck_assert_int_eq(memcmp(nf.w2, n->w2, sizeof(float) * nh *
                                              (size_t)nf.nout), 0);
    ck_assert_int_eq(memcmp(nf.b2, n->b2, sizeof(float) * (size_t)nf.nout),
                     0);
    /* Its provenance: the training commands, from game 0. */
    ck_assert_ptr_nonnull(strstr(nf.hist, NET_FIRST_COMMAND));
    ck_assert_ptr_nonnull(strstr(nf.hist, "train --games 2800000 --alpha "
                                          "0.006 --alpha-end 0.001 --lambda "
                                          "0.7 (from game 1600000)\n"
                                          "train --games 7300000 --alpha "
                                          "0.004 --alpha-end 0.0005 --lambda "
                                          "0.7 (from game 2800000)\n"
                                          "average with the net of game "
                                          "4000000 of the same commands\n"));
    ck_assert(nf.games == NET_GAMES);
    bg_netfile_free(&nf);
}
END_TEST

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc(*len);
    ck_assert_uint_eq(fread(b, 1, *len, f), *len);
    fclose(f);
    return b;
}

static void spill(const char *path, const char *b, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(b, 1, len, f), len);
    fclose(f);
}

/* Every float comes back with the same bits (negative zero, a denormal,
 * a NaN, values %g would round), and a damaged file is refused. */
START_TEST(netfile_round_trip)
{
    char dir[512], path[600], err[256];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/net.bin", dir);
    float w1[6] = {1.0f / 3, -0.0f, 1e-40f, NAN, 0x1.fffffep+127f, -2.5f};
    float b1[2] = {0.1f, -0.7f}, w2[4] = {3.14159265f, 1e-7f, -1, 2};
    float b2[2] = {-1.25e-3f, 7};
    bg_netfile out = {
        .version = 7, .nin = 3, .nhid = 2, .nout = 2,
        .games = 123456789012ull, .rng = 0xfedcba9876543210ull, .w1 = w1,
        .b1 = b1, .w2 = w2, .b2 = b2,
    };
    strcpy(out.hist, "train --games 1 (from game 0)\n");
    ck_assert_int_eq(bg_netfile_write(path, &out), 0);
    bg_netfile in;
    ck_assert_msg(bg_netfile_read(path, &in, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(in.version, 7);
    ck_assert_int_eq(in.nin, 3);
    ck_assert_int_eq(in.nhid, 2);
    ck_assert_int_eq(in.nout, 2);
    ck_assert(in.games == out.games && in.rng == out.rng);
    ck_assert_str_eq(in.hist, out.hist);
    ck_assert_int_eq(memcmp(in.w1, w1, sizeof w1), 0);
    ck_assert_int_eq(memcmp(in.b1, b1, sizeof b1), 0);
    ck_assert_int_eq(memcmp(in.w2, w2, sizeof w2), 0);
    ck_assert_int_eq(memcmp(in.b2, b2, sizeof b2), 0);
    bg_netfile_free(&in);

    size_t len;
    char *b = slurp(path, &len);
    b[len / 2] ^= 0x10;                 /* one bit of a weight */
    spill(path, b, len);
    ck_assert_int_eq(bg_netfile_read(path, &in, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "checksum"));
    b[len / 2] ^= 0x10;
    spill(path, b, len - 9);            /* cut short */
    ck_assert_int_eq(bg_netfile_read(path, &in, err, sizeof err), -1);
    spill(path, "BGNT", 4);             /* not this format */
    ck_assert_int_eq(bg_netfile_read(path, &in, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "not a net weights file"));
    free(b);
    tu_rmdir(dir);
}
END_TEST

static size_t put_u32(unsigned char *b, size_t n, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[n++] = (unsigned char)(v >> (8 * i));
    return n;
}

/* A format 1 file (the nets of one output, before the gammons) still
 * reads, as one output: written here byte by byte as that format was. */
START_TEST(netfile_format1)
{
    char dir[512], path[600], err[256];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/old.bin", dir);
    unsigned char b[128];
    size_t n = 4;
    memcpy(b, "BGNF", 4);
    n = put_u32(b, n, 1);               /* format 1 */
    n = put_u32(b, n, 3);               /* net version */
    n = put_u32(b, n, 2);               /* inputs */
    n = put_u32(b, n, 2);               /* hidden */
    n = put_u32(b, n, 42);              /* games, 64 bits */
    n = put_u32(b, n, 0);
    n = put_u32(b, n, 0);               /* no generator */
    n = put_u32(b, n, 0);
    n = put_u32(b, n, 3);               /* the history */
    memcpy(b + n, "hi\n", 3);
    n += 3;
    /* w1[2][2], b1[2], w2[2], b2 */
    const float f[9] = {1, 2, 3, 4, 0.5f, -0.5f, 5, 6, 7};
    for (int i = 0; i < 9; i++) {
        uint32_t v;
        memcpy(&v, &f[i], 4);
        n = put_u32(b, n, v);
    }
    n = put_u32(b, n, bg_netfile_crc(0, b, n));
    spill(path, (const char *)b, n);
    bg_netfile in;
    ck_assert_msg(bg_netfile_read(path, &in, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(in.version, 3);
    ck_assert_int_eq(in.nin, 2);
    ck_assert_int_eq(in.nhid, 2);
    ck_assert_int_eq(in.nout, 1);
    ck_assert(in.games == 42 && in.rng == 0);
    ck_assert_str_eq(in.hist, "hi\n");
    ck_assert_int_eq(memcmp(in.w1, f, 4 * sizeof(float)), 0);
    ck_assert_int_eq(memcmp(in.b1, f + 4, 2 * sizeof(float)), 0);
    ck_assert_int_eq(memcmp(in.w2, f + 6, 2 * sizeof(float)), 0);
    ck_assert_float_eq(in.b2[0], 7.0f);
    bg_netfile_free(&in);
    tu_rmdir(dir);
}
END_TEST

/* `ttyarcade backgammon train --games N --save FILE [--load FROM]`. */
static void train(const char *games, const char *save, const char *load)
{
    char *argv[] = {"train", "--games", (char *)games, "--test-pairs", "0",
                    "--report", "1", "--save", (char *)save, "--load",
                    (char *)load, NULL};
    char out[4096];
    ck_assert_int_eq(tu_tool_stdio(bg_tool_train, out, sizeof out, 1,
                                   load ? 11 : 9, argv), 0);
}

/* Stopping at a checkpoint and going on gives the very net that training
 * straight through gives: the generator's state is in the checkpoint. */
START_TEST(checkpoint_carries_the_generator)
{
    char dir[512], a[600], b[600], err[256];
    tu_tempdir(dir, sizeof dir);
    snprintf(a, sizeof a, "%s/a.bin", dir);
    snprintf(b, sizeof b, "%s/b.bin", dir);
    train("3", b, NULL);                /* straight to 3 games */
    train("1", a, NULL);                /* 1 game, then on to 3 */
    train("3", a, a);
    bg_netfile x, y;
    ck_assert_msg(bg_netfile_read(a, &x, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(bg_netfile_read(b, &y, err, sizeof err) == 0, "%s", err);
    ck_assert(x.games == 3 && y.games == 3);
    ck_assert(x.rng == y.rng && x.rng != 0);
    ck_assert_uint_eq(net_fnv(x.w1, x.b1, x.w2, x.b2, x.nin, x.nhid,
                              x.nout),
                      net_fnv(y.w1, y.b1, y.w2, y.b2, y.nin, y.nhid,
                              y.nout));
    ck_assert_ptr_nonnull(strstr(x.hist, "(from game 1)"));
    bg_netfile_free(&x);
    bg_netfile_free(&y);
    tu_rmdir(dir);
}
END_TEST

/* --stop N ends a command at game N with the weights its --games would
 * have had there (the checkpoint --keep takes at N), for another command
 * to go on from. */
START_TEST(stop_is_a_checkpoint)
{
    char dir[512], a[600], b[600], b2[620], err[256], out[4096];
    tu_tempdir(dir, sizeof dir);
    snprintf(a, sizeof a, "%s/a.bin", dir);
    snprintf(b, sizeof b, "%s/b.bin", dir);
    snprintf(b2, sizeof b2, "%s.2", b);
    char *stop[] = {"train", "--games", "4", "--stop", "2", "--alpha", "0.05",
                    "--alpha-end", "0.01", "--test-pairs", "0", "--report",
                    "1", "--save", a, NULL};
    char *keep[] = {"train", "--games", "4", "--keep", "2", "--alpha", "0.05",
                    "--alpha-end", "0.01", "--test-pairs", "0", "--report",
                    "1", "--save", b, NULL};
    ck_assert_int_eq(tu_tool_stdio(bg_tool_train, out, sizeof out, 1, 15,
                                   stop), 0);
    ck_assert_int_eq(tu_tool_stdio(bg_tool_train, out, sizeof out, 1, 15,
                                   keep), 0);
    bg_netfile x, y;
    ck_assert_msg(bg_netfile_read(a, &x, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(bg_netfile_read(b2, &y, err, sizeof err) == 0, "%s", err);
    ck_assert(x.games == 2 && y.games == 2 && x.rng == y.rng);
    ck_assert_uint_eq(net_fnv(x.w1, x.b1, x.w2, x.b2, x.nin, x.nhid,
                              x.nout),
                      net_fnv(y.w1, y.b1, y.w2, y.b2, y.nin, y.nhid,
                              y.nout));
    bg_netfile_free(&x);
    bg_netfile_free(&y);
    /* going on from it, the generator goes on: no --seed recorded */
    char *on[] = {"train", "--load", a, "--games", "3", "--test-pairs", "0",
                  "--save", a, NULL};
    ck_assert_int_eq(tu_tool_stdio(bg_tool_train, out, sizeof out, 1, 9, on),
                     0);
    ck_assert_msg(bg_netfile_read(a, &x, err, sizeof err) == 0, "%s", err);
    ck_assert_ptr_nonnull(strstr(x.hist, "--lambda 0.7 (from game 2)\n"));
    ck_assert_ptr_nonnull(strstr(x.hist, "--seed 1 (from game 0)\n"));
    bg_netfile_free(&x);
    tu_rmdir(dir);
}
END_TEST

/* A move list's positions, the other side then on roll, evaluated from
 * the sums of that side's own inputs made once (as the searches do) come
 * out bit for bit as evaluated whole: the plays that hit, which change
 * that side's board, as well; and the win alone, asked for alone, is the
 * same win. */
START_TEST(a_list_shares_the_side_on_roll)
{
    const bg_net *net = &bg_net_trained;
    bg_movelist *ml = malloc(sizeof *ml);
    bg_xrng x;
    bg_xrng_seed(&x, 7);
    bg_rng r = { bg_xrng_next, &x };
    bg_pos p;
    int positions = 0, hits = 0, same = 0;
    for (int game = 0; game < 6; game++) {
        bg_pos_start(&p);
        for (int ply = 0; ply < 120; ply++) {
            int d1 = bg_roll_die(&r), d2 = bg_roll_die(&r);
            bg_moves(&p, d1, d2, BG_RULES_STANDARD, ml);
            if (ml->n == 0) {
                bg_pos_swap(&p);
                continue;
            }
            bg_net_fix fix;
            bg_net_fix_make(net, p.s[1], &fix);
            for (int k = 0; k < ml->n; k++) {
                bg_pos q = ml->m[k].after;
                if (bg_pos_won(&q, 0))
                    continue;
                bg_pos_swap(&q);
                float whole[BG_NOUT], fixed[BG_NOUT], win[BG_NOUT];
                bg_net_eval(net, &q, whole);
                bg_net_eval_fixed(net, &fix, &q, BG_NOUT, fixed);
                bg_net_eval_fixed(net, &fix, &q, 1, win);
                ck_assert(memcmp(whole, fixed, sizeof whole) == 0);
                ck_assert(memcmp(&whole[BG_OUT_WIN], &win[BG_OUT_WIN],
                                 sizeof(float)) == 0);
                for (int o = 1; o < BG_NOUT; o++)
                    ck_assert(win[o] == 0);
                positions++;
                if (memcmp(q.s[0], p.s[1], sizeof q.s[0]) != 0)
                    hits++;
                else
                    same++;
            }
            bg_move m = ml->m[(int)(bg_xrng_next(&x) % (uint32_t)ml->n)];
            if (bg_pos_won(&m.after, 0))
                break;
            p = m.after;
            bg_pos_swap(&p);
        }
    }
    free(ml);
    ck_assert_int_gt(positions, 1000);
    ck_assert_int_gt(hits, 50);
    ck_assert_int_gt(same, 500);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bg_net");
    TCase *tc = tcase_create("net");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, tables_as_measured);
    tcase_add_test(tc, compiled_net_is_the_resource);
    tcase_add_test(tc, netfile_round_trip);
    tcase_add_test(tc, netfile_format1);
    tcase_add_test(tc, checkpoint_carries_the_generator);
    tcase_add_test(tc, stop_is_a_checkpoint);
    tcase_add_test(tc, a_list_shares_the_side_on_roll);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
