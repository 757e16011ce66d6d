/*
 * bg_play_cmd.c - what a player types at a prompt: moves in the
 * article's pegs ("13 10", "13/10", "BAR 3", "20 OFF", several on a line,
 * or on the bar the destination alone), each checked as it is played and
 * refused with the engine's reason; before a throw ROLL or DOUBLE, to a
 * double TAKE, PASS or BEAVER; and the commands UNDO, RESET, BOARD, ID,
 * SETUP, SAVE, EXPORT and HELP.
 *
 * The article's player picked a peg and then its destination, one tile at
 * a time, and an invalid move simply cancelled both picks.  Here a line
 * may hold several moves: they are played in order, and the first one
 * refused stops the line there with the reason, the moves before it
 * standing (the dice left show in the prompt).  Once every die that can
 * be used has been, the turn ends by itself; until then UNDO and RESET
 * take moves back.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bg_ui.h"

const char *const bg_help[] = {
    "TYPE A MOVE AS THE PEG A TILE LEAVES AND THE PEG IT GOES TO:",
    "  13 10 OR 13/10, BAR 3 OR BAR/3, 20 OFF.  SEVERAL MAY GO ON ONE",
    "  LINE; 24/18/13 IS TWO MOVES OF ONE TILE, A MOVE BY THE SUM OF THE",
    "  DICE IS ONE.  ON THE BAR, THE PEG TO ENTER ON IS ENOUGH: 3.  THE",
    "  TURN ENDS WHEN EVERY DIE THAT CAN BE USED IS.",
    "ROLL       (OR RETURN) THROW THE DICE, WHEN YOU MAY DOUBLE FIRST",
    "DOUBLE     OFFER THE CUBE AT TWICE ITS VALUE, BEFORE YOUR THROW",
    "TAKE       ACCEPT A DOUBLE: THE CUBE IS YOURS (BEAVER: AND AT ONCE",
    "           TWICE AGAIN, STILL YOURS, IN MONEY PLAY WITH BEAVERS)",
    "PASS       REFUSE A DOUBLE: THE GAME IS LOST AT THE CUBE'S VALUE",
    "UNDO       TAKE BACK THE LAST MOVE OF AN UNFINISHED TURN",
    "RESET      TAKE BACK THE WHOLE UNFINISHED TURN",
    "BOARD      THE BOARD AGAIN",
    "ID         THE GNU BACKGAMMON POSITION ID OF THE POSITION",
    "SETUP ID   PLAY ON FROM A GNU BACKGAMMON POSITION ID (ONE GAME)",
    "EXPORT     THE MATCH SO FAR AS A .MAT FILE FOR GNU BACKGAMMON",
    "SAVE       SAVE THE GAME AND STOP: A RESUME CODE GOES ON LATER",
    0
};

static int is_word(const char *w, const char *a, const char *b)
{
    return !strcasecmp(w, a) || (b && !strcasecmp(w, b));
}

/* The player's own turn?  Says why not when it is not. */
static int may_move(bg_term *t)
{
    char who[32];
    if (bg_term_mine(t))
        return 1;
    bg_term_sayf(t, "IT IS NOT YOUR TURN: %s IS TO %s.",
                 bg_who(t->m, bg_match_actor(t->m), who, sizeof who),
                 t->m->g.offered ? "TAKE OR PASS" : "MOVE");
    return 0;
}

static int moves(bg_term *t, const char *line)
{
    bg_state *g = &t->m->g;
    bg_typed mv[16];
    int err = 0;
    int n = g->tn.cur.s[0][BG_BAR] && bg_parse_entry(line, g->turn, mv)
          ? 1 : bg_parse_moves(line, g->turn, mv, 16, &err);
    if (n > 0)
        n = bg_typed_bar_first(mv, n, 16, g->tn.rules, g->tn.dice[0],
                               g->tn.dice[1]);
    if (n <= 0) {
        char bad[16];
        snprintf(bad, sizeof bad, "%.12s", line + (n < 0 ? err : 0));
        bg_upper(bad);
        bg_term_sayf(t, "NOT A MOVE: \"%s\".", bad);
        bg_term_say(t, "TYPE MOVES AS 13 10 OR 13/10, BAR 3, 20 OFF; HELP "
                       "LISTS THE COMMANDS.");
        return BG_ACT_NONE;
    }
    for (int k = 0; k < n; k++) {
        char text[24];
        int r = bg_turn_play(&g->tn, mv[k].from, mv[k].to);
        if (r != BG_OK) {
            char why[80];
            snprintf(why, sizeof why, "%s", bg_refusal_text(r));
            bg_upper(why);
            bg_typed_text(g->turn, &mv[k], text, sizeof text);
            bg_term_sayf(t, "%s: %s.", text, why);
            if (k + 1 < n)
                bg_term_say(t, "(THE REST OF THE LINE WAS NOT PLAYED.)");
            return BG_ACT_NONE;
        }
        if (bg_turn_complete(&g->tn)) {
            if (k + 1 < n)
                bg_term_say(t, "THE TURN IS COMPLETE: THE REST OF THE "
                               "LINE WAS NOT PLAYED.");
            return BG_ACT_DONE;
        }
    }
    return BG_ACT_NONE;
}

