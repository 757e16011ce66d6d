/* gj_tool.h - the engine tool's entry point (gj_tool.c). */
#ifndef GJ_TOOL_H
#define GJ_TOOL_H

int gj_tool_main(int argc, char **argv);

#endif
