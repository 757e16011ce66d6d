/*
 * bg_tool.h - subcommands of `ttyarcade backgammon` (command-line tools,
 * not part of the engine: they print).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef BG_TOOL_H
#define BG_TOOL_H

#include "bg_ai_int.h"

int bg_tool_main(int argc, char **argv);
int bg_tool_train(int argc, char **argv);
int bg_tool_duel(int argc, char **argv);

/* A player in a test match: a net at 0 ply, or (net NULL) a level. */
typedef struct bg_player { const bg_net *net; int level; } bg_player;
/* a against b, 2 * pairs games, the same dice both ways round (seeded by
 * seed and the pair); a's share of the wins. */
double bg_duel(const bg_player *a, const bg_player *b, int pairs,
               uint64_t seed, bg_ai *ai, bg_movelist *ml);

#endif
