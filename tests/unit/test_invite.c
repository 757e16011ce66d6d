/*
 * test_invite.c - whom an invitation is for (server/lobby/invite.h): an
 * account by its key, any of its sessions; a guest as the one session
 * that bore the name when it was invited.  The players are sessions on
 * lines of the test's own:
 *   - a session is found by its id (the index the sweep looks through);
 *   - the guests a name finds are those on, on longest first, never the
 *     inviter or an account;
 *   - a guest's invitation is listed, taken and declined by its session
 *     only: a second guest of the same name finds nothing, and no far
 *     player is admitted to its seat;
 *   - it lapses when the session ends (told, or found by the sweep) or
 *     takes another name, and the waiting inviter is told the guest is
 *     not on; a new guest taking the name later finds nothing;
 *   - an account's invitation is its account's, on any of its sessions,
 *     and outlives a session of it;
 *   - one kept per inviter's session and invitee: a second inviter of the
 *     same name is another inviter.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "coro.h"
#include "invite.h"
#include "profile.h"
#include "sess.h"
#include "srv.h"
#include "testutil.h"
#include "who.h"

/* ---- the players ------------------------------------------------------- */

static void tl_send(sess *s, const char *p, size_t n)
{
    (void)s, (void)p, (void)n;
}

static size_t tl_backlog(sess *s)
{
    (void)s;
    return 0;
}

static void tl_close(sess *s)
{
    sess_unref(s);
}

static const sess_ops tl_ops = {
    .name = "test",
    .send = tl_send,
    .backlog = tl_backlog,
    .close = tl_close,
};

static void never_run(void *arg)
{
    (void)arg;
}

/* A player on, as the lists count one: a session with a coroutine (which
 * never runs here).  account "" for a guest. */
static sess *player_new(const char *name, const char *account)
{
    if (!srv_loop) {
        srv_loop = uv_default_loop();
        srv_conf_defaults();
    }
    sess *s = sess_new(&tl_ops, NULL, "10.0.0.1:1000",
                       profile_find("glass"));
    snprintf(s->name, sizeof s->name, "%s", name);
    snprintf(s->account, sizeof s->account, "%s", account);
    s->co = coro_new(never_run, NULL, 64 * 1024);
    ck_assert_ptr_nonnull(s->co);
    sess_ref(s);                /* the coroutine's, as sess_start takes */
    return s;
}

/* The session is over, as sess_finish ends one (without the menu's word
 * to the invitations: the sweep finds it gone). */
static void player_gone(sess *s)
{
    coro_free(s->co);
    s->co = NULL;
    s->eof = 1;
    if (!s->closed) {
        s->closed = 1;
        s->ops->close(s);
    }
    sess_unref(s);
}

/* The players of a test go (a NULL ends the list): their timers closed
 * and the sessions freed. */
static void all_gone(sess *first, ...)
{
    va_list ap;
    va_start(ap, first);
    for (sess *s = first; s; s = va_arg(ap, sess *)) {
        s->invite = NULL;       /* the test's own, on its stack */
        player_gone(s);
    }
    va_end(ap);
    uv_run(srv_loop, UV_RUN_DEFAULT);
}

/* The waiting inviter was told the guest invited is not on (its wait
 * cancelled, as the lobby then ends it); ready to be told again. */
static void told_gone(sess *inviter, const invite *inv)
{
    ck_assert_int_eq(inv->why, 'G');
    ck_assert_int_eq(inviter->lobby_cancel, 1);
    inviter->lobby_cancel = 0;
}

/* inviter invites the guest `guest` (NULL: the account key to), as the
 * menu's I does, and waits for the answer as its tty_lobby would; the
 * copy kept for the invitee. */
static void invites(sess *inviter, invite *inv, const char *to,
                    const sess *guest)
{
    invite_init(inviter, inv, "backgammon", to, guest ? guest->name : to,
                guest == NULL, guest);
    ck_assert_int_eq(invite_keep(inv), 0);
    inviter->invite = inv;
    free(inviter->lobby_key);
    inviter->lobby_key = strdup(inv->key);
}

static int listed(sess *s)
{
    invite out[8];
    return invite_list(s, out, 8);
}

/* Take everything left for s off the list. */
static void take_all(sess *s)
{
    invite out;
    while (invite_take(s, NULL, &out) == 0)
        ;
}

/* ---- the tests --------------------------------------------------------- */

/* The list's two ends: sess_last is the oldest on, whichever sessions
 * leave (the newest, the oldest, one between) or come. */
START_TEST(the_oldest_session_ends_the_list)
{
    sess *a = player_new("A", ""), *b = player_new("B", "");
    sess *c = player_new("C", "");
    ck_assert_ptr_eq(sess_last(), a);
    ck_assert_ptr_eq(sess_first(), c);
    player_gone(b);
    ck_assert_ptr_eq(sess_last(), a);
    ck_assert_ptr_eq(a->all_prev, c);
    player_gone(a);
    ck_assert_ptr_eq(sess_last(), c);
    sess *d = player_new("D", "");
    ck_assert_ptr_eq(sess_last(), c);
    player_gone(c);
    ck_assert_ptr_eq(sess_last(), d);
    ck_assert_ptr_eq(sess_first(), d);
    player_gone(d);
    ck_assert_ptr_null(sess_last());
    ck_assert_ptr_null(sess_first());
    all_gone(NULL);             /* their timers closed */
}
END_TEST

