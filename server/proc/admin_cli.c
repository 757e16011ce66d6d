/*
 * admin_cli.c - `ttyarcade admin COMMAND ... [--data DIR]`: send one
 * command to the running server and print its answer.  Exit 0 when the
 * server answered OK, 1 otherwise.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "admin.h"
#include "conf.h"
#include "opt.h"
#include "srv.h"

static void admin_usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade admin COMMAND [--data DIR] [--config FILE]\n"
        "  who                  every session: its id, name, door, address,\n"
        "                       game, idle time, terminal, whom it watches\n"
        "  say [--to ID|NAME] TEXT  a message to every player, or to one\n"
        "                       session (ID) or player (NAME), on a line of\n"
        "                       its own (the bottom line of a screen)\n"
        "  kick ID|NAME         end a session (its game is saved); a name\n"
        "                       with several sessions asks for the id\n"
        "  ban ADDR[/PREFIX] [REASON]  refuse new lines from there (kept)\n"
        "  unban ADDR[/PREFIX]\n"
        "  lock NAME [REASON]   no login to the account at all (kept)\n"
        "  unlock NAME          (failure limits: ttyarcade account unlock)\n"
        "  bans                 the banned addresses and locked accounts,\n"
        "                       each with its date and reason\n"
        "  stats                counts of sessions by transport, game, "
        "profile\n"
        "The server listens on DIR/admin.sock; DIR as for serve --data (the\n"
        "configuration file's data, else $TTYARCADE_DATA or\n"
        "~/.local/share/ttyarcade).\n");
}

int admin_probe(const char *path)
{
    struct sockaddr_un a;
    if (strlen(path) >= sizeof a.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    strcpy(a.sun_path, path);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

int admin_main(int argc, char **argv)
{
    const char *data = NULL, *config = NULL, *db = NULL;
    char cmd[ADMIN_LINE];
    size_t n = 0;
    srv_conf_defaults();
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            admin_usage(stdout);
            return 0;
        }
        if ((v = opt_value(argc, argv, &i, "--data"))) {
            if (!*v)
                return 2;
            data = v;
            continue;
        }
        if ((v = opt_value(argc, argv, &i, "--config"))) {
            config = v;
            continue;
        }
        size_t len = strlen(argv[i]);
        if (n + len + 2 > sizeof cmd) {
            fprintf(stderr, "ttyarcade: admin: the command is too long\n");
            return 2;
        }
        if (n)
            cmd[n++] = ' ';
        memcpy(cmd + n, argv[i], len);
        n += len;
    }
    if (n == 0) {
        admin_usage(stderr);
        return 2;
    }
    cmd[n++] = '\n';
    char path[4200];
    if (conf_where(config, &data, &db) != 0)
        return 1;
    snprintf(path, sizeof path, "%s/%s", data, ADMIN_SOCKET);
    int fd = admin_probe(path);
    if (fd < 0) {
        fprintf(stderr, "ttyarcade: admin: no server answers on %s (%s); "
                        "is it running with this --data?\n", path,
                strerror(errno));
        return 1;
    }
    if (write(fd, cmd, n) != (ssize_t)n) {
        fprintf(stderr, "ttyarcade: admin: %s\n", strerror(errno));
        close(fd);
        return 1;
    }
    char reply[65536];
    size_t got = 0;
    ssize_t r;
    while (got < sizeof reply - 1 &&
           (r = read(fd, reply + got, sizeof reply - 1 - got)) > 0)
        got += (size_t)r;
    close(fd);
    reply[got] = 0;
    /* The last line says how it went. */
    char *last = reply + got;
    if (last > reply && last[-1] == '\n')
        last--;
    while (last > reply && last[-1] != '\n')
        last--;
    int ok = strncmp(last, "OK", 2) == 0;
    fwrite(reply, 1, (size_t)(last - reply), stdout);
    if (ok)
        fputs(last, stdout);
    else
        fprintf(stderr, "ttyarcade: admin: %s",
                *last ? last : "the server closed without an answer\n");
    return ok ? 0 : 1;
}
