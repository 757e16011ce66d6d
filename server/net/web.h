/*
 * web.h - the web door: HTTP pages and a WebSocket that becomes a
 * session, served by libwebsockets on the server's own libuv loop.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_H
#define WEB_H

/* Remember a listener "[ADDR:]PORT" (ADDR: IPv4, IPv6 or [IPv6]; none:
 * every address); pace: its sessions' line speed (0: none).  -1 after a
 * message if it is malformed. */
int web_listen(const char *spec, int pace);
/* Where the pages are (--http-root; default the share directory's web/). */
void web_set_root(const char *dir);
/* A listener "[ADDR:]PORT" of /metrics' own (--metrics; read as
 * web_listen reads its): it serves /metrics alone, and the --http
 * listeners then answer 404 for it.  -1 after a message. */
int web_metrics_listen(const char *spec);
#define WEB_METRICS_FROM 16
/* --metrics-from ADDR[/PREFIX]: who may read /metrics, wherever it is
 * served (default: loopback only), judged by the client's address as the
 * sessions' is (X-Forwarded-For from --http-trust-proxy peers); -1 for a
 * bad range or too many. */
int web_metrics_allow(const char *range);
/* Start serving on every listener (nothing if none was given); -1 after
 * a message if one cannot listen. */
int web_start(void);
/* Close the listeners and refuse new sessions (the server is stopping);
 * connections already open are served until they end. */
void web_stop(void);
/* After the loop has stopped: close every lws handle and free lws. */
void web_destroy(void);

#endif
