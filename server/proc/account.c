/*
 * account.c - `ttyarcade account list|reset-password NAME|unlock NAME|
 * delete NAME`:
 * what the operator can do with the players' accounts, on the data
 * directory of a running server or a stopped one (SQLite's locks make
 * both safe).
 *
 * reset-password reads the new password from the terminal without echo,
 * or a line of standard input when that is not a terminal (a script);
 * it is never taken from the command line, where ps would show it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "account.h"
#include "acct.h"
#include "conf.h"
#include "opt.h"
#include "srv.h"
#include "store_main.h"

static void account_usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade account list [--data DIR]\n"
        "       ttyarcade account reset-password NAME [--data DIR]\n"
        "       ttyarcade account unlock NAME [--data DIR]\n"
        "       ttyarcade account delete NAME [--data DIR]\n"
        "  list            every account: name, when registered, saved games\n"
        "  reset-password  set a new password (read without echo from the\n"
        "                  terminal, or one line of standard input)\n"
        "  unlock          forget the failed logins counted against the\n"
        "                  account, so its password opens it again at once\n"
        "                  (the addresses that failed stay counted)\n"
        "  delete          forget the account and its saved games; its hall\n"
        "                  of fame entries stay, marked as a guest's\n"
        "  --data DIR      the data directory (default: the configuration\n"
        "                  file's data, else $TTYARCADE_DATA or\n"
        "                  ~/.local/share/ttyarcade, as serve takes it)\n"
        "  --db URI        or the servers' database: postgresql://...\n"
        "  --config FILE   the configuration file that names them\n"
        "Nothing is created: a directory without a database is said to be\n"
        "one.  unlock lifts the failure limits; the operator's lock of an\n"
        "account (no login at all) is `ttyarcade admin lock|unlock NAME`.\n");
}

static void account_row(void *arg, const store_acct_row *r)
{
    char when[32], shown[ACCT_NAME_SIZE];
    time_t t = (time_t)r->created;
    struct tm tm;
    (void)arg;
    if (!localtime_r(&t, &tm) ||
        !strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm))
        snprintf(when, sizeof when, "?");
    acct_name_show(r->name, shown);
    printf("%-16s  %s  %d saved game%s\n", shown, when, r->saves,
           r->saves == 1 ? "" : "s");
}

static int account_unlock(const char *name)
{
    char key[ACCT_NAME_SIZE], shown[STORE_NAME_SIZE];
    acct_name_key(name, key);
    int s = store_acct_get(store_main, key, shown, NULL);
    if (s != STORE_OK) {
        fprintf(stderr, "ttyarcade: %s\n", s == STORE_NOTFOUND
                            ? "no such account" : "the accounts cannot be read");
        return 1;
    }
    if (acct_unlock(store_main, key) != TTY_OK) {
        fprintf(stderr, "ttyarcade: could not unlock: %s\n", store_error());
        return 1;
    }
    printf("the account %s may log in with its password again\n", name);
    return 0;
}

/* One line of a password: from the terminal without echo, or stdin. */
static int account_read_pw(const char *prompt, char *pw, size_t size)
{
    int tty = isatty(STDIN_FILENO);
    struct termios old, quiet;
    if (tty) {
        fprintf(stderr, "%s", prompt);
        if (tcgetattr(STDIN_FILENO, &old) != 0)
            return -1;
        quiet = old;
        quiet.c_lflag &= ~(tcflag_t)ECHO;
        quiet.c_lflag |= ECHONL;
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    }
    char *got = fgets(pw, (int)size, stdin);
    if (tty)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &old);
    if (!got)
        return -1;
    pw[strcspn(pw, "\r\n")] = 0;
    /* Players type passwords in upper case (menu_acct.c): the same here. */
    for (char *p = pw; *p; p++)
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
    return 0;
}

