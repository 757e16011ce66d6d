/*
 * ck_game.c - Checkers: Robot Tom, Robot Dick and Robot Harry from the
 * 1977 S0 design notes, on the contract.  The dialogue follows the notes:
 *
 *  - the questions, each with a default so that "a very young child can be
 *    instructed to hit the space bar each time a question is asked until
 *    the board appears": the level, T, D or H, "with any other character
 *    (including the space bar) being taken as indicating Tom", then who
 *    plays first, any key but N meaning the player (black);
 *  - "the player's pieces will always be at the bottom" (ck_view.c);
 *  - the machine opens, as black, with one of the 7 first moves at random
 *    and answers the player's first move with one of its stored book
 *    replies (the engine's ck_state_think);
 *  - move verification as the pieces and squares are named (ck_entry.c);
 *  - set-up positions and the board in standard notation (ck_cmd.c);
 *  - an expert level beyond Harry for those who "write in" (ck_cmd.c).
 *
 * Beyond the notes: the PDN record, resume codes (a dropped line keeps
 * the game), draws offered and judged, resignation, and the hall of fame,
 * which counts wins against each robot and the quickest wins against
 * Harry and the expert level (games from SETUP do not count).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck_dialog.h"
#include "ck_tool.h"

/* Results per robot: wins against each, and the quickest win (in moves)
 * against Harry and against the expert level. */
static const tty_hof_metric ck_hof[] = {
    { "beat_tom", "WINS AGAINST HELPFUL ROBOT TOM", TTY_HOF_COUNT },
    { "beat_dick", "WINS AGAINST SILENT ROBOT DICK", TTY_HOF_COUNT },
    { "beat_harry", "WINS AGAINST MIGHTY ROBOT HARRY", TTY_HOF_COUNT },
    { "beat_expert", "WINS AGAINST THE EXPERT LEVEL", TTY_HOF_COUNT },
    { "fast_harry", "FEWEST MOVES TO BEAT MIGHTY ROBOT HARRY", TTY_HOF_MIN },
    { "fast_expert", "FEWEST MOVES TO BEAT THE EXPERT LEVEL", TTY_HOF_MIN },
    { 0, 0, 0 }
};

/* How a game's turns came to an end. */
enum { CK_PLAY_OVER, CK_PLAY_LEAVE, CK_PLAY_EOF };

static const char ck_intro[] =
    "\nCHECKERS\n"
    "ROBOT TOM, ROBOT DICK AND ROBOT HARRY, AFTER THE S0 DESIGN NOTES\n"
    "OF 1977.  START WITH TOM, THEN PROGRESS TO DICK AND TO HARRY.\n";

/* ---- The questions -------------------------------------------------- */

static void ck_new_game(ck_session *s, const ck_pos *start, int level,
                        int human)
{
    ck_state_init(s->g, start, level,
                  human == CK_BLACK ? CK_HUMAN : CK_MACHINE,
                  human == CK_WHITE ? CK_HUMAN : CK_MACHINE);
    s->human = human;
    s->credit = level;
    s->searched = 0;
    s->from_setup = start != NULL;
    s->saved = 0;
    s->last[0] = 0;
    uint64_t seed = (uint64_t)tty_random(s->io) << 32 | tty_random(s->io);
    ck_rng_seed(&s->rng, seed);
}

/* The two questions of the notes.  0, or TTY_EOF. */
static int ck_questions(ck_session *s)
{
    static const char *const hello[3] = {
        "HELPFUL ROBOT TOM HERE.  TYPE HELP AT YOUR MOVE FOR THE COMMANDS,\n"
        "HINT FOR A HINT.\n",
        "SILENT ROBOT DICK.\n",
        "MIGHTY ROBOT HARRY.  I PLAY MY BEST.\n"
    };
    ck_say(s, "\nWHICH ROBOT SHALL I BE?\n"
              "  T  HELPFUL ROBOT TOM\n"
              "  D  SILENT ROBOT DICK\n"
              "  H  MIGHTY ROBOT HARRY\n");
    int key = ck_ask_key(s, "TYPE T, D OR H (ANY OTHER KEY: TOM): ");
    if (key == TTY_EOF)
        return TTY_EOF;
    int level = key == 'D' ? CK_DICK : key == 'H' ? CK_HARRY : CK_TOM;
    ck_say(s, hello[level]);
    key = ck_ask_key(s, "DO YOU WANT TO MOVE FIRST? TYPE N FOR NO (ANY "
                        "OTHER KEY: YES): ");
    if (key == TTY_EOF)
        return TTY_EOF;
    int human = key == 'N' ? CK_WHITE : CK_BLACK;
    if (human == CK_BLACK)
        ck_say(s, "YOU PLAY BLACK (B) AND MOVE FIRST.  I PLAY RED (R).\n");
    else
        ck_say(s, "I PLAY BLACK (B) AND MOVE FIRST.  YOU PLAY RED (R).\n");
    ck_say(s, "YOUR PIECES ARE AT THE BOTTOM.  BK AND RK ARE KINGS.\n");
    ck_new_game(s, NULL, level, human);
    return 0;
}

