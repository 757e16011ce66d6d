/*
 * menu_acct.c - who is playing: the name, its password, registering,
 * changing a password, and the saved games that belong to a player.
 *
 * The greeting is still "YOUR NAME (RETURN: GUEST)?".  A name nobody has
 * registered plays as a guest, as every name did before accounts, and the
 * menu offers to register it; a registered name is asked its password,
 * which is never echoed on any terminal (on paper nothing of it is
 * printed).  Hashing and the store run on worker threads through
 * tty_work, so a login never stalls anyone else's game.  Passwords never
 * reach the log.
 *
 * Passwords are read in upper case, as names are: a Model 33 has no lower
 * case, and a password chosen on a screen must still open the account
 * from a teletype.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acct.h"
#include "menu.h"
#include "menu_acct.h"
#include "menu_people.h"
#include "metrics.h"
#include "store_main.h"
#include "watch.h"
#include "registry.h"
#include "srv.h"

#define MACCT_LINE 80
#define MACCT_SAVES 20

/* ---- reading names and secrets -------------------------------------- */

/*
 * A line through the contract's editor, as tty_getline reads it, but a
 * key no name may hold (Escape, a control character, a cursor key) is
 * remembered in *bad rather than silently dropped, so the player can be
 * told why the name was refused.  Letters are stored in upper case.  With
 * secret, nothing at all is printed while it is typed (TTY_EDIT_SILENT).
 */
static int macct_read(sess *s, char *buf, size_t size, int secret, int *bad)
{
    tty_edit ed;
    tty_edit_begin(&ed, s, buf, size,
                   TTY_EDIT_UPPER | (secret ? TTY_EDIT_SILENT : 0));
    if (bad)
        *bad = 0;
    for (;;) {
        int key = tty_inkey(s);
        if (key == TTY_EOF)
            return TTY_EOF;
        int r = tty_edit_feed(&ed, key);
        if (r == TTY_EDIT_DONE) {
            /* The silent editor leaves the new line to its caller; a
             * client that echoes for itself has shown one already. */
            if (secret && !s->caps.client_echoes)
                tty_print(s, '\n');
            return (int)strlen(buf);
        }
        if (r == TTY_EDIT_FRESH && bad)
            *bad = 0;           /* ^U: the line starts again */
        if (r == TTY_EDIT_OTHER && bad && key != TTY_KEY_RESIZE)
            *bad = 1;
    }
}

static int macct_secret(sess *s, const char *question, char *buf,
                        size_t size)
{
    tty_msg(s, question);
    return macct_read(s, buf, size, 1, NULL);
}

/* ---- work on the store, off the loop thread ------------------------- */

typedef struct macct_job {
    enum { MJ_LOOKUP, MJ_VERIFY, MJ_REGISTER, MJ_SETPW, MJ_SAVES,
           MJ_FORGET, MJ_NOWATCH, MJ_SET_NOWATCH, MJ_LIMITED, MJ_FAILED,
           MJ_REG_LIMITED } op;
    char key[ACCT_NAME_SIZE];
    char host[64];      /* the client's address, for the limits */
    int limited;        /* ACCT_OPEN or why the limits refused */
    int locked;         /* the operator locked the account (1), or the
                           store cannot say (negative) */
    char name[ACCT_NAME_SIZE];
    char pw[ACCT_PW_MAX + 1];
    char hash[ACCT_HASH_SIZE];
    const char *code;
    /* MJ_SAVES only, MACCT_SAVES of them on the heap: every job is on a
     * session's coroutine stack, and the name prompt's must stay within
     * the stack's first page (an idle session's whole stack). */
    store_save_row *rows;
    int rc;             /* STORE_* */
    int n;              /* rows, or 1 when a password verified */
} macct_job;

