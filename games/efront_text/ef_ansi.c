/*
 * ef_ansi.c - Eastern Front on an ANSI terminal: the original's
 * interface carried to the keyboard.
 *
 *   joystick           arrow keys, H J K L, the numeric keypad (8 4 6 2,
 *                      the corners 7 9 1 3 too)
 *   button pressed     Return, space or keypad 5 picks up the unit under
 *                      the cursor; its orders show as arrows to a cross
 *   button held and    N E S W, or the arrows, add an order (up to 8); a
 *   joystick pushed    corner gets NO DIAGONAL MOVES ALLOWED!
 *   space bar          X clears the orders
 *   button released    Escape (or Return again) puts the unit down
 *   START              G: FIGURING MOVE; NO ORDERS ALLOWED, and the week
 *                      plays out on the map subturn by subturn
 *
 * Beyond the original: S saves, R shows the week's report, ? the keys,
 * B the briefing, Tab jumps to the next corps, U to the next out of
 * supply, O to the next with orders left, A lets the demo German player
 * write the orders, Q saves and leaves; any key hurries the movement
 * along.  Orders into the sea, off the map or across a blocked side are
 * refused with a message (the original took them; issue 21), and every
 * order taken is saved before the next key is read (the durability rule).
 *
 * The screen is laid out for the window's size at the start and again
 * whenever it changes.  A window smaller than 40 by 10, at the start or
 * later, gets no piece of the map: a notice says what it needs and offers
 * the glass view (ef_text.c's commands, the same campaign), and the map
 * comes back as soon as the window is big enough.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ef_ui.h"

/* A pause after each subturn that changed something on screen: a week
 * takes a second or so to watch, as the STALL loop made it take. */
#define EF_PACE_MS 40

enum { EF_ANSI_OVER = 10, EF_ANSI_QUIT, EF_ANSI_GLASS };

int ef_ansi_fits(const tty_caps *c)
{
    return c->ansi && c->width >= EF_ANSI_MIN_W && c->height >= EF_ANSI_MIN_H;
}

static void ef_say(ef_ui *u, const char *text)
{
    snprintf(u->msg, sizeof u->msg, "%s", text);
    u->alt[0] = 0;
    u->hint[0] = 0;
}

/* ---- A window too small for the map ------------------------------------- */

/* Lines of words within the window (the final lines, the notice). */
static void ef_ansi_words(ef_ui *u, const char *text)
{
    const tty_caps *c = tty_get_caps(u->io);
    ef_wrap_line(c->width > 2 ? c->width - 1 : 1, text, ef_print_line, u->io);
}

/* What the window needs and what the player may do meanwhile. */
static void ef_ansi_notice(ef_ui *u)
{
    const tty_caps *c = tty_get_caps(u->io);
    char text[200];
    tty_attr(u->io, "0");
    tty_clear(u->io);
    tty_cursor(u->io, 1);
    ef_ansi_words(u, "EASTERN FRONT (1941)");
    snprintf(text, sizeof text, "THE MAP NEEDS A WINDOW OF %d BY %d OR MORE; "
             "THIS ONE IS %d BY %d.", EF_ANSI_MIN_W, EF_ANSI_MIN_H, c->width,
             c->height);
    ef_ansi_words(u, text);
    ef_ansi_words(u, "MAKE IT BIGGER AND THE MAP COMES BACK, OR PRESS RETURN "
                     "FOR THE GLASS VIEW: THE SAME CAMPAIGN BY TYPED "
                     "COMMANDS (VIEW THERE BRINGS THE MAP BACK).");
    if (u->p->code[0]) {
        snprintf(text, sizeof text, "RESUME CODE %s.", u->p->code);
        ef_ansi_words(u, text);
    }
    ef_ansi_words(u, "Q: SAVE AND LEAVE.");
}

/* The notice until the window fits again (0, laid out anew), or the
 * player takes the glass view or leaves; TTY_EOF after a hang-up. */
