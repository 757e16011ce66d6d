/*
 * ck_cmd.c - the commands typed at the move prompt: HINT, MOVES, BOARD,
 * FEN, PDN, SETUP, SAVE, DRAW, RESIGN, QUIT, HELP, and EXPERT, the level
 * beyond Mighty Robot Harry that the S0 notes kept from the casual user
 * ("the user ... could be told to write in for information as to how this
 * is done"): HELP says to write in, and ttyarcade-checkers(6) is the answer.
 *
 * The first letters of a command will do when no other command starts
 * with them (EXPERT must be typed whole).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck_dialog.h"

/* The machine accepts a draw when it judges itself no more than this far
 * ahead (hundredths of a man). */
#define CK_DRAW_ACCEPT 10

static const char ck_help_text[] =
    "TYPE A MOVE AS 11-15, A JUMP AS 11X18 OR 11X18X25 (OR 11 15);\n"
    "OR THE PIECE (11), RETURN, AND THEN ITS SQUARE.\n"
    "ON A SCREEN THE ARROW KEYS MOVE THE CURSOR [  ]; RETURN OR SPACE\n"
    "PICKS THE PIECE, THEN THE SQUARE; ESCAPE DROPS THE PICK.\n"
    "B AND R ARE MEN, BK AND RK KINGS.  IN FEN AND PDN RED IS W (WHITE).\n"
    "COMMANDS (THE FIRST LETTERS WILL DO):\n"
    "  HINT    A GOOD MOVE (HELPFUL ROBOT TOM ONLY)\n"
    "  MOVES   YOUR LEGAL MOVES\n"
    "  BOARD   THE BOARD AGAIN\n"
    "  FEN     THE POSITION IN PDN FEN, TO COPY\n"
    "  PDN     THE GAME SO FAR IN PDN\n"
    "  SETUP   A NEW GAME FROM A POSITION: A FEN OR SQUARE LISTS\n"
    "  SAVE    KEEP THE GAME UNDER ITS RESUME CODE\n"
    "  DRAW    OFFER A DRAW\n"
    "  RESIGN  GIVE UP THIS GAME\n"
    "  QUIT    LEAVE (THE GAME MAY BE KEPT)\n"
    "  HELP    THIS LIST\n"
    "FOR EVEN HIGHER LEVELS OF PLAY, WRITE IN FOR INFORMATION:\n"
    "SEE TTYARCADE-CHECKERS(6), \"FOR THE TRULY EXPERT PLAYER\".\n";

static int ck_cmd_help(ck_session *s, const char *arg)
{
    return ck_view_page(s, ck_help_text, 1) == TTY_EOF ? CK_CMD_EOF
                                                       : CK_CMD_GO_ON;
}

/* ---- The record ----------------------------------------------------- */

char *ck_record(const ck_session *s)
{
    const ck_state *g = s->g;
    const char *machine = ck_levels[g->level].title;
    const char *player = tty_player_name(s->io);
    ck_pdn_tags tags = {
        .event = "ttyarcade checkers",
        .site = "ttyarcade",
        .date = "????.??.??",
        .round = "-",
        .black = s->human == CK_BLACK ? player : machine,
        .white = s->human == CK_WHITE ? player : machine,
    };
    int n = ck_state_pdn(g, &tags, CK_TEXT_FULL, NULL, 0);
    char *text = malloc((size_t)n + 1);
    if (text)
        ck_state_pdn(g, &tags, CK_TEXT_FULL, text, (size_t)n + 1);
    return text;
}

static int ck_cmd_pdn(ck_session *s, const char *arg)
{
    char *text = ck_record(s);
    if (!text)
        return CK_CMD_GO_ON;
    int rc = ck_view_page(s, text, 0);
    free(text);
    return rc == TTY_EOF ? CK_CMD_EOF : CK_CMD_GO_ON;
}

static int ck_cmd_fen(ck_session *s, const char *arg)
{
    char fen[CK_FEN_SIZE];
    ck_fen_print(&s->g->pos, fen);
    ck_say(s, "THE POSITION IN PDN FEN (W IS RED):\n");
    ck_print_wrapped(s, fen, 1);
    ck_say(s, "\n");
    return CK_CMD_GO_ON;
}

static int ck_cmd_moves(ck_session *s, const char *arg)
{
    char list[2048];
    ck_entry_moves(s, -1, list, sizeof list);
    char text[2100];
    snprintf(text, sizeof text, "YOUR MOVES: %s", list);
    ck_print_wrapped(s, text, 1);
    ck_say(s, "\n");
    return CK_CMD_GO_ON;
}

