/*
 * bench_two.c - the cost of a cross-server two-player move: Backgammon
 * pairs whose two players are on different servers sharing one
 * PostgreSQL (the game runs on the host's server; the guest's keys and
 * screen go through the LISTEN/NOTIFY relay), beside pairs whose two
 * players are on the same server, in one run on the same two servers.
 *
 * Every player logs in at once (a raw telnet client that says it is a
 * glass terminal); then each pair meets as people do: the host chooses
 * Backgammon and "play a person", the guest does the same once the host
 * waits (one pair at a time: the lobby has one Backgammon seat, so the
 * right two meet), and the host chooses the rules.  Server one's log must
 * then show one relayed link for each cross pair and no other, or the
 * bench stops: the figures would not be what they say.
 *
 * First the guest types ID, which the game answers with the position's ID
 * wherever the turn is and without changing the position, so every sample
 * is alike: for each key (I, D), the time until its echo comes back (the
 * game's line editor echoes it, on the host's server), and for the line,
 * the time from its Return to the answer.  Twice: one key or line in
 * flight at a time, the two arrangements taking turns (the path's own
 * latency), and every guest of one arrangement typing at once, each as
 * soon as its last key was answered (the relay under load, its lines
 * batching).  Then real moves: each pair plays TWO_TURNS turns, the one
 * to move asking ID and playing the first legal play of that position
 * (the engine's move generator, linked in), timed from its Return until
 * the other player is shown the play: one relay hop either way for a
 * cross pair (the ID line's answer makes two).  A PostgreSQL (pgtmp.sh,
 * fsync on) and the servers ($TTYARCADE) are started here on loopback and
 * stopped at the end, also when the bench fails.  Figures only.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <uv.h>

#include "backgammon/bg.h"
#include "benchutil.h"

#define TWO_PAIRS 20           /* pairs in each arrangement */
#define TWO_ROUNDS 200         /* ID lines each guest types, each way */
#define TWO_TURNS 30           /* moves each pair plays (far from the end) */
#define TWO_WAIT_MS 15000       /* for any one answer */

static char two_dir[] = "/tmp/ttyarcade-two-XXXXXX";
static char two_pgdir[256];
static const char *two_top = ".";

typedef struct two_srv {
    pid_t pid;
    int port;
    const char *name;
} two_srv;

static two_srv two_one = { .name = "one" }, two_two = { .name = "two" };

/* ---- processes ------------------------------------------------------ */

/* Stop whatever was started; also the way out of a failure. */
static void two_cleanup(void)
{
    two_srv *s[] = { &two_one, &two_two };
    for (int i = 0; i < 2; i++)
        if (s[i]->pid > 0)
            kill(s[i]->pid, SIGTERM);
    for (int i = 0; i < 2; i++)
        if (s[i]->pid > 0) {
            waitpid(s[i]->pid, NULL, 0);
            s[i]->pid = 0;
        }
    char cmd[1024];
    if (two_pgdir[0])
        snprintf(cmd, sizeof cmd, "%s/tests/pg/pgtmp.sh remove %s; "
                 "rm -rf %s", two_top, two_pgdir, two_dir);
    else
        snprintf(cmd, sizeof cmd, "rm -rf %s", two_dir);
    two_pgdir[0] = 0;
    if (system(cmd) != 0)
        fprintf(stderr, "bench_two: could not clean up\n");
}

static void two_fail(const char *what)
{
    fprintf(stderr, "bench_two: %s\n", what);
    const char *names[] = { "one", "two" };
    for (int i = 0; i < 2; i++) {
        char log[300];
        snprintf(log, sizeof log, "%s/%s.log", two_dir, names[i]);
        const char *t = bench_read(log);
        size_t n = t ? strlen(t) : 0;
        fprintf(stderr, "---- %s (end) ----\n%s\n", log,
                t ? t + (n > 3000 ? n - 3000 : 0) : "");
    }
    two_cleanup();
    exit(1);
}