static void macct_run(void *arg, const volatile int *cancel)
{
    macct_job *j = arg;
    (void)cancel;       /* a change once begun is finished */
    switch (j->op) {
    case MJ_LOOKUP:
        j->rc = store_acct_get(store_main, j->key, j->name, NULL);
        if (j->rc == STORE_OK)
            j->locked = acct_locked(store_main, j->key, NULL, 0);
        break;
    case MJ_VERIFY:
        /* The limits are asked again here, in the turn of the hash: many
         * sessions of one guesser may all have passed the question
         * before any of them failed. */
        j->limited = acct_fail_blocked(store_main, j->host, j->key);
        if (j->limited != ACCT_OPEN) {
            j->rc = j->limited < 0 ? j->limited : STORE_OK;
            break;
        }
        j->rc = store_acct_get(store_main, j->key, j->name, j->hash);
        /* Locked while its password was being typed: no hash for it. */
        if (j->rc == STORE_OK &&
            (j->locked = acct_locked(store_main, j->key, NULL, 0)) != 0)
            break;
        j->n = j->rc == STORE_OK && acct_pw_verify(j->hash, j->pw);
        if (j->rc == STORE_OK && !j->n)
            acct_fail_count(store_main, j->host, j->key);
        break;
    case MJ_REGISTER:
        /* Counted in its turn, before the hash it would cost. */
        j->limited = acct_register_count(store_main, j->host);
        if (j->limited != ACCT_OPEN) {
            j->rc = j->limited < 0 ? j->limited : STORE_OK;
            break;
        }
        /* fall through */
    case MJ_SETPW:
        if (acct_pw_hash(j->pw, j->hash) != 0) {
            j->rc = STORE_ERROR;
            break;
        }
        j->rc = j->op == MJ_REGISTER
                    ? store_acct_add(store_main, j->key, j->name, j->hash)
                    : store_acct_set_hash(store_main, j->key, j->hash);
        break;
    case MJ_SAVES:
        j->n = store_saves_of(store_main, j->key, j->rows, MACCT_SAVES);
        j->rc = j->n < 0 ? STORE_ERROR : STORE_OK;
        break;
    case MJ_FORGET:
        j->rc = store_forget_owned(store_main, j->code, j->key);
        break;
    case MJ_NOWATCH:
        j->n = store_acct_nowatch(store_main, j->key);
        j->rc = j->n < 0 ? j->n : STORE_OK;
        break;
    case MJ_SET_NOWATCH:
        j->rc = store_acct_set_nowatch(store_main, j->key, j->n);
        break;
    case MJ_LIMITED:
        j->limited = acct_fail_blocked(store_main, j->host, j->key);
        j->rc = j->limited < 0 ? j->limited : STORE_OK;
        break;
    case MJ_FAILED:
        j->rc = acct_fail_count(store_main, j->host, j->key);
        break;
    case MJ_REG_LIMITED:
        j->limited = acct_register_blocked(store_main, j->host);
        j->rc = j->limited < 0 ? j->limited : STORE_OK;
        break;
    }
    /* What was typed and what was hashed leave no copy behind. */
    acct_pw_wipe(j->pw, sizeof j->pw);
    acct_pw_wipe(j->hash, sizeof j->hash);
}

static void macct_run_hash(void *arg)
{
    macct_run(arg, NULL);
}

/* The job, on a worker thread; a password hash in its turn at the gate
 * (acct_hash.c), a login's before a new account's.  0, TTY_EOF (hung up),
 * or TTY_BUSY (too many hashes wait: nothing was done, and the player has
 * been told). */
static int macct_work(sess *s, macct_job *j)
{
    /* A far player is counted by their own address, never the relay's. */
    acct_peer_host(sess_addr(s), j->host, sizeof j->host);
    if (j->op != MJ_VERIFY && j->op != MJ_REGISTER && j->op != MJ_SETPW)
        return tty_work(s, macct_run, j);
    int rc = acct_hash_run(s, j->op == MJ_VERIFY ? ACCT_HASH_LOGIN
                                                 : ACCT_HASH_NEW,
                           macct_run_hash, j);
    if (rc == TTY_BUSY) {
        acct_pw_wipe(j->pw, sizeof j->pw);
        metrics_event(j->op == MJ_VERIFY ? METRICS_LOGIN : METRICS_REGISTER,
                      METRICS_BUSY);
        srv_log("busy %s %s session=%llu: too many password hashes wait",
                s->ops->name, s->peer, (unsigned long long)s->id);
        tty_msg(s, "THE SERVER IS BUSY JUST NOW. PLEASE TRY AGAIN IN A "
                   "MOMENT.\n");
    }
    return rc == TTY_OK ? 0 : rc;
}

