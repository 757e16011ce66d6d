/*
 * serve.c - `ttyarcade serve`: telnet listeners, ptys and serial lines on
 * one libuv loop, and an orderly stop on SIGTERM or SIGINT: every player
 * is told, every game may save, and the process is gone within 5 s.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "admin.h"
#include "ban.h"
#include "logq.h"
#include "opt.h"
#include "ppstep.h"
#include "privs.h"
#include "rec.h"
#include "ptyline.h"
#include "serial.h"
#include "serve.h"
#include "sess.h"
#include "srv.h"
#include "tnet.h"

#define SERVE_STOP_MS 4500      /* what is left of the 5 s goes to exit */
#define SERVE_MAX_LINES 32

static uv_signal_t serve_sigterm, serve_sigint;
static uv_timer_t serve_stop_timer;
static uint64_t serve_stop_at;

static void serve_usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade serve [options]\n"
        "  --telnet [ADDR:]PORT  listen for telnet (repeatable; default 2323 on\n"
        "                        every address, IPv6 and IPv4; PORT 0 picks one\n"
        "                        and the log says which)\n"
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
        "  --data DIR            SQLite data directory (default\n"
        "                        $TTYARCADE_DATA or ~/.local/share/ttyarcade)\n"
        "  --seed N              session k's randomness comes from N and k only\n"
        "  --max-sessions N      (default 10000)\n"
        "  --max-per-address N   (default 64)\n"
        "  --idle SECONDS        end idle sessions (default 1800; 0: never)\n"
        "  --default-game NAME   the game Return chooses in the menu\n"
        "  --recordings-days N   remove recordings older than N days (0: keep)\n"
        "  --recordings-max-mb N keep recordings to N MiB, oldest removed\n"
        "                        first (0: no limit)\n"
        "  --wordlist FILE       Hangman's default words\n"
        "  --share DIR           where word lists are installed\n"
        "  --log FILE            session log (default stderr)\n"
        "  --user NAME           become this user once the listeners are open\n"
        "                        (start as root for ports below 1024)\n"
        "  --proxy-protocol ADDR[/PREFIX]  a proxy (HAProxy) trusted to send\n"
        "                        a PROXY v1 or v2 header with the client's\n"
        "                        address; connections from it must (repeatable)\n");
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
    if (srv_stopping)
        return;
    srv_stopping = 1;
    srv_log("stop: signal %d", signum);
    tnet_stop();
    admin_stop();
    ptyline_stop();
    serial_stop();
    for (sess *s = sess_first(); s; s = s->all_next) {
        if (s->eof || s->line_down)
            continue;
        sess_notice(s, "\n*** THE ARCADE IS CLOSING NOW. YOUR GAME IS BEING "
                       "SAVED. ***\n");
        /* What the player typed ahead is not what they would answer now. */
        s->kcount = 0;
        sess_end_input(s);
    }
    serve_stop_at = sess_now_ms() + SERVE_STOP_MS;
    uv_timer_start(&serve_stop_timer, serve_check_stop, 0, 50);
}

int serve_main(int argc, char **argv)
{
    const char *data = NULL;
    const char *telnets[SERVE_MAX_LINES], *serials[SERVE_MAX_LINES];
    int telnet_pace[SERVE_MAX_LINES];
    const profile *serial_prof = profile_find("asr33");
    const char *pty_link = NULL;
    const profile *pty_prof = profile_find("glass");
    int ntelnet = 0, npty = 0, nserial = 0, pace = 0, pty_pace = 0;
    const char *user = NULL;
    srv_conf_defaults();
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
            if (!*v || ntelnet == SERVE_MAX_LINES)
                return 2;
            telnet_pace[ntelnet] = pace;
            telnets[ntelnet++] = v;
        } else if ((v = opt_value(argc, argv, &i, "--serial"))) {
            if (!*v || nserial == SERVE_MAX_LINES)
                return 2;
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
            if (opt_number(v, 1, 1000000, &n) != 0)
                return 2;
            srv.max_sessions = (int)n;
        } else if ((v = opt_value(argc, argv, &i, "--max-per-address"))) {
            if (opt_number(v, 1, 1000000, &n) != 0)
                return 2;
            srv.max_per_addr = (int)n;
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
        } else if ((v = opt_value(argc, argv, &i, "--recordings-days"))) {
            if (opt_number(v, 0, 100000, &n) != 0)
                return 2;
            rec_days = (int)n;
        } else if ((v = opt_value(argc, argv, &i, "--recordings-max-mb"))) {
            if (opt_number(v, 0, 100000000, &n) != 0)
                return 2;
            rec_max_mb = (int)n;
        } else if ((v = opt_value(argc, argv, &i, "--default-game"))) {
            srv.default_game = v;
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
    if (!user && srv_open_store(data) != 0)
        return 1;
    if (ntelnet == 0 && npty == 0 && nserial == 0) {
        telnet_pace[ntelnet] = pace;
        telnets[ntelnet++] = "2323";
    }
    for (int i = 0; i < ntelnet; i++)
        if (tnet_listen(telnets[i], telnet_pace[i]) != 0)
            return 1;
    if (npty && ptyline_open(npty, pty_link, pty_prof, pty_pace) != 0)
        return 1;
    for (int i = 0; i < nserial; i++)
        if (serial_open(serials[i], serial_prof) != 0)
            return 1;
    if (user && (privs_drop(user, data) != 0 || srv_open_store(data) != 0))
        return 1;
    /* Games are recorded under the data directory (not by the unit
     * suites, whose stores come and go). */
    rec_set_dir(data);
    if (ban_load(srv_store) != 0)
        srv_log("store: the bans could not be read");
    admin_listen(data);
    rec_prune_now();
    uv_signal_init(srv_loop, &serve_sigterm);
    uv_signal_init(srv_loop, &serve_sigint);
    uv_signal_start(&serve_sigterm, serve_signal, SIGTERM);
    uv_signal_start(&serve_sigint, serve_signal, SIGINT);
    uv_timer_init(srv_loop, &serve_stop_timer);
    uv_run(srv_loop, UV_RUN_DEFAULT);
    /* Whatever is still open goes with the process; the store is closed
     * so its WAL is checkpointed when it can be. */
    if (sess_count() > 0) {
        /* Sessions that did not finish may still be saving on a worker
         * thread; committed saves are safe in the WAL, so just go. */
        rec_drain(2000);
        logq_flush(500);
        fflush(NULL);
        _exit(0);
    }
    uv_close((uv_handle_t *)&serve_sigterm, serve_closed);
    uv_close((uv_handle_t *)&serve_sigint, serve_closed);
    rec_drain(5000);
    store_close(srv_store);
    srv_store = NULL;
    logq_flush(500);
    return 0;
}
