/*
 * gj_command.c - the commands of play on a terminal: moves typed or
 * picked (and why a move is refused), the umpire's announcements, and the
 * seed's player aids: 'I' intelligence on an enemy piece, 'G' the
 * graveyard, 'P' the action replay of the last move.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "gj_ui.h"

/* A replay frame: long enough to follow, short enough not to drag. */
enum { GJ_FRAME_MS = 150 };

/* ---- the seed's player aids ------------------------------------------- */

void gj_term_replay(gj_term *t)
{
    gj_term_view(t);
    if (!t->v.nhist) {
        gj_term_msg(t, "NO MOVE HAS BEEN MADE YET.");
        return;
    }
    const gj_rec *r = &t->v.hist[t->v.nhist - 1];
    char text[160], line[176];
    gj_text_move(&t->v, t->side, r, text, sizeof text);
    if (!t->screen) {
        snprintf(line, sizeof line, "LAST MOVE: %s", text);
        gj_term_say(t, line);
        return;
    }
    /* move_last_piece: back to the board before the move, then the move,
     * the two pieces blended while they fight, then the outcome. */
    int was_grave = t->grave;
    t->grave = 0;
    memcpy(t->anim_at, t->v.at, sizeof t->anim_at);
    t->anim_at[r->from] = r->mover;
    t->anim_at[r->to] = r->target;
    t->anim = 1;
    char prompt[GJ_MSG];
    gj_term_prompt(t, prompt, sizeof prompt);
    gj_screen_render(t, prompt);
    int frames = r->target < 0 ? 1 : 4;
    t->anim_at[r->from] = -1;
    for (int i = 0; i < frames; i++) {
        if (tty_sleep(t->io, GJ_FRAME_MS) == TTY_EOF)
            break;
        t->fight_sq = r->to;
        t->fight_id = i % 2 ? r->target : r->mover;
        gj_screen_render(t, prompt);
    }
    tty_sleep(t->io, GJ_FRAME_MS);
    t->anim = 0;
    t->fight_sq = -1;
    t->grave = was_grave;
    gj_text_copy(t->msg, sizeof t->msg, text);
    gj_screen_render(t, prompt);
}

void gj_term_moved(gj_term *t, const gj_rec *r)
{
    char text[160];
    gj_term_view(t);
    gj_text_move(&t->v, t->side, r, text, sizeof text);
    if (!t->screen) {
        gj_term_say(t, text);
        return;
    }
    t->sel = -1;
    gj_screen_log(t, text);
    /* A demo with no pause between moves has no time for the show. */
    if (GJ_SIDE_OF(r->mover) != t->side &&
        !(t->state == GJ_T_WATCH && !t->m->pause))
        gj_term_replay(t);
    else
        gj_text_copy(t->msg, sizeof t->msg, text);
}

/* Which enemy piece the player means: its label first (what the board
 * shows on it), else whatever enemy piece stands on that square. */
static int enemy_piece(gj_term *t, const char *arg)
{
    char name[8];
    int sq = gj_sq_parse(arg, 0);
    if (sq < 0) {
        gj_term_msg(t, t->screen ? "PUT THE CURSOR ON AN ENEMY PIECE, OR "
                                   "TYPE I AND ITS LABEL, E.G. I C7."
                                 : "TYPE I AND THE ENEMY PIECE'S LABEL, "
                                   "E.G. I C7.");
        return -1;
    }
    int foe = !t->side;
    for (int id = foe * GJ_SIDE_PIECES; id < (foe + 1) * GJ_SIDE_PIECES;
         id++)
        if (t->v.piece[id].start == sq)
            return id;
    int id = t->v.at[sq];
    if (id >= 0 && GJ_SIDE_OF(id) == foe)
        return id;
    if (id >= 0) {
        gj_term_msg(t, "YOU MAY VIEW THE INTELLIGENCE ON ENEMY PIECES "
                       "ONLY.");
        return -1;
    }
    char msg[64];
    snprintf(msg, sizeof msg, "NO ENEMY PIECE IS LABELLED %s.",
             gj_sq_name(sq, name));
    gj_term_msg(t, msg);
    return -1;
}

