/*
 * serve.c - `ttyarcade serve`: telnet listeners, ptys and serial lines on
 * one libuv loop, and an orderly stop on SIGTERM or SIGINT: every player
 * is told, every game may save, and the process is gone within 5 s.  Its
 * options come from the command line and the configuration file
 * (serve_opt.c, serve_conf.c).
 *
 * SIGHUP means reload, whatever the log is: the log file is reopened (log
 * rotation), the configuration file read again and what can change live
 * applied (serve_conf.c), the bans read again from the store, all of it
 * read on libuv's pool so that no session waits (serve_reload.c).  No other
 * catchable signal ends the server unsaved: those that ask a process to
 * end (QUIT, XCPU, XFSZ, PWR) stop it in the same order as TERM; the rest
 * that would end a process by default and mean nothing here are ignored.
 * Faults (SEGV, BUS, ILL, FPE, ABRT) are left to crash: a commit is
 * durable either way.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "acct.h"
#include "admin.h"
#include "ban.h"
#include "fatal.h"
#include "logq.h"
#include "metrics.h"
#include "presence.h"
#include "privs.h"
#include "rec.h"
#include "ptyline.h"
#include "relay.h"
#include "serial.h"
#include "serve.h"
#include "serve_opt.h"
#include "version.h"
#include "sess.h"
#include "srv.h"
#include "sshd.h"
#include "store_main.h"
#include "tnet.h"
#include "watch.h"
#include "web.h"
#include "xlobby.h"

#define SERVE_STOP_MS 4500      /* what is left of the 5 s goes to exit */

/* Signals that stop the server in order. */
static const int serve_stop_signals[] = {
    SIGTERM, SIGINT, SIGQUIT, SIGXCPU, SIGXFSZ,
#ifdef SIGPWR
    SIGPWR,
#endif
};
#define SERVE_NSTOP (sizeof serve_stop_signals / sizeof serve_stop_signals[0])
/* Signals whose default is to end the process and that mean nothing
 * here. */
static const int serve_ignored_signals[] = {
    SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO,
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
};
static uv_signal_t serve_sigs[SERVE_NSTOP], serve_hup;
static uv_timer_t serve_stop_timer;
static uint64_t serve_stop_at;

static void serve_check_stop(uv_timer_t *t)
{
    (void)t;
    int left = sess_count();
    if (left > 0 && sess_now_ms() < serve_stop_at)
        return;
    if (left > 0)
        srv_log("stop: %d sessions did not finish in time", left);
    else
        srv_log("stop: every session has ended");
    uv_timer_stop(&serve_stop_timer);
    uv_stop(srv_loop);
}

/* SIGHUP: reload, never stop (systemctl reload sends it; a server whose
 * terminal went away gets it too, and goes on serving). */
static void serve_reload(uv_signal_t *sig, int signum)
{
    (void)sig;
    serve_reload_ask(signum);
}

static void serve_signal(uv_signal_t *sig, int signum)
{
    (void)sig;
    if (srv_stopping)
        return;
    srv_stopping = 1;
    srv_log("stop: signal %d", signum);
    serve_reload_stop();
    tnet_stop();
    sshd_stop();
    web_stop();
    admin_stop();
    ptyline_stop();
    serial_stop();
    for (sess *s = sess_first(); s; s = s->all_next) {
        if (s->eof || s->line_down)
            continue;
        /* A player on another server: only the game's server closes. */
        sess_notice(s, s->far ? "THE SERVER RUNNING THIS GAME IS CLOSING. "
                                "THE GAME IS BEING SAVED."
                              : "THE ARCADE IS CLOSING NOW. YOUR GAME IS "
                                "BEING SAVED.", SESS_NOTICE_LAST);
        /* What the player typed ahead is not what they would answer now. */
        tty_flush_input(s);
        sess_end_input(s);
    }
    serve_stop_at = sess_now_ms() + SERVE_STOP_MS;
    uv_timer_start(&serve_stop_timer, serve_check_stop, 0, 50);
}

