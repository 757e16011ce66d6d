/*
 * play.h - the play subcommand.
 */
#ifndef PLAY_H
#define PLAY_H

int play_main(int argc, char **argv);

#endif
