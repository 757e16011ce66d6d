#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# run.sh - run every Expect script here against $TTYARCADE; each script
# starts and stops its own server on a free loopback port.
set -u
here=$(dirname "$0")
: "${TTYARCADE:?set TTYARCADE to the binary under test}"
export TTYARCADE
fail=0
for t in "$here"/*.exp; do
    if ! expect -f "$t"; then
        fail=$((fail + 1))
    fi
done
if [ "$fail" -ne 0 ]; then
    echo "expect: $fail script(s) failed"
    exit 1
fi
echo "expect: all scripts passed"
