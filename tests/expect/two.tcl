# SPDX-License-Identifier: BSD-2-Clause
# two.tcl - what the scripts of two players on two telnet lines share:
# each player's line by name in sid(), everything each was sent in tr(),
# and lines from chosen loopback addresses (so a comeback can come from
# the address the dropped line came from, or from another).  Source
# lib.tcl first and set port.
#
#   two_connect ann ANN              ;# telnet from 127.0.0.1, as ANN
#   two_connect bob BOB 127.0.0.2    ;# from another address
#   gx ann "YOUR CHOICE"             ;# wait for exact text on ann's line
#   set n [lindex [gre ann {MOVE ([0-9]+)}] 0]
#   to ann "BACKGAMMON\r"
#   two_drop bob                     ;# the line closes, as a hang-up

array set tr {}

proc gx {who pattern} {
    global sid tr expect_out
    expect {
        -i $sid($who) -ex $pattern { append tr($who) $expect_out(buffer) }
        timeout { tty_fail "$who: timed out waiting for: $pattern" }
        eof { tty_fail "$who: connection closed waiting for: $pattern" }
    }
}

# Wait for a regular expression on who's line: its groups, as a list.
proc gre {who re} {
    global sid tr expect_out
    expect {
        -i $sid($who) -re $re {
            append tr($who) $expect_out(buffer)
            set out {}
            for {set i 1} {[info exists expect_out($i,string)]} {incr i} {
                lappend out $expect_out($i,string)
            }
            return $out
        }
        timeout { tty_fail "$who: timed out waiting for: $re" }
        eof { tty_fail "$who: connection closed waiting for: $re" }
    }
}

# Wait for running text on who's line wherever the game broke its lines
# (games/wrap.h): each blank in text matches any run of blanks and line
# ends.
proc gsays {who text} {
    set re [regsub -all {[][\\.*+?(){}|^$]} $text {\\&}]
    gre $who [regsub -all { +} $re {\s+}]
}

# At the menu, as a guest called name: make the name an account with
# password pw (A), and be back at the menu.
proc two_register {who name pw} {
    to $who "A\r"
    gx $who "(Y/N; RETURN: N)? "
    to $who "Y\r"
    gx $who "IT IS NOT SHOWN)? "
    to $who "$pw\r"
    gx $who "THE SAME PASSWORD AGAIN? "
    to $who "$pw\r"
    gx $who "THE NAME $name IS YOURS."
    gx $who "YOUR CHOICE (RETURN: HANGMAN)? "
}

proc to {who keys} {
    global sid
    send -i $sid($who) -- $keys
}

# A telnet line from addr to the server, as name (a guest: no password).
proc two_line {who addr} {
    global sid port tr spawn_id
    spawn -noecho telnet -b $addr 127.0.0.1 $port
    set sid($who) $spawn_id
    set tr($who) ""
    gx $who "Escape character"
}

proc two_connect {who name {addr 127.0.0.1}} {
    two_line $who $addr
    gx $who "YOUR NAME (RETURN: GUEST)? "
    to $who "$name\r"
    gx $who "YOUR CHOICE (RETURN: HANGMAN)? "
}

# The client goes, closing its connection as a dropped line does.
proc two_drop {who} {
    global sid
    close -i $sid($who)
    wait -i $sid($who)
}

# What is still coming on who's line within a second, kept in tr.
proc two_drain {who} {
    global sid tr expect_out
    expect -i $sid($who) -timeout 1 -re ".+" {
        append tr($who) $expect_out(buffer)
        exp_continue
    } timeout {} eof {}
}
