/*
 * invite.c - a named player invited to a two-player game (invite.h): the
 * inviter's wait, the invitations kept for the players of this server,
 * and the relay's lines that carry them between servers.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "acct.h"
#include "invite.h"
#include "lobby.h"
#include "msg.h"
#include "registry.h"
#include "relay.h"
#include "srv.h"
#include "who.h"
#include "xlobby.h"

/* Each invitation kept stands for an inviter waiting in the game (it
 * lapses when the inviter stops waiting), on this server or on one that
 * shares it, so sessions bound the list: no more than twice what this
 * server admits (its own and as many from elsewhere).  A fixed number
 * (it was 256) let half a dozen addresses, each under --max-per-address
 * and the messages' rate, fill it and leave nobody here invitable. */
#define INVITE_KEPT_MAX ((long)srv.max_sessions * 2)

int invite_wait_s = 300;

static invite *invite_head;     /* kept for players of this server */
static uint64_t invite_next_id;

/* ---- what is said -------------------------------------------------------- */

const char *invite_title(const char *game)
{
    const tty_game *g = tty_game_find(game);
    return g ? g->title : game;
}

/* How long an invitation stands, as said: "5 MINUTES", "30 SECONDS". */
static void invite_span(char *out, size_t size)
{
    int m = invite_wait_s % 60 == 0 && invite_wait_s >= 60;
    int n = m ? invite_wait_s / 60 : invite_wait_s;
    snprintf(out, size, "%d %s%s", n, m ? "MINUTE" : "SECOND",
             n == 1 ? "" : "S");
}

/* The notice the invitee sees between prompts. */
static void invite_notice_line(const invite *inv, char *out, size_t size)
{
    char span[32];
    invite_span(span, sizeof span);
    snprintf(out, size, "%s INVITES YOU TO %s. ACCEPT AT THE MENU: JOIN %s "
             "(OR DECLINE %s). IT LAPSES IN %s.", inv->from,
             invite_title(inv->game), inv->from, inv->from, span);
}

/* ---- the list kept for this server's players ----------------------------- */

/* The session of the guest k invites while it is on here under the name
 * invited; NULL once it has ended or taken another name (a new guest who
 * takes the name is another session, and never the invitee). */
static sess *invite_guest(const invite *k)
{
    sess *o = k->to_session ? who_by_id(k->to_session) : NULL;
    return o && strcasecmp(o->name, k->to) == 0 ? o : NULL;
}

int invite_is_for(const invite *k, const sess *s)
{
    if (k->to_account)
        return strcmp(s->account, k->to) == 0;
    return invite_guest(k) == s;
}

/* The same invitee: an account, or one guest's session. */
static int invite_same_invitee(const invite *a, const invite *b)
{
    return a->to_account == b->to_account && a->to_session == b->to_session &&
           strcmp(a->to, b->to) == 0;
}

/* The same inviter: one session of one server (a name is no proof: a
 * guest's may be anybody's). */
static int invite_same_inviter(const invite *a, const invite *b)
{
    return a->session == b->session && strcmp(a->server, b->server) == 0;
}

static void invite_answered(uint64_t session, uint64_t id, int why);

/* Drop what is past its time, a withdrawn one (server, id), and a guest's
 * whose session has ended or taken another name (its inviter is told the
 * guest is not on: guests are invited by their own server alone). */
static void invite_sweep(const char *server, uint64_t id)
{
    long now = (long)time(NULL);
    for (invite **pp = &invite_head; *pp;) {
        invite *k = *pp;
        int gone = !k->to_account && !invite_guest(k);
        if (k->expires <= now || gone ||
            (server && k->id == id && strcmp(k->server, server) == 0)) {
            *pp = k->next;
            if (gone && k->expires > now && !k->server[0])
                invite_answered(k->session, k->id, 'G');
            free(k);
        } else {
            pp = &k->next;
        }
    }
}

