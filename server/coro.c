/*
 * coro.c - coroutines on ucontext with guard-paged mmap stacks.
 *
 * Only the pages a game actually touches become resident, so an idle
 * session at the menu costs a few KiB of stack although each has
 * CORO_STACK of address space.  Under AddressSanitizer the stack switches
 * are announced, or ASan would take the other stack for a corruption.
 */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "coro.h"

#if defined(__SANITIZE_ADDRESS__)
#define CORO_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CORO_ASAN 1
#endif
#endif
#ifdef CORO_ASAN
void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom,
                                    size_t size);
void __sanitizer_finish_switch_fiber(void *fake_stack_save,
                                     const void **bottom_old,
                                     size_t *size_old);
#endif

struct coro {
    ucontext_t ctx;
    ucontext_t caller;
    coro_fn fn;
    void *arg;
    void *map;          /* guard page + stack */
    size_t map_size;
    int finished;
#ifdef CORO_ASAN
    const void *caller_bottom;
    size_t caller_size;
#endif
};

static __thread coro *coro_running;

static void coro_trampoline(unsigned lo, unsigned hi)
{
    coro *c = (coro *)(((uintptr_t)hi << 32) | (uintptr_t)lo);
#ifdef CORO_ASAN
    __sanitizer_finish_switch_fiber(NULL, &c->caller_bottom, &c->caller_size);
#endif
    c->fn(c->arg);
    c->finished = 1;
#ifdef CORO_ASAN
    /* Leaving for good: no fake stack to keep. */
    __sanitizer_start_switch_fiber(NULL, c->caller_bottom, c->caller_size);
#endif
    /* uc_link returns to the caller context. */
}

/* Apart from coro_new so that getcontext's return cannot clobber its
 * locals. */
static void coro_setup(coro *c, void *stack, size_t size)
{
    getcontext(&c->ctx);
    c->ctx.uc_stack.ss_sp = stack;
    c->ctx.uc_stack.ss_size = size;
    c->ctx.uc_link = &c->caller;
    uintptr_t p = (uintptr_t)c;
    makecontext(&c->ctx, (void (*)(void))coro_trampoline, 2,
                (unsigned)(p & 0xffffffffu), (unsigned)(p >> 32));
}

coro *coro_new(coro_fn fn, void *arg, size_t stack_size)
{
    long page = sysconf(_SC_PAGESIZE);
    size_t size = (stack_size + page - 1) / page * page + page;
    coro *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->map = mmap(NULL, size, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (c->map == MAP_FAILED) {
        free(c);
        return NULL;
    }
    mprotect(c->map, page, PROT_NONE);   /* the guard page */
    c->map_size = size;
    c->fn = fn;
    c->arg = arg;
    coro_setup(c, (char *)c->map + page, size - page);
    return c;
}

void coro_resume(coro *c)
{
    if (c->finished)
        return;
    coro *prev = coro_running;
    coro_running = c;
#ifdef CORO_ASAN
    void *fake = NULL;
    __sanitizer_start_switch_fiber(&fake, c->ctx.uc_stack.ss_sp,
                                   c->ctx.uc_stack.ss_size);
#endif
    swapcontext(&c->caller, &c->ctx);
#ifdef CORO_ASAN
    __sanitizer_finish_switch_fiber(fake, NULL, NULL);
#endif
    coro_running = prev;
}

void coro_yield(void)
{
    coro *c = coro_running;
    if (!c)
        abort();    /* yielding from the loop is a programming error */
#ifdef CORO_ASAN
    void *fake = NULL;
    __sanitizer_start_switch_fiber(&fake, c->caller_bottom, c->caller_size);
#endif
    swapcontext(&c->ctx, &c->caller);
#ifdef CORO_ASAN
    __sanitizer_finish_switch_fiber(fake, &c->caller_bottom, &c->caller_size);
#endif
}

coro *coro_current(void)
{
    return coro_running;
}

int coro_finished(const coro *c)
{
    return c->finished;
}

void coro_free(coro *c)
{
    if (!c)
        return;
    munmap(c->map, c->map_size);
    free(c);
}
