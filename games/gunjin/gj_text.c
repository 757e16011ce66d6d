/*
 * gj_text.c - the dialogue's words: how pieces are named to each player,
 * the umpire's announcements, the end of a game and the help pages.
 *
 * A piece is named from a view, so an enemy piece can only ever be called
 * by its side and its label, the grid reference it started on ("BLUE
 * [C7]"), as the seed's board shows it.  The umpire announces the outcome
 * in the seed's three words: ATTACKER, DEFENDER or BOTH.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "gj_ui.h"

void gj_text_upper(const char *in, char *out, size_t n)
{
    size_t i = 0;
    for (; in[i] && i + 1 < n; i++)
        out[i] = (char)toupper((unsigned char)in[i]);
    if (n)
        out[i] = 0;
}

void gj_text_copy(char *dst, size_t n, const char *src)
{
    size_t len = strlen(src);
    if (!n)
        return;
    if (len >= n)
        len = n - 1;
    memcpy(dst, src, len);
    dst[len] = 0;
}

const char *gj_side_name(int side)
{
    return side == GJ_RED ? "RED" : side == GJ_BLUE ? "BLUE" : "THE UMPIRE";
}

void gj_text_piece(const gj_view *v, int me, int id, char *buf, size_t n)
{
    const gj_view_piece *p = &v->piece[id];
    int side = GJ_SIDE_OF(id);
    char label[3], type[24];
    if (p->type == GJ_UNKNOWN) {
        snprintf(buf, n, "%s [%s]", gj_side_name(side),
                 gj_sq_name(p->start, label));
        return;
    }
    gj_text_upper(gj_type_name[p->type], type, sizeof type);
    if (side == me)
        snprintf(buf, n, "YOUR %s", type);
    else
        snprintf(buf, n, "%s %s", gj_side_name(side), type);
}

void gj_text_move(const gj_view *v, int me, const gj_rec *r, char *buf,
                  size_t n)
{
    static const char *const said[4] = {
        "", "ATTACKER WINS.", "DEFENDER WINS.", "BOTH ARE REMOVED."
    };
    char mover[40], target[40], from[3], to[3];
    gj_text_piece(v, me, r->mover, mover, sizeof mover);
    gj_sq_name(r->from, from);
    gj_sq_name(r->to, to);
    if (r->target < 0) {
        snprintf(buf, n, "%s MOVES %s-%s.", mover, from, to);
        return;
    }
    gj_text_piece(v, me, r->target, target, sizeof target);
    snprintf(buf, n, "%s %s-%s ATTACKS %s. UMPIRE: %s", mover, from, to,
             target, said[r->outcome & 3]);
}

void gj_text_result(const gj_game *g, int me, int mode, char *buf, size_t n)
{
    int w = g->winner, l = !g->winner;
    char why[80];
    switch (g->result) {
    case GJ_WIN_HQ:
        snprintf(why, sizeof why, "%s WINS: AN OFFICER HAS ENTERED %s'S "
                 "HEADQUARTERS.", gj_side_name(w), gj_side_name(l));
        break;
    case GJ_WIN_NOMOVE:
        snprintf(why, sizeof why, "%s WINS: %s HAS NO MOVE LEFT.",
                 gj_side_name(w), gj_side_name(l));
        break;
    case GJ_WIN_RESIGN:
        snprintf(why, sizeof why, "%s RESIGNS: %s WINS.", gj_side_name(l),
                 gj_side_name(w));
        break;
    case GJ_DRAW:
        snprintf(why, sizeof why, "THE GAME IS DRAWN: %d MOVES HAVE BEEN "
                 "PLAYED.", GJ_MAX_PLIES);
        break;
    default:
        snprintf(why, sizeof why, "THE GAME IS NOT OVER.");
        break;
    }
    const char *you = "";
    if (g->result != GJ_DRAW && g->result != GJ_PLAYING &&
        me != GJ_UMPIRE && mode != GJ_MODE_HOTSEAT)
        you = me == w ? " YOU WIN!" : " YOU LOSE.";
    snprintf(buf, n, "%s%s", why, you);
}

/* Other words players use for a type. */
static const struct { const char *word; int type; } gj_alias[] = {
    { "FLAG", GJ_BANNER }, { "MINE", GJ_MINE }, { "2LT", GJ_2LT },
    { "1LT", GJ_1LT }, { "CAPT", GJ_CAPTAIN }, { "LTCOL", GJ_LTCOL },
    { "COL", GJ_COLONEL }, { "MAJGEN", GJ_MAJGEN }, { "LTGEN", GJ_LTGEN },
    { "GEN", GJ_GENERAL }, { "ENG", GJ_ENGINEER }, { "CAV", GJ_CAVALRY },
    { 0, 0 }
};

