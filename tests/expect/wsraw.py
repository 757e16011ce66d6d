#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
# wsraw.py - a WebSocket client that writes its own frames, for the
# Expect scripts to send what a browser never does (an unmasked frame,
# a text frame that is not UTF-8).  The ws package of wsclient.js always
# frames correctly, so this one builds the bytes itself.
#
#   python3 wsraw.py PORT STEP...
#   STEP  get=PATH       first a plain GET of PATH on the same connection
#                        (its status line is printed as "[HTTP ...]")
#         pipeline=F     send frame F in the same write as the upgrade
#         wait=TEXT      wait (10 s) until the output so far has TEXT
#         send=F         send frame F
#   F     KINDS:PAYLOAD  KINDS: b binary or t text, then m masked or u
#                        unmasked; PAYLOAD with Python escapes (\r,
#                        \xff), one byte per character.
#
# Output: the upgrade's status line as "[HTTP ...]", binary messages as
# their bytes, a text message as "[TEXT ...]", the server's close as
# "[CLOSED code reason]", the connection's end as "[EOF]".
import os
import socket
import struct
import sys
import time

def frame(spec):
    kinds, payload = spec.split(":", 1)
    data = payload.encode("latin-1").decode("unicode_escape").encode("latin-1")
    op = 0x1 if "t" in kinds else 0x2
    masked = "m" in kinds
    head = bytes([0x80 | op])
    n = len(data)
    bit = 0x80 if masked else 0
    if n < 126:
        head += bytes([bit | n])
    elif n < 65536:
        head += bytes([bit | 126]) + struct.pack(">H", n)
    else:
        head += bytes([bit | 127]) + struct.pack(">Q", n)
    if not masked:
        return head + data
    key = os.urandom(4)
    return head + key + bytes(c ^ key[i % 4] for i, c in enumerate(data))

class Conn:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.rx = b""       # bytes read, not yet parsed
        self.out = b""      # what was printed
        self.eof = False

    def emit(self, b):
        self.out += b
        sys.stdout.buffer.write(b)
        sys.stdout.buffer.flush()

    def read(self, until):
        self.s.settimeout(max(0.01, until - time.time()))
        try:
            d = self.s.recv(65536)
        except socket.timeout:
            return False
        except ConnectionResetError:
            d = b""
        if not d:
            if not self.eof:
                self.eof = True
                self.emit(b"\n[EOF]\n")
            return False
        self.rx += d
        return True

    def http(self, until):
        """One response's head (and a body of Content-Length)."""
        while b"\r\n\r\n" not in self.rx:
            if not self.read(until):
                return None
        head, self.rx = self.rx.split(b"\r\n\r\n", 1)
        length = 0
        for line in head.split(b"\r\n")[1:]:
            k, _, v = line.partition(b":")
            if k.strip().lower() == b"content-length":
                length = int(v.strip())
        while len(self.rx) < length:
            if not self.read(until):
                break
        self.rx = self.rx[length:]
        status = head.split(b"\r\n", 1)[0]
        self.emit(b"[HTTP " + status + b"]\n")
        return status

    def frames(self):
        """Print the whole frames read so far."""
        while len(self.rx) >= 2:
            op, n = self.rx[0] & 0x0F, self.rx[1] & 0x7F
            at = 2
            if n == 126:
                if len(self.rx) < 4:
                    return
                n, at = struct.unpack(">H", self.rx[2:4])[0], 4
            elif n == 127:
                if len(self.rx) < 10:
                    return
                n, at = struct.unpack(">Q", self.rx[2:10])[0], 10
            if len(self.rx) < at + n:
                return
            body, self.rx = self.rx[at:at + n], self.rx[at + n:]
            if op == 0x2:
                self.emit(body)
            elif op == 0x1:
                self.emit(b"\n[TEXT " + body + b"]\n")
            elif op == 0x8:
                code = struct.unpack(">H", body[:2])[0] if len(body) >= 2 else 0
                self.emit(b"\n[CLOSED %d " % code + body[2:] + b"]\n")
                # the client's half of the closing handshake
                try:
                    self.s.sendall(bytes([0x88, 0x82, 0, 0, 0, 0]) + body[:2])
                except OSError:
                    pass

    def pump(self, until, text=None):
        while text is None or text not in self.out:
            self.frames()
            if text is not None and text in self.out:
                return True
            if not self.read(until):
                if self.eof or time.time() >= until:
                    self.frames()
                    return text is None or text in self.out
        return True

def main():
    port = int(sys.argv[1])
    steps = sys.argv[2:]
    c = Conn(port)
    first = b""
    for st in steps:
        if st.startswith("get="):
            c.s.sendall(b"GET " + st[4:].encode() +
                        b" HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
            c.http(time.time() + 10)
    for st in steps:
        if st.startswith("pipeline="):
            first += frame(st[9:])
    c.s.sendall(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                b"Upgrade: websocket\r\nConnection: Upgrade\r\n"
                b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                b"Sec-WebSocket-Version: 13\r\n"
                b"Sec-WebSocket-Protocol: ttyarcade\r\n\r\n" % port + first)
    status = c.http(time.time() + 10)
    if status is None or b" 101 " not in status:
        c.pump(time.time() + 2)
        return
    for st in steps:
        if st.startswith("wait="):
            want = st[5:].encode("latin-1").decode("unicode_escape")
            if not c.pump(time.time() + 10, want.encode("latin-1")):
                c.emit(b"\n[TIMEOUT]\n")
                return
        elif st.startswith("send="):
            c.s.sendall(frame(st[5:]))
    c.pump(time.time() + 10)

main()
