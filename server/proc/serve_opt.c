/*
 * serve_opt.c - the options of `ttyarcade serve`, one row each
 * (serve_opt.h): the command line and the configuration file read the
 * same table, and a reload knows from it what may change live.
 *
 * A new option is a new row, in the order the usage lists them: its name,
 * its value's name, SERVE_OPT_REPEAT and SERVE_OPT_LIVE as they apply, a
 * setter (serve_set_int for a whole number, with to, lo, hi), the help.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "acct.h"
#include "conf.h"
#include "invite.h"
#include "msg.h"
#include "netspec.h"
#include "opt.h"
#include "ppstep.h"
#include "privs.h"
#include "rec.h"
#include "registry.h"
#include "relay.h"
#include "resource.h"
#include "serial.h"
#include "serve_opt.h"
#include "sess_seat.h"
#include "srv.h"
#include "takeover.h"
#include "web.h"
#include "web_gate.h"

#define SERVE_MOTD_MAX 2048

serve_plan serve_cfg;
static char serve_why[600];

void serve_opt_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(serve_why, sizeof serve_why, fmt, ap);
    va_end(ap);
}

const char *serve_opt_why(void)
{
    return serve_why;
}

void serve_opt_clear(void)
{
    serve_why[0] = 0;
}

/* ---- whole numbers -------------------------------------------------- */

static int serve_int_default[SERVE_OPTS_MAX];

int serve_set_int(const serve_opt *o, const char *v, int apply)
{
    long n;
    if (!v) {
        if (apply)
            *o->to = serve_int_default[o - serve_opts];
        return 0;
    }
    if (opt_number(v, o->lo, o->hi, &n) != 0) {
        if (o->unit)
            serve_opt_fail("--%s wants %s, not '%s'", o->name, o->unit, v);
        else
            serve_opt_fail("--%s wants a number %ld..%ld, not '%s'",
                           o->name, o->lo, o->hi, v);
        return -1;
    }
    if (apply)
        *o->to = (int)n * (o->scale ? o->scale : 1);
    return 0;
}

void serve_opt_keep_defaults(void)
{
    for (int i = 0; serve_opts[i].name; i++)
        if (serve_opts[i].to)
            serve_int_default[i] = *serve_opts[i].to;
}

/* ---- listeners and lines (opened at start) -------------------------- */

static int serve_set_telnet(const serve_opt *o, const char *v, int apply)
{
    struct sockaddr_storage addr;
    int any;
    if (!*v) {
        serve_opt_fail("--telnet wants [ADDR:]PORT");
        return -1;
    }
    /* A bad address or port is told now, before anything opens. */
    if (netspec_parse("--telnet", v, &addr, &any) != 0)
        return -1;
    if (serve_cfg.ntelnet == SERVE_MAX_LINES) {
        serve_opt_fail("--telnet: at most %d", SERVE_MAX_LINES);
        return -1;
    }
    if (apply) {
        serve_cfg.telnet_pace[serve_cfg.ntelnet] = serve_cfg.pace;
        serve_cfg.telnet[serve_cfg.ntelnet++] = v;
    }
    (void)o;
    return 0;
}

static int serve_set_ssh(const serve_opt *o, const char *v, int apply)
{
    if (!*v || serve_cfg.nssh == SERVE_MAX_LINES) {
        serve_opt_fail(*v ? "--ssh: at most %d" : "--ssh wants [ADDR:]PORT",
                       SERVE_MAX_LINES);
        return -1;
    }
    if (apply)
        serve_cfg.ssh[serve_cfg.nssh++] = v;
    (void)o;
    return 0;
}

static int serve_set_http(const serve_opt *o, const char *v, int apply)
{
    (void)o;
    if (!apply)
        return 0;
    if (web_listen(v, serve_cfg.pace) != 0)
        return -1;          /* it said why */
    serve_cfg.nhttp++;
    return 0;
}

