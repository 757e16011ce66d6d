/*
 * serve.h - the serve subcommand.
 */
#ifndef SERVE_H
#define SERVE_H

int serve_main(int argc, char **argv);

#endif
