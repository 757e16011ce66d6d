/*
 * fatal.c - a line in the log when the server dies of a fatal signal.
 *
 * Without it a crash left a log that simply stopped: libuv, libssh and
 * the server itself call abort() on what must never happen, and nothing
 * said so.  The handler may only make async-signal-safe calls, so its line
 * is made by hand: the time from time() and the offset from UTC taken
 * when it was installed (as srv_log's localtime has it then), and written
 * with one write() straight to the log's descriptor, past the log's queue
 * (whose lines not yet written are lost with the process).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fatal.h"
#include "srv.h"

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL,
                                     SIGABRT };
#define FATAL_N (sizeof fatal_signals / sizeof fatal_signals[0])

static struct sigaction fatal_old[FATAL_N];
/* A stack for the handler: a game's coroutine that overflows its stack
 * faults on the guard page with no stack left to run a handler on. */
static char fatal_stack[64 * 1024];
static long fatal_gmtoff;
static volatile int fatal_fd = 2;

/* n in width digits, zero-padded, at p; returns past them. */
static char *fatal_digits(char *p, long n, int width)
{
    for (int i = width - 1; i >= 0; i--) {
        p[i] = (char)('0' + n % 10);
        n /= 10;
    }
    return p + width;
}

/* "YYYY-MM-DDTHH:MM:SS " for t (days to a civil date: Howard Hinnant's
 * published algorithm, integers only). */
static char *fatal_stamp(char *p, time_t t)
{
    long s = (long)t + fatal_gmtoff;
    long days = s / 86400, rem = s % 86400;
    if (rem < 0) {
        rem += 86400;
        days--;
    }
    long z = days + 719468;
    long era = (z >= 0 ? z : z - 146096) / 146097;
    long doe = z - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    long d = doy - (153 * mp + 2) / 5 + 1;
    long m = mp < 10 ? mp + 3 : mp - 9;
    long y = yoe + era * 400 + (m <= 2);
    p = fatal_digits(p, y, 4);
    *p++ = '-';
    p = fatal_digits(p, m, 2);
    *p++ = '-';
    p = fatal_digits(p, d, 2);
    *p++ = 'T';
    p = fatal_digits(p, rem / 3600, 2);
    *p++ = ':';
    p = fatal_digits(p, rem / 60 % 60, 2);
    *p++ = ':';
    p = fatal_digits(p, rem % 60, 2);
    *p++ = ' ';
    return p;
}

static void fatal_handler(int sig)
{
    char line[96], *p = fatal_stamp(line, time(NULL));
    static const char what[] = "fatal: signal ";
    memcpy(p, what, sizeof what - 1);
    p += sizeof what - 1;
    p = fatal_digits(p, sig, sig >= 10 ? 2 : 1);
    *p++ = '\n';
    /* A log pipe that nobody reads (logstall.exp) would hold a blocking
     * write, and with it the process, here for good: a supervisor would
     * see a server hung, not one to restart.  So a moment for room in it,
     * else the line is lost. */
    struct pollfd pf = { .fd = fatal_fd, .events = POLLOUT };
    if (poll(&pf, 1, 1000) == 1 && (pf.revents & POLLOUT)) {
        ssize_t w = write(fatal_fd, line, (size_t)(p - line));
        (void)w;
    }
    /* Then as before: the handler that was there (the default, or a
     * sanitizer's, which reports) gets the signal again once this one
     * returns; a fault would also come back by itself. */
    for (size_t i = 0; i < FATAL_N; i++)
        if (fatal_signals[i] == sig)
            sigaction(sig, &fatal_old[i], NULL);
    raise(sig);
}

void fatal_install(void)
{
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    fatal_gmtoff = tm.tm_gmtoff;
    fatal_fd = srv_log_fd();
    stack_t ss;
    if (sigaltstack(NULL, &ss) == 0 && (ss.ss_flags & SS_DISABLE)) {
        ss.ss_sp = fatal_stack;     /* else one is there (a sanitizer's) */
        ss.ss_size = sizeof fatal_stack;
        ss.ss_flags = 0;
        sigaltstack(&ss, NULL);
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = fatal_handler;
    sa.sa_flags = SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < FATAL_N; i++)
        sigaction(fatal_signals[i], &sa, &fatal_old[i]);
}
