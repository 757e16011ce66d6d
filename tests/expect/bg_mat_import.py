# SPDX-License-Identifier: BSD-2-Clause
# bg_mat_import.py - run inside GNU Backgammon (gnubg -t -q -p): import
# the .mat file named by $MAT and print what gnubg made of it, a line for
# the match and one for each game (the winner, X the left column, and the
# points won), for backgammon_telnet.exp to compare with the game's own.
import os
gnubg.command("import mat " + os.environ["MAT"])
m = gnubg.match(0, 0, 0, 0)
print("IMPORTED match %d games %d"
      % (m["match-info"]["match-length"], len(m["games"])))
for k, g in enumerate(m["games"]):
    i = g["info"]
    print("GAME %d winner %s points %d" % (k + 1, i["winner"], i["points-won"]))
