/*
 * admit.h - who may start a session: the one policy every door (telnet,
 * the web, SSH) applies once it knows the client's address: the server
 * stopping, a ban, --max-sessions, --max-per-address.  A refusal is
 * logged, counted for /metrics, and handed back as the line to tell the
 * client.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef ADMIT_H
#define ADMIT_H

/* logname names the client in the log ("1.2.3.4:5", "web 1.2.3.4:5");
 * host is its address as sessions record it ("1.2.3.4", "[::1]").
 * pending and pending_host: the door's connections not yet sessions (SSH
 * key exchanges), in all and from host; they count against the limits.
 * NULL: admitted; else the refusal, a CR LF ended line. */
const char *admit_check(const char *logname, const char *host, int pending,
                        int pending_host);

#endif