int invite_keep(const invite *inv)
{
    invite_sweep(NULL, 0);
    long n = 0;
    for (invite **pp = &invite_head; *pp;) {
        invite *k = *pp;
        if (invite_same_invitee(k, inv) && invite_same_inviter(k, inv)) {
            *pp = k->next;
            free(k);
            continue;
        }
        n++;
        pp = &k->next;
    }
    invite *k = n < INVITE_KEPT_MAX ? malloc(sizeof *k) : NULL;
    if (!k)
        return -1;
    *k = *inv;
    k->role = INVITE_JOIN;
    k->expires = (long)time(NULL) + invite_wait_s;
    k->next = invite_head;
    invite_head = k;
    return 0;
}

int invite_list(sess *s, invite *out, int max)
{
    invite_sweep(NULL, 0);
    int n = 0;
    for (invite *k = invite_head; k && n < max; k = k->next)
        if (invite_is_for(k, s))
            out[n++] = *k;
    return n;
}

int invite_take(sess *s, const char *from, invite *out)
{
    invite_sweep(NULL, 0);
    for (invite **pp = &invite_head; *pp; pp = &(*pp)->next) {
        invite *k = *pp;
        if (!invite_is_for(k, s) || (from && strcasecmp(k->from, from) != 0))
            continue;
        *out = *k;
        out->next = NULL;
        *pp = k->next;
        free(k);
        return 0;
    }
    return -1;
}

void invite_left(const sess *s, int gone)
{
    for (invite **pp = &invite_head; *pp;) {
        invite *k = *pp;
        if (!k->to_account && k->to_session == s->id &&
            (gone || strcasecmp(s->name, k->to) != 0)) {
            *pp = k->next;
            if (!k->server[0])
                invite_answered(k->session, k->id, 'G');
            free(k);
        } else {
            pp = &k->next;
        }
    }
}

/* ---- the inviter's side -------------------------------------------------- */

int invite_guests(const sess *self, const char *name, sess **found, int max)
{
    int n = 0;
    for (sess *o = sess_last(); o; o = o->all_prev)
        if (o != self && who_listed(o) && !o->account[0] &&
            strcasecmp(o->name, name) == 0) {
            if (n < max)
                found[n] = o;
            n++;
        }
    return n;
}

void invite_init(sess *s, invite *inv, const char *game, const char *to,
                 const char *to_name, int to_account, const sess *guest)
{
    memset(inv, 0, sizeof *inv);
    inv->role = INVITE_SEND;
    /* Numbered from the clock, so a line about an invitation of a run
     * before a restart never names one of this run. */
    if (!invite_next_id)
        invite_next_id = (uint64_t)time(NULL) << 16;
    inv->id = ++invite_next_id;
    snprintf(inv->game, sizeof inv->game, "%s", game);
    /* '!' is in no game's key: nobody else asks for this one. */
    snprintf(inv->key, sizeof inv->key, "%s!invite!%s!%llu", game,
             xlobby_server(), (unsigned long long)inv->id);
    acct_name_show(s->name, inv->from);
    inv->session = s->id;
    if (guest && !to_account) {
        /* The guest as it is called now, bound to its session. */
        to = to_name = guest->name;
        inv->to_session = guest->id;
    }
    snprintf(inv->to, sizeof inv->to, "%s", to);
    acct_name_show(to_name, inv->to_name);
    inv->to_account = to_account;
}

int invite_reachable(const invite *inv)
{
    if (!inv->to_account) {
        sess *o = invite_guest(inv);
        return o && who_listed(o);
    }
    for (sess *o = sess_first(); o; o = o->all_next)
        if (who_listed(o) && strcmp(o->account, inv->to) == 0)
            return 1;
    char server[32];
    return xlobby_active() && msg_server_of(inv->to_name, server);
}

int invite_for(const invite *inv, const char *key)
{
    return strcmp(inv->game, key) == 0;
}

/* Put the invitation's line before the invitee here: an account's
 * sessions, or the one guest's; how many were told. */
static int invite_show_here(const invite *inv, const char *line)
{
    if (inv->to_account)
        return msg_show_local(inv->to, NULL, line);
    sess *o = invite_guest(inv);
    if (o)
        sess_notice(o, line, 0);
    return o != NULL;
}