int serve_main(int argc, char **argv)
{
    srv_conf_defaults();
    watch_init();
    memset(&serve_cfg, 0, sizeof serve_cfg);
    serve_cfg.serial_prof = profile_find("asr33");
    serve_cfg.pty_prof = profile_find("glass");
    serve_cfg.beat_s = 5;
    int rc = serve_conf_start(argc, argv);
    if (rc >= 0)
        return rc;
    serve_metrics_start();
    serve_plan *p = &serve_cfg;
    const char *data = p->data;
    if (p->ssh_grace)
        sshd_set_grace(p->ssh_grace);
    signal(SIGPIPE, SIG_IGN);
    srv_loop = uv_default_loop();
    if (!data)
        data = srv_default_data(1);
    srv_log("ttyarcade %s starting%s%s", ttyarcade_version,
            serve_conf_read() ? ", configured by " : "",
            serve_conf_read() ? serve_conf_path() : "");
    fatal_install();            /* a crash from here on is logged */
    /* With --user the store is opened as that user, after the listeners,
     * so every file it makes is the user's. */
    if (!p->user && store_main_open(data) != 0)
        return 1;
    if (p->ntelnet == 0 && p->npty == 0 && p->nserial == 0 &&
        p->nhttp == 0 && p->nssh == 0) {
        p->telnet_pace[p->ntelnet] = p->pace;
        p->telnet[p->ntelnet++] = "2323";
    }
    for (int i = 0; i < p->ntelnet; i++)
        if (tnet_listen(p->telnet[i], p->telnet_pace[i]) != 0)
            return 1;
    for (int i = 0; i < p->nssh; i++)
        if (sshd_listen(p->ssh[i]) != 0)
            return 1;
    if (p->npty &&
        ptyline_open(p->npty, p->pty_link, p->pty_prof, p->pty_pace) != 0)
        return 1;
    for (int i = 0; i < p->nserial; i++)
        if (serial_open(p->serial[i], p->serial_prof) != 0)
            return 1;
    if (web_start() != 0)
        return 1;
    if (p->user &&
        (privs_drop(p->user, data) != 0 || store_main_open(data) != 0))
        return 1;
    if (sshd_start(data, p->ssh_hostkey) != 0)
        return 1;
    /* Which database, never its URI: that may carry a password.  (At
     * start, before the loop serves anyone: the query may block.) */
    srv_log("store %s schema %d", store_backend(store_main),
            store_schema_version(store_main));
    if (ban_load(store_main) != 0)
        srv_log("store: the bans could not be read");
    /* Games are recorded under the data directory (not by the unit
     * suites, whose stores come and go). */
    rec_set_dir(data);
    admin_listen(data);
    /* Servers sharing one database list each other's players; alone on
     * its own SQLite file a server has nobody to tell. */
    if (p->server_name ||
        strcmp(store_backend(store_main), "postgresql") == 0) {
        char name[32];
        const char *as = p->server_name ? p->server_name : name;
        if (!p->server_name)
            presence_default_name(name, sizeof name);
        srv_log("presence as %s every %ds", as, p->beat_s);
        presence_start(as, p->beat_s);
        /* Two-player games between servers: a relay through the
         * database (PostgreSQL only; one server on SQLite pairs its own
         * players in memory). */
        xlobby_start(as);
    }
    rec_prune_now();
    metrics_add_source(serve_metrics);
    metrics_add_source(sess_metrics);
    metrics_add_source(watch_metrics);
    metrics_add_source(acct_hash_metrics);
    metrics_add_source(rec_metrics);
    if (store_shared_uri(store_main))
        metrics_add_source(relay_metrics);
    metrics_start();
    for (size_t i = 0; i < SERVE_NSTOP; i++) {
        uv_signal_init(srv_loop, &serve_sigs[i]);
        uv_signal_start(&serve_sigs[i], serve_signal, serve_stop_signals[i]);
    }
    serve_reload_init();
    uv_signal_init(srv_loop, &serve_hup);
    uv_signal_start(&serve_hup, serve_reload, SIGHUP);
    for (size_t i = 0; i < sizeof serve_ignored_signals /
                                sizeof serve_ignored_signals[0]; i++)
        signal(serve_ignored_signals[i], SIG_IGN);
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
        signal(sig, SIG_IGN);
    uv_timer_init(srv_loop, &serve_stop_timer);
    uv_run(srv_loop, UV_RUN_DEFAULT);
    /* Whatever is still open goes with the process; the store is closed
     * so its WAL is checkpointed when it can be. */
    xlobby_stop();
    presence_stop();
    /* Work still on libuv's pool (a page's read, a login, a session's
     * load waiting on a slow store) holds the store's connections:
     * closing the store under it would free what it uses.  Its answers
     * are wanted by nobody now; leave as with sessions left.  And leave
     * with _exit: a reload stuck reading a FIFO never returns, and exit()
     * would wait for it (libuv joins its pool's threads at exit). */
    unsigned pending = srv_loop->active_reqs.count;
    if (pending > 0)
        srv_log("stop: %u requests still waiting on the pool", pending);
    if (sess_count() > 0 || pending > 0) {
        /* Sessions that did not finish may still be saving on a worker
         * thread; committed saves are safe in the WAL, so just go. */
        rec_drain(2000);
        srv_log("stopped");
        logq_flush(500);
        fflush(NULL);
        _exit(0);
    }
    /* The signal handles stay open to the end, only no longer keeping the
     * loop (web_destroy runs it) alive: closing them would give the
     * signals back their default, which ends the process, and a second
     * SIGTERM (an impatient operator, a supervisor stopping every server
     * at once) would cut the last saves and the store's close short.
     * Their handlers do nothing once the stop is under way. */
    for (size_t i = 0; i < SERVE_NSTOP; i++)
        uv_unref((uv_handle_t *)&serve_sigs[i]);
    uv_unref((uv_handle_t *)&serve_hup);
    web_destroy();
    rec_drain(5000);
    store_close(store_main);
    store_main = NULL;
    /* The last line: its absence tells a crash on the way out. */
    srv_log("stopped");
    logq_flush(500);
    return 0;
}
