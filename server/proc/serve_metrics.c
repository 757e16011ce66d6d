/*
 * serve_metrics.c - the process's own lines of /metrics: how long it has
 * been up and which build it is (a gauge of 1 whose labels say so, as
 * Prometheus exporters name it *_build_info).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <uv.h>

#include "metrics.h"
#include "serve.h"
#include "version.h"

static uint64_t serve_t0_ns;

void serve_metrics_start(void)
{
    serve_t0_ns = uv_hrtime();
}

/* A label's value as the text format quotes it. */
static void serve_metrics_quoted(buf *out, const char *v)
{
    for (; *v; v++) {
        if (*v == '\\' || *v == '"')
            buf_addc(out, '\\');
        if (*v == '\n')
            buf_printf(out, "\\n");
        else
            buf_addc(out, *v);
    }
}

void serve_metrics(buf *out)
{
    buf_printf(out, "# HELP ttyarcade_uptime_seconds Seconds since the "
                    "server started.\n"
                    "# TYPE ttyarcade_uptime_seconds gauge\n"
                    "ttyarcade_uptime_seconds %.3f\n",
               (double)(uv_hrtime() - serve_t0_ns) / 1e9);
    buf_printf(out, "# HELP ttyarcade_build_info The version (git describe) "
                    "and commit the server was built from.\n"
                    "# TYPE ttyarcade_build_info gauge\n"
                    "ttyarcade_build_info{version=\"");
    serve_metrics_quoted(out, ttyarcade_version);
    buf_printf(out, "\",commit=\"");
    serve_metrics_quoted(out, ttyarcade_commit);
    buf_printf(out, "\"} 1\n");
}
