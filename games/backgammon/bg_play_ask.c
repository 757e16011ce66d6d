/*
 * bg_play_ask.c - the questions before a game on one terminal, as the
 * article's title screen asked them: "enter each player's name ... up to
 * nine letters will be accepted.  If you wish to play the computer enter
 * ATARI for one of the sides or, for a demo of the program, you can even
 * have the computer play itself by entering its name for both sides!"
 * Then the computer's level, the rules and, for the demo, its pace.  Every
 * question has its answer on Return.
 *
 * The names decide who plays: whichever choice led here, a side named
 * ATARI is the computer's.  The choice only sets the defaults (one player:
 * the session's name against ATARI; two: against GREEN).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg_ui.h"

const char *const bg_instructions[] = {
    "THE OBJECTIVE IS TO REMOVE ALL YOUR TILES FROM THE BOARD BEFORE YOUR",
    "OPPONENT.  BLUE MOVES UP FROM PEG 1 TOWARDS PEG 24, GREEN DOWN FROM",
    "24 TOWARDS 1.  ONCE ALL YOUR TILES OCCUPY YOUR LAST SIX PEGS (BLUE",
    "19 TO 24, GREEN 1 TO 6) YOU MAY BEGIN TO MOVE THEM OFF THE BOARD.",
    "",
    "A TILE CANNOT MOVE ONTO A PEG HOLDING MORE THAN ONE OF THE OPPONENT'S",
    "TILES, NOR (ATARI RULES) CAN MORE THAN FIVE TILES OCCUPY ANY ONE PEG.",
    "A SOLITARY TILE THAT IS HIT GOES ONTO THE BAR AND MUST COME BACK ONTO",
    "THE BOARD BEFORE ANY OTHER MOVE; IF IT CANNOT, THE TURN IS LOST.",
    "BOTH DICE MUST BE USED WHEN POSSIBLE, IN EITHER ORDER; A DOUBLE IS",
    "PLAYED TWICE OVER.  THE COMPUTER DECIDES WHO BEGINS AND THROWS THE",
    "DICE.",
    "",
    "TYPE A MOVE AS THE PEG A TILE LEAVES AND THE PEG IT GOES TO: 13 10",
    "OR 13/10, BAR 3 OR BAR/3, 20 OFF; SEVERAL ON A LINE.  HELP DURING",
    "THE GAME LISTS THE COMMANDS.",
    "",
    "THE WINNER IS MEASURED THREE WAYS: TILE ADVANTAGE (THE OPPONENT'S",
    "TILES LEFT ON THE BOARD), TOTAL MOVES (THE FEWER THE BETTER) AND A",
    "SCORE FOR KEEPING THE OPPONENT AWAY FROM HIS INNER QUADRANT.",
    "",
    "UNDER THE STANDARD RULES (NO LIMIT ON A PEG) YOU PLAY A MATCH TO 1",
    "TO 25 POINTS, OR FOR MONEY.  A GAME IS WORTH THE CUBE'S VALUE, TWICE",
    "FOR A GAMMON (THE LOSER HAS BORNE NO TILE OFF), THREE TIMES FOR A",
    "BACKGAMMON (NONE OFF AND ONE STILL ON THE BAR OR IN THE WINNER'S",
    "HOME).  BEFORE YOUR THROW YOU MAY DOUBLE: THE OTHER PASSES AND LOSES",
    "AT THE CUBE'S VALUE, OR TAKES AND HOLDS THE CUBE AT TWICE IT; ONLY",
    "ITS HOLDER MAY DOUBLE AGAIN.  IN A MATCH NOBODY DOUBLES IN THE GAME",
    "AFTER A PLAYER FIRST COMES WITHIN ONE POINT (THE CRAWFORD GAME).",
    0
};

void bg_ask_default_name(tty_io *io, char name[BG_NAME_MAX + 1])
{
    snprintf(name, BG_NAME_MAX + 1, "%s", tty_player_name(io));
    bg_upper(name);
    size_t n = strlen(name);
    while (n && name[n - 1] == ' ')
        name[--n] = 0;
    if (!n)
        snprintf(name, BG_NAME_MAX + 1, "PLAYER");
}

static int name_ok(const char *s)
{
    for (; *s; s++)
        if (!((*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              strchr(" .'-", *s)))
            return 0;
    return 1;
}

/* One player's name; TTY_EOF after a hang-up. */
static int ask_name(tty_io *io, int colour, const char *def,
                    char name[BG_NAME_MAX + 1])
{
    char q[80], line[64];
    snprintf(q, sizeof q, "%s PLAYER'S NAME (RETURN: %s)? ",
             bg_colour_name(colour), def);
    for (;;) {
        int n = wrap_ask(io, q, line, sizeof line);
        if (n < 0)
            return n;
        if (n == 0)
            snprintf(line, sizeof line, "%s", def);
        if (strlen(line) > BG_NAME_MAX) {
            tty_msg(io, "UP TO NINE LETTERS, PLEASE.\n");
            continue;
        }
        if (!name_ok(line)) {
            tty_msg(io, "LETTERS AND DIGITS, PLEASE.\n");
            continue;
        }
        memcpy(name, line, strlen(line) + 1);   /* nine letters at most */
        return 0;
    }
}

