# SPDX-License-Identifier: BSD-2-Clause
# match.py - ttyarcade's backgammon engine against GNU Backgammon.
#
# Run inside gnubg's embedded Python (gnubg -t -q -p match.py) by
# tests/bench/bench_bg.c, which passes its settings in the environment:
#   BG_BIN     the ttyarcade binary (its `backgammon serve-moves` answers)
#   BG_OUT     file receiving the result lines
#   BG_MODE    cubeless (default): single games, only the win counts;
#              money: money play with the cube (Jacoby rule, no beavers),
#              each of our decisions judged by gnubg too (the points it
#              gives up against gnubg's choice, by kind);
#              evalcube: the five chances and cube decisions of positions
#              from play, ours beside gnubg's;
#              plays: the checker play of each level on positions from
#              play, each judged by gnubg (the chance of winning its play
#              gives up against the best play found), beside gnubg's own
#              play at 0 ply
#   BG_GAMES   games per level (even: pairs with the same dice), or for
#              evalcube the positions
#   BG_LEVELS  our levels to match, e.g. "3 1"
#   BG_SEED    dice seed
# gnubg plays and judges at its default evaluation (the settings `eval'
# and `hint' use: 2-ply, pruning nets, cubeful, in gnubg 1.07).  Standard
# rules.  Games 2k and 2k+1 use the same dice, ply by ply, with the
# colours swapped: our engine moves first in one and gnubg in the other.
# Every play of ours is entered into gnubg with its `move' command, which
# accepts only a legal play; the position gnubg then holds must be the one
# our engine announced.
import os, random, subprocess, time, math

BIN = os.environ["BG_BIN"]
OUT = os.environ["BG_OUT"]
MODE = os.environ.get("BG_MODE", "cubeless")
GAMES = int(os.environ.get("BG_GAMES", "50"))
LEVELS = os.environ.get("BG_LEVELS", "3 1").split()
SEED = int(os.environ.get("BG_SEED", "1"))
START = "4HPwATDgc/ABMA"
TRACE = os.environ.get("BG_TRACE", "0") == "1"

gnubg.command("set player both human")
gnubg.command("set jacoby on")
gnubg.command("set beavers 0")
EC = gnubg.evalcontext()
# A single game: a 1-point match, where only the win counts.
CI_SINGLE = gnubg.cubeinfo(1, -1, 1, 1, (0, 0), 0, 0)

eng = subprocess.Popen([BIN, "backgammon", "serve-moves"], stdin=subprocess.PIPE,
                       stdout=subprocess.PIPE, text=True, bufsize=1)
out = open(OUT, "w", buffering=1)


def ask(line):
    eng.stdin.write(line + "\n")
    eng.stdin.flush()
    f = eng.stdout.readline().rstrip("\n").split("\t")
    if f == ["error"]:
        raise RuntimeError("engine refused %r" % line)
    return f


def setpos(pid, d1, d2):
    gnubg.command("set board " + pid)
    gnubg.command("set dice %d%d" % (d1, d2))


def swapped(pid):
    b = gnubg.positionfromid(pid)
    return gnubg.positionid((b[1], b[0]))


def mover_won(pid_after):
    # After a play the mover is the first half (not on roll).
    return sum(gnubg.positionfromid(pid_after)[0]) == 0


def gammon_kind(pid_after):
    # The mover (first half) has won: 1, 2 or 3 as the loser stands.
    loser = gnubg.positionfromid(pid_after)[1]
    if sum(loser) < 15:
        return 1
    if loser[24] or any(loser[18:24]):
        return 3
    return 2


def points():
    info = gnubg.match(0, 0, 0, 0)["games"][-1]["info"]
    return info["score-X"] + info["score-O"] + (info["winner"] is not None)


stats = {"gnubg_ms": 0.0, "gnubg_n": 0}


def gnubg_play(pid, d1, d2, ci):
    setpos(pid, d1, d2)
    b = gnubg.board()
    t = time.time()
    m = gnubg.findbestmove(b, ci, EC)
    stats["gnubg_ms"] += (time.time() - t) * 1000
    stats["gnubg_n"] += 1
    # Played here rather than by gnubg's `move', which on a winning play
    # ends the game and sets up the next one.
    return apply_move(b, m)