static int take_back(bg_term *t, int all)
{
    bg_turn *tn = &t->m->g.tn;
    if (!tn->nentries) {
        bg_term_say(t, "NOTHING TO TAKE BACK.");
        return BG_ACT_NONE;
    }
    if (all)
        bg_turn_reset(tn);
    else
        bg_turn_undo(tn);
    bg_term_say(t, all ? "THE WHOLE TURN IS TAKEN BACK."
                       : "THE LAST MOVE IS TAKEN BACK.");
    return BG_ACT_NONE;
}

/* A position ID as this terminal can show it: on a terminal without
 * lower case a lower-case letter is written with an apostrophe before it
 * (the same form SETUP reads back). */
static void id_shown(const bg_term *t, const char *id, char *out, size_t n)
{
    size_t k = 0;
    for (; *id && k + 3 < n; id++) {
        if (t->caps->upper_only && islower((unsigned char)*id)) {
            out[k++] = '\'';
            out[k++] = (char)toupper((unsigned char)*id);
        } else {
            out[k++] = *id;
        }
    }
    out[k] = 0;
}

static int show_id(bg_term *t)
{
    const bg_state *g = &t->m->g;
    char id[BG_POSID_LEN + 1], shown[40], dice[8];
    bg_state_posid(g, id);
    id_shown(t, id, shown, sizeof shown);
    bg_dice_text(g->dice[0], g->dice[1], dice, sizeof dice);
    bg_term_sayf(t, "POSITION ID %s: %s ON ROLL WITH %s%s.", shown,
                 bg_colour_name(g->turn), dice,
                 g->tn.nplayed ? ", AS THE TURN BEGAN" : "");
    if (t->caps->upper_only)
        bg_term_say(t, "(A ' MARKS A LOWER-CASE LETTER.)");
    return BG_ACT_NONE;
}

static int setup(bg_term *t, const char *arg)
{
    bg_match *m = t->m;
    bg_state *g = &m->g;
    char id[32], who[32];
    size_t k = 0;
    if (m->mode == BG_MODE_TWO) {
        bg_term_say(t, "SETUP IS FOR A GAME ON ONE TERMINAL.");
        return BG_ACT_NONE;
    }
    if (g->stakes == BG_MONEY || (g->stakes == BG_MATCH && g->length > 1)) {
        /* a match's score and record could not follow it */
        bg_term_say(t, "SETUP IS FOR A SINGLE GAME: THE ATARI RULES, OR A "
                       "1-POINT MATCH.");
        return BG_ACT_NONE;
    }
    /* 'X is a lower-case x, as ID writes it on an upper-case terminal. */
    for (const char *p = arg; *p && k + 1 < sizeof id; p++) {
        if (*p == ' ')
            continue;
        if (*p == '\'' && isalpha((unsigned char)p[1]))
            id[k++] = (char)tolower((unsigned char)*++p);
        else
            id[k++] = *p;
    }
    id[k] = 0;
    if (!k) {
        bg_term_say(t, "SETUP NEEDS A POSITION ID, AS IN SETUP "
                       "4HPwATDgc/ABMA.");
        return BG_ACT_NONE;
    }
    bg_pos p;
    if (k != BG_POSID_LEN || bg_posid_decode(id, &p) != 0) {
        bg_term_say(t, "THAT IS NOT A GNU BACKGAMMON POSITION ID.");
        return BG_ACT_NONE;
    }
    /* bg_posid_decode has checked the standard rules: only the ATARI
     * rules' limit can refuse it now */
    if (bg_pos_check(&p, g->rules) != 0) {
        bg_term_say(t, "THE ATARI RULES ALLOW NO MORE THAN FIVE TILES ON A "
                       "PEG.");
        return BG_ACT_NONE;
    }
    if (bg_state_set_posid(g, id, g->turn) != 0) {
        bg_term_say(t, "THAT GAME IS OVER ALREADY.");
        return BG_ACT_NONE;
    }
    int counted = !m->from_setup && m->mode == BG_MODE_ONE;
    m->from_setup = 1;
    bg_term_sayf(t, "THE POSITION IS SET UP, %s ON ROLL.",
                 bg_who(m, g->turn, who, sizeof who));
    if (counted)
        bg_term_say(t, "(THIS GAME NO LONGER GOES INTO THE HALL OF FAME.)");
    return BG_ACT_NEW;
}

