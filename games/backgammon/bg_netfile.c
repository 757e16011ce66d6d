/*
 * bg_netfile.c - reading and writing the net's weights file (the format
 * is in bg_netfile.h).  The whole file is read into memory and checked
 * (length, CRC) before anything in it is believed.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg_netfile.h"

#define NF_HEAD 44              /* bytes before the history text */
#define NF_HEAD1 40             /* ... in format 1 (no outputs field) */
#define NF_MAXDIM 4096          /* a sanity bound on inputs and hidden */

uint32_t bg_netfile_crc(uint32_t crc, const void *p, size_t n)
{
    const unsigned char *b = p;
    crc = ~crc;
    while (n--) {
        crc ^= *b++;
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
    }
    return ~crc;
}

static void put32(unsigned char *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = (unsigned char)(v >> (8 * i));
}

static void put64(unsigned char *b, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get32(const unsigned char *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
           (uint32_t)b[3] << 24;
}

static uint64_t get64(const unsigned char *b)
{
    return (uint64_t)get32(b) | (uint64_t)get32(b + 4) << 32;
}

static void putf(unsigned char *b, float f)
{
    uint32_t v;
    memcpy(&v, &f, sizeof v);
    put32(b, v);
}

static float getf(const unsigned char *b)
{
    uint32_t v = get32(b);
    float f;
    memcpy(&f, &v, sizeof f);
    return f;
}

static size_t nf_floats(int nin, int nhid, int nout)
{
    return ((size_t)nin + 1 + (size_t)nout) * (size_t)nhid + (size_t)nout;
}

static int nf_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int bg_netfile_read(const char *path, bg_netfile *nf, char *err,
                    size_t errlen)
{
    memset(nf, 0, sizeof *nf);
    FILE *f = fopen(path, "rb");
    if (!f)
        return nf_fail(err, errlen, "%s: %s", path, strerror(errno));
    size_t cap = 1 << 16, len = 0, got;
    unsigned char *buf = malloc(cap);
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            unsigned char *more = cap < (64u << 20) ? realloc(buf, cap * 2)
                                                    : NULL;
            if (!more) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = more;
            cap *= 2;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad)
        return nf_fail(err, errlen, "%s: cannot read it", path);
    int rc = -1;
    if (len < NF_HEAD + 4 || memcmp(buf, "BGNF", 4) != 0) {
        nf_fail(err, errlen, "%s: not a net weights file", path);
        goto out;
    }
    if (get32(buf + len - 4) != bg_netfile_crc(0, buf, len - 4)) {
        nf_fail(err, errlen, "%s: checksum mismatch (damaged)", path);
        goto out;
    }
    uint32_t format = get32(buf + 4);
    if (format != 1 && format != BG_NETFILE_FORMAT) {
        nf_fail(err, errlen, "%s: format %u, this build reads 1 and %d", path,
                format, BG_NETFILE_FORMAT);
        goto out;
    }
    /* Format 1 had no outputs field: one output, the rest 4 bytes on. */
    size_t head = format == 1 ? NF_HEAD1 : NF_HEAD, at = head - 20;
    uint32_t nin = get32(buf + 12), nhid = get32(buf + 16);
    uint32_t nout = format == 1 ? 1 : get32(buf + 20);
    uint32_t hlen = get32(buf + head - 4);
    if (nin == 0 || nhid == 0 || nout == 0 || nin > NF_MAXDIM ||
        nhid > NF_MAXDIM || nout > NF_MAXDIM || hlen >= BG_NETFILE_HIST ||
        len != head + hlen + 4 * nf_floats((int)nin, (int)nhid, (int)nout)
               + 4) {
        nf_fail(err, errlen, "%s: sizes do not match its length", path);
        goto out;
    }
    nf->version = (int)get32(buf + 8);
    nf->nin = (int)nin;
    nf->nhid = (int)nhid;
    nf->nout = (int)nout;
    nf->games = get64(buf + at);
    nf->rng = get64(buf + at + 8);
    memcpy(nf->hist, buf + head, hlen);
    nf->hist[hlen] = 0;
    nf->w1 = malloc(sizeof(float) * nin * nhid);
    nf->b1 = malloc(sizeof(float) * nhid);
    nf->w2 = malloc(sizeof(float) * nout * nhid);
    nf->b2 = malloc(sizeof(float) * nout);
    if (!nf->w1 || !nf->b1 || !nf->w2 || !nf->b2) {
        bg_netfile_free(nf);
        nf_fail(err, errlen, "%s: out of memory", path);
        goto out;
    }
    const unsigned char *p = buf + head + hlen;
    for (size_t i = 0; i < (size_t)nin * nhid; i++, p += 4)
        nf->w1[i] = getf(p);
    for (uint32_t j = 0; j < nhid; j++, p += 4)
        nf->b1[j] = getf(p);
    for (size_t j = 0; j < (size_t)nout * nhid; j++, p += 4)
        nf->w2[j] = getf(p);
    for (uint32_t o = 0; o < nout; o++, p += 4)
        nf->b2[o] = getf(p);
    rc = 0;
out:
    free(buf);
    return rc;
}

int bg_netfile_write(const char *path, const bg_netfile *nf)
{
    size_t hlen = strnlen(nf->hist, BG_NETFILE_HIST - 1);
    size_t len = NF_HEAD + hlen + 4 * nf_floats(nf->nin, nf->nhid, nf->nout)
                 + 4;
    unsigned char *buf = malloc(len);
    if (!buf)
        return -1;
    memcpy(buf, "BGNF", 4);
    put32(buf + 4, BG_NETFILE_FORMAT);
    put32(buf + 8, (uint32_t)nf->version);
    put32(buf + 12, (uint32_t)nf->nin);
    put32(buf + 16, (uint32_t)nf->nhid);
    put32(buf + 20, (uint32_t)nf->nout);
    put64(buf + 24, nf->games);
    put64(buf + 32, nf->rng);
    put32(buf + 40, (uint32_t)hlen);
    memcpy(buf + NF_HEAD, nf->hist, hlen);
    unsigned char *p = buf + NF_HEAD + hlen;
    for (size_t i = 0; i < (size_t)nf->nin * (size_t)nf->nhid; i++, p += 4)
        putf(p, nf->w1[i]);
    for (int j = 0; j < nf->nhid; j++, p += 4)
        putf(p, nf->b1[j]);
    for (size_t j = 0; j < (size_t)nf->nout * (size_t)nf->nhid; j++, p += 4)
        putf(p, nf->w2[j]);
    for (int o = 0; o < nf->nout; o++, p += 4)
        putf(p, nf->b2[o]);
    put32(p, bg_netfile_crc(0, buf, len - 4));

    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        free(buf);
        errno = ENAMETOOLONG;
        return -1;
    }
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(buf, 1, len, f) == len;
    ok = f && fclose(f) == 0 && ok;
    free(buf);
    if (!ok || rename(tmp, path) != 0) {
        int e = errno;
        remove(tmp);
        errno = e;
        return -1;
    }
    return 0;
}

void bg_netfile_free(bg_netfile *nf)
{
    free(nf->w1);
    free(nf->b1);
    free(nf->w2);
    free(nf->b2);
    nf->w1 = nf->b1 = nf->w2 = nf->b2 = NULL;
}
