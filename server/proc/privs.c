/*
 * privs.c - drop root for a named user, in the order that cannot be
 * undone: supplementary groups, then the group, then the user; and
 * proof that root cannot be taken back.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "privs.h"
#include "srv.h"

int privs_check(const char *user)
{
    errno = 0;
    struct passwd *pw = getpwnam(user);
    if (!pw) {
        fprintf(stderr, "ttyarcade: --user: no user '%s'\n", user);
        return -1;
    }
    if (geteuid() != 0 && geteuid() != pw->pw_uid) {
        fprintf(stderr, "ttyarcade: --user %s: only root can become another "
                        "user (start the server as root)\n", user);
        return -1;
    }
    return 0;
}

int privs_drop(const char *user, const char *datadir)
{
    struct passwd *pw = getpwnam(user);
    if (!pw)
        return -1;
    if (geteuid() == 0) {
        /* A data directory root would make is made for the user, so the
         * first start of a service needs no chown by hand. */
        struct stat st;
        if (stat(datadir, &st) != 0 && errno == ENOENT) {
            if (mkdir(datadir, 0700) != 0 ||
                chown(datadir, pw->pw_uid, pw->pw_gid) != 0) {
                fprintf(stderr, "ttyarcade: cannot make %s for %s: %s\n",
                        datadir, user, strerror(errno));
                return -1;
            }
        }
        if (initgroups(pw->pw_name, pw->pw_gid) != 0 ||
            setgid(pw->pw_gid) != 0 || setuid(pw->pw_uid) != 0) {
            fprintf(stderr, "ttyarcade: cannot become %s: %s\n", user,
                    strerror(errno));
            return -1;
        }
        if (setuid(0) == 0) {
            fprintf(stderr, "ttyarcade: root could be taken back; "
                            "refusing to run\n");
            return -1;
        }
        srv_log("running as user %s (uid %u, gid %u)", pw->pw_name,
                (unsigned)pw->pw_uid, (unsigned)pw->pw_gid);
    }
    if (access(datadir, W_OK | X_OK) != 0 && errno != ENOENT) {
        fprintf(stderr, "ttyarcade: the data directory %s is not writable "
                        "by user %s (chown -R %s %s)\n", datadir, user, user,
                datadir);
        return -1;
    }
    return 0;
}
