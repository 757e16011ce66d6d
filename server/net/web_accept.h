/*
 * web_accept.h - the web listeners: the server accepts on its own libuv
 * listeners and hands each connection to libwebsockets' one vhost, a
 * door's through the relay (web_relay.h) after the PROXY step when it
 * comes from a trusted proxy (ppstep.h).  The client's address and the
 * listener a connection came by are kept by lws's descriptor.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_ACCEPT_H
#define WEB_ACCEPT_H

#include <libwebsockets.h>
#include <sys/socket.h>

/* Listens on host ("" for every address) and port for vh; door: 1 for a
 * --http listener, 0 for --metrics (no PROXY step, no relay); owner:
 * what web_accept_owner answers for its connections (it must outlive
 * them); opt names the option in messages.  *bound is the port taken.
 * 0, or -1 with a message. */
int web_accept_listen(struct lws_vhost *vh, const char *opt, int door,
                      const void *owner, const char *host, int port,
                      int *bound);
/* Closes the listeners (the loop finishes the job). */
void web_accept_stop(void);
/* The client of the connection lws has as fd: its TCP peer, or the
 * client a trusted proxy's PROXY header named; NULL if unknown. */
const struct sockaddr_storage *web_accept_client(int fd);
/* The owner of the listener the connection on fd came by; NULL if
 * unknown. */
const void *web_accept_owner(int fd);

#endif