static int account_reset(const char *name)
{
    char key[ACCT_NAME_SIZE], pw[ACCT_PW_MAX + 2], again[ACCT_PW_MAX + 2];
    char hash[ACCT_HASH_SIZE];
    const char *why;
    acct_name_key(name, key);
    if (store_acct_get(store_main, key, NULL, NULL) != STORE_OK) {
        fprintf(stderr, "ttyarcade: no account named %s\n", name);
        return 1;
    }
    if (account_read_pw("new password: ", pw, sizeof pw) != 0) {
        fprintf(stderr, "ttyarcade: no password given\n");
        return 1;
    }
    if (isatty(STDIN_FILENO)) {
        if (account_read_pw("the same again: ", again, sizeof again) != 0 ||
            strcmp(pw, again) != 0) {
            acct_pw_wipe(pw, sizeof pw);
            acct_pw_wipe(again, sizeof again);
            fprintf(stderr, "ttyarcade: the two passwords differ; nothing "
                            "changed\n");
            return 1;
        }
        acct_pw_wipe(again, sizeof again);
    }
    if (acct_pw_check(pw, &why) != 0) {
        acct_pw_wipe(pw, sizeof pw);
        fprintf(stderr, "ttyarcade: %s\n", why);
        return 1;
    }
    int rc = acct_pw_hash(pw, hash);
    acct_pw_wipe(pw, sizeof pw);
    if (rc != 0 || store_acct_set_hash(store_main, key, hash) != STORE_OK) {
        fprintf(stderr, "ttyarcade: the password could not be stored\n");
        return 1;
    }
    printf("the password of %s is reset\n", name);
    return 0;
}

int account_main(int argc, char **argv)
{
    const char *data = NULL, *cmd = NULL, *name = NULL, *config = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = opt_value(argc, argv, &i, "--config"))) {
            config = v;
            continue;
        }
        int r = opt_common(argc, argv, &i, &data);
        if (r < 0)
            return 2;
        if (r > 0)
            continue;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            account_usage(stdout);
            return 0;
        }
        if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "ttyarcade: unknown option '%s'\n", argv[i]);
            account_usage(stderr);
            return 2;
        }
        if (!cmd)
            cmd = argv[i];
        else if (!name)
            name = argv[i];
        else {
            account_usage(stderr);
            return 2;
        }
    }
    int needs_name = cmd && (strcmp(cmd, "reset-password") == 0 ||
                             strcmp(cmd, "unlock") == 0 ||
                             strcmp(cmd, "delete") == 0);
    if (!cmd || (strcmp(cmd, "list") != 0 && !needs_name) ||
        (needs_name != (name != NULL))) {
        account_usage(stderr);
        return 2;
    }
    const char *db = srv.db;
    char where[4200];
    if (conf_where(config, &data, &db) != 0)
        return 1;
    srv.db = db;
    if (store_main_open_existing(data, where, sizeof where) != 0)
        return 1;
    int rc = 0;
    if (strcmp(cmd, "list") == 0) {
        int n = store_acct_list(store_main, account_row, NULL);
        if (n < 0) {
            fprintf(stderr, "ttyarcade: the accounts in %s cannot be read\n",
                    where);
            rc = 1;
        } else if (n == 0) {
            printf("no accounts in %s\n", where);
        }
    } else if (strcmp(cmd, "reset-password") == 0) {
        rc = account_reset(name);
    } else if (strcmp(cmd, "unlock") == 0) {
        rc = account_unlock(name);
    } else {
        char key[ACCT_NAME_SIZE];
        acct_name_key(name, key);
        int s = store_acct_delete(store_main, key);
        if (s == STORE_OK) {
            printf("the account %s is deleted\n", name);
        } else {
            fprintf(stderr, "ttyarcade: %s\n", s == STORE_NOTFOUND
                                ? "no such account" : "could not delete");
            rc = 1;
        }
    }
    store_close(store_main);
    store_main = NULL;
    return rc;
}