/* who_by_id finds each live session by its id through the id index,
 * with more sessions than buckets (ids a bucket apart share one), after
 * others leave and after an id is set again; an ended session's id
 * finds nothing. */
START_TEST(a_session_is_found_by_its_id)
{
    enum { N = 4096 + 100 };
    sess **s = malloc(N * sizeof *s);
    player_new("FIRST", "");    /* the loop and settings, as every test */
    player_gone(sess_first());
    for (int i = 0; i < N; i++)
        s[i] = sess_new(&tl_ops, NULL, "10.0.0.1:1000",
                        profile_find("glass"));
    for (int i = 0; i < N; i++)
        ck_assert_ptr_eq(who_by_id(s[i]->id), s[i]);
    /* Every other one leaves, the last one included. */
    uint64_t gone[N / 2 + 1];
    int ng = 0;
    for (int i = 1; i < N; i += 2) {
        gone[ng++] = s[i]->id;
        s[i]->closed = 1;
        s[i]->ops->close(s[i]);
        s[i] = NULL;
    }
    for (int i = 0; i < ng; i++)
        ck_assert_ptr_null(who_by_id(gone[i]));
    for (int i = 0; i < N; i += 2)
        ck_assert_ptr_eq(who_by_id(s[i]->id), s[i]);
    /* A new id (as a line of the test harness is numbered): found by it,
     * not by the old one. */
    uint64_t old = s[0]->id;
    sess_set_id(s[0], old + 1000003);
    ck_assert_ptr_eq(who_by_id(old + 1000003), s[0]);
    ck_assert_ptr_null(who_by_id(old));
    ck_assert_ptr_eq(who_by_id(s[2]->id), s[2]);
    for (int i = 0; i < N; i += 2) {
        s[i]->closed = 1;
        s[i]->ops->close(s[i]);
    }
    ck_assert_ptr_null(sess_first());
    ck_assert_ptr_null(who_by_id(old + 1000003));
    uv_run(srv_loop, UV_RUN_DEFAULT);
    free(s);
}
END_TEST

START_TEST(a_name_finds_the_guests_on_longest_first)
{
    sess *ann = player_new("ANN", "");
    sess *bob1 = player_new("BOB", "");
    sess *acct = player_new("Bob", "bob");      /* an account: not a guest */
    sess *bob2 = player_new("bob", "");
    sess *found[4];
    ck_assert_int_eq(invite_guests(ann, "Bob", found, 4), 2);
    ck_assert_ptr_eq(found[0], bob1);
    ck_assert_ptr_eq(found[1], bob2);
    /* never the one who asks */
    ck_assert_int_eq(invite_guests(bob1, "BOB", found, 4), 1);
    ck_assert_ptr_eq(found[0], bob2);
    /* counted past max */
    ck_assert_int_eq(invite_guests(ann, "BOB", found, 1), 2);
    ck_assert_ptr_eq(found[0], bob1);
    /* a line that has hung up is not on */
    bob1->eof = 1;
    ck_assert_int_eq(invite_guests(ann, "BOB", found, 4), 1);
    ck_assert_ptr_eq(found[0], bob2);
    ck_assert_int_eq(invite_guests(ann, "CAROL", found, 4), 0);
    all_gone(ann, bob1, acct, bob2, NULL);
}
END_TEST

START_TEST(a_guests_invitation_is_its_sessions_alone)
{
    sess *ann = player_new("ANN", "");
    sess *bob = player_new("BOB", "");
    sess *other = player_new("Bob", "");        /* the same name */
    invite inv, out;
    invites(ann, &inv, "bob", bob);
    ck_assert_str_eq(inv.to, "BOB");           /* as the guest is called */
    ck_assert(inv.to_session == bob->id);
    ck_assert_int_eq(inv.to_account, 0);
    ck_assert_int_eq(invite_reachable(&inv), 1);
    ck_assert_int_eq(invite_is_for(&inv, bob), 1);
    ck_assert_int_eq(invite_is_for(&inv, other), 0);
    ck_assert_int_eq(listed(bob), 1);
    ck_assert_int_eq(listed(other), 0);
    ck_assert_int_eq(invite_take(other, "ANN", &out), -1);
    ck_assert_int_eq(invite_take(other, NULL, &out), -1);
    /* no guest of another server takes the invitation's seat */
    ck_assert_int_eq(invite_admits(&inv, "BOB", ""), 0);
    ck_assert_int_eq(invite_admits(&inv, "BOB", "bob"), 0);
    /* its own session takes it */
    ck_assert_int_eq(invite_take(bob, "ann", &out), 0);
    ck_assert(out.id == inv.id);
    ck_assert(out.to_session == bob->id);
    ck_assert_int_eq(listed(bob), 0);
    ck_assert_int_eq(inv.why, 0);               /* nobody told a thing */
    all_gone(ann, bob, other, NULL);
}
END_TEST