static int serve_set_metrics(const serve_opt *o, const char *v, int apply)
{
    (void)o;
    if (!apply)
        return 0;
    return web_metrics_listen(v) == 0 ? 0 : -1;     /* it said why */
}

static int serve_set_serial(const serve_opt *o, const char *v, int apply)
{
    char dev[256];
    serial_framing fr;
    int xon;
    (void)o;
    if (!v)
        return 0;
    if (!*v || serial_parse(v, dev, sizeof dev, &fr, &xon) != 0) {
        serve_opt_fail("bad --serial '%s' (DEV[:BAUD[:FRAMING[:xon]]], "
                       "e.g. /dev/ttyUSB0:110:7E2)", v);
        return -1;
    }
    if (serve_cfg.nserial == SERVE_MAX_LINES) {
        serve_opt_fail("--serial: at most %d", SERVE_MAX_LINES);
        return -1;
    }
    if (apply)
        serve_cfg.serial[serve_cfg.nserial++] = v;
    return 0;
}

/* A reload's new list of --serial lines: the speeds and framings of the
 * lines that are open change at once; other lines need a restart.  So a
 * reload opens no device (that is serial.c's, at start and on its retry
 * timer, with O_NONBLOCK), and a new setting is made with TCSANOW, which
 * does not wait for the line's output to drain: neither holds the loop. */
static int serve_relist_serial(const char *const *v, int n)
{
    if (n != serve_cfg.nserial)
        return 1;
    for (int i = 0; i < n; i++)
        if (serial_reframe(v[i], 0) != 0)
            return 1;           /* not a line that is open */
    for (int i = 0; i < n; i++)
        serial_reframe(v[i], 1);
    return 0;
}

static int serve_set_pty(const serve_opt *o, const char *v, int apply)
{
    if (serve_set_int(o, v, apply) != 0)
        return -1;
    if (apply)
        serve_cfg.pty_pace = serve_cfg.pace;
    return 0;
}

static int serve_set_profile(const serve_opt *o, const char *v, int apply)
{
    const profile *p = profile_find(v);
    if (!p) {
        serve_opt_fail("no profile '%s' (asr33, glass, ansi)", v);
        return -1;
    }
    if (apply)
        *(strcmp(o->name, "pty-profile") == 0 ? &serve_cfg.pty_prof
                                               : &serve_cfg.serial_prof) = p;
    return 0;
}

/* A value kept as it is: a path, a name. */
static int serve_set_text(const serve_opt *o, const char *v, int apply)
{
    if (!*v) {
        serve_opt_fail("--%s wants %s", o->name, o->unit);
        return -1;
    }
    if (!apply)
        return 0;
    if (strcmp(o->name, "data") == 0)
        serve_cfg.data = v;
    else if (strcmp(o->name, "db") == 0)
        srv.db = v;
    else if (strcmp(o->name, "ssh-hostkey") == 0)
        serve_cfg.ssh_hostkey = v;
    else if (strcmp(o->name, "pty-link") == 0)
        serve_cfg.pty_link = v;
    else if (strcmp(o->name, "http-root") == 0)
        web_set_root(v);
    return 0;
}

/* ---- who may do what ------------------------------------------------ */

/* The web door's lists: pages of other sites, proxies whose
 * X-Forwarded-For is believed, who may read /metrics.  Only applied at
 * start (none is live). */
static int serve_set_web_list(const serve_opt *o, const char *v, int apply)
{
    int rc = 0;
    if (!apply)
        return 0;
    if (strcmp(o->name, "http-origin") == 0)
        rc = web_gate_allow_origin(&web_gate_conf, v);
    else if (strcmp(o->name, "http-trust-proxy") == 0)
        rc = web_gate_trust_proxy(&web_gate_conf, v);
    else
        rc = web_metrics_allow(v);
    if (rc == 0)
        return 0;
    if (strcmp(o->name, "metrics-from") == 0)
        serve_opt_fail("--metrics-from wants ADDR or ADDR/PREFIX (at most "
                       "%d), not '%s'", WEB_METRICS_FROM, v);
    else
        serve_opt_fail("bad --%s '%s'", o->name, v);
    return -1;
}

