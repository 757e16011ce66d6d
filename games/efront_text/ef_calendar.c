/*
 * ef_calendar.c - the calendar and the seasons (mainline lines 2080-3700):
 * a week a turn from June 22, 1941, the weather of each month (EARTH), and
 * the ice line that freezes rivers and swamps from the north.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>

#include "ef_int.h"

/* MONLEN, with the leap year the original provided for 1944 made general */
static int ef_month_len(int month, int year)
{
    static const uint8_t len[13] = {0, 31, 28, 31, 30, 31, 30,
                                    31, 31, 30, 31, 30, 31};
    if (month == 2 && year % 4 == 0 && (year % 100 != 0 || year % 400 == 0))
        return 29;
    return len[month];
}

/*
 * The ice line (lines 3130-3700).  ICELAT is the latitude from which north
 * every river and swamp is frozen; it moves by a random step of 7 to 14
 * ("AND #$07 ... ADC #$07") south while it is winter and north in the
 * thaw.  The original stepped it only in November and in March; the facts
 * sheet has it freeze "in November (and on through winter)" and thaw "in
 * March", so here it moves south November to February and north in March
 * and April, which also leaves no ice under April's mud.  Never south of
 * lat 1, as the original.  Units on frozen squares need no special care:
 * the ice is kept apart from the drawing, under units as elsewhere.
 */
static void ef_seasons(ef_state *g, ef_events *ev)
{
    int m = g->month, old = g->icelat, lat = old;
    int freeze = m >= 11 || m <= 2, thaw = m == 3 || m == 4;
    if (!freeze && !thaw)
        return;
    int step = 7 + (ef_rng_byte(&g->rng) & 7);
    if (freeze)
        lat = lat - step < 1 ? 1 : lat - step;
    else
        lat = lat + step > EF_H ? EF_H : lat + step;
    if (lat != old) {
        g->icelat = (uint8_t)lat;
        ef_emit(ev, EF_EV_ICE, 0, 0, 0, lat, 0, lat, old, lat);
    }
}

int ef_weather_of_month(int month)
{
    /* SSNCOD: May-September dry, October and April mud, else snow */
    if (month >= 5 && month <= 9)
        return EF_DRY;
    if (month == 4 || month == 10)
        return EF_MUD;
    return EF_SNOW;
}

const char *ef_weather_name(int w)
{
    static const char *const n[] = {"dry", "mud", "snow"};
    return w >= 0 && w <= EF_SNOW ? n[w] : "?";
}

/* The original's WORDS table gave every month an 8-letter field, so its
 * date window read SEPTEMBR; nothing here is held to 8 letters, and the
 * month is spelled out everywhere (a departure the man page notes). */
const char *ef_month_name(int month)
{
    static const char *const n[13] = {
        "?", "JANUARY", "FEBRUARY", "MARCH", "APRIL", "MAY", "JUNE", "JULY",
        "AUGUST", "SEPTEMBER", "OCTOBER", "NOVEMBER", "DECEMBER"};
    return month >= 1 && month <= 12 ? n[month] : n[0];
}

char *ef_date_text(int year, int month, int day, char *buf, size_t size)
{
    snprintf(buf, size, "%s %d, %d", ef_month_name(month), day, year);
    return buf;
}

void ef_week(ef_state *g, ef_events *ev)
{
    g->day += 7;
    int len = ef_month_len(g->month, g->year);
    if (g->day > len) {
        g->day = (uint8_t)(g->day - len);
        if (++g->month > 12) {
            g->month = 1;
            g->year++;
        }
    }
    int old = g->weather;
    g->weather = (uint8_t)ef_weather_of_month(g->month);
    ef_emit(ev, EF_EV_DATE, 0, 0, 0, 0, 0, 0, g->weather, old);
    ef_seasons(g, ev);
}
