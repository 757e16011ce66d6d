/*
 * hp_shared.c - the machine's memory in storage, shared by everyone who
 * plays and kept across restarts (beyond the book, whose memory lived in
 * page 04 until the 8008 was switched off).
 *
 * The stored memory is one small table, HP_MEMORY_TABLE.  A memory only
 * ever gains strikes until an operator resets it, so a lesson is written
 * by reading the stored copy, striking the new move in it and writing it
 * back.  The read and the write each suspend the session, and another
 * session may run between them; two lessons must not overwrite each
 * other.  Every session runs on the one loop thread, so the lessons of
 * all of them go into one list here, and one session at a time (the
 * writer) empties it: a lesson learned while another session is writing
 * is taken along by that writer's next round instead of racing it.
 *
 * Only lessons are written, never a session's whole copy: after an
 * operator's reset, sessions that loaded the old memory add only what
 * they learn from then on.
 */
#include <stdlib.h>
#include <string.h>

#include "hp_dialog.h"
#include "store.h"

/* Lessons not yet written, and the ones the writer is writing now. */
static uint8_t hp_pending[HP_MEMORY_SIZE];
static uint8_t hp_sending[HP_MEMORY_SIZE];
static int hp_writing;

static void hp_strike_all(hp_memory *mem, const uint8_t *marks)
{
    for (int i = 0; i < HP_MEMORY_SIZE; i++)
        if (marks[i])
            mem->list[i] = 0;
}

static int hp_any(const uint8_t *marks)
{
    for (int i = 0; i < HP_MEMORY_SIZE; i++)
        if (marks[i])
            return 1;
    return 0;
}

/* The stored memory: 0, or 1 when nothing is stored yet (*mem is then the
 * initial state of ignorance); -1 when storage cannot be read. */
static int hp_fetch(tty_io *io, hp_memory *mem)
{
    void *data = NULL;
    size_t len = 0;
    int rc = tty_table_get(io, HP_MEMORY_TABLE, &data, &len);
    if (rc == STORE_NOTFOUND) {
        hp_memory_reset(mem);
        return 1;
    }
    if (rc != 0)
        return -1;
    /* Bytes that are not a memory (a newer format, damage) count as
     * ignorance; the next lesson writes a good memory over them. */
    if (hp_memory_load(mem, data, len) != 0)
        hp_memory_reset(mem);
    free(data);
    return 0;
}

void hp_shared_load(tty_io *io, hp_memory *mem)
{
    hp_memory stored;
    if (hp_fetch(io, &stored) >= 0)
        *mem = stored;
    hp_strike_all(mem, hp_pending);
    hp_strike_all(mem, hp_sending);
}

void hp_shared_learn(tty_io *io, hp_memory *mem, int addr)
{
    if (addr < 0 || addr >= HP_MEMORY_SIZE)
        return;
    hp_pending[addr] = 1;
    if (hp_writing)
        return;         /* the writer takes it along in its next round */
    hp_writing = 1;
    while (hp_any(hp_pending)) {
        memcpy(hp_sending, hp_pending, sizeof hp_sending);
        memset(hp_pending, 0, sizeof hp_pending);
        hp_memory stored;
        uint8_t bytes[HP_MEMORY_BYTES];
        if (hp_fetch(io, &stored) < 0) {
            /* No storage (or none that can be read): the lessons stay in
             * the sessions' own copies, as the 8008's stayed in its page
             * 04 until it was switched off. */
            memset(hp_sending, 0, sizeof hp_sending);
            break;
        }
        hp_strike_all(&stored, hp_sending);
        if (tty_table_put(io, HP_MEMORY_TABLE, bytes,
                          hp_memory_save(&stored, bytes, sizeof bytes)) != 0) {
            /* The write failed: keep the lessons for the next one. */
            for (int i = 0; i < HP_MEMORY_SIZE; i++)
                hp_pending[i] |= hp_sending[i];
            memset(hp_sending, 0, sizeof hp_sending);
            break;
        }
        memset(hp_sending, 0, sizeof hp_sending);
        hp_memory_merge(mem, &stored);  /* and what the others taught */
    }
    hp_writing = 0;
}
