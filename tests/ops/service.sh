#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# service.sh - `make install-service` (the part of `make install` that
# writes the service files) into a temporary prefix, beside the built
# binary, then the service files as systemd reads them: the unit passes
# `systemd-analyze verify` and runs the installed binary with the
# installed configuration file, which serves telnet, SSH and the web as
# the ttyarcade user (and is never overwritten by a second install);
# sysusers.d makes the user and tmpfiles.d its data directory, owned by
# it, in a scratch root.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
t=$(mktemp -d /tmp/ttyarcade-svc-XXXXXX)
trap 'rm -rf "$t"' EXIT
fail() { echo "service.sh: FAIL: $*" >&2; exit 1; }

# Only the service files: a whole install with another PREFIX would
# rebuild the tree's binary for that prefix.
make -s -C "$top" install-service PREFIX="$t/usr" >/dev/null
mkdir -p "$t/usr/bin"
cp "$top/${OUT:-bin}/ttyarcade" "$t/usr/bin/ttyarcade"
unit="$t/usr/lib/systemd/system/ttyarcade.service"
conf="$t/usr/etc/ttyarcade/ttyarcade.conf"
[ -f "$unit" ] || fail "make install did not install the unit"
[ -f "$conf" ] || fail "make install did not install $conf"
grep -q "^ExecStart=$t/usr/bin/ttyarcade serve --config $conf\$" "$unit" ||
    fail "ExecStart does not run the installed binary with its configuration"
for want in 'user = ttyarcade' 'data = /var/lib/ttyarcade' 'telnet = 23' \
            'ssh = 2222' 'http = 8080'; do
    grep -qx "$want" "$conf" || fail "the example configuration lacks '$want'"
done
grep -q '^ReadWritePaths=/var/lib/ttyarcade$' "$unit" ||
    fail "the unit does not let the server write its data directory"
echo "telnet = 2424  # the operator's" >> "$conf"
make -s -C "$top" install-service PREFIX="$t/usr" >/dev/null
grep -q "^telnet = 2424" "$conf" || fail "a second install overwrote the configuration"
out=$(systemd-analyze verify --man=no "$unit" 2>&1) ||
    fail "systemd-analyze verify: $out"
[ -z "$out" ] || fail "systemd-analyze verify warns: $out"

mkdir -p "$t/root/etc"
systemd-sysusers --root="$t/root" "$t/usr/lib/sysusers.d/ttyarcade.conf" \
    >/dev/null 2>&1 || fail "systemd-sysusers refused the sysusers.d file"
grep -q '^ttyarcade:x:[0-9]*:[0-9]*:.*:/usr/sbin/nologin$' "$t/root/etc/passwd" ||
    fail "no ttyarcade system user without a shell"
systemd-tmpfiles --root="$t/root" --create \
    "$t/usr/lib/tmpfiles.d/ttyarcade.conf" ||
    fail "systemd-tmpfiles refused the tmpfiles.d file"
uid=$(grep '^ttyarcade:' "$t/root/etc/passwd" | cut -d: -f3)
set -- $(stat -c '%u %a' "$t/root/var/lib/ttyarcade")
[ "$1" = "$uid" ] && [ "$2" = 700 ] ||
    fail "/var/lib/ttyarcade is $1 mode $2, want $uid mode 700"
echo "service.sh: ok"