START_TEST(a_guests_invitation_lapses_with_its_session)
{
    sess *ann = player_new("ANN", "");
    sess *bob = player_new("BOB", "");
    invite inv;
    invites(ann, &inv, "BOB", bob);
    /* the session ends (the menu's last word): ANN is told at once */
    invite_left(bob, 1);
    told_gone(ann, &inv);
    ck_assert_int_eq(listed(bob), 0);
    bob->eof = 1;               /* its line is over */
    ck_assert_int_eq(invite_reachable(&inv), 0);
    /* a new guest takes the name: nothing for it */
    sess *bob2 = player_new("BOB", "");
    ck_assert_int_eq(listed(bob2), 0);

    /* a session that ends without a word: the sweep finds it gone */
    invite inv2;
    invites(ann, &inv2, "BOB", bob2);
    ck_assert_int_eq(listed(bob2), 1);
    player_gone(bob2);
    sess *bob3 = player_new("BOB", "");
    ck_assert_int_eq(listed(bob3), 0);
    told_gone(ann, &inv2);
    all_gone(ann, bob, bob3, NULL);
}
END_TEST

START_TEST(a_guests_invitation_lapses_with_its_name)
{
    sess *ann = player_new("ANN", "");
    sess *bob = player_new("BOB", "");
    invite inv;
    invites(ann, &inv, "BOB", bob);
    /* the same name, another case: still the guest invited */
    snprintf(bob->name, sizeof bob->name, "Bob");
    invite_left(bob, 0);
    ck_assert_int_eq(inv.why, 0);
    ck_assert_int_eq(listed(bob), 1);
    /* another name (N at the menu): no longer the guest invited */
    snprintf(bob->name, sizeof bob->name, "ROB");
    invite_left(bob, 0);
    told_gone(ann, &inv);
    ck_assert_int_eq(listed(bob), 0);
    /* taking the name back does not bring it back */
    snprintf(bob->name, sizeof bob->name, "BOB");
    ck_assert_int_eq(listed(bob), 0);
    all_gone(ann, bob, NULL);
}
END_TEST

START_TEST(an_accounts_invitation_is_its_accounts)
{
    sess *ann = player_new("ANN", "ann");
    sess *bob1 = player_new("BOB", "bob");
    sess *bob2 = player_new("BOB", "bob");      /* a second session */
    sess *guest = player_new("BOB", "");        /* a guest: not BOB */
    invite inv;
    invites(ann, &inv, "bob", NULL);
    ck_assert(inv.to_session == 0);
    ck_assert_int_eq(invite_reachable(&inv), 1);
    ck_assert_int_eq(listed(bob1), 1);
    ck_assert_int_eq(listed(bob2), 1);
    ck_assert_int_eq(listed(guest), 0);
    /* the account's seat across servers: the account alone */
    ck_assert_int_eq(invite_admits(&inv, "BOB", "bob"), 1);
    ck_assert_int_eq(invite_admits(&inv, "BOB", ""), 0);
    /* a session of it ends: the account is still invited */
    invite_left(bob1, 1);
    bob1->eof = 1;
    ck_assert_int_eq(inv.why, 0);
    ck_assert_int_eq(listed(bob2), 1);
    take_all(bob2);
    all_gone(ann, bob1, bob2, guest, NULL);
}
END_TEST

START_TEST(one_kept_per_inviter_and_invitee)
{
    sess *ann1 = player_new("ANN", "");
    sess *ann2 = player_new("ANN", "");         /* another guest ANN */
    sess *bob = player_new("BOB", "");
    invite a, b, c;
    invites(ann1, &a, "BOB", bob);
    invites(ann2, &b, "BOB", bob);
    /* the second ANN's does not take the first one's place */
    ck_assert_int_eq(listed(bob), 2);
    /* the first ANN's new one replaces her own */
    invites(ann1, &c, "BOB", bob);
    invite out[8];
    ck_assert_int_eq(invite_list(bob, out, 8), 2);
    ck_assert(out[0].id == c.id);
    ck_assert(out[1].id == b.id);
    take_all(bob);
    all_gone(ann1, ann2, bob, NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("invite");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, the_oldest_session_ends_the_list);
    tcase_add_test(tc, a_session_is_found_by_its_id);
    tcase_add_test(tc, a_name_finds_the_guests_on_longest_first);
    tcase_add_test(tc, a_guests_invitation_is_its_sessions_alone);
    tcase_add_test(tc, a_guests_invitation_lapses_with_its_session);
    tcase_add_test(tc, a_guests_invitation_lapses_with_its_name);
    tcase_add_test(tc, an_accounts_invitation_is_its_accounts);
    tcase_add_test(tc, one_kept_per_inviter_and_invitee);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