static int save(bg_term *t)
{
    bg_match *m = t->m;
    char text[BG_TEXT], who[32];
    if (bg_match_phase(m) == BG_PH_END) {
        bg_term_say(t, "THE MATCH IS OVER: THERE IS NOTHING TO SAVE.");
        return BG_ACT_NONE;
    }
    if (bg_match_save(m, t->io) != 0) {
        bg_term_say(t, "THE GAME COULD NOT BE SAVED: PLAY ON.");
        return BG_ACT_NONE;
    }
    for (int i = 0; i < m->nterm; i++) {
        bg_term *o = &m->term[i];
        if (o != t)
            snprintf(text, sizeof text, "%s HAS STOPPED THE GAME.\nIT IS "
                     "SAVED: RESUME IT WITH THE CODE %s.",
                     bg_who(m, t->colour, who, sizeof who), m->code);
        else
            snprintf(text, sizeof text, "THE GAME IS SAVED. TO GO ON "
                     "LATER, RESUME IT WITH THE CODE %s.", m->code);
        bg_term_say(o, text);
    }
    bg_match_tell_sides(m, NULL);
    return BG_ACT_STOP;
}

/* Before the throw: roll or double. */
static int cube_line(bg_term *t, const char *word, const char *line)
{
    if (!*line || is_word(word, "ROLL", "R"))
        return BG_ACT_ROLL;
    if (is_word(word, "DOUBLE", "D"))
        return BG_ACT_DOUBLE;
    bg_term_say(t, "FIRST ROLL OR DOUBLE: RETURN (OR ROLL) THROWS THE DICE, "
                   "DOUBLE OFFERS THE CUBE.");
    return BG_ACT_NONE;
}

/* Doubled: take, beaver or pass. */
static int answer_line(bg_term *t, const char *word)
{
    const bg_state *g = &t->m->g;
    if (is_word(word, "TAKE", "T") || is_word(word, "ACCEPT", NULL))
        return BG_ACT_TAKE;
    if (is_word(word, "PASS", "P") || is_word(word, "DROP", "REJECT"))
        return BG_ACT_PASS;
    if (is_word(word, "BEAVER", "B")) {
        if (g->beavers)
            return BG_ACT_BEAVER;
        bg_term_say(t, "BEAVERS ARE NOT ALLOWED IN THIS GAME.");
        return BG_ACT_NONE;
    }
    bg_term_sayf(t, "TAKE%s OR PASS, PLEASE.", g->beavers ? ", BEAVER" : "");
    return BG_ACT_NONE;
}

/* A double asked for when it cannot be. */
static int no_double(bg_term *t)
{
    int why = bg_state_may_double(&t->m->g);
    char text[96];
    snprintf(text, sizeof text, "%s",
             bg_double_refusal_text(why ? why : BG_DBL_THROWN));
    bg_upper(text);
    bg_term_sayf(t, "YOU CANNOT DOUBLE NOW: %s.", text);
    return BG_ACT_NONE;
}

int bg_cmd_line(bg_term *t, const char *line)
{
    char word[16];
    int phase = bg_match_phase(t->m);
    while (*line == ' ')
        line++;
    size_t n = strcspn(line, " ");
    snprintf(word, sizeof word, "%.*s", (int)(n < 15 ? n : 15), line);
    const char *rest = line + n;
    while (*rest == ' ')
        rest++;
    if (phase == BG_PH_END && !*line)
        return BG_ACT_LEAVE;
    if (phase == BG_PH_CUBE && !*line && bg_term_mine(t))
        return BG_ACT_ROLL;
    if (!*line)
        return BG_ACT_NONE;
    if (is_word(word, "HELP", "?") || is_word(word, "H", NULL)) {
        for (int i = 0; bg_help[i]; i++)
            bg_term_say(t, bg_help[i]);
        return BG_ACT_NONE;
    }
    if (is_word(word, "BOARD", NULL)) {
        bg_term_board(t);
        return BG_ACT_NONE;
    }
    if (is_word(word, "EXPORT", "MAT")) {
        bg_match_export(t->m, t);
        return BG_ACT_NONE;
    }
    if (phase == BG_PH_END) {
        bg_term_say(t, "TYPE EXPORT, OR RETURN TO LEAVE THE MATCH.");
        return BG_ACT_NONE;
    }
    if (is_word(word, "ID", NULL))
        return show_id(t);
    if (is_word(word, "SAVE", NULL))
        return save(t);
    if (!may_move(t))
        return BG_ACT_NONE;
    if (phase == BG_PH_CUBE)
        return cube_line(t, word, line);
    if (phase == BG_PH_ANSWER)
        return answer_line(t, word);
    if (is_word(word, "DOUBLE", "D"))
        return no_double(t);
    if (is_word(word, "UNDO", "RESET") ||
        (is_word(word, "TAKE", NULL) && is_word(rest, "BACK", NULL)))
        return take_back(t, is_word(word, "RESET", NULL));
    if (is_word(word, "SETUP", NULL))
        return setup(t, rest);
    return moves(t, line);
}
