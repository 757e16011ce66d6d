/*
 * ef_view.c - drawing the ANSI screen: the date window, the map window
 * with the units, the orders of the unit picked up as a path of arrows
 * ending in a cross (the original's arrow and Maltese cross), the
 * squares fought over, and the text window.  Every frame is composed
 * whole and vscr sends only what changed.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "ef_ui.h"

/* The original's colours, near enough: brown earth, green forests, blue
 * water, grey Germans, red Russians, pink arrows. */
#define EF_C_FOREST VSCR_FG(VSCR_GREEN)
#define EF_C_HILLS VSCR_FG(VSCR_YELLOW)
#define EF_C_WATER VSCR_FG(VSCR_BLUE)
#define EF_C_ICE (VSCR_FG(VSCR_WHITE) | VSCR_BOLD)
#define EF_C_GERMAN (VSCR_FG(VSCR_BLACK) | VSCR_BG(VSCR_WHITE))
#define EF_C_RUSSIAN (VSCR_FG(VSCR_WHITE) | VSCR_BG(VSCR_RED) | VSCR_BOLD)
#define EF_C_ARROW (VSCR_FG(VSCR_MAGENTA) | VSCR_BOLD)
#define EF_C_FIGHT (VSCR_FG(VSCR_YELLOW) | VSCR_BG(VSCR_RED) | VSCR_BOLD)

static int ef_top_rows(ef_ui *u);

int ef_view_layout(ef_ui *u)
{
    const tty_caps *c = tty_get_caps(u->io);
    u->w = c->width > 0 ? c->width : 80;
    u->h = c->height > 0 ? c->height : 24;
    u->color = c->color;
    /* the text window always has its three lines: the card, the news
     * and the keys (a key line left off a short screen was a hint lost
     * without a word) */
    u->top_rows = ef_top_rows(u);
    u->map_top = u->top_rows;
    u->map_rows = u->h - u->top_rows - 3;
    if (u->map_rows > EF_MAP_ROWS)
        u->map_rows = EF_MAP_ROWS;
    if (u->map_rows < 1)
        u->map_rows = 1;
    u->cps = u->w >= 60 ? 2 : 1;
    u->map_cols = u->w / u->cps;
    if (u->map_cols > EF_MAP_COLS)
        u->map_cols = EF_MAP_COLS;
    u->card_row = u->map_top + u->map_rows;
    u->msg_row = u->card_row + 1;
    u->keys_row = u->card_row + 2;
    if (u->ready)
        vscr_free(&u->scr);
    u->ready = vscr_init(&u->scr, u->io, u->w, u->h) == 0;
    u->drawn_vc = u->drawn_vr = -1;
    ef_view_follow(u);
    return u->ready ? 0 : -1;
}

/* Keep pos inside the window [origin, origin + span) but for a margin of
 * a few squares, unless the map's edge is already in view. */
static int ef_follow_axis(int pos, int origin, int span, int total)
{
    if (span >= total)
        return 0;
    int m = span >= 12 ? 3 : (span - 1) / 4;
    if (pos < origin + m)
        origin = pos - m;
    if (pos > origin + span - 1 - m)
        origin = pos - (span - 1 - m);
    if (origin > total - span)
        origin = total - span;
    return origin < 0 ? 0 : origin;
}

void ef_view_follow(ef_ui *u)
{
    u->vc = ef_follow_axis(EF_W - u->lon, u->vc, u->map_cols, EF_MAP_COLS);
    u->vr = ef_follow_axis(EF_H - u->lat, u->vr, u->map_rows, EF_MAP_ROWS);
}

int ef_view_shows(const ef_ui *u, int lon, int lat)
{
    int c = EF_W - lon - u->vc, r = EF_H - lat - u->vr;
    return c >= 0 && c < u->map_cols && r >= 0 && r < u->map_rows;
}

/* ---- The map window ------------------------------------------------------ */