static int ck_cmd_board(ck_session *s, const char *arg)
{
    if (ck_view_inplace(s))
        ck_view_redraw(s);
    else
        ck_view_board(s, 1);
    return CK_CMD_GO_ON;
}

static int ck_cmd_hint(ck_session *s, const char *arg)
{
    static const char *const refusals[CK_NLEVELS] = {
        "", "SILENT ROBOT DICK SAYS NOTHING.\n",
        "MIGHTY ROBOT HARRY GIVES NO HINTS.\n",
        "NO HINTS AT THE EXPERT LEVEL.\n"
    };
    if (s->g->level != CK_TOM) {
        ck_say(s, refusals[s->g->level]);
        return CK_CMD_GO_ON;
    }
    ck_move m;
    if (ck_think_hint(s, &m) == TTY_EOF)
        return CK_CMD_EOF;
    char text[CK_MOVE_TEXT];
    ck_move_upper(&s->g->pos, m, text);
    ck_sayf(s, "TRY %s.\n", text);
    return CK_CMD_GO_ON;
}

static void ck_tell_code(ck_session *s)
{
    ck_sayf(s, "THE GAME IS KEPT UNDER THE RESUME CODE %s.\n", s->code);
    ck_say(s, "TO GO ON WITH IT, TYPE THE CODE AT THE MENU'S RESUME, OR:\n");
    /* A shell command: as it must be typed, where case can be shown. */
    tty_printf(s->io, "  ttyarcade play checkers --resume %s\n", s->code);
}

static int ck_cmd_save(ck_session *s, const char *arg)
{
    int rc = ck_keep_store(s);
    if (rc == 0) {
        s->saved = 1;
        ck_tell_code(s);
    } else {
        ck_say(s, "THE GAME COULD NOT BE KEPT: THERE IS NO STORAGE HERE\n"
                  "JUST NOW.\n");
    }
    return CK_CMD_GO_ON;
}

static int ck_cmd_quit(ck_session *s, const char *arg)
{
    int key = ck_ask_key(s, "KEEP THE GAME TO FINISH LATER? TYPE N FOR NO "
                            "(ANY OTHER KEY: YES): ");
    if (key == TTY_EOF)
        return CK_CMD_EOF;
    if (key == 'N') {
        ck_keep_forget(s);
        ck_say(s, "THE GAME IS NOT KEPT.\n");
    } else if (ck_keep_store(s) == 0) {
        ck_tell_code(s);
    } else {
        ck_say(s, "THE GAME COULD NOT BE KEPT: THERE IS NO STORAGE HERE\n"
                  "JUST NOW.\n");
    }
    ck_say(s, "GOODBYE.\n");
    return CK_CMD_LEAVE;
}

static int ck_cmd_resign(ck_session *s, const char *arg)
{
    int key = ck_ask_key(s, "DO YOU RESIGN? TYPE Y FOR YES (ANY OTHER KEY: "
                            "NO): ");
    if (key == TTY_EOF)
        return CK_CMD_EOF;
    if (key != 'Y') {
        ck_say(s, "THEN PLAY ON.\n");
        return CK_CMD_GO_ON;
    }
    ck_state_end(s->g, s->human == CK_BLACK ? CK_WHITE_WINS : CK_BLACK_WINS,
                 CK_END_RESIGNED);
    return CK_CMD_OVER;
}

static int ck_cmd_draw(ck_session *s, const char *arg)
{
    static const char *const declines[CK_NLEVELS] = {
        "NO, THANK YOU: I LIKE MY GAME.  PLAY ON.\n", "NO.\n",
        "NO DRAW: I AM AHEAD.\n", "DECLINED.\n"
    };
    int score;
    if (s->g->level >= CK_HARRY)
        ck_say(s, "I CONSIDER YOUR OFFER...\n");
    if (ck_think_judge(s, &score) == TTY_EOF)
        return CK_CMD_EOF;
    if (score > CK_DRAW_ACCEPT) {
        ck_say(s, declines[s->g->level]);
        return CK_CMD_GO_ON;
    }
    ck_say(s, "I ACCEPT YOUR OFFER OF A DRAW.\n");
    ck_state_end(s->g, CK_DRAWN, CK_END_AGREED);
    return CK_CMD_OVER;
}

