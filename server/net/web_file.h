/*
 * web_file.h - a file of the pages, sent by libwebsockets: gzip'd when the
 * client takes it and make has compressed it (FILE.gz beside FILE), with
 * an entity tag, and 304 Not Modified when the client holds that version.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_FILE_H
#define WEB_FILE_H

struct lws;

/* Answer an HTTP GET or HEAD with the file at path (as web_route_file
 * found it) of type mime; headers: more header lines, each ending in CR
 * LF, for every answer (200 or 304).  0, or -1 to close the connection
 * (lws's convention); -1 also when path is not a regular file. */
int web_file_serve(struct lws *wsi, const char *path, const char *mime,
                   const char *headers);

#endif