static int serve_set_proxy(const serve_opt *o, const char *v, int apply)
{
    cidr c;
    (void)o;
    if (cidr_parse(v, &c) != 0 || (apply && pp_trust_add(&c) != 0)) {
        serve_opt_fail("--proxy-protocol wants ADDR or ADDR/PREFIX (at most "
                       "%d), not '%s'", PP_TRUST_MAX, v);
        return -1;
    }
    return 0;
}

static int serve_set_user(const serve_opt *o, const char *v, int apply)
{
    (void)o;
    if (!*v) {
        serve_opt_fail("--user wants a user's name");
        return -1;
    }
    if (privs_check(v) != 0)
        return -1;              /* it said why */
    if (apply)
        serve_cfg.user = v;
    return 0;
}

static int serve_set_server_name(const serve_opt *o, const char *v,
                                 int apply)
{
    (void)o;
    if (!*v || strlen(v) > 31 || strcmp(v, RELAY_ALL) == 0) {
        serve_opt_fail("--server-name wants 1..31 characters (and not "
                       "'%s')", RELAY_ALL);
        return -1;
    }
    if (apply)
        serve_cfg.server_name = v;
    return 0;
}

static int serve_set_seed(const serve_opt *o, const char *v, int apply)
{
    uint64_t seed;
    (void)o;
    if (opt_seed(v, &seed) != 0) {
        serve_opt_fail("--seed wants a number");
        return -1;
    }
    if (apply) {
        srv.seed = seed;
        srv.seeded = 1;
    }
    return 0;
}

static int serve_set_log(const serve_opt *o, const char *v, int apply)
{
    (void)o;
    if (apply && srv_log_open_path(v) != 0) {
        serve_opt_fail("--log: cannot open '%s'", v);
        return -1;
    }
    return 0;
}

/* ---- what players get (live) ---------------------------------------- */

static const char *serve_default_game_was;

static int serve_set_default_game(const serve_opt *o, const char *v,
                                  int apply)
{
    (void)o;
    if (!v) {
        if (apply)
            srv.default_game = serve_default_game_was;
        return 0;
    }
    const tty_game *g = *v ? tty_game_find(v) : NULL;
    if (!g || !g->run) {
        char names[256] = "";
        size_t k = 0;
        for (int i = 0; tty_games[i] && k < sizeof names; i++)
            if (tty_games[i]->run)
                k += (size_t)snprintf(names + k, sizeof names - k, "%s%s",
                                      k ? ", " : "", tty_games[i]->name);
        serve_opt_fail("--default-game: no game '%s' (%s)", v, names);
        return -1;
    }
    if (apply) {
        if (!serve_default_game_was)
            serve_default_game_was = srv.default_game;
        srv.default_game = g->name;
    }
    return 0;
}

/* What a reload's pool read, while the reload applies (else NULL). */
static const serve_got *serve_reads;
static int serve_nreads;

void serve_opt_use_reads(const serve_got *got, int n)
{
    serve_reads = got;
    serve_nreads = got ? n : 0;
}

/* The file behind a value of o: what the pool read on a reload, or read
 * now at start.  0 and *got (malloc'd), or -1 after serve_opt_fail. */
static int serve_read_value(const serve_opt *o, const char *v, char **got)
{
    char why[600];
    *got = NULL;
    if (!serve_reads) {
        if (o->read(v, resource_share(), got, why, sizeof why) == 0)
            return 0;
        serve_opt_fail("%s", why);
        return -1;
    }
    for (int i = 0; i < serve_nreads; i++) {
        const serve_got *g = &serve_reads[i];
        if (g->o != o || strcmp(g->value, v) != 0)
            continue;
        if (g->rc != 0) {
            serve_opt_fail("%s", g->why);
            return -1;
        }
        if (!(*got = strdup(g->got))) {
            serve_opt_fail("--%s: out of memory", o->name);
            return -1;
        }
        return 0;
    }
    /* serve_conf.c reads every value a reload judges: this is a slip
     * there, refused rather than read here on the loop. */
    serve_opt_fail("--%s: '%s' was not read before the reload", o->name, v);
    return -1;
}

