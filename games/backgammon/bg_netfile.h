/*
 * bg_netfile.h - the one file format of the evaluation net's weights:
 * the versioned resource games/backgammon/bg_weights.bin that make turns
 * into C (bg_weights_gen.c), and the trainer's checkpoints (bg_train.c).
 *
 * Layout (all integers little-endian, floats as their IEEE-754 bits, so a
 * file round-trips exactly on any machine):
 *     "BGNF"  u32 format (2)  u32 net version  u32 inputs  u32 hidden
 *     u32 outputs  u64 games trained  u64 trainer's generator state (0:
 *     none)  u32 history length, history text (the training commands in
 *     order: the weights' provenance)
 *     f32 w1[inputs * hidden]  f32 b1[hidden]  f32 w2[outputs * hidden]
 *     f32 b2[outputs]
 *     u32 CRC-32 (IEEE 802.3) of every byte before it
 * Format 1, the nets of one output (P(win) alone), had no outputs field;
 * it is still read, as one output.
 * Tool code: uses stdio, never called by the engine at play time.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef BG_NETFILE_H
#define BG_NETFILE_H

#include <stddef.h>
#include <stdint.h>

#define BG_NETFILE_FORMAT 2
#define BG_NETFILE_HIST 4096    /* history text, with its NUL */

typedef struct bg_netfile {
    int version, nin, nhid, nout;   /* the net's input version, shape */
    uint64_t games, rng;        /* games trained; generator state or 0 */
    char hist[BG_NETFILE_HIST]; /* provenance, one command a line */
    float *w1, *b1, *w2, *b2;   /* [nin][nhid], [nhid], [nout][nhid],
                                   [nout] */
} bg_netfile;

/* Read PATH into nf (the arrays malloc'd; bg_netfile_free releases them).
 * 0, or -1 with the reason in err (a truncated or corrupt file, another
 * format). */
int bg_netfile_read(const char *path, bg_netfile *nf, char *err,
                    size_t errlen);
/* Write nf to PATH (through PATH.tmp and a rename): 0 or -1 (errno). */
int bg_netfile_write(const char *path, const bg_netfile *nf);
void bg_netfile_free(bg_netfile *nf);
/* CRC-32 (IEEE) of n bytes continuing crc (start with 0). */
uint32_t bg_netfile_crc(uint32_t crc, const void *p, size_t n);

#endif