static int ef_ansi_small(ef_ui *u)
{
    for (;;) {
        if (ef_ansi_fits(tty_get_caps(u->io))) {
            ef_view_layout(u);
            return 0;
        }
        ef_ansi_notice(u);
        int k = tty_inkey(u->io);
        if (k == TTY_EOF)
            return TTY_EOF;
        if (k == TTY_KEY_RETURN)
            return EF_ANSI_GLASS;
        if (k == 'q' || k == 'Q')
            return EF_ANSI_QUIT;
    }
}

/* A key for a question asked on the map: a new size is laid out and the
 * question stays, unless the map no longer fits (TTY_KEY_RESIZE then goes
 * back, and the loop says why). */
static int ef_ansi_answer(ef_ui *u)
{
    for (;;) {
        int k = tty_inkey(u->io);
        if (k != TTY_KEY_RESIZE)
            return k;
        ef_view_layout(u);
        if (!ef_ansi_fits(tty_get_caps(u->io)))
            return k;
        ef_view_draw(u);
    }
}

/* SQUAWK: the error, and the terminal's bell for the noise. */
static void ef_squawk(ef_ui *u, int err)
{
    ef_say(u, ef_error_text(err));
    tty_print(u->io, '\a');
}

static void ef_cursor_to(ef_ui *u, int lon, int lat)
{
    u->lon = lon < 0 ? 0 : lon >= EF_W ? EF_W - 1 : lon;
    u->lat = lat < 0 ? 0 : lat >= EF_H ? EF_H - 1 : lat;
    ef_view_follow(u);
}

/* Tab, U, O: the next German unit on the map after the one in the cursor
 * that want() accepts (any, for Tab). */
static void ef_next_corps(ef_ui *u, ef_want_fn want, const char *none)
{
    const ef_state *g = u->p->g;
    int from = ef_unit_at(g, u->lon, u->lat);
    int id = ef_next_corps_that(g, ef_is_german(from) ? from : 0, want);
    if (!id) {
        ef_say(u, none);
        return;
    }
    ef_cursor_to(u, g->u[id].lon, g->u[id].lat);
}

/* The joystick: 1 for a direction (dir), 2 for a corner, 0 for neither. */
static int ef_key_dir(int key, int *dir, int *dlon, int *dlat)
{
    *dlon = *dlat = 0;
    switch (key) {
    case TTY_KEY_UP: case 'k': case 'K': case '8':
        *dir = EF_NORTH, *dlat = 1;
        return 1;
    case TTY_KEY_DOWN: case 'j': case 'J': case '2':
        *dir = EF_SOUTH, *dlat = -1;
        return 1;
    case TTY_KEY_RIGHT: case 'l': case 'L': case '6':
        *dir = EF_EAST, *dlon = -1;
        return 1;
    case TTY_KEY_LEFT: case 'h': case 'H': case '4':
        *dir = EF_WEST, *dlon = 1;
        return 1;
    case '7': *dlat = 1, *dlon = 1; return 2;
    case '9': *dlat = 1, *dlon = -1; return 2;
    case '1': *dlat = -1, *dlon = 1; return 2;
    case '3': *dlat = -1, *dlon = -1; return 2;
    }
    return 0;
}

static void ef_order(ef_ui *u, int dir)
{
    int err = ef_order_give(u->p->g, u->held, dir);
    if (err) {
        ef_squawk(u, err);
        return;
    }
    ef_play_commit(u->p);
    ef_say(u, ef_txt_enter);
}

static void ef_pick_up(ef_ui *u)
{
    int id = ef_unit_at(u->p->g, u->lon, u->lat);
    if (!id) {
        ef_say(u, ef_error_text(EF_ERR_NO_UNIT));
        return;
    }
    u->held = id;
    ef_say(u, ef_txt_enter);
}

static void ef_clear(ef_ui *u)
{
    int id = u->held ? u->held : ef_unit_at(u->p->g, u->lon, u->lat);
    int err = ef_order_clear(u->p->g, id);
    if (err) {
        ef_squawk(u, err);
        return;
    }
    ef_play_commit(u->p);
    ef_say(u, ef_txt_enter);
}

