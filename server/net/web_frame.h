/*
 * web_frame.h - the one check of a client's WebSocket frames that
 * libwebsockets 4.1 does not make: RFC 6455 5.1 says every frame a
 * client sends is masked, and a server that gets one unmasked must fail
 * the connection (1002).  lws reads such a frame as if masked with a key
 * of zeros, and gives its callbacks no way to tell, so the web door's
 * relay (web_relay.c) reads the frames' headers on their way in with
 * this.
 *
 * Only the headers are read: the opcode, FIN, RSV, lengths of control
 * frames and UTF-8 are lws's to check.  Pure byte work, unit-tested and
 * fuzzed without a socket.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_FRAME_H
#define WEB_FRAME_H

#include <stddef.h>
#include <stdint.h>

/* Where the reading is; all zeros: before the first frame. */
typedef struct web_frame {
    uint64_t payload;           /* the frame's payload length */
    uint64_t left;              /* bytes of the current part to come */
    unsigned char part;         /* which part (web_frame.c) */
    unsigned char first;        /* the frame's first byte, held */
} web_frame;

/* Feeds n bytes from the client (its WebSocket's, from the first after
 * the upgrade request).  Writes to out (room for n + 1) the bytes
 * libwebsockets may have now, *nout of them: a frame's first byte is held
 * until its second says the frame is masked.  0, or -1 when an unmasked
 * frame begins here: out then ends where it begins (none of its bytes),
 * and nothing more may be fed. */
int web_frame_feed(web_frame *f, const unsigned char *in, size_t n,
                   unsigned char *out, size_t *nout);

/* A masked Close frame from the client with code (and reason, at most
 * 123 bytes) into out (room for 6 + 2 + 123); its length. */
size_t web_frame_close(unsigned char *out, unsigned code, const char *reason);

#endif
