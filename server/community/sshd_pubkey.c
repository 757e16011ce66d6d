/*
 * sshd_pubkey.c - checking and naming pasted OpenSSH public keys.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <libssh/libssh.h>

#include "sshd_pubkey.h"

/* The next blank-separated word of *p, copied to out; its length, or -1
 * when it is empty or does not fit. */
static int sshd_word(const char **p, char *out, size_t size)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = 0;
    while (s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != '\r' &&
           s[n] != '\n')
        n++;
    if (!n || n >= size)
        return -1;
    memcpy(out, s, n);
    out[n] = 0;
    *p = s + n;
    return (int)n;
}

static ssh_key sshd_pubkey_import(const char *type, const char *blob)
{
    enum ssh_keytypes_e t = ssh_key_type_from_name(type);
    ssh_key key = NULL;
    if (t == SSH_KEYTYPE_UNKNOWN ||
        ssh_pki_import_pubkey_base64(blob, t, &key) != SSH_OK)
        return NULL;
    return key;
}

int sshd_pubkey_parse(const char *line, char *type, size_t type_size,
                      char *blob, size_t blob_size, char *comment,
                      size_t comment_size)
{
    const char *p = line;
    char t[64];
    if (sshd_word(&p, t, sizeof t) < 0 ||
        sshd_word(&p, blob, blob_size) < 0)
        return -1;
    ssh_key key = sshd_pubkey_import(t, blob);
    if (!key)
        return -1;
    /* Certificates and private keys are not what a login checks. */
    int ok = ssh_key_is_public(key) && !ssh_key_is_private(key);
    const char *name = ssh_key_type_to_char(ssh_key_type(key));
    char *b64 = NULL;
    if (ok && name && strstr(name, "-cert") == NULL &&
        ssh_pki_export_pubkey_base64(key, &b64) == SSH_OK &&
        strlen(name) < type_size && strlen(b64) < blob_size) {
        /* the blob as libssh writes it, so the same key always matches */
        snprintf(type, type_size, "%s", name);
        snprintf(blob, blob_size, "%s", b64);
    } else {
        ok = 0;
    }
    ssh_string_free_char(b64);
    ssh_key_free(key);
    if (!ok)
        return -1;
    /* The comment is shown to its owner only, but keep it printable. */
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = 0;
    for (; *p && n + 1 < comment_size; p++)
        if (*p >= 0x20 && *p <= 0x7e)
            comment[n++] = *p;
    while (n && comment[n - 1] == ' ')
        n--;
    comment[n] = 0;
    return 0;
}

void sshd_pubkey_fingerprint(const char *type, const char *blob, char *out,
                             size_t size)
{
    snprintf(out, size, "?");
    ssh_key key = sshd_pubkey_import(type, blob);
    if (!key)
        return;
    unsigned char *hash = NULL;
    size_t hlen = 0;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash,
                               &hlen) == 0) {
        char *fp = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash,
                                            hlen);
        if (fp)
            snprintf(out, size, "%s", fp);
        ssh_string_free_char(fp);
        ssh_clean_pubkey_hash(&hash);
    }
    ssh_key_free(key);
}
