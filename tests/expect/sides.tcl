# SPDX-License-Identifier: BSD-2-Clause
# sides.tcl - what the scripts of the sides of a saved two-terminal game
# share (sides.exp, sides_limits.exp): players as guests or accounts, the
# two games met and saved, each side's code as its line was shown it, and
# the resume of one save on two lines, refused or proper.  Source lib.tcl
# and two.tcl first and set port.

proc account {who name pw addr} {
    two_line $who $addr
    gx $who "YOUR NAME (RETURN: GUEST)? "
    to $who "$name\r"
    expect {
        -i $::sid($who) -ex "PASSWORD (RETURN: ANOTHER NAME)? " {
            to $who "$pw\r"
            gx $who "WELCOME BACK, $name."
            gx $who "YOUR CHOICE (RETURN: HANGMAN)? "
        }
        -i $::sid($who) -ex "YOUR CHOICE (RETURN: HANGMAN)? " {
            two_register $who $name $pw
        }
        timeout { tty_fail "$who: no password or menu for $name" }
    }
}

# who joins a line from addr as player: a guest (pw "") or an account.
proc player {who name pw {addr 127.0.0.1}} {
    if {$pw eq ""} {
        two_connect $who $name $addr
    } else {
        account $who $name $pw $addr
    }
}

# The text who was sent from mark on (tr grows as gx reads).
proc since {who mark} {
    return [string range $::tr($who) $mark end]
}

# ---- Gunjin: meet, set up at random, and blue's line drops ------------
proc gunjin_meet {a b} {
    to $a "GUNJIN\r"
    gx $a "VERSUS (RETURN: 1)? "
    to $a "4\r"
    gx $a "WAITING FOR A PERSON TO CHOOSE GUNJIN SHOGI"
    to $b "GUNJIN\r"
    gx $b "VERSUS (RETURN: 1)? "
    to $b "4\r"
    foreach who [list $a $b] {
        gx $who "AT RANDOM OR BY HAND (R/M, RETURN: R)? "
        to $who "\r"
        gx $who "KEEP IT? Y, N: DEAL AGAIN, M: BY HAND (RETURN: Y) "
        to $who "\r"
    }
    set code [lindex [gre $a {YOUR RESUME CODE IS ([A-Z0-9]{5}-[A-Z0-9]{5}):}] 0]
    gx $b "YOUR RESUME CODE IS $code:"
    foreach who [list $a $b] { gx $who "BOTH ARMIES ARE IN PLACE." }
    return $code
}

# A side's code as its line was shown it, or "" when none was.
proc side_code {who side} {
    if {[regexp "YOUR SIDE'S CODE IS (\[A-Z0-9\]{6}), SHOWN ONLY TO $side" \
             $::tr($who) -> c]} {
        return $c
    }
    return ""
}

# Both lines resume code, host first (the first to resume runs the game),
# and type the keys given when asked for a side's code.  Where each line's
# transcript stood before, as an array's list.
proc resume_typing {host guest code hostkeys guestkeys} {
    foreach who [list $host $guest] {
        set mark($who) [string length $::tr($who)]
    }
    to $host "RESUME $code\r"
    gx $host "WAITING FOR THE OTHER PLAYER TO RESUME $code."
    to $guest "RESUME $code\r"
    foreach who [list $host $guest] keys [list $hostkeys $guestkeys] {
        foreach k $keys {
            gx $who "YOUR SIDE'S CODE (RETURN: GIVE UP)? "
            to $who "$k\r"
        }
    }
    return [array get mark]
}

# The attack: one player on two lines, the second claiming the side the
# first has not.  host answers first (the first to resume runs the
# game).  hostkeys / guestkeys: what each types when asked for a side's
# code ("" when an account is not asked).
proc claim_both {game host guest code hostkeys guestkeys refusal} {
    array set mark [resume_typing $host $guest $code $hostkeys $guestkeys]
    gx $guest $refusal
    gx $guest "THE GAME STAYS SAVED."
    gx $host "THE OTHER PLAYER COULD NOT SHOW THAT A SIDE OF THIS GAME IS"
    foreach who [list $host $guest] {
        gx $who "YOUR CHOICE (RETURN: HANGMAN)? "
        set seen [since $who $mark($who)]
        foreach never {"YOU PLAY " "GOES ON" "'S MOVE" "  8  " "WHICH SIDE DID YOU PLAY"} {
            if {[string first $never $seen] >= 0} {
                tty_fail "$game: the refused resume showed \"$never\" to $who"
            }
        }
    }
}

# Both resume properly: each gets its own side.
proc resume_both {game host guest code hostkeys guestkeys hostside guestside} {
    array set mark [resume_typing $host $guest $code $hostkeys $guestkeys]
    gx $host "YOU PLAY $hostside AGAINST"
    gx $guest "YOU PLAY $guestside AGAINST"
    foreach who [list $host $guest] {
        gx $who "THE GAME $code GOES ON"
        if {[string first "WHICH SIDE DID YOU PLAY" [since $who $mark($who)]] >= 0} {
            tty_fail "$game: $who was asked which side"
        }
    }
}

# ---- Backgammon: meet, ATARI rules; green's line drops ----------------
proc backgammon_meet {a b} {
    to $a "BACKGAMMON\r"
    gx $a "PLAYERS (RETURN: 1)? "
    to $a "3\r"
    gx $a "PRESS Q OR ESCAPE TO GIVE UP."
    to $b "BACKGAMMON\r"
    gx $b "PLAYERS (RETURN: 1)? "
    to $b "3\r"
    gx $a "RULES (RETURN: ATARI)? "
    to $a "\r"
    set code [lindex [gre $a {YOUR RESUME CODE IS ([A-Z0-9]{5}-[A-Z0-9]{5})\.}] 0]
    gx $b "YOUR RESUME CODE IS $code."
    foreach who [list $a $b] { gx $who " STARTS." }
    return $code
}
