#!/usr/bin/env node
// SPDX-License-Identifier: BSD-2-Clause
// web_typists.js - bench_web's clients, in one Node.js process so both
// doors are measured by the same client: N sessions over WebSocket (the
// page's protocol, framed by the ws package) or over raw telnet, each
// brought to Hangman; on "GO" from stdin each types a letter every
// 150-350 ms for S seconds and the time from a key leaving to the first
// byte coming back is recorded.
//   node web_typists.js web|telnet PORT N S
// Prints "READY n", then "LAT p50 p99 max count" (ms), one per line.
"use strict";
const net = require("net");
const WebSocket = require("ws");
const readline = require("readline");

const [mode, port, nArg, sArg] = process.argv.slice(2);
const N = Number(nArg), SECONDS = Number(sArg);
const letters = "ETAOINSHRDLUCMFWYPVBGKQJXZ";
let seed = 12345;
function rand() { seed = (seed * 1103515245 + 12345) >>> 0; return seed >>> 8; }

function client(i) {
    const c = { i, text: "", state: "name", sentAt: 0, awaiting: false,
                letter: i, wantY: false, send: null, timer: null };
    const onText = (s) => {
        if (c.awaiting) {
            lat.push(Number(process.hrtime.bigint() - c.sentAt) / 1e6);
            c.awaiting = false;
        }
        c.text = (c.text + s).slice(-200);
        if (c.state === "name" && c.text.includes("YOUR NAME")) {
            c.state = "idle"; c.text = ""; ready++;
            if (ready === N) console.log("READY " + N);
        } else if (c.state === "choice" && c.text.includes("YOUR CHOICE")) {
            c.state = "game"; c.text = ""; c.send("HANGMAN\r");
        } else if (c.state === "game" && c.text.includes("NEW WORD?")) {
            c.state = "play"; c.text = ""; c.wantY = true; think(c);
        } else if (c.state === "play" && c.text.includes("NEW WORD?")) {
            c.text = ""; c.wantY = true;
        }
    };
    if (mode === "web") {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?cols=80&rows=24`);
        ws.on("message", (d, bin) => { if (bin) onText(d.toString("latin1")); });
        ws.on("error", () => {});
        c.send = (s) => ws.readyState === 1 && ws.send("i" + s);
        c.close = () => ws.terminate();
    } else {
        const sock = net.connect(Number(port), "127.0.0.1");
        sock.setNoDelay(true);
        sock.on("data", (d) => onText(d.toString("latin1")));
        sock.on("error", () => {});
        c.send = (s) => sock.write(s);
        c.close = () => sock.destroy();
    }
    return c;
}

function think(c) {
    c.timer = setTimeout(() => {
        if (!typing) return;
        const key = c.wantY ? "Y" : letters[c.letter++ % 26];
        c.wantY = false;
        c.sentAt = process.hrtime.bigint();
        c.awaiting = measuring;
        c.send(key);
        think(c);
    }, 150 + rand() % 200);
}

let ready = 0, typing = false, measuring = false;
const lat = [];
const clients = [];
// Open them a few at a time, as the listen backlog would like.
let opened = 0;
const opener = setInterval(() => {
    for (let k = 0; k < 50 && opened < N; k++) clients.push(client(opened++));
    if (opened >= N) clearInterval(opener);
}, 20);
readline.createInterface({ input: process.stdin }).on("line", (l) => {
    if (l !== "GO") return;
    typing = true;
    for (const c of clients) { c.state = "choice"; c.send("\r"); }
    setTimeout(() => { lat.length = 0; measuring = true; }, 3000);
    setTimeout(() => {
        typing = false;
        measuring = false;
        lat.sort((a, b) => a - b);
        const q = (p) => lat.length ? lat[Math.min(lat.length - 1,
                               Math.floor(p * lat.length))].toFixed(2) : "-";
        console.log(`LAT ${q(0.5)} ${q(0.99)} ${lat.length ?
            lat[lat.length - 1].toFixed(1) : "-"} ${lat.length}`);
        for (const c of clients) c.close();
        setTimeout(() => process.exit(0), 200);
    }, 3000 + SECONDS * 1000);
});
