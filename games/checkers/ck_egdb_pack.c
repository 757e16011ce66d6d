/*
 * ck_egdb_pack.c - the database compressed in blocks (the format is in
 * ck_egdb_file.h): writing it, opening it and probing it.
 *
 * Most slices are long runs of one value (a side two kings up wins almost
 * everywhere), so runs of up to 64 cost a byte; mixed stretches cost a
 * byte for three positions, and a block where that is worse than two bits
 * a position is kept as two bits a position.  A probe reads one block.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ck_egdb.h"
#include "ck_egdb_file.h"

static inline int pk_get(const uint8_t *a, uint64_t i)
{
    return (a[i >> 2] >> ((i & 3) * 2)) & 3;
}

/* ---- Writing -------------------------------------------------------- */

void ck_egdb_out_init(ck_egdb_out *o, int pieces)
{
    memset(o, 0, sizeof *o);
    o->pieces = pieces;
}

void ck_egdb_out_free(ck_egdb_out *o)
{
    for (int i = 0; i < o->n; i++)
        free(o->bytes[i]);
    o->n = 0;
}

/* Runs and triples for positions [lo, hi) into out; returns the length
 * (at most 3 + (hi - lo) bytes). */
static size_t ck_rle(const uint8_t *pk, uint64_t lo, uint64_t hi,
                     uint8_t *out)
{
    size_t len = 0;
    uint64_t i = lo;
    while (i < hi) {
        /* The run's value: the first real value from here. */
        int v = CK_EGDB_NOPOS;
        for (uint64_t j = i; j < hi && v == CK_EGDB_NOPOS; j++)
            v = pk_get(pk, j);
        if (v == CK_EGDB_NOPOS)
            v = 0;
        uint64_t j = i;
        while (j < hi && j - i < 64) {
            int w = pk_get(pk, j);
            if (w != v && w != CK_EGDB_NOPOS)
                break;
            j++;
        }
        if (j - i >= 3 || j == hi) {
            out[len++] = (uint8_t)((v << 6) | (int)(j - i - 1));
            i = j;
        } else {
            uint8_t b = 3 << 6;
            for (int k = 0; k < 3; k++) {
                int w = i + (uint64_t)k < hi ? pk_get(pk, i + k) : 0;
                if (w == CK_EGDB_NOPOS)
                    w = 0;
                b |= (uint8_t)(w << (2 * k));
            }
            out[len++] = b;
            i += 3;
        }
    }
    return len;
}

int ck_egdb_out_add(ck_egdb_out *o, ck_slice s, const uint8_t *packed,
                    uint64_t n)
{
    if (o->n >= (int)(sizeof o->s / sizeof o->s[0]))
        return -1;
    uint32_t blocks = (uint32_t)((n + CK_EGDB_BLOCK - 1) / CK_EGDB_BLOCK);
    size_t head = ((size_t)blocks + 1) * 4;
    size_t cap = head + (size_t)blocks * (CK_EGDB_BLOCK + 8);
    uint8_t *buf = malloc(cap), *blk = malloc(CK_EGDB_BLOCK + 8);
    if (!buf || !blk) {
        free(buf);
        free(blk);
        return -1;
    }
    uint32_t *start = (uint32_t *)buf;
    size_t at = 0;
    for (uint32_t b = 0; b < blocks; b++) {
        uint64_t lo = (uint64_t)b * CK_EGDB_BLOCK, hi = lo + CK_EGDB_BLOCK;
        if (hi > n)
            hi = n;
        start[b] = (uint32_t)at;
        size_t rl = ck_rle(packed, lo, hi, blk);
        size_t raw = (size_t)(hi - lo + 3) / 4;
        uint8_t *d = buf + head + at;
        if (rl < raw) {
            d[0] = 1;
            memcpy(d + 1, blk, rl);
            at += 1 + rl;
        } else {
            d[0] = 0;
            memset(d + 1, 0, raw);
            for (uint64_t i = lo; i < hi; i++) {
                int v = pk_get(packed, i);
                if (v == CK_EGDB_NOPOS)
                    v = 0;
                d[1 + ((i - lo) >> 2)] |= (uint8_t)(v << (((i - lo) & 3) * 2));
            }
            at += 1 + raw;
        }
    }
    start[blocks] = (uint32_t)at;
    free(blk);
    o->s[o->n] = s;
    o->positions[o->n] = n;
    o->bytes[o->n] = buf;
    o->len[o->n] = head + at;
    o->blocks[o->n] = blocks;
    o->n++;
    return 0;
}

