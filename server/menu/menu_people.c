/*
 * menu_people.c - the menu's M (messages and players) and the choices an
 * account keeps.
 *
 * M: read one's messages, write to a player, a player's page (when
 * registered and last seen, ratings, latest games: FIBS's and telehack's
 * finger), who may write to one (everyone, accounts only, nobody), the
 * names one will not hear from, and invitations to a two-player game
 * (invite a player; join or decline one who invited you: invite.h).  The terminal, the word list and the
 * teletype speed chosen at the menu are kept with the account and are the
 * session's again at the next login, whatever door it comes through.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "acct.h"
#include "invite.h"
#include "menu.h"
#include "menu_people.h"
#include "msg.h"
#include "people.h"
#include "presence.h"
#include "rating.h"
#include "registry.h"
#include "store_main.h"
#include "store_people.h"
#include "who.h"

#define MP_LINE 240
#define MP_BLOCKS_MAX 16
#define MP_RESULTS 5
#define MP_GUESTS 9             /* guests of one name offered to choose */

/* ---- the store, on a worker --------------------------------------------- */

typedef struct mp_job {
    enum { MP_UNSEEN, MP_GET, MP_SET, MP_LIST, MP_BLOCKS, MP_BLOCK,
           MP_PAGE, MP_SEEN } op;
    char key[ACCT_NAME_SIZE];           /* the account asked about */
    char what[32];                      /* a setting's key */
    char value[STORE_SETTING_SIZE];
    char other[ACCT_NAME_SIZE];         /* a name to block */
    int on, rc, n;
    store_msg msgs[10];
    char blocks[MP_BLOCKS_MAX][STORE_NAME_SIZE];
    people_page page;                   /* a player's page */
} mp_job;

static void mp_run(void *arg, const volatile int *cancel)
{
    mp_job *j = arg;
    (void)cancel;
    store *st = store_main;
    switch (j->op) {
    case MP_SEEN:
        j->rc = store_seen_set(st, j->key, (long)time(NULL));
        break;
    case MP_UNSEEN:
        j->n = store_msg_unseen(st, j->key);
        j->rc = j->n < 0 ? TTY_FAILED : TTY_OK;
        break;
    case MP_GET:
        j->rc = store_setting_get(st, j->key, j->what, j->value);
        break;
    case MP_SET:
        j->rc = store_setting_set(st, j->key, j->what,
                                  j->value[0] ? j->value : NULL);
        break;
    case MP_LIST:
        j->n = store_msg_list(st, j->key, 0, j->msgs, 10);
        j->rc = j->n < 0 ? TTY_FAILED : TTY_OK;
        if (j->n > 0)
            store_msg_seen(st, j->key, j->msgs[j->n - 1].id);
        break;
    case MP_BLOCKS:
        j->n = store_block_list(st, j->key, j->blocks, MP_BLOCKS_MAX);
        j->rc = j->n < 0 ? TTY_FAILED : TTY_OK;
        break;
    case MP_BLOCK:
        j->rc = store_block_set(st, j->key, j->other, j->on);
        break;
    case MP_PAGE:
        j->rc = people_read(st, j->key, MP_RESULTS, &j->page);
        break;
    }
}

static int mp_work(sess *s, mp_job *j)
{
    if (!store_main) {
        j->rc = TTY_NOSTORE;
        return 0;
    }
    return tty_work(s, mp_run, j);
}

/* ---- choices kept with the account ---------------------------------------- */

void mpeople_keep(sess *s, const char *what, const char *value)
{
    if (!s->account[0] || !store_main)
        return;
    mp_job *j = calloc(1, sizeof *j);
    if (!j)
        return;
    j->op = MP_SET;
    snprintf(j->key, sizeof j->key, "%s", s->account);
    snprintf(j->what, sizeof j->what, "%s", what);
    snprintf(j->value, sizeof j->value, "%s", value ? value : "");
    if (mp_work(s, j) != TTY_EOF && j->rc != TTY_OK)
        tty_msg(s, "(THAT CHOICE COULD NOT BE KEPT WITH YOUR ACCOUNT JUST "
                   "NOW: IT HOLDS FOR THIS SESSION.)\n");
    free(j);
}

