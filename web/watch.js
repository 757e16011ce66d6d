// watch.js - the watch page: another player's screen in xterm.js, read
// only, on a WebSocket session that watches them (/ws?watch=ID; see
// server/net/web_watch.h).  The server tells the player's size in the
// stream as xterm's CSI 8 ; rows ; cols t (rows 0: paper, which scrolls);
// the terminal takes it and the font shrinks until it fits the window.
// Keys go to this page's own session, never to the player: Q or Escape
// stops watching, any key says someone is still there.
// SPDX-License-Identifier: BSD-2-Clause
(function () {
    "use strict";
    var box = document.getElementById("screen");
    var status = document.getElementById("status");
    var id = box.getAttribute("data-watch");
    var fontSize = 18;
    var term = new Terminal({
        fontFamily: '"ttyarcade 3270", monospace',
        fontSize: fontSize,
        cols: 80,
        rows: 24,
        scrollback: 1000,
        cursorBlink: false,
        theme: { background: "#000000", foreground: "#33ff66",
                 cursor: "#33ff66" }
    });
    term.open(box);
    var ended = false;

    function say(text) {
        status.textContent = text;
        status.hidden = !text;
    }

    // The largest font (up to 18 px) at which the whole screen fits the
    // page's width.
    function fitFont() {
        var screen = box.querySelector(".xterm-screen");
        if (!screen || !screen.offsetWidth)
            return;
        var room = box.clientWidth;
        var size = Math.max(6, Math.min(18, Math.floor(
            term.options.fontSize * room / screen.offsetWidth)));
        if (size !== term.options.fontSize)
            term.options.fontSize = size;
    }

    function resize(cols, rows) {
        if (cols < 20 || cols > 400)
            return;
        term.resize(cols, rows >= 5 && rows <= 200 ? rows : 24);
        fitFont();
    }

    // CSI 8 ; rows ; cols t: the player's screen size.
    term.parser.registerCsiHandler({ final: "t" }, function (params) {
        if (params[0] !== 8)
            return false;
        resize(params[2], params[1]);
        return true;
    });

    var sock = null;
    function connect() {
        var url = (location.protocol === "https:" ? "wss://" : "ws://") +
            location.host + "/ws?watch=" + encodeURIComponent(id);
        sock = new WebSocket(url);
        sock.binaryType = "arraybuffer";
        sock.onopen = function () { say(""); term.focus(); };
        sock.onmessage = function (ev) {
            if (typeof ev.data === "string") {
                if (ev.data === "x")
                    ended = true;
                return;
            }
            term.write(new Uint8Array(ev.data));
        };
        sock.onclose = function () {
            say(ended ? "The watch is over." :
                "The connection was lost: reload the page to watch again.");
        };
    }
    term.onData(function (data) {
        if (sock && sock.readyState === WebSocket.OPEN)
            sock.send("i" + data);
    });
    window.addEventListener("resize", fitFont);
    // For the tests and anyone curious: the screen's text and size.
    window.ttyScreen = function () {
        var b = term.buffer.active, lines = [];
        for (var y = 0; y < b.length; y++)
            lines.push(b.getLine(y).translateToString(true));
        return lines.join("\n");
    };
    window.ttySize = function () { return [term.cols, term.rows]; };
    window.ttyWatchEnded = function () { return ended; };
    // The cells are measured in the 3270 font: wait for it first.
    if (document.fonts && document.fonts.load)
        document.fonts.load('18px "ttyarcade 3270"').then(connect, connect);
    else
        connect();
})();
