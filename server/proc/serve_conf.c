/*
 * serve_conf.c - where serve's options come from (serve_opt.h): the
 * command line and the configuration file, merged at start, and the file
 * read again on SIGHUP (on libuv's pool: serve_reload.c).
 *
 * At start the file's lines are taken in order, leaving out every key the
 * command line gives, then the command line's options in order: so the
 * command line wins, and a repeatable option given there replaces all the
 * file's lines of that key.  A bad line stops the start with the file,
 * the line and why.  What is then in effect is kept per option (its values
 * and whether the command line gave them), so that a reload can tell what
 * the file changed: the live options are checked first, every one, and
 * applied only if none is refused; the others are logged as needing a
 * restart (until one happens, every reload says so again).  A reload never
 * stops the server.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "acct.h"
#include "conf.h"
#include "opt.h"
#include "rec.h"
#include "resource.h"
#include "serve_opt.h"
#include "srv.h"

#define SERVE_CL_MAX 256

typedef struct serve_in_effect {
    char **v;                   /* copies of its values, in order */
    int n;
    int cmdline;                /* the command line gave it: the file's
                                   lines of its key do not count */
} serve_in_effect;

static serve_in_effect serve_now[SERVE_OPTS_MAX];
static char *serve_path;        /* the file read at start and on reloads */
static conf_file *serve_file;   /* the file as read at start: the options
                                   taken from it keep pointing into it */

const char *serve_conf_path(void)
{
    return serve_path;
}

int serve_conf_read(void)
{
    return serve_file != NULL;
}

static int serve_nopts(void)
{
    int n = 0;
    while (serve_opts[n].name)
        n++;
    return n;
}

static void serve_effect_set(int i, char *const *v, int n)
{
    serve_in_effect *e = &serve_now[i];
    for (int k = 0; k < e->n; k++)
        free(e->v[k]);
    free(e->v);
    e->v = n ? calloc((size_t)n, sizeof *e->v) : NULL;
    e->n = 0;
    for (int k = 0; k < n && e->v; k++)
        if ((e->v[k] = strdup(v[k])))
            e->n++;
}

/* The values as the log shows them: "a, b", or "not set". */
static void serve_values_text(char *const *v, int n, char *out, size_t size)
{
    size_t k = 0;
    out[0] = 0;
    if (!n)
        snprintf(out, size, "not set");
    for (int i = 0; i < n && k < size; i++)
        k += (size_t)snprintf(out + k, size - k, "%s%s", i ? ", " : "",
                              v[i]);
}

static int serve_same(const serve_in_effect *e, char *const *v, int n)
{
    if (e->n != n)
        return 0;
    for (int i = 0; i < n; i++)
        if (strcmp(e->v[i], v[i]) != 0)
            return 0;
    return 1;
}

/* Every key the file names is an option's, and one not repeatable is set
 * once: 0, or -1 with why in err. */
static int serve_conf_check(const conf_file *cf, char *err, size_t n)
{
    for (int i = 0; i < cf->n; i++) {
        const conf_line *l = &cf->lines[i];
        const serve_opt *o = serve_opt_find(l->key);
        if (!o) {
            snprintf(err, n, "%s:%d: no option '%s' (ttyarcade serve "
                     "--help lists them)", cf->path, l->lineno, l->key);
            return -1;
        }
        if (o->flags & SERVE_OPT_REPEAT)
            continue;
        for (int k = 0; k < i; k++)
            if (strcmp(cf->lines[k].key, l->key) == 0) {
                snprintf(err, n, "%s:%d: %s is set on line %d already (it "
                         "takes one value)", cf->path, l->lineno, l->key,
                         cf->lines[k].lineno);
                return -1;
            }
    }
    return 0;
}

/* Take one value at start: 0, or -1 after saying why (and, for a line of
 * the file, which). */
static int serve_take(const serve_opt *o, const char *v, const char *file,
                      int lineno)
{
    serve_opt_clear();
    if (o->set(o, v, 1) == 0)
        return 0;
    char where[4200] = "";
    if (file)
        snprintf(where, sizeof where, "%s:%d: ", file, lineno);
    if (*serve_opt_why())
        fprintf(stderr, "ttyarcade: %s%s\n", where, serve_opt_why());
    else if (file)          /* the option's own check printed why above */
        fprintf(stderr, "ttyarcade: %s%s = %s is refused\n", where, o->name,
                v);
    return -1;
}