/* One kept choice: 1 with it in value. */
static int mp_kept(sess *s, const char *what, char *value, size_t size)
{
    mp_job j = { .op = MP_GET };
    snprintf(j.key, sizeof j.key, "%s", s->account);
    snprintf(j.what, sizeof j.what, "%s", what);
    if (mp_work(s, &j) == TTY_EOF || j.rc != TTY_OK)
        return 0;
    snprintf(value, size, "%s", j.value);
    return 1;
}

void mpeople_login(sess *s)
{
    if (!s->account[0] || !store_main)
        return;
    char v[STORE_SETTING_SIZE];
    const profile *p;
    if (mp_kept(s, "terminal", v, sizeof v) && (p = profile_find(v)))
        sess_set_profile(s, p);
    if (mp_kept(s, "wordlist", v, sizeof v))
        sess_set_option(s, "wordlist", v);
    if (mp_kept(s, "speed", v, sizeof v))
        sess_set_baud(s, atoi(v), 0);
    mpeople_seen(s);
    mp_job j = { .op = MP_UNSEEN };
    snprintf(j.key, sizeof j.key, "%s", s->account);
    if (mp_work(s, &j) != TTY_EOF && j.rc == TTY_OK && j.n > 0)
        tty_printf(s, "YOU HAVE %d NEW MESSAGE%s (M READS %s).\n", j.n,
                   j.n == 1 ? "" : "S", j.n == 1 ? "IT" : "THEM");
}

void mpeople_seen(sess *s)
{
    if (!s->account[0] || !store_main)
        return;
    mp_job j = { .op = MP_SEEN };
    snprintf(j.key, sizeof j.key, "%s", s->account);
    mp_work(s, &j);
}

/* ---- the menu's line -------------------------------------------------------- */

void mpeople_show(sess *s)
{
    int n = 0;
    if (s->account[0] && store_main) {
        mp_job j = { .op = MP_UNSEEN };
        snprintf(j.key, sizeof j.key, "%s", s->account);
        if (mp_work(s, &j) != TTY_EOF && j.rc == TTY_OK)
            n = j.n;
    }
    if (n)
        tty_printf(s, "   M  MESSAGES AND PLAYERS (%d NEW)\n", n);
    else
        tty_msg(s, "   M  MESSAGES AND PLAYERS\n");
}

/* ---- reading and writing ---------------------------------------------------- */

static void mp_read(sess *s)
{
    mp_job *j = calloc(1, sizeof *j);
    if (!j)
        return;
    j->op = MP_LIST;
    snprintf(j->key, sizeof j->key, "%s", s->account);
    if (mp_work(s, j) == TTY_EOF) {
        free(j);
        return;
    }
    if (j->rc != TTY_OK)
        tty_msg(s, "YOUR MESSAGES CANNOT BE READ JUST NOW.\n");
    else if (j->n == 0)
        tty_msg(s, "NO MESSAGES.\n");
    for (int i = 0; j->rc == TTY_OK && i < j->n; i++) {
        char name[ACCT_NAME_SIZE], when[32] = "?";
        time_t t = (time_t)j->msgs[i].sent;
        struct tm tm;
        if (localtime_r(&t, &tm))
            strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
        acct_name_show(j->msgs[i].sender, name);
        tty_printf(s, "%s %s%s: %s\n", when, name,
                   j->msgs[i].sender_acct[0] ? "" : " (GUEST)",
                   j->msgs[i].body);
    }
    free(j);
}

