# SPDX-License-Identifier: BSD-2-Clause
# match.py - ttyarcade's backgammon engine against GNU Backgammon.
#
# Run inside gnubg's embedded Python (gnubg -t -q -p match.py) by
# tests/bench/bench_bg.c, which passes its settings in the environment:
#   BG_BIN     the ttyarcade binary (its `backgammon serve-moves` answers)
#   BG_OUT     file receiving the result lines
#   BG_GAMES   games per level (even: pairs with the same dice)
#   BG_LEVELS  our levels to match, e.g. "3 1"
#   BG_SEED    dice seed
#   BG_MONEY   1: gnubg plays for money (gammons count); default 0, a
#              1-point match, where as in our single games only the win
#              counts.
# gnubg chooses with findbestmove at its default evaluation (the settings
# `eval' and `hint' use: 2-ply, pruning nets, in gnubg 1.07).  Standard
# rules, cubeless single games.  Game 2k and 2k+1 use the same dice, ply
# by ply, with the colours swapped: our engine moves first in one and
# gnubg in the other.  Every play of ours is entered into gnubg with its
# `move' command, which accepts only a legal play; the position gnubg then
# holds must be the one our engine announced.
import os, random, subprocess, time, math

BIN = os.environ["BG_BIN"]
OUT = os.environ["BG_OUT"]
GAMES = int(os.environ.get("BG_GAMES", "50"))
LEVELS = os.environ.get("BG_LEVELS", "3 1").split()
SEED = int(os.environ.get("BG_SEED", "1"))
MONEY = os.environ.get("BG_MONEY", "0") == "1"
START = "4HPwATDgc/ABMA"
TRACE = os.environ.get("BG_TRACE", "0") == "1"

gnubg.command("set player both human")
if MONEY:
    CI = gnubg.cubeinfo()
else:
    CI = gnubg.cubeinfo(1, -1, 1, 1, (0, 0), 0, 0)

eng = subprocess.Popen([BIN, "backgammon", "serve-moves"], stdin=subprocess.PIPE,
                       stdout=subprocess.PIPE, text=True, bufsize=1)
out = open(OUT, "w", buffering=1)


def ask(pid, d1, d2, level):
    eng.stdin.write("%s %d%d %s standard\n" % (pid, d1, d2, level))
    eng.stdin.flush()
    f = eng.stdout.readline().rstrip("\n").split("\t")
    if len(f) != 3:
        raise RuntimeError("engine said %r" % f)
    return f[0], f[1], int(f[2])


def setpos(pid, d1, d2):
    gnubg.command("set board " + pid)
    gnubg.command("set dice %d%d" % (d1, d2))


def swapped(pid):
    b = gnubg.positionfromid(pid)
    return gnubg.positionid((b[1], b[0]))


def mover_won(pid_after):
    # After a play the mover is the first half (not on roll).
    return sum(gnubg.positionfromid(pid_after)[0]) == 0


def points():
    info = gnubg.match(0, 0, 0, 0)["games"][-1]["info"]
    return info["score-X"] + info["score-O"] + (info["winner"] is not None)


stats = {"gnubg_ms": 0.0, "gnubg_n": 0}


def gnubg_play(pid, d1, d2):
    setpos(pid, d1, d2)
    b = gnubg.board()
    t = time.time()
    m = gnubg.findbestmove(b, CI)
    stats["gnubg_ms"] += (time.time() - t) * 1000
    stats["gnubg_n"] += 1
    # Played here rather than by gnubg's `move', which on a winning play
    # ends the game and sets up the next one.
    opp, me = list(b[0]), list(b[1])
    for k in range(0, len(m) - 1, 2):
        f, t = m[k], m[k + 1]
        if f <= 0:
            break
        me[f - 1] -= 1
        if t > 0:
            me[t - 1] += 1
            if opp[24 - t] == 1:
                opp[24 - t] = 0
                opp[24] += 1
    return gnubg.positionid((me, opp))


def our_play(pid, d1, d2, level, st):
    text, after, us = ask(pid, d1, d2, level)
    st["us"] += us
    st["n"] += 1
    st["max_us"] = max(st["max_us"], us)
    setpos(pid, d1, d2)
    if text == "none":
        ok = not gnubg.findbestmove(gnubg.board(), CI) and after == swapped(pid)
    elif mover_won(after):
        # gnubg ends the game at once: the play was legal if the game's
        # point went to someone (the winner's board is no longer shown).
        before = points()
        gnubg.command("move " + text)
        ok = points() == before + 1
    else:
        gnubg.command("move " + text)
        ok = gnubg.positionid(gnubg.board()) == after
    st["checked"] += 1
    if not ok:
        st["illegal"] += 1
        out.write("ILLEGAL level %s position %s dice %d%d play %s\n"
                  % (level, pid, d1, d2, text))
    return after


def dice_for(pair):
    r = random.Random(SEED * 1000003 + pair)
    first = True
    while True:
        d1, d2 = r.randint(1, 6), r.randint(1, 6)
        if first and d1 == d2:
            continue
        first = False
        yield d1, d2


# The check works: a play leaving a usable die unused is refused.
gnubg.command("new game")
setpos(START, 3, 1)
gnubg.command("move 24/21")
selftest_refused = gnubg.positionid(gnubg.board()) == START
out.write("selftest illegal-play-refused %d\n" % selftest_refused)

for level in LEVELS:
    st = {"us": 0, "n": 0, "max_us": 0, "checked": 0, "illegal": 0}
    wins = 0
    stats["gnubg_ms"], stats["gnubg_n"] = 0.0, 0
    t0 = time.time()
    for g in range(GAMES):
        pair, ours_first = g // 2, g % 2 == 0
        gnubg.command("new game")
        pid, ply, won = START, 0, None
        for d1, d2 in dice_for(pair):
            ours = (ply % 2 == 0) == ours_first
            if ours:
                after = our_play(pid, d1, d2, level, st)
            else:
                after = gnubg_play(pid, d1, d2)
            if TRACE:
                out.write("trace %s %d%d %s -> %s\n" % ("us" if ours else "gnubg", d1, d2, pid, after))
            if mover_won(after):
                won = ours
                break
            pid = after
            ply += 1
        wins += won
        out.write("game level %s %d %s plies %d\n" % (level, g, "won" if won else "lost", ply + 1))
    n = GAMES
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n) if n else 0
    out.write("result level %s games %d wins %d rate %.4f ci95 %.4f %.4f "
              "decisions %d mean_ms %.3f max_ms %.3f checked %d illegal %d "
              "gnubg_mean_ms %.1f seconds %.0f\n"
              % (level, n, wins, p, max(0, p - half), min(1, p + half),
                 st["n"], st["us"] / 1000.0 / max(1, st["n"]),
                 st["max_us"] / 1000.0, st["checked"], st["illegal"],
                 stats["gnubg_ms"] / max(1, stats["gnubg_n"]),
                 time.time() - t0))
eng.stdin.close()
eng.wait()
out.write("done\n")
out.close()
