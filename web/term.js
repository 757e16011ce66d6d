// term.js - the terminal page: xterm.js on a WebSocket session.
// The page dials /ws?cols=C&rows=R, the size the window fits in the 3270
// font, so the session starts at its real size; it sends "i" + keys
// (typed or pasted) and "r" + "COLS ROWS" when the window changes; the
// server sends the session's output as binary messages, and a text
// message "x" when the session is over (QUIT): the page then waits for a
// key before starting a new one.  A dropped socket is said on screen and
// retried, with a longer wait each time, starting a new session (the game
// saved on hang-up; its resume code brings it back).
// SPDX-License-Identifier: BSD-2-Clause
(function () {
    "use strict";
    var status = document.getElementById("status");
    var term = new Terminal({
        fontFamily: '"ttyarcade 3270", monospace',
        fontSize: 18,
        cursorBlink: true,
        theme: { background: "#000000", foreground: "#33ff66",
                 cursor: "#33ff66" }
    });
    var fit = new FitAddon.FitAddon();
    term.loadAddon(fit);
    var sock = null, wait = 1000, opened = 0, ended = 0;
    var dialled = "";                   // the size the line was dialled with

    function say(text) {
        status.textContent = text;
        status.hidden = !text;
    }

    function send(kind, text) {
        if (sock && sock.readyState === WebSocket.OPEN)
            sock.send(kind + text);
    }

    function size() { return term.cols + " " + term.rows; }

    function sendSize() {
        send("r", size());
    }

    function connect() {
        fit.fit();
        dialled = size();
        var url = (location.protocol === "https:" ? "wss://" : "ws://") +
            location.host + "/ws?cols=" + term.cols + "&rows=" + term.rows;
        sock = new WebSocket(url);
        sock.binaryType = "arraybuffer";
        sock.onopen = function () {
            opened = 1;
            wait = 1000;
            say("");
            // A resize while the line was being dialled could not be sent
            // (a socket takes nothing before it opens): send it now.
            if (size() !== dialled)
                sendSize();
            term.focus();
        };
        sock.onmessage = function (ev) {
            if (typeof ev.data === "string") {
                if (ev.data === "x")
                    ended = 1;      // the session is over: no redial
                return;
            }
            term.write(new Uint8Array(ev.data));
        };
        sock.onclose = function () {
            sock = null;
            if (ended) {
                say("Session ended. Press a key for a new one.");
                return;
            }
            var secs = Math.round(wait / 1000);
            say((opened ? "Connection lost." : "Cannot reach the arcade.") +
                " Trying again in " + secs + " s...");
            term.write("\r\n\x1b[33m*** DISCONNECTED ***\x1b[0m\r\n");
            opened = 0;
            setTimeout(connect, wait);
            wait = Math.min(wait * 2, 30000);
        };
    }

    term.onData(function (data) {
        if (ended && !sock) {
            ended = 0;
            term.reset();
            connect();
            return;
        }
        send("i", data);
    });
    term.onResize(sendSize);
    window.addEventListener("resize", function () { fit.fit(); });
    // For the tests and anyone curious: the screen's text.
    window.ttyScreen = function () {
        var b = term.buffer.active, lines = [];
        for (var y = 0; y < b.length; y++)
            lines.push(b.getLine(y).translateToString(true));
        return lines.join("\n");
    };
    window.ttyView = function () {
        var b = term.buffer.active, lines = [];
        for (var y = 0; y < term.rows; y++)
            lines.push(b.getLine(b.viewportY + y).translateToString(true));
        return lines;
    };
    window.ttySize = function () { return [term.cols, term.rows]; };
    // xterm.js measures its character cell when it opens.  Opened before
    // the 3270 font has arrived, it measures the fallback font's cell,
    // wider and taller, and fits with it until something makes it measure
    // again (90x30 where 100x35 fits, until the first resize): the session
    // would start at that size and a watcher of a larger player be
    // refused.  So the terminal
    // opens once the font is loaded (or has failed, and the fallback is
    // what will be drawn), and the first fit is the size the session
    // starts with.
    function start() {
        term.open(document.getElementById("term"));
        connect();
    }
    if (document.fonts && document.fonts.load)
        document.fonts.load('18px "ttyarcade 3270"').then(start, start);
    else
        start();
})();
