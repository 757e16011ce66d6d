/*
 * conf.c - reading the configuration file (conf.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "srv.h"
#include "tty.h"
#include "tty_config.h"

const char *conf_default_path(void)
{
    const char *env = getenv("TTYARCADE_CONFIG");
    return env && *env ? env : TTY_CONFFILE;
}

void conf_free(conf_file *cf)
{
    if (!cf)
        return;
    for (int i = 0; i < cf->n; i++) {
        free(cf->lines[i].key);
        free(cf->lines[i].value);
    }
    free(cf->lines);
    free(cf->path);
    free(cf);
}

static int conf_blank(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The line without its comment and the blanks around it, in place. */
static char *conf_trim(char *p)
{
    while (conf_blank((unsigned char)*p))
        p++;
    /* A '#' begins a comment at the line's start or after a blank, so a
     * value may hold one (an address#fragment, a file name). */
    for (char *q = p; *q; q++)
        if (*q == '#' && (q == p || conf_blank((unsigned char)q[-1]))) {
            *q = 0;
            break;
        }
    size_t n = strlen(p);
    while (n && conf_blank((unsigned char)p[n - 1]))
        p[--n] = 0;
    return p;
}

static int conf_key_ok(const char *k)
{
    if (!*k)
        return 0;
    for (; *k; k++)
        if (!((*k >= 'a' && *k <= 'z') || (*k >= '0' && *k <= '9') ||
              *k == '-'))
            return 0;
    return 1;
}

/* One line into key and value: 0, 1 for a line that holds none, -1 with
 * why. */
static int conf_parse_line(char *text, char **key, char **value,
                           char *why, size_t n)
{
    char *p = conf_trim(text);
    if (!*p)
        return 1;
    char *eq = strchr(p, '=');
    if (!eq) {
        snprintf(why, n, "'%.40s' is not KEY = VALUE", p);
        return -1;
    }
    *eq = 0;
    char *k = conf_trim(p), *v = conf_trim(eq + 1);
    if (!conf_key_ok(k)) {
        snprintf(why, n, "'%.40s' is not an option's name (a long option "
                         "without its --, such as max-sessions)", k);
        return -1;
    }
    size_t vn = strlen(v);
    if (vn >= 2 && v[0] == '"' && v[vn - 1] == '"') {
        v[vn - 1] = 0;      /* "a value with  blanks kept" */
        v++;
    }
    if (!*v) {
        snprintf(why, n, "%s has no value", k);
        return -1;
    }
    *key = k;
    *value = v;
    return 0;
}

int conf_read(const char *path, conf_file **out, char *err, size_t errlen)
{
    *out = NULL;
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return TTY_NOTFOUND;
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    conf_file *cf = calloc(1, sizeof *cf);
    if (!cf || !(cf->path = strdup(path)) ||
        !(cf->lines = calloc(CONF_LINES, sizeof *cf->lines))) {
        fclose(f);
        conf_free(cf);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    char text[CONF_LINE + 2];
    int lineno = 0, rc = 0;
    while (fgets(text, sizeof text, f)) {
        lineno++;
        char why[160], *k, *v;
        size_t len = strlen(text);
        if (len > CONF_LINE && text[len - 1] != '\n') {
            snprintf(err, errlen, "%s:%d: the line is longer than %d "
                     "characters", path, lineno, CONF_LINE);
            rc = -1;
            break;
        }
        int r = conf_parse_line(text, &k, &v, why, sizeof why);
        if (r > 0)
            continue;
        if (r == 0 && cf->n == CONF_LINES) {
            snprintf(why, sizeof why, "more than %d settings", CONF_LINES);
            r = -1;
        }
        if (r < 0) {
            snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
            rc = -1;
            break;
        }
        conf_line *l = &cf->lines[cf->n];
        l->key = strdup(k);
        l->value = strdup(v);
        l->lineno = lineno;
        if (!l->key || !l->value) {
            free(l->key);
            free(l->value);
            snprintf(err, errlen, "%s: out of memory", path);
            rc = -1;
            break;
        }
        cf->n++;
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        rc = -1;
    }
    fclose(f);
    if (rc != 0) {
        conf_free(cf);
        return -1;
    }
    *out = cf;
    return 0;
}

int conf_where(const char *config, const char **data, const char **db)
{
    static char kept_data[4096], kept_db[1024];
    char err[600];
    conf_file *cf = NULL;
    const char *path = config ? config : conf_default_path();
    int rc = conf_read(path, &cf, err, sizeof err);
    if (rc == TTY_NOTFOUND && config) {
        fprintf(stderr, "ttyarcade: no configuration file %s\n", config);
        return -1;
    }
    if (rc < 0 && rc != TTY_NOTFOUND) {
        fprintf(stderr, "ttyarcade: %s\n", err);
        return -1;
    }
    for (int i = 0; cf && i < cf->n; i++) {
        /* The last line of a key wins, as serve takes it. */
        if (!*data && strcmp(cf->lines[i].key, "data") == 0)
            snprintf(kept_data, sizeof kept_data, "%s", cf->lines[i].value);
        if (!*db && strcmp(cf->lines[i].key, "db") == 0)
            snprintf(kept_db, sizeof kept_db, "%s", cf->lines[i].value);
    }
    conf_free(cf);
    if (!*data)
        *data = kept_data[0] ? kept_data : srv_default_data(0);
    if (!*db && kept_db[0])
        *db = kept_db;
    return *data ? 0 : -1;
}
