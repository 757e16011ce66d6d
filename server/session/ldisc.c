/*
 * ldisc.c - bytes to keys.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "ldisc.h"
#include "tty.h"

enum { LD_TEXT, LD_ESC, LD_CSI, LD_SS3 };

static int ldisc_csi_key(int final, int num)
{
    switch (final) {
    case 'A': return TTY_KEY_UP;
    case 'B': return TTY_KEY_DOWN;
    case 'C': return TTY_KEY_RIGHT;
    case 'D': return TTY_KEY_LEFT;
    case 'H': return TTY_KEY_HOME;
    case 'F': return TTY_KEY_END;
    case '~':
        switch (num) {
        case 1: case 7: return TTY_KEY_HOME;
        case 4: case 8: return TTY_KEY_END;
        case 5: return TTY_KEY_PGUP;
        case 6: return TTY_KEY_PGDN;
        }
    }
    return 0;   /* a sequence no game uses: swallowed */
}

/* ESC O x: cursor keys in application mode, and the numeric keypad in
 * application mode, which games read as the plain digits. */
static int ldisc_ss3_key(int c)
{
    if (c >= 'p' && c <= 'y')
        return '0' + (c - 'p');
    switch (c) {
    case 'M': return TTY_KEY_RETURN;
    case 'k': return '+';
    case 'm': return '-';
    case 'j': return '*';
    case 'o': return '/';
    case 'n': return '.';
    }
    return ldisc_csi_key(c, 0);
}

static void ldisc_text(ldisc *ld, int c, ldisc_emit emit, void *ctx)
{
    if (c == '\n' || c == 0) {
        int after_cr = ld->cr;
        ld->cr = 0;
        if (after_cr || c == 0)
            return;     /* the LF of CR LF, the NUL of CR NUL, tape blank */
        emit(ctx, TTY_KEY_RETURN);
        return;
    }
    ld->cr = (c == '\r');
    if (c == '\r') {
        emit(ctx, TTY_KEY_RETURN);
        return;
    }
    if (c == 27) {
        ld->state = LD_ESC;
        return;
    }
    if (c == 0x7f || c == '\b') {
        emit(ctx, TTY_KEY_ERASE);
        return;
    }
    if (c >= 0x80)
        return;     /* not 7-bit text: a UTF-8 byte from a modern client */
    if (ld->upper && c >= 'a' && c <= 'z')
        c -= 'a' - 'A';
    emit(ctx, c);
}

void ldisc_feed(ldisc *ld, const unsigned char *p, size_t n, ldisc_emit emit,
                void *ctx)
{
    for (size_t i = 0; i < n; i++) {
        int c = p[i];
        if (ld->strip8)
            c &= 0x7f;
        switch (ld->state) {
        case LD_TEXT:
            ldisc_text(ld, c, emit, ctx);
            break;
        case LD_ESC:
            if (c == '[') {
                ld->state = LD_CSI;
                ld->num = 0;
            } else if (c == 'O') {
                ld->state = LD_SS3;
            } else {
                /* Escape then an ordinary key (Alt-key, or a fast typist). */
                ld->state = LD_TEXT;
                emit(ctx, TTY_KEY_ESC);
                ldisc_text(ld, c, emit, ctx);
            }
            break;
        case LD_CSI:
            if (c >= '0' && c <= '9') {
                if (ld->num < 1000)
                    ld->num = ld->num * 10 + (c - '0');
            } else if (c == ';' || c == '?') {
                ld->num = 0;    /* modifiers: the key is what matters */
            } else if (c >= 0x40 && c <= 0x7e) {
                int key = ldisc_csi_key(c, ld->num);
                ld->state = LD_TEXT;
                if (key)
                    emit(ctx, key);
            } else if (c < 0x20 || c > 0x7e) {
                ld->state = LD_TEXT;    /* broken sequence: start afresh */
                ldisc_text(ld, c, emit, ctx);
            }
            break;
        case LD_SS3: {
            int key = ldisc_ss3_key(c);
            ld->state = LD_TEXT;
            if (key)
                emit(ctx, key);
            break;
        }
        }
    }
}

int ldisc_pending(const ldisc *ld)
{
    return ld->state == LD_ESC;
}

void ldisc_timeout(ldisc *ld, ldisc_emit emit, void *ctx)
{
    if (ld->state == LD_ESC) {
        ld->state = LD_TEXT;
        emit(ctx, TTY_KEY_ESC);
    }
}
