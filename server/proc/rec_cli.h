/*
 * rec_cli.h - `ttyarcade recording list|play|export|prune`: the
 * operator's view of the recordings in a data directory.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef REC_CLI_H
#define REC_CLI_H

int rec_cli_main(int argc, char **argv);

#endif
