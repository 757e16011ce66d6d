# SPDX-License-Identifier: BSD-2-Clause
# ratings.tcl - rated games between two accounts, as ratings.exp (SQLite)
# and pg_ratings.exp (PostgreSQL) play them on a server the script has
# started (port) with a wait of 2 seconds for a dropped line:
#   - ANN and BOB, registered, play a 2-point backgammon match on two
#     telnet lines: the one who does not start doubles, the other takes and
#     redoubles, and the doubler passes, which ends the match.  Both are
#     told the new ratings by FIBS's formula (equal newcomers, a 2-point
#     match: 4 x sqrt(2) x 1/2 x 5, 14.14 points); the hall of fame and
#     the winner's page show them.
#   - CAROL, a guest on a third line, sees WHO IS ON with the two at
#     Gunjin Shogi and no rating yet there, and so does the web's /who
#     (its page and its JSON); then ANN resigns the game: both are told
#     the Elo ratings (K 32: 16 points).
#   - A second match; CAROL sees both players' backgammon ratings in WHO
#     IS ON, and /who shows the same, with "-" for CAROL.  ANN's line (her session runs the match for both) drops and
#     she is not back within the 2 seconds: BOB is told she has abandoned
#     it and wins, rated; the match's code keeps nothing.  The web pages
#     (the player's page, the hall of fame) show the same.
# Sourced after lib.tcl, backgammon_moves.tcl and two.tcl, with port set;
# the script calls tty_done after it.

set env(TERM) dumb              ;# glass: boards print as lines
set colour(ann) BLUE
set colour(bob) GREEN
set other(ann) bob
set other(bob) ann
set shown(ann) ANN
set shown(bob) BOB

proc register {who name pw addr} {
    two_connect $who $name $addr
    two_register $who $name $pw
}

proc log_wants {re what} {
    if {![tty_log_has $re]} { tty_fail "the log does not say $what" }
}

# ANN hosts a backgammon match to length points against BOB; the code.
proc bg_meet {length} {
    to ann "BACKGAMMON\r"
    gx ann "PLAYERS (RETURN: 1)? "
    to ann "3\r"
    gx ann "PRESS Q OR ESCAPE TO GIVE UP."
    to bob "BACKGAMMON\r"
    gx bob "PLAYERS (RETURN: 1)? "
    to bob "3\r"
    gx ann "RULES (RETURN: ATARI)? "
    to ann "STANDARD\r"
    gx ann "OR 0 FOR MONEY (RETURN: 5)? "
    to ann "$length\r"
    foreach who {ann bob} {
        gx $who "STANDARD RULES, MATCH TO $length."
    }
    return [lindex [gre ann {YOUR RESUME CODE IS ([A-Z0-9]{5}-[A-Z0-9]{5})\.}] 0]
}

# WHO IS ON on CAROL's line: the lines listed.
proc who_is_on {} {
    to carol "O\r"
    set list [lindex [gre carol {RATING TERMINAL[^\n]*\n(.*)WATCH WHOM}] 0]
    to carol "\r"
    gx carol "YOUR CHOICE (RETURN: HANGMAN)? "
    return $list
}

# /who and /api/who.json list exactly the players of want, each
# {NAME ACCOUNT CELL RATING}: ACCOUNT 1 when the name links to an
# account's page, CELL what the page's Playing column holds, RATING what
# its Rating column does ("-" for none, null in the JSON).
proc web_who_shows {want} {
    global tty_dir env
    after 1100                  ;# a snapshot of who is on lasts a second
    set base http://127.0.0.1:[tty_http_port]
    set page [exec curl -s -m 10 $base/who]
    set ratings {}
    foreach w $want {
        lassign $w name account cell rating
        set row [expr {$account ? "<a href=\"/player/$name\">$name</a>"
                                 : $name}]
        set row "<tr><td>$row</td><td>$cell</td><td>$rating</td><td>"
        if {[string first $row $page] < 0} {
            tty_fail "/who does not show $name with the rating $rating ($row):\n$page"
        }
        lappend ratings "\"$name\": [expr {$rating eq "-" ? "null" : $rating}]"
    }
    if {[string first {<th scope="col">Rating</th>} $page] < 0} {
        tty_fail "/who has no Rating column:\n$page"
    }
    exec curl -s -m 10 -o $tty_dir/who.json $base/api/who.json
    set env(WANT) "{[join $ratings ,]}"
    set py {import json, os, sys
d = json.load(open(sys.argv[1]))
got = {p['name']: p['rating'] for p in d['players']}
sys.exit(0 if got == json.loads(os.environ['WANT']) else 1)}
    if {[catch {exec python3 -c $py $tty_dir/who.json} out]} {
        tty_fail "/api/who.json does not give the ratings $env(WANT):\n[exec cat $tty_dir/who.json]\n$out"
    }
}

