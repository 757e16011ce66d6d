/*
 * ck_egdb.h - endgame databases: win, loss or draw for every position of
 * up to N pieces, computed here from the rules by retrograde analysis
 * (ck_egdb_build.c), kept compressed (ck_egdb_pack.c) and probed by the
 * expert's search.
 *
 * Only positions with black to move are stored: a position with white to
 * move is the same game turned round (the board rotated half a turn and
 * the colours swapped).  The positions are cut into slices by what is on
 * the board, (black men, black kings, white men, white kings); a capture
 * leaves a slice with fewer pieces and a crowning one with fewer men, so
 * the slices are solved in that order and each looks only at itself, its
 * mirror and the slices already done.
 *
 * The value ignores the draw rules of a game (repetition and the 40-move
 * rule): it is the game-theoretic value with best play, as every
 * published database gives it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_EGDB_H
#define CK_EGDB_H

#include <stddef.h>
#include <stdint.h>

#include "ck_board.h"

/* Values, for the side to move. */
enum { CK_EGDB_DRAW = 0, CK_EGDB_WIN = 1, CK_EGDB_LOSS = 2,
       CK_EGDB_UNKNOWN = 3 /* not in the database */ };

/* The most pieces a database may hold (the index arithmetic is good to
 * 8; building past 6 wants far more memory and time than this needs). */
#define CK_EGDB_MAXN 6

/* ---- Slices and the index (ck_egdb_index.c) ------------------------- */

typedef struct ck_slice {
    uint8_t bm, bk, wm, wk;     /* black men, kings, white men, kings */
} ck_slice;

/* Positions in the slice's index (some, with a black and a white man on
 * one square, are not positions and are never probed). */
uint64_t ck_slice_size(ck_slice s);
/* The slice of a position (black to move) and its index in it. */
ck_slice ck_slice_of(const ck_pos *p);
uint64_t ck_egdb_index(const ck_pos *p, ck_slice s);
/* The position at an index (black to move); 0 if the index names no
 * position (two men on one square). */
int ck_egdb_unindex(ck_slice s, uint64_t idx, ck_pos *p);
/* The same game with the other side to move: rotated and recoloured. */
void ck_pos_flip(const ck_pos *p, ck_pos *out);
/* A slice seen from the other side. */
static inline ck_slice ck_slice_mirror(ck_slice s)
{
    ck_slice m = { s.wm, s.wk, s.bm, s.bk };
    return m;
}
static inline int ck_slice_code(ck_slice s)
{
    return ((s.bm * 13 + s.bk) * 13 + s.wm) * 13 + s.wk;
}
#define CK_SLICE_CODES (13 * 13 * 13 * 13)

/* ---- A database in memory (ck_egdb_pack.c) -------------------------- */

typedef struct ck_egdb_slice ck_egdb_slice;
typedef struct ck_egdb {
    int pieces;                 /* N: every position of up to N pieces */
    int nslices;
    ck_egdb_slice *slices;
    int16_t by_code[CK_SLICE_CODES];    /* slice number, or -1 */
    void *map;                  /* the file's bytes (mapped or read) */
    size_t map_len;
    int mapped;
    double build_seconds;       /* as recorded when it was built */
} ck_egdb;

/* The value of a position of up to db->pieces pieces, for the side to
 * move; CK_EGDB_UNKNOWN when it has more (or db is NULL).  A side with no
 * piece has lost.  Safe from any number of threads. */
int ck_egdb_probe(const ck_egdb *db, const ck_pos *p);

/* The file a database of N pieces is kept in, under a data directory. */
void ck_egdb_path(const char *dir, int pieces, char *out, size_t size);
/* Open the database in a file: 0, or -1 with a reason in err. */
int ck_egdb_open(ck_egdb *db, const char *path, char *err, size_t errsize);
void ck_egdb_close(ck_egdb *db);
/* The database of the most pieces found under dir (N from
 * CK_EGDB_MAXN down), opened once per process and shared by every
 * game; NULL if there is none.  Thread-safe. */
const ck_egdb *ck_egdb_shared(const char *dir);
/* Bytes of the database's file; positions in it with black to move (as
 * many again with white). */
size_t ck_egdb_bytes(const ck_egdb *db);
uint64_t ck_egdb_positions(const ck_egdb *db);

/* ---- Building (ck_egdb_build.c) ------------------------------------- */

/* Progress reports from a build (may be NULL): a slice finished. */
typedef void (*ck_egdb_progress_fn)(void *ctx, ck_slice s, uint64_t size,
                                    double seconds);

/*
 * Solve every position of up to N pieces and write the database to path
 * (through a temporary file renamed at the end, so a reader never sees
 * half a file).  Also opens it into *db when db is not NULL.  0, or -1
 * with a reason in err.  *cancel (may be NULL) stops it early.
 */
int ck_egdb_build(int pieces, const char *path, ck_egdb *db,
                  ck_egdb_progress_fn progress, void *ctx,
                  const volatile int *cancel, char *err, size_t errsize);

#endif