static void mp_write(sess *s)
{
    char to[MP_LINE], text[MP_LINE];
    if (tty_ask(s, "TO WHOM (A PLAYER'S NAME; RETURN: BACK)? ", to,
                sizeof to) <= 0)
        return;
    if (tty_ask(s, "YOUR MESSAGE (ONE LINE, UP TO 80 CHARACTERS)? ", text,
                sizeof text) <= 0)
        return;
    char name[ACCT_NAME_SIZE];
    acct_text_show(to, name, sizeof name);
    switch (msg_send(s, to, text)) {
    case MSG_SHOWN:
        tty_printf(s, "SENT: %s HAS IT NOW.\n", name);
        break;
    case MSG_KEPT:
        tty_printf(s, "KEPT FOR %s, WHO WILL SEE IT AT THE NEXT LOGIN.\n",
                   name);
        break;
    case MSG_NO_ONE:
        tty_printf(s, "NOBODY CALLED %s IS ON, AND NO ACCOUNT HAS THAT "
                      "NAME.\n", name);
        break;
    case MSG_REFUSED:
        tty_printf(s, "%s TAKES NO MESSAGES FROM YOU%s.\n", name,
                   s->account[0] ? "" : " (NOT FROM GUESTS)");
        break;
    case MSG_BAD_TEXT:
        tty_msg(s, "A MESSAGE IS 1 TO 80 LETTERS, DIGITS, SPACES AND "
                   "PUNCTUATION: NO CONTROL CHARACTERS.\n");
        break;
    case MSG_TOO_MANY:
        tty_printf(s, "TOO MANY MESSAGES: AT MOST %d A MINUTE. PLEASE WAIT "
                      "A LITTLE.\n", msg_rate_max);
        break;
    default:
        tty_msg(s, "THE MESSAGE COULD NOT BE SENT JUST NOW.\n");
    }
}

/* ---- a player's page ----------------------------------------------------- */

static void mp_when(long t, char *out, size_t size)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (!t || !localtime_r(&tt, &tm) ||
        !strftime(out, size, "%Y-%m-%d %H:%M", &tm))
        snprintf(out, size, "NEVER");
}

void mpeople_page(sess *s, const char *who)
{
    mp_job *j = calloc(1, sizeof *j);
    if (!j)
        return;
    j->op = MP_PAGE;
    acct_name_key(who, j->key);
    if (mp_work(s, j) == TTY_EOF) {
        free(j);
        return;
    }
    char shown[ACCT_NAME_SIZE];
    acct_text_show(who, shown, sizeof shown);
    if (j->rc == TTY_NOTFOUND || j->rc == TTY_NOSTORE) {
        tty_printf(s, "NO ACCOUNT HAS THE NAME %s.\n", shown);
        free(j);
        return;
    }
    if (j->rc != TTY_OK) {
        tty_msg(s, "THE PLAYERS' PAGES CANNOT BE READ JUST NOW.\n");
        free(j);
        return;
    }
    people_page *pg = &j->page;
    acct_name_show(pg->name, shown);
    char created[32], seen[32];
    mp_when(pg->created, created, sizeof created);
    mp_when(pg->seen, seen, sizeof seen);
    created[10] = 0;            /* the day it was registered */
    sess *on = NULL;
    who_find(pg->name, &on, 1);
    tty_printf(s, "\n%s: REGISTERED %s, ", shown, created);
    if (on && on->account[0] && strcmp(on->account, j->key) == 0)
        tty_printf(s, "ON NOW%s%s.\n", on->playing && on->game ? ", " : "",
                   on->playing && on->game ? on->game : "");
    else if (presence_has(pg->name))
        tty_msg(s, "ON NOW, ON ANOTHER SERVER.\n");
    else
        tty_printf(s, "LAST SEEN %s.\n", seen);
    for (int i = 0; i < pg->nrated; i++) {
        const people_rated *r = &pg->rated[i];
        if (r->rated)
            tty_printf(s, "  %-20s RATING %8.2f  %d PLAYED, %d WON\n",
                       r->g->title, r->r.rating, r->r.played, r->r.won);
        else
            tty_printf(s, "  %-20s NOT RATED YET\n", r->g->title);
    }
    if (pg->nresults > 0)
        tty_msg(s, "  LATEST GAMES AGAINST ACCOUNTS:\n");
    for (int i = 0; i < pg->nresults; i++) {
        store_result_row *r = &pg->results[i];
        const tty_game *g = tty_game_find(r->game);
        char when[32], them[ACCT_NAME_SIZE], len[32] = "";
        mp_when(r->at, when, sizeof when);
        acct_name_show(r->opponent, them);
        if (strcmp(r->game, "backgammon") == 0)
            snprintf(len, sizeof len, " (%d POINT%s)", r->length,
                     r->length == 1 ? "" : "S");
        tty_printf(s, "    %s  %-14.14s %s %s%s%s\n", when,
                   g ? g->title : r->game,
                   r->won == 2 ? "DREW WITH" : r->won ? "BEAT" : "LOST TO",
                   them, len,
                   strcmp(r->how, "abandoned") == 0 ? ", ABANDONED" :
                   strcmp(r->how, "resigned") == 0 ? ", RESIGNED" : "");
    }
    free(j);
}

