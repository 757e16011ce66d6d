/*
 * ef_words.c - what both faces say the same way: a unit's letter on a
 * map, what a square is, orders as letters, the status line, the end.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "ef_play.h"

/* The notes' map showed German units as grey and Russians as red icons,
 * infantry and armour apart; letters do it here: G German corps, P panzer
 * (any German armour), R Russian army, T tank or cavalry army. */
int ef_unit_letter(int id)
{
    if (ef_is_german(id))
        return ef_is_armor(id) ? 'P' : 'G';
    return ef_is_armor(id) ? 'T' : 'R';
}

int ef_square_char(const ef_state *g, int lon, int lat, int sea_char)
{
    int t = ef_terrain(g, lon, lat);
    return t == EF_T_SEA ? sea_char : ef_terrain_char(t);
}

char *ef_orders_text(const ef_state *g, int id, char *buf, size_t size)
{
    size_t k = 0;
    const ef_unit *u = &g->u[id];
    buf[0] = 0;
    for (int i = 0; i < u->norders && k + 3 <= size; i++) {
        if (k)
            buf[k++] = ' ';
        buf[k++] = "NESW"[u->orders[i] & 3];
        buf[k] = 0;
    }
    return buf;
}

char *ef_upper(char *s)
{
    for (char *c = s; *c; c++)
        if (*c >= 'a' && *c <= 'z')
            *c = (char)(*c - 'a' + 'A');
    return s;
}

char *ef_square_text(const ef_state *g, int lon, int lat, char *buf,
                     size_t size)
{
    int c = ef_city_at(lon, lat);
    if (c >= 0) {
        snprintf(buf, size, "%s (%s)", ef_cities[c].name,
                 g->city_german[c] ? "GERMAN" : "RUSSIAN");
        return buf;
    }
    snprintf(buf, size, "%s", ef_terrain_name(ef_terrain(g, lon, lat)));
    ef_upper(buf);
    return buf;
}

int ef_cities_only(const ef_state *g)
{
    long armies;
    int cities;
    ef_score_parts(g, &armies, &cities);
    return armies <= 0 && cities > 0;
}

char *ef_status_text(const ef_state *g, char *buf, size_t size)
{
    char date[24], weather[8];
    /* The score is reckoned as a week begins, on the squares the orders
     * phase still shows; while a week moves the marker would be read
     * off squares the score was not reckoned on. */
    const char *only = g->phase != EF_PHASE_MOVING && ef_cities_only(g)
                     ? " (CITIES ONLY)" : "";
    if (ef_over(g)) {
        /* issue 21: the campaign's last week is turn 44, April 26, 1942,
         * as the man page says; the calendar has stepped on to the week
         * that is never played, which is not shown */
        snprintf(buf, size, "WEEK OF %s (THE LAST)  SCORE %d%s%s",
                 ef_turn_date(EF_LAST_TURN, date, sizeof date), g->score, only,
                 g->handicap ? "  HANDICAP" : "");
        return buf;
    }
    ef_date_text(g->year, g->month, g->day, date, sizeof date);
    snprintf(weather, sizeof weather, "%s", ef_weather_name(g->weather));
    ef_upper(weather);
    snprintf(buf, size, "%s  %s  SCORE %d%s%s", date, weather, g->score, only,
             g->handicap ? "  HANDICAP" : "");
    return buf;
}

/*
 * The end.  The notes name no ratings (the APX game put GAME OVER and
 * the score on the screen and stopped), so the end gives no rating
 * and says what a player would want to know instead: the score,
 * the cities held, and what is left standing on each side.
 */
int ef_final_lines(const ef_state *g, ef_line_fn line, void *ctx)
{
    char buf[160];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", ef_txt_game_over);
    line(ctx, buf), n++;
    snprintf(buf, sizeof buf, "FINAL SCORE %d%s", g->score,
             g->handicap ? " (HALVED FOR THE HANDICAP)" : "");
    line(ctx, buf), n++;
    size_t k = (size_t)snprintf(buf, sizeof buf, "CITIES YOU HOLD:");
    int held = 0;
    for (int i = 0; i < EF_NCITIES && k < sizeof buf - 20; i++) {
        if (!g->city_german[i] || !ef_cities[i].points)
            continue;
        k += (size_t)snprintf(buf + k, sizeof buf - k, "%s %s (%d)",
                              held++ ? "," : "", ef_cities[i].name,
                              ef_cities[i].points);
    }
    snprintf(buf + k, sizeof buf - k, "%s", held ? "." : " NONE OF THE THREE.");
    line(ctx, buf), n++;
    snprintf(buf, sizeof buf, "STILL STANDING: %d GERMAN CORPS, %d RUSSIAN "
             "ARMIES.", ef_count_units(g, 1), ef_count_units(g, 0));
    line(ctx, buf), n++;
    return n;
}

/* ---- Lines of words ------------------------------------------------------ */

/* The words gathered so far are one paragraph; it is broken into lines by
 * the toolkit's one wrapping routine (games/wrap.h), a line that runs
 * over going on indented by a space. */
void ef_wrap_flush(ef_wrap *w)
{
    if (!w->len)
        return;
    w->lines += wrap_lines(w->buf, w->width, 0, 1, w->line, w->ctx);
    w->len = 0;
    w->buf[0] = 0;
}

void ef_wrap_word(ef_wrap *w, const char *word)
{
    size_t n = strlen(word);
    if (w->len && w->len + 1 + n >= sizeof w->buf)
        ef_wrap_flush(w);       /* a paragraph longer than any report's */
    if (w->len)
        w->buf[w->len++] = ' ';
    w->len += (size_t)snprintf(w->buf + w->len, sizeof w->buf - w->len, "%s",
                               word);
}

/* One sentence of words: the heading, then each item (a comma after all
 * but the last), then a full stop. */
void ef_wrap_list(ef_wrap *w, const char *heading, char items[][40], int n,
                  int total)
{
    if (total <= 0)
        return;
    ef_wrap_word(w, heading);
    for (int i = 0; i < n; i++) {
        char word[48];
        int last = i == n - 1 && total == n;
        snprintf(word, sizeof word, "%s%s", items[i], last ? "." : ",");
        ef_wrap_word(w, word);
    }
    if (total > n) {
        char more[24];
        snprintf(more, sizeof more, "AND %d MORE.", total - n);
        ef_wrap_word(w, more);
    }
    ef_wrap_flush(w);
}

void ef_wrap_text(ef_wrap *w, const char *text)
{
    char word[80];
    while (*text) {
        while (*text == ' ')
            text++;
        size_t k = 0;
        while (*text && *text != ' ' && k < sizeof word - 1)
            word[k++] = *text++;
        word[k] = 0;
        if (k)
            ef_wrap_word(w, word);
    }
    ef_wrap_flush(w);
}

void ef_wrap_line(int width, const char *text, ef_line_fn line, void *ctx)
{
    if ((int)strlen(text) <= width) {
        line(ctx, text);
        return;
    }
    ef_wrap w = { .line = line, .ctx = ctx, .width = width };
    ef_wrap_text(&w, text);
}

void ef_print_line(void *io, const char *line)
{
    tty_printf(io, "%s\n", line);
}