/* A reader's answer: a copy of text in *got. */
static int serve_read_keep(const char *name, const char *text, char **got,
                           char *why, size_t n)
{
    if ((*got = strdup(text)))
        return 0;
    snprintf(why, n, "--%s: out of memory", name);
    return -1;
}

static int serve_read_wordlist(const char *v, const char *share, char **got,
                               char *why, size_t n)
{
    char keep[PATH_MAX];
    if (opt_wordlist_find(v, share, keep, sizeof keep, why, n) != 0)
        return -1;
    return serve_read_keep("wordlist", keep, got, why, n);
}

static int serve_set_wordlist(const serve_opt *o, const char *v, int apply)
{
    char *keep;
    if (!v) {
        if (apply)
            srv_set_option("wordlist", NULL);
        return 0;
    }
    if (serve_read_value(o, v, &keep) != 0)
        return -1;
    if (apply)
        srv_set_option("wordlist", keep);
    free(keep);
    return 0;
}

/* An option the games read (tty_option): counter, share. */
static int serve_set_game_option(const serve_opt *o, const char *v,
                                 int apply)
{
    if (v && strcmp(o->name, "counter") == 0 && !opt_counter_ok(v)) {
        serve_opt_fail("--counter wants numbers 0 to 255 separated by "
                       "commas");
        return -1;
    }
    if (v && !*v) {
        serve_opt_fail("--%s wants %s", o->name, o->unit);
        return -1;
    }
    if (apply)
        srv_set_option(o->name, v);
    return 0;
}

/* --motd FILE: its text after the banner, printable ASCII and new lines
 * (a stray escape in the file must not drive anyone's terminal), read at
 * start and again on every reload. */
static int serve_read_motd(const char *v, const char *share, char **got,
                           char *why, size_t size)
{
    (void)share;
    FILE *f = *v ? fopen(v, "r") : NULL;
    if (!f) {
        snprintf(why, size, "--motd: cannot read '%s': %s", v,
                 *v ? strerror(errno) : "no file named");
        return -1;
    }
    char text[SERVE_MOTD_MAX + 2];
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF && n < SERVE_MOTD_MAX)
        if ((c >= 0x20 && c < 0x7f) || c == '\n')
            text[n++] = (char)c;
    fclose(f);
    if (n && text[n - 1] != '\n')
        text[n++] = '\n';
    text[n] = 0;
    return serve_read_keep("motd", text, got, why, size);
}

static int serve_set_motd(const serve_opt *o, const char *v, int apply)
{
    char *text;
    if (!v) {
        if (apply)
            srv_set_motd(NULL);
        return 0;
    }
    if (serve_read_value(o, v, &text) != 0)
        return -1;
    if (apply)
        srv_set_motd(text);
    free(text);
    return 0;
}

/* ---- the table ------------------------------------------------------ */

#define LIVE SERVE_OPT_LIVE
#define REPEAT SERVE_OPT_REPEAT
#define OPT(n, a, f, fn) .name = n, .arg = a, .flags = f, .set = fn

