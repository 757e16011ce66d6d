/*
 * replay.c - reading an asciicast file and playing it back to a player.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cast.h"
#include "replay.h"
#include "srv.h"

#define REPLAY_FILE_MAX (64L * 1024 * 1024)

void replay_free(replay *r)
{
    buf_free(&r->data);
    free(r->ev);
    memset(r, 0, sizeof *r);
}

static int replay_add(replay *r, double t, const buf *d, int w, int h)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 256;
        replay_ev *p = realloc(r->ev, cap * sizeof *p);
        if (!p)
            return -1;
        r->ev = p;
        r->cap = cap;
    }
    r->ev[r->n].t = t;
    r->ev[r->n].off = r->data.len;
    r->ev[r->n].len = w ? 0 : buf_avail(d);
    r->ev[r->n].width = w;
    r->ev[r->n].height = h;
    if (w) {
        if (w > r->max_width)
            r->max_width = w;
        if (h > r->max_height)
            r->max_height = h;
    } else if (buf_avail(d)) {
        buf_add(&r->data, buf_data(d), buf_avail(d));
    }
    r->n++;
    return 0;
}

int replay_load(replay *r, const char *path, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "THE RECORDING'S FILE IS GONE.");
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long total = 0;
    int rc = 0;
    if ((len = getline(&line, &cap, f)) <= 0 ||
        cast_parse_header(line, &r->width, &r->height) != 0) {
        snprintf(err, errlen, "THAT IS NOT AN ASCIICAST V2 FILE.");
        rc = -1;
    }
    r->max_width = r->width;
    r->max_height = r->height;
    buf d = { 0 };
    while (rc == 0 && (len = getline(&line, &cap, f)) > 0) {
        total += len;
        if (total > REPLAY_FILE_MAX) {
            snprintf(err, errlen, "THE RECORDING IS TOO LONG TO PLAY.");
            rc = -1;
            break;
        }
        double t;
        int k = cast_parse_event(line, &t, &d);
        int w = 0, h = 0;
        if (k == 2 && cast_parse_size(&d, &w, &h) != 0)
            k = -1;
        if ((k == 0 || k == 2) && replay_add(r, t, &d, w, h) != 0)
            rc = -1;
        buf_free(&d);
        if (k < 0 && line[0] != '\n') {
            snprintf(err, errlen, "THE RECORDING IS DAMAGED.");
            rc = -1;
        }
    }
    free(line);
    fclose(f);
    if (rc)
        replay_free(r);
    return rc;
}

/* Wait ms (of recorded time at speed) or for a key; the key, or
 * TTY_TIMEOUT when the time is up. */
static int replay_wait(sess *s, int ms)
{
    return ms > 0 ? tty_inkey_timeout(s, ms) : tty_inkey_timeout(s, 0);
}

int replay_play(sess *s, const replay *r)
{
    int speed = 1, paused = 0;
    double prev = 0;
    for (size_t i = 0; i < r->n; i++) {
        double gap = r->ev[i].t - prev;
        if (gap > REPLAY_IDLE_MAX)
            gap = REPLAY_IDLE_MAX;
        if (gap < 0)
            gap = 0;
        prev = r->ev[i].t;
        uint64_t due = sess_now_ms() + (uint64_t)(gap * 1000 / speed);
        for (;;) {
            uint64_t now = sess_now_ms();
            int left = paused ? 60000 : now >= due ? 0 : (int)(due - now);
            int k = replay_wait(s, left);
            if (k == TTY_EOF)
                return TTY_EOF;
            if (k == 'q' || k == 'Q' || k == TTY_KEY_ESC)
                return 0;
            if (k == ' ') {
                paused = !paused;
                if (!paused)
                    due = sess_now_ms();
            } else if ((k == 'f' || k == 'F') && speed < 16) {
                speed *= 2;
                due = now + (due > now ? (due - now) / 2 : 0);
            } else if (k == 'n' || k == 'N') {
                speed = 1;
            }
            if (!paused && k == TTY_TIMEOUT && sess_now_ms() >= due)
                break;
        }
        /* A resize has nothing to show: the game redrew its screen after
         * it, and the viewer's is at least the largest it became (the
         * menu's P sees to that). */
        if (r->ev[i].width)
            continue;
        sess_emit_raw(s, r->data.p + r->ev[i].off, r->ev[i].len);
        sess_flush(s);
        /* A slow line is waited for, as a game's output is. */
        while (!s->eof && sess_backlog(s) > (size_t)srv.out_high) {
            s->timer_fired = 0;
            sess_block(s, 100);
        }
    }
    return 0;
}
