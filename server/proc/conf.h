/*
 * conf.h - the configuration file, as nginx, redis and dgamelaunch have
 * one: /etc/ttyarcade/ttyarcade.conf when it is there, or --config FILE.
 *
 *     # a comment (a line's first word, or after a blank)
 *     telnet = 23
 *     telnet = [::1]:2323     # a key repeated for a repeatable option
 *     data = /var/lib/ttyarcade
 *
 * One `key = value` a line; the keys are the long options' names (what
 * follows the "--"); blanks around the key and the value do not count.
 * Which keys there are and what they take is the caller's business
 * (serve_opt.c); this file only reads lines.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CONF_H
#define CONF_H

#include <stddef.h>

#define CONF_LINE 1024          /* the longest line */
#define CONF_LINES 512          /* the most lines that hold a setting */

typedef struct conf_line {
    char *key, *value;
    int lineno;
} conf_line;

typedef struct conf_file {
    char *path;
    conf_line *lines;
    int n;
} conf_file;

/* The file `ttyarcade serve` reads when no --config is given:
 * $TTYARCADE_CONFIG when set (the tests point it at a file of their own),
 * else SYSCONFDIR/ttyarcade/ttyarcade.conf as make configured it. */
const char *conf_default_path(void);
/* Read path: 0 and *out; TTY_NOTFOUND when there is no such file; -1
 * when it cannot be read or a line is not `key = value`, with why in err
 * ("FILE:LINE: ..."). */
int conf_read(const char *path, conf_file **out, char *err, size_t errlen);
void conf_free(conf_file *cf);

/*
 * Where the commands that read (account, recording, admin) look, as serve
 * would: --data and --db when given, else the configuration file's data
 * and db (config: --config FILE, NULL: the default file, when there is
 * one), else $TTYARCADE_DATA or ~/.local/share/ttyarcade.  *data is NULL
 * (after a message) when there is no home to find it under; *db NULL when
 * none is named.  -1 (after a message) when a configuration file that is
 * there cannot be read.  Nothing is created.
 */
int conf_where(const char *config, const char **data, const char **db);

#endif
