/*
 * resource.c - text resources installed beside the server (word lists),
 * read on a worker thread: the contract's tty_resource and the listing
 * the menu offers.
 *
 * The share directory is --share DIR, else the first of these that holds
 * the word lists: ../share/ttyarcade beside the binary (an installed tree,
 * wherever it was installed or moved to), the source tree the binary was
 * built in (bin/.. holding games/tty.h, so `make run` needs no
 * installing), and last the PREFIX compiled in (build/gen/tty_config.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "resource.h"
#include "sess.h"
#include "srv.h"
#include "tty_config.h"

/* DIR (at most PATH_MAX) if DIR/MARK exists, copied into out. */
static int resource_try(char *out, const char *dir, const char *mark)
{
    char probe[PATH_MAX + 32];
    if (strlen(dir) >= PATH_MAX ||
        snprintf(probe, sizeof probe, "%s/%s", dir, mark) >= (int)sizeof probe)
        return 0;
    struct stat st;
    if (stat(probe, &st) != 0)
        return 0;
    snprintf(out, PATH_MAX, "%s", dir);
    return 1;
}

const char *resource_share(void)
{
    static char dir[PATH_MAX];
    const char *opt = srv_option("share");
    if (opt)
        return opt;
    if (dir[0])
        return dir;
    char exe[PATH_MAX], up[PATH_MAX + 32];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = n > 0 ? (exe[n] = 0, strrchr(exe, '/')) : NULL;
    if (slash) {
        *slash = 0;
        snprintf(up, sizeof up, "%s/../share/ttyarcade", exe);
        if (resource_try(dir, up, "wordlists"))
            return dir;
        snprintf(up, sizeof up, "%s/..", exe);
        if (resource_try(dir, up, "games/tty.h"))
            return dir;
    }
    if (resource_try(dir, TTY_DATADIR, "wordlists"))
        return dir;
    snprintf(dir, sizeof dir, "%s", TTY_DATADIR);
    return dir;
}

typedef struct resource_read {
    char path[PATH_MAX + 64];
    char *text;
    size_t len;
    int rc;
    int err;            /* errno of the failure */
} resource_read;

static void resource_run(void *arg, const volatile int *cancel)
{
    resource_read *r = arg;
    (void)cancel;
    r->rc = TTY_FAILED;
    FILE *f = fopen(r->path, "rb");
    if (!f) {
        r->err = errno;
        r->rc = errno == ENOENT ? TTY_NOTFOUND : TTY_FAILED;
        return;
    }
    size_t cap = 4096, len = 0;
    char *text = malloc(cap);
    size_t got;
    while (text && (got = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 == cap) {
            if (cap >= RESOURCE_MAX) {
                break;          /* a word list, not a dictionary dump */
            }
            char *bigger = realloc(text, cap * 2);
            if (!bigger) {
                free(text);
                text = NULL;
                break;
            }
            text = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (!text) {
        r->err = ENOMEM;
        r->rc = TTY_NOMEM;
        return;
    }
    text[len] = 0;
    r->text = text;
    r->len = len;
    r->rc = 0;
}

int tty_resource(tty_io *io, const char *kind, const char *name, char **text,
                 size_t *len)
{
    resource_read *r = calloc(1, sizeof *r);
    if (!r)
        return TTY_NOMEM;
    if (strchr(name, '/'))
        snprintf(r->path, sizeof r->path, "%s", name);
    else
        snprintf(r->path, sizeof r->path, "%s/%s/%s.txt", resource_share(),
                 kind, name);
    tty_work(io, resource_run, r);
    int rc = r->rc;
    /* The operator hears of a resource asked for and not there (a word
     * list removed, a --share that points nowhere). */
    if (rc != TTY_OK)
        srv_log("resource failed %s %s session=%llu: %s: %s", io->ops->name,
                io->peer, (unsigned long long)io->id, r->path,
                strerror(r->err));
    *text = r->text;
    *len = r->len;
    free(r);
    return rc;
}

typedef struct resource_dir {
    char path[PATH_MAX + 32];
    char (*names)[RESOURCE_NAME];
    int max, n;
} resource_dir;

static int resource_cmp(const void *a, const void *b)
{
    return strcmp(a, b);
}

static void resource_list_run(void *arg, const volatile int *cancel)
{
    resource_dir *d = arg;
    (void)cancel;
    DIR *dir = opendir(d->path);
    if (!dir)
        return;
    struct dirent *e;
    while ((e = readdir(dir)) && d->n < d->max) {
        size_t len = strlen(e->d_name);
        if (len < 5 || len - 4 >= RESOURCE_NAME ||
            strcmp(e->d_name + len - 4, ".txt") != 0)
            continue;
        memcpy(d->names[d->n], e->d_name, len - 4);
        d->names[d->n][len - 4] = 0;
        d->n++;
    }
    closedir(dir);
    qsort(d->names, (size_t)d->n, RESOURCE_NAME, resource_cmp);
}

int resource_list(tty_io *io, const char *kind, char (*names)[RESOURCE_NAME],
                  int max)
{
    resource_dir d = { .names = names, .max = max };
    snprintf(d.path, sizeof d.path, "%s/%s", resource_share(), kind);
    tty_work(io, resource_list_run, &d);
    return d.n;
}
