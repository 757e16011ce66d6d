/*
 * ef_report.c - the week's report: what the movement phase and the new
 * week did, told in a few lines.
 *
 * A teletype prints ten characters a second, so the report tells what a
 * commander must know and counts the rest: cities taken and lost by name,
 * battles by count and where, units destroyed by name, the player's
 * corps still under way or out of supply by number, arrivals, the
 * weather, the ice and the new date.  A busy week fits in well under a
 * minute of printing (bench_ef_screen measures it).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "ef_play.h"

static int ef_iabs(int v)
{
    return v < 0 ? -v : v;
}

int ef_near_city(int lon, int lat)
{
    int best = -1, bestd = 5;
    for (int i = 0; i < EF_NCITIES; i++) {
        int d = ef_iabs(ef_cities[i].lon - lon) + ef_iabs(ef_cities[i].lat - lat);
        if (d < bestd) {
            bestd = d;
            best = i;
        }
    }
    return best;
}

void ef_report_begin(ef_report *r, const ef_state *g)
{
    memset(r, 0, sizeof *r);
    for (int id = 1; id < EF_NUNITS; id++) {
        r->from_on[id] = (uint8_t)ef_on_map(g, id);
        r->from_lon[id] = g->u[id].lon;
        r->from_lat[id] = g->u[id].lat;
    }
    r->weather = r->old_weather = -1;
    r->ice_from = r->ice_to = -1;
    r->turn = g->turn;
    r->from_tick = g->phase == EF_PHASE_MOVING ? g->tick : 0;
}

static void ef_keep(uint8_t *list, int *n, int v)
{
    if (*n < EF_REPORT_LIST)
        list[*n] = (uint8_t)v;
    (*n)++;
}

void ef_report_add(ef_report *r, const ef_events *ev)
{
    for (int i = 0; i < ev->n; i++) {
        const ef_event *e = &ev->ev[i];
        int side = ef_is_german(e->unit) ? 1 : 0;
        switch (e->kind) {
        case EF_EV_COMBAT: {
            r->attacks[side]++;
            r->hits[side] += e->a ? 1 : 0;      /* the defender's strike */
            r->hits[!side] += e->b ? 1 : 0;     /* the attacker's */
            int c = ef_near_city(e->lon2, e->lat2);
            if (c >= 0 && r->near[c] < 255)
                r->near[c]++;
            break;
        }
        case EF_EV_BREAK:
            r->broke[side]++;
            break;
        case EF_EV_DEATH:
            ef_keep(r->dead[side], &r->ndead[side], e->unit);
            break;
        case EF_EV_CAPTURE:
            if (r->ncapture < EF_REPORT_LIST) {
                r->capture_unit[r->ncapture] = e->unit;
                r->capture_city[r->ncapture] = (uint8_t)e->a;
            }
            r->ncapture++;
            break;
        case EF_EV_ARRIVE:
            ef_keep(r->arrive[side], &r->narrive[side], e->unit);
            break;
        case EF_EV_DELAYED:
            r->ndelayed++;
            break;
        case EF_EV_SUPPLY:
            ef_keep(r->supply[side], &r->nsupply[side], e->unit);
            break;
        case EF_EV_DATE:
            r->weather = e->a;
            r->old_weather = e->b;
            break;
        case EF_EV_ICE:
            if (r->ice_from < 0)
                r->ice_from = e->a;
            r->ice_to = e->b;
            break;
        }
    }
}

/* ---- Lines ---------------------------------------------------------------- */

static void ef_name(int id, char out[40])
{
    char name[24];
    ef_unit_name(id, name, sizeof name);
    snprintf(out, 40, "%s", name);
}

/* The player's corps by number ("#12 #15"), the Russians counted. */
static void ef_numbers(ef_wrap *w, const char *heading, const uint8_t *ids,
                       int n, int russians)
{
    char word[48];
    const char *end = russians > 0 ? ";" : ".";
    uint8_t sorted[EF_REPORT_LIST];
    if (n <= 0 && russians <= 0)
        return;
    /* the events come from the highest unit down; a list reads upward */
    int m = n < EF_REPORT_LIST ? n : EF_REPORT_LIST;
    for (int i = 0; i < m; i++) {
        int j = i;
        for (; j > 0 && sorted[j - 1] > ids[i]; j--)
            sorted[j] = sorted[j - 1];
        sorted[j] = ids[i];
    }
    ids = sorted;
    ef_wrap_word(w, heading);
    int k = n < 12 ? n : 12;
    for (int i = 0; i < k; i++) {
        snprintf(word, sizeof word, "#%d%s", ids[i],
                 i == k - 1 && n == k ? end : "");
        ef_wrap_word(w, word);
    }
    if (n > k) {
        snprintf(word, sizeof word, "AND %d MORE%s", n - k, end);
        ef_wrap_word(w, word);
    }
    if (russians > 0) {
        snprintf(word, sizeof word, "%d RUSSIAN ARM%s.", russians,
                 russians == 1 ? "Y" : "IES");
        ef_wrap_word(w, word);
    }
    ef_wrap_flush(w);
}