def check_play(pid, d1, d2, text, after, level, st):
    setpos(pid, d1, d2)
    if text == "none":
        ok = not gnubg.findbestmove(gnubg.board(), CI_SINGLE, EC) and \
            after == swapped(pid)
    elif mover_won(after):
        # gnubg ends the game at once: the play was legal if the game's
        # point went to someone (the winner's board is no longer shown).
        before = points()
        gnubg.command("move " + text)
        ok = points() > before
    else:
        gnubg.command("move " + text)
        ok = gnubg.positionid(gnubg.board()) == after
    st["checked"] += 1
    if not ok:
        st["illegal"] += 1
        out.write("ILLEGAL level %s position %s dice %d%d play %s\n"
                  % (level, pid, d1, d2, text))


def our_play(pid, d1, d2, level, st, cube=""):
    if cube:
        text, after, us = ask("move --level %s %s %s %d%d"
                              % (level, cube, pid, d1, d2))
    else:
        text, after, us = ask("%s %d%d %s standard" % (pid, d1, d2, level))
    us = int(us)
    st["us"] += us
    st["n"] += 1
    st["max_us"] = max(st["max_us"], us)
    check_play(pid, d1, d2, text, after, level, st)
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


def new_stats():
    return {"us": 0, "n": 0, "max_us": 0, "checked": 0, "illegal": 0}


def timing_fields(st):
    return ("decisions %d mean_ms %.3f max_ms %.3f checked %d illegal %d "
            "gnubg_mean_ms %.1f"
            % (st["n"], st["us"] / 1000.0 / max(1, st["n"]),
               st["max_us"] / 1000.0, st["checked"], st["illegal"],
               stats["gnubg_ms"] / max(1, stats["gnubg_n"])))


# ---- cubeless single games ------------------------------------------------

def cubeless():
    for level in LEVELS:
        st = new_stats()
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
                    after = gnubg_play(pid, d1, d2, CI_SINGLE)
                if TRACE:
                    out.write("trace %s %d%d %s -> %s\n"
                              % ("us" if ours else "gnubg", d1, d2, pid, after))
                if mover_won(after):
                    won = ours
                    break
                pid = after
                ply += 1
            wins += won
            out.write("game level %s %d %s plies %d\n"
                      % (level, g, "won" if won else "lost", ply + 1))
        n = GAMES
        p = wins / n
        half = 1.96 * math.sqrt(p * (1 - p) / n) if n else 0
        out.write("result level %s games %d wins %d rate %.4f ci95 %.4f %.4f "
                  "%s seconds %.0f\n"
                  % (level, n, wins, p, max(0, p - half), min(1, p + half),
                     timing_fields(st), time.time() - t0))


# ---- money play with the cube --------------------------------------------

# gnubg's cube decisions (its enum cubedecision) on which it doubles.
GNUBG_DOUBLES = {0, 1, 5, 7, 8, 16, 17, 18, 19, 20}


def cube_args(value, owner):
    # owner: None (centre), or True when the side on roll holds the cube
    o = "centre" if owner is None else ("roller" if owner else "other")
    return "--cube %d --owner %s --jacoby" % (value, o)


def gnubg_ci(value, owner_is_roller):
    # gnubg's cubeinfo for the side on roll (player 1 on move)
    if owner_is_roller is None:
        owner = -1
    else:
        owner = 1 if owner_is_roller else 0
    return gnubg.cubeinfo(value, owner, 1, 0, (0, 0), 0, 0)


def points_after(after, value, holder, mover):
    """The points mover ("us" or "gnubg") holds after its play, as gnubg
    judges them: the game's points if it won, else the other side's
    cubeful equity, on roll next with its best cube action, negated."""
    if mover_won(after):
        kind = 1 if holder is None else gammon_kind(after)
        return value * kind
    other = "gnubg" if mover == "us" else "us"
    rh = None if holder is None else holder == other
    r = gnubg.cfevaluate(gnubg.positionfromid(after), gnubg_ci(value, rh), EC)
    return -value * r[0]


def given_up(cst, what, points):
    """One of our decisions, judged by gnubg: the points it gave up
    against gnubg's choice (negative when gnubg judges ours better)."""
    cst["lost_" + what] += points
    cst["n_" + what] += 1
    if points > 0.02:
        cst["big_" + what] += 1


