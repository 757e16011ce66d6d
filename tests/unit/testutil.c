/*
 * testutil.c - helpers for the unit suites.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

void tu_tempdir(char *out, size_t size)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(out, size, "%s/ttyarcade-test-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(out))
        abort();
}

void tu_rmdir(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

char tu_dir[256];

static void tu_dir_make(void)
{
    tu_tempdir(tu_dir, sizeof tu_dir);
}

static void tu_dir_remove(void)
{
    tu_rmdir(tu_dir);
}

void tu_tempdir_each(TCase *tc)
{
    tcase_add_checked_fixture(tc, tu_dir_make, tu_dir_remove);
}

char *tu_run(const memline_opts *o, const char *input)
{
    size_t len;
    char *out = memline_run(o, input, strlen(input), &len);
    if (!out)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < len; i++)
        if (out[i])
            out[k++] = out[i];
    out[k] = 0;
    return out;
}

char *tu_run_ok(const memline_opts *o, const char *input)
{
    char *out = tu_run(o, input);
    ck_assert_ptr_nonnull(out);
    return out;
}

const char *tu_code(const char *out, const char *marker,
                    char code[TTY_CODE_SIZE])
{
    const char *p = strstr(out, marker);
    ck_assert_msg(p != NULL, "no \"%s\" in: %s", marker, out);
    p += strlen(marker);
    snprintf(code, TTY_CODE_SIZE, "%.*s", TTY_CODE_LEN, p);
    return p + strlen(code);
}

char *tu_read_top(const char *path)
{
    char full[1024];
    const char *top = getenv("TTY_TOP");
    snprintf(full, sizeof full, "%s/%s", top && *top ? top : ".", path);
    FILE *f = fopen(full, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
        free(text);
        text = NULL;
    }
    if (text)
        text[n] = 0;
    fclose(f);
    return text;
}

int tu_count(const char *hay, const char *needle)
{
    int n = 0;
    size_t len = strlen(needle);
    for (const char *p = hay; (p = strstr(p, needle)); p += len)
        n++;
    return n;
}

/* text with its line ends as blanks and every run of blanks one blank
 * (malloc'd). */
static char *tu_flat(const char *text)
{
    char *f = strdup(text), *w = f;
    for (const char *p = text; *p; p++) {
        int blank = *p == ' ' || *p == '\r' || *p == '\n';
        if (!blank)
            *w++ = *p;
        else if (w == f || w[-1] != ' ')
            *w++ = ' ';
    }
    *w = 0;
    return f;
}

int tu_says(const char *out, const char *words)
{
    char *f = tu_flat(out), *w = tu_flat(words);
    int yes = strstr(f, w) != NULL;
    free(f);
    free(w);
    return yes;
}

int tu_tool(tu_tool_fn fn, char **text, int argc, char **argv)
{
    size_t n;
    FILE *o = open_memstream(text, &n);
    FILE *e = fopen("/dev/null", "w");
    int rc = fn(o, e, argc, argv);
    fclose(o);
    fclose(e);
    return rc;
}

int tu_tool_stdio(tu_main_fn fn, char *out, size_t size, int with_err,
                  int argc, char **argv)
{
    fflush(stdout);
    fflush(stderr);
    FILE *tmp = tmpfile(), *err = with_err ? NULL : tmpfile();
    ck_assert_ptr_nonnull(tmp);
    int saved = dup(1), saved_err = dup(2);
    dup2(fileno(tmp), 1);
    dup2(fileno(err ? err : tmp), 2);
    int rc = fn(argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(saved, 1);
    dup2(saved_err, 2);
    close(saved);
    close(saved_err);
    if (err)
        fclose(err);
    rewind(tmp);
    size_t n = fread(out, 1, size - 1, tmp);
    out[n] = 0;
    fclose(tmp);
    return rc;
}

static void tu_hof_run(tty_io *io, void *ctx)
{
    tty_hof_show(io, ctx);
}

char *tu_hof(const char *data, const char *game)
{
    memline_opts o = { .run = tu_hof_run, .ctx = (void *)game, .data = data };
    return tu_run(&o, "");
}

int tu_run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}

/* ---- a PostgreSQL for the suite ---- */

static char tu_pg_dir[256];
static pid_t tu_pg_owner;

int tu_pg(const char *verb)
{
    char cmd[1024];
    const char *top = getenv("TTY_TOP");
    snprintf(cmd, sizeof cmd, "%s/tests/pg/pgtmp.sh %s %s",
             top ? top : ".", verb, tu_pg_dir);
    return system(cmd);
}

static void tu_pg_remove(void)
{
    /* Check runs each test in a child: only the suite's own process
     * stops the server. */
    if (tu_pg_dir[0] && getpid() == tu_pg_owner && tu_pg("remove") != 0)
        fprintf(stderr, "could not remove %s\n", tu_pg_dir);
}

void tu_pg_start(char *out, size_t size)
{
    const char *top = getenv("TTY_TOP");
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s/tests/pg/pgtmp.sh start",
             top ? top : ".");
    FILE *p = popen(cmd, "r");
    if (!p || !fgets(tu_pg_dir, sizeof tu_pg_dir, p) || pclose(p) != 0) {
        fprintf(stderr, "could not start PostgreSQL\n");
        exit(1);
    }
    tu_pg_dir[strcspn(tu_pg_dir, "\n")] = 0;
    tu_pg_owner = getpid();
    atexit(tu_pg_remove);
    snprintf(out, size, "postgresql:///postgres?host=%s&user=tty",
             tu_pg_dir);
}
