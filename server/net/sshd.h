/*
 * sshd.h - SSH listeners: the same sessions as telnet, reached with an
 * SSH client, on the server's one libuv loop (libssh's server API in
 * non-blocking mode, its socket polled by libuv).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SSHD_H
#define SSHD_H

/* Listen on "[ADDR:]PORT" (as --telnet); call before privileges are
 * dropped.  Connections are taken once sshd_start has run. */
int sshd_listen(const char *spec);
/* Load the host key (keyfile, or DATA/ssh_host_ed25519_key, made on first
 * start with mode 0600) and log its fingerprint; 0 or -1 after a message.
 * Does nothing without listeners. */
int sshd_start(const char *data_dir, const char *keyfile);
/* --ssh-grace: seconds from connect to a shell (default 30). */
void sshd_set_grace(int seconds);
/* Stop accepting (shutdown). */
void sshd_stop(void);
/* Connections still in key exchange or authentication. */
int sshd_pending(void);

#endif
