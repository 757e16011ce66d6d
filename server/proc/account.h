/*
 * account.h - `ttyarcade account`: the operator's view of the accounts.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef ACCOUNT_H
#define ACCOUNT_H

int account_main(int argc, char **argv);

#endif