proc turn {} { return [bg_two_turn] }

register ann ANN RIVERBANK 127.0.0.1
register bob BOB MEADOWLARK 127.0.0.2

# ---- a 2-point match, ended by a pass of a redouble ----------------------
set code [bg_meet 2]
set bg_double 1
set starter [turn]             ;# the opening move: no cube before it
set doubler [turn]             ;# doubles, the starter takes; then moves
if {$doubler eq $starter} { tty_fail "the same side moved twice" }
set taker $starter
gx $taker "$colour($taker) ($shown($taker)): ROLL OR DOUBLE (RETURN: ROLL)? "
to $taker "DOUBLE\r"
gx $doubler ": TAKE OR PASS THE CUBE AT 4? "
to $doubler "PASS\r"
foreach who {ann bob} {
    gx $who "$colour($taker) ($shown($taker)) WINS 2 POINTS."
}
set won $shown($taker)
set lost $shown($doubler)
foreach who {ann bob} {
    gx $who "RATINGS AT BACKGAMMON: $won 1514.14 (+14.14), $lost 1485.86 (-14.14)."
    gx $who "EXPORT, OR RETURN TO LEAVE? "
    to $who "\r"
}
foreach who {ann bob} {
    gx $who "YOUR CHOICE (RETURN: HANGMAN)? "
}
log_wants "result backgammon [string tolower $won] beat [string tolower $lost] length=2 won" "the match's result"
# the hall of fame: the ratings under the boards
to ann "H\r"
gx ann "(RETURN: BACK TO THE MENU)? "
to ann "BACKGAMMON\r"
gre ann "  RATINGS \\(GAMES BETWEEN TWO ACCOUNTS\\)\r\n    1\\. $won +1514\\.14  1 PLAYED, 1 WON\r\n    2\\. $lost +1485\\.86  1 PLAYED, 0 WON\r\n"
gx ann "YOUR CHOICE (RETURN: HANGMAN)? "
# the winner's page: rating, and the match
to ann "M\r"
gx ann "YOUR CHOICE (RETURN: BACK TO THE MENU)? "
to ann "F\r"
gx ann "WHOSE PAGE (A PLAYER'S NAME)? "
to ann "$won\r"
gre ann "\n  BACKGAMMON +RATING +1514\\.14  1 PLAYED, 1 WON\r\n  GUNJIN SHOGI +NOT RATED YET\r\n"
gre ann "\[0-9-]+ \[0-9:]+ +BACKGAMMON +BEAT $lost \\(2 POINTS\\)\r\n"
gx ann "YOUR CHOICE (RETURN: BACK TO THE MENU)? "
to ann "\r"
gx ann "YOUR CHOICE (RETURN: HANGMAN)? "

# ---- Gunjin Shogi: a third player looks on; ANN resigns -----------------
two_connect carol CAROL 127.0.0.3
to ann "GUNJIN\r"
gx ann "VERSUS (RETURN: 1)? "
to ann "4\r"
gx ann "WAITING FOR A PERSON TO CHOOSE GUNJIN SHOGI"
to bob "GUNJIN\r"
gx bob "VERSUS (RETURN: 1)? "
to bob "4\r"
gx ann "YOU PLAY RED AGAINST BOB."
gx bob "YOU PLAY BLUE AGAINST ANN."
foreach who {ann bob} {
    gx $who "AT RANDOM OR BY HAND (R/M, RETURN: R)? "
    to $who "\r"
    gx $who "KEEP IT? Y, N: DEAL AGAIN, M: BY HAND (RETURN: Y) "
    to $who "\r"
}
gx ann "RED'S MOVE (H: HELP)? "
set list [who_is_on]
foreach name {ANN BOB} {
    if {![regexp "$name +gunjin +- +glass " $list]} {
        tty_fail "$name is not listed at gunjin without a rating:\n$list"
    }
}
if {![regexp {CAROL +\(menu\) +- +glass } $list]} {
    tty_fail "CAROL is not listed:\n$list"
}
# accounts in a rated game they have not played rated yet: "-" too
web_who_shows {{ANN 1 {GUNJIN SHOGI} -} {BOB 1 {GUNJIN SHOGI} -}
               {CAROL 0 {<i>in the menu</i>} -}}
