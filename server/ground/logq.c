/*
 * logq.c - a ring of log bytes and the thread that writes them.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "logq.h"

static pthread_mutex_t logq_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t logq_more = PTHREAD_COND_INITIALIZER;
static pthread_cond_t logq_empty = PTHREAD_COND_INITIALIZER;
static char logq_ring[LOGQ_SIZE];
static size_t logq_head, logq_len;      /* bytes waiting */
static int logq_fd = -1;                /* where the waiting bytes go */
static int logq_started, logq_writing;
static unsigned long logq_ndropped, logq_unsaid;

static void logq_write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return;             /* a log that cannot be written is lost */
        p += w;
        n -= (size_t)w;
    }
}

/* A process that returns from main has its log written first. */
static void logq_at_exit(void)
{
    logq_flush(1000);
}

static void *logq_thread(void *arg)
{
    (void)arg;
    char chunk[8192];
    pthread_mutex_lock(&logq_lock);
    for (;;) {
        while (logq_len == 0 && logq_unsaid == 0) {
            pthread_cond_broadcast(&logq_empty);
            pthread_cond_wait(&logq_more, &logq_lock);
        }
        size_t n = logq_len < sizeof chunk ? logq_len : sizeof chunk;
        size_t first = LOGQ_SIZE - logq_head;
        if (first > n)
            first = n;
        memcpy(chunk, logq_ring + logq_head, first);
        memcpy(chunk + first, logq_ring, n - first);
        logq_head = (logq_head + n) % LOGQ_SIZE;
        logq_len -= n;
        unsigned long unsaid = logq_unsaid;
        logq_unsaid = 0;
        int fd = logq_fd;
        logq_writing = 1;
        pthread_mutex_unlock(&logq_lock);
        logq_write_all(fd, chunk, n);
        if (unsaid) {
            char note[80];
            int k = snprintf(note, sizeof note,
                             "log: %lu lines dropped (the log was not "
                             "being read)\n", unsaid);
            logq_write_all(fd, note, (size_t)k);
        }
        pthread_mutex_lock(&logq_lock);
        logq_writing = 0;
    }
    return NULL;
}

void logq_put(int fd, const char *line, size_t n)
{
    pthread_mutex_lock(&logq_lock);
    if (!logq_started) {
        pthread_t t;
        pthread_attr_t a;
        pthread_attr_init(&a);
        pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
        if (pthread_create(&t, &a, logq_thread, NULL) == 0) {
            logq_started = 1;
            atexit(logq_at_exit);
        }
        pthread_attr_destroy(&a);
        if (!logq_started) {
            /* No thread: write directly rather than lose the log. */
            pthread_mutex_unlock(&logq_lock);
            logq_write_all(fd, line, n);
            return;
        }
    }
    if (fd != logq_fd && logq_len > 0) {
        /* A reopened log: what is queued still goes to the old file,
         * which the writer has; wait briefly for it rather than mix. */
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        while (logq_len > 0 &&
               pthread_cond_timedwait(&logq_empty, &logq_lock, &until) == 0)
            ;
    }
    logq_fd = fd;
    if (n > LOGQ_SIZE - logq_len) {
        logq_ndropped++;
        logq_unsaid++;
    } else {
        size_t tail = (logq_head + logq_len) % LOGQ_SIZE;
        size_t first = LOGQ_SIZE - tail;
        if (first > n)
            first = n;
        memcpy(logq_ring + tail, line, first);
        memcpy(logq_ring, line + first, n - first);
        logq_len += n;
    }
    pthread_cond_signal(&logq_more);
    pthread_mutex_unlock(&logq_lock);
}

void logq_flush(int ms)
{
    pthread_mutex_lock(&logq_lock);
    if (logq_started) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += ms / 1000;
        until.tv_nsec += (long)(ms % 1000) * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        while ((logq_len > 0 || logq_writing || logq_unsaid) &&
               pthread_cond_timedwait(&logq_empty, &logq_lock, &until) == 0)
            ;
    }
    pthread_mutex_unlock(&logq_lock);
}

unsigned long logq_dropped(void)
{
    pthread_mutex_lock(&logq_lock);
    unsigned long n = logq_ndropped;
    pthread_mutex_unlock(&logq_lock);
    return n;
}