/* ---- limits --------------------------------------------------------- */

/* Say why the limits refuse (limited, from a job) and log it; 1 if they
 * do. */
static int macct_say_limited(sess *s, const char *key, int limited,
                             const char *what)
{
    if (limited == ACCT_OPEN)
        return 0;
    if (limited < 0) {
        tty_msg(s, "THE ACCOUNTS CANNOT BE READ JUST NOW. PLEASE TRY AGAIN "
                   "LATER.\n");
        return 1;
    }
    int by_name = limited == ACCT_LIMITED_ACCT;
    srv_log("refused %s %s session=%llu: too many failed %s%s%s",
            s->ops->name, sess_addr(s), (unsigned long long)s->id, what,
            by_name ? " for account " : "", by_name ? key : "");
    metrics_event(strcmp(what, "logins") == 0 ? METRICS_LOGIN
                                              : METRICS_CODE,
                  METRICS_LIMITED);
    tty_printf(s, "TOO MANY FAILED %s %s. PLEASE TRY AGAIN LATER.\n",
               strcmp(what, "logins") == 0 ? "LOGINS" : "RESUME CODES",
               by_name ? "FOR THIS NAME" : "FROM YOUR ADDRESS");
    return 1;
}

/* 1 (and the player told, the log told) if this address or key may not
 * try again yet; -1 if the player hung up meanwhile. */
static int macct_refused(sess *s, const char *key, const char *what)
{
    macct_job j = { .op = MJ_LIMITED };
    snprintf(j.key, sizeof j.key, "%s", key ? key : "");
    if (macct_work(s, &j) == TTY_EOF)
        return -1;
    return macct_say_limited(s, key, j.limited, what);
}

static void macct_failed(sess *s, const char *key)
{
    macct_job j = { .op = MJ_FAILED };
    snprintf(j.key, sizeof j.key, "%s", key ? key : "");
    macct_work(s, &j);
}

int macct_codes_refused(sess *s)
{
    if (!store_main)
        return 0;
    return macct_refused(s, s->account, "resume codes") != 0;
}

void macct_code_failed(sess *s)
{
    metrics_event(METRICS_CODE, METRICS_FAILED);
    if (store_main)
        macct_failed(s, s->account);
}

/* ---- logging in ----------------------------------------------------- */

/* The player is a guest under name; the log names them (a name chosen,
 * not the GUEST everyone starts as), as it names accounts. */
static void macct_guest(sess *s, const char *name)
{
    if (strcmp(s->name, name) != 0 || s->account[0])
        if (strcmp(name, "GUEST") != 0)
            srv_log("guest %s %s session=%llu name=\"%s\"", s->ops->name,
                    s->peer, (unsigned long long)s->id, name);
    snprintf(s->name, sizeof s->name, "%s", name);
    s->account[0] = 0;
}

/* The operator has locked the account (or nobody can say): told and
 * logged; 1 if so. */
static int macct_say_locked(sess *s, const macct_job *j)
{
    if (!j->locked)
        return 0;
    if (j->locked < 0) {
        tty_msg(s, "THE ACCOUNTS CANNOT BE READ JUST NOW. PLEASE TRY AGAIN "
                   "LATER.\n");
        return 1;
    }
    srv_log("refused %s %s session=%llu: account %s is locked",
            s->ops->name, s->peer, (unsigned long long)s->id, j->key);
    tty_printf(s, "THE OPERATOR HAS LOCKED THE ACCOUNT %s. TYPE ANOTHER "
                  "NAME, OR RETURN TO PLAY AS GUEST.\n", j->name);
    return 1;
}

/* The password of a registered name: 1 logged in, 0 back to the name
 * question, -1 the session ends. */