/* ---- who may write, and blocks ------------------------------------------- */

static void mp_policy(sess *s)
{
    char line[16];
    if (tty_ask(s, "WHO MAY WRITE TO YOU: E EVERYONE, A ACCOUNTS ONLY (NO "
                   "GUESTS), N NOBODY (RETURN: AS IT IS)? ", line,
                sizeof line) <= 0)
        return;
    int c = toupper((unsigned char)line[0]);
    int p = c == 'E' ? MSG_FROM_EVERYONE : c == 'A' ? MSG_FROM_ACCOUNTS
          : c == 'N' ? MSG_FROM_NOBODY : -1;
    if (p < 0) {
        tty_msg(s, "TYPE E, A OR N.\n");
        return;
    }
    mpeople_keep(s, "messages", msg_policy_name(p));
}

static void mp_block(sess *s)
{
    mp_job *j = calloc(1, sizeof *j);
    if (!j)
        return;
    j->op = MP_BLOCKS;
    snprintf(j->key, sizeof j->key, "%s", s->account);
    if (mp_work(s, j) == TTY_EOF)
        goto out;
    tty_msg(s, "YOU BLOCK:");
    for (int i = 0; i < j->n; i++) {
        char shown[ACCT_NAME_SIZE];
        acct_name_show(j->blocks[i], shown);
        for (char *p = shown; *p; p++)
            *p = (char)toupper((unsigned char)*p);
        tty_printf(s, " %s", shown);
    }
    tty_msg(s, j->n > 0 ? "\n" : " NOBODY\n");
    char line[MP_LINE];
    if (tty_ask(s, "A NAME TO BLOCK OR UNBLOCK (RETURN: BACK)? ", line,
                sizeof line) <= 0)
        goto out;
    char key[ACCT_NAME_SIZE];
    acct_name_key(line, key);
    int had = 0;
    for (int i = 0; i < j->n; i++)
        had |= strcmp(j->blocks[i], key) == 0;
    j->op = MP_BLOCK;
    snprintf(j->other, sizeof j->other, "%s", key);
    j->on = !had;
    if (mp_work(s, j) == TTY_EOF)
        goto out;
    char shown[ACCT_NAME_SIZE];
    acct_text_show(line, shown, sizeof shown);
    if (j->rc != TTY_OK)
        tty_msg(s, "THAT COULD NOT BE KEPT JUST NOW.\n");
    else
        tty_printf(s, had ? "%s MAY WRITE TO YOU AGAIN.\n"
                          : "YOU WILL NOT HEAR FROM %s.\n", shown);
out:
    free(j);
}

/* ---- invitations -------------------------------------------------------- */

/* Play g straight at its two-terminal step, where tty_lobby meets only
 * the pair of invitation inv (sent or accepted). */
static void mp_play_invited(sess *s, const tty_game *g, invite *inv)
{
    tty_launch launch = { .two = 1 };
    s->invite = inv;
    menu_run_game(s, g, &launch);
    s->invite = NULL;
}

/* The guest called `to` (shown as name) whom s invites: the one on, or,
 * when several guests share the name (it is none of theirs), the one s
 * chooses from them as the players' list shows them, those on longest
 * first.  NULL, s told why, when there is none or none was chosen. */