int serve_conf_start(int argc, char **argv)
{
    struct { const serve_opt *o; const char *v; } cl[SERVE_CL_MAX];
    int ncl = 0;
    const char *config = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            serve_usage(stdout);
            return 0;
        }
        if ((v = opt_value(argc, argv, &i, "--config"))) {
            if (!*v) {
                fprintf(stderr, "ttyarcade: --config wants a file\n");
                return 2;
            }
            config = v;
            continue;
        }
        char name[64] = "";
        const serve_opt *o = NULL;
        if (a[0] == '-' && a[1] == '-') {
            snprintf(name, sizeof name, "%s", a + 2);
            name[strcspn(name, "=")] = 0;
            o = serve_opt_find(name);
        }
        if (!o) {
            fprintf(stderr, "ttyarcade: unknown option '%s'\n", a);
            serve_usage(stderr);
            return 2;
        }
        if (!strchr(a, '=') && i + 1 >= argc) {
            fprintf(stderr, "ttyarcade: --%s needs a value\n", o->name);
            return 2;
        }
        if (ncl == SERVE_CL_MAX) {
            fprintf(stderr, "ttyarcade: more than %d options\n",
                    SERVE_CL_MAX);
            return 2;
        }
        cl[ncl].o = o;
        cl[ncl++].v = strchr(a, '=') ? strchr(a, '=') + 1 : argv[++i];
    }
    serve_opt_keep_defaults();
    const char *path = config ? config : conf_default_path();
    char err[4400];
    conf_file *cf = NULL;
    int rc = conf_read(path, &cf, err, sizeof err);
    if (rc == TTY_NOTFOUND && config) {
        fprintf(stderr, "ttyarcade: no configuration file %s\n", config);
        return 2;
    }
    if (rc < 0 && rc != TTY_NOTFOUND) {
        fprintf(stderr, "ttyarcade: %s\n", err);
        return 2;
    }
    /* Absolute, so a reload reads the same file whatever the directory. */
    char abs[4096];
    free(serve_path);
    serve_path = strdup(realpath(path, abs) ? abs : path);
    if (cf && serve_conf_check(cf, err, sizeof err) != 0) {
        fprintf(stderr, "ttyarcade: %s\n", err);
        conf_free(cf);
        return 2;
    }
    int nopts = serve_nopts();
    for (int k = 0; k < ncl; k++)
        serve_now[cl[k].o - serve_opts].cmdline = 1;
    for (int k = 0; cf && k < cf->n; k++) {
        const serve_opt *o = serve_opt_find(cf->lines[k].key);
        if (!serve_now[o - serve_opts].cmdline &&
            serve_take(o, cf->lines[k].value, cf->path,
                       cf->lines[k].lineno) != 0) {
            conf_free(cf);
            return 2;
        }
    }
    for (int k = 0; k < ncl; k++)
        if (serve_take(cl[k].o, cl[k].v, NULL, 0) != 0) {
            conf_free(cf);
            return 2;
        }
    /* What is in effect now, for the reloads to compare with. */
    for (int i = 0; i < nopts; i++) {
        char *v[SERVE_CL_MAX];
        int n = 0;
        if (serve_now[i].cmdline) {
            for (int k = 0; k < ncl; k++)
                if (cl[k].o == &serve_opts[i] && n < SERVE_CL_MAX)
                    v[n++] = (char *)cl[k].v;
        } else {
            for (int k = 0; cf && k < cf->n; k++)
                if (strcmp(cf->lines[k].key, serve_opts[i].name) == 0 &&
                    n < SERVE_CL_MAX)
                    v[n++] = cf->lines[k].value;
        }
        serve_effect_set(i, v, n);
    }
    serve_file = cf;
    return -1;
}

/* ---- SIGHUP --------------------------------------------------------- */

/* The file's values of option i, and the line of each. */
static int serve_file_values(const conf_file *cf, int i, char **v,
                             int *lines)
{
    int n = 0;
    for (int k = 0; cf && k < cf->n && n < SERVE_CL_MAX; k++)
        if (strcmp(cf->lines[k].key, serve_opts[i].name) == 0) {
            lines[n] = cf->lines[k].lineno;
            v[n++] = cf->lines[k].value;
        }
    return n;
}

/* ---- a reload's reading, on the pool ------------------------------- */