/* ---- The turns ------------------------------------------------------ */

static const char *ck_book_name(const ck_move m)
{
    for (int i = 0; i < CK_BOOK_FIRSTS; i++)
        if (ck_book[i].from == m.from + 1 && ck_book[i].to == m.to + 1)
            return ck_book[i].name;
    return NULL;
}

/* The machine's move, said as its robot says things. */
static int ck_machine_turn(ck_session *s)
{
    ck_state *g = s->g;
    ck_move m;
    int book;
    ck_view_thinking(s, 1);
    int rc = ck_think_move(s, &m, &book);
    ck_view_thinking(s, 0);
    if (rc == TTY_EOF)
        return TTY_EOF;
    if (rc < 0)
        return 0;   /* no move: the rules have ended the game */
    char text[CK_MOVE_TEXT];
    ck_move_upper(&g->pos, m, text);
    int crowns = ck_move_crowns(&g->pos, m);
    const char *opening = book && g->nply == 0 ? ck_book_name(m) : NULL;
    ck_state_play(g, m);
    if (!book)
        s->searched = 1;
    snprintf(s->last, sizeof s->last, "I MOVED %s", text);
    const char *verb = m.cap ? "JUMP" : "MOVE";
    switch (g->level) {
    case CK_TOM:
        ck_sayf(s, "I %s %s.%s\n", verb, text,
                crowns ? "  MY MAN IS CROWNED." : "");
        if (opening)
            ck_sayf(s, "(FROM MY BOOK: THE %s.)\n", opening);
        else if (book)
            ck_say(s, "(A REPLY FROM MY BOOK.)\n");
        break;
    case CK_DICK:
        ck_sayf(s, "%s.\n", text);      /* Dick says little */
        break;
    default:
        ck_sayf(s, "I %s %s.\n", verb, text);
        break;
    }
    return 0;
}

/* The player's move, once ck_entry has checked it. */
static void ck_player_move(ck_session *s, ck_move m)
{
    ck_state *g = s->g;
    char text[CK_MOVE_TEXT];
    ck_move_upper(&g->pos, m, text);
    int crowns = ck_move_crowns(&g->pos, m);
    ck_state_play(g, m);
    snprintf(s->last, sizeof s->last, "YOU MOVED %s", text);
    if (crowns && g->level == CK_TOM)
        ck_say(s, "YOUR MAN IS CROWNED: NOW IT IS A KING.\n");
}

/* Turns until the game ends, the player leaves or hangs up. */
static int ck_play(ck_session *s)
{
    ck_state *g = s->g;
    int print = 1;      /* the position changed: print it on paper */
    int kept = g->nply; /* the ply the save holds */
    char cmd[CK_LINE_SIZE];
    while (g->result == CK_PLAYING) {
        if (g->player[g->pos.turn] == CK_MACHINE) {
            if (ck_machine_turn(s) == TTY_EOF)
                return CK_PLAY_EOF;
            print = 1;
            continue;
        }
        /* Every move answered is committed before the next is asked for,
         * so kill -9 of the server loses at most what is being typed. */
        if (g->nply != kept && s->code[0] && ck_keep_store(s) == 0)
            kept = g->nply;
        ck_view_board(s, print);
        print = 0;
        ck_move m;
        switch (ck_entry(s, &m, cmd, sizeof cmd)) {
        case CK_ASK_EOF:
            return CK_PLAY_EOF;
        case CK_ASK_MOVE:
            ck_player_move(s, m);
            print = 1;
            break;
        case CK_ASK_COMMAND:
            switch (ck_command(s, cmd)) {
            case CK_CMD_NEW_GAME:
                print = 1;
                break;
            case CK_CMD_LEAVE:
                return CK_PLAY_LEAVE;
            case CK_CMD_EOF:
                return CK_PLAY_EOF;
            default:
                break;      /* GO_ON, and OVER ends the loop */
            }
            break;
        }
    }
    return CK_PLAY_OVER;
}

/* ---- The end -------------------------------------------------------- */

/* Moves the player made in the game. */
static int ck_player_moves(const ck_state *g, int human)
{
    int first = g->start.turn == human;
    return first ? (g->nply + 1) / 2 : g->nply / 2;
}

static void ck_hall_of_fame(ck_session *s)
{
    static const char *const beat[CK_NLEVELS] = {
        "beat_tom", "beat_dick", "beat_harry", "beat_expert"
    };
    int moves = ck_player_moves(s->g, s->human);
    char detail[32];
    snprintf(detail, sizeof detail, "IN %d MOVE%s", moves,
             moves == 1 ? "" : "S");
    tty_hof_add(s->io, "checkers", beat[s->credit], 1, detail);
    if (s->credit == CK_HARRY)
        tty_hof_add(s->io, "checkers", "fast_harry", moves, detail);
    else if (s->credit == CK_EXPERT)
        tty_hof_add(s->io, "checkers", "fast_expert", moves, detail);
}

