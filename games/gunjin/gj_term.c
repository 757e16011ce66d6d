/*
 * gj_term.c - one terminal of a match: its states, its keys and the
 * commands of play (moves, and the seed's player aids: 'I' intelligence,
 * 'G' graveyard, 'P' action replay).
 *
 * A terminal is fed one key at a time by the match and answers with what
 * the match should do (enum gj_act).  What it shows comes from its own
 * view, rebuilt from the umpire's game before every drawing, so a terminal
 * can only ever show its own side's types.
 */
#include <stdio.h>
#include <string.h>

#include "gj_ui.h"

/* A replay frame: long enough to follow, short enough not to drag. */
enum { GJ_FRAME_MS = 150 };

void gj_term_init(gj_term *t, gj_match *m, tty_io *io, int side)
{
    memset(t, 0, sizeof *t);
    t->io = io;
    t->m = m;
    t->side = side;
    t->caps = tty_get_caps(io);
    t->screen = gj_screen_fits(t->caps);
    t->scr.color = t->caps->color;
    t->sel = -1;
    t->fight_sq = -1;
    t->cur = gj_terr_sq(side == GJ_BLUE ? GJ_BLUE : GJ_RED, 19);
    t->state = GJ_T_IDLE;
    gj_tray_init(&t->tray);
    if (t->caps->ansi)
        tty_want_resize(io, 1);
}

/* While setting up there is no game yet: a view of the tray alone. */
static void tray_view(gj_term *t)
{
    gj_view *v = &t->v;
    memset(v, 0, sizeof *v);
    memset(v->at, -1, sizeof v->at);
    v->me = (uint8_t)t->side;
    for (int id = 0; id < GJ_PIECES; id++) {
        v->piece[id].sq = -1;
        v->piece[id].type = GJ_UNKNOWN;
        v->piece[id].start = (uint8_t)gj_start_sq(id);
        v->type[id] = GJ_UNKNOWN;
    }
    if (t->side == GJ_UMPIRE)
        return;
    for (int k = 0; k < GJ_SIDE_PIECES; k++) {
        int ty = t->tray.s.type[k];
        if (ty == GJ_UNKNOWN)
            continue;
        int id = t->side * GJ_SIDE_PIECES + k, sq = gj_terr_sq(t->side, k);
        v->at[sq] = (int8_t)id;
        v->piece[id].sq = (int8_t)sq;
        v->piece[id].type = (uint8_t)ty;
        v->type[id] = (uint8_t)ty;
    }
}

void gj_term_view(gj_term *t)
{
    gj_match *m = t->m;
    if (!m->started) {
        tray_view(t);
        return;
    }
    if (t->side != GJ_UMPIRE) {
        gj_view_build(&m->g, t->side, &t->v);
        return;
    }
    /* The demo's spectator: each army as its own side sees it. */
    gj_view_build(&m->g, GJ_RED, &t->v);
    gj_view_build(&m->g, GJ_BLUE, &m->scratch);
    for (int id = GJ_SIDE_PIECES; id < GJ_PIECES; id++) {
        t->v.piece[id].type = m->scratch.piece[id].type;
        t->v.type[id] = m->scratch.type[id];
    }
}

/* ---- output ----------------------------------------------------------- */

void gj_term_say(gj_term *t, const char *text)
{
    if (t->screen) {
        gj_screen_log(t, text);
        gj_text_copy(t->last, sizeof t->last, text);
        return;
    }
    if (t->prompted)
        tty_msg(t->io, "\n");
    t->prompted = 0;
    tty_printf(t->io, "%s\n", text);
}

void gj_term_msg(gj_term *t, const char *text)
{
    if (t->screen)
        gj_text_copy(t->msg, sizeof t->msg, text);
    else
        gj_term_say(t, text);
}

static int my_turn(const gj_term *t)
{
    return t->m->started && t->m->g.result == GJ_PLAYING &&
           t->m->g.turn == t->side;
}

static void prompt_text(gj_term *t, char *buf, size_t n)
{
    const char *side = gj_side_name(t->side);
    buf[0] = 0;
    switch (t->state) {
    case GJ_T_HOW:
    case GJ_T_KEEP:
    case GJ_T_TRAY:
        gj_tray_prompt(t, buf, n);
        break;
    case GJ_T_PLAY:
        if (my_turn(t))
            snprintf(buf, n, t->screen ? "%s'S MOVE: " :
                     "%s'S MOVE (H: HELP)? ", side);
        else if (t->screen)
            snprintf(buf, n, "WAITING FOR %s: ",
                     gj_side_name(!t->side));
        break;
    case GJ_T_HIDE:
        snprintf(buf, n, "PRESS RETURN TO HIDE THE BOARD. ");
        break;
    case GJ_T_PASS:
        snprintf(buf, n, "PASS TO %s, PRESS RETURN ", side);
        break;
    case GJ_T_RESIGN:
        snprintf(buf, n, "RESIGN (Y/N, RETURN: N)? ");
        break;
    default:
        break;
    }
}