int ef_report_lines(const ef_report *r, const ef_state *g, int width,
                    ef_line_fn line, void *ctx)
{
    ef_wrap w = { .line = line, .ctx = ctx, .width = width };
    char items[6][40];
    char text[160], date[24];
    int n;

    /* Which week this is, and how much of it (issue 21): a week resumed
     * in its movement reports only the subturns played since. */
    ef_turn_date(r->turn, date, sizeof date);
    if (r->from_tick > 0)
        snprintf(text, sizeof text, "THE WEEK OF %s%s, SUBTURNS %d TO %d OF "
                 "%d ONLY: RESUMED IN ITS MOVEMENT.", date,
                 r->turn == EF_LAST_TURN ? " (THE LAST)" : "",
                 r->from_tick + 1, EF_SUBTURNS, EF_SUBTURNS);
    else
        snprintf(text, sizeof text, "THE WEEK OF %s%s:", date,
                 r->turn == EF_LAST_TURN ? " (THE LAST)" : "");
    ef_wrap_text(&w, text);

    /* Cities taken, by whom; cities lost. */
    n = 0;
    for (int i = 0; i < r->ncapture && i < EF_REPORT_LIST && n < 6; i++) {
        int u = r->capture_unit[i], c = r->capture_city[i];
        if (ef_is_german(u) && c < EF_NCITIES) {
            char name[24];
            snprintf(items[n++], 40, "%s (%s)", ef_cities[c].name,
                     ef_unit_name(u, name, sizeof name));
        }
    }
    ef_wrap_list(&w, "TAKEN:", items, n, n);
    n = 0;
    for (int i = 0; i < r->ncapture && i < EF_REPORT_LIST && n < 6; i++)
        if (!ef_is_german(r->capture_unit[i]) &&
            r->capture_city[i] < EF_NCITIES)
            snprintf(items[n++], 40, "%s", ef_cities[r->capture_city[i]].name);
    ef_wrap_list(&w, "LOST TO THE RUSSIANS:", items, n, n);

    /* Battles: how many, where, what they cost. */
    if (r->attacks[0] + r->attacks[1]) {
        size_t k = (size_t)snprintf(text, sizeof text, "ATTACKS:");
        if (r->attacks[1])
            k += (size_t)snprintf(text + k, sizeof text - k, " %d GERMAN%s",
                                  r->attacks[1], r->attacks[0] ? "," : "");
        if (r->attacks[0])
            k += (size_t)snprintf(text + k, sizeof text - k, " %d RUSSIAN",
                                  r->attacks[0]);
        uint8_t used[EF_NCITIES] = {0};
        for (int j = 0; j < 3; j++) {
            int best = -1;
            for (int c = 0; c < EF_NCITIES; c++)
                if (!used[c] && r->near[c] &&
                    (best < 0 || r->near[c] > r->near[best]))
                    best = c;
            if (best < 0)
                break;
            used[best] = 1;
            k += (size_t)snprintf(text + k, sizeof text - k, "%s %s",
                                  j ? "," : ", NEAR", ef_cities[best].name);
        }
        snprintf(text + k, sizeof text - k, ".");
        ef_wrap_text(&w, text);
        k = (size_t)snprintf(text, sizeof text, "HITS: %d ON GERMANS, %d ON "
                             "RUSSIANS.", r->hits[1], r->hits[0]);
        if (!r->hits[0] && !r->hits[1])
            k = 0, text[0] = 0;
        if (r->broke[1] || r->broke[0]) {
            k += (size_t)snprintf(text + k, sizeof text - k, "%sBROKE:",
                                  k ? " " : "");
            if (r->broke[1])
                k += (size_t)snprintf(text + k, sizeof text - k, " %d CORPS%s",
                                      r->broke[1], r->broke[0] ? "," : "");
            if (r->broke[0])
                k += (size_t)snprintf(text + k, sizeof text - k, " %d ARM%s",
                                      r->broke[0],
                                      r->broke[0] == 1 ? "Y" : "IES");
            snprintf(text + k, sizeof text - k, ".");
        }
        if (text[0])
            ef_wrap_text(&w, text);
    }

    /* The dead, Germans first. */
    char dead[6][40];
    int nd = 0, total = r->ndead[0] + r->ndead[1];
    for (int side = 1; side >= 0; side--)
        for (int i = 0; i < r->ndead[side] && i < EF_REPORT_LIST && nd < 6; i++)
            ef_name(r->dead[side][i], dead[nd++]);
    ef_wrap_list(&w, "DESTROYED:", dead, nd, total);

    /* Movement worth telling: who moved, and which of the player's corps
     * did not get where they were sent. */
    int moved[2] = {0, 0}, nleft = 0;
    uint8_t left[EF_REPORT_LIST];
    for (int id = 1; id < EF_NUNITS; id++) {
        if (!r->from_on[id] || !ef_on_map(g, id))
            continue;
        int side = ef_is_german(id);
        if (g->u[id].lon != r->from_lon[id] || g->u[id].lat != r->from_lat[id])
            moved[side]++;
        if (side && g->u[id].norders)
            ef_keep(left, &nleft, id);
    }
    if (moved[0] + moved[1]) {
        snprintf(text, sizeof text, "MOVED: %d CORPS, %d ARM%s.", moved[1],
                 moved[0], moved[0] == 1 ? "Y" : "IES");
        ef_wrap_text(&w, text);
    }
    ef_numbers(&w, "STILL UNDER WAY:", left, nleft, 0);

    /* The new week: arrivals, supply, weather and ice. */
    n = 0;
    for (int i = 0; i < r->narrive[1] && i < 3; i++)
        ef_name(r->arrive[1][i], items[n++]);
    if (r->narrive[1] > 3)
        snprintf(items[n++], 40, "%d MORE CORPS", r->narrive[1] - 3);
    if (r->narrive[0])
        snprintf(items[n++], 40, "%d RUSSIAN ARM%s", r->narrive[0],
                 r->narrive[0] == 1 ? "Y" : "IES");
    ef_wrap_list(&w, "ARRIVED:", items, n, n);
    if (r->ndelayed) {
        snprintf(text, sizeof text, "%d ARRIVAL%s DELAYED: %s TAKEN.",
                 r->ndelayed, r->ndelayed == 1 ? "" : "S",
                 r->ndelayed == 1 ? "ITS SQUARE IS" : "THEIR SQUARES ARE");
        ef_wrap_text(&w, text);
    }
    ef_numbers(&w, "OUT OF SUPPLY:", r->supply[1], r->nsupply[1],
               r->nsupply[0]);
    if (r->weather >= 0 && r->weather != r->old_weather) {
        static const char *const words[] = {"THE GROUND IS DRY.",
                                            "THE MUD BEGINS.",
                                            "THE SNOW BEGINS."};
        ef_wrap_text(&w, words[r->weather % 3]);
    }
    if (r->ice_from >= 0 && r->ice_to != r->ice_from) {
        if (r->ice_to >= EF_H)
            snprintf(text, sizeof text, "THE ICE IS GONE.");
        else
            snprintf(text, sizeof text, "RIVERS AND SWAMPS FROZEN FROM LAT "
                     "%d NORTH.", r->ice_to);
        ef_wrap_text(&w, text);
    }
    ef_status_text(g, text, sizeof text);
    line(ctx, text);
    w.lines++;
    return w.lines;
}

