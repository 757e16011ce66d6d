/*
 * bg_stakes.c - what a game is played for under the STANDARD rules: the
 * doubling cube, the points a game scores, a match to N points with the
 * Crawford rule, money play with the Jacoby rule and beavers.
 *
 * The rules, as GNU Backgammon and FIBS play them:
 *   - A game scores its winner the cube's value, twice that for a gammon
 *     (the loser has borne off nothing) and three times for a backgammon
 *     (nothing off and a tile still on the bar or in the winner's home).
 *   - Before his throw, a player who holds the cube, or anyone while it
 *     is in the middle, may double.  The other passes, and loses the
 *     game at the cube's value before the double, or takes, and holds the
 *     cube at twice its value: from then on only he may double again.
 *   - Money play: with the Jacoby rule gammons and backgammons count only
 *     once the cube has been turned; with beavers a doubled player may
 *     take and at once redouble, keeping the cube (at four times).
 *   - A match: the first to reach its length wins.  The first game after
 *     a player comes within one point of it is the Crawford game, in
 *     which nobody may double; in the games after it the cube is free
 *     again (the trailer doubles at once: he has nothing to lose).
 * Under the ATARI rules (BG_SINGLE) there is no cube: the article's game.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "bg.h"

void bg_state_stakes(bg_state *g, int stakes, int length, int jacoby,
                     int beavers)
{
    g->stakes = g->rules == BG_RULES_STANDARD ? stakes : BG_SINGLE;
    g->length = g->stakes == BG_MATCH ? length : 0;
    g->jacoby = g->stakes == BG_MONEY && jacoby;
    g->beavers = g->stakes == BG_MONEY && beavers;
    g->score[0] = g->score[1] = 0;
    g->games = 0;
    g->crawford = g->post_crawford = 0;
}

void bg_state_cubeinfo(const bg_state *g, bg_cubeinfo *ci)
{
    int me = g->turn;
    memset(ci, 0, sizeof *ci);
    ci->value = g->cube;
    ci->owner = g->owner == BG_CENTRE ? BG_CENTRE : g->owner != me;
    if (g->stakes == BG_MATCH) {
        ci->match = g->length;
        ci->away[0] = g->length - g->score[me];
        ci->away[1] = g->length - g->score[!me];
        ci->crawford = g->crawford;
    } else if (g->stakes == BG_SINGLE) {
        /* only the win counts: a 1-point match, where nobody doubles */
        ci->match = 1;
        ci->away[0] = ci->away[1] = 1;
    } else {
        ci->jacoby = g->jacoby;
        ci->beavers = g->beavers;
    }
}

int bg_state_may_double(const bg_state *g)
{
    if (g->winner >= 0)
        return BG_DBL_OVER;
    if (g->stakes == BG_SINGLE || (g->stakes == BG_MATCH && g->length == 1))
        return BG_DBL_NO_CUBE;
    if (g->crawford)
        return BG_DBL_CRAWFORD;
    if (g->dice[0] || g->offered)
        return BG_DBL_THROWN;
    if (g->owner != BG_CENTRE && g->owner != g->turn)
        return BG_DBL_NOT_YOURS;
    if (g->cube >= BG_CUBE_MAX)
        return BG_DBL_LIMIT;
    return BG_DBL_OK;
}

const char *bg_double_refusal_text(int why)
{
    switch (why) {
    case BG_DBL_NO_CUBE:
        return "this game is played without the cube";
    case BG_DBL_THROWN:
        return "a player doubles before he throws the dice";
    case BG_DBL_CRAWFORD:
        return "nobody may double in the Crawford game";
    case BG_DBL_NOT_YOURS:
        return "the other side holds the cube";
    case BG_DBL_OVER:
        return "the game is over";
    case BG_DBL_LIMIT:
        return "the cube is as high as it goes";
    default:
        return "";
    }
}

void bg_state_double(bg_state *g)
{
    g->offered = 1;
}

void bg_state_take(bg_state *g, int beaver)
{
    g->offered = 0;
    g->cube *= beaver && g->beavers ? 4 : 2;
    g->owner = !g->turn;
}

void bg_stakes_score(bg_state *g, int kind)
{
    bg_cubeinfo ci;
    bg_state_cubeinfo(g, &ci);
    g->kind = kind;
    if (g->stakes == BG_SINGLE)
        g->points = 1;
    else
        g->points = kind ? bg_cube_points(&ci, kind) : g->cube;
    g->score[g->winner] += g->points;
}

int bg_state_pass(bg_state *g)
{
    g->offered = 0;
    g->dice[0] = g->dice[1] = 0;
    g->winner = g->turn;
    bg_stakes_score(g, 0);
    return g->winner;
}

int bg_state_match_winner(const bg_state *g)
{
    if (g->stakes != BG_MATCH)
        return -1;
    for (int c = 0; c < 2; c++)
        if (g->score[c] >= g->length)
            return c;
    return -1;
}

void bg_state_next_game(bg_state *g, int first)
{
    bg_state n = *g;
    bg_state_new(&n, g->name[BG_BLUE], g->name[BG_GREEN], g->rules, first);
    n.stakes = g->stakes;
    n.length = g->length;
    n.jacoby = g->jacoby;
    n.beavers = g->beavers;
    memcpy(n.score, g->score, sizeof n.score);
    n.games = g->games + 1;
    n.post_crawford = g->post_crawford || g->crawford;
    n.crawford = g->stakes == BG_MATCH && !n.post_crawford &&
                 (g->score[0] == g->length - 1 ||
                  g->score[1] == g->length - 1);
    *g = n;
}