static sess *mp_guest(sess *s, const char *to, const char *name)
{
    sess *found[MP_GUESTS];
    int n = invite_guests(s, to, found, MP_GUESTS);
    if (n == 1)
        return found[0];
    if (n == 0) {
        tty_printf(s, "%s IS NOT ON NOW.\n", name);
        return NULL;
    }
    int shown = n < MP_GUESTS ? n : MP_GUESTS;
    uint64_t ids[MP_GUESTS];
    char line[160], rating[RATING_SHOWN];
    rating_show(NULL, rating);          /* a guest has no rating */
    tty_printf(s, "%d GUESTS ARE CALLED %s NOW:\n    %s\n", n, name,
               who_public_header());
    for (int i = 0; i < shown; i++) {
        ids[i] = found[i]->id;
        who_public_line(found[i], rating, line, sizeof line);
        tty_printf(s, "%3d %s\n", i + 1, line);
    }
    if (n > shown)
        tty_printf(s, "    ... AND %d MORE\n", n - shown);
    char ask[64], typed[16];
    snprintf(ask, sizeof ask, "INVITE WHICH (1 TO %d; RETURN: BACK)? ", shown);
    if (tty_ask(s, ask, typed, sizeof typed) <= 0)
        return NULL;
    int k = atoi(typed);
    if (k < 1 || k > shown) {
        tty_msg(s, "TYPE A NUMBER FROM THE LIST.\n");
        return NULL;
    }
    /* The list is from a moment ago: the one chosen must still be that
     * guest (a session gone is never found again: ids are not reused). */
    sess *o = who_by_id(ids[k - 1]);
    if (!o || o->account[0] || strcasecmp(o->name, to) != 0) {
        tty_printf(s, "%s IS NOT ON NOW.\n", name);
        return NULL;
    }
    return o;
}

/* I: invite a player who is on to a two-player game, and wait for them
 * in it.  1 if the game was started (back to the main menu after it). */
static int mp_invite(sess *s)
{
    char to[MP_LINE], line[MP_LINE], name[ACCT_NAME_SIZE];
    if (tty_ask(s, "INVITE WHOM (A PLAYER'S NAME; RETURN: BACK)? ", to,
                sizeof to) <= 0)
        return 0;
    acct_text_show(to, name, sizeof name);
    if (tty_ask(s, "TO WHICH GAME, BACKGAMMON OR GUNJIN (RETURN: "
                   "BACKGAMMON)? ", line, sizeof line) < 0)
        return 0;
    const tty_game *g = tty_game_find(line[0] ? line : "backgammon");
    /* The games two players meet in the lobby for are the rated ones. */
    if (!g || !rating_game(g->name) || !g->run) {
        tty_msg(s, "PLAYERS ARE INVITED TO BACKGAMMON OR GUNJIN SHOGI.\n");
        return 0;
    }
    char key[ACCT_NAME_SIZE];
    acct_name_key(to, key);
    if (s->account[0] ? strcmp(key, s->account) == 0
                      : strcasecmp(to, s->name) == 0) {
        tty_msg(s, "YOU CANNOT INVITE YOURSELF.\n");
        return 0;
    }
    msg_whom whom;
    switch (msg_admit(s, to, &whom)) {
    case MSG_SHOWN:
        break;
    case MSG_REFUSED:
        /* as a message is refused: nothing said of why */
        tty_printf(s, "%s TAKES NO MESSAGES OR INVITATIONS FROM YOU%s.\n",
                   name, s->account[0] ? "" : " (NOT FROM GUESTS)");
        return 0;
    case MSG_TOO_MANY:
        tty_printf(s, "TOO MANY MESSAGES AND INVITATIONS: AT MOST %d A "
                      "MINUTE. PLEASE WAIT A LITTLE.\n", msg_rate_max);
        return 0;
    default:
        tty_msg(s, "THE INVITATION COULD NOT BE SENT JUST NOW.\n");
        return 0;
    }
    /* An account is invited by its key; a guest as the one session that
     * bears the name now. */
    sess *guest = whom.account ? NULL : mp_guest(s, to, name);
    if (!whom.account && !guest)
        return 0;
    invite inv;
    invite_init(s, &inv, g->name, whom.account ? whom.key : to, whom.name,
                whom.account, guest);
    if (!invite_reachable(&inv)) {
        tty_printf(s, "%s IS NOT ON NOW.\n", name);
        return 0;
    }
    mp_play_invited(s, g, &inv);
    return 1;
}

/* The invitation from `from` (NULL: the newest), taken off the list; or
 * -1, the player told there is none. */
