/*
 * bench_msg.c - how long a message takes to reach a player who is on,
 * beside how long a key takes to be echoed to the same player (the
 * peer: the fastest thing the server does for a player), on one server
 * (SQLite) and across two servers sharing a PostgreSQL started here (the
 * relay carries it).
 *
 * BOB writes to ANN from the menu's M W; the time is from the Return
 * that ends BOB's message to the moment ANN's line has it.  Each message
 * is committed to the store before it is shown (the server keeps every
 * message it is given), so the figure includes a commit.  The echo is a
 * key ANN types at her menu prompt (erased after).  Figures only.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "benchutil.h"

#define BM_MESSAGES 200
#define BM_KEYS 400

static double bm_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void bm_fail(const char *what)
{
    fprintf(stderr, "bench_msg: %s\n", what);
    exit(1);
}

static void bm_until(int fd, const char *text)
{
    const char *const t[] = { text, NULL };
    if (bench_sock_until(fd, t) != 0) {
        fprintf(stderr, "bench_msg: waited in vain for: %s\n", text);
        exit(1);
    }
}

static void bm_say(int fd, const char *text)
{
    if (bench_sock_say(fd, text) != 0)
        bm_fail("the line closed");
}

/* A player who registers name from address from: the line, at the
 * menu's prompt. */
static int bm_register(const char *from, int port, const char *name)
{
    int fd = bench_sock_open(from, port);
    char line[64];
    if (fd < 0)
        bm_fail("cannot connect");
    bm_until(fd, "YOUR NAME (RETURN: GUEST)? ");
    snprintf(line, sizeof line, "%s\r", name);
    bm_say(fd, line);
    bm_until(fd, "YOUR CHOICE");
    bm_say(fd, "A\r");
    bm_until(fd, "(Y/N; RETURN: N)? ");
    bm_say(fd, "Y\r");
    bm_until(fd, "CHOOSE A PASSWORD");
    bm_say(fd, "Secret1\r");
    bm_until(fd, "AGAIN? ");
    bm_say(fd, "Secret1\r");
    bm_until(fd, "IS YOURS");
    bm_until(fd, "YOUR CHOICE (RETURN: HANGMAN)? ");
    return fd;
}

static pid_t bm_serve(const char *bin, const char *dir, const char *name,
                      const char *db, int *port)
{
    char data[256], log[256], out[256];
    snprintf(data, sizeof data, "%s/%s", dir, name);
    snprintf(log, sizeof log, "%s/%s.log", dir, name);
    snprintf(out, sizeof out, "%s/%s.out", dir, name);
    mkdir(data, 0700);
    char *argv[20];
    int k = 0;
    argv[k++] = (char *)bin;
    argv[k++] = "serve";
    argv[k++] = "--telnet";
    argv[k++] = "127.0.0.1:0";
    argv[k++] = "--data";
    argv[k++] = data;
    argv[k++] = "--log";
    argv[k++] = log;
    argv[k++] = "--message-rate";
    argv[k++] = "100000";
    if (db) {
        argv[k++] = "--db";
        argv[k++] = (char *)db;
        argv[k++] = "--server-name";
        argv[k++] = (char *)name;
        argv[k++] = "--heartbeat";
        argv[k++] = "1";
    }
    argv[k] = NULL;
    pid_t pid = bench_spawn(argv, out);
    if (pid < 0 || !(*port = bench_wait_port(log, "listen telnet 127.0.0.1:")))
        bm_fail("a server did not start");
    if (db)
        sleep(1);       /* its relay listens (and presence has beaten) */
    return pid;
}

static void bm_print(const char *what, bench_lat *l)
{
    bench_lat_sort(l);
    printf("  %-44s p50 %7.3f ms  p99 %7.3f ms  max %7.3f ms  (%zu)\n",
           what, bench_lat_pct(l, 50), bench_lat_pct(l, 99),
           bench_lat_pct(l, 100), l->n);
}