static void intel(gj_term *t, const char *arg)
{
    int id;
    if (!*arg && t->screen) {
        id = gj_screen_piece(t);
        if (id < 0 || GJ_SIDE_OF(id) == t->side) {
            gj_term_msg(t, id < 0 ? "PUT THE CURSOR ON AN ENEMY PIECE "
                                    "FIRST."
                                  : "YOU MAY VIEW THE INTELLIGENCE ON ENEMY "
                                    "PIECES ONLY.");
            return;
        }
    } else {
        id = enemy_piece(t, arg);
        if (id < 0)
            return;
    }
    if (t->screen) {
        t->panel = GJ_P_INTEL;
        t->intel = id;
        t->msg[0] = 0;
    } else {
        gj_lines_intel(t, id);
    }
}

static void graveyard(gj_term *t)
{
    if (!t->screen) {
        gj_lines_grave(t);
        return;
    }
    t->sel = -1;
    if (!t->grave) {
        t->board_cur = t->cur;
        t->grave = 1;
        t->panel = GJ_P_LOG;
        t->cur = 0;
        t->msg[0] = 0;
        if (!t->v.ndead)
            gj_term_msg(t, "THE GRAVEYARD IS EMPTY.");
    } else {
        t->grave = 0;
        t->cur = t->board_cur;
        t->msg[0] = 0;
    }
}

/* What a player in play and the demo's spectator may both ask for: the
 * graveyard, the replay, help (which: an enum gj_help_set).  1 if cmd was
 * one of them. */
static int look(gj_term *t, int cmd, int help)
{
    switch (cmd) {
    case 'G':
        graveyard(t);
        return 1;
    case 'P':
        gj_term_replay(t);
        return 1;
    case 'H':
        gj_help_open(t, help);
        return 1;
    case 'L':
        gj_help_open(t, GJ_HELP_RULES);
        return 1;
    default:
        return 0;
    }
}

/* ---- moves ------------------------------------------------------------ */

int gj_term_try(gj_term *t, int from, int to)
{
    char msg[GJ_MSG * 2], a[3], b[3], type[24];
    if (!gj_term_my_turn(t)) {
        gj_term_msg(t, "IT IS NOT YOUR MOVE.");
        return GJ_ACT_NONE;
    }
    gj_term_view(t);
    from = gj_canon(from);
    int id = t->v.at[from];
    gj_sq_name(from, a);
    if (id < 0 || GJ_SIDE_OF(id) != t->side) {
        snprintf(msg, sizeof msg, id < 0 ? "THERE IS NO PIECE ON %s."
                                         : "THE PIECE ON %s IS THE ENEMY'S.",
                 a);
        gj_term_msg(t, msg);
        return GJ_ACT_NONE;
    }
    int ty = t->v.piece[id].type;
    gj_text_upper(gj_type_name[ty], type, sizeof type);
    uint64_t dests = gj_view_dests(&t->v, from);
    if (to >= 0) {
        to = gj_canon(to);
        if (dests >> to & 1) {
            t->move.from = (uint8_t)from;
            t->move.to = (uint8_t)to;
            return GJ_ACT_MOVE;
        }
    }
    if (to >= 0 && ty != GJ_PLANE && gj_owner(from) != gj_owner(to) &&
        GJ_FILE(from) == GJ_FILE(to) && GJ_FILE(from) != 1 &&
        GJ_FILE(from) != 4) {
        gj_term_msg(t, "ONLY PLANES CROSS THE RIVER OFF THE BRIDGES "
                       "(FILES B AND E).");
        return GJ_ACT_NONE;
    }
    if (!dests) {
        int fixed = ty == GJ_MINE || ty == GJ_BANNER;
        snprintf(msg, sizeof msg, fixed ? "YOUR %s NEVER MOVES."
                                        : "YOUR %s ON %s HAS NOWHERE TO GO.",
                 type, a);
        gj_term_msg(t, msg);
        return GJ_ACT_NONE;
    }
    if (to < 0)
        return GJ_ACT_NONE;
    int there = t->v.at[to];
    gj_sq_name(to, b);
    if (there >= 0 && GJ_SIDE_OF(there) == t->side) {
        char own[24];
        gj_text_upper(gj_type_name[t->v.piece[there].type], own, sizeof own);
        snprintf(msg, sizeof msg, "YOUR OWN %s IS ON %s.", own, b);
    } else {
        int n = snprintf(msg, sizeof msg, "YOUR %s CANNOT GO FROM %s TO %s:"
                         " IT CAN GO TO", type, a, b);
        for (int sq = 0; sq < GJ_SQUARES && n < (int)sizeof msg - 5; sq++)
            if (dests >> sq & 1)
                n += snprintf(msg + n, sizeof msg - (size_t)n, " %s",
                              gj_sq_name(sq, b));
        snprintf(msg + n, sizeof msg - (size_t)n, ".");
    }
    gj_term_msg(t, msg);
    return GJ_ACT_NONE;
}

