/*
 * sess_metrics.c - the live sessions as a /metrics family, grouped by
 * transport, game and profile; handed to metrics_add_source at start,
 * since the counters sit below the sessions.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "metrics.h"
#include "sess.h"
#include "srv.h"

#define SESS_METRICS_GROUPS 128

void sess_metrics(buf *out)
{
    buf_printf(out, "# HELP ttyarcade_sessions Live sessions.\n"
                    "# TYPE ttyarcade_sessions gauge\n");
    struct { const char *t, *g, *p; int n; } grp[SESS_METRICS_GROUPS];
    int ng = 0;
    for (sess *s = sess_first(); s; s = s->all_next) {
        if (s->closed)
            continue;
        const char *t = s->ops->name, *p = s->prof->name;
        const char *g = s->playing && s->game ? s->game : "(menu)";
        int i = 0;
        while (i < ng && !(strcmp(grp[i].t, t) == 0 &&
                           strcmp(grp[i].g, g) == 0 &&
                           strcmp(grp[i].p, p) == 0))
            i++;
        if (i == ng && ng < SESS_METRICS_GROUPS) {
            grp[ng].t = t;
            grp[ng].g = g;
            grp[ng].p = p;
            grp[ng++].n = 0;
        }
        if (i < ng)
            grp[i].n++;
    }
    for (int i = 0; i < ng; i++)
        buf_printf(out, "ttyarcade_sessions{transport=\"%s\",game=\"%s\","
                        "profile=\"%s\"} %d\n", metrics_label(grp[i].t),
                   metrics_label(grp[i].g), metrics_label(grp[i].p),
                   grp[i].n);
    buf_printf(out, "# HELP ttyarcade_sessions_max --max-sessions.\n"
                    "# TYPE ttyarcade_sessions_max gauge\n"
                    "ttyarcade_sessions_max %d\n", srv.max_sessions);
}