/* How often server name's log says what. */
static int two_log_count(const char *name, const char *what)
{
    char log[300];
    snprintf(log, sizeof log, "%s/%s.log", two_dir, name);
    int n = 0;
    for (const char *p = bench_read(log); p && (p = strstr(p, what)); p++)
        n++;
    return n;
}

static void two_serve(two_srv *s, const char *bin, const char *db)
{
    char data[300], log[300], out[300];
    snprintf(data, sizeof data, "%s/%s", two_dir, s->name);
    snprintf(log, sizeof log, "%s/%s.log", two_dir, s->name);
    snprintf(out, sizeof out, "%s/%s.out", two_dir, s->name);
    char *argv[] = { (char *)bin, "serve", "--telnet", "127.0.0.1:0",
                     "--data", data, "--db", (char *)db, "--log", log,
                     "--server-name", (char *)s->name, "--seed", "21",
                     "--heartbeat", "1", "--max-per-address", "100000",
                     "--idle", "0", NULL };
    s->pid = bench_spawn(argv, out);
    if (s->pid < 0) {
        s->pid = 0;
        two_fail("could not start the server");
    }
    /* up when it listens for telnet and its relay listens too */
    char relay[64];
    snprintf(relay, sizeof relay, "relay listening as %s", s->name);
    for (int i = 0; i < 800; i++) {
        const char *t = bench_read(log);
        const char *p = t ? strstr(t, "listen telnet 127.0.0.1:") : NULL;
        if (p && strstr(t, relay)) {
            s->port = atoi(p + strlen("listen telnet 127.0.0.1:"));
            return;
        }
        usleep(25000);
    }
    two_fail("a server did not start (or its relay does not listen)");
}

/* ---- players: raw telnet, a glass terminal ------------------------- */

typedef struct two_lat {
    double *ms;
    size_t n;
} two_lat;

typedef struct two_pl {
    int fd;
    char name[16];
    char text[8192];            /* received, telnet removed, not matched */
    size_t n;
    int iac, in_sb, sb_len;
    int on_roll;                /* the guest is to move: it has a prompt
                                   (-1 once the real moves began) */
    int moved_last;             /* (guest) it played the last real move */
    int step, rounds;           /* pl_drive's script */
    uint64_t t0;                /* when the key or line went */
    struct two_lat *line, *echo;    /* where its samples go */
    unsigned char cmd, sb[4];
} two_pl;

static void pl_send(two_pl *p, const void *s, size_t n)
{
    const char *c = s;
    while (n > 0) {
        ssize_t k = write(p->fd, c, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            two_fail("a player's line does not take keys");
        c += k;
        n -= (size_t)k;
    }
}

static void pl_say(two_pl *p, const char *s)
{
    pl_send(p, s, strlen(s));
}

/* Let the server echo and go ahead (DO ECHO, DO SGA), say the terminal
 * is a glass one (TTYPE DUMB: boards print as lines), refuse the rest. */
static void pl_telnet(two_pl *p, const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = b[i];
        if (p->in_sb) {
            if (p->iac && c == 240) {
                p->in_sb = 0;
                if (p->sb_len >= 2 && p->sb[0] == 24 && p->sb[1] == 1) {
                    static const unsigned char is[] = {
                        255, 250, 24, 0, 'D', 'U', 'M', 'B', 255, 240 };
                    pl_send(p, is, sizeof is);
                }
            } else if (!(p->iac = (c == 255 && !p->iac)) &&
                       p->sb_len < (int)sizeof p->sb) {
                p->sb[p->sb_len++] = c;
            }
            continue;
        }
        if (p->iac == 2) {
            unsigned char r[3] = { 255, 0, c };
            if (p->cmd == 251)          /* WILL */
                r[1] = (c == 1 || c == 3) ? 253 : 254;
            else if (p->cmd == 253)     /* DO */
                r[1] = c == 24 ? 251 : 252;
            if (r[1])
                pl_send(p, r, 3);
            p->iac = 0;
            continue;
        }
        if (p->iac == 1) {
            p->iac = 0;
            if (c >= 251 && c <= 254) {
                p->cmd = c;
                p->iac = 2;
            } else if (c == 250) {
                p->in_sb = 1;
                p->sb_len = 0;
            } else if (c == 255) {
                goto text;
            }
            continue;
        }
        if (c == 255) {
            p->iac = 1;
            continue;
        }
    text:
        if (p->n == sizeof p->text - 1) {
            memmove(p->text, p->text + 4096, p->n - 4096);
            p->n -= 4096;
        }
        p->text[p->n++] = c ? (char)c : ' ';
    }
    p->text[p->n] = 0;
}