static int ck_cmd_expert(ck_session *s, const char *arg)
{
    if (s->g->level == CK_EXPERT) {
        ck_say(s, "YOU ARE PLAYING THE EXPERT LEVEL ALREADY.\n");
        return CK_CMD_GO_ON;
    }
    s->g->level = CK_EXPERT;
    /* The hall of fame credits the level the machine searched at first:
     * a game won against Tom stays Tom's. */
    if (!s->searched)
        s->credit = CK_EXPERT;
    ck_say(s, "THE EXPERT LEVEL: I NOW THINK UP TO 5 SECONDS A MOVE, AND\n"
              "WITHOUT ANY RANDOMNESS.  IT MAY BE UNDULY LONG.\n");
    /* Beyond the notes: the expert's endgame databases, when the server
     * has them (see the man page). */
    int pieces;
    if (ck_think_egdb(s, &pieces) == TTY_EOF)
        return CK_CMD_EOF;
    if (pieces)
        ck_sayf(s, "I KNOW HOW EVERY ENDING OF UP TO %d PIECES COMES OUT.\n",
                pieces);
    else
        ck_say(s, "THIS SERVER HAS NO ENDGAME DATABASES FOR ME.\n");
    ck_view_board(s, 0);
    return CK_CMD_GO_ON;
}

/* ---- SETUP ---------------------------------------------------------- */

/* A list of squares, asked for; Return is none.  0, -1 to ask again,
 * TTY_EOF. */
static int ck_ask_squares(ck_session *s, const char *question, uint32_t *b)
{
    char line[CK_LINE_SIZE];
    for (;;) {
        int n = ck_ask_line(s, question, line, sizeof line);
        if (n < 0)
            return n;
        *b = 0;
        if (n == 0 || ck_squares_parse(line, b) == 0)
            return 0;
        ck_say(s, "TYPE SQUARES 1 TO 32, SUCH AS 1,2,3 OR 1-12 (RETURN: "
                  "NONE).\n");
    }
}

/* A position from four square lists and the side to move.  0, -1 (said
 * why), TTY_EOF. */
static int ck_setup_lists(ck_session *s, ck_pos *p)
{
    uint32_t bm, bk, wm, wk;
    if (ck_ask_squares(s, "BLACK MEN? ", &bm) < 0 ||
        ck_ask_squares(s, "BLACK KINGS? ", &bk) < 0 ||
        ck_ask_squares(s, "RED MEN? ", &wm) < 0 ||
        ck_ask_squares(s, "RED KINGS? ", &wk) < 0)
        return TTY_EOF;
    int key = ck_ask_key(s, "WHO MOVES? TYPE R FOR RED (ANY OTHER KEY: "
                            "BLACK): ");
    if (key == TTY_EOF)
        return TTY_EOF;
    int turn = key == 'R' ? CK_WHITE : CK_BLACK;
    if (ck_pos_from_lists(p, turn, bm, bk, wm, wk) < 0) {
        ck_say(s, "THOSE LISTS DO NOT MAKE A POSITION: A SQUARE TWICE, A MAN\n"
                  "ON ITS CROWNING ROW, OR MORE THAN 12 PIECES A SIDE.\n");
        return -1;
    }
    return 0;
}

/* A FEN, perhaps over several lines (each but the last ending with a
 * comma, as FEN prints it on a narrow terminal). */
static int ck_setup_fen(ck_session *s, const char *first, ck_pos *p)
{
    char text[4 * CK_LINE_SIZE];
    snprintf(text, sizeof text, "%s", first);
    size_t len = strlen(text);
    while (len && text[len - 1] == ',' && len < sizeof text - 2) {
        char more[CK_LINE_SIZE];
        int n = ck_ask_line(s, "MORE? ", more, sizeof more);
        if (n < 0)
            return TTY_EOF;
        snprintf(text + len, sizeof text - len, "%s", more);
        len = strlen(text);
        if (n == 0)
            break;
    }
    if (ck_fen_parse(text, p) < 0) {
        ck_say(s, "THAT IS NOT A POSITION I CAN READ.  A PDN FEN LOOKS LIKE\n"
                  "B:W18,24,K30:B12,16 (SIDE TO MOVE, RED'S SQUARES, BLACK'S).\n");
        return -1;
    }
    return 0;
}

/* The player takes the side to move, or the other. */
static int ck_setup_sides(ck_session *s, const ck_pos *p)
{
    char q[96];
    snprintf(q, sizeof q, "%s IS TO MOVE.  DO YOU PLAY %s? TYPE N FOR NO "
             "(ANY OTHER KEY: YES): ", ck_side_name(p->turn),
             ck_side_name(p->turn));
    int key = ck_ask_key(s, q);
    if (key == TTY_EOF)
        return TTY_EOF;
    return key == 'N' ? !p->turn : p->turn;
}