const serve_opt serve_opts[] = {
    { OPT("telnet", "[ADDR:]PORT", REPEAT, serve_set_telnet),
      .help = "listen for telnet (repeatable; default 2323 on\n"
      "every address, IPv6 and IPv4; PORT 0 picks one\n"
      "and the log says which)" },
    { OPT("ssh", "[ADDR:]PORT", REPEAT, serve_set_ssh),
      .help = "listen for SSH (repeatable; off unless given)" },
    { OPT("ssh-hostkey", "FILE", 0, serve_set_text),
      .help = "the SSH host key (default: an Ed25519 key made\n"
      "on first start in the data directory)", .unit = "a file" },
    { OPT("ssh-grace", "SECONDS", 0, serve_set_int),
      .help = "time from connect to login (default 30)",
      .to = &serve_cfg.ssh_grace, .lo = 1, .hi = 3600, .unit = "1..3600" },
    { OPT("http", "[ADDR:]PORT", REPEAT, serve_set_http),
      .help = "serve the web pages and their WebSocket sessions\n"
      "(repeatable; off unless given; PORT 0 picks one)" },
    { OPT("http-origin", "ORIGIN", REPEAT, serve_set_web_list),
      .help = "also let pages from ORIGIN (https://host[:port],\n"
      "or *) open sessions (repeatable)" },
    { OPT("metrics", "[ADDR:]PORT", REPEAT, serve_set_metrics),
      .help = "serve /metrics alone there (repeatable); the\n"
      "--http listeners then answer 404 for it" },
    { OPT("metrics-from", "ADDR[/PREFIX]", REPEAT, serve_set_web_list),
      .help = "who may read /metrics, on --metrics or --http\n"
      "(repeatable; default: loopback only; behind\n"
      "--http-trust-proxy, the forwarded client is judged)" },
    { OPT("http-trust-proxy", "A[/BITS]", REPEAT, serve_set_web_list),
      .help = "take the client address from X-Forwarded-For on\n"
      "connections from A (repeatable)" },
    { OPT("http-root", "DIR", 0, serve_set_text),
      .help = "where the pages are (default SHARE/web)", .unit = "a directory" },
    { OPT("pty", "N", 0, serve_set_pty),
      .help = "open N pseudo-terminals for local or serial\n"
      "attach; a session starts when Return is typed",
      .to = &serve_cfg.npty, .lo = 0, .hi = 64, .unit = "0..64" },
    { OPT("pty-link", "DIR", 0, serve_set_text),
      .help = "keep symlinks DIR/ttyarcade0..N-1 to them", .unit = "a directory" },
    { OPT("pty-profile", "P", 0, serve_set_profile),
      .help = "profile of pty sessions (default glass)" },
    { OPT("serial", "DEV[:BAUD[:FRAMING[:xon]]]", REPEAT | LIVE,
          serve_set_serial),
      .help = "a serial line (repeatable; default 9600:8N1; an\n"
      "ASR-33: 110:7E2; framings 8N1 8N2 7E1 7E2 7O1 7O2\n"
      "7M1 7M2 7S1 7S2; xon: XON/XOFF stops and starts\n"
      "the output; a reload changes a line's speed)" },
    { OPT("serial-profile", "P", 0, serve_set_profile),
      .help = "profile of serial sessions (default asr33)" },
    { OPT("pace", "BAUD", 0, serve_set_int),
      .help = "pace the output of the --telnet, --pty and --http\n"
      "lines that follow to this speed (0: none)",
      .to = &serve_cfg.pace, .lo = 0, .hi = 115200, .unit = "a baud rate" },
    { OPT("pace-scale", "N", 0, serve_set_int),
      .help = "run every paced line N times faster (tests)",
      .to = &srv.pace_scale, .lo = 1, .hi = 1000, .unit = "1..1000" },
    { OPT("data", "DIR", 0, serve_set_text),
      .help = "data directory: the SQLite database and the\n"
      "admin socket (default $TTYARCADE_DATA or\n"
      "~/.local/share/ttyarcade)", .unit = "a directory" },
    { OPT("db", "URI", 0, serve_set_text),
      .help = "the database: postgresql://... (shared by\n"
      "several servers) or sqlite:DIR", .unit = "a database's URI" },
    { OPT("server-name", "NAME", 0, serve_set_server_name),
      .help = "this server among those sharing --db, for\n"
      "who is on (default HOST:PID)" },
    { OPT("heartbeat", "SECONDS", 0, serve_set_int),
      .help = "how often it tells the others (default 5)",
      .to = &serve_cfg.beat_s, .lo = 1, .hi = 3600,
      .unit = "1..3600 seconds" },
    { OPT("seed", "N", 0, serve_set_seed),
      .help = "session k's randomness comes from N and k only" },
    { OPT("max-sessions", "N", LIVE, serve_set_int), .help = "(default 10000)",
      .to = &srv.max_sessions, .lo = 1, .hi = 1000000 },
    { OPT("max-per-address", "N", LIVE, serve_set_int), .help = "(default 64)",
      .to = &srv.max_per_addr, .lo = 1, .hi = 1000000 },
    { OPT("idle", "SECONDS", LIVE, serve_set_int),
      .help = "end idle sessions (default 1800; 0: never)",
      .to = &srv.idle_ms, .lo = 0, .hi = 86400 * 7, .scale = 1000,
      .unit = "seconds" },
    { OPT("fail-max", "N", LIVE, serve_set_int),
      .help = "failed logins or resume codes allowed per\n"
      "address (an IPv6 /64) and per account\n"
      "(default 10)", .to = &acct_lim.fail_max, .lo = 1, .hi = 64 },
    { OPT("fail-window", "SECONDS", LIVE, serve_set_int),
      .help = "... within this window (default 600)",
      .to = &acct_lim.fail_window, .lo = 1, .hi = 86400 },
    { OPT("register-max", "N", LIVE, serve_set_int),
      .help = "new accounts per address (default 5)",
      .to = &acct_lim.reg_max, .lo = 1, .hi = 64 },
    { OPT("register-net-max", "N", LIVE, serve_set_int),
      .help = "... per network, IPv4 /24 or IPv6 /48\n(default 20)",
      .to = &acct_lim.reg_net_max, .lo = 1, .hi = 64 },
    { OPT("register-window", "SECONDS", LIVE, serve_set_int),
      .help = "... within this window (default 3600)",
      .to = &acct_lim.reg_window, .lo = 1, .hi = 7 * 86400 },
    { OPT("hash-max", "N", LIVE, serve_set_int),
      .help = "password hashes at once, 64 MiB each\n(default: one per core)",
      .to = &acct_hash_max, .lo = 1, .hi = 256 },
    { OPT("hash-queue", "N", LIVE, serve_set_int),
      .help = "hashes waiting their turn; past it a login\n"
      "or a registration is told to try again\n(default 64)",
      .to = &acct_hash_queue, .lo = 0, .hi = 100000 },
    { OPT("keepalive", "SECONDS", 0, serve_set_int),
      .help = "probe a line silent this long; a dead one\n"
      "is closed within twice it (default 60; 0: never)",
      .to = &srv.keepalive_s, .lo = 0, .hi = 86400, .unit = "seconds" },
    { OPT("takeover-idle", "SECONDS", LIVE, serve_set_int),
      .help = "a game open on a line silent this long may be\n"
      "taken over by anyone with its code (its owner,\n"
      "logged in, at once; default 300)",
      .to = &takeover_idle_s, .lo = 0, .hi = 86400, .unit = "seconds" },
    { OPT("rejoin-wait", "SECONDS", LIVE, serve_set_int),
      .help = "a player of a two-player game whose line\n"
      "drops keeps the seat this long while the other\n"
      "waits (default 120; 0: the game ends at once)",
      .to = &sess_seat_wait_s, .lo = 0, .hi = 86400, .unit = "seconds" },
    { OPT("invite-wait", "SECONDS", LIVE, serve_set_int),
      .help = "a player who invites another waits this long\n"
      "for an answer (default 300)",
      .to = &invite_wait_s, .lo = 1, .hi = 86400, .unit = "seconds" },
    { OPT("message-rate", "N", LIVE, serve_set_int),
      .help = "messages a player may send a minute (default 10)",
      .to = &msg_rate_max, .lo = 1, .hi = 100000 },
    { OPT("default-game", "NAME", LIVE, serve_set_default_game),
      .help = "the game Return chooses in the menu" },
    { OPT("motd", "FILE", LIVE, serve_set_motd),
      .help = "a message of the day: the file's text, shown\n"
      "after the banner (read again on every reload)",
      .read = serve_read_motd },
    { OPT("recordings-days", "N", LIVE, serve_set_int),
      .help = "remove recordings older than N days (0: keep)",
      .to = &rec_days, .lo = 0, .hi = 100000,
      .unit = "0..100000 days (0: keep them all)" },
    { OPT("recordings-max-mb", "N", LIVE, serve_set_int),
      .help = "keep recordings to N MiB, oldest removed\nfirst (0: no limit)",
      .to = &rec_max_mb, .lo = 0, .hi = 100000000,
      .unit = "0..100000000 MiB (0: no limit)" },
    { OPT("wordlist", "FILE", LIVE, serve_set_wordlist),
      .help = "Hangman's default words", .read = serve_read_wordlist },
    { OPT("counter", "L,...", LIVE, serve_set_game_option),
      .help = "Space Capture's register L, value by value" },
    { OPT("share", "DIR", LIVE, serve_set_game_option),
      .help = "where word lists are installed", .unit = "a directory" },
    { OPT("log", "FILE", 0, serve_set_log),
      .help = "session log (default stderr)" },
    { OPT("user", "NAME", 0, serve_set_user),
      .help = "become this user once the listeners are open\n"
      "(start as root for ports below 1024)" },
    { OPT("proxy-protocol", "ADDR[/PREFIX]", REPEAT, serve_set_proxy),
      .help = "a proxy (HAProxy) trusted to send a PROXY v1\n"
      "or v2 header with the client's address;\n"
      "connections from it must (repeatable)" },
    { .name = NULL },
};
_Static_assert(sizeof serve_opts / sizeof serve_opts[0] <= SERVE_OPTS_MAX + 1,
               "serve_opts[] has more rows than SERVE_OPTS_MAX");