static void ef_save_key(ef_ui *u)
{
    if (ef_play_save(u->p) == 0)
        snprintf(u->msg, sizeof u->msg, "SAVED. RESUME CODE %s", u->p->code);
    else
        ef_say(u, "THE GAME CANNOT BE SAVED JUST NOW");
}

static int ef_auto_key(ef_ui *u)
{
    ef_say(u, "THE COMPUTER WRITES ALL YOUR ORDERS? Y OR N (RETURN: N)");
    /* narrow: the question whole, its keys on the key line */
    snprintf(u->alt, sizeof u->alt, "THE COMPUTER WRITES ALL YOUR ORDERS?");
    u->asking = 1;
    ef_view_draw(u);
    int k = ef_ansi_answer(u);
    u->asking = 0;
    if (k == TTY_EOF)
        return k;
    if (k != 'y' && k != 'Y') {
        ef_say(u, ef_txt_enter);
        return 0;
    }
    if (ef_play_auto(u->p) == TTY_EOF)
        return TTY_EOF;
    ef_play_commit(u->p);
    char why[160];
    ef_say(u, ef_auto_said(u->p->g, 1, why, sizeof why));
    ef_auto_said(u->p->g, 2, u->alt, sizeof u->alt);
    return 0;
}

/* ---- The week on the map -------------------------------------------------- */

/* Mark the squares fought over and pick the subturn's news for the
 * message line: a city taken, then a unit destroyed, then a battle.
 * Returns 1 if anything happened in view. */
static int ef_ansi_events(ef_ui *u)
{
    const ef_events *ev = u->p->ev;
    int seen = 0, best = 0;
    char text[96];
    for (int i = 0; i < ev->n; i++) {
        const ef_event *e = &ev->ev[i];
        int rank = 0;
        switch (e->kind) {
        case EF_EV_MOVE:
        case EF_EV_RETREAT:
            if (ef_view_shows(u, e->lon, e->lat) ||
                ef_view_shows(u, e->lon2, e->lat2))
                seen = 1;
            break;
        case EF_EV_COMBAT:
            if (e->lon2 >= 0 && e->lon2 < EF_W && e->lat2 >= 0 &&
                e->lat2 < EF_H)
                u->mark[e->lat2][e->lon2] = 1;
            if (ef_view_shows(u, e->lon2, e->lat2)) {
                seen = 1;
                rank = 1;
            }
            break;
        case EF_EV_DEATH:
            rank = ef_view_shows(u, e->lon, e->lat) ? 2 : 0;
            break;
        case EF_EV_CAPTURE:
            rank = 3;
            break;
        }
        if (rank && rank >= best) {
            best = rank;
            ef_say(u, ef_event_text(e, text, sizeof text));
        }
    }
    return seen;
}

static int ef_ansi_week(ef_ui *u)
{
    ef_play *p = u->p;
    int hurry = 0;
    u->moving = 1;
    u->held = 0;
    ef_say(u, "");
    ef_view_draw(u);
    while (p->g->tick < EF_SUBTURNS) {
        ef_play_subturn(p);
        int seen = ef_ansi_events(u);
        if (!hurry)
            ef_view_draw(u);
        memset(u->mark, 0, sizeof u->mark);
        if (hurry || !seen) {
            if (tty_hungup(u->io))
                return TTY_EOF;
            continue;
        }
        if (tty_drain(u->io) == TTY_EOF)
            return TTY_EOF;
        int k = tty_inkey_timeout(u->io, EF_PACE_MS);
        if (k == TTY_EOF)
            return TTY_EOF;
        if (k == TTY_KEY_RESIZE) {
            /* laid out anew; a window too small for the map sees the
             * week out at once, and the loop then says what it needs */
            ef_view_layout(u);
            if (!ef_ansi_fits(tty_get_caps(u->io)))
                hurry = 1;
        } else if (k != TTY_TIMEOUT) {
            hurry = 1;
        }
    }
    int saved = ef_play_week(p);
    u->moving = 0;
    if (saved == TTY_FAILED) {
        ef_say(u, "THIS WEEK COULD NOT BE SAVED.");
        snprintf(u->hint, sizeof u->hint, "R: REPORT");
    } else if (ef_over(p->g)) {
        char said[64];
        snprintf(said, sizeof said, "%s  FINAL SCORE %d", ef_txt_game_over,
                 p->g->score);
        ef_say(u, said);
        snprintf(u->hint, sizeof u->hint, "PRESS A KEY");
    } else {
        /* the news as much as fits, cut between its parts and marked
         * (ef_view_fit); on a narrow screen without the date, which the
         * date window shows; the key to the rest always whole */
        char sum[160];
        ef_report_summary(p->rep, p->g, sum, sizeof sum);
        ef_say(u, sum);
        const char *parts = strstr(sum, ": ");
        snprintf(u->alt, sizeof u->alt, "%s", parts ? parts + 2 : "");
        snprintf(u->hint, sizeof u->hint, "R: REPORT");
    }
    return 0;
}

