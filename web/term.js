// term.js - the terminal page: xterm.js on a WebSocket session.
// The page sends "i" + keys (typed or pasted) and "r" + "COLS ROWS" when
// the window changes; the server sends the session's output as binary
// messages, and a text message "x" when the session is over (QUIT): the
// page then waits for a key before starting a new one.  A dropped socket is said on screen and retried, with a
// longer wait each time, starting a new session (the game saved on
// hang-up; its resume code brings it back).
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
    term.open(document.getElementById("term"));
    var sock = null, wait = 1000, opened = 0, ended = 0;

    function say(text) {
        status.textContent = text;
        status.hidden = !text;
    }

    function send(kind, text) {
        if (sock && sock.readyState === WebSocket.OPEN)
            sock.send(kind + text);
    }

    function sendSize() {
        send("r", term.cols + " " + term.rows);
    }

    function connect() {
        fit.fit();
        var url = (location.protocol === "https:" ? "wss://" : "ws://") +
            location.host + "/ws?cols=" + term.cols + "&rows=" + term.rows;
        sock = new WebSocket(url);
        sock.binaryType = "arraybuffer";
        sock.onopen = function () {
            opened = 1;
            wait = 1000;
            say("");
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
    if (document.fonts && document.fonts.load)
        document.fonts.load('18px "ttyarcade 3270"').then(connect, connect);
    else
        connect();
})();