struct serve_reread {
    char *path;                 /* the configuration file */
    char *share;                /* where installed word lists are */
    /* For every option with a reader: whether the command line gave it,
     * and its values in effect (copies), as they were when the reload
     * began: the pool judges with them which values it reads. */
    unsigned char cmdline[SERVE_OPTS_MAX];
    serve_in_effect was[SERVE_OPTS_MAX];
    int rc;                     /* conf_read's answer, cf and err */
    conf_file *cf;
    char err[4400];
    serve_got *got;             /* the files its options name, as read */
    int ngot;
    _Atomic(const char *) reading;
};

static int serve_got_add(serve_reread *r, const serve_opt *o, const char *v)
{
    for (int i = 0; i < r->ngot; i++)
        if (r->got[i].o == o && strcmp(r->got[i].value, v) == 0)
            return 0;
    serve_got *g = realloc(r->got, (size_t)(r->ngot + 1) * sizeof *g);
    if (!g)
        return -1;
    r->got = g;
    g = &r->got[r->ngot];
    memset(g, 0, sizeof *g);
    g->o = o;
    if (!(g->value = strdup(v)))
        return -1;
    r->ngot++;
    return 0;
}

void serve_conf_reload_free(serve_reread *r)
{
    if (!r)
        return;
    free(r->path);
    free(r->share);
    for (int i = 0; i < SERVE_OPTS_MAX; i++) {
        for (int k = 0; k < r->was[i].n; k++)
            free(r->was[i].v[k]);
        free(r->was[i].v);
    }
    conf_free(r->cf);
    for (int i = 0; i < r->ngot; i++) {
        free(r->got[i].value);
        free(r->got[i].got);
    }
    free(r->got);
    free(r);
}

serve_reread *serve_conf_reload_prepare(void)
{
    serve_reread *r = calloc(1, sizeof *r);
    if (!r || !(r->path = strdup(serve_path)) ||
        !(r->share = strdup(resource_share()))) {
        serve_conf_reload_free(r);
        return NULL;
    }
    atomic_init(&r->reading, NULL);
    for (int i = 0; i < serve_nopts(); i++) {
        serve_in_effect *e = &serve_now[i], *w = &r->was[i];
        if (!serve_opts[i].read || !e->n)
            continue;
        r->cmdline[i] = (unsigned char)e->cmdline;
        if (!(w->v = calloc((size_t)e->n, sizeof *w->v))) {
            serve_conf_reload_free(r);
            return NULL;
        }
        for (; w->n < e->n; w->n++)
            if (!(w->v[w->n] = strdup(e->v[w->n]))) {
                serve_conf_reload_free(r);
                return NULL;
            }
    }
    /* The message of the day is read again even when its file's name did
     * not change: that is how an operator changes it. */
    const serve_opt *motd = serve_opt_find("motd");
    const serve_in_effect *m = &r->was[motd - serve_opts];
    if (m->n && serve_got_add(r, motd, m->v[m->n - 1]) != 0) {
        serve_conf_reload_free(r);
        return NULL;
    }
    return r;
}

void serve_conf_reload_read(serve_reread *r)
{
    atomic_store(&r->reading, r->path);
    r->rc = conf_read(r->path, &r->cf, r->err, sizeof r->err);
    /* The files of the values apply will judge: those the file changed
     * of an option the command line does not give (a bad file changes
     * nothing, and a value that cannot be read is refused there). */
    for (int i = 0; r->rc == 0 && i < serve_nopts(); i++) {
        char *v[SERVE_CL_MAX];
        int lines[SERVE_CL_MAX];
        int n = serve_file_values(r->cf, i, v, lines);
        if (!serve_opts[i].read || r->cmdline[i] ||
            serve_same(&r->was[i], v, n))
            continue;
        for (int k = 0; k < n; k++)
            if (serve_got_add(r, &serve_opts[i], v[k]) != 0) {
                r->rc = -1;
                snprintf(r->err, sizeof r->err, "%s: out of memory",
                         r->path);
            }
    }
    for (int i = 0; i < r->ngot; i++) {
        serve_got *g = &r->got[i];
        atomic_store(&r->reading, g->value);
        g->rc = g->o->read(g->value, r->share, &g->got, g->why,
                           sizeof g->why);
    }
    atomic_store(&r->reading, NULL);
}

const char *serve_conf_reload_reading(serve_reread *r)
{
    return atomic_load(&r->reading);
}

/* ---- a reload's applying, on the loop ------------------------------- */

