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
 * The same dialect is the glass view of an ANSI window too small for the
 * scrolling map (ef_ansi.c offers it), so it prints within the narrower
 * of 72 columns and the window: a line that would run past the edge goes
 * on at its words on the next (ef_wrap), a table takes a narrow form,
 * the map comes in strips.  VIEW goes back to the map when the window
 * has grown; REPORT prints the last week's report again.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
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
    "REPORT          THE LAST WEEK'S REPORT AGAIN\n"
    "SCORE           THE SCORE, ITS TWO PARTS AND THE CITIES\n"
    "SCORE WEEKS     THE SCORE EACH WEEK BEGAN WITH\n"
    "BRIEFING        THE OBJECTIVE, POINTS, ZONES, SUPPLY AND TERRAIN\n"
    "SAVE            SAVE THE CAMPAIGN; PRINTS ITS RESUME CODE\n"
    "AUTO            THE COMPUTER WRITES ORDERS FOR EVERY CORPS\n"
    "VIEW            BACK TO THE SCROLLING MAP (ANSI, 40 BY 10 OR MORE)\n"
    "QUIT            SAVE AND LEAVE\n"
    "EVERY MAP AND LIST TELLS ITS PRINTING TIME BEFORE IT PRINTS.\n"
    "THE GAME SAVES ITSELF AFTER EVERY ORDER.\n"
    "A COMMAND MAY BE CUT TO ITS FIRST LETTERS: M MOSCOW, O #1 EEN, G.\n";

typedef struct ef_text {
    ef_play *p;
    tty_io *io;
    int width;                  /* columns to print within */
    int ntok;
    char *tok[EF_TOKENS];
} ef_text;

/* A line of the dialect: whole when it fits, else gone on with at its
 * words, never cut. */
static void ef_text_put(ef_text *t, const char *line)
{
    ef_wrap_line(t->width, line, ef_print_line, t->io);
}

/* Print text (lines ended by newlines) within the width. */
static void ef_say(ef_text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void ef_say(ef_text *t, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    char *line = buf;
    while (*line) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        ef_text_put(t, line);
        if (!nl)
            break;
        line = nl + 1;
    }
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
            ef_say(t, "%s AT %d,%d.\n", ef_error_text(EF_ERR_NO_UNIT),
                   lon, lat);
        return id;
    }
    int id = ef_parse_number(s);
    if (id < 0) {
        ef_say(t, "WHICH UNIT? A NUMBER (#1) OR A SQUARE (40,20), "
               "NOT %s.\n", s);
        return 0;
    }
    if (!ef_on_map(g, id)) {
        ef_say(t, "#%d IS NOT ON THE MAP.\n", id);
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
        ef_say(t, "NO CITY, SQUARE OR UNIT CALLED %s.\n", s);
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
        ef_say(t, "#%d %s: NO ORDERS.\n", id, name);
        return;
    }
    ef_say(t, "#%d %s: %s TO %d,%d.\n", id, name,
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
    ef_say(t, "#%d %s%s AT %d,%d, %s\n", id, c.name,
           c.german ? "" : " (RUSSIAN)", c.lon, c.lat, where);
    ef_say(t, "MUSTER %d  COMBAT %d%s%s\n", c.muster, c.combat,
           c.militia ? "  MILITIA: NEVER MOVES" : "",
           ef_supply_traced(g, id) ? "" : "  OUT OF SUPPLY");
    if (c.german)
        ef_text_orders_line(t, id);
}

/* ---- Commands --------------------------------------------------------------- */

static void ef_cmd_unit(ef_text *t)
{
    if (t->ntok < 2) {
        ef_say(t, "WHICH UNIT? UNIT #1 OR UNIT 40,20.\n");
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
                ef_say(t, "ORDERS ARE LETTERS N E S W, ONE A STEP: "
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
        ef_say(t, "ORDER WHICH UNIT, WHICH WAY? ORDER #1 EEN.\n");
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
        ef_say(t, "WHICH WAY? N, E, S OR W, UP TO 8: ORDER #1 EEN.\n");
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
                ef_say(t, "%s (%c FROM %d,%d).\n", ef_error_text(err),
                       "NESW"[dirs[i]], k ? lons[k - 1] : g->u[id].lon,
                       k ? lats[k - 1] : g->u[id].lat);
                err = EF_DIRS_BAD;
            }
        }
    }
    if (err == EF_ERR_DIAGONAL)
        ef_say(t, "%s\nORDERS ARE LETTERS N E S W, ONE A STEP: "
               "NE IS NORTH, THEN EAST.\n", ef_error_text(err));
    else if (err != EF_OK && err != EF_DIRS_BAD)
        ef_say(t, "%s\n", ef_error_text(err));
    if (given)
        ef_play_commit(t->p);
    if (ef_is_german(id))
        ef_text_orders_line(t, id);
}

