/*
 * ck_egdb_file.h - the database's file, inside (ck_egdb_pack.c).
 *
 * All numbers in the machine's own byte order: the file is made on the
 * machine that reads it (by "ttyarcade checkers egdb build").
 *
 *   "CKEGDB01"                                   8 bytes
 *   u32 pieces, u32 slices, f64 build seconds    16 bytes
 *   per slice: u8 bm, bk, wm, wk, u32 blocks,
 *              u64 positions, u64 offset         24 bytes
 *   per slice at its offset: u32 start[blocks + 1] (from the first block
 *   byte), then the blocks.
 *
 * A block holds 1024 positions.  Its first byte says how: 0, the values
 * two bits each (256 bytes); 1, runs: a byte v<<6 | (n-1) for v in 0..2 is
 * n positions of value v (n up to 64), and a byte 3<<6 | c<<4 | b<<2 | a is
 * the three values a, b, c.  Indexes that name no position take whatever
 * value keeps a run going (nothing ever looks them up).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_EGDB_FILE_H
#define CK_EGDB_FILE_H

#include "ck_egdb.h"

/* In a packed value array: an index that names no position. */
#define CK_EGDB_NOPOS 3
#define CK_EGDB_BLOCK 1024
#define CK_EGDB_MAGIC "CKEGDB01"

struct ck_egdb_slice {
    ck_slice s;
    uint32_t blocks;
    uint64_t positions;
    const uint32_t *start;
    const uint8_t *data;
};

/* A database being written: each slice compressed as it is solved. */
typedef struct ck_egdb_out {
    int pieces;
    int n;
    ck_slice s[128 * CK_EGDB_MAXN];
    uint64_t positions[128 * CK_EGDB_MAXN];
    uint8_t *bytes[128 * CK_EGDB_MAXN];  /* start[] and blocks */
    size_t len[128 * CK_EGDB_MAXN];
    uint32_t blocks[128 * CK_EGDB_MAXN];
} ck_egdb_out;

void ck_egdb_out_init(ck_egdb_out *o, int pieces);
/* Compress a slice's packed values (2 bits each, CK_EGDB_NOPOS where no
 * position).  0, or -1 if out of memory. */
int ck_egdb_out_add(ck_egdb_out *o, ck_slice s, const uint8_t *packed,
                    uint64_t n);
int ck_egdb_out_write(const ck_egdb_out *o, const char *path,
                      double seconds, char *err, size_t errsize);
void ck_egdb_out_free(ck_egdb_out *o);

#endif