def money_game(g, level, st, cst):
    """One game; the points our side won (negative: lost).  Each of our
    decisions is also judged by gnubg as it judges its own (cubeful,
    2-ply), so the points lost can be told apart: checker play, our
    doubles, our takes and passes."""
    pair, ours_first = g // 2, g % 2 == 0
    gnubg.command("new game")
    pid, ply = START, 0
    value, holder = 1, None     # holder: None, "us" or "gnubg"
    for d1, d2 in dice_for(pair):
        ours = (ply % 2 == 0) == ours_first
        me = "us" if ours else "gnubg"
        roller_holds = None if holder is None else holder == me
        # Before the throw (not on the opening roll): the cube.
        if ply > 0 and (holder is None or holder == me):
            b = gnubg.positionfromid(pid)
            # gnubg's view from the roller's side: (best, no double,
            # double/take, double/pass, its decision, ...)
            t = time.time()
            r = gnubg.cfevaluate(b, gnubg_ci(value, roller_holds), EC)
            if not ours:
                cst["gnubg_ms"] += (time.time() - t) * 1000
                cst["gnubg_n"] += 1
            if ours:
                f = ask("cube --flags --level %s %s %s"
                        % (level, cube_args(value, roller_holds), pid))
                double = f[1].split()[0] == "1"
                given_up(cst, "cube", value * (r[0] - (min(r[2], r[3])
                                                       if double else r[1])))
            else:
                double = r[4] in GNUBG_DOUBLES
            if double:
                cst["doubles_" + me] += 1
                if ours:
                    # gnubg, doubled, judges from the doubler's side
                    take = r[2] <= r[3]
                else:
                    f = ask("cube --flags --level %s %s %s"
                            % (level, cube_args(value, roller_holds), pid))
                    take = f[1].split()[1] == "1"
                    # the doubler's points beyond its least: ours lost
                    given_up(cst, "take", value * ((r[2] if take else r[3])
                                                   - min(r[2], r[3])))
                if not take:
                    cst["passes_" + ("gnubg" if ours else "us")] += 1
                    return value if ours else -value
                value *= 2
                holder = "gnubg" if ours else "us"
                roller_holds = False
        cube = cube_args(value, roller_holds)
        if ours:
            after = our_play(pid, d1, d2, level, st, cube)
            best = after                # no legal play: nothing to judge
            if after != swapped(pid):
                gnubg.command("new game")   # a checked winning play ended one
                setpos(pid, d1, d2)
                b = gnubg.board()
                best = apply_move(b, gnubg.findbestmove(
                    b, gnubg_ci(value, roller_holds), EC))
            given_up(cst, "play", 0.0 if best == after else
                     points_after(best, value, holder, me)
                     - points_after(after, value, holder, me))
        else:
            after = gnubg_play(pid, d1, d2, gnubg_ci(value, roller_holds))
        if mover_won(after):
            kind = gammon_kind(after)
            if holder is None:
                kind = 1            # the Jacoby rule
            cst["kind%d" % kind] += 1
            return value * kind if ours else -value * kind
        pid = after
        ply += 1


def money():
    for level in LEVELS:
        st = new_stats()
        cst = {"doubles_us": 0, "doubles_gnubg": 0, "passes_us": 0,
               "passes_gnubg": 0, "kind1": 0, "kind2": 0, "kind3": 0,
               "gnubg_ms": 0.0, "gnubg_n": 0}
        for what in ("play", "cube", "take"):
            cst["lost_" + what] = 0.0
            cst["n_" + what] = cst["big_" + what] = 0
        stats["gnubg_ms"], stats["gnubg_n"] = 0.0, 0
        t0 = time.time()
        res = []
        for g in range(GAMES):
            pts = money_game(g, level, st, cst)
            res.append(pts)
            out.write("money level %s %d points %d\n" % (level, g, pts))
        n = len(res)
        mean = sum(res) / n
        # Pairs share their dice: the interval from the pairs' sums.
        pairs = [res[i] + res[i + 1] for i in range(0, n - 1, 2)]
        pm = sum(pairs) / len(pairs)
        var = sum((x - pm) ** 2 for x in pairs) / max(1, len(pairs) - 1)
        half = 1.96 * math.sqrt(var / len(pairs)) / 2
        out.write("money level %s games %d ppg %.4f ci95 %.4f %.4f won %d lost "
                  "%d doubles_us %d doubles_gnubg %d passes_us %d passes_gnubg "
                  "%d singles %d gammons %d backgammons %d cube_gnubg_ms %.1f "
                  "%s seconds %.0f\n"
                  % (level, n, mean, mean - half, mean + half,
                     sum(1 for x in res if x > 0), sum(1 for x in res if x < 0),
                     cst["doubles_us"], cst["doubles_gnubg"], cst["passes_us"],
                     cst["passes_gnubg"], cst["kind1"], cst["kind2"],
                     cst["kind3"], cst["gnubg_ms"] / max(1, cst["gnubg_n"]),
                     timing_fields(st), time.time() - t0))
        out.write("money level %s given_up play %.4f %d %d cube %.4f %d %d "
                  "take %.4f %d %d\n"
                  % (level, cst["lost_play"] / n, cst["n_play"],
                     cst["big_play"], cst["lost_cube"] / n, cst["n_cube"],
                     cst["big_cube"], cst["lost_take"] / n, cst["n_take"],
                     cst["big_take"]))