static int macct_password(sess *s, macct_job *j, int *fails)
{
    for (;;) {
        int refused = macct_refused(s, j->key, "logins");
        if (refused)
            return refused < 0 ? -1 : 0;
        int n = macct_secret(s, "PASSWORD (RETURN: ANOTHER NAME)? ", j->pw,
                             sizeof j->pw);
        if (n == TTY_EOF) {
            acct_pw_wipe(j->pw, sizeof j->pw);
            return -1;
        }
        if (n == 0) {
            tty_printf(s, "THE NAME %s BELONGS TO A REGISTERED PLAYER. TYPE "
                          "ANOTHER, OR RETURN TO PLAY AS GUEST.\n", j->name);
            return 0;
        }
        j->op = MJ_VERIFY;
        int rc = macct_work(s, j);
        if (rc == TTY_EOF)
            return -1;
        if (rc == TTY_BUSY)
            return 0;
        if (macct_say_limited(s, j->key, j->limited, "logins") ||
            macct_say_locked(s, j))
            return 0;
        if (j->rc != STORE_OK) {
            tty_msg(s, "THE ACCOUNTS CANNOT BE READ JUST NOW; PLAY AS A "
                       "GUEST FOR NOW.\n");
            return 0;
        }
        if (j->n) {
            snprintf(s->name, sizeof s->name, "%s", j->name);
            snprintf(s->account, sizeof s->account, "%s", j->key);
            srv_log("login %s %s session=%llu account=%s", s->ops->name,
                    s->peer, (unsigned long long)s->id, j->key);
            metrics_event(METRICS_LOGIN, METRICS_OK);
            tty_printf(s, "WELCOME BACK, %s.\n", s->name);
            return 1;
        }
        metrics_login_failure();
        metrics_event(METRICS_LOGIN, METRICS_FAILED);
        srv_log("login failed %s %s session=%llu account=%s", s->ops->name,
                s->peer, (unsigned long long)s->id, j->key);
        if (++*fails >= MACCT_TRIES) {
            tty_msg(s, "WRONG PASSWORD, THREE TIMES. GOODBYE.\n");
            srv_log("dropped %s %s session=%llu: %d wrong passwords",
                    s->ops->name, s->peer, (unsigned long long)s->id,
                    MACCT_TRIES);
            return -1;
        }
        tty_msg(s, "WRONG PASSWORD.\n");
    }
}

int macct_login(sess *s, int *fails)
{
    char line[MACCT_LINE];
    for (;;) {
        tty_printf(s, "YOUR NAME (RETURN: %s)? ", s->name);
        int bad;
        int n = macct_read(s, line, sizeof line, 0, &bad);
        if (n == TTY_EOF)
            return -1;
        /* Blanks around a name are the typing's, not the name's. */
        char *p = line;
        while (*p == ' ')
            p++;
        size_t len = strlen(p);
        while (len && p[len - 1] == ' ')
            p[--len] = 0;
        const char *why;
        if (bad) {
            tty_msg(s, "A NAME MAY HOLD ONLY LETTERS, DIGITS, SPACES AND "
                       "PUNCTUATION: NO CONTROL CHARACTERS OR ESCAPE "
                       "SEQUENCES.\n");
            continue;
        }
        if (len == 0)
            return 0;       /* Return: keep the name (GUEST at first) */
        if (acct_name_check(p, &why) != 0) {
            tty_printf(s, "%s\n", why);
            continue;
        }
        if (acct_name_is_guest(p) || !store_main) {
            macct_guest(s, acct_name_is_guest(p) ? "GUEST" : p);
            return 0;
        }
        macct_job j = { .op = MJ_LOOKUP };
        acct_name_key(p, j.key);
        if (s->account[0] && strcmp(s->account, j.key) == 0)
            return 0;       /* already this player */
        if (macct_work(s, &j) == TTY_EOF)
            return -1;
        if (j.rc == STORE_NOTFOUND) {
            macct_guest(s, p);
            return 0;
        }
        if (j.rc != STORE_OK) {
            tty_msg(s, "THE ACCOUNTS CANNOT BE READ JUST NOW.\n");
            macct_guest(s, "GUEST");
            return 0;
        }
        /* A registered name: nobody plays under it without its password,
         * and whoever was playing here is a guest until it is given. */
        macct_guest(s, "GUEST");
        if (macct_say_locked(s, &j))
            continue;
        int r = macct_password(s, &j, fails);
        if (r < 0)
            return -1;
        if (r > 0)
            return 0;
    }
}

/* ---- registering and changing a password ---------------------------- */