/* Tell the invitee: here, or through the relay on their server.  0, or -1
 * when they are not on to be told. */
static int invite_tell(invite *inv)
{
    char line[SESS_NOTICE_MAX];
    invite_notice_line(inv, line, sizeof line);
    /* A guest gone already is not kept for (the sweep would tell this
     * inviter, who is told here). */
    if ((!inv->to_account && !invite_guest(inv)) || invite_keep(inv) != 0)
        return -1;
    if (invite_show_here(inv, line))
        return 0;
    invite_sweep("", inv->id);          /* not here after all */
    char server[32];
    if (!inv->to_account || !xlobby_active() ||
        !msg_server_of(inv->to_name, server))
        return -1;
    char from[2 * SESS_NAME + 1], to[2 * SESS_NAME + 1], relay[192];
    msg_hex(from, sizeof from, inv->from);
    msg_hex(to, sizeof to, inv->to);
    snprintf(relay, sizeof relay, "I %llu %llu %ld %s %s %s",
             (unsigned long long)inv->id, (unsigned long long)inv->session,
             inv->seat, inv->game, from, to);
    if (relay_send(server, relay) != 0)
        return -1;
    snprintf(inv->to_server, sizeof inv->to_server, "%s", server);
    return 0;
}

/* The inviter stopped waiting: the invitation lapses where it is kept. */
static void invite_withdraw(const invite *inv)
{
    if (!inv->to_server[0]) {
        invite_sweep("", inv->id);
        return;
    }
    char relay[64];
    snprintf(relay, sizeof relay, "X %llu", (unsigned long long)inv->id);
    relay_send(inv->to_server, relay);
}

/* The invitee answered no (D), or was not there (G): the inviter's wait
 * ends. */
static void invite_answered(uint64_t session, uint64_t id, int why)
{
    sess *h = who_by_id(session);
    if (!h || !h->invite || h->invite->role != INVITE_SEND ||
        h->invite->id != id || !h->lobby_key)
        return;
    h->invite->why = why;
    h->lobby_cancel = 1;
    sess_wake(h);
}

static int invite_send_meet(sess *io, invite *inv, tty_io **peer)
{
    long seat = 0;
    if (xlobby_active()) {
        /* Seated under its own key, so that the invitee's server can ask
         * for exactly this seat. */
        seat = xlobby_seat(io, inv->key);
        if (seat <= 0) {
            tty_msg(io, "THE LOBBY CANNOT BE REACHED JUST NOW.\n");
            return tty_hungup(io) ? TTY_EOF : TTY_CANCEL;
        }
    }
    inv->seat = seat;
    io->xseat = seat;
    lobby_add(io, inv->key);
    int rc;
    if (invite_tell(inv) != 0) {
        lobby_remove(io);
        tty_printf(io, "%s IS NOT ON NOW.\n", inv->to_name);
        rc = TTY_CANCEL;
    } else {
        char guest[48] = "";
        if (inv->to_session)
            snprintf(guest, sizeof guest, " guest_session=%llu",
                     (unsigned long long)inv->to_session);
        srv_log("invite %s %s session=%llu to=%s game=%s%s", io->ops->name,
                io->peer, (unsigned long long)io->id, inv->to, inv->game,
                guest);
        char waiting[200], span[32];
        invite_span(span, sizeof span);
        snprintf(waiting, sizeof waiting, "INVITATION SENT: WAITING FOR %s "
                 "TO JOIN YOU.\nPRESS Q OR ESCAPE TO GIVE UP (IT LAPSES IN "
                 "%s).\n", inv->to_name, span);
        rc = lobby_wait_until(io, waiting, peer,
                              sess_now_ms() + invite_wait_s * 1000ULL);
        if (rc != TTY_LOBBY_HOST)
            invite_withdraw(inv);
    }
    io->xseat = 0;
    if (seat)
        xlobby_unseat(io, seat);
    if (rc == TTY_TIMEOUT)
        tty_printf(io, "%s HAS NOT ANSWERED: THE INVITATION HAS LAPSED.\n",
                   inv->to_name);
    else if (inv->why == 'D')
        tty_printf(io, "%s DECLINES YOUR INVITATION.\n", inv->to_name);
    else if (inv->why == 'G')
        tty_printf(io, "%s IS NOT ON NOW.\n", inv->to_name);
    return rc == TTY_TIMEOUT ? TTY_CANCEL : rc;
}

