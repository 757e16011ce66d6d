#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# layers_test.sh - tools/layers.py against small trees made here: one
# whose includes all go down passes; each kind of include that goes up
# (a lower folder, a game reaching the server, a folder not listed, a
# header in two folders) fails and is named.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
check="$top/tools/layers.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tree() {
    rm -rf "$tmp/t"
    mkdir -p "$tmp/t/server/low" "$tmp/t/server/high" "$tmp/t/games/g"
    printf '# layers\n\n1. low/ the bottom\n2. high/ above it\n' \
        > "$tmp/t/server/README.md"
    printf '#include "tty.h"\n' > "$tmp/t/server/low/low.h"
    printf '#include "low.h"\n#include "high.h"\n' > "$tmp/t/server/high/high.c"
    : > "$tmp/t/server/high/high.h"
    : > "$tmp/t/games/tty.h"
    printf '#include "tty.h"\n#include "g.h"\n#include "g/g.h"\n' \
        > "$tmp/t/games/g/g.c"
    : > "$tmp/t/games/g/g.h"
}

fails() {   # what the check must say, as a pattern
    if out=$(python3 "$check" "$tmp/t"); then
        echo "layers_test: passed a tree where $1 should fail:"; echo "$out"
        exit 1
    fi
    echo "$out" | grep -q "$2" || {
        echo "layers_test: expected '$2' in:"; echo "$out"; exit 1; }
}

tree
python3 "$check" "$tmp/t" >/dev/null || {
    echo "layers_test: a tree whose includes go down failed"; exit 1; }

tree
printf '#include "high.h"\n' > "$tmp/t/server/low/low.c"
fails "low including high" 'server/low/low.c includes "high.h": up from low/ to high/'

tree
printf '#include "low.h"\n' >> "$tmp/t/games/g/g.c"
fails "a game including the server" 'games/g/g.c includes "low.h": the server'

tree
printf '#include "g/g.h"\n' > "$tmp/t/games/vscr.c"
fails "the toolkit including a game" 'games/vscr.c includes "g/g.h"'

tree
mkdir "$tmp/t/server/stray"
fails "an unlisted folder" 'server/stray/ is not listed'

tree
: > "$tmp/t/server/low/high.h"
fails "a header in two folders" 'high.h is in both'

echo "layers_test: ok"