/* A new password, typed twice: 0 with it in pw, -1 (told) otherwise. */
static int macct_new_password(sess *s, char *pw, size_t size)
{
    char again[ACCT_PW_MAX + 2];
    const char *why;
    int n = macct_secret(s, "CHOOSE A PASSWORD (6 TO 64 CHARACTERS; IT IS "
                            "NOT SHOWN)? ", pw, size);
    if (n <= 0)
        return -1;
    if (acct_pw_check(pw, &why) != 0) {
        tty_printf(s, "%s NOTHING CHANGED.\n", why);
        acct_pw_wipe(pw, size);
        return -1;
    }
    n = macct_secret(s, "THE SAME PASSWORD AGAIN? ", again, sizeof again);
    int same = n >= 0 && strcmp(pw, again) == 0;
    acct_pw_wipe(again, sizeof again);
    if (!same) {
        if (n >= 0)
            tty_msg(s, "THE TWO PASSWORDS DIFFER. NOTHING CHANGED.\n");
        acct_pw_wipe(pw, size);
        return -1;
    }
    return 0;
}

/* Say why no account may be made from here now; 1 if so. */
static int macct_reg_limited(sess *s, int limited)
{
    if (limited == ACCT_OPEN)
        return 0;
    if (limited < 0) {
        tty_msg(s, "THE ACCOUNTS CANNOT BE READ JUST NOW. PLEASE TRY AGAIN "
                   "LATER.\n");
        return 1;
    }
    srv_log("refused %s %s session=%llu: too many new accounts from its %s",
            s->ops->name, s->peer, (unsigned long long)s->id,
            limited == ACCT_LIMITED_NET ? "network" : "address");
    metrics_event(METRICS_REGISTER, METRICS_LIMITED);
    tty_printf(s, "TOO MANY NEW ACCOUNTS FROM YOUR %s. PLEASE TRY AGAIN "
                  "LATER.\n",
               limited == ACCT_LIMITED_NET ? "NETWORK" : "ADDRESS");
    return 1;
}

static int macct_register(sess *s)
{
    char line[8];
    tty_printf(s, "REGISTER THE NAME %s, SO THAT ONLY YOU CAN PLAY UNDER IT "
                  "(Y/N; RETURN: N)? ", s->name);
    if (tty_getline(s, line, sizeof line, 0) <= 0 ||
        (line[0] != 'Y' && line[0] != 'y'))
        return 0;
    /* Asked before the passwords are typed, and counted when the account
     * is made. */
    macct_job j = { .op = MJ_REG_LIMITED };
    if (macct_work(s, &j) == TTY_EOF)
        return -1;
    if (macct_reg_limited(s, j.limited))
        return 0;
    j.op = MJ_REGISTER;
    acct_name_key(s->name, j.key);
    snprintf(j.name, sizeof j.name, "%s", s->name);
    if (macct_new_password(s, j.pw, sizeof j.pw) != 0)
        return 0;
    int rc = macct_work(s, &j);
    if (rc == TTY_EOF)
        return -1;
    if (rc == TTY_BUSY || macct_reg_limited(s, j.limited))
        return 0;
    if (j.rc == STORE_EXISTS) {
        tty_printf(s, "SOMEONE HAS REGISTERED THE NAME %s MEANWHILE. YOU "
                      "ARE GUEST NOW.\n", s->name);
        macct_guest(s, "GUEST");
        return 0;
    }
    if (j.rc != STORE_OK) {
        tty_msg(s, "THE ACCOUNT COULD NOT BE SAVED JUST NOW.\n");
        return 0;
    }
    snprintf(s->account, sizeof s->account, "%s", j.key);
    srv_log("register %s %s session=%llu account=%s", s->ops->name, s->peer,
            (unsigned long long)s->id, j.key);
    metrics_event(METRICS_REGISTER, METRICS_OK);
    tty_printf(s, "THE NAME %s IS YOURS. NEXT TIME, TYPE IT AND YOUR "
                  "PASSWORD.\n", s->name);
    return 0;
}

