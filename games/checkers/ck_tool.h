/* ck_tool.h - the engine tools' entry point (ttyarcade checkers ...). */
/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef CK_TOOL_H
#define CK_TOOL_H

int ck_tool_main(int argc, char **argv);
/* ttyarcade checkers egdb ... (ck_tool_egdb.c) */
int ck_tool_egdb(int argc, char **argv);
/* ttyarcade checkers train ... (ck_tool_train.c) */
int ck_tool_train(int argc, char **argv);
/* The server's data directory when --data is not given: $TTYARCADE_DATA,
 * else ~/.local/share/ttyarcade; NULL without an absolute HOME. */
const char *ck_tool_data_dir(char *buf, unsigned long size);

#endif
