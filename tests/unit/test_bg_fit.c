/*
 * test_bg_fit.c - `ttyarcade backgammon train --label / --fit / --check`:
 * the labels are the net's own look ahead at the positions of its
 * self-play, fitting moves the net towards them and records where they
 * came from, the check measures a net against given chances, and
 * --average takes the mean of one run's checkpoints.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "backgammon/bg.h"
#include "backgammon/bg_ai_int.h"
#include "backgammon/bg_netfile.h"
#include "backgammon/bg_tool.h"
#include "testutil.h"

#define REC (BG_POSID_LEN + BG_NOUT * (int)sizeof(float))

static char net_path[1024];

static const char *resource(void)
{
    const char *top = getenv("TTY_TOP");
    snprintf(net_path, sizeof net_path,
             "%s/games/backgammon/bg_weights.bin", top && *top ? top : ".");
    return net_path;
}

/* The games the engine's net was trained for, from its resource. */
static uint64_t trained_games(void)
{
    bg_netfile nf;
    char err[256];
    ck_assert_msg(bg_netfile_read(resource(), &nf, err, sizeof err) == 0,
                  "%s", err);
    uint64_t g = nf.games;
    bg_netfile_free(&nf);
    return g;
}

/* Label 3 games of the engine's net one roll ahead into path. */
static void label(const char *path, char *out, size_t size)
{
    char *argv[] = {"train", "--load", (char *)resource(), "--label",
                    (char *)path, "--games", "3", "--plies", "1", "--seed",
                    "5", NULL};
    ck_assert_int_eq(tu_tool_stdio(bg_tool_train, out, size, 1, 11, argv),
                     0);
}

typedef struct rec {
    bg_pos p;
    float v[BG_NOUT];
} rec;

/* The records of a labels file (after its header line). */
static int read_recs(const char *path, rec *r, int max, char *head,
                     size_t hsize)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(fgets(head, (int)hsize, f));
    char id[BG_POSID_LEN + 1] = "";
    int n = 0;
    while (n < max && fread(id, 1, BG_POSID_LEN, f) == BG_POSID_LEN &&
           fread(r[n].v, sizeof(float), BG_NOUT, f) == BG_NOUT) {
        ck_assert_int_eq(bg_posid_decode(id, &r[n].p), 0);
        n++;
    }
    fclose(f);
    return n;
}

/* The labels are the positions of a self-play game with the chances
 * bg_ai_probs_net finds a roll ahead, bit for bit, and the file says how
 * it was made. */
START_TEST(labels_are_the_look_ahead)
{
    char dir[512], path[600], out[4096], head[512];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/l.lab", dir);
    label(path, out, sizeof out);
    static rec r[2000];
    int n = read_recs(path, r, 2000, head, sizeof head);
    char said[64];
    snprintf(said, sizeof said, "label: %d positions from 3 games", n);
    ck_assert_msg(strstr(out, said) != NULL, "%s", out);
    ck_assert_int_gt(n, 30);
    char made[128];
    snprintf(made, sizeof made, "label --games 3 --plies 1 --seed 5 (the net "
             "of game %ld)\n", (long)trained_games());
    ck_assert_msg(strstr(head, made) != NULL, "%s", head);
    bg_ai *ai = bg_ai_new();
    bg_pos start;
    bg_pos_start(&start);
    for (int i = 0; i < n; i++) {
        float v[BG_NOUT];
        ck_assert(bg_bo_value(&r[i].p) < 0);    /* none the table knows */
        bg_ai_probs_net(ai, &bg_net_trained, &r[i].p, 1, v);
        ck_assert_int_eq(memcmp(v, r[i].v, sizeof v), 0);
    }
    /* the first position of each game (the start) is never labelled */
    for (int i = 0; i < n; i++)
        ck_assert(memcmp(&r[i].p, &start, sizeof start) != 0);
    bg_ai_free(ai);
    /* the same seed, the same file */
    char again[600], out2[4096], head2[512];
    snprintf(again, sizeof again, "%s/m.lab", dir);
    label(again, out2, sizeof out2);
    static rec r2[2000];
    ck_assert_int_eq(read_recs(again, r2, 2000, head2, sizeof head2), n);
    ck_assert_int_eq(memcmp(r, r2, sizeof(rec) * (size_t)n), 0);
    tu_rmdir(dir);
}
END_TEST

