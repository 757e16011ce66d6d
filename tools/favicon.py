#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
# favicon.py - writes web/favicon.ico, the pages' icon: a teletype's
# prompt, ">" and the cursor, amber on a dark key, drawn below as 16x16
# pixels and written as a 32x32 icon (each pixel doubled), 32-bit BMP in
# an ICO container, the format every browser takes at /favicon.ico.
#
#   python3 tools/favicon.py web/favicon.ico
#
# The output is the same bytes every run; tests/make/run.sh checks that the
# committed file is what this writes.
import struct
import sys

PIXELS = """
................
.##############.
#..............#
#..............#
#..##..........#
#...##.........#
#....##........#
#.....##.......#
#....##........#
#...##.........#
#..##...######.#
#..............#
#..............#
#..............#
.##############.
................
"""

KEY = (0x1c, 0x1c, 0x1c, 0xff)      # the key's face (RGBA)
AMBER = (0xff, 0xb0, 0x00, 0xff)    # what it prints
CLEAR = (0, 0, 0, 0)


def color(ch, inside):
    if ch == '#':
        return AMBER
    return KEY if inside else CLEAR


def rows():
    lines = [l for l in PIXELS.strip('\n').split('\n')]
    assert len(lines) == 16 and all(len(l) == 16 for l in lines)
    out = []
    for y, line in enumerate(lines):
        row = []
        for x, ch in enumerate(line):
            # inside the key's outline: not on the outer ring's corners
            inside = 0 < y < 15 and 0 < x < 15
            row.append(color(ch, inside))
        out.append(row)
    return out


def icon(size=32):
    scale = size // 16
    src = rows()
    pix = bytearray()
    for y in range(size - 1, -1, -1):       # BMP rows go bottom up
        for x in range(size):
            r, g, b, a = src[y // scale][x // scale]
            pix += bytes((b, g, r, a))
    mask = bytes(((size + 31) // 32) * 4 * size)    # alpha says it all
    header = struct.pack('<IiiHHIIiiII', 40, size, size * 2, 1, 32, 0,
                         len(pix) + len(mask), 0, 0, 0, 0)
    image = header + bytes(pix) + mask
    ico = struct.pack('<HHH', 0, 1, 1)
    ico += struct.pack('<BBBBHHII', size, size, 0, 0, 1, 32, len(image),
                       6 + 16)
    return ico + image


if __name__ == '__main__':
    with open(sys.argv[1] if len(sys.argv) > 1 else 'web/favicon.ico',
              'wb') as f:
        f.write(icon())
