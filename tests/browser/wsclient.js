#!/usr/bin/env node
// SPDX-License-Identifier: BSD-2-Clause
// wsclient.js - a WebSocket client of ttyarcade's page protocol for the
// Expect scripts: what is typed on stdin goes as "i" messages, the
// session's output comes out on stdout, and the close is reported as
// "[CLOSED code reason]"; the server's "session over" message as "[END]".  The ws package frames the messages; nothing
// here knows WebSocket framing.
//
//   node wsclient.js URL [--origin O] [--size COLS ROWS]
//                        [--oversize BYTES] [--send TEXT]
//   stdin "\x1d" (Ctrl-]) sends "r" + the --resize2 size given, if any.
"use strict";
const WebSocket = require("ws");

const argv = process.argv.slice(2);
const url = argv.shift();
const opt = {};
while (argv.length) {
    const k = argv.shift();
    if (k === "--origin") opt.origin = argv.shift();
    else if (k === "--oversize") opt.oversize = Number(argv.shift());
    else if (k === "--send") opt.send = argv.shift();
    else if (k === "--resize2") opt.resize2 = argv.shift() + " " + argv.shift();
    else { console.error("wsclient: unknown option " + k); process.exit(2); }
}

const ws = new WebSocket(url, opt.origin ? { origin: opt.origin } : {});
ws.on("unexpected-response", (req, res) => {
    process.stdout.write("[REFUSED " + res.statusCode + "]\n");
    process.exit(0);
});
ws.on("open", () => {
    process.stdout.write("[OPEN]\n");
    if (opt.send !== undefined) ws.send(opt.send);
    if (opt.oversize) ws.send("i" + "A".repeat(opt.oversize));
});
ws.on("message", (data, binary) => {
    if (binary) process.stdout.write(data);
    else if (data.toString() === "x") process.stdout.write("\n[END]\n");
    else process.stdout.write("\n[TEXT " + data.toString() + "]\n");
});
ws.on("close", (code, reason) => {
    process.stdout.write("\n[CLOSED " + code + " " + reason + "]\n");
    process.exit(0);
});
ws.on("error", (e) => {
    process.stdout.write("\n[ERROR " + e.message + "]\n");
    process.exit(1);
});
// Expect spawns this on a pty set raw (stty_init): keys arrive one at a
// time and output is not touched (node's own raw mode would add CR to LF).
process.stdin.on("data", (d) => {
    if (ws.readyState !== WebSocket.OPEN) return;
    let s = d.toString("latin1");
    if (opt.resize2 && s.includes("\x1d")) {
        ws.send("r" + opt.resize2);
        s = s.split("\x1d").join("");
    }
    if (s) ws.send("i" + s);
});
process.stdin.on("end", () => ws.close(1000, "bye"));