# ---- the evaluation and cube decisions beside gnubg's --------------------

# gnubg's cube decisions on which it doubles, or is too good to.
GNUBG_DOUBLE_OR_TOOGOOD = GNUBG_DOUBLES | {3, 4, 10, 11}


def positions(n):
    """Positions from play: games of gnubg against itself, every third
    position of each (its play at its default evaluation, as in the
    matches), shuffled."""
    got, pair = [], 0
    rnd = random.Random(SEED * 7 + 1)
    while len(got) < n:
        pid, ply = START, 0
        for d1, d2 in dice_for(10000 + pair):
            if ply % 3 == pair % 3 and ply > 0:
                got.append(pid)
            setpos(pid, d1, d2)
            b = gnubg.board()
            after = apply_move(b, gnubg.findbestmove(b, CI_SINGLE, EC))
            if mover_won(after) or len(got) >= n:
                break
            pid = after
            ply += 1
        pair += 1
    rnd.shuffle(got)
    return got


def apply_move(b, m):
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


def cube_state(i):
    """The i-th position's cube: money with the cube in the middle, money
    with the side on roll holding it at 2, or a match at a random score
    (ours as options, gnubg's as its cubeinfo)."""
    r = random.Random(SEED * 31 + i)
    k = i % 5
    if k < 2:
        return "money", "--cube 1 --owner centre --jacoby", \
            gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0, 0)
    if k == 2:
        return "money", "--cube 2 --owner roller --jacoby", \
            gnubg.cubeinfo(2, 1, 1, 0, (0, 0), 0, 0)
    length = r.choice([3, 5, 7, 9, 11])
    a, b = r.randrange(length), r.randrange(length)
    crawford = 0
    if (a == length - 1) != (b == length - 1) and r.random() < 0.5:
        crawford = 1
    args = "--match %d --score %d-%d%s" % (length, a, b,
                                           " --crawford" if crawford else "")
    # gnubg: player 1 on move, score (player 0, player 1)
    return "match", args, gnubg.cubeinfo(1, -1, 1, length, (b, a), crawford, 0)


def evalcube():
    t0 = time.time()
    pids = positions(GAMES)
    err = {p: [0.0] * 5 for p in ("0", "1", "2")}
    n = 0
    agree = {"all": [0, 0], "money": [0, 0], "match": [0, 0], "doubles": [0, 0]}
    # our cube reckoning from gnubg's own chances: what the net costs
    model = {"all": [0, 0], "doubles": [0, 0]}
    for i, pid in enumerate(pids):
        b = gnubg.positionfromid(pid)
        g = gnubg.evaluate(b, CI_SINGLE, EC)
        for ply in ("0", "1", "2"):
            ours = [float(x) for x in ask("eval --ply %s %s" % (ply, pid))[0].split()]
            for k in range(5):
                err[ply][k] += abs(ours[k] - g[k])
        n += 1
        kind, args, ci = cube_state(i)
        r = gnubg.cfevaluate(b, ci, EC)
        theirs = r[5]
        mine = ask("cube --level 3 %s %s" % (args, pid))[0]
        same = mine == theirs
        for key in ("all", kind) + (("doubles",) if r[4] in GNUBG_DOUBLE_OR_TOOGOOD else ()):
            agree[key][0] += same
            agree[key][1] += 1
        probs = ",".join("%.6f" % min(1.0, max(0.0, x)) for x in g[:5])
        cm = ask("cube --probs %s %s %s" % (probs, args, pid))[0]
        for key in ("all",) + (("doubles",) if r[4] in GNUBG_DOUBLE_OR_TOOGOOD else ()):
            model[key][0] += cm == theirs
            model[key][1] += 1
        out.write("cube %s %s | gnubg: %s | ours: %s | ours from gnubg's "
                  "chances: %s\n" % (pid, args, theirs, mine, cm))
    for ply in ("0", "1", "2"):
        out.write("evalerr ply %s positions %d win %.4f wg %.4f wbg %.4f lg %.4f "
                  "lbg %.4f\n" % ((ply, n) + tuple(e / n for e in err[ply])))
    out.write("cubeagree all %d %d money %d %d match %d %d doubles %d %d "
              "seconds %.0f\n"
              % (agree["all"][0], agree["all"][1], agree["money"][0],
                 agree["money"][1], agree["match"][0], agree["match"][1],
                 agree["doubles"][0], agree["doubles"][1], time.time() - t0))
    out.write("cubemodel all %d %d doubles %d %d\n"
              % (model["all"][0], model["all"][1], model["doubles"][0],
                 model["doubles"][1]))


