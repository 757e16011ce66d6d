/* ck_tool.h - the engine tools' entry point (ttyarcade checkers ...). */
/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef CK_TOOL_H
#define CK_TOOL_H

int ck_tool_main(int argc, char **argv);
/* ttyarcade checkers egdb ... (ck_tool_egdb.c) */
int ck_tool_egdb(int argc, char **argv);

#endif