static void ef_cmd_clear(ef_text *t)
{
    ef_state *g = t->p->g;
    if (t->ntok < 2) {
        ef_say(t, "CLEAR WHICH UNIT? CLEAR #1, OR CLEAR ALL.\n");
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
        ef_say(t, "ORDERS FORGOTTEN: %d CORPS.\n", n);
        return;
    }
    int id = ef_text_unit(t, t->tok[1]);
    if (!id)
        return;
    int err = ef_order_clear(g, id);
    if (err != EF_OK) {
        ef_say(t, "%s\n", ef_error_text(err));
    } else {
        ef_play_commit(t->p);
        ef_text_orders_line(t, id);
    }
}

/* ---- Views that say what they cost -------------------------------------- */

/* A view is gathered first, so its length and printing time can be told
 * before a teletype spends them (issue 21: the whole LIST took three
 * minutes at 110 baud, about ten characters a second; the whole MAP
 * four).  Its lines are kept within the dialect's width as they come. */
#define EF_VIEW_LINES 256
typedef struct ef_view {
    int n, width;
    long chars;
    char line[EF_VIEW_LINES][76];
} ef_view;

static void ef_view_keep(void *ctx, const char *text)
{
    ef_view *v = ctx;
    if (v->n < EF_VIEW_LINES)
        snprintf(v->line[v->n++], sizeof v->line[0], "%.75s", text);
    v->chars += (long)strlen(text) + 2;         /* CR LF */
}

static void ef_view_add(void *ctx, const char *text)
{
    ef_view *v = ctx;
    ef_wrap_line(v->width, text, ef_view_keep, v);
}

static ef_view *ef_view_new(ef_text *t)
{
    ef_view *v = calloc(1, sizeof *v);
    if (v)
        v->width = t->width;
    return v;
}

/* "ABOUT 7 SECONDS AT 110 BAUD": what chars take to print on this line,
 * at its own speed when it is paced, else at a Model 33's 110 baud (ten
 * characters a second, eleven bits each). */
static char *ef_print_time(ef_text *t, long chars, char *buf, size_t size)
{
    int baud = tty_get_caps(t->io)->baud;
    if (baud <= 0)
        baud = 110;
    long bits = baud <= 110 ? 11 : 10;
    long secs = (chars * bits + baud - 1) / baud;
    if (secs >= 120)
        snprintf(buf, size, "ABOUT %ld MINUTES AT %d BAUD", (secs + 30) / 60,
                 baud);
    else
        snprintf(buf, size, "ABOUT %ld SECOND%s AT %d BAUD", secs,
                 secs == 1 ? "" : "S", baud);
    return buf;
}

/* "HEADING: N LINES, ABOUT S SECONDS AT 110 BAUD." and the lines. */
static void ef_view_print(ef_text *t, const char *heading, const ef_view *v)
{
    char when[64];
    ef_say(t, "%s: %d LINES, %s.\n", heading, v->n,
           ef_print_time(t, v->chars, when, sizeof when));
    for (int i = 0; i < v->n; i++)
        ef_print_line(t->io, v->line[i]);
}

static void ef_cmd_map(ef_text *t)
{
    int lon, lat;
    char heading[64];
    ef_view *v = NULL;
    if (t->ntok < 2) {
        if (!(v = ef_view_new(t)))
            return;
        ef_tmap_whole(t->p->g, t->width, ef_view_keep, v);
        snprintf(heading, sizeof heading, "THE WHOLE MAP");
    } else if (ef_text_place(t, t->tok[1], &lon, &lat) == 0) {
        if (!(v = ef_view_new(t)))
            return;
        ef_tmap_window(t->p->g, lon, lat, t->width, ef_view_keep, v);
        snprintf(heading, sizeof heading, "THE MAP AROUND %s", t->tok[1]);
    }
    if (v)
        ef_view_print(t, heading, v);
    free(v);
}

enum { EF_LIST_ALL, EF_LIST_FRONT, EF_LIST_UNSUPPLIED, EF_LIST_ORDERS };

/* The columns of LIST, and the narrow form for a small window. */
#define EF_LIST_WIDE 62

