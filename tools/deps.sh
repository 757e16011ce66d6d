#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# deps.sh - install the Debian packages ttyarcade needs that are missing.
#   tools/deps.sh          to build and run the server
#   tools/deps.sh test     ... and to run every test (make check)
#   tools/deps.sh bench    ... and the peers the benchmarks measure against
# Uses apt-get as root, or through sudo; installs only what is missing.
set -eu

run="libuv1-dev libtelnet-dev libsqlite3-dev libsodium-dev libssh-dev libvterm-dev pkg-config
     make gcc libwebsockets-dev libwebsockets-evlib-uv libpq-dev"
test="check expect telnet openssh-client socat asciinema python3 clang libclang-rt-14-dev tmux
      haproxy systemd chromium curl postgresql iproute2 nftables tidy gnubg git"
bench="bsdgames wamerican strace"

want="$run"
case "${1:-run}" in
    run) ;;
    test) want="$run $test" ;;
    bench) want="$run $test $bench" ;;
    *) echo "usage: tools/deps.sh [run|test|bench]" >&2; exit 2 ;;
esac

# The web pages' scripts (xterm.js) and the browser tests' driver come
# from npm; Debian's npm is only needed where no npm is installed (a
# Node.js that brings its own npm conflicts with Debian's package).
command -v npm >/dev/null 2>&1 || want="$want nodejs npm"

missing=""
for p in $want; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
        missing="$missing $p"
    fi
done
top=$(cd "$(dirname "$0")/.." && pwd)
# npm ci installs exactly what package-lock.json names, and only when
# node_modules is missing or older than the lock.
npm_ci() {
    if [ ! -d "$1/node_modules" ] || [ "$1/package-lock.json" -nt "$1/node_modules" ]; then
        echo "deps: npm ci in $1"
        (cd "$1" && npm ci --no-audit --no-fund --loglevel=error) && touch "$1/node_modules"
    fi
}
npm_deps() {
    npm_ci "$top/web"
    case "${1:-run}" in test|bench) npm_ci "$top/tests/browser" ;; esac
}
if [ -z "$missing" ]; then
    npm_deps "${1:-run}"
    exit 0
fi

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
npm_deps "${1:-run}"