static int mp_take(sess *s, const char *from, invite *inv)
{
    char shown[ACCT_NAME_SIZE] = "";
    if (from)
        acct_text_show(from, shown, sizeof shown);
    if (invite_take(s, from, inv) == 0)
        return 0;
    if (from)
        tty_printf(s, "%s HAS NOT INVITED YOU (OR THE INVITATION HAS "
                      "LAPSED).\n", shown);
    else
        tty_msg(s, "NOBODY HAS INVITED YOU.\n");
    return -1;
}

int mpeople_join(sess *s, const char *from)
{
    invite inv;
    if (mp_take(s, from, &inv) != 0)
        return 0;
    const tty_game *g = tty_game_find(inv.game);
    if (!g || !g->run)
        return 0;
    mp_play_invited(s, g, &inv);
    return 1;
}

void mpeople_decline(sess *s, const char *from)
{
    invite inv;
    if (mp_take(s, from, &inv) != 0)
        return;
    invite_decline(&inv);
    tty_printf(s, "%s IS TOLD YOU DECLINE.\n", inv.from);
}

/* Which invitation J or D answers: the one named, or the only one. */
static const char *mp_which(sess *s, const invite *inv, int n, char *line,
                            size_t size)
{
    if (n <= 1)
        return NULL;
    char ask[96];
    snprintf(ask, sizeof ask, "WHOSE INVITATION (RETURN: %s)? ", inv[0].from);
    if (tty_ask(s, ask, line, size) < 0)
        return "";
    return line[0] ? line : NULL;
}

/* ---- M --------------------------------------------------------------------- */

void mpeople_menu(sess *s)
{
    for (;;) {
        char policy[STORE_SETTING_SIZE] = "accounts", line[MP_LINE];
        int acct = s->account[0] && store_main;
        tty_msg(s, "\nMESSAGES AND PLAYERS\n");
        if (acct) {
            mp_kept(s, "messages", policy, sizeof policy);
            tty_msg(s, "   R  READ YOUR MESSAGES\n");
        }
        tty_msg(s, "   W  WRITE TO A PLAYER\n"
                   "   F  A PLAYER'S PAGE\n");
        if (acct) {
            int p = msg_policy_parse(policy);
            tty_printf(s, "   E  WHO MAY WRITE TO YOU: %s\n",
                       p == MSG_FROM_EVERYONE ? "EVERYONE"
                       : p == MSG_FROM_NOBODY ? "NOBODY"
                                              : "ACCOUNTS (NO GUESTS)");
            tty_msg(s, "   B  BLOCK OR UNBLOCK A NAME\n");
        }
        tty_msg(s, "   I  INVITE A PLAYER TO A GAME\n");
        invite inv[8];
        int ninv = invite_list(s, inv, 8);
        for (int i = 0; i < ninv; i++)
            tty_printf(s, "      %s INVITES YOU TO %s\n", inv[i].from,
                       invite_title(inv[i].game));
        if (ninv)
            tty_msg(s, "   J  JOIN A PLAYER WHO INVITED YOU\n"
                       "   D  DECLINE AN INVITATION\n");
        if (tty_ask(s, "YOUR CHOICE (RETURN: BACK TO THE MENU)? ", line,
                    sizeof line) <= 0)
            return;
        switch (toupper((unsigned char)line[0])) {
        case 'R': if (acct) { mp_read(s); continue; } break;
        case 'W': mp_write(s); continue;
        case 'F':
            if (tty_ask(s, "WHOSE PAGE (A PLAYER'S NAME)? ", line,
                        sizeof line) > 0)
                mpeople_page(s, line);
            continue;
        case 'E': if (acct) { mp_policy(s); continue; } break;
        case 'B': if (acct) { mp_block(s); continue; } break;
        case 'I':
            if (mp_invite(s))
                return;
            continue;
        case 'J':
        case 'D': {
            if (!ninv)
                break;
            int join = toupper((unsigned char)line[0]) == 'J';
            const char *from = mp_which(s, inv, ninv, line, sizeof line);
            if (from && !from[0])
                return;         /* hung up */
            if (!join) {
                mpeople_decline(s, from);
                continue;
            }
            if (mpeople_join(s, from))
                return;
            continue;
        }
        }
        tty_msg(s, "TYPE A LETTER FROM THE LIST.\n");
    }
}