static void ef_cmd_list(ef_text *t)
{
    static const char *const kinds[] = {"ALL", "FRONT", "UNSUPPLIED",
                                        "ORDERS"};
    static const char *const headings[] = {
        "YOUR CORPS", "YOUR CORPS IN AN ENEMY ZONE OF CONTROL",
        "YOUR CORPS OUT OF SUPPLY", "YOUR CORPS WITH ORDERS"};
    /* what an empty list says, in one line (the ANSI keys' words) */
    static const char *const none[] = {
        "NO CORPS ON THE MAP.", "NO CORPS IS IN AN ENEMY ZONE OF CONTROL.",
        "EVERY CORPS IS IN SUPPLY.", "NO CORPS HAS ORDERS LEFT."};
    const ef_state *g = t->p->g;
    int kind = EF_LIST_ALL;
    if (t->ntok >= 2) {
        kind = -1;
        size_t len = strlen(t->tok[1]);
        for (int k = 0; k < 4; k++)
            if (strncmp(t->tok[1], kinds[k], len) == 0)
                kind = k;
        if (kind < 0) {
            ef_say(t, "LIST, LIST FRONT, LIST UNSUPPLIED OR LIST "
                   "ORDERS.\n");
            return;
        }
    }
    ef_view *v = ef_view_new(t);
    if (!v)
        return;
    char text[96];
    int n = 0, wide = t->width >= EF_LIST_WIDE;
    if (wide)
        snprintf(text, sizeof text, "%3s %-18s %6s %6s %6s %s", "NO", "UNIT",
                 "SQUARE", "MUSTER", "COMBAT", "ORDERS");
    else
        snprintf(text, sizeof text, "NO, UNIT, SQUARE, M MUSTER, C COMBAT, "
                 "ORDERS:");
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
        if (wide)
            snprintf(text, sizeof text, "%3d %-18s %6s %6d %6d%s%s", id, name,
                     sq, g->u[id].muster, g->u[id].combat,
                     orders[0] ? " " : "", orders);
        else
            snprintf(text, sizeof text, "#%d %s %s M%d C%d%s%s", id, name, sq,
                     g->u[id].muster, g->u[id].combat, orders[0] ? " " : "",
                     orders);
        ef_view_add(v, text);
        n++;
    }
    if (n == 0) {
        ef_say(t, "%s\n", none[kind]);
        free(v);
        return;
    }
    snprintf(text, sizeof text, "%d CORPS.", n);
    ef_view_add(v, text);
    ef_view_print(t, headings[kind], v);
    free(v);
}

/* SCORE WEEKS: the score each week began with, six weeks a line (fewer
 * in a narrow window). */
static void ef_score_weeks(ef_text *t)
{
    const ef_state *g = t->p->g;
    ef_view *v = ef_view_new(t);
    if (!v)
        return;
    int per = (t->width - 18) / 6;
    per = per > 6 ? 6 : per < 1 ? 1 : per;
    int last = g->turn > EF_LAST_TURN ? EF_LAST_TURN + 1 : g->turn;
    char text[96], date[24];
    for (int w = 0; w <= last; w += per) {
        ef_turn_date(w, date, sizeof date);
        size_t k = (size_t)snprintf(text, sizeof text, "%-18s", date);
        for (int i = w; i < w + per && i <= last; i++) {
            if (g->history[i] < 0)
                k += (size_t)snprintf(text + k, sizeof text - k, "     ?");
            else
                k += (size_t)snprintf(text + k, sizeof text - k, "%6d",
                                      g->history[i]);
        }
        ef_view_add(v, text);
    }
    static const char *const count[] = {"", "ONE WEEK", "TWO WEEKS",
                                        "THREE WEEKS", "FOUR WEEKS",
                                        "FIVE WEEKS", "SIX WEEKS"};
    snprintf(text, sizeof text, "A LINE IS %s FROM THE DATE GIVEN; ? IS A "
             "WEEK PLAYED BEFORE THE GAME KEPT ITS HISTORY.", count[per]);
    if (per == 6) {
        /* the two lines as they have always been printed at 72 */
        ef_view_add(v, "A LINE IS SIX WEEKS FROM THE DATE GIVEN; ? IS A WEEK");
        ef_view_add(v, "PLAYED BEFORE THE GAME KEPT ITS HISTORY.");
    } else {
        ef_view_add(v, text);
    }
    ef_view_print(t, "THE SCORE EACH WEEK BEGAN WITH", v);
    free(v);
}

static void ef_cmd_briefing(ef_text *t)
{
    ef_view *v = ef_view_new(t);
    if (!v)
        return;
    ef_brief_lines(t->width, ef_view_add, v);
    ef_view_print(t, "THE BRIEFING", v);
    free(v);
}

