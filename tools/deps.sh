#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# deps.sh - install the Debian packages ttyarcade needs that are missing.
#   tools/deps.sh          to build and run the server
#   tools/deps.sh test     ... and to run every test (make check)
#   tools/deps.sh bench    ... and the peers the benchmarks measure against
# Uses apt-get as root, or through sudo; installs only what is missing.
set -eu

run="libuv1-dev libtelnet-dev libsqlite3-dev libvterm-dev pkg-config make gcc"
test="check expect telnet socat asciinema python3 clang libclang-rt-14-dev tmux haproxy systemd"
bench="bsdgames wamerican gnubg"

want="$run"
case "${1:-run}" in
    run) ;;
    test) want="$run $test" ;;
    bench) want="$run $test $bench" ;;
    *) echo "usage: tools/deps.sh [run|test|bench]" >&2; exit 2 ;;
esac

missing=""
for p in $want; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
        missing="$missing $p"
    fi
done
[ -z "$missing" ] && exit 0

echo "deps: installing$missing"
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
else
    echo "deps: need root (or sudo) to install:$missing" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing
