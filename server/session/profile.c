/*
 * profile.c - terminal profiles and the output filter.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "profile.h"

static const profile profile_asr33 = {
    "asr33", 72, 0, 0, 0, 1, 1, 1, 2, 1
};
static const profile profile_glass = {
    "glass", 80, 24, 0, 0, 0, 0, 0, 0, 0
};
static const profile profile_ansi = {
    "ansi", 80, 24, 1, 1, 0, 0, 0, 0, 0
};
/* DEC's own terminals, the VT100 to the VT520, draw in one colour: the
 * same ANSI screen, told to use attributes (bold, reverse) where a game
 * would use colour.  It keeps the name: choosing ANSI at the menu, or
 * --profile ansi, is the colour screen. */
static const profile profile_ansi_mono = {
    "ansi", 80, 24, 1, 0, 0, 0, 0, 0, 0
};

const profile *const profile_all[] = {
    &profile_asr33, &profile_glass, &profile_ansi, 0
};

const profile *profile_find(const char *name)
{
    for (int i = 0; profile_all[i]; i++)
        if (strcasecmp(profile_all[i]->name, name) == 0)
            return profile_all[i];
    return NULL;
}

/*
 * Terminal types as telnet clients send them (terminfo names such as
 * xterm-256color) and as RFC 1091 lists them (the IANA names: DEC-VT100,
 * TELETYPE-33), compared without case.  The first matching row wins, so
 * the VT52 family, which has no ANSI sequences at all, comes before the
 * "vt5" of the ANSI VT510 and VT520.  An entry ending in '*' matches by
 * prefix, any other exactly.
 */
typedef struct profile_ttype {
    const char *name;
    const profile *prof;
} profile_ttype;

static const profile_ttype profile_ttypes[] = {
    /* hard copy: the Model 33 and the other Teletypes */
    { "tty33", &profile_asr33 }, { "tty33a", &profile_asr33 },
    { "asr33", &profile_asr33 }, { "asr-33", &profile_asr33 },
    { "ksr33", &profile_asr33 }, { "tty35", &profile_asr33 },
    { "tty37", &profile_asr33 }, { "tty40", &profile_asr33 },
    { "tty43", &profile_asr33 }, { "teletype-*", &profile_asr33 },
    /* screens without cursor sequences of the ANSI kind */
    { "vt50", &profile_glass }, { "vt50h", &profile_glass },
    { "vt52", &profile_glass }, { "vt52-*", &profile_glass },
    { "vt55", &profile_glass }, { "vt61", &profile_glass },
    { "vt62", &profile_glass }, { "dec-vt50", &profile_glass },
    { "dec-vt50h", &profile_glass }, { "dec-vt52", &profile_glass },
    { "dec-vt55", &profile_glass }, { "dec-vt61", &profile_glass },
    { "dec-vt62", &profile_glass },
    { "dumb", &profile_glass }, { "glass", &profile_glass },
    /* ANSI (X3.64) screens: DEC's in one colour, the rest in colour */
    { "vt340", &profile_ansi }, { "vt525", &profile_ansi },
    { "dec-vt340", &profile_ansi }, { "dec-vt525", &profile_ansi },
    { "dec-vt*", &profile_ansi_mono }, { "vt1*", &profile_ansi_mono },
    { "vt2*", &profile_ansi_mono }, { "vt3*", &profile_ansi_mono },
    { "vt4*", &profile_ansi_mono }, { "vt5*", &profile_ansi_mono },
    { "xterm*", &profile_ansi }, { "ansi*", &profile_ansi },
    { "linux*", &profile_ansi }, { "screen*", &profile_ansi },
    { "tmux*", &profile_ansi }, { "rxvt*", &profile_ansi },
    { "putty*", &profile_ansi }, { "konsole*", &profile_ansi },
    { "gnome*", &profile_ansi }, { "cygwin*", &profile_ansi },
    { "eterm*", &profile_ansi }, { "kitty*", &profile_ansi },
    { "alacritty*", &profile_ansi }, { "st-*", &profile_ansi },
    { "st", &profile_ansi }, { "iterm*", &profile_ansi },
    { "mlterm*", &profile_ansi }, { "wezterm*", &profile_ansi },
    { "foot*", &profile_ansi }, { "contour*", &profile_ansi },
    { NULL, NULL }
};

const profile *profile_for_ttype(const char *ttype)
{
    for (const profile_ttype *t = profile_ttypes; t->name; t++) {
        size_t n = strlen(t->name);
        if (t->name[n - 1] == '*') {
            if (strncasecmp(ttype, t->name, n - 1) == 0)
                return t->prof;
        } else if (strcasecmp(ttype, t->name) == 0) {
            return t->prof;
        }
    }
    return &profile_glass;
}

void pfilter_init(pfilter *f, const profile *p, int width)
{
    memset(f, 0, sizeof *f);
    f->width = p->wrap ? width : 0;
    f->upper = p->upper;
    f->tabs = p->tabs;
    f->pad = p->pad;
}

static void pfilter_pad(pfilter *f, buf *out)
{
    static const char nuls[8];
    if (f->pad_due) {
        buf_add(out, nuls, (size_t)f->pad_due);
        f->pad_due = 0;
    }
}

static void pfilter_newline(pfilter *f, buf *out)
{
    buf_add(out, "\r\n", 2);
    f->col = 0;
    f->pad_due = f->pad;
    pfilter_pad(f, out);
}

void pfilter_run(pfilter *f, const char *in, size_t n, buf *out)
{
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)in[i];
        if (f->esc) {
            /* Escape sequences pass untouched and take no column. */
            buf_addc(out, c);
            if (f->esc == 1)
                f->esc = (c == '[') ? 2 : 0;
            else if (c >= 0x40 && c <= 0x7e)
                f->esc = 0;
            continue;
        }
        if (c == '\n') {
            if (f->last_cr) {
                /* The CR already went out: finish the pair, then pad the
                 * carriage's return. */
                buf_addc(out, '\n');
                f->last_cr = 0;
                pfilter_pad(f, out);
            } else {
                pfilter_newline(f, out);
            }
            continue;
        }
        if (f->last_cr) {
            pfilter_pad(f, out);
            f->last_cr = 0;
        }
        if (c == '\r') {
            buf_addc(out, '\r');
            f->col = 0;
            f->last_cr = 1;
            f->pad_due = f->pad;
            continue;
        }
        if (c == 27) {
            buf_addc(out, c);
            f->esc = 1;
            continue;
        }
        if (c == '\t') {
            int next = (f->col / 8 + 1) * 8;
            if (f->tabs) {
                if (f->width && next > f->width)
                    next = f->width;
                while (f->col < next) {
                    buf_addc(out, ' ');
                    f->col++;
                }
            } else {
                buf_addc(out, c);
                f->col = next;
            }
            continue;
        }
        if (c == '\b') {
            if (f->col > 0)
                f->col--;
            buf_addc(out, c);
            continue;
        }
        if (c < 0x20 || c == 0x7f) {
            buf_addc(out, c);   /* bell and friends take no column */
            continue;
        }
        if (f->width && f->col >= f->width)
            pfilter_newline(f, out);
        /* A teletype has no lower case: the Model 33 prints a character
         * with bit 6 ignored, so ` { | } ~ come out as @ [ \ ] ^. */
        if (f->upper && c >= 0x60 && c <= 0x7e)
            c -= 0x20;
        buf_addc(out, c);
        f->col++;
    }
}