/* SCORE: the score, and its two parts, so that a score standing still
 * for weeks says why (the armies' part floored at 0: the notes' rule). */
static void ef_cmd_score(ef_text *t)
{
    const ef_state *g = t->p->g;
    char items[EF_NCITIES][40];
    if (t->ntok >= 2) {
        if (strncmp(t->tok[1], "WEEKS", strlen(t->tok[1])) == 0)
            ef_score_weeks(t);
        else
            ef_say(t, "SCORE, OR SCORE WEEKS.\n");
        return;
    }
    ef_wrap w = { .line = ef_print_line, .ctx = t->io, .width = t->width };
    long armies;
    int cities;
    ef_score_parts(g, &armies, &cities);
    ef_say(t, "SCORE %d%s\n", g->score,
           g->handicap ? " (HALVED FOR THE HANDICAP)" : "");
    ef_say(t, "ARMIES %ld + CITIES %d, RECKONED AS THIS WEEK BEGAN.\n",
           armies < 0 ? 0 : armies, cities);
    if (armies < 0)
        ef_say(t, "YOUR ARMIES COUNT 0, NOT %ld: THE RUSSIANS OUTWEIGH THEM, "
               "AND THEY NEVER COUNT BELOW 0.\n", armies);
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
        ef_say(t, "SAVED. RESUME CODE %s.\n", t->p->code);
    else
        ef_say(t, "THE GAME CANNOT BE SAVED JUST NOW.\n");
}

static void ef_cmd_auto(ef_text *t)
{
    char why[160];
    if (ef_play_auto(t->p) == TTY_EOF)
        return;
    ef_play_commit(t->p);
    ef_auto_said(t->p->g, 0, why, sizeof why);
    ef_say(t, "%s.\n", why);
}

/* HELP: the table as it is within 72 columns; in a narrower window each
 * entry as a sentence of its own ("MAP: THE WHOLE MAP ..."), its words
 * going on at the edge: an indented line goes on with the entry before
 * it, as the opening's second line does with its first. */
static void ef_cmd_help(ef_text *t)
{
    if (t->width >= 72) {
        ef_say(t, "%s", ef_help);
        return;
    }
    char line[160], entry[320] = "";
    const char *p = ef_help;
    for (int i = 0; *p; i++) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        p += n + (nl ? 1 : 0);
        char *text = line;
        if (line[0] != ' ' && i != 1) {
            if (entry[0])
                ef_text_put(t, entry);
            entry[0] = 0;
            if (n > 16 && line[15] == ' ' && line[16] != ' ') {
                /* the command's column is 16 wide: "MAP             THE
                 * WHOLE MAP" becomes "MAP: THE WHOLE MAP" */
                size_t c = 15;
                while (c > 0 && line[c - 1] == ' ')
                    c--;
                snprintf(entry, sizeof entry, "%.*s:", (int)c, line);
                text = line + 16;
            }
        }
        while (*text == ' ')
            text++;
        size_t k = strlen(entry);
        snprintf(entry + k, sizeof entry - k, "%s%s", k ? " " : "", text);
    }
    if (entry[0])
        ef_text_put(t, entry);
}

/* REPORT: the last week's report again, as GO printed it. */
static void ef_cmd_report(ef_text *t)
{
    if (t->p->rep->valid)
        ef_report_lines(t->p->rep, t->p->g, t->width, ef_print_line, t->io);
    else
        ef_say(t, "%s\n", ef_report_none(t->p->g));
}

/* VIEW: the scrolling map again, when the terminal can show it. */
static int ef_cmd_view(ef_text *t)
{
    const tty_caps *c = tty_get_caps(t->io);
    if (ef_ansi_fits(c))
        return EF_FACE_ANSI;
    char name[16];
    snprintf(name, sizeof name, "%s", c->profile);
    ef_upper(name);
    if (!c->ansi)
        ef_say(t, "THE SCROLLING MAP NEEDS A SCREEN WITH CURSOR CONTROL "
               "(ANSI); THIS TERMINAL IS %s.\n", name);
    else
        ef_say(t, "THE SCROLLING MAP NEEDS A WINDOW OF %d BY %d OR MORE; "
               "THIS ONE IS %d BY %d.\n", EF_ANSI_MIN_W, EF_ANSI_MIN_H,
               c->width, c->height);
    return 0;
}

/* ---- The week ------------------------------------------------------------- */