int gj_text_type(const char *word)
{
    char w[32], name[24];
    size_t k = 0;
    for (const char *p = word; *p && k + 1 < sizeof w; p++)
        if (*p != ' ' && *p != '.')
            w[k++] = (char)toupper((unsigned char)*p);
    w[k] = 0;
    if (!k)
        return -1;
    for (int t = 0; t < GJ_TYPES; t++)
        if (strcmp(w, gj_type_abbr[t]) == 0)
            return t;
    for (int i = 0; gj_alias[i].word; i++)
        if (strcmp(w, gj_alias[i].word) == 0)
            return gj_alias[i].type;
    /* Whole names without their spaces, then a prefix only one fits. */
    int found = -1, hits = 0;
    for (int t = 0; t < GJ_TYPES; t++) {
        size_t j = 0;
        for (const char *p = gj_type_name[t]; *p; p++)
            if (*p != ' ')
                name[j++] = (char)toupper((unsigned char)*p);
        name[j] = 0;
        if (strcmp(w, name) == 0)
            return t;
        if (k >= 3 && strncmp(w, name, k) == 0) {
            found = t;
            hits++;
        }
    }
    return hits == 1 ? found : -1;
}

void gj_text_mask(uint16_t mask, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (int t = 0; t < GJ_TYPES; t++) {
        if (!(mask >> t & 1))
            continue;
        char name[24];
        gj_text_upper(gj_type_name[t], name, sizeof name);
        int w = snprintf(buf + used, n - used, "%s%s", used ? ", " : "",
                         name);
        if (w < 0 || (size_t)w >= n - used)
            break;
        used += (size_t)w;
    }
    if (!used)
        snprintf(buf, n, "NOTHING");
}

/* ---- Help pages --------------------------------------------------------- */
/*
 * Paragraphs, broken into rows for each terminal (gj_help.c, wrap.h).
 * A paragraph that begins with blanks is a row of a table: it goes on
 * under its second column.  The rules give the order of the pieces and
 * the key to their two letters, and quote the notes of the original's
 * combat table word for word (the JMC document's "Table-driven Combat");
 * the rest is this game's own wording (see ttyarcade-gunjin(6)).
 */

const char *const gj_help_play[] = {
    "COMMANDS (RETURN AFTER EACH):",
    "  B2-B3   MOVE THE PIECE ON B2 TO B3 (ALSO B2B3 OR B2 B3)",
    "  I C7    INTELLIGENCE: WHAT THE ENEMY PIECE [C7] MAY STILL BE",
    "  G       THE GRAVEYARD: EVERY PIECE REMOVED, WITH WHAT IS KNOWN",
    "  P       ACTION REPLAY OF THE LAST MOVE",
    "  B       THE BOARD AGAIN",
    "  S       SAVE THE GAME AND STOP (A RESUME CODE CONTINUES IT)",
    "  R       RESIGN",
    "  RULES   THE RULES: THE PIECES, COMBAT, MOVEMENT, HOW TO WIN",
    "  H OR ?  THIS HELP",
    "YOUR PIECES SHOW AS TWO LETTERS (THE RULES GIVE THE KEY), THE "
    "ENEMY'S AS [C7]: THE SQUARE EACH STARTED ON.  ON AN ANSI SCREEN THE "
    "ARROW KEYS MOVE THE CURSOR; SPACE OR RETURN PICKS A PIECE, THEN ITS "
    "SQUARE; ESCAPE LETS GO.  I, G, P, S, R AND H THEN ACT AT ONCE.",
    0
};

const char *const gj_help_setup[] = {
    "PLACE YOUR 23 PIECES ON RANKS 1 TO 4 (THE HQ, C1-D1, IS ONE SQUARE):",
    "  B2 CP   PUT A CAPTAIN ON B2 (CP B2 AND B2 CAPTAIN DO TOO)",
    "  B2      TAKE THE PIECE ON B2 BACK TO THE TRAY",
    "  R       PUT WHAT IS LEFT IN THE TRAY AT RANDOM",
    "  C       CLEAR: EVERYTHING BACK TO THE TRAY",
    "  D       DONE (WHEN ALL 23 ARE PLACED)",
    "  T       THE TRAY AND YOUR PIECES AGAIN",
    "THE BANNER MAY NOT STAND ON THE BACK RANK; A LANDMINE MAY NOT STAND ON "
    "A BRIDGE ENTRANCE (B4, E4).  ON AN ANSI SCREEN: ARROWS MOVE THE "
    "CURSOR, [ AND ] CHOOSE FROM THE TRAY, SPACE PLACES OR TAKES BACK.",
    "PIECES: SP SPY, EN ENGINEER, CV CAVALRY, 2L 2ND LT, 1L 1ST LT, "
    "CP CAPTAIN, MJ MAJOR, LC LT COLONEL, CL COLONEL, TK TANK, PL PLANE, "
    "MG MAJOR GENERAL, LG LT GENERAL, GN GENERAL, LM LANDMINE, BN BANNER.",
    0
};

