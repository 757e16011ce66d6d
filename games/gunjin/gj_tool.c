/*
 * gj_tool.c - `ttyarcade gunjin ...`: engine tools on the command line.
 *
 *   ttyarcade gunjin combat A D
 *       The umpire's outcome of attacker type A against defender type D
 *       (0..15, the seed's order), then what combat alone leaves: the exact
 *       set of attacker types that would have produced this outcome against
 *       D, and of defender types against A, as 4 hex digits each (bit n =
 *       type n; the Banner bit is always kept).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gj.h"
#include "gj_tool.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade gunjin combat A D\n"
        "  A, D: attacker and defender types, 0..15:\n");
    for (int t = 0; t < GJ_TYPES; t++)
        fprintf(f, "    %2d %s\n", t, gj_type_name[t]);
    fprintf(f,
        "Prints the outcome (ATTACKER, DEFENDER or BOTH) and the masks of\n"
        "types combat alone leaves possible: the attackers (0..13) that would\n"
        "have produced it against D, then the defenders (0..14) that would\n"
        "have against A, as 4 hex digits (bit n = type n; the Banner bit 15\n"
        "is always kept, since a Banner fights as the piece behind it).\n");
}

static int type_arg(const char *s)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < 0 || v >= GJ_TYPES)
        return -1;
    return (int)v;
}

static int cmd_combat(int argc, char **argv)
{
    if (argc != 3) {
        usage(stderr);
        return 2;
    }
    int a = type_arg(argv[1]), d = type_arg(argv[2]);
    if (a < 0 || d < 0) {
        fprintf(stderr, "gunjin combat: types are 0..15\n");
        return 2;
    }
    int o = gj_outcome(a, d);
    printf("%s %04x %04x\n", gj_outcome_name[o], gj_attacker_mask(o, d),
           gj_defender_mask(o, a));
    return 0;
}

int gj_tool_main(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
                      strcmp(argv[1], "-h") == 0)) {
        usage(stdout);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "combat") == 0) {
        if (argc == 3 && strcmp(argv[2], "--help") == 0) {
            usage(stdout);
            return 0;
        }
        return cmd_combat(argc - 1, argv + 1);
    }
    usage(stderr);
    return 2;
}
