/*
 * bg_posid.c - GNU Backgammon position IDs.
 *
 * The key (gnubg manual, "A technical description of the Position ID"):
 * for each of the two sides in turn, for each of its points 1..24 and then
 * its bar, as many 1 bits as it has tiles there followed by a 0; padded
 * with 0s to 80 bits.  Bit k is bit (k mod 8) of byte k/8.  The ID is the
 * ten bytes in base64, three bytes to four characters and the tenth byte
 * to two, with no '=' padding: 14 characters.  The starting position is
 * 4HPwATDgc/ABMA.
 *
 * Which side comes first: the manual says the side on roll, but gnubg 1.07
 * itself encodes its board tuple (opponent, side on roll) in that order:
 * after "set board 0HPiATDgc/ABUA" and "set dice 61" it enters the tile on
 * the bar of the second half (bar/18).  We follow the program, so the
 * second half is the side on roll, our s[0].
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "bg.h"

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void to_key(const bg_pos *p, uint8_t key[10])
{
    int bit = 0;
    memset(key, 0, 10);
    for (int side = 1; side >= 0; side--)
        for (int i = 0; i < 25; i++) {
            for (int n = 0; n < p->s[side][i] && bit < 80; n++, bit++)
                key[bit >> 3] |= (uint8_t)(1u << (bit & 7));
            bit++;              /* the 0 ending the run */
        }
}

void bg_posid_encode(const bg_pos *p, char id[BG_POSID_LEN + 1])
{
    uint8_t k[10];
    char *o = id;
    to_key(p, k);
    for (int g = 0; g < 3; g++) {
        const uint8_t *b = k + 3 * g;
        *o++ = b64[b[0] >> 2];
        *o++ = b64[((b[0] & 3) << 4) | (b[1] >> 4)];
        *o++ = b64[((b[1] & 15) << 2) | (b[2] >> 6)];
        *o++ = b64[b[2] & 63];
    }
    *o++ = b64[k[9] >> 2];
    *o++ = b64[(k[9] & 3) << 4];
    *o = 0;
}

static int val(char c)
{
    const char *q = c ? strchr(b64, c) : 0;
    return q ? (int)(q - b64) : -1;
}

int bg_posid_decode(const char *id, bg_pos *p)
{
    int v[BG_POSID_LEN];
    uint8_t k[10];
    if (strlen(id) != BG_POSID_LEN)
        return -1;
    for (int i = 0; i < BG_POSID_LEN; i++)
        if ((v[i] = val(id[i])) < 0)
            return -1;
    for (int g = 0; g < 3; g++) {
        const int *c = v + 4 * g;
        k[3 * g] = (uint8_t)((c[0] << 2) | (c[1] >> 4));
        k[3 * g + 1] = (uint8_t)(((c[1] & 15) << 4) | (c[2] >> 2));
        k[3 * g + 2] = (uint8_t)(((c[2] & 3) << 6) | c[3]);
    }
    k[9] = (uint8_t)((v[12] << 2) | (v[13] >> 4));
    if (v[13] & 15)
        return -1;              /* bits past the 80th */
    memset(p, 0, sizeof *p);
    int bit = 0;
    for (int side = 1; side >= 0; side--)
        for (int i = 0; i < 25; i++) {
            int n = 0;
            for (;;) {
                if (bit >= 80)
                    return -1;
                int b = (k[bit >> 3] >> (bit & 7)) & 1;
                bit++;
                if (!b)
                    break;
                n++;
            }
            p->s[side][i] = (uint8_t)n;
        }
    for (; bit < 80; bit++)
        if ((k[bit >> 3] >> (bit & 7)) & 1)
            return -1;
    return bg_pos_check(p, BG_RULES_STANDARD);
}