# ---- checker play judged by gnubg ---------------------------------------

EC0 = dict(EC)
EC0["plies"] = 0


def plays():
    """Single games: at each position from play, with a roll, the play
    of each of our levels and gnubg's at 0 ply and at its default; every
    play judged by gnubg at its default (the mover's chance of winning
    after it), its loss the distance from the best of them."""
    t0 = time.time()
    pids = positions(GAMES)
    rnd = random.Random(SEED * 13 + 5)
    judged = {}

    def value(after):
        if after not in judged:
            if mover_won(after):
                judged[after] = 1.0
            else:
                judged[after] = 1.0 - gnubg.evaluate(
                    gnubg.positionfromid(after), CI_SINGLE, EC)[0]
        return judged[after]

    who = ["gnubg0"] + ["level" + lv for lv in LEVELS]
    loss = {w: [] for w in who}
    same = {w: 0 for w in who}
    st = new_stats()
    for pid in pids:
        d1, d2 = rnd.randint(1, 6), rnd.randint(1, 6)
        gnubg.command("new game")       # a checked winning play ended one
        setpos(pid, d1, d2)
        b = gnubg.board()
        m = gnubg.findbestmove(b, CI_SINGLE, EC)
        if not m:
            continue                    # no legal play: nothing to judge
        best = apply_move(b, m)
        afters = {"gnubg0": apply_move(b, gnubg.findbestmove(b, CI_SINGLE,
                                                             EC0))}
        for lv in LEVELS:
            text, after, _ = ask("%s %d%d %s standard" % (pid, d1, d2, lv))
            # every play of ours checked legal, as in the games
            gnubg.command("new game")
            check_play(pid, d1, d2, text, after, lv, st)
            afters["level" + lv] = after
        top = max([value(best)] + [value(a) for a in afters.values()])
        for w in who:
            loss[w].append(top - value(afters[w]))
            same[w] += afters[w] == best
            if TRACE:
                out.write("trace %s %d%d %s loss %.5f\n"
                          % (pid, d1, d2, w, loss[w][-1]))
    for w in who:
        n = len(loss[w])
        mean = sum(loss[w]) / max(1, n)
        sd = math.sqrt(sum((x - mean) ** 2 for x in loss[w]) / max(1, n - 1))
        out.write("plays %s positions %d mean_loss %.5f ci95 %.5f "
                  "same_as_gnubg %d over_0.02 %d seconds %.0f checked %d "
                  "illegal %d\n"
                  % (w, n, mean, 1.96 * sd / math.sqrt(max(1, n)), same[w],
                     sum(1 for x in loss[w] if x > 0.02), time.time() - t0,
                     st["checked"], st["illegal"]))


# The check works: a play leaving a usable die unused is refused.
gnubg.command("new game")
setpos(START, 3, 1)
gnubg.command("move 24/21")
selftest_refused = gnubg.positionid(gnubg.board()) == START
out.write("selftest illegal-play-refused %d\n" % selftest_refused)

if MODE == "money":
    money()
elif MODE == "evalcube":
    evalcube()
elif MODE == "plays":
    plays()
else:
    cubeless()
eng.stdin.close()
eng.wait()
out.write("done\n")
out.close()