to ann "R\r"
gx ann "RESIGN (Y/N, RETURN: N)? "
to ann "Y\r"
gx ann "RED RESIGNS: BLUE WINS. YOU LOSE."
gx bob "RED RESIGNS: BLUE WINS. YOU WIN!"
foreach who {ann bob} {
    gx $who "RATINGS AT GUNJIN SHOGI: BOB 1516.00 (+16.00), ANN 1484.00 (-16.00)."
    gx $who "YOUR CHOICE (RETURN: HANGMAN)? "
}
log_wants {result gunjin bob beat ann length=1 resigned} "the game's result"

# ---- a match abandoned by its host --------------------------------------
set code [bg_meet 3]
set r(ann) [expr {$won eq "ANN" ? "1514.14" : "1485.86"}]
set r(bob) [expr {$won eq "BOB" ? "1514.14" : "1485.86"}]
set list [who_is_on]
foreach who {ann bob} {
    if {![regexp "$shown($who) +backgammon +$r($who) +glass " $list]} {
        tty_fail "$shown($who) is not listed with a rating of $r($who):\n$list"
    }
}
web_who_shows [list [list ANN 1 BACKGAMMON $r(ann)] \
                    [list BOB 1 BACKGAMMON $r(bob)] \
                    {CAROL 0 {<i>in the menu</i>} -}]
turn
two_drop ann
gx bob "*** ANN'S LINE DROPPED. THE GAME GOES ON IF ANN IS BACK WITHIN 2 SEC. ***"
gx bob "BLUE (ANN) HAS NOT COME BACK: THE MATCH IS ABANDONED, AND GREEN (BOB) WINS IT."
set rates [gre bob {RATINGS AT BACKGAMMON: BOB ([0-9.]+) \(\+([0-9.]+)\), ANN ([0-9.]+) \(-([0-9.]+)\)\.}]
lassign $rates bob_after gain ann_after loss
if {$gain ne $loss || $gain <= 0 ||
    abs($bob_after - $r(bob) - $gain) > 0.011 ||
    abs($r(ann) - $ann_after - $loss) > 0.011} {
    tty_fail "the abandoned match was not rated as ANN's loss: $rates"
}
gx bob "YOUR CHOICE (RETURN: HANGMAN)? "
log_wants {detached session=0 game=backgammon name="ANN": ended after the wait of 2s} "the wait's end"
log_wants {result backgammon bob beat ann length=3 abandoned} "the abandonment"
to carol "RESUME $code\r"
gx carol "NO GAME IS SAVED UNDER $code."
gx carol "YOUR CHOICE (RETURN: HANGMAN)? "
to carol "M\r"
gx carol "YOUR CHOICE (RETURN: BACK TO THE MENU)? "
to carol "F\r"
gx carol "WHOSE PAGE (A PLAYER'S NAME)? "
to carol "ANN\r"
gre carol "\n  BACKGAMMON +RATING +$ann_after  2 PLAYED, [expr {$won eq "ANN"}] WON\r\n"
gre carol "\[0-9-]+ \[0-9:]+ +BACKGAMMON +LOST TO BOB \\(3 POINTS\\), ABANDONED\r\n"
gx carol "YOUR CHOICE (RETURN: BACK TO THE MENU)? "
# the same on the web pages: ANN's page and the hall of fame
set base http://127.0.0.1:[tty_http_port]
set page [exec curl -s -m 10 $base/player/ANN]
if {![regexp "<td>BACKGAMMON</td><td>$ann_after</td><td>2</td>" $page] ||
    ![regexp {BACKGAMMON \(3 points\)</td><td>lost to \(abandoned\)} $page] ||
    ![regexp {GUNJIN SHOGI</td><td>1484\.00</td><td>1</td><td>0</td>} $page]} {
    tty_fail "ANN's web page does not show her ratings and results:\n$page"
}
set hall [exec curl -s -m 10 $base/hall]
if {![regexp "BOB</a></td><td>$bob_after</td><td>2</td>" $hall]} {
    tty_fail "the web hall of fame does not show BOB's rating:\n$hall"
}
close -i $sid(bob)
close -i $sid(carol)
