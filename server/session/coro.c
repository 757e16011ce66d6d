/*
 * coro.c - coroutines with guard-paged mmap stacks.
 *
 * Only the pages a game actually touches become resident, so an idle
 * session at the menu costs a few KiB of stack although each has its
 * stack_size of address space.
 *
 * On x86-64 a switch is six pushes, a stack-pointer swap and six pops
 * (coro_switch below): the callee-saved registers are all a C function
 * keeps across a call, so nothing else needs saving.  swapcontext would
 * also save the signal mask with two system calls per switch, and ASan
 * complains about it.  Elsewhere ucontext does the job.  Under
 * AddressSanitizer every switch is announced, or ASan would take the
 * other stack for a corruption.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
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
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);
#endif

#if defined(__x86_64__)
#define CORO_ASM 1
#else
#include <ucontext.h>
#endif

struct coro {
#ifdef CORO_ASM
    void *sp;           /* the coroutine's saved stack pointer */
    void *caller_sp;    /* its resumer's */
#else
    ucontext_t ctx, caller;
#endif
    coro_fn fn;
    void *arg;
    void *map;          /* guard page + stack */
    size_t map_size;
    void *stack;
    size_t stack_size;
    int finished;
#ifdef CORO_ASAN
    const void *caller_bottom;
    size_t caller_size;
#endif
};

static __thread coro *coro_running;

/* Runs fn on the coroutine's own stack, then leaves it for good. */
static void coro_body(coro *c)
{
#ifdef CORO_ASAN
    __sanitizer_finish_switch_fiber(NULL, &c->caller_bottom, &c->caller_size);
#endif
    c->fn(c->arg);
    c->finished = 1;
#ifdef CORO_ASAN
    /* No fake stack to keep: this stack is never entered again. */
    __sanitizer_start_switch_fiber(NULL, c->caller_bottom, c->caller_size);
#endif
}

#ifdef CORO_ASM
/* void coro_switch(void **save_sp, void *load_sp) */
void coro_switch(void **save_sp, void *load_sp);
void coro_boot(void);
__asm__(
    ".text\n"
    ".globl coro_switch\n"
    ".type coro_switch,@function\n"
    "coro_switch:\n"
    "    pushq %rbp\n"
    "    pushq %rbx\n"
    "    pushq %r12\n"
    "    pushq %r13\n"
    "    pushq %r14\n"
    "    pushq %r15\n"
    "    movq %rsp, (%rdi)\n"
    "    movq %rsi, %rsp\n"
    "    popq %r15\n"
    "    popq %r14\n"
    "    popq %r13\n"
    "    popq %r12\n"
    "    popq %rbx\n"
    "    popq %rbp\n"
    "    ret\n"
    ".size coro_switch, .-coro_switch\n"
    /* A new coroutine's first switch 'returns' here with the coro in
     * r12 and a 16-byte aligned stack. */
    ".globl coro_boot\n"
    ".type coro_boot,@function\n"
    "coro_boot:\n"
    "    movq %r12, %rdi\n"
    "    call coro_boot_c\n"
    "    ud2\n"
    ".size coro_boot, .-coro_boot\n"
    ".section .note.GNU-stack,\"\",@progbits\n"
    ".text\n");

void coro_boot_c(coro *c);
void coro_boot_c(coro *c)
{
    coro_body(c);
    void *dead;
    coro_switch(&dead, c->caller_sp);   /* never comes back */
    abort();
}

static void coro_setup(coro *c)
{
    /* The frame coro_switch pops: r15, r14, r13, r12 (= c), rbx, rbp,
     * then the return address, coro_boot, in the top slot below an
     * aligned top: after the ret the stack pointer is 16-byte aligned,
     * as a call instruction wants it. */
    uintptr_t top = ((uintptr_t)c->stack + c->stack_size) & ~(uintptr_t)15;
    void **frame = (void **)(top - 7 * 8);
    frame[0] = NULL;                    /* r15 */
    frame[1] = NULL;                    /* r14 */
    frame[2] = NULL;                    /* r13 */
    frame[3] = c;                       /* r12 */
    frame[4] = NULL;                    /* rbx */
    frame[5] = NULL;                    /* rbp */
    frame[6] = (void *)coro_boot;       /* ret */
    c->sp = frame;
}

static void coro_enter(coro *c)
{
    coro_switch(&c->caller_sp, c->sp);
}

static void coro_leave(coro *c)
{
    coro_switch(&c->sp, c->caller_sp);
}
#else
static void coro_trampoline(unsigned lo, unsigned hi)
{
    coro_body((coro *)(((uintptr_t)hi << 32) | (uintptr_t)lo));
    /* uc_link returns to the caller context. */
}

/* Apart from coro_new so that getcontext's return cannot clobber its
 * locals. */
static void coro_setup(coro *c)
{
    getcontext(&c->ctx);
    c->ctx.uc_stack.ss_sp = c->stack;
    c->ctx.uc_stack.ss_size = c->stack_size;
    c->ctx.uc_link = &c->caller;
    uintptr_t p = (uintptr_t)c;
    makecontext(&c->ctx, (void (*)(void))coro_trampoline, 2,
                (unsigned)(p & 0xffffffffu), (unsigned)(p >> 32));
}

static void coro_enter(coro *c)
{
    swapcontext(&c->caller, &c->ctx);
}

static void coro_leave(coro *c)
{
    swapcontext(&c->ctx, &c->caller);
}
#endif

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
    c->stack = (char *)c->map + page;
    c->stack_size = size - page;
#ifdef CORO_ASAN
    /* A stack at an address an earlier coroutine used may still carry
     * that one's redzones in ASan's shadow. */
    __asan_unpoison_memory_region(c->stack, c->stack_size);
#endif
    c->fn = fn;
    c->arg = arg;
    coro_setup(c);
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
    __sanitizer_start_switch_fiber(&fake, c->stack, c->stack_size);
#endif
    coro_enter(c);
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
    coro_leave(c);
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
#ifdef CORO_ASAN
    /* Whatever maps these pages next must not inherit the frames' redzones
     * from ASan's shadow. */
    __asan_unpoison_memory_region(c->stack, c->stack_size);
#endif
    munmap(c->map, c->map_size);
    free(c);
}
