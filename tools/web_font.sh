#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# web_font.sh - make the pages' font: the 3270 face of Debian's fonts-3270,
# cut to the characters the games and the pages draw (printable ASCII and
# the no-break space), as WOFF2.  The whole face is 256 KB; this is under
# 5 KB.  The result, web/fonts/3270-ascii.woff2, is committed with its
# licence beside it (web/fonts/3270-COPYRIGHT, Debian's copyright file of
# fonts-3270: BSD-3-Clause, or the SIL OFL with no reserved name); run
# this again when the games draw a new character.  The output is the same
# byte for byte for the same font and fontTools.
#   tools/web_font.sh            (needs fonts-3270, fonttools, python3-brotli)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
font=/usr/share/fonts/truetype/3270/3270-Regular.ttf
pyftsubset "$font" --unicodes="U+0020-007E,U+00A0" --drop-tables+=FFTM \
    --flavor=woff2 \
    --output-file="$top/web/fonts/3270-ascii.woff2"
cp /usr/share/doc/fonts-3270/copyright "$top/web/fonts/3270-COPYRIGHT"