const char *const gj_help_watch[] = {
    "THE DEMO: Q OR ESCAPE STOPS IT, S SAVES AND STOPS, G THE GRAVEYARD, "
    "P THE REPLAY OF THE LAST MOVE, H THIS HELP.",
    0
};

const char *const gj_help_rules[] = {
    "GUNJIN SHOGI, JAPANESE MILITARY CHESS.  EACH SIDE HAS 23 PIECES ON A "
    "BOARD OF 6 FILES (A-F) BY 8 RANKS.  RED HOLDS RANKS 1-4 AND MOVES "
    "FIRST; BLUE HOLDS 5-8.  THE RIVER BETWEEN RANKS 4 AND 5 IS CROSSED "
    "ONLY ON THE BRIDGES OF FILES B AND E, EXCEPT BY PLANES.  EACH SIDE'S "
    "HEADQUARTERS (C1-D1, C8-D8) IS ONE SQUARE.",
    "YOU SEE ONLY YOUR OWN PIECES; THE ENEMY'S ARE LABELLED BY THE SQUARE "
    "THEY STARTED ON.  MOVE ONTO AN ENEMY PIECE TO ATTACK: THE UMPIRE SAYS "
    "ONLY WHO WON - ATTACKER, DEFENDER OR BOTH.",
    "",
    "COMBAT.  THE PIECES, STRONGEST FIRST, WITH THE TWO LETTERS YOURS SHOW "
    "AS: GN GENERAL, LG LIEUTENANT GENERAL, MG MAJOR GENERAL, PL PLANE, "
    "TK TANK, CL COLONEL, LC LIEUTENANT COLONEL, MJ MAJOR, CP CAPTAIN, "
    "1L FIRST LIEUTENANT, 2L SECOND LIEUTENANT, CV CAVALRY, EN ENGINEER, "
    "SP SPY; AND LM LANDMINE, BN BANNER.  A PIECE BEATS EVERY PIECE AFTER "
    "IT; EQUALS BOTH FALL.",
    "THE ORIGINAL'S TABLE NOTES: SPY CAN DEFEAT A GENERAL, BUT NOT ANOTHER "
    "SPY.  ENGINEER CAN DEFEAT MINES.  PLANE CAN DEFEAT MINES.  GENERAL IS "
    "DEFEATED BY A SPY.  MINES ARE DEFEATED BY ENGINEERS AND PLANES.  "
    "UNDEFENDED BANNERS ARE DEFEATED BY EVERYTHING.",
    "SO THE SPY BEATS THE GENERAL WHICHEVER ATTACKS: A GENERAL THAT "
    "ATTACKS A SPY LOSES (NOT SO IN THE TRADITIONAL GAME).  A SPY LOSES TO "
    "EVERY OTHER PIECE, AND A SPY ATTACKING A SPY LOSES.  ANY PIECE BUT AN "
    "ENGINEER OR A PLANE THAT ATTACKS A LANDMINE FALLS WITH IT.  THE "
    "BANNER FIGHTS AS THE FRIENDLY PIECE BEHIND IT; WITH NOBODY THERE IT "
    "LOSES TO ANYTHING.",
    "",
    "MOVEMENT.  PIECES MOVE ONE SQUARE ORTHOGONALLY; CAVALRY AND TANKS "
    "ALSO TWO FORWARD OVER AN EMPTY SQUARE; ENGINEERS ANY DISTANCE IN A "
    "LINE; PLANES ANY DISTANCE ALONG THEIR FILE OVER ANYTHING, OR ONE "
    "SIDEWAYS.  LANDMINES AND THE BANNER NEVER MOVE.",
    "",
    "HOW TO WIN.  MOVE AN OFFICER (2ND LIEUTENANT TO COLONEL, MAJOR "
    "GENERAL TO GENERAL) INTO THE ENEMY HQ, OR LEAVE THE ENEMY WITHOUT A "
    "MOVE.",
    0
};