static double mean_error(const float *w1, const bg_netfile *nf, const rec *r,
                         int n)
{
    bg_net net = {nf->version, nf->nin, nf->nhid, nf->nout, w1, nf->b1,
                  nf->w2, nf->b2};
    double e = 0;
    for (int i = 0; i < n; i++) {
        float v[BG_NOUT];
        bg_net_value(&net, &r[i].p, v);
        for (int o = 0; o < BG_NOUT; o++)
            e += fabs(v[o] - r[i].v[o]);
    }
    return e / n;
}

/* Fitting brings the net nearer its labels, prints the held-out error of
 * each pass, and keeps the labels' provenance in the weights file. */
START_TEST(fit_moves_towards_the_labels)
{
    char dir[512], lab[600], net[600], out[8192], head[512], err[256];
    tu_tempdir(dir, sizeof dir);
    snprintf(lab, sizeof lab, "%s/l.lab", dir);
    snprintf(net, sizeof net, "%s/f.bin", dir);
    label(lab, out, sizeof out);
    char *argv[] = {"train", "--load", (char *)resource(), "--fit", lab,
                    "--epochs", "3", "--alpha", "0.05", "--alpha-end", "0.01",
                    "--seed", "7", "--test-pairs", "0", "--save", net, NULL};
    ck_assert_int_eq(tu_tool_stdio(bg_tool_train, out, sizeof out, 1, 17,
                                   argv), 0);
    ck_assert_msg(strstr(out, "fit: pass 0 ") && strstr(out, "fit: pass 3 "),
                  "%s", out);
    static rec r[2000];
    int n = read_recs(lab, r, 2000, head, sizeof head);
    bg_netfile before, after;
    ck_assert_msg(bg_netfile_read(resource(), &before, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_msg(bg_netfile_read(net, &after, err, sizeof err) == 0, "%s",
                  err);
    double e0 = mean_error(before.w1, &before, r, n);
    double e1 = mean_error(after.w1, &after, r, n);
    ck_assert_msg(e1 < e0, "error %f before, %f after", e0, e1);
    ck_assert(after.games == before.games);     /* no self-play games */
    ck_assert_ptr_nonnull(strstr(after.hist, "fit --epochs 3 --alpha 0.05 "
                                             "--alpha-end 0.01 --seed 7"));
    ck_assert_ptr_nonnull(strstr(after.hist, "label --games 3 --plies 1 "
                                             "--seed 5"));
    bg_netfile_free(&before);
    bg_netfile_free(&after);
    /* a file that is not labels is refused */
    char *bad[] = {"train", "--load", (char *)resource(), "--fit",
                   (char *)resource(), "--save", net, NULL};
    ck_assert_int_eq(tu_tool_stdio(bg_tool_train, out, sizeof out, 1, 7, bad),
                     1);
    ck_assert_ptr_nonnull(strstr(out, "is not a labels file"));
    tu_rmdir(dir);
}
END_TEST

/* The check: a net measured against its own chances is off by nothing;
 * against a win where it sees less, by the difference; lines that are
 * not positions are passed over. */
START_TEST(check_measures_against_given_chances)
{
    char dir[512], path[600], out[4096];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/ref.txt", dir);
    const char *contact = "4HPwATDgc/ABMA";
    char race[BG_POSID_LEN + 1];
    bg_pos p;
    memset(&p, 0, sizeof p);          /* three tiles on each of points 7-11 */
    for (int i = 6; i < 11; i++)
        p.s[0][i] = p.s[1][i] = 3;
    bg_posid_encode(&p, race);
    float v[BG_NOUT];
    ck_assert_int_eq(bg_posid_decode(contact, &p), 0);
    bg_net_value(&bg_net_trained, &p, v);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "%s %.6f %.6f %.6f %.6f %.6f\nnot a position\n", contact, v[0],
            v[1], v[2], v[3], v[4]);
    ck_assert_int_eq(bg_posid_decode(race, &p), 0);
    ck_assert(bg_pos_race(&p));
    bg_net_value(&bg_net_trained, &p, v);
    fprintf(f, "%s %.6f %.6f %.6f %.6f %.6f\n", race, v[0] - 0.25f, v[1],
            v[2], v[3], v[4]);
    fclose(f);
    char *argv[] = {"train", "--load", (char *)resource(), "--check", path,
                    "--plies", "1", NULL};
    ck_assert_int_eq(tu_tool_stdio(bg_tool_train, out, sizeof out, 1, 7,
                                   argv), 0);
    ck_assert_msg(strstr(out, "check: ply 0  all 2: 0.1250 0.0000 0.0000 "
                              "0.0000 0.0000  contact 1: 0.0000  race 1: "
                              "0.2500\n"), "%s", out);
    ck_assert_msg(strstr(out, "check: ply 1  all 2: "), "%s", out);
    tu_rmdir(dir);
}
END_TEST

/* --average: the mean of checkpoints of one run, and only of one run. */
START_TEST(average_of_one_runs_checkpoints)
{
    char dir[512], a[600], a1[620], m[600], o[600], out[4096], err[256];
    tu_tempdir(dir, sizeof dir);
    snprintf(a, sizeof a, "%s/a.bin", dir);
    snprintf(a1, sizeof a1, "%s.1", a);
    snprintf(m, sizeof m, "%s/m.bin", dir);
    snprintf(o, sizeof o, "%s/o.bin", dir);
    char *run[] = {"train", "--games", "2", "--keep", "1", "--report", "1",
                   "--test-pairs", "0", "--alpha", "0.1", "--save", a, NULL};
    ck_assert_int_eq(tu_tool_stdio(bg_tool_train, out, sizeof out, 1, 13,
                                   run), 0);
    char *avg[] = {"train", "--load", a, "--average", a1, "--save", m, NULL};
    ck_assert_int_eq(tu_tool_stdio(bg_tool_train, out, sizeof out, 1, 7, avg),
                     0);
    bg_netfile x, y, z;
    ck_assert_msg(bg_netfile_read(a, &x, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(bg_netfile_read(a1, &y, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(bg_netfile_read(m, &z, err, sizeof err) == 0, "%s", err);
    size_t n1 = (size_t)x.nin * (size_t)x.nhid, differ = 0;
    for (size_t i = 0; i < n1; i++) {
        ck_assert(z.w1[i] == (float)(((double)x.w1[i] + y.w1[i]) / 2));
        differ += x.w1[i] != y.w1[i];
    }
    ck_assert_uint_gt(differ, 0);       /* the game between them taught */
    for (int o2 = 0; o2 < x.nout; o2++)
        ck_assert(z.b2[o2] == (float)(((double)x.b2[o2] + y.b2[o2]) / 2));
    ck_assert(z.games == 2);
    ck_assert_ptr_nonnull(strstr(z.hist, "(from game 0)\naverage with the "
                                         "net of game 1 of the same "
                                         "commands\n"));
    bg_netfile_free(&x);
    bg_netfile_free(&y);
    bg_netfile_free(&z);
    /* a net of other commands is refused */
    char *other[] = {"train", "--games", "1", "--seed", "9", "--test-pairs",
                     "0", "--save", o, NULL};
    ck_assert_int_eq(tu_tool_stdio(bg_tool_train, out, sizeof out, 1, 9,
                                   other), 0);
    char *mixed[] = {"train", "--load", a, "--average", o, "--save", m, NULL};
    ck_assert_int_eq(tu_tool_stdio(bg_tool_train, out, sizeof out, 1, 7,
                                   mixed), 1);
    ck_assert_ptr_nonnull(strstr(out, "was not made by the commands"));
    tu_rmdir(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bg_fit");
    TCase *tc = tcase_create("fit");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, labels_are_the_look_ahead);
    tcase_add_test(tc, fit_moves_towards_the_labels);
    tcase_add_test(tc, check_measures_against_given_chances);
    tcase_add_test(tc, average_of_one_runs_checkpoints);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
