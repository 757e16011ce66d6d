/*
 * serve.h - the serve subcommand.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SERVE_H
#define SERVE_H

#include "buf.h"

int serve_main(int argc, char **argv);
/* The process's lines of /metrics (serve_metrics.c): uptime from
 * serve_metrics_start, and the build. */
void serve_metrics_start(void);
void serve_metrics(buf *out);
/* SIGHUP's reload (serve_reload.c), its input all on libuv's pool: init
 * once the loop is there; ask on each SIGHUP (one reload at a time, one
 * more after it if asked meanwhile); stop when the server stops (a reload
 * not begun is cancelled, one stuck in a read is not waited for). */
void serve_reload_init(void);
void serve_reload_ask(int signum);
void serve_reload_stop(void);

#endif
