/*
 * cast.h - the asciicast v2 format (asciinema's): a JSON header line,
 * then one [seconds, "o", "text"] line per piece of output, and a
 * [seconds, "r", "WIDTHxHEIGHT"] line whenever the screen changed size.
 *
 * The games send ASCII; a byte above 0x7f that is not part of valid
 * UTF-8 is written as the character U+0080..U+00FF of the same number,
 * so the file is always valid JSON, and cast_event reads such a
 * character back as that byte.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CAST_H
#define CAST_H

#include <stddef.h>

#include "buf.h"

/* p..n as the inside of a JSON string. */
void cast_escape(buf *out, const char *p, size_t n);
/* The header line (with its newline). */
void cast_header(buf *out, int width, int height, long timestamp,
                 const char *term, const char *title);
/* One output event line (with its newline). */
void cast_event_line(buf *out, double t, const char *p, size_t n);

/* The width and height from a header line; -1 if it is not one. */
int cast_parse_header(const char *line, int *width, int *height);
/* An event line: 0 and its time and bytes for output ("o"), 2 and its
 * time and text ("WxH") for a resize ("r"), 1 for another kind
 * (skipped), -1 if it is not an event. */
int cast_parse_event(const char *line, double *t, buf *data);
/* A resize event line, [t, "r", "WxH"] (with its newline): the
 * player's screen changed size there. */
void cast_resize_line(buf *out, double t, int width, int height);
/* A resize event's text ("130x43"): 0 and the size, or -1. */
int cast_parse_size(const buf *data, int *width, int *height);

#endif