static int ck_cmd_setup(ck_session *s, const char *arg)
{
    char line[CK_LINE_SIZE];
    int n;
    if (*arg) {
        snprintf(line, sizeof line, "%s", arg);
        n = (int)strlen(line);
    } else {
        ck_say(s, "SET UP A POSITION: TYPE IT AS A PDN FEN, OR L TO GIVE\n");
        n = ck_ask_line(s, "SQUARE LISTS (RETURN: NO CHANGE)? ", line,
                        sizeof line);
        if (n < 0)
            return CK_CMD_EOF;
    }
    if (n == 0) {
        ck_say(s, "NO CHANGE.\n");
        return CK_CMD_GO_ON;
    }
    ck_pos p;
    int rc = strcmp(line, "L") == 0 ? ck_setup_lists(s, &p)
                                    : ck_setup_fen(s, line, &p);
    if (rc == TTY_EOF)
        return CK_CMD_EOF;
    if (rc < 0)
        return CK_CMD_GO_ON;
    if (ck_count_moves(&p) == 0) {
        ck_say(s, "THE SIDE TO MOVE HAS NO MOVE THERE: THAT GAME IS OVER.\n");
        return CK_CMD_GO_ON;
    }
    int side = ck_setup_sides(s, &p);
    if (side == TTY_EOF)
        return CK_CMD_EOF;
    /* The game set aside is kept only if the player saved it. */
    if (!s->saved)
        ck_keep_forget(s);
    s->human = side;
    s->from_setup = 1;
    s->searched = 0;
    s->credit = s->g->level;
    s->saved = 0;
    s->last[0] = 0;
    ck_state_init(s->g, &p, s->g->level,
                  side == CK_BLACK ? CK_HUMAN : CK_MACHINE,
                  side == CK_WHITE ? CK_HUMAN : CK_MACHINE);
    ck_say(s, "A NEW GAME FROM THAT POSITION.  (SET-UP GAMES DO NOT GO IN\n"
              "THE HALL OF FAME.)\n");
    ck_keep_start(s);
    ck_view_redraw(s);
    return CK_CMD_NEW_GAME;
}

/* ---- Dispatch ------------------------------------------------------- */

typedef int (*ck_cmd_fn)(ck_session *s, const char *arg);

static const struct ck_cmd {
    const char *name;
    ck_cmd_fn fn;
    int whole;      /* must be typed whole */
} ck_cmds[] = {
    { "HINT", ck_cmd_hint, 0 },
    { "MOVES", ck_cmd_moves, 0 },
    { "BOARD", ck_cmd_board, 0 },
    { "FEN", ck_cmd_fen, 0 },
    { "PDN", ck_cmd_pdn, 0 },
    { "SETUP", ck_cmd_setup, 0 },
    { "SAVE", ck_cmd_save, 0 },
    { "DRAW", ck_cmd_draw, 0 },
    { "RESIGN", ck_cmd_resign, 0 },
    { "QUIT", ck_cmd_quit, 0 },
    { "HELP", ck_cmd_help, 0 },
    { "EXPERT", ck_cmd_expert, 1 },
};
#define CK_NCMDS (sizeof ck_cmds / sizeof ck_cmds[0])

int ck_command(ck_session *s, const char *line)
{
    char word[16];
    size_t n = 0;
    while (*line == ' ')
        line++;
    while (*line && *line != ' ' && n < sizeof word - 1)
        word[n++] = (char)toupper((unsigned char)*line++);
    word[n] = 0;
    while (*line == ' ')
        line++;
    if (strcmp(word, "?") == 0)
        snprintf(word, sizeof word, "HELP");
    const struct ck_cmd *hit = NULL;
    char which[96] = "";
    int hits = 0;
    for (size_t i = 0; i < CK_NCMDS && n; i++) {
        const struct ck_cmd *c = &ck_cmds[i];
        if (strcmp(word, c->name) == 0) {
            hit = c;
            hits = 1;
            break;
        }
        if (!c->whole && strncmp(word, c->name, n) == 0) {
            hit = c;
            hits++;
            size_t k = strlen(which);
            snprintf(which + k, sizeof which - k, "%s%s", k ? " OR " : "",
                     c->name);
        }
    }
    if (hits > 1) {
        ck_sayf(s, "WHICH: %s?\n", which);
        return CK_CMD_GO_ON;
    }
    if (!hit) {
        ck_say(s, "TYPE A MOVE SUCH AS 11-15, OR A COMMAND (HELP LISTS "
                  "THEM).\n");
        return CK_CMD_GO_ON;
    }
    return hit->fn(s, line);
}
