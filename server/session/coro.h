/*
 * coro.h - one coroutine per session, so a game can be written as the
 * straight-line program the book printed and still share one loop thread.
 * Stacks are mmap'd with a guard page below them: an overflow faults at
 * once instead of scribbling on a neighbour.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CORO_H
#define CORO_H

#include <stddef.h>

typedef struct coro coro;
typedef void (*coro_fn)(void *arg);

/* A coroutine that will run fn(arg) on its first coro_resume. */
coro *coro_new(coro_fn fn, void *arg, size_t stack_size);
/* Run it until it yields or returns.  Only from the loop (not from a
 * coroutine). */
void coro_resume(coro *c);
/* Give control back to whoever resumed the current coroutine. */
void coro_yield(void);
/* The running coroutine, NULL on the loop. */
coro *coro_current(void);
/* 1 once fn has returned. */
int coro_finished(const coro *c);
/* Free a coroutine that has finished or never started. */
void coro_free(coro *c);

#endif
