#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
# cast_check.py CAST OUTPUT [WIDTH HEIGHT TERM] - check that CAST is a
# valid asciicast v2 file (a JSON header with version 2, width, height,
# timestamp and env.TERM; then [time, "o", text] events with times that
# never go back) whose output events, put together, are byte for byte
# the file OUTPUT.  Text characters U+0080..U+00FF stand for the bytes
# themselves (see server/community/cast.h).  Resume codes are the one
# thing a recording does not keep as sent (they are keys to saved games,
# starred for watchers and recordings): those in OUTPUT are starred the
# same way before the comparison.  Exit 0 if so.
import json
import re
import sys


def main():
    cast, output = sys.argv[1], sys.argv[2]
    with open(cast, "rb") as f:
        lines = f.read().decode("utf-8").split("\n")
    if lines[-1] != "":
        sys.exit("the last line has no newline")
    head = json.loads(lines[0])
    for key in ("version", "width", "height", "timestamp", "env"):
        if key not in head:
            sys.exit("the header has no %s: %r" % (key, head))
    if head["version"] != 2 or "TERM" not in head["env"]:
        sys.exit("not a version 2 header: %r" % head)
    if len(sys.argv) > 3:
        want = (int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
        got = (head["width"], head["height"], head["env"]["TERM"])
        if want != got:
            sys.exit("header %r, wanted %r" % (got, want))
    data = bytearray()
    last = 0.0
    for line in lines[1:-1]:
        t, kind, text = json.loads(line)
        if t < last:
            sys.exit("time goes back at %r" % line)
        last = t
        if kind == "o":
            for ch in text:
                c = ord(ch)
                data += bytes([c]) if c < 0x100 else ch.encode("utf-8")
    with open(output, "rb") as f:
        want = f.read()
    want = re.sub(rb"(?<=RESUME CODE )[0-9A-Z]{5}-[0-9A-Z]{5}",
                  b"*" * 11, want)
    want = re.sub(rb"(?<=RESUME CODE IS )[0-9A-Z]{5}-[0-9A-Z]{5}",
                  b"*" * 11, want)
    if bytes(data) != want:
        n = next((i for i in range(min(len(data), len(want)))
                  if data[i] != want[i]), min(len(data), len(want)))
        sys.exit("recorded %d bytes, received %d; first difference at %d:"
                 " %r / %r" % (len(data), len(want), n, bytes(data[n:n + 40]),
                               want[n:n + 40]))
    print("ok: %d events, %d bytes" % (len(lines) - 2, len(want)))


main()
