/*
 * sshd_key.c - the SSH host key: read from --ssh-hostkey FILE, or from the
 * data directory, where an Ed25519 key is made on first start (mode 0600,
 * never overwritten).  Its fingerprint goes to the log so an operator can
 * publish it and players can check what their client shows.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "srv.h"
#include "sshd_int.h"

#define SSHD_KEY_NAME "ssh_host_ed25519_key"

/* Writes a new key to path, failing if the file exists (two servers
 * starting at once must not replace each other's key). */
static int sshd_key_make(const char *path)
{
    ssh_key key = NULL;
    char *pem = NULL;
    if (ssh_pki_generate(SSH_KEYTYPE_ED25519, 0, &key) != SSH_OK ||
        ssh_pki_export_privkey_base64(key, NULL, NULL, NULL, &pem) != SSH_OK) {
        ssh_key_free(key);
        fprintf(stderr, "ttyarcade: cannot make an SSH host key\n");
        return -1;
    }
    ssh_key_free(key);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        ssh_string_free_char(pem);
        if (errno == EEXIST)
            return 0;
        fprintf(stderr, "ttyarcade: cannot write %s: %s\n", path,
                strerror(errno));
        return -1;
    }
    size_t n = strlen(pem);
    ssize_t w = write(fd, pem, n);
    int bad = w != (ssize_t)n || fsync(fd) != 0;
    close(fd);
    memset(pem, 0, n);
    ssh_string_free_char(pem);
    if (bad) {
        unlink(path);
        fprintf(stderr, "ttyarcade: cannot write %s\n", path);
        return -1;
    }
    srv_log("ssh host key made: %s", path);
    return 0;
}

int sshd_key_load(const char *data_dir, const char *keyfile, ssh_key *out)
{
    char path[4096];
    if (keyfile) {
        snprintf(path, sizeof path, "%s", keyfile);
    } else {
        snprintf(path, sizeof path, "%s/%s", data_dir, SSHD_KEY_NAME);
        if (access(path, F_OK) != 0 && sshd_key_make(path) != 0)
            return -1;
    }
    ssh_key key = NULL;
    if (ssh_pki_import_privkey_file(path, NULL, NULL, NULL, &key) != SSH_OK) {
        fprintf(stderr, "ttyarcade: cannot read the SSH host key %s\n", path);
        return -1;
    }
    unsigned char *hash = NULL;
    size_t hlen = 0;
    char *fp = NULL;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash,
                               &hlen) == 0)
        fp = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, hlen);
    srv_log("ssh host key %s %s %s", ssh_key_type_to_char(ssh_key_type(key)),
            fp ? fp : "?", path);
    ssh_string_free_char(fp);
    ssh_clean_pubkey_hash(&hash);
    *out = key;
    return 0;
}
