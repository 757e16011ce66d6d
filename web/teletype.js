// teletype.js - the teletype page: the same session as the terminal
// page, on the asr33 profile (upper case, 72 columns, paced at the line
// speed chosen, 110 baud by default), printed as a Model 33 prints:
// a carriage return moves the head back to column 1 without moving the
// paper, a line feed moves the paper up one line; a character printed at
// column 72 prints over the last one; NUL (the padding after a return)
// prints nothing; BEL rings.  The keyboard is the Model 33's: lower case
// typed arrives as upper case, and the keys it did not have are silent.
// The page dials /ws?profile=asr33&baud=B at the speed chosen (?baud=B on
// the page's own address chooses it too) and sends "b" + the speed when
// another is chosen.  In a window too narrow for 72 columns the type is
// made smaller.
// SPDX-License-Identifier: BSD-2-Clause
(function () {
    "use strict";
    var COLS = 72, KEEP = 2000, MIN_PX = 10;
    var paper = document.getElementById("paper");
    var roll = document.getElementById("roll");
    var status = document.getElementById("status");
    var baudSel = document.getElementById("baud");
    var params = new URLSearchParams(location.search);
    if (params.get("baud") !== null)
        baudSel.value = params.get("baud");
    if (baudSel.selectedIndex < 0)      // not a speed the page offers
        baudSel.value = "110";
    var lines = [""], col = 0, sock = null, wait = 1000, ended = 0;
    var dialled = null;                 // the speed the line was dialled at

    // One div per printed line; only the last one changes.
    var lineDivs = [];
    function newLineDiv() {
        var d = document.createElement("div");
        d.textContent = "";
        paper.appendChild(d);
        lineDivs.push(d);
        if (lineDivs.length > KEEP) {
            paper.removeChild(lineDivs.shift());
            lines.shift();
        }
    }
    newLineDiv();

    function redrawLast() {
        var l = lines[lines.length - 1];
        lineDivs[lineDivs.length - 1].textContent = l.length ? l : " ";
    }

    function printChar(c) {
        var code = c.charCodeAt(0);
        if (c === "\r") {
            col = 0;
        } else if (c === "\n") {
            // The line leaving the head is finished: draw it now, as a
            // batch may hold many lines and only the last is drawn after.
            redrawLast();
            lines.push("");
            newLineDiv();
        } else if (code === 7) {
            roll.classList.remove("bell");
            void roll.offsetWidth;
            roll.classList.add("bell");
        } else if (code >= 32 && code < 127) {
            var l = lines[lines.length - 1];
            while (l.length < col)
                l += " ";
            if (c !== " " || col >= l.length)
                l = l.slice(0, col) + c.toUpperCase() + l.slice(col + 1);
            lines[lines.length - 1] = l;
            if (col < COLS - 1)
                col++;
        }
    }

    function print(bytes) {
        for (var i = 0; i < bytes.length; i++)
            printChar(String.fromCharCode(bytes[i] & 0x7f));
        redrawLast();
    }

    function say(text) { status.textContent = text; }

    function send(kind, text) {
        if (sock && sock.readyState === WebSocket.OPEN)
            sock.send(kind + text);
    }

    function connect() {
        dialled = baudSel.value;
        var url = (location.protocol === "https:" ? "wss://" : "ws://") +
            location.host + "/ws?profile=asr33&baud=" + dialled;
        say("DIALING...");
        sock = new WebSocket(url);
        sock.binaryType = "arraybuffer";
        sock.onopen = function () {
            wait = 1000;
            say("");
            // A speed chosen while the line was being dialled could not be
            // sent (a socket takes nothing before it opens): send it now.
            if (baudSel.value !== dialled)
                send("b", baudSel.value);
            roll.focus();
        };
        sock.onmessage = function (ev) {
            if (typeof ev.data === "string") {
                if (ev.data === "x")
                    ended = 1;      // the session is over: no redial
                return;
            }
            print(new Uint8Array(ev.data));
        };
        sock.onclose = function () {
            sock = null;
            if (ended) {
                say("SESSION ENDED. PRESS A KEY TO DIAL AGAIN.");
                return;
            }
            say("LINE DROPPED. DIALING AGAIN IN " + Math.round(wait / 1000) +
                " S...");
            print([13, 10]);
            setTimeout(connect, wait);
            wait = Math.min(wait * 2, 30000);
        };
    }

    // The Model 33 keyboard: upper case, digits, the punctuation it had,
    // Return, Line Feed (Ctrl+J), Rubout, and the control keys.
    function modelKey(ev) {
        var k = ev.key;
        if (ev.ctrlKey && k.length === 1 && /[a-z@\[\\\]^_]/i.test(k))
            return String.fromCharCode(k.toUpperCase().charCodeAt(0) & 0x1f);
        if (ev.ctrlKey || ev.metaKey || ev.altKey)
            return null;
        if (k === "Enter") return "\r";
        if (k === "Backspace" || k === "Delete") return "\x7f";
        if (k === "Escape") return "\x1b";
        if (k.length !== 1) return null;
        return typed(k);
    }

    function typed(text) {
        var out = "";
        text = text.toUpperCase();
        for (var i = 0; i < text.length; i++) {
            var c = text.charAt(i), code = c.charCodeAt(0);
            if (c === "\n") c = "\r";
            if (c === "\r" || (code >= 32 && code < 96))
                out += c;
        }
        return out;
    }

    roll.addEventListener("keydown", function (ev) {
        var k = modelKey(ev);
        if (k === null)
            return;
        ev.preventDefault();
        if (ended && !sock) {
            ended = 0;
            say("");
            connect();
            return;
        }
        if (k)
            send("i", k);
    });
    roll.addEventListener("paste", function (ev) {
        ev.preventDefault();
        send("i", typed(ev.clipboardData.getData("text")));
    });
    document.addEventListener("click", function (ev) {
        if (ev.target !== baudSel)
            roll.focus();
    });
    baudSel.addEventListener("change", function () {
        send("b", baudSel.value);
        roll.focus();
    });
    // 72 columns and the margins at 18 px, or smaller type in a window too
    // narrow for that, down to MIN_PX; below that the page scrolls
    // sideways (the paper's left edge stays in the window, never cut off).
    function fitPaper() {
        roll.style.fontSize = "";
        var want = roll.offsetWidth;
        var room = document.documentElement.clientWidth - 8;
        if (want <= room)
            return;
        var px = parseFloat(getComputedStyle(roll).fontSize) * room / want;
        roll.style.fontSize = Math.max(MIN_PX, Math.floor(px * 10) / 10) +
            "px";
    }
    fitPaper();
    window.addEventListener("resize", fitPaper);

    function start() {
        fitPaper();         // measured again in the 3270 font's widths
        connect();
    }

    // For the tests: the paper as printed.
    window.ttyPaper = function () { return lines.join("\n"); };
    window.ttyKeys = function (text) { send("i", typed(text)); };
    if (document.fonts && document.fonts.load)
        document.fonts.load('18px "ttyarcade 3270"').then(start, start);
    else
        start();
})();
