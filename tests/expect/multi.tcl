# SPDX-License-Identifier: BSD-2-Clause
# multi.tcl - several servers on one PostgreSQL, and HAProxy in front:
# what the scripts of the multi-server deployment share.  Sourced after
# lib.tcl.
#
#   set db [pg_start]                 ;# a throwaway PostgreSQL (pgtmp.sh)
#   set p1 [multi_start one --db $db] ;# a server with its own data dir
#   set front [haproxy_start {one two}]
#   multi_kill one                    ;# kill -9
#   pg_stop / pg_restart              ;# the database goes away, comes back
#   who_until one {re} "what failed"  ;# `admin who` of server one matches
#   tty_done                          ;# stops everything
#
# Everything started here is stopped by tty_server_stop, which tty_fail
# and tty_done call, so a failing script leaves nothing running.

set pg_dir ""
set haproxy_pid 0
array set multi_pid {}
array set multi_port {}
set multi_pgtmp [file join [file dirname [info script]] .. pg pgtmp.sh]

proc pg_start {} {
    global pg_dir multi_pgtmp
    if {[catch {exec $multi_pgtmp start} out]} {
        tty_fail "PostgreSQL did not start: $out"
    }
    set pg_dir [lindex [split [string trim $out] "\n"] end]
    return [string trim [exec cat $pg_dir/conninfo]]
}

proc pg_stop {} {
    global pg_dir multi_pgtmp
    exec $multi_pgtmp stop $pg_dir
}

proc pg_restart {} {
    global pg_dir multi_pgtmp
    if {[catch {exec $multi_pgtmp restart $pg_dir} out]} {
        tty_fail "PostgreSQL did not start again: $out"
    }
}

# A server named name: data directory and log of its own; returns its
# telnet port.
proc multi_start {name args} {
    global tty_bin tty_dir multi_pid multi_port
    set log $tty_dir/$name.log
    file delete $log
    set multi_pid($name) [exec $tty_bin serve --telnet 127.0.0.1:0 \
        --data $tty_dir/$name --log $log {*}$args \
        > $tty_dir/$name.out 2>@1 &]
    for {set i 0} {$i < 200} {incr i} {
        if {[file exists $log]} {
            set text [multi_log $name]
            if {[regexp {listen telnet 127\.0\.0\.1:(\d+)} $text -> port]} {
                set multi_port($name) $port
                return $port
            }
        }
        if {[catch {exec kill -0 $multi_pid($name)}]} break
        after 50
    }
    catch {puts stderr [exec cat $tty_dir/$name.out]}
    tty_fail "the server $name did not start"
}

proc multi_log {name} {
    global tty_dir
    set f [open $tty_dir/$name.log]
    set text [read $f]
    close $f
    return $text
}

# Wait until server name's log matches re (within the suite's timeout).
proc multi_log_has {name re} {
    global timeout
    set until [expr {[clock milliseconds] + $timeout * 1000}]
    while {1} {
        if {[regexp -- $re [multi_log $name]]} { return 1 }
        if {[clock milliseconds] >= $until} { return 0 }
        after 50
    }
}

proc multi_kill {name} {
    global multi_pid
    # The dead process stays a zombie until Tcl reaps it; its sockets are
    # closed already, which is what the players and HAProxy see.
    catch {exec kill -KILL $multi_pid($name)}
    unset multi_pid($name)
}

proc multi_free_port {} {
    set s [socket -server none -myaddr 127.0.0.1 0]
    set port [lindex [fconfigure $s -sockname] 2]
    close $s
    return $port
}

# HAProxy in TCP mode in front of the named servers, sending PROXY v2 (the
# servers trust 127.0.0.1).  A server that refuses the connection (it was
# killed) is passed over: the connection goes to another at once.
proc haproxy_start {names} {
    global tty_dir haproxy_pid multi_port
    set front [multi_free_port]
    set cfg [open $tty_dir/haproxy.cfg w]
    puts $cfg "global
    maxconn 100
defaults
    mode tcp
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    retries 2
    option redispatch 1
frontend arcade
    bind 127.0.0.1:$front
    default_backend servers
backend servers
    balance roundrobin"
    foreach n $names {
        puts $cfg "    server $n 127.0.0.1:$multi_port($n) send-proxy-v2"
    }
    close $cfg
    set haproxy_pid [exec haproxy -db -f $tty_dir/haproxy.cfg \
        > $tty_dir/haproxy.out 2>@1 &]
    for {set i 0} {$i < 100} {incr i} {
        if {![catch {set s [socket 127.0.0.1 $front]}]} {
            # The probe reached a server; it is gone again at once.
            close $s
            return $front
        }
        after 50
    }
    tty_fail "HAProxy did not start"
}

# Which of the named servers logged the session of peer address re last.
proc multi_which {names re} {
    foreach n $names {
        if {[regexp -- $re [multi_log $n]]} { return $n }
    }
    return ""
}

# A failure shows every server's log, HAProxy's and PostgreSQL's.
# `ttyarcade admin who` of a server, until its output matches re.
proc who_until {name re what} {
    global tty_bin tty_dir timeout
    set until [expr {[clock milliseconds] + $timeout * 1000}]
    while {[clock milliseconds] < $until} {
        catch {exec $tty_bin admin who --data $tty_dir/$name} out
        if {[regexp -- $re $out]} { return $out }
        after 100
    }
    tty_fail "$what; admin who on $name said:\n$out"
}

rename tty_fail multi_lib_fail
proc tty_fail {msg} {
    global tty_dir pg_dir
    foreach f [concat [glob -nocomplain $tty_dir/*.log $tty_dir/*.out] \
                   [glob -nocomplain $pg_dir/log]] {
        puts stderr "---- $f ----\n[exec cat $f]"
    }
    multi_lib_fail $msg
}

rename tty_server_stop multi_lib_server_stop
proc tty_server_stop {} {
    global multi_pid haproxy_pid pg_dir multi_pgtmp tty_dir
    if {$haproxy_pid} {
        catch {exec kill $haproxy_pid}
        set haproxy_pid 0
    }
    foreach n [array names multi_pid] {
        catch {exec kill -TERM $multi_pid($n)}
    }
    set why ""
    foreach n [array names multi_pid] {
        set w [tty_stop_pid $multi_pid($n) $tty_dir/$n.log $tty_dir/$n.out \
                   "server $n"]
        if {$w ne "" && $why eq ""} { set why $w }
        unset multi_pid($n)
    }
    multi_lib_server_stop
    if {$pg_dir ne ""} {
        catch {exec $multi_pgtmp remove $pg_dir}
        set pg_dir ""
    }
    if {$why ne ""} { tty_fail $why }
}
