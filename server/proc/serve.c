/*
 * serve.c - `ttyarcade serve`: telnet listeners, ptys and serial lines on
 * one libuv loop, and an orderly stop on SIGTERM or SIGINT: every player
 * is told, every game may save, and the process is gone within 5 s.
 *
 * No catchable signal ends the server unsaved: those that ask a process
 * to end (QUIT, XCPU, XFSZ, PWR, and HUP when there is no log file to
 * reopen) stop it in the same order as TERM; SIGHUP with --log FILE
 * reopens the file (log rotation); the rest that would end a process by
 * default and mean nothing here are ignored.  Faults (SEGV, BUS, ILL,
 * FPE, ABRT) are left to crash: a commit is durable either way.
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
#include "logq.h"
#include "metrics.h"
#include "netspec.h"
#include "opt.h"
#include "ppstep.h"
#include "presence.h"
#include "privs.h"
#include "rec.h"
#include "ptyline.h"
#include "registry.h"
#include "relay.h"
#include "serial.h"
#include "serve.h"
#include "sess.h"
#include "srv.h"
#include "sshd.h"
#include "store_main.h"
#include "tnet.h"
#include "watch.h"
#include "web.h"
#include "web_gate.h"
#include "xlobby.h"

#define SERVE_STOP_MS 4500      /* what is left of the 5 s goes to exit */
#define SERVE_MAX_LINES 32

/* Signals that stop the server in order. */
static const int serve_stop_signals[] = {
    SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGXCPU, SIGXFSZ,
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
static uv_signal_t serve_sigs[SERVE_NSTOP];
static uv_timer_t serve_stop_timer;
static uint64_t serve_stop_at;

static void serve_usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade serve [options]\n"
        "  --telnet [ADDR:]PORT  listen for telnet (repeatable; default 2323 on\n"
        "                        every address, IPv6 and IPv4; PORT 0 picks one\n"
        "                        and the log says which)\n"
        "  --ssh [ADDR:]PORT     listen for SSH (repeatable; off unless given)\n"
        "  --ssh-hostkey FILE    the SSH host key (default: an Ed25519 key made\n"
        "                        on first start in the data directory)\n"
        "  --ssh-grace SECONDS   time from connect to login (default 30)\n"
        "  --http [ADDR:]PORT    serve the web pages and their WebSocket sessions\n"
        "                        (repeatable; off unless given; PORT 0 picks one)\n"
        "  --http-origin ORIGIN  also let pages from ORIGIN (https://host[:port],\n"
        "                        or *) open sessions (repeatable)\n"
        "  --metrics-from ADDR[/PREFIX]  who may read /metrics on the\n"
        "                        --http listeners (repeatable; default:\n"
        "                        loopback only)\n"
        "  --http-trust-proxy A[/BITS]  take the client address from\n"
        "                        X-Forwarded-For on connections from A (repeatable)\n"
        "  --http-root DIR       where the pages are (default SHARE/web)\n"
        "  --pty N               open N pseudo-terminals for local or serial\n"
        "                        attach; a session starts when Return is typed\n"
        "  --pty-link DIR        keep symlinks DIR/ttyarcade0..N-1 to them\n"
        "  --pty-profile P       profile of pty sessions (default glass)\n"
        "  --serial DEV[:BAUD[:FRAMING[:xon]]]  a serial line (repeatable;\n"
        "                        default 9600:8N1; an ASR-33: 110:7E2; framings\n"
        "                        8N1 8N2 7E1 7E2 7O1 7O2 7M1 7M2 7S1 7S2; xon:\n"
        "                        XON/XOFF stops and starts the output)\n"
        "  --serial-profile P    profile of serial sessions (default asr33)\n"
        "  --pace BAUD           pace the output of the --telnet and --pty\n"
        "                        lines that follow to this speed (0: none)\n"
        "  --pace-scale N        run every paced line N times faster (tests)\n"
        "  --data DIR            data directory: the SQLite database and the\n"
        "                        admin socket (default $TTYARCADE_DATA or\n"
        "                        ~/.local/share/ttyarcade)\n"
        "  --db URI              the database: postgresql://... (shared by\n"
        "                        several servers) or sqlite:DIR\n"
        "  --server-name NAME    this server among those sharing --db, for\n"
        "                        who is on (default HOST:PID)\n"
        "  --heartbeat SECONDS   how often it tells the others (default 5)\n"
        "  --seed N              session k's randomness comes from N and k only\n"
        "  --max-sessions N      (default 10000)\n"
        "  --max-per-address N   (default 64)\n"
        "  --idle SECONDS        end idle sessions (default 1800; 0: never)\n"
        "  --fail-max N          failed logins or resume codes allowed per\n"
        "                        address (an IPv6 /64) and per account\n"
        "                        (default 10)\n"
        "  --fail-window SECONDS ... within this window (default 600)\n"
        "  --register-max N      new accounts per address (default 5)\n"
        "  --register-net-max N  ... per network, IPv4 /24 or IPv6 /48\n"
        "                        (default 20)\n"
        "  --register-window SECONDS  ... within this window (default 3600)\n"
        "  --hash-max N          password hashes at once, 64 MiB each\n"
        "                        (default: one per core)\n"
        "  --hash-queue N        hashes waiting their turn; past it a login\n"
        "                        or a registration is told to try again\n"
        "                        (default 64)\n"
        "  --default-game NAME   the game Return chooses in the menu\n"
        "  --recordings-days N   remove recordings older than N days (0: keep)\n"
        "  --recordings-max-mb N keep recordings to N MiB, oldest removed\n"
        "                        first (0: no limit)\n"
        "  --wordlist FILE       Hangman's default words\n"
        "  --counter L,...       Space Capture's register L, value by value\n"
        "  --share DIR           where word lists are installed\n"
        "  --log FILE            session log (default stderr)\n"
        "  --user NAME           become this user once the listeners are open\n"
        "                        (start as root for ports below 1024)\n"
        "  --proxy-protocol ADDR[/PREFIX]  a proxy (HAProxy) trusted to send\n"
        "                        a PROXY v1 or v2 header with the client's\n"
        "                        address; connections from it must (repeatable)\n");
}