static uint16_t ef_terrain_attr(const ef_ui *u, int ch, int lon, int lat)
{
    if (!u->color)
        return ch == '*' ? VSCR_BOLD : 0;
    switch (ch) {
    case 'F': return EF_C_FOREST;
    case '^': case ':': return EF_C_HILLS;
    case '~': case '+': case '%': return EF_C_WATER;
    case '=': return EF_C_WATER | VSCR_BOLD;
    case '-': case '"': return EF_C_ICE;
    case '*': {
        int c = ef_city_at(lon, lat);
        return (c >= 0 && !u->p->g->city_german[c] ? VSCR_FG(VSCR_RED)
                                                    : VSCR_FG(VSCR_WHITE)) |
               VSCR_BOLD;
    }
    }
    return 0;
}

static void ef_draw_square(ef_ui *u, int bc, int br)
{
    const ef_state *g = u->p->g;
    int row = u->map_top + br - u->vr, col = (bc - u->vc) * u->cps;
    char a = '#', b = '#';
    uint16_t attr = 0;
    int lon = EF_W - bc, lat = EF_H - br;
    if (bc > 0 && bc <= EF_W && br > 0 && br <= EF_H) {
        int id = ef_unit_at(g, lon, lat);
        if (id) {
            a = (char)ef_unit_letter(id);
            b = ' ';
            if (ef_is_german(id))
                attr = u->color ? EF_C_GERMAN : VSCR_REV;
            else
                attr = u->color ? EF_C_RUSSIAN : VSCR_BOLD;
        } else {
            a = (char)ef_square_char(g, lon, lat, '~');
            /* water runs on across both columns; land keeps one sign */
            b = strchr("~=-#", a) ? a : ' ';
            attr = ef_terrain_attr(u, a, lon, lat);
        }
        if (u->mark[lat][lon]) {
            a = b = '*';
            attr = u->color ? EF_C_FIGHT : (VSCR_REV | VSCR_BOLD);
        }
    }
    vscr_putc(&u->scr, row, col, a, attr);
    if (u->cps == 2)
        vscr_putc(&u->scr, row, col + 1, b, attr);
}

/* The orders of the unit held: an arrow in each square it will enter,
 * pointing the way it enters, and the cross where it will stop. */
static void ef_draw_path(ef_ui *u)
{
    static const char *const arrows2[4] = {"/\\", "->", "\\/", "<-"};
    static const char arrows1[4] = {'^', '>', 'v', '<'};
    int lons[EF_MAX_ORDERS], lats[EF_MAX_ORDERS];
    if (!u->held)
        return;
    int n = ef_unit_path(u->p->g, u->held, lons, lats);
    uint16_t attr = u->color ? EF_C_ARROW : (VSCR_BOLD | VSCR_UNDER);
    for (int i = 0; i < n; i++) {
        if (!ef_view_shows(u, lons[i], lats[i]))
            continue;
        int row = u->map_top + EF_H - lats[i] - u->vr;
        int col = (EF_W - lons[i] - u->vc) * u->cps;
        int dir = u->p->g->u[u->held].orders[i] & 3;
        if (u->cps == 2)
            vscr_put(&u->scr, row, col, i == n - 1 ? "><" : arrows2[dir],
                       attr);
        else
            vscr_putc(&u->scr, row, col, i == n - 1 ? 'X' : arrows1[dir],
                        attr);
    }
}

static void ef_draw_map(ef_ui *u)
{
    for (int r = 0; r < u->map_rows; r++)
        for (int c = 0; c < u->map_cols; c++)
            ef_draw_square(u, u->vc + c, u->vr + r);
    ef_draw_path(u);
}

/* ---- The windows of text ------------------------------------------------- */

/* The date window's words: the date, the weather, the score (with its
 * CITIES ONLY, read when the week began: the squares move while it
 * plays), the handicap, and last the week or GAME OVER. */