/* A number from lo to hi, def on Return; TTY_EOF after a hang-up. */
static int ask_number(tty_io *io, const char *question, int def, int lo,
                      int hi, const char *again)
{
    char line[16], *end;
    for (;;) {
        int n = wrap_ask(io, question, line, sizeof line);
        if (n <= 0)
            return n < 0 ? n : def;
        long v = strtol(line, &end, 10);
        if (!*end && v >= lo && v <= hi)
            return (int)v;
        tty_msg(io, again);
    }
}

static int ask_level(tty_io *io)
{
    wrap_print(io, 0, 0,
               "ATARI CAN PLAY AT THREE LEVELS:\n"
               "  1  FAIRLY INTELLIGENT, AS THE ORIGINAL PROGRAM PLAYED\n"
               "  2  GOOD: A NEURAL NET TRAINED BY PLAYING ITSELF\n"
               "  3  STRONG: THE NET LOOKING ONE THROW AHEAD\n");
    return ask_number(io, "ATARI'S LEVEL (RETURN: 1)? ", BG_LEVEL_DEFAULT,
                      BG_LEVEL_ATARI, BG_LEVEL_MAX,
                      "A LEVEL FROM 1 TO 3, PLEASE.\n");
}

int bg_ask_rules(tty_io *io)
{
    char line[16];
    wrap_print(io, 0, 0, "THE RULES: ATARI (AT MOST FIVE TILES ON A PEG) OR "
                         "STANDARD (NO LIMIT).\n");
    for (;;) {
        int n = wrap_ask(io, "RULES (RETURN: ATARI)? ", line, sizeof line);
        if (n < 0)
            return n;
        if (n == 0 || !strncmp("ATARI", line, (size_t)n))
            return BG_RULES_ATARI;
        if (!strncmp("STANDARD", line, (size_t)n))
            return BG_RULES_STANDARD;
        tty_msg(io, "ATARI OR STANDARD, PLEASE.\n");
    }
}

/* A yes or no, def on Return; 1, 0 or TTY_EOF. */
static int ask_yes(tty_io *io, const char *question, int def)
{
    char line[16];
    for (;;) {
        int n = wrap_ask(io, question, line, sizeof line);
        if (n < 0)
            return n;
        if (n == 0)
            return def;
        if (!strncmp("YES", line, (size_t)n))
            return 1;
        if (!strncmp("NO", line, (size_t)n))
            return 0;
        tty_msg(io, "YES OR NO, PLEASE.\n");
    }
}

