#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""layers.py - the server's folders include only downward.

    tools/layers.py [TOP]

Reads the order of the layers from TOP/server/README.md (the numbered
list "N. name/ ...", lowest first) and every quoted #include in
TOP/server and TOP/games, and fails on any include that goes up:

  - a file in server/X includes only headers of X, of the folders listed
    before X, and the contract and its toolkit (games/*.h);
  - games/ includes nothing of server/: a game's folder includes its own
    headers and the contract's (games/*.h); the contract and its toolkit
    include only each other, except registry.c, which lists the games;
  - every folder of server/ is listed, and a header's name is in one
    folder only (every folder is on the include path, so a name in two
    would be whichever the compiler met first).

Prints one line per include that breaks a rule and exits 1, or says how
many it checked and exits 0.  make check runs it (make layers).
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
LAYER = re.compile(r'^\s*\d+\.\s+`?([a-z_]+)/`?\s')


def read_layers(top):
    path = os.path.join(top, 'server', 'README.md')
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        sys.exit('layers: cannot read %s: %s' % (path, e.strerror))
    order = [m.group(1) for m in map(LAYER.match, text.splitlines()) if m]
    if not order:
        sys.exit('layers: %s lists no layers ("1. ground/ ...")' % path)
    return order


def sources(folder):
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [n for n in names if n.endswith(('.c', '.h'))]


def includes(path):
    with open(path, errors='replace') as f:
        return INCLUDE.findall(f.read())


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else '.'
    order = read_layers(top)
    rank = {name: i for i, name in enumerate(order)}
    srv = os.path.join(top, 'server')
    games = os.path.join(top, 'games')
    bad = []

    folders = sorted(d for d in os.listdir(srv)
                     if os.path.isdir(os.path.join(srv, d)))
    for d in folders:
        if d not in rank:
            bad.append('server/%s/ is not listed in server/README.md' % d)
    for d in order:
        if d not in folders:
            bad.append('server/README.md lists %s/, which does not exist' % d)

    contract = {n for n in sources(games) if n.endswith('.h')}
    home = {}                       # header name -> its server folder
    for d in folders:
        for n in sources(os.path.join(srv, d)):
            if not n.endswith('.h'):
                continue
            if n in home:
                bad.append('%s is in both server/%s/ and server/%s/'
                           % (n, home[n], d))
            elif n in contract:
                bad.append('server/%s/%s has the name of games/%s' % (d, n, n))
            home[n] = d

    checked = 0
    for d in folders:
        for n in sources(os.path.join(srv, d)):
            for inc in includes(os.path.join(srv, d, n)):
                checked += 1
                where = 'server/%s/%s includes "%s"' % (d, n, inc)
                if '/' in inc:
                    bad.append(where + ': a path (a game\'s own headers, or '
                               'another folder by path)')
                elif inc in home:
                    to = home[inc]
                    if to != d and rank.get(to, -1) > rank.get(d, -1):
                        bad.append('%s: up from %s/ to %s/' % (where, d, to))

    game_dirs = sorted(g for g in os.listdir(games)
                       if os.path.isdir(os.path.join(games, g)))
    for n in sources(games):
        for inc in includes(os.path.join(games, n)):
            checked += 1
            where = 'games/%s includes "%s"' % (n, inc)
            if inc in home:
                bad.append(where + ': the server (server/%s/)' % home[inc])
            elif '/' in inc and n != 'registry.c':
                bad.append(where + ': a game\'s own headers; the contract '
                           'and its toolkit stand below every game')
    for g in game_dirs:
        own = set(sources(os.path.join(games, g)))
        for n in sources(os.path.join(games, g)):
            for inc in includes(os.path.join(games, g, n)):
                checked += 1
                where = 'games/%s/%s includes "%s"' % (g, n, inc)
                if inc in own or inc in contract or (
                        inc.startswith(g + '/') and inc[len(g) + 1:] in own):
                    continue
                if inc in home:
                    bad.append(where + ': the server (server/%s/); a game '
                               'reaches it only through games/tty.h'
                               % home[inc])
                elif '/' in inc:
                    bad.append(where + ': another folder by path')
                else:
                    bad.append(where + ': not its own nor the contract\'s')

    for line in bad:
        print('layers: ' + line)
    if bad:
        print('layers: %d include(s) break the order in server/README.md'
              % len(bad))
        return 1
    print('layers: %d includes in server/ and games/ checked: every one '
          'goes down (%s)' % (checked, ' -> '.join(order)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
