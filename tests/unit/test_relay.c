/*
 * test_relay.c - the relay between servers sharing PostgreSQL (relay.h)
 * on a real PostgreSQL: a relay ("me") sends lines to itself.  Lines
 * arrive whole and in order, many to a batch; identical screens' worth
 * sent at once all arrive (PostgreSQL folds identical notifications of
 * one transaction into one); a code another connection holds is busy,
 * unless its player waits in the lobby for a partner; free once that
 * connection is gone; and free for another once let go here.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <libpq-fe.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

#include "relay.h"
#include "srv.h"
#include "testutil.h"

static char conninfo[512];

/* What arrived, in order: "FROM|LINE" per entry. */
static char *got[4096];
static int ngot;
static int ups;

static void on_line(const char *from, char *line)
{
    size_t n = strlen(from) + strlen(line) + 2;
    if (ngot < 4096 && (got[ngot] = malloc(n)))
        snprintf(got[ngot++], n, "%s|%s", from, line);
}

static void on_state(int up)
{
    ups += up;
}

static void spin_until(int (*done)(void), int ms)
{
    uint64_t until = uv_now(srv_loop) + (uint64_t)ms;
    while (!done() && uv_now(srv_loop) < until)
        uv_run(srv_loop, UV_RUN_ONCE);
}

static int want_lines;
static int enough_lines(void) { return ngot >= want_lines; }
static int is_up(void) { return relay_up(); }

/* One relay per test (Check runs each in a process of its own). */
static void relay_here(void)
{
    srv_conf_defaults();
    srv_log_silence();
    srv_loop = uv_default_loop();
    relay_start(conninfo, "me", on_line, on_state);
    spin_until(is_up, 10000);
    ck_assert(relay_up());
    ck_assert_int_eq(ups, 1);
}

START_TEST(lines_arrive_whole_and_in_order)
{
    relay_here();
    char line[64];
    for (int i = 0; i < 500; i++) {
        snprintf(line, sizeof line, "K 7 %d", i);
        ck_assert_int_eq(relay_send("me", line), 0);
    }
    want_lines = 500;
    spin_until(enough_lines, 10000);
    ck_assert_int_eq(ngot, 500);
    for (int i = 0; i < 500; i++) {
        snprintf(line, sizeof line, "me|K 7 %d", i);
        ck_assert_str_eq(got[i], line);
    }
    /* too long, or with a newline: refused, never cut */
    char *big = malloc(RELAY_LINE_MAX + 2);
    memset(big, 'x', RELAY_LINE_MAX + 1);
    big[RELAY_LINE_MAX + 1] = 0;
    ck_assert_int_eq(relay_send("me", big), -1);
    ck_assert_int_eq(relay_send("me", "a\nb"), -1);
    free(big);
}
END_TEST

/* Each of these fills a notification of its own: identical payloads. */
START_TEST(identical_screens_both_arrive)
{
    relay_here();
    char *screen = malloc(6001);
    memset(screen, 'O', 6000);
    screen[6000] = 0;
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(relay_send("me", screen), 0);
    want_lines = 3;
    spin_until(enough_lines, 10000);
    ck_assert_int_eq(ngot, 3);
    for (int i = 0; i < 3; i++)
        ck_assert_uint_eq(strlen(got[i]), 6003);
    free(screen);
}
END_TEST

static int answers[8], nanswers;
static void answered(void *arg, int answer)
{
    (void)arg;
    answers[nanswers++] = answer;
}
static int want_answers;
static int enough_answers(void) { return nanswers >= want_answers; }

/* A second connection, as another server's relay would hold locks. */
static PGconn *other(void)
{
    PGconn *c = PQconnectdb(conninfo);
    ck_assert_int_eq(PQstatus(c), CONNECTION_OK);
    return c;
}

static int other_holds(PGconn *c, const char *code)
{
    char sql[200];
    snprintf(sql, sizeof sql, "SELECT pg_try_advisory_lock("
             "hashtextextended('%s', 7413))", code);
    PGresult *r = PQexec(c, sql);
    int held = PQresultStatus(r) == PGRES_TUPLES_OK &&
               PQgetvalue(r, 0, 0)[0] == 't';
    PQclear(r);
    return held;
}

static void sql(PGconn *c, const char *text)
{
    PGresult *r = PQexec(c, text);
    ck_assert_int_eq(PQresultStatus(r), PGRES_COMMAND_OK);
    PQclear(r);
}

START_TEST(a_held_code_is_busy_elsewhere)
{
    relay_here();
    PGconn *c = other();
    /* another server holds ACDEF-HJKMN: busy here */
    ck_assert(other_holds(c, "ACDEF-HJKMN"));
    relay_hold("ACDEF-HJKMN", answered, NULL);
    want_answers = 1;
    spin_until(enough_answers, 10000);
    ck_assert_int_eq(answers[0], RELAY_BUSY);
    /* ... unless its player waits in the lobby to resume it with a
     * partner, who joins without holding it */
    sql(c, "INSERT INTO lobby VALUES('backgammon:ACDEF-HJKMN')");
    relay_hold("ACDEF-HJKMN", answered, NULL);
    want_answers = 2;
    spin_until(enough_answers, 10000);
    ck_assert_int_eq(answers[1], RELAY_PARTNER);
    sql(c, "DELETE FROM lobby");
    /* that server dies: the code is free as soon as its backend has
     * gone (a moment after the connection closes), and held here */
    PQfinish(c);
    for (int tries = 0; tries < 50; tries++) {
        nanswers = 2;
        relay_hold("ACDEF-HJKMN", answered, NULL);
        want_answers = 3;
        spin_until(enough_answers, 10000);
        if (answers[2] != RELAY_BUSY)
            break;
        usleep(100 * 1000);
    }
    ck_assert_int_eq(answers[2], RELAY_HELD);
    /* busy for another; free for it once let go here */
    c = other();
    ck_assert(!other_holds(c, "ACDEF-HJKMN"));
    relay_unhold("ACDEF-HJKMN");
    relay_hold("MNPQR-STUVW", answered, NULL);     /* after the unhold */
    want_answers = 4;
    spin_until(enough_answers, 10000);
    ck_assert_int_eq(answers[3], RELAY_HELD);
    ck_assert(other_holds(c, "ACDEF-HJKMN"));
    PQfinish(c);
}
END_TEST

int main(void)
{
    tu_pg_start(conninfo, sizeof conninfo);
    /* the shared lobby's table, which relay_hold asks about */
    PGconn *c = PQconnectdb(conninfo);
    PQclear(PQexec(c, "CREATE TABLE lobby(key TEXT)"));
    PQfinish(c);
    Suite *s = suite_create("relay");
    TCase *tc = tcase_create("relay");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, lines_arrive_whole_and_in_order);
    tcase_add_test(tc, identical_screens_both_arrive);
    tcase_add_test(tc, a_held_code_is_busy_elsewhere);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