static int ef_top_items(ef_ui *u, char items[5][48], int brief)
{
    const ef_state *g = u->p->g;
    char date[24];
    int n = 0;
    if (g->phase != EF_PHASE_MOVING)
        u->cities_only = ef_cities_only(g);
    if (ef_over(g)) {
        snprintf(items[n++], 48, "WEEK OF %s (THE LAST)",
                 ef_turn_date(EF_LAST_TURN, date, sizeof date));
    } else {
        ef_date_text(g->year, g->month, g->day, date, sizeof date);
        if (brief)              /* "SEP 28, 1941" */
            snprintf(items[n++], 48, "%.3s%s", date, strchr(date, ' '));
        else
            snprintf(items[n++], 48, "%s", date);
        snprintf(items[n], 48, "%s", ef_weather_name(g->weather));
        ef_upper(items[n++]);
    }
    snprintf(items[n++], 48, "SCORE %d%s", g->score,
             u->cities_only ? " (CITIES ONLY)" : "");
    if (g->handicap)
        snprintf(items[n++], 48, "HANDICAP");
    if (ef_over(g))
        snprintf(items[n++], 48, "%s", ef_txt_game_over);
    else
        snprintf(items[n++], 48, brief ? "WEEK %d/%d" : "WEEK %d OF %d",
                 g->turn + 1, EF_LAST_TURN + 1);
    return n;
}

/* Lay the date window out, and draw it if draw: on one row, the last
 * item at the right (two spaces between the others, as ever, or one on
 * a narrower screen, or with the month and the week shortened); else
 * the items in turn on as many rows as they need (at most 3), none cut.
 * Returns the rows. */
static int ef_top_flow(ef_ui *u, int draw)
{
    char items[5][48];
    int n;
    int room = u->w - 2;            /* a blank column at each end */
    /* two spaces between, one, then the month and the week shortened
     * ("SEP 28, 1941", "WEEK 15/45") */
    for (int form = 0; form < 3; form++) {
        int gap = form ? 1 : 2;
        n = ef_top_items(u, items, form == 2);
        char left[160];
        size_t k = 0;
        left[0] = 0;
        for (int i = 0; i < n - 1; i++)
            k += (size_t)snprintf(left + k, sizeof left - k, "%s%s",
                                  i ? (gap == 2 ? "  " : " ") : "", items[i]);
        int rl = (int)strlen(items[n - 1]);
        if ((int)k + 2 + rl > room)
            continue;
        if (draw) {
            vscr_fill(&u->scr, 0, 0, u->w, VSCR_REV);
            vscr_put(&u->scr, 0, 1, left, VSCR_REV);
            vscr_put(&u->scr, 0, u->w - rl - 1, items[n - 1], VSCR_REV);
        }
        return 1;
    }
    n = ef_top_items(u, items, 0);
    int row = 0, col = 0;
    for (int i = 0; i < n; i++) {
        int len = (int)strlen(items[i]);
        if (col && col + 1 + len > room && row < 2) {
            row++;
            col = 0;
        }
        if (draw) {
            if (col == 0)
                vscr_fill(&u->scr, row, 0, u->w, VSCR_REV);
            vscr_put(&u->scr, row, 1 + col + (col ? 1 : 0), items[i],
                     VSCR_REV);
        }
        col += (col ? 1 : 0) + len;
    }
    return row + 1;
}

static int ef_top_rows(ef_ui *u)
{
    return ef_top_flow(u, 0);
}

static void ef_draw_top(ef_ui *u)
{
    ef_top_flow(u, 1);
}

/* The text window's first line: the unit under the cursor, as the
 * original showed it ("24 PANZER CORPS  MUSTER 203  COMBAT 203"), with
 * its number in the unit table (the reports name corps by it) and its
 * supply, and the square it stands on.  Issue 21: the longest form that
 * fits the terminal is drawn, never a cut one, and always with the
 * square. */