/* ANN's key echo, then BOB's messages to ANN. */
static void bm_measure(const char *label, int ann, int bob)
{
    bench_lat echo = { 0 }, deliver = { 0 };
    for (int i = 0; i < BM_KEYS; i++) {
        double t0 = bm_now();
        bm_say(ann, "X");
        bm_until(ann, "X");
        bench_lat_add(&echo, bm_now() - t0);
        bm_say(ann, "\b");
        bm_until(ann, "\b \b");
    }
    for (int i = 0; i < BM_MESSAGES; i++) {
        char text[64], want[64];
        bm_say(bob, "M\r");
        bm_until(bob, "YOUR CHOICE (RETURN: BACK TO THE MENU)? ");
        bm_say(bob, "W\r");
        bm_until(bob, "TO WHOM");
        bm_say(bob, "ANN\r");
        bm_until(bob, "YOUR MESSAGE");
        snprintf(text, sizeof text, "HELLO NUMBER %d\r", i);
        snprintf(want, sizeof want, ": HELLO NUMBER %d\r", i);
        double t0 = bm_now();
        bm_say(bob, text);
        bm_until(ann, want);
        bench_lat_add(&deliver, bm_now() - t0);
        bm_until(bob, "SENT: ANN HAS IT NOW.");
        bm_until(bob, "YOUR CHOICE (RETURN: BACK TO THE MENU)? ");
        bm_say(bob, "\r");
        bm_until(bob, "YOUR CHOICE (RETURN: HANGMAN)? ");
    }
    printf("%s:\n", label);
    bm_print("a key's echo to ANN (the peer)", &echo);
    bm_print("a message from BOB reaching ANN", &deliver);
    bench_lat_free(&echo);
    bench_lat_free(&deliver);
}

int main(void)
{
    const char *bin = getenv("TTYARCADE"), *top = getenv("TTY_TOP");
    if (!bin || !top)
        bm_fail("TTYARCADE and TTY_TOP must be set (make bench sets them)");
    char dir[] = "/tmp/bench_msg_XXXXXX";
    if (!mkdtemp(dir))
        bm_fail("no temporary directory");
    printf("Messages beside key echo (%d messages, %d keys; telnet on "
           "loopback):\n", BM_MESSAGES, BM_KEYS);

    int port;
    pid_t one = bm_serve(bin, dir, "alone", NULL, &port);
    int ann = bm_register("127.0.0.2", port, "ANN");
    int bob = bm_register("127.0.0.3", port, "BOB");
    bm_measure("one server (SQLite)", ann, bob);
    bench_sock_close(ann);
    bench_sock_close(bob);
    kill(one, SIGTERM);
    waitpid(one, NULL, 0);

    /* Two servers on a PostgreSQL of the bench's own. */
    char cmd[512], conninfo[512] = "";
    snprintf(cmd, sizeof cmd, "PGTMP_FSYNC=on %s/tests/pg/pgtmp.sh start",
             top);
    FILE *p = popen(cmd, "r");
    char pgdir[256] = "";
    while (p && fgets(pgdir, sizeof pgdir, p))
        ;
    if (p)
        pclose(p);
    pgdir[strcspn(pgdir, "\n")] = 0;
    char path[300];
    snprintf(path, sizeof path, "%s/conninfo", pgdir);
    FILE *c = fopen(path, "r");
    if (!c || !fgets(conninfo, sizeof conninfo, c))
        bm_fail("PostgreSQL did not start (tests/pg/pgtmp.sh)");
    fclose(c);
    conninfo[strcspn(conninfo, "\n")] = 0;
    int p1, p2;
    pid_t s1 = bm_serve(bin, dir, "one", conninfo, &p1);
    pid_t s2 = bm_serve(bin, dir, "two", conninfo, &p2);
    ann = bm_register("127.0.0.4", p1, "ANN");
    bob = bm_register("127.0.0.5", p2, "BOB");
    sleep(2);           /* server two has read that ANN is on server one */
    bm_measure("two servers on PostgreSQL (ANN on one, BOB on two)", ann,
               bob);
    bench_sock_close(ann);
    bench_sock_close(bob);
    kill(s1, SIGTERM);
    kill(s2, SIGTERM);
    waitpid(s1, NULL, 0);
    waitpid(s2, NULL, 0);
    snprintf(cmd, sizeof cmd, "%s/tests/pg/pgtmp.sh remove %s", top, pgdir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_msg: PostgreSQL was not removed\n");
    bench_rmdir(dir);
    return 0;
}
