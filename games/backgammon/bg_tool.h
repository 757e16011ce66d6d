/*
 * bg_tool.h - subcommands of `ttyarcade backgammon` (command-line tools,
 * not part of the engine: they print).
 */
#ifndef BG_TOOL_H
#define BG_TOOL_H

int bg_tool_main(int argc, char **argv);
int bg_tool_train(int argc, char **argv);

#endif