int ck_egdb_out_write(const ck_egdb_out *o, const char *path,
                      double seconds, char *err, size_t errsize)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.part", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        snprintf(err, errsize, "cannot write %s: %s", tmp, strerror(errno));
        return -1;
    }
    uint32_t hdr[2] = { (uint32_t)o->pieces, (uint32_t)o->n };
    fwrite(CK_EGDB_MAGIC, 1, 8, f);
    fwrite(hdr, 4, 2, f);
    fwrite(&seconds, 8, 1, f);
    uint64_t off = 24 + 24 * (uint64_t)o->n;
    for (int i = 0; i < o->n; i++) {
        uint8_t c[4] = { o->s[i].bm, o->s[i].bk, o->s[i].wm, o->s[i].wk };
        fwrite(c, 1, 4, f);
        fwrite(&o->blocks[i], 4, 1, f);
        fwrite(&o->positions[i], 8, 1, f);
        fwrite(&off, 8, 1, f);
        off += (o->len[i] + 7) & ~(size_t)7;
    }
    static const uint8_t zero[8];
    for (int i = 0; i < o->n; i++) {
        fwrite(o->bytes[i], 1, o->len[i], f);
        fwrite(zero, 1, ((o->len[i] + 7) & ~(size_t)7) - o->len[i], f);
    }
    if (ferror(f) | (fclose(f) != 0) || rename(tmp, path) != 0) {
        snprintf(err, errsize, "cannot write %s: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

/* ---- Reading -------------------------------------------------------- */

void ck_egdb_path(const char *dir, int pieces, char *out, size_t size)
{
    snprintf(out, size, "%s/checkers-egdb-%d.bin", dir, pieces);
}

static int ck_egdb_fail(ck_egdb *db, char *err, size_t errsize,
                        const char *path, const char *why)
{
    snprintf(err, errsize, "%s: %s", path, why);
    ck_egdb_close(db);
    return -1;
}

int ck_egdb_open(ck_egdb *db, const char *path, char *err, size_t errsize)
{
    memset(db, 0, sizeof *db);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errsize, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size < 24) {
        close(fd);
        snprintf(err, errsize, "%s: too short", path);
        return -1;
    }
    db->map_len = (size_t)st.st_size;
    db->map = mmap(NULL, db->map_len, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (db->map == MAP_FAILED) {
        db->map = NULL;
        snprintf(err, errsize, "%s: %s", path, strerror(errno));
        return -1;
    }
    db->mapped = 1;
    const uint8_t *m = db->map;
    if (memcmp(m, CK_EGDB_MAGIC, 8) != 0)
        return ck_egdb_fail(db, err, errsize, path, "not a checkers database");
    uint32_t hdr[2];
    memcpy(hdr, m + 8, 8);
    memcpy(&db->build_seconds, m + 16, 8);
    if (hdr[0] < 2 || hdr[0] > CK_EGDB_MAXN || hdr[1] > 1000 ||
        24 + 24 * (uint64_t)hdr[1] > db->map_len)
        return ck_egdb_fail(db, err, errsize, path, "bad header");
    db->pieces = (int)hdr[0];
    db->nslices = (int)hdr[1];
    db->slices = calloc((size_t)db->nslices + 1, sizeof *db->slices);
    if (!db->slices)
        return ck_egdb_fail(db, err, errsize, path, "out of memory");
    for (int c = 0; c < CK_SLICE_CODES; c++)
        db->by_code[c] = -1;
    for (int i = 0; i < db->nslices; i++) {
        const uint8_t *d = m + 24 + 24 * (size_t)i;
        ck_egdb_slice *sl = &db->slices[i];
        uint64_t off;
        sl->s.bm = d[0];
        sl->s.bk = d[1];
        sl->s.wm = d[2];
        sl->s.wk = d[3];
        memcpy(&sl->blocks, d + 4, 4);
        memcpy(&sl->positions, d + 8, 8);
        memcpy(&off, d + 16, 8);
        if (sl->s.bm + sl->s.bk + sl->s.wm + sl->s.wk > db->pieces ||
            sl->positions != ck_slice_size(sl->s) ||
            sl->blocks != (sl->positions + CK_EGDB_BLOCK - 1) / CK_EGDB_BLOCK ||
            off % 4 || off + 4 * ((uint64_t)sl->blocks + 1) > db->map_len)
            return ck_egdb_fail(db, err, errsize, path, "bad slice table");
        sl->start = (const uint32_t *)(m + off);
        sl->data = m + off + 4 * ((size_t)sl->blocks + 1);
        if ((uint64_t)(sl->data - m) + sl->start[sl->blocks] > db->map_len)
            return ck_egdb_fail(db, err, errsize, path, "truncated");
        db->by_code[ck_slice_code(sl->s)] = (int16_t)i;
    }
    return 0;
}

void ck_egdb_close(ck_egdb *db)
{
    if (db->map && db->mapped)
        munmap(db->map, db->map_len);
    free(db->slices);
    memset(db, 0, sizeof *db);
}

size_t ck_egdb_bytes(const ck_egdb *db)
{
    return db ? db->map_len : 0;
}

uint64_t ck_egdb_positions(const ck_egdb *db)
{
    uint64_t n = 0;
    for (int i = 0; db && i < db->nslices; i++)
        n += db->slices[i].positions;
    return n;
}

static int ck_block_value(const uint8_t *d, uint32_t len, unsigned off)
{
    if (d[0] == 0)
        return (d[1 + (off >> 2)] >> ((off & 3) * 2)) & 3;
    unsigned at = 0;
    for (uint32_t i = 1; i < len; i++) {
        uint8_t b = d[i];
        if ((b >> 6) != 3) {
            at += (b & 63u) + 1;
            if (off < at)
                return b >> 6;
        } else {
            if (off < at + 3)
                return (b >> (2 * (off - at))) & 3;
            at += 3;
        }
    }
    return CK_EGDB_UNKNOWN;     /* a damaged block */
}

int ck_egdb_probe(const ck_egdb *db, const ck_pos *p)
{
    if (!db || ck_popcount(p->bl | p->wh) > db->pieces)
        return CK_EGDB_UNKNOWN;
    ck_pos q;
    if (p->turn == CK_BLACK)
        q = *p;
    else
        ck_pos_flip(p, &q);
    if (!q.bl)
        return CK_EGDB_LOSS;
    if (!q.wh)
        return CK_EGDB_WIN;
    ck_slice s = ck_slice_of(&q);
    int k = db->by_code[ck_slice_code(s)];
    if (k < 0)
        return CK_EGDB_UNKNOWN;
    const ck_egdb_slice *sl = &db->slices[k];
    uint64_t idx = ck_egdb_index(&q, s);
    uint32_t b = (uint32_t)(idx / CK_EGDB_BLOCK);
    if (b >= sl->blocks)
        return CK_EGDB_UNKNOWN;
    return ck_block_value(sl->data + sl->start[b],
                          sl->start[b + 1] - sl->start[b],
                          (unsigned)(idx % CK_EGDB_BLOCK));
}

/* ---- One copy per process ------------------------------------------- */

static pthread_mutex_t ck_shared_lock = PTHREAD_MUTEX_INITIALIZER;
static ck_egdb ck_shared_db;
static char ck_shared_dir[4096];
static int ck_shared_state;    /* 0 not tried, 1 open, -1 none */

const ck_egdb *ck_egdb_shared(const char *dir)
{
    if (!dir || !*dir)
        return NULL;
    const ck_egdb *r = NULL;
    pthread_mutex_lock(&ck_shared_lock);
    /* A database found once stays open for the process; a directory
     * without one is looked at again, so that one built while the
     * server runs is taken up by the next game. */
    if (ck_shared_state == 1 && strcmp(dir, ck_shared_dir) == 0) {
        r = &ck_shared_db;
    } else if (ck_shared_state != 1) {
        for (int n = CK_EGDB_MAXN; n >= 2 && !r; n--) {
            char path[4200], err[256];
            ck_egdb_path(dir, n, path, sizeof path);
            if (access(path, R_OK) != 0)
                continue;
            if (ck_egdb_open(&ck_shared_db, path, err, sizeof err) == 0) {
                snprintf(ck_shared_dir, sizeof ck_shared_dir, "%s", dir);
                ck_shared_state = 1;
                r = &ck_shared_db;
            }
        }
    }
    pthread_mutex_unlock(&ck_shared_lock);
    return r;
}