/* The limits on logins, resume codes, new accounts and password hashes
 * (acct.h): 1 taken, 0 not one of them, -1 after a message. */
static int serve_limit_option(int argc, char **argv, int *i)
{
    static const struct {
        const char *name;
        long lo, hi;
        int *to;
    } opts[] = {
        { "--fail-max", 1, 64, &acct_lim.fail_max },
        { "--fail-window", 1, 86400, &acct_lim.fail_window },
        { "--register-max", 1, 64, &acct_lim.reg_max },
        { "--register-net-max", 1, 64, &acct_lim.reg_net_max },
        { "--register-window", 1, 7 * 86400, &acct_lim.reg_window },
        { "--hash-max", 1, 256, &acct_hash_max },
        { "--hash-queue", 0, 100000, &acct_hash_queue },
    };
    for (size_t k = 0; k < sizeof opts / sizeof opts[0]; k++) {
        int r = opt_int(argc, argv, i, opts[k].name, opts[k].lo, opts[k].hi,
                        opts[k].to);
        if (r)
            return r;
    }
    return 0;
}

static void serve_closed(uv_handle_t *h)
{
    (void)h;
}

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

static void serve_signal(uv_signal_t *sig, int signum)
{
    (void)sig;
    if (signum == SIGHUP) {
        int rc = srv_log_reopen();
        if (rc == 0) {
            srv_log("log reopened: signal %d", signum);
            return;
        }
        if (rc == -2) {
            srv_log("log: cannot reopen on signal %d; still writing here",
                    signum);
            return;
        }
        /* No log file: the terminal the server was started from has
         * gone (a dropped ssh login); stop as TERM does. */
    }
    if (srv_stopping)
        return;
    srv_stopping = 1;
    srv_log("stop: signal %d", signum);
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
    const char *data = NULL;
    const char *telnets[SERVE_MAX_LINES], *serials[SERVE_MAX_LINES];
    const char *sshs[SERVE_MAX_LINES], *ssh_hostkey = NULL;
    int nssh = 0;
    int telnet_pace[SERVE_MAX_LINES];
    const profile *serial_prof = profile_find("asr33");
    const char *pty_link = NULL;
    const profile *pty_prof = profile_find("glass");
    int ntelnet = 0, npty = 0, nserial = 0, pace = 0, pty_pace = 0;
    int nhttp = 0;
    const char *user = NULL;
    const char *server_name = NULL;
    int beat_s = 5;
    srv_conf_defaults();
    watch_init();
    for (int i = 1; i < argc; i++) {
        const char *v;
        long n;
        int r = opt_common(argc, argv, &i, &data);
        if (r < 0)
            return 2;
        if (r > 0)
            continue;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            serve_usage(stdout);
            return 0;
        } else if ((v = opt_value(argc, argv, &i, "--telnet"))) {
            struct sockaddr_storage addr;
            int any;
            if (!*v) {
                fprintf(stderr, "ttyarcade: --telnet wants [ADDR:]PORT\n");
                return 2;
            }
            /* A bad address or port is told now, before anything opens. */
            if (netspec_parse("--telnet", v, &addr, &any) != 0)
                return 2;
            if (ntelnet == SERVE_MAX_LINES) {
                fprintf(stderr, "ttyarcade: --telnet: at most %d\n",
                        SERVE_MAX_LINES);
                return 2;
            }
            telnet_pace[ntelnet] = pace;
            telnets[ntelnet++] = v;
        } else if ((v = opt_value(argc, argv, &i, "--ssh"))) {
            if (!*v || nssh == SERVE_MAX_LINES)
                return 2;
            sshs[nssh++] = v;
        } else if ((v = opt_value(argc, argv, &i, "--ssh-hostkey"))) {
            if (!*v)
                return 2;
            ssh_hostkey = v;
        } else if ((v = opt_value(argc, argv, &i, "--ssh-grace"))) {
            if (opt_number(v, 1, 3600, &n) != 0) {
                fprintf(stderr, "ttyarcade: --ssh-grace wants 1..3600\n");
                return 2;
            }
            sshd_set_grace((int)n);
        } else if ((v = opt_value(argc, argv, &i, "--http"))) {
            if (web_listen(v, pace) != 0)
                return 2;
            nhttp++;
        } else if ((v = opt_value(argc, argv, &i, "--http-origin"))) {
            if (web_gate_allow_origin(&web_gate_conf, v) != 0) {
                fprintf(stderr, "ttyarcade: bad --http-origin '%s'\n", v);
                return 2;
            }
        } else if ((v = opt_value(argc, argv, &i, "--http-trust-proxy"))) {
            if (web_gate_trust_proxy(&web_gate_conf, v) != 0) {
                fprintf(stderr, "ttyarcade: bad --http-trust-proxy '%s'\n",
                        v);
                return 2;
            }
        } else if ((v = opt_value(argc, argv, &i, "--metrics-from"))) {
            if (web_metrics_allow(v) != 0) {
                fprintf(stderr, "ttyarcade: --metrics-from wants ADDR or "
                                "ADDR/PREFIX (at most %d), not '%s'\n",
                        WEB_METRICS_FROM, v);
                return 2;
            }
        } else if ((v = opt_value(argc, argv, &i, "--http-root"))) {
            web_set_root(v);
        } else if ((v = opt_value(argc, argv, &i, "--serial"))) {
            if (!*v) {
                fprintf(stderr, "ttyarcade: --serial wants "
                        "DEV[:BAUD[:FRAMING[:xon]]]\n");
                return 2;
            }
            if (nserial == SERVE_MAX_LINES) {
                fprintf(stderr, "ttyarcade: --serial: at most %d\n",
                        SERVE_MAX_LINES);
                return 2;
            }
            serials[nserial++] = v;
        } else if ((v = opt_value(argc, argv, &i, "--serial-profile"))) {
            if (!(serial_prof = opt_profile(v)))
                return 2;
        } else if ((v = opt_value(argc, argv, &i, "--pace-scale"))) {
            if (opt_number(v, 1, 1000, &n) != 0) {
                fprintf(stderr, "ttyarcade: --pace-scale wants 1..1000\n");
                return 2;
            }
            srv.pace_scale = (int)n;
        } else if ((v = opt_value(argc, argv, &i, "--pty"))) {
            if (opt_number(v, 0, 64, &n) != 0) {
                fprintf(stderr, "ttyarcade: --pty wants 0..64\n");
                return 2;
            }
            npty = (int)n;
            pty_pace = pace;
        } else if ((v = opt_value(argc, argv, &i, "--pty-link"))) {
            pty_link = v;
        } else if ((v = opt_value(argc, argv, &i, "--pty-profile"))) {
            if (!(pty_prof = opt_profile(v)))
                return 2;
        } else if ((v = opt_value(argc, argv, &i, "--pace"))) {
            if (opt_number(v, 0, 115200, &n) != 0) {
                fprintf(stderr, "ttyarcade: --pace wants a baud rate\n");
                return 2;
            }
            pace = (int)n;
        } else if ((v = opt_value(argc, argv, &i, "--max-sessions"))) {
            if (opt_number(v, 1, 1000000, &n) != 0) {
                fprintf(stderr, "ttyarcade: --max-sessions wants a number "
                        "1..1000000, not '%s'\n", v);
                return 2;
            }
            srv.max_sessions = (int)n;
        } else if ((v = opt_value(argc, argv, &i, "--max-per-address"))) {
            if (opt_number(v, 1, 1000000, &n) != 0) {
                fprintf(stderr, "ttyarcade: --max-per-address wants a number "
                        "1..1000000, not '%s'\n", v);
                return 2;
            }
            srv.max_per_addr = (int)n;
        } else if ((r = serve_limit_option(argc, argv, &i)) != 0) {
            if (r < 0)
                return 2;
        } else if ((v = opt_value(argc, argv, &i, "--user"))) {
            if (!*v || privs_check(v) != 0)
                return 2;
            user = v;
        } else if ((v = opt_value(argc, argv, &i, "--proxy-protocol"))) {
            cidr c;
            if (cidr_parse(v, &c) != 0 || pp_trust_add(&c) != 0) {
                fprintf(stderr, "ttyarcade: --proxy-protocol wants ADDR or "
                                "ADDR/PREFIX (at most %d), not '%s'\n",
                        PP_TRUST_MAX, v);
                return 2;
            }
        } else if ((v = opt_value(argc, argv, &i, "--server-name"))) {
            if (!*v || strlen(v) > 31) {
                fprintf(stderr, "ttyarcade: --server-name wants 1..31 "
                                "characters\n");
                return 2;
            }
            server_name = v;
        } else if ((v = opt_value(argc, argv, &i, "--heartbeat"))) {
            if (opt_number(v, 1, 3600, &n) != 0) {
                fprintf(stderr, "ttyarcade: --heartbeat wants 1..3600 "
                                "seconds\n");
                return 2;
            }
            beat_s = (int)n;
        } else if ((r = opt_recordings(argc, argv, &i, &rec_days,
                                       &rec_max_mb)) != 0) {
            if (r < 0)
                return 2;
        } else if ((v = opt_value(argc, argv, &i, "--default-game"))) {
            const tty_game *g = *v ? tty_game_find(v) : NULL;
            if (!g || !g->run) {
                fprintf(stderr, "ttyarcade: --default-game: no game '%s' (",
                        v);
                const char *sep = "";
                for (int k = 0; tty_games[k]; k++) {
                    if (!tty_games[k]->run)
                        continue;
                    fprintf(stderr, "%s%s", sep, tty_games[k]->name);
                    sep = ", ";
                }
                fprintf(stderr, ")\n");
                return 2;
            }
            srv.default_game = g->name;
        } else {
            fprintf(stderr, "ttyarcade: unknown option '%s'\n", argv[i]);
            serve_usage(stderr);
            return 2;
        }
    }
    signal(SIGPIPE, SIG_IGN);
    srv_loop = uv_default_loop();
    if (!data)
        data = srv_default_data();
    /* With --user the store is opened as that user, after the listeners,
     * so every file it makes is the user's. */
    if (!user && store_main_open(data) != 0)
        return 1;
    if (ntelnet == 0 && npty == 0 && nserial == 0 && nhttp == 0 &&
        nssh == 0) {
        telnet_pace[ntelnet] = pace;
        telnets[ntelnet++] = "2323";
    }
    for (int i = 0; i < ntelnet; i++)
        if (tnet_listen(telnets[i], telnet_pace[i]) != 0)
            return 1;
    for (int i = 0; i < nssh; i++)
        if (sshd_listen(sshs[i]) != 0)
            return 1;
    if (npty && ptyline_open(npty, pty_link, pty_prof, pty_pace) != 0)
        return 1;
    for (int i = 0; i < nserial; i++)
        if (serial_open(serials[i], serial_prof) != 0)
            return 1;
    if (web_start() != 0)
        return 1;
    if (user && (privs_drop(user, data) != 0 || store_main_open(data) != 0))
        return 1;
    if (sshd_start(data, ssh_hostkey) != 0)
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
    if (server_name || strcmp(store_backend(store_main), "postgresql") == 0) {
        char name[32];
        if (!server_name)
            presence_default_name(name, sizeof name);
        srv_log("presence as %s every %ds", server_name ? server_name : name,
                beat_s);
        presence_start(server_name ? server_name : name, beat_s);
        /* Two-player games between servers: a relay through the
         * database (PostgreSQL only; one server on SQLite pairs its own
         * players in memory). */
        xlobby_start(server_name ? server_name : name);
    }
    rec_prune_now();
    metrics_add_source(sess_metrics);
    metrics_add_source(acct_hash_metrics);
    if (store_shared_uri(store_main))
        metrics_add_source(relay_metrics);
    metrics_start();
    for (size_t i = 0; i < SERVE_NSTOP; i++) {
        uv_signal_init(srv_loop, &serve_sigs[i]);
        uv_signal_start(&serve_sigs[i], serve_signal, serve_stop_signals[i]);
    }
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
    if (sess_count() > 0) {
        /* Sessions that did not finish may still be saving on a worker
         * thread; committed saves are safe in the WAL, so just go. */
        rec_drain(2000);
        logq_flush(500);
        fflush(NULL);
        _exit(0);
    }
    for (size_t i = 0; i < SERVE_NSTOP; i++)
        uv_close((uv_handle_t *)&serve_sigs[i], serve_closed);
    web_destroy();
    rec_drain(5000);
    store_close(store_main);
    store_main = NULL;
    logq_flush(500);
    return 0;
}