/* The command a word names: one letter, or a word only one command's
 * long name starts with ("GRAVE", "REP" for the replay, "RES"...). */
static int command(const char *word, size_t n)
{
    static const struct { const char *name; char cmd; } names[] = {
        { "INTELLIGENCE", 'I' }, { "GRAVEYARD", 'G' }, { "PLAY", 'P' },
        { "REPLAY", 'P' }, { "BOARD", 'B' }, { "SAVE", 'S' },
        { "QUIT", 'S' }, { "RESIGN", 'R' }, { "HELP", 'H' }, { "?", 'H' },
        { "RULES", 'L' },
        { 0, 0 }
    };
    if (n == 1)
        return strchr("IGPBSQRH?", word[0]) ? (word[0] == 'Q' ? 'S' :
                                               word[0] == '?' ? 'H' : word[0])
                                            : 0;
    int found = 0;
    for (int i = 0; names[i].name; i++)
        if (n <= strlen(names[i].name) && strncmp(word, names[i].name, n) == 0) {
            if (found && found != names[i].cmd)
                return 0;
            found = names[i].cmd;
        }
    return found;
}

int gj_command_play(gj_term *t, char *line)
{
    char msg[GJ_MSG], a[3];
    while (*line == ' ')
        line++;
    size_t n = strlen(line);
    while (n && line[n - 1] == ' ')
        line[--n] = 0;
    if (!n)
        return GJ_ACT_NONE;
    int from, to;
    if (gj_move_parse(line, &from, &to) == 0)
        return gj_term_try(t, from, to);
    const char *end;
    from = gj_sq_parse(line, &end);
    if (from >= 0 && !*end) {
        gj_sq_name(from, a);
        snprintf(msg, sizeof msg, "SAY WHERE TO AS WELL, E.G. %s-%c%c.", a,
                 a[0], a[1] < '8' ? a[1] + 1 : '7');
        gj_term_msg(t, msg);
        return GJ_ACT_NONE;
    }
    size_t w = 0;
    while (line[w] && line[w] != ' ')
        w++;
    /* "IC7" is I C7: a label straight after the I. */
    if (line[0] == 'I' && w == 3 && gj_sq_parse(line + 1, 0) >= 0)
        w = 1;
    const char *arg = line + w;
    while (*arg == ' ')
        arg++;
    int cmd = command(line, w);
    if (look(t, cmd, GJ_HELP_PLAY))
        return GJ_ACT_NONE;
    switch (cmd) {
    case 'I':
        intel(t, arg);
        break;
    case 'B':
        if (t->screen) {
            gj_scr_reset(&t->scr);
        } else {
            gj_term_view(t);
            gj_lines_board(t);
        }
        break;
    case 'S':
        return GJ_ACT_SAVE;
    case 'R':
        gj_term_enter(t, GJ_T_RESIGN);
        break;
    default:
        gj_term_msg(t, "TYPE A MOVE AS B2-B3, OR H FOR HELP.");
        break;
    }
    return GJ_ACT_NONE;
}

int gj_command_resign(gj_term *t, const char *line)
{
    if (line[0] == 'Y')
        return GJ_ACT_RESIGN;
    gj_term_enter(t, GJ_T_PLAY);
    gj_term_msg(t, "PLAY ON.");
    return GJ_ACT_NONE;
}

/* The demo's spectator: single keys, nothing echoed. */
int gj_command_watch(gj_term *t, int key)
{
    int k = key >= 'a' && key <= 'z' ? key - 32 : key == '?' ? 'H' : key;
    if (k == 'Q' || k == TTY_KEY_ESC)
        return GJ_ACT_STOP;
    if (k == 'S')
        return GJ_ACT_SAVE;
    if (!look(t, k, GJ_HELP_WATCH) && t->screen)
        gj_screen_key(t, key);          /* look around the graveyard */
    return GJ_ACT_NONE;
}