/* The rest of the movement phase, then the new week and its report. */
static void ef_text_week(ef_text *t)
{
    ef_play *p = t->p;
    while (p->g->tick < EF_SUBTURNS)
        ef_play_subturn(p);
    int saved = ef_play_week(p);
    ef_report_lines(p->rep, p->g, t->width, ef_print_line, t->io);
    if (saved == TTY_FAILED)
        ef_say(t, "(THIS WEEK COULD NOT BE SAVED.)\n");
}

static int ef_cmd_go(ef_text *t)
{
    ef_say(t, "%s\n", ef_txt_figuring);
    if (ef_play_start(t->p) == TTY_EOF)
        return TTY_EOF;
    ef_text_week(t);
    return 0;
}

/* ---- The loop ------------------------------------------------------------- */

enum { EF_C_MAP, EF_C_UNIT, EF_C_ORDER, EF_C_CLEAR, EF_C_LIST, EF_C_GO,
       EF_C_SCORE, EF_C_SAVE, EF_C_HELP, EF_C_AUTO, EF_C_QUIT, EF_C_BRIEF,
       EF_C_REPORT, EF_C_VIEW, EF_C_COUNT };
static const char *const ef_commands[EF_C_COUNT] = {
    "MAP", "UNIT", "ORDER", "CLEAR", "LIST", "GO", "SCORE", "SAVE", "HELP",
    "AUTO", "QUIT", "BRIEFING", "REPORT", "VIEW"
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

/* 0 (the campaign is over), 1 (QUIT), EF_FACE_ANSI (VIEW) or TTY_EOF. */
static int ef_text_loop(ef_text *t)
{
    char line[EF_LINE];
    for (;;) {
        if (ef_over(t->p->g))
            return 0;
        int n = tty_ask(t->io, "COMMAND? ", line, sizeof line);
        if (n < 0)
            return TTY_EOF;
        /* a window may have changed size since the last command */
        t->width = ef_play_width(t->io);
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
        case EF_C_HELP: ef_cmd_help(t); break;
        case EF_C_AUTO: ef_cmd_auto(t); break;
        case EF_C_BRIEF: ef_cmd_briefing(t); break;
        case EF_C_REPORT: ef_cmd_report(t); break;
        case EF_C_VIEW:
            if (ef_cmd_view(t) == EF_FACE_ANSI)
                return EF_FACE_ANSI;
            break;
        case EF_C_GO:
            if (ef_cmd_go(t) == TTY_EOF)
                return TTY_EOF;
            break;
        case EF_C_QUIT:
            ef_think_stop(t->p);
            if (ef_play_save(t->p) == 0)
                ef_say(t, "SAVED AS %s: RESUME IT FROM THE MENU.\n",
                       t->p->code);
            else
                ef_say(t, "THE GAME COULD NOT BE SAVED.\n");
            return 1;
        case -2:
            ef_say(t, "%s IS SHORT FOR MORE THAN ONE COMMAND.\n",
                   t->tok[0]);
            break;
        default:
            ef_say(t, "WHAT? TYPE HELP FOR THE COMMANDS.\n");
        }
    }
}

int ef_text_run(ef_play *p)
{
    ef_text t = { .p = p, .io = p->io, .width = ef_play_width(p->io) };
    char status[80];
    if (p->g->phase == EF_PHASE_MOVING) {
        /* resumed in the middle of a week's movement */
        ef_say(&t, "%s\n", ef_txt_figuring);
        ef_report_begin(p->rep, p->g);
        ef_text_week(&t);
    } else if (!ef_over(p->g)) {
        ef_say(&t, "%s\n%s. TYPE HELP FOR THE COMMANDS, BRIEFING FOR THE "
               "RULES.\n", ef_status_text(p->g, status, sizeof status),
               ef_txt_enter);
    }
    if (tty_get_caps(p->io)->ansi)
        ef_say(&t, "VIEW: THE SCROLLING MAP AGAIN, ONCE THE WINDOW IS %d BY "
               "%d OR MORE.\n", EF_ANSI_MIN_W, EF_ANSI_MIN_H);
    ef_think_start(p);
    int rc = ef_text_loop(&t);
    if (rc == EF_FACE_ANSI)
        return rc;              /* the campaign goes on on the map */
    if (ef_over(p->g)) {
        if (rc != TTY_EOF)
            ef_final_lines(p->g, ef_print_line, p->io);
        ef_play_finish(p);
    } else if (rc == TTY_EOF) {
        ef_play_hangup(p);
    }
    return rc == TTY_EOF ? TTY_EOF : 0;
}
