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

#endif