/* ---- The orders phase ------------------------------------------------------- */

static int ef_ansi_key(ef_ui *u, int key)
{
    int dir, dlon, dlat;
    if (u->overlay) {
        if (u->page + 1 < u->pages)
            u->page++;
        else
            u->overlay = EF_OVERLAY_NONE;
        return 0;
    }
    int joy = ef_key_dir(key, &dir, &dlon, &dlat);
    if (joy && u->held) {
        if (joy == 2)
            ef_squawk(u, ef_order_give(u->p->g, u->held, EF_DIAGONAL));
        else
            ef_order(u, dir);
        return 0;
    }
    if (joy) {
        ef_cursor_to(u, u->lon + dlon, u->lat + dlat);
        return 0;
    }
    switch (key) {
    case TTY_KEY_PGUP:
    case TTY_KEY_PGDN:
        if (!u->held)
            ef_cursor_to(u, u->lon, u->lat + (key == TTY_KEY_PGUP ? 1 : -1) *
                         (u->map_rows / 2 > 1 ? u->map_rows / 2 : 1));
        break;
    case TTY_KEY_RETURN: case ' ': case '5':
        if (u->held) {
            u->held = 0;
            ef_say(u, ef_txt_enter);
        } else {
            ef_pick_up(u);
        }
        break;
    case TTY_KEY_ESC:
        u->held = 0;
        ef_say(u, ef_txt_enter);
        break;
    case 'n': case 'N': case 'e': case 'E': case 'w': case 'W':
    case 's': case 'S':
        if (u->held)
            ef_order(u, (int)(strchr("NESW", key & ~0x20) - "NESW"));
        else if ((key & ~0x20) == 'S')
            ef_save_key(u);
        else
            ef_say(u, "PICK A UNIT UP FIRST: RETURN OR SPACE");
        break;
    case 'x': case 'X':
        ef_clear(u);
        break;
    case '\t':
        u->held = 0;
        ef_next_corps(u, NULL, "NO CORPS ON THE MAP");
        break;
    case 'u': case 'U':
        u->held = 0;
        ef_next_corps(u, ef_want_unsupplied, "EVERY CORPS IS IN SUPPLY");
        break;
    case 'o': case 'O':
        u->held = 0;
        ef_next_corps(u, ef_want_orders, "NO CORPS HAS ORDERS LEFT");
        break;
    case 'r': case 'R':
        u->overlay = EF_OVERLAY_REPORT;
        u->page = 0;
        break;
    case '?':
        u->overlay = EF_OVERLAY_HELP;
        u->page = 0;
        break;
    case 'b': case 'B':
        u->overlay = EF_OVERLAY_BRIEF;
        u->page = 0;
        break;
    case 'a': case 'A':
        u->held = 0;
        return ef_auto_key(u);
    case 12:                            /* ^L */
        vscr_invalidate(&u->scr);
        u->drawn_vc = u->drawn_vr = -1;
        break;
    case 'g': case 'G':
        u->held = 0;
        u->moving = 1;
        ef_say(u, "");
        ef_view_draw(u);
        if (ef_play_start(u->p) == TTY_EOF)
            return TTY_EOF;
        return ef_ansi_week(u);
    case 'q': case 'Q':
        return EF_ANSI_QUIT;
    }
    return 0;
}

