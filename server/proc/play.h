/*
 * play.h - the play subcommand.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef PLAY_H
#define PLAY_H

int play_main(int argc, char **argv);

#endif
