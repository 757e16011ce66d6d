# SPDX-License-Identifier: BSD-2-Clause
# lib.tcl - what the Expect scripts share: a real server on a free
# loopback port with its own data directory, and ways to reach it.
#
#   source [file join [file dirname [info script]] lib.tcl]
#   set port [tty_server_start --seed 7]
#   tty_telnet $port            ;# spawn a telnet client (TERM from env)
#   tty_expect "WANT A NEW WORD?"
#   tty_server_stop
#
# Every wait fails the script with a clear message instead of hanging.

set timeout 10
log_user 0
set tty_bin $env(TTYARCADE)
set tty_dir [exec mktemp -d /tmp/ttyarcade-exp-XXXXXX]
# A `ttyarcade play` without --data keeps its saves here too, never in the
# home directory's database (shared by every run on the machine).
set env(TTYARCADE_DATA) $tty_dir/data
# No configuration file but the script's own: a machine's
# /etc/ttyarcade/ttyarcade.conf must not change what a test runs.
set env(TTYARCADE_CONFIG) $tty_dir/ttyarcade.conf
set tty_server_pid 0
# A command the server is started through (tty_server_start), e.g. a
# shell that sets its umask first; empty: none.
set tty_server_wrap {}

proc tty_fail {msg} {
    global expect_out tty_dir
    puts stderr "FAIL: [info script]: $msg"
    if {[info exists expect_out(buffer)]} {
        puts stderr "---- last output ----\n$expect_out(buffer)\n---------------------"
    }
    if {[file exists $tty_dir/server.log]} {
        puts stderr "---- server log ----\n[exec cat $tty_dir/server.log]"
    }
    tty_server_stop
    exit 1
}

# Start `ttyarcade serve` on 127.0.0.1, port chosen by the kernel; extra
# arguments go to serve.  Returns the port.
proc tty_server_start {args} {
    global tty_bin tty_dir tty_server_pid tty_server_wrap
    set log $tty_dir/server.log
    file delete $log
    set tty_server_pid [exec {*}$tty_server_wrap $tty_bin serve \
        --telnet 127.0.0.1:0 --data $tty_dir/data --log $log {*}$args \
        > $tty_dir/server.out 2>@1 &]
    for {set i 0} {$i < 100} {incr i} {
        if {[file exists $log]} {
            set f [open $log]
            set text [read $f]
            close $f
            if {[regexp {listen telnet 127\.0\.0\.1:(\d+)} $text -> port]} {
                return $port
            }
        }
        after 50
    }
    tty_fail "the server did not start"
}

# Stop a server (process pid) with SIGTERM and wait for it to go; returns
# what went wrong, or "".  The exit status of a process started with
# `exec ... &` is not kept by Tcl, so a crash on the way out is found by
# what it leaves: no "stopped" as the log's last line (log, when it
# exists) or a sanitizer's report in the server's output (out).
proc tty_stop_pid {pid log out what} {
    catch {exec kill -TERM $pid}
    for {set i 0} {$i < 200} {incr i} {
        if {[catch {exec kill -0 $pid}]} break
        after 50
    }
    if {![catch {exec kill -KILL $pid}]} {
        return "$what was still running 10 s after SIGTERM"
    }
    if {$log ne "" && [file exists $log] &&
        ![regexp {stopped\n$} [exec cat $log]\n]} {
        set said ""
        if {$out ne "" && [file exists $out]} {
            set said "; its output:\n[exec cat $out]"
        }
        return "$what ended without logging \"stopped\" (a crash?)$said"
    }
    if {$out ne "" && [file exists $out] &&
        [regexp {ERROR: \w*Sanitizer|runtime error:} [exec cat $out]]} {
        return "$what reported an error on its way out:\n[exec cat $out]"
    }
    return ""
}

# Stop the server with SIGTERM and wait for it to go; a server that does
# not stop in order fails the script.
proc tty_server_stop {} {
    global tty_server_pid tty_dir
    if {$tty_server_pid} {
        set pid $tty_server_pid
        set tty_server_pid 0
        set why [tty_stop_pid $pid $tty_dir/server.log $tty_dir/server.out \
                     "the server"]
        if {$why ne ""} { tty_fail $why }
    }
}

proc tty_server_log {} {
    global tty_dir
    set f [open $tty_dir/server.log]
    set text [read $f]
    close $f
    return $text
}

# Wait until the server log matches re at least count times (within the
# suite's timeout); 1 if it did, else 0.  The caller says what failed.
proc tty_log_has {re {count 1}} {
    global timeout
    set until [expr {[clock milliseconds] + $timeout * 1000}]
    while {1} {
        if {[regexp -all -- $re [tty_server_log]] >= $count} { return 1 }
        if {[clock milliseconds] >= $until} { return 0 }
        after 50
    }
}

# A telnet client; returns its spawn id (also left in spawn_id).
proc tty_telnet {port} {
    global spawn_id
    spawn -noecho telnet 127.0.0.1 $port
    tty_expect "Escape character"
    return $spawn_id
}

proc tty_expect {pattern {what ""}} {
    if {$what eq ""} { set what $pattern }
    expect {
        -ex $pattern {}
        timeout { tty_fail "timed out waiting for: $what" }
        eof { tty_fail "connection closed waiting for: $what" }
    }
}

proc tty_expect_re {re {what ""}} {
    if {$what eq ""} { set what $re }
    expect {
        -re $re {}
        timeout { tty_fail "timed out waiting for: $what" }
        eof { tty_fail "connection closed waiting for: $what" }
    }
}

# Type one key at a time, as a person does.
proc tty_type {keys} {
    foreach k [split $keys ""] {
        send -- $k
    }
}

proc tty_done {} {
    global tty_dir
    tty_server_stop
    file delete -force $tty_dir
    puts "ok: [file tail [info script]]"
    exit 0
}

# The SSH port of a server started with --ssh 127.0.0.1:0.
proc tty_ssh_port {} {
    if {![tty_log_has {listen ssh 127\.0\.0\.1:\d+}]} {
        tty_fail "the server does not listen for ssh"
    }
    regexp {listen ssh 127\.0\.0\.1:(\d+)} [tty_server_log] -> port
    return $port
}

# OpenSSH's client as user on a pty of its own (TERM from env), trusting
# the test server's fresh host key and reading no configuration; opts go
# before the host, a command after it.
proc tty_ssh {port user {opts {}} {command {}}} {
    global spawn_id
    spawn -noecho ssh -F /dev/null -o StrictHostKeyChecking=no \
        -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \
        -o IdentityAgent=none -p $port {*}$opts $user@127.0.0.1 {*}$command
    return $spawn_id
}

# The port of the server's first --http listener (give --http
# 127.0.0.1:0 to tty_server_start).
proc tty_http_port {} {
    if {![tty_log_has {listen web 127\.0\.0\.1:(\d+)}]} {
        tty_fail "the server did not listen for the web"
    }
    regexp {listen web 127\.0\.0\.1:(\d+)} [tty_server_log] -> port
    return $port
}

set tty_browser_dir [file normalize [file join [file dirname [info script]] .. browser]]

# A WebSocket client of the page's protocol (tests/browser/wsclient.js,
# the ws package from tests/browser/node_modules); returns its spawn id.
proc tty_ws {url args} {
    global spawn_id env tty_browser_dir stty_init
    set dir $tty_browser_dir
    set env(NODE_PATH) $dir/node_modules
    set stty_init "raw -echo"
    spawn -noecho node $dir/wsclient.js $url {*}$args
    set stty_init ""
    return $spawn_id
}
