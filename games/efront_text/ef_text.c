/*
 * ef_text.c - Eastern Front on a teletype or a glass terminal: the
 * joystick and the scrolling map become a command dialect that prints
 * within 72 columns in upper case.  MAP, UNIT, ORDER, CLEAR, LIST, GO
 * (the START key), SCORE, SAVE, HELP, AUTO and QUIT; squares are named as
 * the unit table names them (lon,lat) and units by their row in it (#1 is
 * the 24 PANZER CORPS).  The original's error messages are printed where
 * they apply; its PLEASE WAIT FOR MALTAKREUZE! cannot happen here, there
 * being no arrow to wait for.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ef_play.h"

#define EF_LINE 80
#define EF_TOKENS 16
#define EF_DIRS_BAD (-100)      /* the directions were wrong: said why */

static const char ef_help[] =
    "COMMANDS (A SQUARE IS LON,LAT AS IN THE UNIT TABLE: LON COUNTS FROM\n"
    "THE EAST EDGE, LAT FROM THE SOUTH; A UNIT IS #NUMBER OR ITS SQUARE):\n"
    "MAP             THE WHOLE MAP (FOUR MINUTES ON A TELETYPE)\n"
    "MAP PLACE       THE MAP AROUND A CITY, SQUARE OR UNIT: MAP MOSCOW\n"
    "UNIT U          A UNIT'S CARD: UNIT #1, UNIT 40,20\n"
    "ORDER U DIRS    ADD ORDERS, ONE LETTER A STEP, N E S W, UP TO 8:\n"
    "                ORDER #1 EEN; NE IS NORTH THEN EAST (NO DIAGONALS)\n"
    "CLEAR U         FORGET A UNIT'S ORDERS; CLEAR ALL: EVERY CORPS'\n"
    "LIST            YOUR CORPS AND THEIR ORDERS (ABOUT 3 MINUTES)\n"
    "LIST FRONT      ONLY THE CORPS IN AN ENEMY ZONE OF CONTROL\n"
    "LIST UNSUPPLIED ONLY THE CORPS OUT OF SUPPLY\n"
    "LIST ORDERS     ONLY THE CORPS WITH ORDERS\n"
    "GO              START: THE WEEK IS PLAYED OUT AND REPORTED\n"
    "SCORE           THE SCORE AND THE CITIES\n"
    "SCORE WEEKS     THE SCORE EACH WEEK BEGAN WITH\n"
    "BRIEFING        THE OBJECTIVE, POINTS, ZONES, SUPPLY AND TERRAIN\n"
    "SAVE            SAVE THE CAMPAIGN; PRINTS ITS RESUME CODE\n"
    "AUTO            THE COMPUTER WRITES ORDERS FOR EVERY CORPS\n"
    "QUIT            SAVE AND LEAVE\n"
    "EVERY LIST TELLS ITS PRINTING TIME AT 110 BAUD BEFORE IT PRINTS.\n"
    "THE GAME SAVES ITSELF AFTER EVERY ORDER.\n"
    "A COMMAND MAY BE CUT TO ITS FIRST LETTERS: M MOSCOW, O #1 EEN, G.\n";

typedef struct ef_text {
    ef_play *p;
    tty_io *io;
    int ntok;
    char *tok[EF_TOKENS];
} ef_text;

static void ef_text_line(void *ctx, const char *line)
{
    wrap_print(ctx, 0, 1, line);    /* a line too long goes on indented */
    tty_msg(ctx, "\n");
}

/* The columns the teletype's lines of words fill: a Model 33's 72 but
 * one, or what a narrower glass terminal or window has (wrap.h). */
static int ef_text_width(tty_io *io)
{
    return wrap_width(tty_get_caps(io));
}

/* The dialogue's messages, broken at blanks for the terminal. */
static void ef_wmsg(tty_io *io, const char *text)
{
    wrap_print(io, 0, 0, text);
}

