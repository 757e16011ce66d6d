/*
 * web_accept.h - the HTTP listeners when --proxy-protocol is given: the
 * server accepts on its own libuv listener, reads a trusted proxy's PROXY
 * header (ppstep.h), and hands the socket to libwebsockets with the bytes
 * that came after the header.  The client's address is kept by
 * descriptor, for the web door to name its peer.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_ACCEPT_H
#define WEB_ACCEPT_H

#include <libwebsockets.h>
#include <sys/socket.h>

/* Listens on host ("" for every address) and port for vh; *bound is the
 * port taken.  0, or -1 with a message. */
int web_accept_listen(struct lws_vhost *vh, const char *host, int port,
                      int *bound);
/* Closes the listeners (the loop finishes the job). */
void web_accept_stop(void);
/* The client a PROXY header named for the connection on fd, or NULL (not
 * proxied, or the proxy said LOCAL). */
const struct sockaddr_storage *web_accept_client(int fd);

#endif
