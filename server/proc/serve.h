/*
 * serve.h - the serve subcommand.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SERVE_H
#define SERVE_H

int serve_main(int argc, char **argv);

#endif
