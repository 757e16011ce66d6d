# SPDX-License-Identifier: BSD-2-Clause
# backgammon_moves.tcl - what the backgammon Expect scripts share: a
# player who asks the engine tool for each move.
#
#   bg_move $id $d1 $d2 $colour
#
# runs `ttyarcade backgammon move --level 3 --rules standard ID DICE`,
# which answers in GNU Backgammon's notation from the side on roll
# ("13/10*/7 24/18(2)", "bar/22", "6/off"), and writes the play in the
# game's absolute pegs: green's points are the pegs themselves, blue's
# point p is peg 25 - p.  The games are played under the standard rules,
# where a tile may move by any sum of a double (the ATARI rules play a
# double's dice in pairs, which gnubg's joined notation does not show).

proc bg_move {id d1 d2 colour} {
    global tty_bin
    set play [exec $tty_bin backgammon move --level 3 --rules standard \
                  $id $d1$d2]
    if {$play eq "none"} {
        return ""
    }
    set out ""
    # a repeat such as (2) is a count, not a point
    foreach tok [regexp -all -inline {\([0-9]+\)|[0-9]+|[^0-9(]+} $play] {
        if {[string is digit $tok] && $colour eq "BLUE"} {
            set tok [expr {25 - $tok}]
        }
        append out $tok
    }
    return [string toupper $out]
}

# Wait for a regular expression on the current spawn; its captures (only
# this match's: an earlier match's with more groups are forgotten first).
proc bg_capture {re} {
    global expect_out
    array unset expect_out {[0-9]*,string}
    expect {
        -re $re {
            set out {}
            for {set i 1} {[info exists expect_out($i,string)]} {incr i} {
                lappend out $expect_out($i,string)
            }
            return $out
        }
        timeout { tty_fail "timed out waiting for: $re" }
        eof { tty_fail "connection closed waiting for: $re" }
    }
}

# Two players on two terminals (ann blue, bob green: the script's sid,
# colour, other, and its to, gx and gre): whoever must answer next does.
# A prompt to roll or double gets Return (a throw), or DOUBLE once
# bg_double is set, which the other player takes, both being told; then
# the mover plays the engine's move, which the other hears.  What each
# was sent goes into tr(who) when the script keeps it.  Returns who
# moved.
set bg_double 0
proc bg_two_turn {} {
    global sid tr expect_out colour other bg_double
    while 1 {
        expect {
            -i $sid(ann) -re {BLUE \(ANN\) TO MOVE, DICE [^?]*\? $} {
                set who ann
                set kind move
            }
            -i $sid(bob) -re {GREEN \(BOB\) TO MOVE, DICE [^?]*\? $} {
                set who bob
                set kind move
            }
            -i $sid(ann) -re {BLUE \(ANN\): ROLL OR DOUBLE \(RETURN: ROLL\)\? $} {
                set who ann
                set kind cube
            }
            -i $sid(bob) -re {GREEN \(BOB\): ROLL OR DOUBLE \(RETURN: ROLL\)\? $} {
                set who bob
                set kind cube
            }
            timeout { tty_fail "timed out waiting for a prompt" }
            eof { tty_fail "a line closed waiting for a prompt" }
        }
        if {[info exists tr($who)]} { append tr($who) $expect_out(buffer) }
        if {$kind eq "move"} break
        if {!$bg_double} {
            to $who "\r"
            continue
        }
        set bg_double 0
        set o $other($who)
        to $who "DOUBLE\r"
        gx $o "$colour($who) ("
        gx $o ") DOUBLES: THE CUBE TO "
        # the one doubled may not move meanwhile
        to $who "24 23\r"
        gx $who "IT IS NOT YOUR TURN: $colour($o) ("
        gre $o {: TAKE OR PASS THE CUBE AT ([0-9]+)\? $}
        to $o "TAKE\r"
        foreach w {ann bob} {
            gx $w ") TAKES: THE CUBE IS $colour($o)'S, AT "
        }
    }
    set c $colour($who)
    to $who "ID\r"
    lassign [gre $who "POSITION ID (\[A-Za-z0-9+/]{14}): $c ON ROLL WITH (\[1-6])-(\[1-6])\\."] id d1 d2
    set mv [bg_move $id $d1 $d2 $c]
    gx $who "? "
    to $who "$mv\r"
    gx $who "$mv\r\n$c ("
    gre $other($who) "$c \\(\[A-Z]+\\) PLAYS (\[^\r]*)\r\n"
    return $who
}

# GNU Backgammon, which reads back the matches the game exports.
proc bg_gnubg {} {
    foreach g {/usr/games/gnubg /usr/bin/gnubg /usr/local/bin/gnubg} {
        if {[file executable $g]} { return $g }
    }
    tty_fail "gnubg is not installed (tools/deps.sh test installs it)"
}