static int ef_ansi_loop(ef_ui *u)
{
    for (;;) {
        if (ef_over(u->p->g))
            return EF_ANSI_OVER;
        if (!ef_ansi_fits(tty_get_caps(u->io))) {
            /* shrunk below the map's size: handled as at the start */
            int rc = ef_ansi_small(u);
            if (rc != 0)
                return rc;
        }
        ef_view_draw(u);
        int key = tty_inkey(u->io);
        if (key == TTY_EOF)
            return TTY_EOF;
        if (key == TTY_KEY_RESIZE) {
            ef_view_layout(u);
            continue;
        }
        int rc = ef_ansi_key(u, key);
        if (rc == TTY_EOF || rc == EF_ANSI_QUIT)
            return rc;
    }
}

static void ef_ansi_final(void *ctx, const char *line)
{
    ef_ansi_words(ctx, line);
}

int ef_ansi_run(ef_play *p)
{
    ef_ui *u = calloc(1, sizeof *u);
    if (!u)
        return ef_text_run(p);
    u->p = p;
    u->io = p->io;
    /* the cursor starts on the first corps on the map */
    u->lon = EF_W / 2;
    u->lat = EF_H / 2;
    for (int id = 1; id < EF_FIRST_RUSSIAN; id++)
        if (ef_on_map(p->g, id)) {
            u->lon = p->g->u[id].lon;
            u->lat = p->g->u[id].lat;
            break;
        }
    tty_want_resize(u->io, 1);
    if (ef_view_layout(u) != 0) {
        tty_want_resize(u->io, 0);
        free(u);
        return ef_text_run(p);
    }
    if (p->code[0]) {
        snprintf(u->msg, sizeof u->msg, "%s  (RESUME CODE %s)", ef_txt_enter,
                 p->code);
        /* narrow: the code first, whole; the original's words give way */
        snprintf(u->alt, sizeof u->alt, "RESUME CODE %s: %s", p->code,
                 ef_txt_enter);
    } else {
        ef_say(u, ef_txt_enter);
    }
    snprintf(u->hint, sizeof u->hint, "B: BRIEFING");
    int rc = 0;
    if (!ef_ansi_fits(tty_get_caps(u->io)))
        rc = ef_ansi_small(u);
    if (rc == 0 && p->g->phase == EF_PHASE_MOVING) {
        /* resumed in the middle of a week's movement */
        ef_report_begin(p->rep, p->g);
        rc = ef_ansi_week(u);
    }
    if (rc == 0) {
        ef_think_start(p);
        rc = ef_ansi_loop(u);
    }
    if (rc == EF_ANSI_OVER) {
        ef_view_draw(u);
        if (ef_ansi_answer(u) == TTY_EOF)
            rc = TTY_EOF;
    }
    tty_want_resize(u->io, 0);
    ef_view_leave(u);
    if (rc == EF_ANSI_GLASS) {
        /* the same campaign goes on in the dialect; the Russians go on
         * thinking */
        free(u);
        return EF_FACE_TEXT;
    }
    if (ef_over(p->g)) {
        if (rc != TTY_EOF)
            ef_final_lines(p->g, ef_ansi_final, u);
        ef_play_finish(p);
    } else if (rc == TTY_EOF) {
        ef_play_hangup(p);
    } else {
        ef_think_stop(p);
        if (ef_play_save(p) == 0)
            tty_printf(p->io, "SAVED AS %s: RESUME IT FROM THE MENU.\n",
                       p->code);
        else
            tty_msg(p->io, "THE GAME COULD NOT BE SAVED.\n");
    }
    free(u);
    return rc == TTY_EOF ? TTY_EOF : 0;
}