char *ef_report_summary(const ef_report *r, const ef_state *g, char *buf,
                        size_t size)
{
    char date[24];
    int taken = 0, lost = 0;
    for (int i = 0; i < r->ncapture && i < EF_REPORT_LIST; i++) {
        if (ef_is_german(r->capture_unit[i]))
            taken++;
        else
            lost++;
    }
    ef_date_text(g->year, g->month, g->day, date, sizeof date);
    size_t k = (size_t)snprintf(buf, size, "%s:", date);
    const struct { int n; const char *what; } parts[] = {
        {taken, "TAKEN"}, {lost, "LOST"},
        {r->attacks[0] + r->attacks[1], "BATTLES"},
        {r->ndead[0] + r->ndead[1], "DESTROYED"},
        {r->narrive[0] + r->narrive[1], "ARRIVED"},
        {r->nsupply[1], "CORPS OUT OF SUPPLY"},
    };
    int any = 0;
    /* the parts in order, each whole; where one does not fit, it and the
     * rest give way to "..." (the full report has them all), never a
     * later part in place of an earlier one */
    for (size_t i = 0; i < sizeof parts / sizeof parts[0] && k < size; i++) {
        if (!parts[i].n)
            continue;
        char part[48];
        size_t n = (size_t)snprintf(part, sizeof part, "%s %d %s",
                                    any ? "," : "", parts[i].n, parts[i].what);
        if (k + n >= size) {
            if (k + 3 < size)
                memcpy(buf + k, "...", 4);
            any = 1;
            break;
        }
        memcpy(buf + k, part, n + 1);
        k += n;
        any = 1;
    }
    if (!any && k + 13 < size)
        snprintf(buf + k, size - k, " A QUIET WEEK");
    return buf;
}

const char *ef_report_none(const ef_state *g)
{
    if (g->turn == 0 && g->phase != EF_PHASE_OVER)
        return "NO WEEK HAS BEEN PLAYED YET.";
    return "NO REPORT YET: A RESUMED CAMPAIGN REPORTS FROM ITS NEXT WEEK ON.";
}