static void ef_wprintf(tty_io *io, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void ef_wprintf(tty_io *io, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    wrap_print(io, 0, 0, text);
}

/* ---- Naming squares and units -------------------------------------------- */

static int ef_parse_square(const char *s, int *lon, int *lat)
{
    char *end;
    long a = strtol(s, &end, 10);
    if (end == s || *end != ',')
        return -1;
    const char *t = end + 1;
    long b = strtol(t, &end, 10);
    if (end == t || *end)
        return -1;
    if (a < 0 || a >= EF_W || b < 0 || b >= EF_H)
        return -1;
    *lon = (int)a;
    *lat = (int)b;
    return 0;
}

static int ef_parse_number(const char *s)
{
    if (*s == '#')
        s++;
    if (*s < '0' || *s > '9')
        return -1;
    char *end;
    long v = strtol(s, &end, 10);
    return *end || v < 1 || v >= EF_NUNITS ? -1 : (int)v;
}

/* The unit a word names; 0 (said why) if none. */
static int ef_text_unit(ef_text *t, const char *s)
{
    const ef_state *g = t->p->g;
    int lon, lat;
    if (ef_parse_square(s, &lon, &lat) == 0) {
        int id = ef_unit_at(g, lon, lat);
        if (!id)
            ef_wprintf(t->io, "%s AT %d,%d.\n", ef_error_text(EF_ERR_NO_UNIT),
                       lon, lat);
        return id;
    }
    int id = ef_parse_number(s);
    if (id < 0) {
        ef_wprintf(t->io, "WHICH UNIT? A NUMBER (#1) OR A SQUARE (40,20), "
                          "NOT %s.\n", s);
        return 0;
    }
    if (!ef_on_map(g, id)) {
        ef_wprintf(t->io, "#%d IS NOT ON THE MAP.\n", id);
        return 0;
    }
    return id;
}

/* A city, a square or a unit: where; -1 (said why) if none. */
static int ef_text_place(ef_text *t, const char *s, int *lon, int *lat)
{
    int c = ef_city_find(s);
    if (c >= 0) {
        *lon = ef_cities[c].lon;
        *lat = ef_cities[c].lat;
        return 0;
    }
    if (ef_parse_square(s, lon, lat) == 0)
        return 0;
    if (ef_parse_number(s) < 0) {
        ef_wprintf(t->io, "NO CITY, SQUARE OR UNIT CALLED %s.\n", s);
        return -1;
    }
    int id = ef_text_unit(t, s);
    if (!id)
        return -1;
    *lon = t->p->g->u[id].lon;
    *lat = t->p->g->u[id].lat;
    return 0;
}

/* ---- What a unit is and where it goes ------------------------------------- */

static void ef_text_orders_line(ef_text *t, int id)
{
    const ef_state *g = t->p->g;
    char orders[24], name[24];
    int lons[EF_MAX_ORDERS], lats[EF_MAX_ORDERS];
    int n = ef_unit_path(g, id, lons, lats);
    ef_unit_name(id, name, sizeof name);
    if (!g->u[id].norders) {
        ef_wprintf(t->io, "#%d %s: NO ORDERS.\n", id, name);
        return;
    }
    ef_wprintf(t->io, "#%d %s: %s TO %d,%d.\n", id, name,
               ef_orders_text(g, id, orders, sizeof orders),
               n ? lons[n - 1] : g->u[id].lon, n ? lats[n - 1] : g->u[id].lat);
}

static void ef_text_card(ef_text *t, int id)
{
    const ef_state *g = t->p->g;
    ef_card c;
    char where[32];
    if (ef_unit_card(g, id, &c) != 0)
        return;
    ef_square_text(g, c.lon, c.lat, where, sizeof where);
    ef_wprintf(t->io, "#%d %s%s AT %d,%d, %s\n", id, c.name,
               c.german ? "" : " (RUSSIAN)", c.lon, c.lat, where);
    ef_wprintf(t->io, "MUSTER %d  COMBAT %d%s%s\n", c.muster, c.combat,
               c.militia ? "  MILITIA: NEVER MOVES" : "",
               ef_supply_traced(g, id) ? "" : "  OUT OF SUPPLY");
    if (c.german)
        ef_text_orders_line(t, id);
}

/* ---- Commands --------------------------------------------------------------- */

static void ef_cmd_map(ef_text *t)
{
    int lon, lat;
    if (t->ntok < 2) {
        ef_tmap_print(t->io, t->p->g, EF_W - 1, 0, EF_H - 1, 0);
        return;
    }
    if (ef_text_place(t, t->tok[1], &lon, &lat) == 0)
        ef_tmap_window(t->io, t->p->g, lon, lat);
}

static void ef_cmd_unit(ef_text *t)
{
    if (t->ntok < 2) {
        ef_wmsg(t->io, "WHICH UNIT? UNIT #1 OR UNIT 40,20.\n");
        return;
    }
    int id = ef_text_unit(t, t->tok[1]);
    if (id)
        ef_text_card(t, id);
}

/* The directions typed after the unit: every letter of a word is one
 * order, N E S W (so NE is north, then east), or the words NORTH ...
 * WEST.  The diagonal words (NORTHEAST ...) get the original's
 * EF_ERR_DIAGONAL; anything else EF_DIRS_BAD (said why).  The help and
 * both messages describe this one grammar (issue 21). */
static int ef_text_dirs(ef_text *t, uint8_t *dirs, int max)
{
    static const char *const words[] = {"NORTH", "EAST", "SOUTH", "WEST"};
    static const char *const diagonal[] = {"NORTHEAST", "NORTHWEST",
                                           "SOUTHEAST", "SOUTHWEST"};
    int n = 0;
    for (int i = 2; i < t->ntok; i++) {
        const char *s = t->tok[i];
        int word = -1;
        for (int d = 0; d < 4; d++)
            if (strcmp(s, words[d]) == 0)
                word = d;
        for (size_t d = 0; d < sizeof diagonal / sizeof *diagonal; d++)
            if (strcmp(s, diagonal[d]) == 0)
                return EF_ERR_DIAGONAL;
        if (word >= 0) {
            if (n < max)
                dirs[n] = (uint8_t)word;
            n++;
            continue;
        }
        for (; *s; s++) {
            const char *k = strchr("NESW", *s);
            if (!k) {
                ef_wmsg(t->io, "ORDERS ARE LETTERS N E S W, ONE A STEP: "
                               "ORDER #1 EEN.\n");
                return EF_DIRS_BAD;
            }
            if (n < max)
                dirs[n] = (uint8_t)(k - "NESW");
            n++;
        }
    }
    return n;
}

static void ef_cmd_order(ef_text *t)
{
    ef_state *g = t->p->g;
    if (t->ntok < 2) {
        ef_wmsg(t->io, "ORDER WHICH UNIT, WHICH WAY? ORDER #1 EEN.\n");
        return;
    }
    int id = ef_text_unit(t, t->tok[1]);
    if (!id)
        return;
    uint8_t dirs[32];
    int n = ef_text_dirs(t, dirs, 32);
    if (n == EF_DIRS_BAD)
        return;
    if (n == 0) {
        ef_wmsg(t->io, "WHICH WAY? N, E, S OR W, UP TO 8: ORDER #1 EEN.\n");
        return;
    }
    int err = EF_OK, given = 0;
    if (n == EF_ERR_DIAGONAL) {
        /* the checks the original made first still come first */
        err = ef_order_give(g, id, EF_DIAGONAL);
    } else {
        for (int i = 0; i < n && i < 32 && err == EF_OK; i++) {
            err = ef_order_give(g, id, dirs[i]);
            if (err == EF_OK)
                given++;
            else if (err == EF_ERR_SEA || err == EF_ERR_EDGE ||
                     err == EF_ERR_BLOCKED) {
                int lons[EF_MAX_ORDERS], lats[EF_MAX_ORDERS];
                int k = ef_unit_path(g, id, lons, lats);
                ef_wprintf(t->io, "%s (%c FROM %d,%d).\n", ef_error_text(err),
                           "NESW"[dirs[i]], k ? lons[k - 1] : g->u[id].lon,
                           k ? lats[k - 1] : g->u[id].lat);
                err = EF_DIRS_BAD;
            }
        }
    }
    if (err == EF_ERR_DIAGONAL)
        ef_wprintf(t->io, "%s\nORDERS ARE LETTERS N E S W, ONE A STEP: "
                          "NE IS NORTH, THEN EAST.\n", ef_error_text(err));
    else if (err != EF_OK && err != EF_DIRS_BAD)
        ef_wprintf(t->io, "%s\n", ef_error_text(err));
    if (given)
        ef_play_commit(t->p);
    if (ef_is_german(id))
        ef_text_orders_line(t, id);
}

static void ef_cmd_clear(ef_text *t)
{
    ef_state *g = t->p->g;
    if (t->ntok < 2) {
        ef_wmsg(t->io, "CLEAR WHICH UNIT? CLEAR #1, OR CLEAR ALL.\n");
        return;
    }
    if (strcmp(t->tok[1], "ALL") == 0) {
        int n = 0;
        for (int id = 1; id < EF_FIRST_RUSSIAN; id++)
            if (ef_on_map(g, id) && g->u[id].norders) {
                ef_order_clear(g, id);
                n++;
            }
        if (n)
            ef_play_commit(t->p);
        ef_wprintf(t->io, "ORDERS FORGOTTEN: %d CORPS.\n", n);
        return;
    }
    int id = ef_text_unit(t, t->tok[1]);
    if (!id)
        return;
    int err = ef_order_clear(g, id);
    if (err != EF_OK) {
        ef_wprintf(t->io, "%s\n", ef_error_text(err));
    } else {
        ef_play_commit(t->p);
        ef_text_orders_line(t, id);
    }
}

/* ---- Views that say what they cost -------------------------------------- */

/* A view is gathered first, so its length and printing time can be told
 * before a teletype spends them (issue 21: the whole LIST took three
 * minutes at 110 baud, about ten characters a second). */
#define EF_VIEW_LINES 64
typedef struct ef_view {
    int n;
    long chars;
    char line[EF_VIEW_LINES][76];
} ef_view;

static void ef_view_add(void *ctx, const char *text)
{
    ef_view *v = ctx;
    if (v->n < EF_VIEW_LINES)
        snprintf(v->line[v->n++], sizeof v->line[0], "%.75s", text);
    v->chars += (long)strlen(text) + 2;         /* CR LF */
}

/* "HEADING: N LINES, ABOUT S SECONDS AT 110 BAUD." (wrapped to 72) and
 * the lines. */
static void ef_view_print(ef_text *t, const char *heading, const ef_view *v)
{
    char text[160];
    long secs = (v->chars + 9) / 10;
    if (secs >= 120)
        snprintf(text, sizeof text, "%s: %d LINES, ABOUT %ld MINUTES AT 110 "
                 "BAUD.", heading, v->n, (secs + 30) / 60);
    else
        snprintf(text, sizeof text, "%s: %d LINES, ABOUT %ld SECONDS AT 110 "
                 "BAUD.", heading, v->n, secs);
    ef_wrap w = { .line = ef_text_line, .ctx = t->io,
                  .width = ef_text_width(t->io) };
    ef_wrap_text(&w, text);
    for (int i = 0; i < v->n; i++)      /* rows of a table: as they are */
        tty_printf(t->io, "%s\n", v->line[i]);
}

enum { EF_LIST_ALL, EF_LIST_FRONT, EF_LIST_UNSUPPLIED, EF_LIST_ORDERS };

static void ef_cmd_list(ef_text *t)
{
    static const char *const kinds[] = {"ALL", "FRONT", "UNSUPPLIED",
                                        "ORDERS"};
    static const char *const headings[] = {
        "YOUR CORPS", "YOUR CORPS IN AN ENEMY ZONE OF CONTROL",
        "YOUR CORPS OUT OF SUPPLY", "YOUR CORPS WITH ORDERS"};
    const ef_state *g = t->p->g;
    int kind = EF_LIST_ALL;
    if (t->ntok >= 2) {
        kind = -1;
        size_t len = strlen(t->tok[1]);
        for (int k = 0; k < 4; k++)
            if (strncmp(t->tok[1], kinds[k], len) == 0)
                kind = k;
        if (kind < 0) {
            ef_wmsg(t->io, "LIST, LIST FRONT, LIST UNSUPPLIED OR LIST "
                           "ORDERS.\n");
            return;
        }
    }
    ef_view *v = calloc(1, sizeof *v);
    if (!v)
        return;
    char text[96];
    int n = 0;
    snprintf(text, sizeof text, "%3s %-18s %6s %6s %6s %s", "NO", "UNIT",
             "SQUARE", "MUSTER", "COMBAT", "ORDERS");
    ef_view_add(v, text);
    for (int id = 1; id < EF_FIRST_RUSSIAN; id++) {
        if (!ef_on_map(g, id))
            continue;
        if ((kind == EF_LIST_FRONT && !ef_at_front(g, id)) ||
            (kind == EF_LIST_UNSUPPLIED && !ef_want_unsupplied(g, id)) ||
            (kind == EF_LIST_ORDERS && !ef_want_orders(g, id)))
            continue;
        char name[24], sq[8], orders[24];
        ef_unit_name(id, name, sizeof name);
        snprintf(sq, sizeof sq, "%d,%d", g->u[id].lon, g->u[id].lat);
        ef_orders_text(g, id, orders, sizeof orders);
        snprintf(text, sizeof text, "%3d %-18s %6s %6d %6d%s%s", id, name, sq,
                 g->u[id].muster, g->u[id].combat, orders[0] ? " " : "",
                 orders);
        ef_view_add(v, text);
        n++;
    }
    snprintf(text, sizeof text, "%d CORPS.", n);
    ef_view_add(v, text);
    ef_view_print(t, headings[kind], v);
    free(v);
}

/* SCORE WEEKS: the score each week began with, six weeks a line. */
static void ef_score_weeks(ef_text *t)
{
    const ef_state *g = t->p->g;
    ef_view *v = calloc(1, sizeof *v);
    if (!v)
        return;
    int last = g->turn > EF_LAST_TURN ? EF_LAST_TURN + 1 : g->turn;
    char text[96], date[24];
    for (int w = 0; w <= last; w += 6) {
        ef_turn_date(w, date, sizeof date);
        size_t k = (size_t)snprintf(text, sizeof text, "%-18s", date);
        for (int i = w; i < w + 6 && i <= last; i++) {
            if (g->history[i] < 0)
                k += (size_t)snprintf(text + k, sizeof text - k, "     ?");
            else
                k += (size_t)snprintf(text + k, sizeof text - k, "%6d",
                                      g->history[i]);
        }
        ef_view_add(v, text);
    }
    ef_view_add(v, "A LINE IS SIX WEEKS FROM THE DATE GIVEN; ? IS A WEEK");
    ef_view_add(v, "PLAYED BEFORE THE GAME KEPT ITS HISTORY.");
    ef_view_print(t, "THE SCORE EACH WEEK BEGAN WITH", v);
    free(v);
}

static void ef_cmd_briefing(ef_text *t)
{
    ef_view *v = calloc(1, sizeof *v);
    if (!v)
        return;
    ef_brief_lines(ef_text_width(t->io), ef_view_add, v);
    ef_view_print(t, "THE BRIEFING", v);
    free(v);
}

static void ef_cmd_score(ef_text *t)
{
    const ef_state *g = t->p->g;
    char items[EF_NCITIES][40];
    if (t->ntok >= 2) {
        if (strncmp(t->tok[1], "WEEKS", strlen(t->tok[1])) == 0)
            ef_score_weeks(t);
        else
            ef_wmsg(t->io, "SCORE, OR SCORE WEEKS.\n");
        return;
    }
    ef_wrap w = { .line = ef_text_line, .ctx = t->io,
                  .width = ef_text_width(t->io) };
    ef_wprintf(t->io, "SCORE %d%s\n", g->score,
               g->handicap ? " (HALVED FOR THE HANDICAP)" : "");
    int n = 0;
    for (int i = 0; i < EF_NCITIES; i++)
        if (ef_cities[i].points)
            snprintf(items[n++], 40, "%s (%d) %s", ef_cities[i].name,
                     ef_cities[i].points,
                     g->city_german[i] ? "GERMAN" : "RUSSIAN");
    ef_wrap_list(&w, "", items, n, n);
    n = 0;
    for (int i = 0; i < EF_NCITIES; i++)
        if (g->city_german[i] && !ef_cities[i].points)
            snprintf(items[n++], 40, "%s", ef_cities[i].name);
    ef_wrap_list(&w, "ALSO YOURS:", items, n, n);
}

static void ef_cmd_save(ef_text *t)
{
    if (ef_play_save(t->p) == 0)
        ef_wprintf(t->io, "SAVED. RESUME CODE %s.\n", t->p->code);
    else
        ef_wmsg(t->io, "THE GAME CANNOT BE SAVED JUST NOW.\n");
}

static void ef_cmd_auto(ef_text *t)
{
    char why[160];
    if (ef_play_auto(t->p) == TTY_EOF)
        return;
    ef_play_commit(t->p);
    ef_auto_said(t->p->g, 0, why, sizeof why);
    strncat(why, ".", sizeof why - strlen(why) - 1);
    ef_wrap w = { .line = ef_text_line, .ctx = t->io,
                  .width = ef_text_width(t->io) };
    ef_wrap_text(&w, why);
}

/* ---- The week ------------------------------------------------------------- */

/* The rest of the movement phase, then the new week and its report. */
static void ef_text_week(ef_text *t)
{
    ef_play *p = t->p;
    while (p->g->tick < EF_SUBTURNS)
        ef_play_subturn(p);
    int saved = ef_play_week(p);
    ef_report_lines(p->rep, p->g, ef_text_width(t->io), ef_text_line,
                    t->io);
    if (saved == TTY_FAILED)
        ef_wmsg(t->io, "(THIS WEEK COULD NOT BE SAVED.)\n");
}

static int ef_cmd_go(ef_text *t)
{
    ef_wprintf(t->io, "%s\n", ef_txt_figuring);
    if (ef_play_start(t->p) == TTY_EOF)
        return TTY_EOF;
    ef_text_week(t);
    return 0;
}

/* ---- The loop ------------------------------------------------------------- */

enum { EF_C_MAP, EF_C_UNIT, EF_C_ORDER, EF_C_CLEAR, EF_C_LIST, EF_C_GO,
       EF_C_SCORE, EF_C_SAVE, EF_C_HELP, EF_C_AUTO, EF_C_QUIT, EF_C_BRIEF,
       EF_C_COUNT };
static const char *const ef_commands[EF_C_COUNT] = {
    "MAP", "UNIT", "ORDER", "CLEAR", "LIST", "GO", "SCORE", "SAVE", "HELP",
    "AUTO", "QUIT", "BRIEFING"
};

/* The command a word is, or begins; -1 unknown, -2 ambiguous. */
static int ef_command(const char *word)
{
    int found = -1;
    size_t n = strlen(word);
    for (int i = 0; i < EF_C_COUNT; i++) {
        if (strcmp(word, ef_commands[i]) == 0)
            return i;
        if (strncmp(word, ef_commands[i], n) == 0)
            found = found == -1 ? i : -2;
    }
    return found;
}

/* The words of a line tty_ask has already upper-cased. */
static void ef_tokenize(ef_text *t, char *line)
{
    t->ntok = 0;
    for (char *s = strtok(line, " \t"); s && t->ntok < EF_TOKENS;
         s = strtok(NULL, " \t"))
        t->tok[t->ntok++] = s;
}

static int ef_text_loop(ef_text *t)
{
    char line[EF_LINE];
    for (;;) {
        if (ef_over(t->p->g))
            return 0;
        int n = wrap_ask(t->io, "COMMAND? ", line, sizeof line);
        if (n < 0)
            return TTY_EOF;
        ef_tokenize(t, line);
        if (!t->ntok)
            continue;           /* Return: ask again */
        int c = ef_command(t->tok[0]);
        switch (c) {
        case EF_C_MAP: ef_cmd_map(t); break;
        case EF_C_UNIT: ef_cmd_unit(t); break;
        case EF_C_ORDER: ef_cmd_order(t); break;
        case EF_C_CLEAR: ef_cmd_clear(t); break;
        case EF_C_LIST: ef_cmd_list(t); break;
        case EF_C_SCORE: ef_cmd_score(t); break;
        case EF_C_SAVE: ef_cmd_save(t); break;
        case EF_C_HELP: wrap_print(t->io, 0, 16, ef_help); break;
        case EF_C_AUTO: ef_cmd_auto(t); break;
        case EF_C_BRIEF: ef_cmd_briefing(t); break;
        case EF_C_GO:
            if (ef_cmd_go(t) == TTY_EOF)
                return TTY_EOF;
            break;
        case EF_C_QUIT:
            ef_think_stop(t->p);
            if (ef_play_save(t->p) == 0)
                ef_wprintf(t->io, "SAVED AS %s: RESUME IT FROM THE MENU.\n",
                           t->p->code);
            else
                ef_wmsg(t->io, "THE GAME COULD NOT BE SAVED.\n");
            return 1;
        case -2:
            ef_wprintf(t->io, "%s IS SHORT FOR MORE THAN ONE COMMAND.\n",
                       t->tok[0]);
            break;
        default:
            ef_wmsg(t->io, "WHAT? TYPE HELP FOR THE COMMANDS.\n");
        }
    }
}

int ef_text_run(ef_play *p)
{
    ef_text t = { .p = p, .io = p->io };
    char status[80];
    if (p->g->phase == EF_PHASE_MOVING) {
        /* resumed in the middle of a week's movement */
        ef_wprintf(p->io, "%s\n", ef_txt_figuring);
        ef_report_begin(p->rep, p->g);
        ef_text_week(&t);
    } else if (!ef_over(p->g)) {
        ef_wprintf(p->io, "%s\n%s. TYPE HELP FOR THE COMMANDS, BRIEFING "
                          "FOR THE RULES.\n",
                   ef_status_text(p->g, status, sizeof status),
                   ef_txt_enter);
    }
    ef_think_start(p);
    int rc = ef_text_loop(&t);
    if (ef_over(p->g)) {
        if (rc != TTY_EOF)
            ef_final_lines(p->g, ef_text_line, p->io);
        ef_play_finish(p);
    } else if (rc == TTY_EOF) {
        ef_play_hangup(p);
    }
    return rc == TTY_EOF ? TTY_EOF : 0;
}