int bg_ask_stakes(tty_io *io, bg_state *g)
{
    if (g->rules != BG_RULES_STANDARD) {
        bg_state_stakes(g, BG_SINGLE, 0, 0, 0);
        return 0;
    }
    wrap_print(io, 0, 0, "A MATCH IS WON BY THE FIRST TO REACH ITS POINTS; "
                         "MONEY PLAY GOES ON GAME AFTER GAME.\n");
    int len = ask_number(io, "MATCH TO HOW MANY POINTS, 1 TO 25, OR 0 FOR "
                         "MONEY (RETURN: 5)? ", 5, 0, BG_MATCH_MAX,
                         "A NUMBER FROM 0 TO 25, PLEASE.\n");
    if (len < 0)
        return len;
    if (len > 0) {
        bg_state_stakes(g, BG_MATCH, len, 0, 0);
        return 0;
    }
    wrap_print(io, 0, 0, "THE JACOBY RULE: A GAMMON COUNTS ONLY ONCE THE CUBE "
                         "HAS BEEN TURNED.\n");
    int jacoby = ask_yes(io, "THE JACOBY RULE (RETURN: YES)? ", 1);
    if (jacoby < 0)
        return jacoby;
    wrap_print(io, 0, 0, "A BEAVER: A PLAYER WHO IS DOUBLED TAKES AND AT ONCE "
                         "DOUBLES AGAIN, KEEPING THE CUBE.\n");
    int beavers = ask_yes(io, "BEAVERS (RETURN: YES)? ", 1);
    if (beavers < 0)
        return beavers;
    bg_state_stakes(g, BG_MONEY, 0, jacoby, beavers);
    return 0;
}

static int ask_pace(tty_io *io)
{
    return ask_number(io, "TENTHS OF A SECOND BETWEEN TURNS (RETURN: 10)? ",
                      10, 0, 99, "A NUMBER FROM 0 TO 99, PLEASE.\n");
}

bg_match *bg_ask_match(tty_io *io, int mode)
{
    char name[2][BG_NAME_MAX + 1];
    if (mode == BG_MODE_DEMO) {
        snprintf(name[BG_BLUE], sizeof name[0], BG_COMPUTER_NAME);
        snprintf(name[BG_GREEN], sizeof name[0], BG_COMPUTER_NAME);
    } else {
        char def[BG_NAME_MAX + 1];
        bg_ask_default_name(io, def);
        wrap_print(io, 0, 0, "\nENTER EACH PLAYER'S NAME.  ATARI IS THE "
                             "COMPUTER; ATARI FOR BOTH SIDES\nIS A "
                             "DEMONSTRATION.\n");
        if (ask_name(io, BG_BLUE, def, name[BG_BLUE]) < 0 ||
            ask_name(io, BG_GREEN, mode == BG_MODE_ONE ? BG_COMPUTER_NAME
                                                       : "GREEN",
                     name[BG_GREEN]) < 0)
            return NULL;
    }
    uint8_t kind[2];
    for (int c = 0; c < 2; c++)
        kind[c] = !strcmp(name[c], BG_COMPUTER_NAME) ? BG_MACHINE : BG_HUMAN;
    mode = kind[0] && kind[1] ? BG_MODE_DEMO
         : kind[0] || kind[1] ? BG_MODE_ONE : BG_MODE_HOTSEAT;
    int level = BG_LEVEL_DEFAULT, pace = 0;
    if (mode != BG_MODE_HOTSEAT && (level = ask_level(io)) < 0)
        return NULL;
    int rules = bg_ask_rules(io);
    if (rules < 0)
        return NULL;
    bg_state g;
    bg_state_new(&g, name[BG_BLUE], name[BG_GREEN], rules, BG_BLUE);
    if (bg_ask_stakes(io, &g) < 0)
        return NULL;
    if (mode == BG_MODE_DEMO && (pace = ask_pace(io)) < 0)
        return NULL;
    bg_match *m = bg_match_new(io, mode);
    if (!m)
        return NULL;
    m->g = g;
    m->kind[BG_BLUE] = kind[BG_BLUE];
    m->kind[BG_GREEN] = kind[BG_GREEN];
    m->level = (uint8_t)level;
    m->pace = (uint8_t)pace;
    return m;
}
