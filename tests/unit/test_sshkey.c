/*
 * test_sshkey.c - SSH public keys as players paste them: which lines
 * libssh accepts, how they are split and named, and the store's keys per
 * account (added once, at most STORE_KEYS_MAX, listed, found, deleted,
 * gone with the account).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "sshd_pubkey.h"
#include "store.h"
#include "testutil.h"

/* A fixed Ed25519 public key (from ssh-keygen) and its fingerprint as
 * `ssh-keygen -l` prints it. */
static const char key_blob[] =
    "AAAAC3NzaC1lZDI1NTE5AAAAIBfMSjqCCQFBNnD2Nh5xwrp26PAEm1LIFYlWxdnPB9Nz";
static const char key_fp[] =
    "SHA256:1EeIRxGAO6GqvKkFl5ZkpBaI+3g9AbsGyZ6Tyk0eXQQ";

START_TEST(lines_are_checked)
{
    char type[STORE_KEY_TYPE], blob[STORE_KEY_BLOB],
        comment[STORE_KEY_COMMENT], line[512];
    snprintf(line, sizeof line, "  ssh-ed25519 %s ann@laptop \r\n", key_blob);
    ck_assert_int_eq(sshd_pubkey_parse(line, type, sizeof type, blob,
                                       sizeof blob, comment, sizeof comment),
                     0);
    ck_assert_str_eq(type, "ssh-ed25519");
    ck_assert_str_eq(blob, key_blob);
    ck_assert_str_eq(comment, "ann@laptop");
    /* no comment */
    snprintf(line, sizeof line, "ssh-ed25519 %s", key_blob);
    ck_assert_int_eq(sshd_pubkey_parse(line, type, sizeof type, blob,
                                       sizeof blob, comment, sizeof comment),
                     0);
    ck_assert_str_eq(comment, "");
    /* a comment that would drive a terminal loses its control bytes */
    snprintf(line, sizeof line, "ssh-ed25519 %s \033[2Jx", key_blob);
    ck_assert_int_eq(sshd_pubkey_parse(line, type, sizeof type, blob,
                                       sizeof blob, comment, sizeof comment),
                     0);
    ck_assert_str_eq(comment, "[2Jx");
    /* not keys */
    const char *bad[] = { "", "ssh-ed25519", "ssh-ed25519 AAAAnotakey",
                          /* an Ed25519 blob called RSA */
                          "ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIBfMSjqCCQFBNnD2Nh"
                          "5xwrp26PAEm1LIFYlWxdnPB9Nz",
                          "hello world", "-----BEGIN OPENSSH PRIVATE KEY-----",
                          NULL };
    for (int i = 0; bad[i]; i++)
        ck_assert_int_eq(sshd_pubkey_parse(bad[i], type, sizeof type, blob,
                                           sizeof blob, comment,
                                           sizeof comment),
                         -1);
    char fp[SSHD_FP_SIZE];
    sshd_pubkey_fingerprint("ssh-ed25519", key_blob, fp, sizeof fp);
    ck_assert_str_eq(fp, key_fp);
    sshd_pubkey_fingerprint("ssh-ed25519", "junk", fp, sizeof fp);
    ck_assert_str_eq(fp, "?");
}
END_TEST

/* How the store keeps an account's keys is tested on both backends in
 * test_store_be.c. */

int main(void)
{
    Suite *s = suite_create("sshkey");
    TCase *t = tcase_create("keys");
    tcase_add_test(t, lines_are_checked);
    suite_add_tcase(s, t);
    return tu_run_suite(s);
}
