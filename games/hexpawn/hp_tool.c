/*
 * hp_tool.c - `ttyarcade hexpawn ...`, the engine's command-line tool:
 *   learn   play games against a built-in opponent on a scratch memory and
 *           tell who won each, then how long the machine took to learn
 *   tables  the 33 models with their move lists, as the RESTORE list has
 *           them
 *   reset, learned  the shared memory of a data directory (hp_reset.c)
 * A command-line program: it prints with stdio.  hp_tool_run takes the
 * streams so the unit tests can read what it prints.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hp.h"

static const char hp_usage[] =
    "usage: ttyarcade hexpawn learn [--games N] [--opponent exhaustive|random]\n"
    "                               [--seed S] [--quiet] [--show]\n"
    "       ttyarcade hexpawn tables\n"
    "       ttyarcade hexpawn reset [--data DIR]\n"
    "       ttyarcade hexpawn learned [--data DIR]\n"
    "\n"
    "learn   The machine plays N games (default 100) from its initial state\n"
    "        of ignorance against a built-in opponent: 'exhaustive' (the\n"
    "        default) tries every line of play in turn, 'random' picks its\n"
    "        moves at random.  One line per game says who won; at the end,\n"
    "        only what the run proves: every line of play is played out\n"
    "        from its last loss on, and 'learned in N games' means no line\n"
    "        beats it any more; otherwise a line that still does.\n"
    "        The result is a pure function of --seed (default 0).\n"
    "        --quiet prints only the summary, --show what it has learned.\n"
    "tables  The 33 board models of the book's listing and their moves.\n"
    "reset   Return the memory the players share (kept in the data\n"
    "        directory, default $TTYARCADE_DATA or ~/.local/share/ttyarcade)\n"
    "        to its initial state of ignorance.  Players pick it up when\n"
    "        their next game starts.\n"
    "learned What the shared memory has learned: the models, struck moves\n"
    "        in brackets.\n";

static const char *const hp_outcome_text[] = {
    [HP_GO_ON] = "",
    [HP_YOU_WIN] = "YOU WIN.",
    [HP_CONCEDE] = "I CONCEDE! YOU WIN.",
    [HP_NO_GOOD] = "NO GOOD! MUST START AGAIN",
    [HP_I_WIN] = "I WIN! YOU LOSE!",
    [HP_DRAW] = "DRAW,NO ONE WINS.",
    [HP_NO_PAWNS] = "I WIN! YOU HAVE NO PAWNS.",
};

static const char *const hp_side_text[] = {
    [HP_SIDE_NONE] = "nobody",
    [HP_SIDE_HUMAN] = "opponent",
    [HP_SIDE_MACHINE] = "machine",
    [HP_SIDE_DRAW] = "draw",
};

void hp_tool_models(FILE *out, const hp_memory *mem)
{
    hp_learned_model lm[HP_MODELS];
    int struck = hp_learned(mem, lm);
    for (int k = 0; k < HP_MODELS; k++) {
        char b[HP_BOARD_TEXT_SIZE];
        hp_board_text(lm[k].x, lm[k].o, b);
        fprintf(out, "model %2d  %s  %03o %03o  ", lm[k].model, b,
                lm[k].x, lm[k].o);
        for (int i = 0; i < lm[k].n; i++) {
            const hp_learned_move *mv = &lm[k].mv[i];
            char m[16];
            if (mv->kind == HP_KIND_DRAW)
                snprintf(m, sizeof m, "draw");
            else
                snprintf(m, sizeof m, "%d%c%d%s", mv->from,
                         mv->kind == HP_KIND_CAPTURE ? 'x' : '-', mv->to,
                         mv->kind == HP_KIND_WIN ? "!" : "");
            fprintf(out, mv->struck ? " [%s]" : "  %s ", m);
        }
        fprintf(out, "%s\n", lm[k].left ? "" : "   (will concede)");
    }
    fprintf(out, "moves struck: %d\n", struck);
}

static int hp_parse_long(const char *s, long lo, long hi, long *v)
{
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    if (errno || end == s || *end || n < lo || n > hi)
        return -1;
    *v = n;
    return 0;
}

/*
 * What the run proves, and only that: a stretch without a loss is not a
 * proof (the winning line may not have been tried yet), so the verdict
 * comes from playing out every line (hp_proof.c) from the memory the last
 * loss left, and failing that from the memory at the end.
 */
