/*
 * ck_weights_gen.c - build-time program: turns the learned evaluation's
 * weights (ck_weights.txt, written by "ttyarcade checkers train") into C.
 *
 *   ck_weights_gen ck_weights.txt > ck_weights.c
 *
 * The file: '#' lines are comments (the command and seed that made it),
 * "hand N" is the hand-written evaluation's factor in thousandths, and
 * each "w PHASE REGION PATTERN VALUE" line a pattern weight (weights not
 * listed are 0).  A malformed file stops the build with its line number.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck_learn.h"

static int16_t w[CK_LEARN_NW];

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: ck_weights_gen WEIGHTS.txt > out.c\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    char line[256];
    long hand = -1;
    int ln = 0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        int ph, rg, pt, v;
        char extra;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "hand %ld %c", &hand, &extra) == 1)
            continue;
        if (sscanf(line, "w %d %d %d %d %c", &ph, &rg, &pt, &v, &extra) == 4 &&
            ph >= 0 && ph < CK_LEARN_PHASES && rg >= 0 &&
            rg < CK_LEARN_REGIONS && pt >= 0 && pt < CK_LEARN_PATTERNS &&
            v >= -32768 && v <= 32767) {
            w[ck_learn_at(ph, rg, pt)] = (int16_t)v;
            continue;
        }
        fprintf(stderr, "%s:%d: not a weight line\n", argv[1], ln);
        return 1;
    }
    fclose(f);
    if (hand < 0) {
        fprintf(stderr, "%s: no 'hand' line\n", argv[1]);
        return 1;
    }
    printf("/* generated from %s by ck_weights_gen */\n", argv[1]);
    printf("#include \"checkers/ck_learn.h\"\n");
    printf("const int32_t ck_weights_hand = %ld;\n", hand);
    printf("const uint16_t ck_tern8[256] = {");
    for (int b = 0; b < 256; b++) {
        int t = 0, p3 = 1;
        for (int k = 0; k < 8; k++, p3 *= 3)
            if (b & (1 << k))
                t += p3;
        printf("%s%d,", b % 16 ? " " : "\n    ", t);
    }
    printf("\n};\nconst int16_t ck_weights[CK_LEARN_NW] = {");
    for (int i = 0; i < CK_LEARN_NW; i++)
        printf("%s%d,", i % 16 ? " " : "\n    ", w[i]);
    printf("\n};\n");
    return 0;
}
