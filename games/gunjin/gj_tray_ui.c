/*
 * gj_tray_ui.c - setting up an army on a terminal: a random deal the
 * player may keep, deal again or change by hand, or the seed's selection
 * tray, from which pieces are placed one by one.  Both obey the seed's
 * placement restrictions through the engine's tray (gj_tray_can_place),
 * and every refusal says which rule stood in the way.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "gj_ui.h"

static void tray_from(gj_tray *tr, const gj_setup *s)
{
    gj_tray_init(tr);
    for (int k = 0; k < GJ_SIDE_PIECES; k++)
        gj_tray_place(tr, k, s->type[k]);
}

/* The first type still in the tray from ty on, going by dir. */
static int next_type(const gj_tray *tr, int ty, int dir)
{
    for (int i = 0; i < GJ_TYPES; i++) {
        int k = ((ty + dir * i) % GJ_TYPES + GJ_TYPES) % GJ_TYPES;
        if (tr->left[k])
            return k;
    }
    return ty;
}

void gj_tray_print(gj_term *t)
{
    char line[96];
    int n = snprintf(line, sizeof line, "IN THE TRAY:");
    for (int ty = 0; ty < GJ_TYPES; ty++)
        if (t->tray.left[ty])
            n += snprintf(line + n, sizeof line - (size_t)n, " %s %d",
                          gj_type_abbr[ty], t->tray.left[ty]);
    gj_term_say(t, t->tray.placed == GJ_SIDE_PIECES
                       ? "THE TRAY IS EMPTY: TYPE D WHEN YOU ARE DONE."
                       : line);
}

void gj_tray_enter(gj_term *t, int state)
{
    gj_match *m = t->m;
    char msg[GJ_MSG];
    switch (state) {
    case GJ_T_HOW:
        /* A fresh tray for every set-up: in the hot seat one terminal
         * sets up both sides, and the board of the AT RANDOM OR BY HAND
         * question is drawn from the tray, which would otherwise still
         * hold the other side's army. */
        gj_tray_init(&t->tray);
        t->panel = GJ_P_LOG;
        snprintf(msg, sizeof msg, "%s: SET UP YOUR ARMY.",
                 gj_side_name(t->side));
        gj_term_msg(t, msg);
        break;
    case GJ_T_KEEP: {
        gj_setup s;
        gj_setup_random(&s, &m->rng);
        tray_from(&t->tray, &s);
        t->panel = GJ_P_LOG;
        t->board_due = 1;
        break;
    }
    case GJ_T_TRAY:
        t->panel = GJ_P_TRAY;
        t->tray_type = next_type(&t->tray, 0, 1);
        if (t->screen) {
            gj_term_msg(t, "ARROWS MOVE, [ ] CHOOSE, SPACE PLACES.  H: HELP");
        } else {
            gj_term_say(t, "PLACE YOUR PIECES: E.G. B2 CP PUTS A CAPTAIN ON "
                           "B2.  H FOR HELP.");
            t->board_due = 1;
        }
        break;
    }
}

void gj_tray_prompt(gj_term *t, char *buf, size_t n)
{
    switch (t->state) {
    case GJ_T_HOW:
        snprintf(buf, n, "AT RANDOM OR BY HAND (R/M, RETURN: R)? ");
        break;
    case GJ_T_KEEP:
        snprintf(buf, n, "KEEP IT? Y, N: DEAL AGAIN, M: BY HAND "
                         "(RETURN: Y) ");
        break;
    default:
        if (t->tray.placed == GJ_SIDE_PIECES)
            snprintf(buf, n, t->screen ? "ALL PLACED - D WHEN DONE: "
                                       : "ALL PLACED - D WHEN DONE? ");
        else
            snprintf(buf, n, t->screen ? "PLACE: " : "PLACE (H: HELP)? ");
        break;
    }
}

static int done(gj_term *t)
{
    char msg[GJ_MSG];
    int left = GJ_SIDE_PIECES - t->tray.placed;
    if (left) {
        snprintf(msg, sizeof msg, "%d PIECE%s STILL IN THE TRAY.", left,
                 left == 1 ? " IS" : "S ARE");
        gj_term_msg(t, msg);
        return GJ_ACT_NONE;
    }
    if (gj_setup_validate(&t->tray.s) != GJ_SETUP_OK) {
        gj_term_msg(t, "THAT ARMY BREAKS THE RULES.");   /* cannot happen */
        return GJ_ACT_NONE;
    }
    t->setup = t->tray.s;
    return GJ_ACT_SETUP;
}