/* Read what is there (non-blocking). */
static void pl_pump(two_pl *p)
{
    unsigned char b[4096];
    for (;;) {
        ssize_t k = read(p->fd, b, sizeof b);
        if (k > 0) {
            pl_telnet(p, b, (size_t)k);
            continue;
        }
        if (k == 0) {
            fprintf(stderr, "bench_two: %s's line closed; it had:\n%s\n",
                    p->name, p->text);
            two_fail("a line closed");
        }
        if (errno == EINTR)
            continue;
        return;
    }
}

/* If s or (when not NULL) s2 has come, drop what came up to its end and
 * say which came first (0 or 1); else -1. */
static int pl_take2(two_pl *p, const char *s, const char *s2)
{
    char *at = strstr(p->text, s), *at2 = s2 ? strstr(p->text, s2) : 0;
    if (!at && !at2)
        return -1;
    int which = at2 && (!at || at2 < at);
    size_t used = which ? (size_t)(at2 - p->text) + strlen(s2 ? s2 : "")
                        : (size_t)(at - p->text) + strlen(s);
    memmove(p->text, p->text + used, p->n - used + 1);
    p->n -= used;
    return which;
}

static void pl_late(two_pl *p, const char *s)
{
    fprintf(stderr, "bench_two: %s waited for \"%s\"; it had:\n%s\n",
            p->name, s, p->text);
    two_fail("timed out");
}

/* pl_take2, waiting for it. */
static int pl_expect2(two_pl *p, const char *s, const char *s2)
{
    uint64_t until = uv_hrtime() + (uint64_t)TWO_WAIT_MS * 1000000;
    for (;;) {
        int which = pl_take2(p, s, s2);
        if (which >= 0)
            return which;
        uint64_t now = uv_hrtime();
        if (now >= until)
            pl_late(p, s);
        struct pollfd pf = { .fd = p->fd, .events = POLLIN };
        poll(&pf, 1, (int)((until - now) / 1000000) + 1);
        pl_pump(p);
    }
}

static void pl_expect(two_pl *p, const char *s)
{
    pl_expect2(p, s, NULL);
}

/* The line up to the next CR LF, into out; waits for it. */
static void pl_line(two_pl *p, char *out, size_t size)
{
    uint64_t until = uv_hrtime() + (uint64_t)TWO_WAIT_MS * 1000000;
    char *end;
    while (!(end = strstr(p->text, "\r\n"))) {
        uint64_t now = uv_hrtime();
        if (now >= until)
            pl_late(p, "\\r\\n");
        struct pollfd pf = { .fd = p->fd, .events = POLLIN };
        poll(&pf, 1, (int)((until - now) / 1000000) + 1);
        pl_pump(p);
    }
    snprintf(out, size, "%.*s", (int)(end - p->text), p->text);
    pl_take2(p, "\r\n", NULL);
}