/* The result, how it came, the record; the save goes.  0 or TTY_EOF. */
static int ck_over(ck_session *s)
{
    static const char *const praise[CK_NLEVELS] = {
        "WELL PLAYED!  NOW TRY SILENT ROBOT DICK.\n",
        "NOW TRY MIGHTY ROBOT HARRY.\n",
        "YOU HAVE BEATEN MIGHTY ROBOT HARRY!\n",
        "YOU HAVE BEATEN THE EXPERT LEVEL!\n"
    };
    ck_state *g = s->g;
    int won = (g->result == CK_BLACK_WINS && s->human == CK_BLACK) ||
              (g->result == CK_WHITE_WINS && s->human == CK_WHITE);
    /* The last position, unless the game ended by words over a board
     * the player has just seen. */
    ck_view_board(s, g->end != CK_END_AGREED && g->end != CK_END_RESIGNED);
    if (g->end == CK_END_NO_MOVES)
        ck_say(s, won ? "I HAVE NO MOVE LEFT.\n" : "YOU HAVE NO MOVE LEFT.\n");
    else if (g->end == CK_END_RESIGNED)
        ck_say(s, "YOU RESIGN.\n");
    else if (g->end != CK_END_AGREED)
        ck_sayf(s, "%s\n", ck_end_text(g->end));
    int moves = ck_player_moves(g, s->human);
    if (g->result == CK_DRAWN)
        ck_say(s, "THE GAME IS A DRAW.\n");
    else if (moves > 0)
        ck_sayf(s, "%s IN %d MOVE%s.\n", won ? "YOU WIN" : "I WIN", moves,
                moves == 1 ? "" : "S");
    else
        ck_say(s, won ? "YOU WIN.\n" : "I WIN.\n");
    if (won) {
        ck_say(s, praise[s->credit]);
        if (s->from_setup)
            ck_say(s, "(A SET-UP GAME: NOT FOR THE HALL OF FAME.)\n");
        else
            ck_hall_of_fame(s);
    }
    ck_keep_forget(s);
    char *record = ck_record(s);
    int rc = 0;
    if (record) {
        ck_say(s, "THE GAME IN PDN:\n");
        rc = ck_view_page(s, record, 0);
        free(record);
    }
    return rc;
}

/* ---- The session ---------------------------------------------------- */

static ck_session *ck_session_new(tty_io *io)
{
    ck_session *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->io = io;
    s->g = calloc(1, sizeof *s->g);
    if (!s->g) {
        free(s);
        return NULL;
    }
    return s;
}

static void ck_session_free(ck_session *s)
{
    free(s->g);
    free(s);
}

/* A game from a resume code.  0, or -1 if it cannot be read. */
static int ck_resume(ck_session *s, const tty_launch *launch)
{
    if (ck_keep_load(s, launch->data, launch->len) != 0) {
        ck_say(s, "\nTHAT SAVED GAME CANNOT BE READ.\n");
        return -1;
    }
    snprintf(s->code, sizeof s->code, "%s", launch->code);
    s->saved = 1;
    return 0;
}

static int ck_run(tty_io *io, const tty_launch *launch)
{
    ck_session *s = ck_session_new(io);
    if (!s) {
        tty_msg(io, "\nCHECKERS CANNOT START: OUT OF MEMORY.\n");
        return 0;
    }
    int resumed = launch && launch->code;
    if (resumed && ck_resume(s, launch) != 0) {
        ck_session_free(s);
        return 0;
    }
    if (!resumed)
        ck_say(s, ck_intro);
    for (;;) {
        if (!resumed && ck_questions(s) == TTY_EOF)
            break;
        /* The board appears (an ANSI screen is cleared for it), then
         * what the player must not miss: the game's resume code. */
        if (s->v.split.min_rows == 0)
            ck_view_open(s);
        else
            ck_view_redraw(s);
        if (resumed)
            ck_sayf(s, "\nCHECKERS: YOUR GAME AGAINST %s, RESUMED AT MOVE "
                       "%d.\nYOU PLAY %s, AT THE BOTTOM.\n",
                    ck_level_title(s->g->level), ck_state_move_number(s->g),
                    ck_side_name(s->human));
        else
            ck_keep_start(s);
        resumed = 0;
        int how = ck_play(s);
        if (how == CK_PLAY_EOF) {
            /* A dropped line keeps the game under the code it was
             * given. */
            if (s->g->result == CK_PLAYING && s->code[0])
                ck_keep_store(s);
            break;
        }
        if (how == CK_PLAY_LEAVE)
            break;
        if (ck_over(s) == TTY_EOF)
            break;
        int key = ck_ask_key(s, "ANOTHER GAME? TYPE N FOR NO (ANY OTHER KEY: "
                                "YES): ");
        if (key == TTY_EOF || key == 'N')
            break;
    }
    ck_view_close(s);
    ck_session_free(s);
    return 0;
}

const tty_game ck_game = {
    .name = "checkers",
    .title = "CHECKERS",
    .source = "S0 DESIGN NOTES 1977",
    .run = ck_run,
    .hof = ck_hof,
    .tool = "checkers",
    .tool_main = ck_tool_main,
};
