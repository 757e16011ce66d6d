# SPDX-License-Identifier: BSD-2-Clause
# efront_tmux.tcl - what the Eastern Front scripts share: a terminal of a
# given size (a tmux window on a tmux server of the script's own), keys
# typed into it, and its screen read back; plus waiting for a session's
# end in the server log.  Source lib.tcl first.
#
#   ef_tmux_start "telnet 127.0.0.1 $port" 80 24
#   ef_wait_screen "JUNE 22, 1941"
#   ef_keys Up Enter g
#   ef_tmux_stop

set ef_sock "ttyarcade-exp-[pid]"

proc ef_tmux {args} {
    global ef_sock
    return [exec tmux -L $ef_sock {*}$args]
}

proc ef_fail {msg} {
    puts stderr "---- screen ----\n[ef_screen]\n----------------"
    ef_tmux_stop
    tty_fail $msg
}

# A window of w x h running cmd (TERM inside is tmux's own: ANSI); what
# cmd printed last stays on the screen after it ends.
proc ef_tmux_start {cmd w h} {
    catch {ef_tmux kill-server}
    ef_tmux -f /dev/null new-session -d -s ef -x $w -y $h "$cmd; sleep 60"
}

proc ef_tmux_stop {} {
    catch {ef_tmux kill-server}
}

proc ef_screen {} {
    if {[catch {ef_tmux capture-pane -p -t ef} text]} { return "" }
    return $text
}

# Wait (up to secs) for text on the screen.
proc ef_wait_screen {text {secs 10}} {
    for {set i 0} {$i < $secs * 20} {incr i} {
        if {[string first $text [ef_screen]] >= 0} { return }
        after 50
    }
    ef_fail "timed out waiting for the screen to show: $text"
}

# Wait for a regular expression on the screen; returns the match's
# first group (or the whole match).
proc ef_wait_screen_re {re {secs 10}} {
    for {set i 0} {$i < $secs * 20} {incr i} {
        set m [regexp -inline -- $re [ef_screen]]
        if {[llength $m] > 0} { return [lindex $m end] }
        after 50
    }
    ef_fail "timed out waiting for the screen to match: $re"
}

proc ef_keys {args} {
    ef_tmux send-keys -t ef {*}$args
}

# Line n (from 0) of the screen.
proc ef_line {n} {
    return [lindex [split [ef_screen] "\n"] $n]
}

# Wait until the server log has logged count ends of efront sessions (a
# hung-up game has saved itself by then).
proc ef_wait_ends {count} {
    if {![tty_log_has {end \S+ \S+ session=\d+ game=efront_text} $count]} {
        ef_fail "the efront session did not end"
    }
}