/* ---- the invitee's side -------------------------------------------------- */

static int invite_join_meet(sess *io, invite *inv)
{
    if (!inv->server[0]) {
        sess *h = who_by_id(inv->session);
        if (h && h != io && h->invite && h->invite->role == INVITE_SEND &&
            h->invite->id == inv->id && h->lobby_key &&
            strcmp(h->lobby_key, h->invite->key) == 0)
            return lobby_join(io, h);
    } else if (xlobby_active()) {
        int rc = xlobby_join_seat(io, inv->server, inv->seat);
        if (rc != TTY_CANCEL)
            return rc;
    }
    tty_printf(io, "%s IS NO LONGER WAITING: THE INVITATION HAS LAPSED.\n",
               inv->from);
    return tty_hungup(io) ? TTY_EOF : TTY_CANCEL;
}

int invite_meet(sess *io, const char *waiting, tty_io **peer)
{
    (void)waiting;              /* the invitation says whom it waits for */
    invite *inv = io->invite;
    if (inv->role == INVITE_SEND)
        return invite_send_meet(io, inv, peer);
    return invite_join_meet(io, inv);
}

void invite_decline(const invite *inv)
{
    if (!inv->server[0]) {
        invite_answered(inv->session, inv->id, 'D');
        return;
    }
    char relay[96];
    snprintf(relay, sizeof relay, "V %llu %llu D",
             (unsigned long long)inv->id, (unsigned long long)inv->session);
    relay_send(inv->server, relay);
}

int invite_admits(const invite *inv, const char *name, const char *account)
{
    (void)name;                 /* a name proves nothing: the key does */
    return inv->role == INVITE_SEND && inv->to_account &&
           strcmp(account, inv->to) == 0;
}

/* ---- lines from other servers -------------------------------------------- */

/* I ID SESSION SEAT GAME FROM TO: keep it, tell the invitee. */
static void invite_line_i(const char *from, char *args)
{
    unsigned long long id, session;
    long seat;
    char game[16], hfrom[64], hto[64];
    invite inv = { .role = INVITE_JOIN, .to_account = 1 };
    if (sscanf(args, "%llu %llu %ld %15s %63s %63s", &id, &session,
               &seat, game, hfrom, hto) != 6 || seat <= 0 ||
        !tty_game_find(game) || msg_unhex(inv.from, sizeof inv.from, hfrom) ||
        msg_unhex(inv.to, sizeof inv.to, hto))
        return;
    /* What is shown of a player of another server is made safe here. */
    char shown[ACCT_NAME_SIZE];
    acct_name_show(inv.from, shown);
    snprintf(inv.from, sizeof inv.from, "%s", shown);
    inv.id = id;
    inv.session = session;
    inv.seat = seat;
    snprintf(inv.game, sizeof inv.game, "%s", game);
    snprintf(inv.server, sizeof inv.server, "%s", from);
    char line[SESS_NOTICE_MAX];
    invite_notice_line(&inv, line, sizeof line);
    if (invite_keep(&inv) == 0 && msg_show_local(inv.to, NULL, line))
        return;
    invite_sweep(from, inv.id);
    char relay[96];
    snprintf(relay, sizeof relay, "V %llu %llu G", id, session);
    relay_send(from, relay);
}

int invite_relay_line(const char *from, char type, char *args)
{
    unsigned long long id, session;
    char why;
    switch (type) {
    case 'I':
        invite_line_i(from, args);
        return 1;
    case 'V':
        if (sscanf(args, "%llu %llu %c", &id, &session, &why) == 3 &&
            (why == 'D' || why == 'G'))
            invite_answered(session, id, why);
        return 1;
    case 'X':
        if (sscanf(args, "%llu", &id) == 1)
            invite_sweep(from, id);
        return 1;
    default:
        return 0;
    }
}
