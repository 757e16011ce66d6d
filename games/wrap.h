/*
 * wrap.h - running text broken into lines at blanks, so that no word is
 * ever cut in two at the end of a line: the one wrapping routine every
 * game's paper and glass output goes through (messages, instructions,
 * help, reports).
 *
 * The server's profile filter still breaks a line that reaches the
 * terminal's last column (a teletype's carriage must come back), but it
 * cannot see words: it would cut one wherever the column ran out ("THE
 * GAME IS SAVED UNDE" / "R IT.").  So a game breaks its own running text
 * first, at a blank, one column short of the width the terminal reports
 * (72 on a Model 33, 80 on a glass terminal, a window's own width on an
 * ANSI screen), and the filter never has to.  A word longer than a whole
 * line is broken after a comma if it has one, else cut: the last resort.
 *
 * What is not running text stays as it is: boards, tables laid out in
 * columns, screens drawn in place.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WRAP_H
#define WRAP_H

#include <stddef.h>

#include "tty.h"

/* The columns running text may fill on a terminal: one short of its width
 * (a glass terminal wraps by itself when a character lands in its last
 * column, and the new line that follows would leave a blank one); at
 * least 20, whatever the window says. */
int wrap_width(const tty_caps *c);

/*
 * One line's worth of text (the core): how many of the first len
 * characters of text go on a line with 'room' columns free.  The break
 * comes at the last blank that leaves the line within room (or just after
 * a comma); the blanks at the break belong to neither line, and *next is
 * where the next line begins.  Text that fits is taken whole.  Control
 * characters (a bell) take no column.
 */
size_t wrap_fit(const char *text, size_t len, int room, size_t *next);

/*
 * Break text into lines of at most width columns, each handed to fn as a
 * string without its end of line: the first starts at column col (0: a
 * fresh line; its room is width - col, and if not even its first word
 * fits there an empty line comes first, to end the one it would have
 * continued); the ones after a break begin under the first word of the
 * line they continue, or at column 'indent' if that is further in (a
 * numbered entry's text), or, for a row of a table (a line that begins
 * with blanks and has two blanks together further on), under its second
 * column, where those blanks end.  A '\n' (or "\r\n") in text ends a
 * line as it is.
 * Returns the number of lines handed over (a '\n' at the very end starts
 * no further line).
 */
typedef void (*wrap_line_fn)(void *ctx, const char *line);
int wrap_lines(const char *text, int width, int col, int indent,
               wrap_line_fn fn, void *ctx);

/*
 * Print running text on io, broken for its terminal (wrap_width): col is
 * the column the text starts at (0 when the last thing printed ended a
 * line), indent as for wrap_lines.  Line ends in text are printed as
 * written ("\r\n" stays "\r\n"), as are blanks where no break falls, so
 * text that fits comes out byte for byte as tty_msg would print it.
 * Returns the column the text ends at.
 */
int wrap_print(tty_io *io, int col, int indent, const char *text);
int wrap_printf(tty_io *io, int col, int indent, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A prompt, printed from column 0 (the caller ends what went before,
 * or starts the prompt with "\n"), broken so that its last line leaves
 * room for an answer (ten columns) before the margin.  Returns the column the
 * answer starts at. */
int wrap_prompt(tty_io *io, const char *prompt);
/* tty_ask with its question printed by wrap_prompt. */
int wrap_ask(tty_io *io, const char *question, char *line, size_t size);

#endif