static int macct_change(sess *s, int *fails)
{
    macct_job j = { .op = MJ_VERIFY };
    snprintf(j.key, sizeof j.key, "%s", s->account);
    int refused = macct_refused(s, j.key, "logins");
    if (refused)
        return refused < 0 ? -1 : 0;
    int n = macct_secret(s, "YOUR PRESENT PASSWORD (RETURN: BACK TO THE "
                            "MENU)? ", j.pw, sizeof j.pw);
    if (n <= 0)
        return n == TTY_EOF ? -1 : 0;
    int rc = macct_work(s, &j);
    if (rc == TTY_EOF)
        return -1;
    if (rc == TTY_BUSY || macct_say_limited(s, j.key, j.limited, "logins"))
        return 0;
    if (j.rc != STORE_OK || !j.n) {
        if (j.rc == STORE_OK) {
            metrics_login_failure();
            metrics_event(METRICS_LOGIN, METRICS_FAILED);
            srv_log("login failed %s %s session=%llu account=%s",
                    s->ops->name, s->peer, (unsigned long long)s->id, j.key);
            if (++*fails >= MACCT_TRIES) {
                tty_msg(s, "WRONG PASSWORD, THREE TIMES. GOODBYE.\n");
                return -1;
            }
        }
        tty_msg(s, "WRONG PASSWORD. NOTHING CHANGED.\n");
        return 0;
    }
    macct_job c = { .op = MJ_SETPW };
    snprintf(c.key, sizeof c.key, "%s", s->account);
    if (macct_new_password(s, c.pw, sizeof c.pw) != 0)
        return 0;
    rc = macct_work(s, &c);
    if (rc == TTY_EOF)
        return -1;
    if (rc == TTY_BUSY)
        return 0;
    if (c.rc != STORE_OK) {
        tty_msg(s, "THE NEW PASSWORD COULD NOT BE SAVED JUST NOW.\n");
        return 0;
    }
    srv_log("password changed %s %s session=%llu account=%s", s->ops->name,
            s->peer, (unsigned long long)s->id, c.key);
    tty_msg(s, "YOUR PASSWORD IS CHANGED.\n");
    return 0;
}

int macct_account(sess *s, int *fails)
{
    if (!store_main) {
        tty_msg(s, "NO DATA DIRECTORY: NOTHING IS KEPT, SO NOTHING CAN BE "
                   "REGISTERED.\n");
        return 0;
    }
    if (s->account[0])
        return macct_change(s, fails);
    if (acct_name_is_guest(s->name)) {
        tty_msg(s, "FIRST CHOOSE A NAME (N), THEN REGISTER IT HERE.\n");
        return 0;
    }
    return macct_register(s);
}

/* ---- saved games ---------------------------------------------------- */

static void macct_when(long t, char *out, size_t size)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (!localtime_r(&tt, &tm) || !strftime(out, size, "%Y-%m-%d %H:%M", &tm))
        snprintf(out, size, "?");
}

/* The list and the player's answer: 0 with the chosen save (del: to
 * delete it, ask what to ask first) or, code left "", a code typed in
 * line; -1 when there is nothing to do.  What was typed is told by its
 * shape (menu_typed): a code that begins with a digit, or with D and a
 * digit, is a code. */
static int macct_saved_list(sess *s, macct_job *j, char *line, size_t size,
                            char code[16], int *del, char *ask,
                            size_t asksize)
{
    if (macct_work(s, j) == TTY_EOF)
        return -1;
    if (j->rc != STORE_OK) {
        tty_msg(s, "THE SAVED GAMES CANNOT BE READ JUST NOW.\n");
        return -1;
    }
    tty_msg(s, "\nYOUR SAVED GAMES\n");
    if (j->n == 0)
        tty_msg(s, "  (NONE: A GAME YOU SAVE IS LISTED HERE)\n");
    for (int i = 0; i < j->n; i++) {
        const tty_game *g = tty_game_find(j->rows[i].game);
        char when[32];
        macct_when(j->rows[i].saved, when, sizeof when);
        tty_printf(s, "  %2d  %-22.22s %s  %s\n", i + 1,
                   g ? g->title : j->rows[i].game, when, j->rows[i].note);
    }
    int n = tty_ask(s, j->n ? "NUMBER TO RESUME, D AND A NUMBER TO DELETE, "
                              "OR A CODE (RETURN: BACK TO THE MENU)? "
                            : "A RESUME CODE (RETURN: BACK TO THE MENU)? ",
                    line, size);
    if (n <= 0)
        return -1;
    int k;
    char typed[TTY_CODE_SIZE];
    int kind = menu_typed(line, &k, typed);
    if (kind == MENU_TYPED_CODE || kind == MENU_TYPED_OTHER)
        return 0;               /* menu_resume says what is wrong */
    if (k < 1 || k > j->n) {
        tty_printf(s, "THERE IS NO SAVED GAME %d.\n", k);
        return -1;
    }
    const store_save_row *row = &j->rows[k - 1];
    snprintf(code, 16, "%s", row->code);
    *del = kind == MENU_TYPED_DELETE;
    const tty_game *g = tty_game_find(row->game);
    snprintf(ask, asksize, "DELETE %s%s%s (Y/N; RETURN: N)? ",
             g ? g->title : row->game, row->note[0] ? ", " : "", row->note);
    return 0;
}