/* Which of a and b has its text first: 0 for a (s), 1 for b (s2). */
static int pl_either(two_pl *a, const char *s, two_pl *b, const char *s2)
{
    uint64_t until = uv_hrtime() + (uint64_t)TWO_WAIT_MS * 1000000;
    for (;;) {
        if (pl_take2(a, s, NULL) >= 0)
            return 0;
        if (pl_take2(b, s2, NULL) >= 0)
            return 1;
        uint64_t now = uv_hrtime();
        if (now >= until) {
            fprintf(stderr, "bench_two: %s had:\n%s\n", a->name, a->text);
            pl_late(b, s2);
        }
        struct pollfd pf[2] = { { .fd = a->fd, .events = POLLIN },
                                { .fd = b->fd, .events = POLLIN } };
        poll(pf, 2, (int)((until - now) / 1000000) + 1);
        pl_pump(a);
        pl_pump(b);
    }
}

/* ---- several players at once --------------------------------------- */

/* A player's next step: what it waits for (NULL: it is done). */
typedef const char *(*two_step_fn)(two_pl *p);

/* Run every player's steps until all are done. */
static void pl_drive(two_pl **ps, int n, two_step_fn step)
{
    struct pollfd *pf = calloc((size_t)n, sizeof *pf);
    const char **want = calloc((size_t)n, sizeof *want);
    int left = 0;
    for (int i = 0; i < n; i++)
        if ((want[i] = step(ps[i])))
            left++;
    uint64_t until = uv_hrtime() + (uint64_t)TWO_WAIT_MS * 1000000;
    for (;;) {
        /* what has come may answer several steps */
        for (int i = 0; i < n; i++)
            while (want[i] && pl_take2(ps[i], want[i], NULL) >= 0) {
                until = uv_hrtime() + (uint64_t)TWO_WAIT_MS * 1000000;
                if (!(want[i] = step(ps[i])))
                    left--;
            }
        if (!left)
            break;
        uint64_t now = uv_hrtime();
        if (now >= until)
            for (int i = 0; i < n; i++)
                if (want[i])
                    pl_late(ps[i], want[i]);
        for (int i = 0; i < n; i++) {
            pf[i].fd = want[i] ? ps[i]->fd : -1;
            pf[i].events = POLLIN;
        }
        poll(pf, (nfds_t)n, (int)((until - now) / 1000000) + 1);
        for (int i = 0; i < n; i++)
            if (want[i] && (pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
                pl_pump(ps[i]);
    }
    free(pf);
    free(want);
}

/* To the game's "how many players" question: name, Backgammon. */
static const char *pl_login_step(two_pl *p)
{
    char line[24];
    switch (p->step++) {
    case 0:
        return "YOUR NAME (RETURN: GUEST)? ";
    case 1:
        snprintf(line, sizeof line, "%s\r", p->name);
        pl_say(p, line);
        return "YOUR CHOICE (RETURN: HANGMAN)? ";
    case 2:
        pl_say(p, "BACKGAMMON\r");
        return "PLAYERS (RETURN: 1)? ";
    default:
        return NULL;
    }
}

static void pl_connect(two_pl *p, int port, const char *name)
{
    p->fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = { .sin_family = AF_INET,
                             .sin_port = htons((uint16_t)port) };
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (p->fd < 0 || connect(p->fd, (struct sockaddr *)&a, sizeof a) != 0)
        two_fail("could not connect");
    int one = 1;
    setsockopt(p->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    fcntl(p->fd, F_SETFL, fcntl(p->fd, F_GETFL) | O_NONBLOCK);
    snprintf(p->name, sizeof p->name, "%s", name);
}

/* The guest's prompt when it is to move (the one waiting has none: its
 * lines are answered all the same). */
#define TWO_PROMPT "? "

/* A pair whose players wait at the players question: the host asks for
 * a person, and once it waits, so does the guest (the lobby has one seat
 * for Backgammon, so this pair meets and no other). */
static void two_pair(two_pl *h, two_pl *g)
{
    pl_say(h, "3\r");
    pl_expect(h, "WAITING FOR A PERSON TO CHOOSE BACKGAMMON");
    pl_say(g, "3\r");
    char want[64];
    snprintf(want, sizeof want, "YOU PLAY GREEN AGAINST %s", h->name);
    pl_expect(g, want);
    pl_expect(h, "RULES (RETURN: ATARI)? ");
    pl_say(h, "STANDARD\r");
    /* a 1-point match: every turn a move, nobody asked to double */
    pl_expect(h, "(RETURN: 5)? ");
    pl_say(h, "1\r");
    pl_expect(h, "STANDARD RULES, MATCH TO 1.");
    pl_expect(g, "STANDARD RULES, MATCH TO 1.");
    pl_expect(g, "YOUR RESUME CODE IS ");
    g->on_roll = pl_expect2(g, "BLUE STARTS.", "GREEN STARTS.");
    if (g->on_roll)
        pl_expect(g, TWO_PROMPT);
}

/* ---- figures -------------------------------------------------------- */


static void lat_add(two_lat *l, uint64_t t0)
{
    l->ms[l->n++] = (double)(uv_hrtime() - t0) / 1e6;
}

static int lat_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double lat_pct(two_lat *l, int pct)
{
    if (!l->n)
        return 0;
    size_t k = l->n * (size_t)pct / 100;
    return l->ms[k < l->n ? k : l->n - 1];
}

static void lat_init(two_lat *l, size_t cap)
{
    l->ms = calloc(cap, sizeof *l->ms);
    l->n = 0;
}

/* The guest's sample, as steps: I and D each to their echo, then Return
 * to the answer (and the prompt again, when it has one); rounds times. */
static const char *pl_sample_step(two_pl *p)
{
    switch (p->step++ % 5) {
    case 0:
        if (p->rounds-- <= 0)
            return NULL;
        p->t0 = uv_hrtime();
        pl_say(p, "I");
        return "I";
    case 1:
        lat_add(p->echo, p->t0);
        p->t0 = uv_hrtime();
        pl_say(p, "D");
        return "D";
    case 2:
        lat_add(p->echo, p->t0);
        p->t0 = uv_hrtime();
        pl_say(p, "\r");
        return "POSITION ID ";
    case 3:
        lat_add(p->line, p->t0);
        return "\r\n";
    default:
        if (p->on_roll)
            return TWO_PROMPT;
        return pl_sample_step(p);
    }
}

/* One turn of the pair: whoever has the move prompt asks the position
 * (ID) and plays its first legal play; the time from its Return until
 * the other player is shown the play.  When the guest moves, the play
 * goes from its server to the host's game and back to it; when the host
 * moves, the other player's screen comes from the host's game (through
 * the relay for a cross pair).  The game saves each answered move. */
static void two_turn(two_pl *h, two_pl *g, two_lat *lat)
{
    char hp[40], gp[40];
    snprintf(hp, sizeof hp, "BLUE (%s) TO MOVE, DICE ", h->name);
    snprintf(gp, sizeof gp, "GREEN (%s) TO MOVE, DICE ", g->name);
    int guest, prompted = 1;
    if (g->on_roll >= 0) {
        /* the first turn: the guest's prompt went with the ID samples;
         * the host's is still to be read */
        guest = g->on_roll;
        g->on_roll = -1;
        if (guest)
            prompted = 0;
        else
            pl_expect(h, hp);
    } else {
        guest = pl_either(h, hp, g, gp);
    }
    two_pl *who = guest ? g : h, *other = guest ? h : g;
    if (prompted)
        pl_expect(who, TWO_PROMPT);
    pl_say(who, "ID\r");
    pl_expect(who, "POSITION ID ");
    char line[128], id[32], onroll[16];
    int d1, d2;
    pl_line(who, line, sizeof line);
    if (sscanf(line, "%31[^:]: %15s ON ROLL WITH %d-%d", id, onroll, &d1,
               &d2) != 4)
        two_fail("the position ID line was not understood");
    pl_expect(who, guest ? gp : hp);
    pl_expect(who, TWO_PROMPT);
    bg_pos pos;
    static bg_movelist ml;
    if (bg_posid_decode(id, &pos) != 0 ||
        bg_moves(&pos, d1, d2, BG_RULES_STANDARD, &ml) <= 0 || ml.n <= 0)
        two_fail("no play found for the position the game showed");
    /* each step written out (BAR/23 23/21, not gnubg's bar/21(2), which
     * the game reads as one tile moving on while another waits on the
     * bar), in the mover's own pegs */
    char play[128] = "";
    const bg_move *m = &ml.m[0];
    int colour = guest ? BG_GREEN : BG_BLUE;
    for (int k = 0; k < m->n; k++) {
        char from[8], to[8];
        if (m->st[k].from == 25)
            snprintf(from, sizeof from, "BAR");
        else
            snprintf(from, sizeof from, "%d", bg_peg(colour, m->st[k].from));
        if (m->st[k].to == 0)
            snprintf(to, sizeof to, "OFF");
        else
            snprintf(to, sizeof to, "%d", bg_peg(colour, m->st[k].to));
        size_t len = strlen(play);
        snprintf(play + len, sizeof play - len, "%s%s/%s", k ? " " : "",
                 from, to);
    }
    if (!m->n)
        two_fail("the game asked for a play where there is none");
    strcat(play, "\r");
    char shown[40];
    snprintf(shown, sizeof shown, "%s (%s) PLAYS ", guest ? "GREEN" : "BLUE",
             who->name);
    g->moved_last = guest;
    uint64_t t0 = uv_hrtime();
    pl_say(who, play);
    /* (on a timeout, what the mover was told shows too) */
    pl_either(who, "\001", other, shown);
    lat_add(lat, t0);
}

static void two_print(const char *label, two_lat *line, two_lat *echo)
{
    qsort(line->ms, line->n, sizeof *line->ms, lat_cmp);
    qsort(echo->ms, echo->n, sizeof *echo->ms, lat_cmp);
    printf("  %-28s line to answer p50 %6.3f ms  p99 %6.3f ms   key echo "
           "p50 %6.3f ms  p99 %6.3f ms\n", label, lat_pct(line, 50),
           lat_pct(line, 99), lat_pct(echo, 50), lat_pct(echo, 99));
}

static void two_cost(two_lat *line, two_lat *echo)
{
    printf("  %-28s line to answer p50 %+6.3f ms  p99 %+6.3f ms   key echo "
           "p50 %+6.3f ms  p99 %+6.3f ms\n", "the relay's cost",
           lat_pct(&line[1], 50) - lat_pct(&line[0], 50),
           lat_pct(&line[1], 99) - lat_pct(&line[0], 99),
           lat_pct(&echo[1], 50) - lat_pct(&echo[0], 50),
           lat_pct(&echo[1], 99) - lat_pct(&echo[0], 99));
}

int main(void)
{
    const char *bin = getenv("TTYARCADE");
    if (getenv("TTY_TOP"))
        two_top = getenv("TTY_TOP");
    if (!bin || !mkdtemp(two_dir)) {
        fprintf(stderr, "bench_two: set TTYARCADE (make bench does)\n");
        return 1;
    }
    signal(SIGPIPE, SIG_IGN);
    /* fsync on, as a deployment has it (the relay's NOTIFYs write no
     * WAL; the games' saves do) */
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "PGTMP_FSYNC=on %s/tests/pg/pgtmp.sh start",
             two_top);
    FILE *p = popen(cmd, "r");
    if (!p || !fgets(two_pgdir, sizeof two_pgdir, p) || pclose(p) != 0) {
        two_pgdir[0] = 0;
        two_fail("could not start PostgreSQL");
    }
    two_pgdir[strcspn(two_pgdir, "\n")] = 0;
    char db[512];
    snprintf(db, sizeof db, "postgresql:///postgres?host=%s&user=tty",
             two_pgdir);
    two_serve(&two_one, bin, db);
    two_serve(&two_two, bin, db);

    /* [0] both on server one; [1] the host on one, the guest on two.
     * Everyone logs in at once (each waits a second for its telnet
     * options), then the pairs meet one at a time. */
    static two_pl host[2][TWO_PAIRS], guest[2][TWO_PAIRS];
    two_pl *all[4 * TWO_PAIRS];
    int n = 0;
    uint64_t t0 = uv_hrtime();
    for (int a = 0; a < 2; a++)
        for (int i = 0; i < TWO_PAIRS; i++) {
            char hn[16], gn[16];
            snprintf(hn, sizeof hn, "%c%02dH", a ? 'X' : 'S', i);
            snprintf(gn, sizeof gn, "%c%02dG", a ? 'X' : 'S', i);
            pl_connect(&host[a][i], two_one.port, hn);
            pl_connect(&guest[a][i], a ? two_two.port : two_one.port, gn);
            all[n++] = &host[a][i];
            all[n++] = &guest[a][i];
        }
    pl_drive(all, n, pl_login_step);
    for (int i = 0; i < TWO_PAIRS; i++)
        for (int a = 0; a < 2; a++)
            two_pair(&host[a][i], &guest[a][i]);
    double meet_s = (double)(uv_hrtime() - t0) / 1e9;
    /* the figures are what they say only if the pairs met as arranged:
     * every cross pair through the relay, no other */
    int met = 0;
    for (int k = 0; k < 80 && !met; k++) {
        met = two_log_count("one", "relay start two ") == TWO_PAIRS &&
              two_log_count("one", "relay start ") == TWO_PAIRS &&
              two_log_count("two", "relay start ") == 0;
        if (!met)
            usleep(25000);
    }
    if (!met)
        two_fail("the pairs did not meet as arranged (server one's log "
                 "should show one relay start from two for each cross "
                 "pair)");

    printf("two-player: the cost of a cross-server two-player move (latency "
           "p50/p99): %d Backgammon pairs on server one beside %d with the "
           "host on one and the guest on two (the guest's keys and screen "
           "relayed by PostgreSQL LISTEN/NOTIFY)\n", TWO_PAIRS, TWO_PAIRS);

    /* One key or line in flight at a time, the arrangements taking turns:
     * the path's own latency. */
    two_lat line[2], echo[2];
    t0 = uv_hrtime();
    for (int a = 0; a < 2; a++) {
        lat_init(&line[a], TWO_PAIRS * TWO_ROUNDS);
        lat_init(&echo[a], 2 * TWO_PAIRS * TWO_ROUNDS);
        for (int i = 0; i < TWO_PAIRS; i++) {
            guest[a][i].line = &line[a];
            guest[a][i].echo = &echo[a];
        }
    }
    for (int r = 0; r < TWO_ROUNDS; r++)
        for (int i = 0; i < TWO_PAIRS; i++)
            for (int a = 0; a < 2; a++) {
                two_pl *g = &guest[a][i];
                g->rounds = 1;
                g->step = 0;
                two_pl *one[] = { g };
                pl_drive(one, 1, pl_sample_step);
            }
    double alone_s = (double)(uv_hrtime() - t0) / 1e9;
    printf(" the guest types ID (the game answers with the position's ID), "
           "one key or line in flight at a time (%zu lines, %zu keys each "
           "way):\n", line[0].n, echo[0].n);
    two_print("one server", &line[0], &echo[0]);
    two_print("two servers (relayed)", &line[1], &echo[1]);
    two_cost(line, echo);

    /* Every guest of one arrangement typing at once, each as soon as its
     * last answer came: the relay under load (its lines batch). */
    two_lat bline[2], becho[2];
    t0 = uv_hrtime();
    for (int a = 0; a < 2; a++) {
        lat_init(&bline[a], TWO_PAIRS * TWO_ROUNDS);
        lat_init(&becho[a], 2 * TWO_PAIRS * TWO_ROUNDS);
        two_pl *gs[TWO_PAIRS];
        for (int i = 0; i < TWO_PAIRS; i++) {
            gs[i] = &guest[a][i];
            gs[i]->line = &bline[a];
            gs[i]->echo = &becho[a];
            gs[i]->rounds = TWO_ROUNDS;
            gs[i]->step = 0;
        }
        pl_drive(gs, TWO_PAIRS, pl_sample_step);
    }
    double busy_s = (double)(uv_hrtime() - t0) / 1e9;
    printf(" the same, %d guests typing at once, each key as soon as its "
           "last was answered:\n", TWO_PAIRS);
    two_print("one server", &bline[0], &becho[0]);
    two_print("two servers (relayed)", &bline[1], &becho[1]);
    two_cost(bline, becho);

    /* Real moves, one at a time, the arrangements taking turns. */
    two_lat moves[2][2];
    t0 = uv_hrtime();
    for (int a = 0; a < 2; a++)
        for (int w = 0; w < 2; w++)
            lat_init(&moves[a][w], TWO_PAIRS * TWO_TURNS);
    for (int t = 0; t < TWO_TURNS; t++)
        for (int i = 0; i < TWO_PAIRS; i++)
            for (int a = 0; a < 2; a++) {
                two_lat scratch;
                double ms[1];
                scratch.ms = ms;
                scratch.n = 0;
                two_turn(&host[a][i], &guest[a][i], &scratch);
                /* whose move it was: the one whose PLAYS the other saw */
                int guest_moved = guest[a][i].moved_last;
                two_lat *l = &moves[a][guest_moved];
                l->ms[l->n++] = ms[0];
            }
    double moves_s = (double)(uv_hrtime() - t0) / 1e9;
    printf(" real moves (%d turns a pair, one at a time): from the mover's "
           "Return until the other player is shown the play\n", TWO_TURNS);
    const char *mlabel[2][2] = {
        { "one server, host moves", "one server, guest moves" },
        { "two servers, host moves", "two servers, guest moves" } };
    for (int w = 0; w < 2; w++)
        for (int a = 0; a < 2; a++) {
            two_lat *l = &moves[a][w];
            qsort(l->ms, l->n, sizeof *l->ms, lat_cmp);
            printf("  %-28s move shown    p50 %6.3f ms  p99 %6.3f ms  (%zu "
                   "moves)\n", mlabel[a][w], lat_pct(l, 50), lat_pct(l, 99),
                   l->n);
        }
    for (int w = 0; w < 2; w++)
        printf("  %-28s move shown    p50 %+6.3f ms  p99 %+6.3f ms\n",
               w ? "the relay's cost, guest" : "the relay's cost, host",
               lat_pct(&moves[1][w], 50) - lat_pct(&moves[0][w], 50),
               lat_pct(&moves[1][w], 99) - lat_pct(&moves[0][w], 99));
    printf("  (%d players logged in and %d pairs met in %.1f s; samples "
           "took %.1f s one at a time, %.1f s at once, moves %.1f s)\n",
           4 * TWO_PAIRS, 2 * TWO_PAIRS, meet_s, alone_s, busy_s, moves_s);

    for (int a = 0; a < 2; a++) {
        for (int i = 0; i < TWO_PAIRS; i++) {
            close(guest[a][i].fd);
            close(host[a][i].fd);
        }
        free(line[a].ms);
        free(echo[a].ms);
        free(bline[a].ms);
        free(becho[a].ms);
        free(moves[a][0].ms);
        free(moves[a][1].ms);
    }
    two_cleanup();
    return 0;
}
