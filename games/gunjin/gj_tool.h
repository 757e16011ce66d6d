/* gj_tool.h - the engine tool's entry point (gj_tool.c). */
/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef GJ_TOOL_H
#define GJ_TOOL_H

int gj_tool_main(int argc, char **argv);

#endif