void gj_term_show(gj_term *t)
{
    char prompt[GJ_MSG];
    if (t->screen) {
        gj_term_view(t);
        prompt_text(t, prompt, sizeof prompt);
        gj_screen_render(t, prompt);
        return;
    }
    if (t->prompted)
        return;
    if (t->board_due) {
        t->board_due = 0;
        gj_term_view(t);
        gj_lines_board(t);
    }
    prompt_text(t, prompt, sizeof prompt);
    if (prompt[0])
        gj_edit_prompt(t, prompt);
}

void gj_term_turn(gj_term *t)
{
    t->board_due = 1;
}

/* ---- the hot seat ------------------------------------------------------ */

static void hide(gj_term *t)
{
    t->sel = -1;
    t->grave = 0;
    t->panel = GJ_P_LOG;
    t->nlog = 0;
    t->msg[0] = 0;
    t->last[0] = 0;
    gj_edit_clear(t);
    if (t->screen) {
        gj_scr_reset(&t->scr);
        return;
    }
    /* Scroll the board off a glass screen; on paper, feed a stretch the
     * player can tear off. */
    int lines = t->caps->height > 0 ? t->caps->height : 8;
    for (int i = 0; i < lines; i++)
        tty_msg(t->io, "\n");
    if (t->caps->paper)
        tty_msg(t->io, "(TEAR OFF THE PAPER ABOVE.)\n");
    t->prompted = 0;
}

void gj_term_switch(gj_term *t, int side)
{
    t->side = side;
    t->cur = gj_terr_sq(side, 19);
    hide(t);
    t->state = GJ_T_PASS;
}

/* The log of a screen that changed hands: the last moves again, as the
 * new side may hear them. */
static void relog(gj_term *t)
{
    char text[160];
    int from = t->v.nhist > 6 ? t->v.nhist - 6 : 0;
    if (t->m->code[0]) {
        snprintf(text, sizeof text, "THE RESUME CODE IS %s.", t->m->code);
        gj_screen_log(t, text);
    }
    for (int i = from; i < t->v.nhist; i++) {
        gj_text_move(&t->v, t->side, &t->v.hist[i], text, sizeof text);
        gj_screen_log(t, text);
    }
}

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
    prompt_text(t, prompt, sizeof prompt);
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

static void help(gj_term *t, const char *const *page)
{
    if (t->screen) {
        t->panel = GJ_P_HELP;
        return;
    }
    for (int i = 0; page[i]; i++)
        gj_term_say(t, page[i]);
}

/* ---- moves ------------------------------------------------------------ */