static void take_back(gj_term *t, int sq)
{
    char msg[GJ_MSG], name[24], a[3];
    int k = gj_terr_index(t->side, sq);
    gj_sq_name(sq, a);
    if (k < 0) {
        snprintf(msg, sizeof msg, "%s IS NOT ON YOUR SIDE OF THE RIVER.", a);
    } else {
        int ty = gj_tray_take(&t->tray, k);
        if (ty < 0) {
            snprintf(msg, sizeof msg, "%s IS EMPTY.", a);
        } else {
            gj_text_upper(gj_type_name[ty], name, sizeof name);
            snprintf(msg, sizeof msg, "THE %s ON %s GOES BACK TO THE TRAY.",
                     name, a);
            t->tray_type = ty;
        }
    }
    gj_term_msg(t, msg);
}

static void place(gj_term *t, int sq, int ty)
{
    char msg[GJ_MSG * 2], name[24], a[3], there[24];
    int k = gj_terr_index(t->side, sq);
    gj_sq_name(sq, a);
    gj_text_upper(gj_type_name[ty], name, sizeof name);
    const gj_tray *tr = &t->tray;
    if (k < 0) {
        snprintf(msg, sizeof msg, "%s IS NOT ON YOUR SIDE OF THE RIVER "
                 "(RANKS %s).", a, t->side == GJ_RED ? "1 TO 4" : "5 TO 8");
    } else if (tr->s.type[k] != GJ_UNKNOWN) {
        gj_text_upper(gj_type_name[tr->s.type[k]], there, sizeof there);
        snprintf(msg, sizeof msg, "YOUR %s IS ON %s: TYPE %s TO TAKE IT "
                 "BACK FIRST.", there, a, a);
    } else if (!tr->left[ty]) {
        snprintf(msg, sizeof msg, "THERE IS NO %s LEFT IN THE TRAY.", name);
    } else if (ty == GJ_BANNER && !(gj_start_mask(k) >> ty & 1)) {
        snprintf(msg, sizeof msg, "THE BANNER MAY NOT STAND ON THE BACK "
                 "RANK: IT NEEDS A PIECE BEHIND IT.");
    } else if (ty == GJ_MINE && !(gj_start_mask(k) >> ty & 1)) {
        snprintf(msg, sizeof msg, "A LANDMINE MAY NOT BLOCK A BRIDGE "
                 "ENTRANCE (%s).", t->side == GJ_RED ? "B4, E4" : "B5, E5");
    } else if (!gj_tray_can_place(tr, k, ty)) {
        /* Only the Banner and the Landmines are restricted, so it is one
         * of them that would be left without a place. */
        snprintf(msg, sizeof msg, "NOT THERE: THE %s WOULD HAVE NOWHERE "
                 "LEFT TO GO.", tr->left[GJ_BANNER] && ty != GJ_BANNER
                                    ? "BANNER" : "LANDMINES");
    } else {
        gj_tray_place(&t->tray, k, ty);
        int left = GJ_SIDE_PIECES - t->tray.placed;
        snprintf(msg, sizeof msg, "%s ON %s. %d TO PLACE.", name, a, left);
        if (!tr->left[ty])
            t->tray_type = next_type(tr, ty, 1);
        if (!left && !t->screen) {
            gj_term_say(t, msg);
            t->board_due = 1;
            gj_tray_print(t);
            return;
        }
    }
    gj_term_msg(t, msg);
}