static void ef_draw_card(ef_ui *u)
{
    const ef_state *g = u->p->g;
    char forms[4][160], where[32], orders[24], tight[EF_MAX_ORDERS + 1];
    if (u->moving) {
        /* the original's words while the week plays out */
        vscr_put(&u->scr, u->card_row, 0, ef_txt_figuring, VSCR_BOLD);
        return;
    }
    int id = u->held ? u->held : ef_unit_at(g, u->lon, u->lat);
    const char *left = "";
    if (id) {
        ef_card c;
        ef_unit_card(g, id, &c);
        int supplied = ef_supply_traced(g, id);
        int k = 0;
        ef_orders_text(g, id, orders, sizeof orders);
        for (int i = 0; i < c.norders && i < EF_MAX_ORDERS; i++)
            tight[k++] = "NESW"[c.orders[i] & 3];
        tight[k] = 0;
        int show = c.german && c.norders;
        snprintf(forms[0], sizeof forms[0], "#%d %s  MUSTER %d  COMBAT %d%s%s%s",
                 id, c.name, c.muster, c.combat,
                 supplied ? "" : "  OUT OF SUPPLY", show ? "  ORDERS " : "",
                 show ? orders : "");
        snprintf(forms[1], sizeof forms[1], "#%d %s MUSTER %d COMBAT %d%s%s%s",
                 id, c.name, c.muster, c.combat,
                 supplied ? "" : " OUT OF SUPPLY", show ? " ORDERS " : "",
                 show ? tight : "");
        snprintf(forms[2], sizeof forms[2], "#%d %s M%d C%d%s%s%s", id, c.name,
                 c.muster, c.combat, supplied ? "" : " NO SUPPLY",
                 show ? " " : "", show ? tight : "");
        snprintf(forms[3], sizeof forms[3], "#%d M%d C%d%s%s%s", id, c.muster,
                 c.combat, supplied ? "" : " NO SUPPLY", show ? " " : "",
                 show ? tight : "");
    }
    int lon = id ? g->u[id].lon : u->lon, lat = id ? g->u[id].lat : u->lat;
    char squares[2][48];
    snprintf(squares[0], sizeof squares[0], "%s %d,%d",
             ef_square_text(g, lon, lat, where, sizeof where), lon, lat);
    snprintf(squares[1], sizeof squares[1], "%d,%d", lon, lat);
    /* The longest card that fits beside its square: the square's name is
     * kept before the unit's words are shortened, the unit's name before
     * the square's; a card is never drawn without its square (a long one
     * at 80 columns once dropped it).  At 40 columns the last pair fits
     * whatever the unit. */
    static const int pairs[][2] = {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1},
                                   {2, 1}, {3, 0}, {3, 1}};
    int npairs = (int)(sizeof pairs / sizeof *pairs);
    const char *right = squares[1];
    for (int i = 0; i < npairs; i++) {
        const char *l = id ? forms[pairs[i][0]] : "";
        const char *r = squares[pairs[i][1]];
        if ((int)strlen(l) + 1 + (int)strlen(r) <= u->w - 1 ||
            i == npairs - 1) {
            left = l;
            right = r;
            break;
        }
    }
    vscr_put(&u->scr, u->card_row, 0, left, u->held ? VSCR_BOLD : 0);
    vscr_put(&u->scr, u->card_row, u->w - (int)strlen(right) - 1, right, 0);
}

/* The keys, the longest list that fits: every form is whole hints. */
static void ef_draw_keys(ef_ui *u)
{
    static const char *const browse[] = {
        "ARROWS MOVE  RETURN PICK UP  G START  S SAVE  R REPORT  ? HELP  "
        "Q QUIT",
        "ARROWS MOVE  RETURN PICK UP  G START  R REPORT  ? HELP  Q QUIT",
        "RETURN PICK UP  G START  ? HELP  Q QUIT",
        "G START  ? HELP  Q QUIT", 0};
    static const char *const holding[] = {
        "N E S W OR ARROWS: ORDERS  X: CLEAR  ESC OR RETURN: PUT DOWN  "
        "G: START",
        "N E S W: ORDERS  X: CLEAR  ESC: PUT DOWN  G: START",
        "NESW ORDERS  X CLEAR  ESC PUT DOWN", 0};
    static const char *const hurry[] = {"ANY KEY: HURRY", 0};
    static const char *const over[] = {"ANY KEY: BACK TO THE MENU", 0};
    static const char *const back[] = {"ANY KEY: BACK TO THE MAP", 0};
    static const char *const yes[] = {"Y: YES  ANY OTHER KEY: NO", 0};
    char more[64];
    const char *paged[2] = {more, 0};
    const char *const *keys;
    if (u->keys_row < 0)
        return;
    if (ef_over(u->p->g))
        keys = over;
    else if (u->overlay && u->page + 1 < u->pages) {
        snprintf(more, sizeof more, "ANY KEY: MORE (PAGE %d OF %d)",
                 u->page + 1, u->pages);
        keys = paged;
    } else if (u->overlay)
        keys = back;
    else if (u->moving)
        keys = hurry;
    else if (u->asking)
        keys = yes;
    else if (u->held)
        keys = holding;
    else
        keys = browse;
    int i = 0;
    while (keys[i + 1] && (int)strlen(keys[i]) > u->w - 1)
        i++;
    vscr_put(&u->scr, u->keys_row, 0, keys[i],
               u->color ? VSCR_FG(VSCR_CYAN) : 0);
}

