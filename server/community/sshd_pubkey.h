/*
 * sshd_pubkey.h - OpenSSH public key lines ("ssh-ed25519 AAAA... comment",
 * one line of a .pub file) as players paste them into the menu: checked
 * with libssh, split for the store, and named by their fingerprint.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SSHD_PUBKEY_H
#define SSHD_PUBKEY_H

#include <stddef.h>

#define SSHD_FP_SIZE 64         /* "SHA256:" and 43 characters */

/* 0 and the parts (the key as libssh reads it back; the comment with
 * anything unprintable dropped, cut to comment_size - 1) if line holds a
 * public key libssh accepts; -1 if not. */
int sshd_pubkey_parse(const char *line, char *type, size_t type_size,
                      char *blob, size_t blob_size, char *comment,
                      size_t comment_size);
/* The SHA256 fingerprint of a stored key ("?" if it cannot be read). */
void sshd_pubkey_fingerprint(const char *type, const char *blob, char *out,
                             size_t size);

#endif
