/*
 * bg_score.c - the article's three measures of a winner.
 *
 * "Tile advantage is simply the number of your opponent's pieces remaining
 * on the board at the end of a game.  Total moves is self-evident - the
 * lower the value the more effective has been your strategy.  The score is
 * based on the number and position of remaining tiles; high scores result
 * from keeping your opponent away from his inner quadrant."  The article
 * gives no formula, so (for the man page):
 *
 *   TILE ADVANTAGE  the loser's tiles not borne off (the bar included).
 *   TOTAL MOVES     the turns the winner took, forfeited turns included.
 *   SCORE           the sum over the loser's remaining tiles of the
 *                   quadrant each stands in, counted from his own inner
 *                   (home) quadrant: 1 there (pegs 1-6 of his own count),
 *                   2 in his outer quadrant (7-12), 3 in the winner's
 *                   outer quadrant (13-18), 4 in the winner's inner
 *                   quadrant (19-24) and 5 on the bar.  At most 75.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "bg.h"

int bg_score_tiles(const uint8_t loser[25])
{
    int s = 0;
    for (int i = 0; i < 24; i++)
        s += loser[i] * (i / 6 + 1);
    return s + loser[BG_BAR] * 5;
}