static int tray_command(gj_term *t, char *line)
{
    char *w[4];
    int n = 0;
    for (char *p = strtok(line, " ,="); p && n < 4; p = strtok(NULL, " ,="))
        w[n++] = p;
    if (n == 0)
        return GJ_ACT_NONE;
    const char *end;
    if (n == 1) {
        int sq = gj_sq_parse(w[0][0] == '-' ? w[0] + 1 : w[0], &end);
        if (sq >= 0 && !*end) {
            take_back(t, sq);
            return GJ_ACT_NONE;
        }
        if (strcmp(w[0], "D") == 0 || strcmp(w[0], "DONE") == 0)
            return done(t);
        if (strcmp(w[0], "R") == 0 || strcmp(w[0], "RANDOM") == 0) {
            gj_tray_fill_random(&t->tray, &t->m->rng);
            gj_term_msg(t, "THE REST ARE PLACED AT RANDOM.");
            t->board_due = 1;
            return GJ_ACT_NONE;
        }
        if (strcmp(w[0], "C") == 0 || strcmp(w[0], "CLEAR") == 0) {
            gj_tray_init(&t->tray);
            t->tray_type = 0;
            gj_term_msg(t, "EVERY PIECE IS BACK IN THE TRAY.");
            t->board_due = 1;
            return GJ_ACT_NONE;
        }
        if (strcmp(w[0], "T") == 0 || strcmp(w[0], "TRAY") == 0) {
            if (!t->screen) {
                gj_term_view(t);
                gj_lines_board(t);
            }
            gj_tray_print(t);
            return GJ_ACT_NONE;
        }
        if (strcmp(w[0], "H") == 0 || strcmp(w[0], "?") == 0 ||
            strcmp(w[0], "HELP") == 0) {
            gj_help_open(t, GJ_HELP_SETUP);
            return GJ_ACT_NONE;
        }
        if (gj_text_type(w[0]) >= 0) {
            gj_term_msg(t, "SAY WHERE AS WELL, E.G. B2 CP.");
            return GJ_ACT_NONE;
        }
    } else {
        /* A square and a type, either way round; a type may be two
         * words ("MAJOR GENERAL"). */
        int sq = gj_sq_parse(w[0], &end), rest = 1;
        if (sq < 0 || *end) {
            sq = gj_sq_parse(w[n - 1], &end);
            if (sq < 0 || *end)
                sq = -1;
            rest = 0;
        }
        if (sq >= 0) {
            char type[40] = "";
            for (int i = rest; i < rest + n - 1; i++)
                strncat(type, w[i], sizeof type - strlen(type) - 1);
            int ty = gj_text_type(type);
            if (ty >= 0) {
                place(t, sq, ty);
                return GJ_ACT_NONE;
            }
            gj_term_msg(t, "NO SUCH PIECE: TYPE H FOR THE ABBREVIATIONS.");
            return GJ_ACT_NONE;
        }
    }
    gj_term_msg(t, "TYPE A SQUARE AND A PIECE, E.G. B2 CP, OR H FOR HELP.");
    return GJ_ACT_NONE;
}

int gj_tray_line(gj_term *t, const char *line)
{
    char buf[GJ_LINE];
    gj_text_copy(buf, sizeof buf, line);
    switch (t->state) {
    case GJ_T_HOW:
        if (!buf[0] || buf[0] == 'R') {
            gj_term_enter(t, GJ_T_KEEP);
        } else if (buf[0] == 'M') {
            gj_tray_init(&t->tray);
            gj_term_enter(t, GJ_T_TRAY);
        } else if (buf[0] == 'H' || buf[0] == '?') {
            gj_help_open(t, GJ_HELP_RULES);
        } else {
            gj_term_msg(t, "TYPE R FOR A RANDOM ARMY, M TO PLACE IT BY "
                           "HAND.");
        }
        return GJ_ACT_NONE;
    case GJ_T_KEEP:
        if (!buf[0] || buf[0] == 'Y')
            return done(t);
        if (buf[0] == 'N')
            gj_term_enter(t, GJ_T_KEEP);
        else if (buf[0] == 'M')
            gj_term_enter(t, GJ_T_TRAY);
        else
            gj_term_msg(t, "TYPE Y TO KEEP IT, N FOR ANOTHER, M TO CHANGE "
                           "IT.");
        return GJ_ACT_NONE;
    default:
        return tray_command(t, buf);
    }
}

int gj_tray_cursor(gj_term *t, int key)
{
    int id;
    switch (key) {
    case '[':
    case TTY_KEY_PGUP:
        t->tray_type = next_type(&t->tray, t->tray_type - 1, -1);
        return GJ_ACT_NONE;
    case ']':
    case '\t':
    case TTY_KEY_PGDN:
        t->tray_type = next_type(&t->tray, t->tray_type + 1, 1);
        return GJ_ACT_NONE;
    case ' ':
    case TTY_KEY_RETURN:
        if (key == TTY_KEY_RETURN && t->tray.placed == GJ_SIDE_PIECES)
            return done(t);
        gj_term_view(t);
        id = t->v.at[t->cur];
        if (id >= 0)
            take_back(t, t->cur);
        else if (t->tray.placed < GJ_SIDE_PIECES)
            place(t, t->cur, t->tray_type);
        else
            gj_term_msg(t, "ALL ARE PLACED: TYPE D AND RETURN WHEN DONE.");
        return GJ_ACT_NONE;
    case TTY_KEY_ESC:
        t->msg[0] = 0;
        return GJ_ACT_NONE;
    default:
        t->cur = gj_screen_step(t, t->cur, key);
        return GJ_ACT_NONE;
    }
}