const serve_opt *serve_opt_find(const char *name)
{
    for (const serve_opt *o = serve_opts; o->name; o++)
        if (strcmp(o->name, name) == 0)
            return o;
    return NULL;
}

/* serial's reload takes the whole list (serve_conf.c). */
int serve_opt_relist(const serve_opt *o, const char *const *v, int n)
{
    if (o->set == serve_set_serial)
        return serve_relist_serial(v, n);
    return -1;
}

static void serve_usage_row(FILE *f, const char *left, const char *help)
{
    int k = fprintf(f, "  %s", left);
    const char *line = help;
    for (int first = 1;; first = 0) {
        const char *nl = strchr(line, '\n');
        int pad = first ? 24 - k : 24;
        if (first && pad < 1) {
            fputc('\n', f);
            pad = 24;
        }
        fprintf(f, "%*s%.*s\n", pad, "", nl ? (int)(nl - line)
                                            : (int)strlen(line), line);
        if (!nl)
            break;
        line = nl + 1;
    }
}

void serve_usage(FILE *f)
{
    fprintf(f, "usage: ttyarcade serve [options]\n");
    char help[512];
    snprintf(help, sizeof help, "read the options from FILE: KEY = VALUE "
             "a line,\nKEY an option's name without --; the command\n"
             "line wins (default: %s,\nwhen it is there)",
             conf_default_path());
    serve_usage_row(f, "--config FILE", help);
    for (const serve_opt *o = serve_opts; o->name; o++) {
        char left[64];
        snprintf(left, sizeof left, "--%s %s", o->name, o->arg);
        serve_usage_row(f, left, o->help);
    }
    fprintf(f, "SIGHUP reopens the log, reads the configuration file again "
               "and applies what\ncan change live (marked in "
               "ttyarcade(8)); the log says what needs a restart.\n");
}
