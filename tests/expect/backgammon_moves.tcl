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

# Wait for a regular expression on the current spawn; its captures.
proc bg_capture {re} {
    global expect_out
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