char *ef_view_fit(const char *msg, const char *hint, int width, char *out,
                  size_t size)
{
    size_t room = width > 1 ? (size_t)width - 1 : 0;
    size_t hl = hint && *hint ? strlen(hint) : 0;
    size_t ml = strlen(msg), sep = hl && ml ? 2 : 0;
    if (ml + sep + hl <= room) {
        snprintf(out, size, "%s%s%s", msg, sep ? "  " : "", hl ? hint : "");
        return out;
    }
    if ((hl ? hl + 2 : 0) + 3 > room) {
        /* not even "..." beside the hint: the hint alone (never at the
         * screen's smallest size, whose hints leave room for news) */
        snprintf(out, size, "%s", hl ? hint : "");
        return out;
    }
    /* the news gives way, marked, so the hint stays whole: between two of
     * its parts where one ends in the second half of the room (a count
     * is never parted from what it counts), else at a word */
    size_t max = room - (hl ? hl + 2 : 0) - 3, keep = 0, part = 0;
    for (size_t i = 1; i <= max + 1 && i < ml; i++) {
        if (msg[i] != ' ')
            continue;
        if (strchr(",;:.", msg[i - 1]))
            part = i - 1;
        if (i <= max)
            keep = i;
    }
    if (part * 2 >= max) {
        keep = part;
    } else {
        /* nor a count left without what it counts ("ATTACKS 3...") */
        size_t w = keep;
        while (w > 0 && msg[w - 1] >= '0' && msg[w - 1] <= '9')
            w--;
        if (w < keep && w > 0 && msg[w - 1] == ' ')
            keep = w - 1;
    }
    while (keep > 0 && (msg[keep - 1] == ' ' || msg[keep - 1] == ',' ||
                        msg[keep - 1] == ';' || msg[keep - 1] == ':'))
        keep--;
    snprintf(out, size, "%.*s...%s%s", (int)keep, msg, hl ? "  " : "",
             hl ? hint : "");
    return out;
}

/* ---- Overlays: help and the week's report -------------------------------- */

static const char *const ef_help_lines[] = {
    "ARROWS, H J K L, KEYPAD  MOVE THE CURSOR (PAGE UP/DOWN: FASTER)",
    "RETURN, SPACE, KEYPAD 5  PICK UP THE UNIT UNDER THE CURSOR, PUT IT DOWN",
    "N E S W, OR THE ARROWS   WHILE HOLDING A CORPS: ADD AN ORDER (UP TO 8)",
    "X                        CLEAR THE ORDERS",
    "ESCAPE                   PUT THE UNIT DOWN",
    "TAB                      ON TO THE NEXT CORPS",
    "U                        THE NEXT CORPS OUT OF SUPPLY",
    "O                        THE NEXT CORPS WITH ORDERS LEFT",
    "G                        START: THE WEEK IS PLAYED OUT",
    "R                        THE LAST WEEK'S REPORT",
    "S                        SAVE (THE RESUME CODE IS SHOWN)",
    "A                        THE COMPUTER WRITES ORDERS FOR EVERY CORPS",
    "B                        THE BRIEFING: OBJECTIVE, POINTS, SUPPLY...",
    "CTRL-L                   DRAW THE SCREEN AGAIN",
    "Q                        LEAVE (THE GAME SAVES AFTER EVERY ORDER)",
    "",
    "G CORPS  P PANZER  R RUSSIAN ARMY  T TANK ARMY  * CITY  F FOREST",
    "^ MOUNTAIN  % SWAMP  = RIVER  : COAST  + ESTUARY  ~ SEA  - \" FROZEN",
    "ORDERS SHOW AS ARROWS TO A CROSS; ** MARKS A BATTLE. THE CARD'S #",
    "IS THE CORPS' NUMBER IN THE WEEK'S REPORT.",
    0
};