void macct_saved_games(sess *s)
{
    macct_job j = { .op = MJ_SAVES };
    snprintf(j.key, sizeof j.key, "%s", s->account);
    j.rows = calloc(MACCT_SAVES, sizeof *j.rows);
    if (!j.rows) {
        tty_msg(s, "THE SAVED GAMES CANNOT BE READ JUST NOW.\n");
        return;
    }
    char code[sizeof j.rows[0].code] = "", line[MACCT_LINE], ask[120];
    int del = 0;
    int rc = macct_saved_list(s, &j, line, sizeof line, code, &del, ask,
                              sizeof ask);
    free(j.rows);           /* before the game runs on top of this frame */
    if (rc != 0)
        return;
    if (!code[0]) {
        menu_resume(s, line);
        return;
    }
    if (!del) {
        menu_resume(s, code);
        return;
    }
    /* A deletion cannot be undone: it is asked, and No is the default. */
    char yn[8];
    if (tty_ask(s, ask, yn, sizeof yn) <= 0 ||
        toupper((unsigned char)yn[0]) != 'Y') {
        tty_msg(s, "NOTHING DELETED.\n");
        return;
    }
    macct_job f = { .op = MJ_FORGET, .code = code };
    snprintf(f.key, sizeof f.key, "%s", s->account);
    if (macct_work(s, &f) == TTY_EOF)
        return;
    tty_msg(s, f.rc == STORE_OK ? "DELETED.\n"
                                : "IT COULD NOT BE DELETED JUST NOW.\n");
}

/* ---- the account's choices ------------------------------------------ */

/* watch_forbid_hook: the menu's V, kept with the account. */
static void macct_keep_nowatch(sess *s, int forbid)
{
    if (!s->account[0] || !store_main)
        return;
    macct_job j = { .op = MJ_SET_NOWATCH, .n = forbid != 0 };
    snprintf(j.key, sizeof j.key, "%s", s->account);
    if (macct_work(s, &j) == TTY_EOF)
        return;
    if (j.rc != STORE_OK)
        tty_msg(s, "(THAT CHOICE COULD NOT BE KEPT WITH YOUR ACCOUNT JUST "
                   "NOW: IT HOLDS FOR THIS SESSION.)\n");
}

/* sess_code_ops: a side's code of a two-player save counts as a resume
 * code does, for a player on another server too (their session here has
 * their account and their own address: sess_addr). */
static int macct_code_refused(sess *s)
{
    if (!store_main)
        return 0;
    return macct_refused(s, s->account, "resume codes");
}

void macct_choices(sess *s)
{
    static const sess_code_ops codes = {
        .refused = macct_code_refused,
        .failed = macct_code_failed,
    };
    sess_set_code_ops(&codes);
    watch_forbid_hook = macct_keep_nowatch;
    if (!s->account[0] || !store_main)
        return;
    mpeople_login(s);
    macct_job j = { .op = MJ_NOWATCH };
    snprintf(j.key, sizeof j.key, "%s", s->account);
    if (macct_work(s, &j) == TTY_EOF || j.rc != STORE_OK)
        return;
    /* Set as the session's option directly: it came from the account,
     * so there is nothing to write back. */
    sess_set_option(s, "watch", j.n ? "no" : NULL);
}