/* The message of the day as read again (serve_conf_reload_prepare). */
static void serve_reread_motd(void)
{
    const serve_opt *o = serve_opt_find("motd");
    serve_in_effect *e = &serve_now[o - serve_opts];
    if (!e->n)
        return;
    char *was = srv.motd ? strdup(srv.motd) : NULL;
    serve_opt_clear();
    if (o->set(o, e->v[e->n - 1], 1) != 0)
        srv_log("reload: %s; the message of the day is kept",
                serve_opt_why());
    else if ((was == NULL) != (srv.motd == NULL) ||
             (was && strcmp(was, srv.motd) != 0))
        srv_log("reload: motd: %s read again, its text changed",
                e->v[e->n - 1]);
    free(was);
}

static void serve_conf_apply(serve_reread *r)
{
    char *err = r->err;
    conf_file *cf = r->cf;
    int rc = r->rc;
    if (rc == TTY_NOTFOUND) {
        if (serve_file)
            srv_log("reload: %s is gone; nothing changed", serve_path);
        else
            srv_log("reload: no configuration file %s", serve_path);
        serve_reread_motd();
        return;
    }
    if (rc < 0 || serve_conf_check(cf, err, sizeof r->err) != 0) {
        srv_log("reload: %s; nothing changed", err);
        return;
    }
    int nopts = serve_nopts(), bad = 0;
    unsigned char todo[SERVE_OPTS_MAX] = { 0 };
    char *v[SERVE_CL_MAX], text[1024];
    int lines[SERVE_CL_MAX];
    /* Judge every changed live value before taking any. */
    for (int i = 0; i < nopts; i++) {
        const serve_opt *o = &serve_opts[i];
        int n = serve_file_values(cf, i, v, lines);
        if (serve_now[i].cmdline) {
            if (n && !serve_same(&serve_now[i], v, n))
                srv_log("reload: %s:%d: %s is given on the command line, "
                        "which wins", cf->path, lines[0], o->name);
            continue;
        }
        if (serve_same(&serve_now[i], v, n))
            continue;
        if (!(o->flags & SERVE_OPT_LIVE)) {
            serve_values_text(serve_now[i].v, serve_now[i].n, text,
                              sizeof text);
            srv_log("reload: %s changed: it takes a restart (still %s)",
                    o->name, text);
            continue;
        }
        todo[i] = 1;
        for (int k = 0; k < n; k++) {
            serve_opt_clear();
            if (o->set(o, v[k], 0) != 0) {
                srv_log("reload: %s:%d: %s", cf->path, lines[k],
                        *serve_opt_why() ? serve_opt_why() : "refused");
                bad++;
            }
        }
    }
    if (bad) {
        srv_log("reload: %s has %d bad value%s; nothing changed", cf->path,
                bad, bad == 1 ? "" : "s");
        return;
    }
    int changed = 0, prune = 0;
    for (int i = 0; i < nopts; i++) {
        const serve_opt *o = &serve_opts[i];
        if (!todo[i])
            continue;
        int n = serve_file_values(cf, i, v, lines);
        char was[512];
        serve_values_text(serve_now[i].v, serve_now[i].n, was, sizeof was);
        serve_values_text(v, n, text, sizeof text);
        if (o->flags & SERVE_OPT_REPEAT) {
            if (serve_opt_relist(o, (const char *const *)v, n) != 0) {
                srv_log("reload: %s changed: it takes a restart (still "
                        "%s)", o->name, was);
                continue;
            }
        } else if (o->set(o, n ? v[n - 1] : NULL, 1) != 0) {
            continue;       /* judged good a moment ago */
        }
        srv_log("reload: %s = %s (was %s)", o->name, text, was);
        serve_effect_set(i, v, n);
        changed++;
        if (strncmp(o->name, "recordings-", 11) == 0)
            prune = 1;
    }
    serve_reread_motd();
    /* A larger gate lets waiting hashes start; new limits for recordings
     * are applied at once. */
    acct_hash_kick();
    if (prune)
        rec_prune_now();
    srv_log("reload: %s read, %d setting%s changed", cf->path, changed,
            changed == 1 ? "" : "s");
}

void serve_conf_reload_apply(serve_reread *r)
{
    /* The setters take the files the pool read, and read none. */
    serve_opt_use_reads(r->got, r->ngot);
    serve_conf_apply(r);
    serve_opt_use_reads(NULL, 0);
}