/* Overlay lines go on pages of the map window's height; only the page
 * shown is drawn, and the number of pages is counted. */
typedef struct ef_overlay_ctx {
    ef_ui *u;
    int n;
} ef_overlay_ctx;

static void ef_overlay_line(void *ctx, const char *line)
{
    ef_overlay_ctx *o = ctx;
    ef_ui *u = o->u;
    int rows = u->map_rows > 0 ? u->map_rows : 1;
    if (o->n / rows == u->page)
        vscr_put(&u->scr, u->map_top + o->n % rows, 1, line, 0);
    o->n++;
}

static void ef_draw_overlay(ef_ui *u)
{
    ef_overlay_ctx o = { u, 0 };
    int width = u->w - 2 < 72 ? u->w - 2 : 72;
    for (int r = 0; r < u->map_rows; r++)
        vscr_fill(&u->scr, u->map_top + r, 0, u->w, 0);
    if (u->overlay == EF_OVERLAY_HELP) {
        /* a line too wide for the terminal is wrapped, never cut */
        for (int i = 0; ef_help_lines[i]; i++)
            ef_wrap_line(width, ef_help_lines[i], ef_overlay_line, &o);
    } else if (u->overlay == EF_OVERLAY_BRIEF) {
        ef_brief_lines(width, ef_overlay_line, &o);
    } else if (u->p->rep->valid) {
        ef_report_lines(u->p->rep, u->p->g, width, ef_overlay_line, &o);
    } else {
        ef_wrap wr = { .line = ef_overlay_line, .ctx = &o, .width = width };
        ef_wrap_text(&wr, ef_report_none(u->p->g));
    }
    int rows = u->map_rows > 0 ? u->map_rows : 1;
    u->pages = (o.n + rows - 1) / rows;
}

size_t ef_view_draw(ef_ui *u)
{
    vscr *s = &u->scr;
    /* the date window needs another row (a longer score, CITIES ONLY):
     * lay the screen out again around it */
    if (u->ready && ef_top_rows(u) != u->top_rows)
        ef_view_layout(u);
    /* a window too small for the map shows nothing of it: the face says
     * so instead (ef_ansi.c) */
    if (!u->ready || u->w < EF_ANSI_MIN_W || u->h < EF_ANSI_MIN_H)
        return 0;
    int last = u->map_top + u->map_rows - 1;
    if (u->drawn_vr >= 0 && !u->overlay) {
        /* Let the terminal scroll what it already shows. */
        if (u->vr != u->drawn_vr)
            vscr_vscroll(s, u->map_top, last, u->vr - u->drawn_vr);
        if (u->vc != u->drawn_vc)
            vscr_hscroll(s, u->map_top, last, (u->vc - u->drawn_vc) *
                           u->cps);
    }
    u->drawn_vc = u->vc;
    u->drawn_vr = u->vr;
    vscr_blank(s);
    ef_draw_top(u);
    if (u->overlay)
        ef_draw_overlay(u);
    else
        ef_draw_map(u);
    ef_draw_card(u);
    char line[256];
    /* the shorter way to say it, where the whole does not fit */
    const char *msg = u->msg;
    if (u->alt[0] && strlen(u->msg) + (u->hint[0] ? 2 + strlen(u->hint) : 0) >
                     (size_t)u->w - 1)
        msg = u->alt;
    vscr_put(s, u->msg_row, 0, ef_view_fit(msg, u->hint, u->w, line,
                                             sizeof line), 0);
    ef_draw_keys(u);
    if (u->overlay || u->moving)
        return vscr_flush(s, -1, 0);
    return vscr_flush(s, u->map_top + EF_H - u->lat - u->vr,
                        (EF_W - u->lon - u->vc) * u->cps);
}

void ef_view_leave(ef_ui *u)
{
    if (!u->ready)
        return;
    /* attributes off, the whole screen cleared, the cursor back */
    tty_attr(u->io, "0");
    tty_clear(u->io);
    tty_cursor(u->io, 1);
    vscr_free(&u->scr);
    u->ready = 0;
}