int gj_term_try(gj_term *t, int from, int to)
{
    char msg[GJ_MSG * 2], a[3], b[3], type[24];
    if (!my_turn(t)) {
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

static int play_line(gj_term *t, char *line)
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
    switch (command(line, w)) {
    case 'I':
        intel(t, arg);
        break;
    case 'G':
        graveyard(t);
        break;
    case 'P':
        gj_term_replay(t);
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
    case 'H':
        help(t, gj_help_play);
        break;
    default:
        gj_term_msg(t, "TYPE A MOVE AS B2-B3, OR H FOR HELP.");
        break;
    }
    return GJ_ACT_NONE;
}

static int resign_line(gj_term *t, const char *line)
{
    if (line[0] == 'Y')
        return GJ_ACT_RESIGN;
    gj_term_enter(t, GJ_T_PLAY);
    gj_term_msg(t, "PLAY ON.");
    return GJ_ACT_NONE;
}

/* The demo's spectator: single keys, nothing echoed. */
static int watch_key(gj_term *t, int key)
{
    switch (key >= 'a' && key <= 'z' ? key - 32 : key) {
    case 'Q':
    case TTY_KEY_ESC:
        return GJ_ACT_STOP;
    case 'S':
        return GJ_ACT_SAVE;
    case 'G':
        graveyard(t);
        break;
    case 'P':
        gj_term_replay(t);
        break;
    case 'H':
    case '?':
        help(t, gj_help_rules);
        break;
    default:
        if (t->screen)
            gj_screen_key(t, key);      /* look around the graveyard */
        break;
    }
    return GJ_ACT_NONE;
}

/* Keys that act at once on the ANSI screen when nothing is typed. */
static int immediate(const gj_term *t, int key)
{
    const char *set;
    switch (t->state) {
    case GJ_T_PLAY:
        set = "IGPSRHQ?";
        break;
    case GJ_T_TRAY:
        set = "RH?";
        break;
    case GJ_T_HOW:
        set = "RMH?";
        break;
    case GJ_T_KEEP:
        set = "YNM";
        break;
    case GJ_T_RESIGN:
        set = "YN";
        break;
    default:
        return 0;
    }
    if (key >= 'a' && key <= 'z')
        key -= 32;
    return key > 0 && key < 0x80 && strchr(set, key) != NULL;
}

static int is_cursor_key(int key)
{
    return key == TTY_KEY_UP || key == TTY_KEY_DOWN ||
           key == TTY_KEY_LEFT || key == TTY_KEY_RIGHT;
}

static int line_done(gj_term *t)
{
    switch (t->state) {
    case GJ_T_PLAY:
        return play_line(t, t->line);
    case GJ_T_RESIGN:
        return resign_line(t, t->line);
    case GJ_T_HOW:
    case GJ_T_KEEP:
    case GJ_T_TRAY:
        return gj_tray_line(t, t->line);
    default:
        return GJ_ACT_NONE;
    }
}

int gj_term_key(gj_term *t, int key)
{
    if (key == TTY_KEY_RESIZE) {
        int was = t->screen;
        t->screen = gj_screen_fits(t->caps);
        gj_scr_reset(&t->scr);
        if (was && !t->screen) {
            tty_attr(t->io, "0");
            tty_clear(t->io);
            t->prompted = 0;
            t->board_due = 1;
        }
        return GJ_ACT_NONE;
    }
    if (key == 12) {                    /* ^L: the whole display again */
        gj_scr_reset(&t->scr);
        t->board_due = !t->screen;
        t->prompted = 0;
        return GJ_ACT_NONE;
    }
    if (t->screen && t->panel == GJ_P_HELP) {
        t->panel = t->state == GJ_T_TRAY ? GJ_P_TRAY : GJ_P_LOG;
        return GJ_ACT_NONE;             /* any key leaves the help */
    }
    switch (t->state) {
    case GJ_T_WATCH:
        return watch_key(t, key);
    case GJ_T_HIDE:
        return key == TTY_KEY_RETURN ? GJ_ACT_HIDDEN : GJ_ACT_NONE;
    case GJ_T_PASS:
        if (key != TTY_KEY_RETURN)
            return GJ_ACT_NONE;
        if (!t->screen)
            tty_msg(t->io, "\n");
        t->prompted = 0;
        t->state = t->m->started ? GJ_T_PLAY : GJ_T_HOW;
        gj_term_view(t);
        if (t->m->started) {
            if (t->screen)
                relog(t);
            gj_term_turn(t);
            if (t->v.nhist)
                gj_term_replay(t);
        } else {
            gj_term_enter(t, GJ_T_HOW);
        }
        return GJ_ACT_NONE;
    case GJ_T_IDLE:
    case GJ_T_READY:
        return GJ_ACT_NONE;
    default:
        break;
    }
    if (t->screen && t->len == 0) {
        int board = t->state == GJ_T_PLAY || t->state == GJ_T_TRAY;
        if (board && (is_cursor_key(key) || key == ' ' ||
                      key == TTY_KEY_RETURN || key == TTY_KEY_ESC ||
                      key == '[' || key == ']' || key == '\t' ||
                      key == TTY_KEY_PGUP || key == TTY_KEY_PGDN))
            return t->state == GJ_T_TRAY ? gj_tray_cursor(t, key)
                                         : gj_screen_key(t, key);
        if (immediate(t, key)) {
            t->line[0] = (char)(key >= 'a' && key <= 'z' ? key - 32 : key);
            t->line[1] = 0;
            t->msg[0] = 0;
            int what = line_done(t);
            t->line[0] = 0;
            return what;
        }
    }
    if (t->screen && key == TTY_KEY_ESC) {
        gj_edit_clear(t);
        return GJ_ACT_NONE;
    }
    if (!gj_edit_key(t, key))
        return GJ_ACT_NONE;
    if (t->screen)
        t->msg[0] = 0;
    int what = line_done(t);
    t->line[0] = 0;             /* the screen shows the next line empty */
    return what;
}

void gj_term_enter(gj_term *t, int state)
{
    t->state = state;
    t->prompted = 0;
    gj_edit_clear(t);
    switch (state) {
    case GJ_T_HOW:
    case GJ_T_KEEP:
    case GJ_T_TRAY:
        gj_tray_enter(t, state);
        break;
    case GJ_T_PLAY:
    case GJ_T_WATCH:
        t->panel = GJ_P_LOG;
        break;
    default:
        break;
    }
}

void gj_term_close(gj_term *t)
{
    if (t->caps->ansi)
        tty_want_resize(t->io, 0);
    if (t->screen) {
        /* The last news (how it ended, the resume code) stays readable
         * in plain lines below the board as the menu scrolls it away. */
        tty_attr(t->io, "0");
        tty_cursor(t->io, 1);
        tty_goto(t->io, GJ_ROWS, 1);
        tty_printf(t->io, "\n%s\n", t->last);
    } else if (t->prompted) {
        tty_msg(t->io, "\n");
    }
    t->prompted = 0;
}
