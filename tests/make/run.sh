#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# run.sh - the build's own test (make build-test, part of make check), in
# a copy of the tree with its plain build, as a user has it after `make`:
#   - a second make does nothing;
#   - SANITIZE=1 after a plain build builds the sanitized binary, into
#     bin-san/, and bin/ttyarcade stays the plain one;
#   - LDFLAGS reach the link;
#   - make install with another PREFIX rebuilds what holds the path, and
#     installs binary, word lists and man pages (ttyarcade-GAME.6, none
#     named like bsdgames' pages); the installed binary finds its word
#     lists beside it, and a copy of it elsewhere through the PREFIX
#     compiled in;
#   - a DESTDIR (staged) install runs from where it was staged;
#   - --version: git describe in a checkout, the version `git archive`
#     writes into dist/version in a tarball, "unknown" with neither;
#   - web/favicon.ico is what tools/favicon.py writes.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ttyarcade-build.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
# The make that ran this passes its command-line variables (SANITIZE=1
# among them) in MAKEFLAGS and the environment; each make below says what
# it wants instead.
unset MAKEFLAGS MFLAGS MAKELEVEL SANITIZE BUILD OUT PREFIX DESTDIR PORT \
      CFLAGS CPPFLAGS LDFLAGS LDLIBS
export HOME="$tmp/home"
mkdir -p "$HOME"

fail() { echo "build-test: FAIL: $*" >&2; exit 1; }
ok() { echo "build-test: ok: $*"; }
log=$tmp/make.log
m() {
    make -C "$src" "$@" >"$log" 2>&1 || { cat "$log"; fail "make $*"; }
}
# The command lines that compiled, archived or linked something.
built() { grep -E '^(cc|gcc|clang|ar|c99) ' "$log" || true; }

# Hangman with the animals list: its first word (seed 1) is AARDVARK, and
# the book's list, the fallback, has no such word.
finds_lists() {
    out=$(cd "$tmp" && printf 'YARDVK' |
          "$1" play hangman --wordlist animals --seed 1 2>&1 | tr -d '\r')
    case $out in
    *AARDVARK*) ok "$2" ;;
    *) echo "$out" | tail -5; fail "$2" ;;
    esac
}

# The plain binary never carries the sanitizers, whatever ran before.
if [ -x "$top/bin/ttyarcade" ] && nm "$top/bin/ttyarcade" | grep -q __asan_init; then
    fail "bin/ttyarcade is a sanitized build"
fi
if [ -x "$top/bin-san/ttyarcade" ] && ! nm "$top/bin-san/ttyarcade" | grep -q __asan_init; then
    fail "bin-san/ttyarcade is not a sanitized build"
fi
ok "bin/ holds only the plain build"

src=$tmp/src
mkdir -p "$src"
(cd "$top" && tar cf - --exclude=./.git --exclude=./build-san \
    --exclude=./bin-san --exclude=./build-fuzz --exclude=./var .) |
    (cd "$src" && tar xf -)
m -j2                           # builds only if there was no plain build
m -j2
[ -z "$(built)" ] || { built; fail "a second make rebuilt something"; }
ok "a second make does nothing"

make -n -C "$src" SANITIZE=1 >"$log" 2>&1 || { cat "$log"; fail "make -n SANITIZE=1"; }
grep -q -- '-fsanitize=address' "$log" && grep -q 'bin-san/ttyarcade' "$log" ||
    { tail -5 "$log"; fail "SANITIZE=1 after make would not build the sanitized binary"; }
grep -q ' bin/ttyarcade' "$log" && fail "SANITIZE=1 would write bin/ttyarcade"
ok "SANITIZE=1 after make builds bin-san/ttyarcade"

touch "$src/server/proc/main.c"
m LDFLAGS=-Wl,-z,now
built | grep -- '-o build/ttyarcade' | grep -q -- '-Wl,-z,now' ||
    { built; fail "LDFLAGS did not reach the link"; }
ok "LDFLAGS reach the link"

prefix=$tmp/prefix
m -j2 install PREFIX="$prefix"
built | grep -q 'resource\.o' || { cat "$log"; fail "a new PREFIX did not rebuild resource.o"; }
for f in bin/ttyarcade share/ttyarcade/wordlists/animals.txt \
         share/ttyarcade/wordlists/scelbi.txt share/man/man8/ttyarcade.8 \
         share/ttyarcade/web/site.css share/ttyarcade/web/watch.js \
         share/ttyarcade/web/node_modules/asciinema-player/dist/bundle/asciinema-player.min.js; do
    [ -f "$prefix/$f" ] || fail "make install left out $f"
done
for g in "$src"/games/*/; do
    g=$(basename "$g")
    [ -f "$prefix/share/man/man6/ttyarcade-$g.6" ] || fail "no man page ttyarcade-$g.6"
done
for p in hangman backgammon; do
    [ ! -e "$prefix/share/man/man6/$p.6" ] || fail "$p.6 would clash with bsdgames"
done
ok "make install PREFIX=... installs binary, word lists, man pages"
finds_lists "$prefix/bin/ttyarcade" "the installed binary finds its word lists"
mkdir -p "$tmp/elsewhere"
cp "$prefix/bin/ttyarcade" "$tmp/elsewhere/"
finds_lists "$tmp/elsewhere/ttyarcade" "a copy elsewhere finds them through PREFIX"

m -j2 install DESTDIR="$tmp/stage" PREFIX=/opt/ttyarcade-test
[ -x "$tmp/stage/opt/ttyarcade-test/bin/ttyarcade" ] || fail "DESTDIR install"
finds_lists "$tmp/stage/opt/ttyarcade-test/bin/ttyarcade" \
    "a staged install finds the word lists staged beside it"

m -j2
grep -q 'configured: PREFIX=/usr/local' "$log" || fail "back to the default PREFIX"
ok "the default PREFIX again rebuilds"

# The copy has no .git: a tarball.  Unfilled, dist/version says nothing;
# filled in (git archive does it, export-subst), it is the version.
v=$("$src/bin/ttyarcade" --version)
[ "$v" = "ttyarcade unknown (commit unknown)" ] || fail "--version without git: $v"
printf 'v9.9-test\nabc123\n' > "$src/dist/version"
m -j2
v=$("$src/bin/ttyarcade" --version)
[ "$v" = "ttyarcade v9.9-test (commit abc123)" ] || fail "--version in a tarball: $v"
# A checkout: git describe, and git archive fills dist/version the same.
g() { git -C "$src" -c user.name=test -c user.email=test@invalid "$@"; }
cp "$top/dist/version" "$src/dist/version"
g init -q && g add -A && g commit -q -m test && g tag v1.0-test
head=$(g rev-parse HEAD)
m -j2
v=$("$src/bin/ttyarcade" --version)
[ "$v" = "ttyarcade v1.0-test (commit $head)" ] || fail "--version in a checkout: $v"
g archive HEAD dist/version | tar -xOf - > "$tmp/version"
[ "$(cat "$tmp/version")" = "$(printf 'v1.0-test\n%s' "$head")" ] ||
    fail "git archive wrote dist/version as: $(cat "$tmp/version")"
ok "--version from git describe, or from a tarball's dist/version"

python3 "$top/tools/favicon.py" "$tmp/favicon.ico"
cmp -s "$tmp/favicon.ico" "$top/web/favicon.ico" ||
    fail "web/favicon.ico is not what tools/favicon.py writes"
ok "web/favicon.ico is tools/favicon.py's"
echo "build-test: all passed"