static void hp_learn_verdict(FILE *out, const hp_learner *l, long last_loss,
                             long games, const hp_memory *after_loss,
                             uint8_t after_last)
{
    hp_proof p;
    int rc = last_loss ? hp_prove(after_loss, after_last, &p) : 0;
    if (rc == 1) {
        fprintf(out, "learned in %ld games: its last loss was game %ld, and "
                "from then on no line of play beats it (proven: %ld games "
                "played out from %d states of its memory)\n", last_loss,
                last_loss, p.lines, p.states);
        return;
    }
    rc = hp_prove(&l->mem, l->st.last, &p);
    if (rc == 1) {
        fprintf(out, "learned by game %ld: after it no line of play beats "
                "it (proven: %ld games played out from %d states of its "
                "memory); its last loss was game %ld\n", games, p.lines,
                p.states, last_loss);
        return;
    }
    if (rc < 0) {
        fprintf(out, "not settled: out of memory while checking every line "
                "of play\n");
        return;
    }
    fprintf(out, "still learning: it can be beaten %s, for example by",
            p.first ? "in the next game" : "after games that change what it "
                                           "knows");
    for (int i = 0; i < p.nwin; i++)
        fprintf(out, " %d-%d", p.win_fm[i], p.win_to[i]);
    if (last_loss)
        fprintf(out, "; its last loss was game %ld", last_loss);
    if (games > last_loss)
        fprintf(out, " (no loss in the %ld games after, which proves "
                "nothing)", games - last_loss);
    fputs("\n", out);
}

static int hp_learn(FILE *out, FILE *err, int argc, char **argv)
{
    long games = 100, seed = 0;
    int opponent = HP_OPP_EXHAUSTIVE, quiet = 0, show = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--quiet")) {
            quiet = 1;
        } else if (!strcmp(a, "--show")) {
            show = 1;
        } else if (!strcmp(a, "--games") && v) {
            if (hp_parse_long(v, 1, 100000000L, &games) < 0)
                goto bad;
            i++;
        } else if (!strcmp(a, "--seed") && v) {
            if (hp_parse_long(v, 0, 0x7fffffffL, &seed) < 0)
                goto bad;
            i++;
        } else if (!strcmp(a, "--opponent") && v) {
            if (!strcmp(v, "exhaustive"))
                opponent = HP_OPP_EXHAUSTIVE;
            else if (!strcmp(v, "random"))
                opponent = HP_OPP_RANDOM;
            else
                goto bad;
            i++;
        } else {
            goto bad;
        }
        continue;
    bad:
        fprintf(err, "hexpawn learn: bad argument '%s'\n", a);
        fputs(hp_usage, err);
        return 2;
    }

    hp_learner l;
    hp_learner_init(&l, opponent, (uint64_t)seed);
    long won[4] = { 0 }, last_loss = 0;
    hp_memory after_loss = l.mem;   /* as the last loss left it */
    uint8_t after_last = l.st.last;
    for (long g = 1; g <= games; g++) {
        hp_game_log log;
        int w = hp_learner_play(&l, &log);
        won[w]++;
        if (w == HP_SIDE_HUMAN) {
            last_loss = g;
            after_loss = l.mem;
            after_last = l.st.last;
        }
        if (quiet)
            continue;
        fprintf(out, "game %ld: %-8s %-26s", g, hp_side_text[w],
                log.outcome == HP_NO ? "(opponent cannot move)"
                                     : hp_outcome_text[log.outcome]);
        for (int i = 0; i < log.nmoves; i++)
            fprintf(out, " %d-%d", log.fm[i], log.to[i]);
        if (log.struck >= 0)
            fprintf(out, "  struck 004 %03o", log.struck);
        fputc('\n', out);
    }
    fprintf(out, "opponent %s, seed %ld: %ld games; the machine won %ld, "
            "lost %ld, drew %ld, %ld without result\n",
            opponent == HP_OPP_RANDOM ? "random" : "exhaustive", seed,
            games, won[HP_SIDE_MACHINE], won[HP_SIDE_HUMAN],
            won[HP_SIDE_DRAW], won[HP_SIDE_NONE]);
    hp_learn_verdict(out, &l, last_loss, games, &after_loss, after_last);
    if (show)
        hp_tool_models(out, &l.mem);
    return 0;
}

int hp_tool_run(FILE *out, FILE *err, int argc, char **argv)
{
    if (argc < 2) {
        fputs(hp_usage, err);
        return 2;
    }
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(hp_usage, out);
            return 0;
        }
    if (!strcmp(argv[1], "learn"))
        return hp_learn(out, err, argc, argv);
    if (!strcmp(argv[1], "reset") || !strcmp(argv[1], "learned"))
        return hp_tool_store(out, err, argc, argv);
    if (!strcmp(argv[1], "tables")) {
        hp_memory mem;
        hp_memory_reset(&mem);
        hp_tool_models(out, &mem);
        return 0;
    }
    fprintf(err, "hexpawn: unknown command '%s'\n", argv[1]);
    fputs(hp_usage, err);
    return 2;
}

int hp_tool_main(int argc, char **argv)
{
    return hp_tool_run(stdout, stderr, argc, argv);
}
