#!/usr/bin/env node
// SPDX-License-Identifier: BSD-2-Clause
// site_watchers.js - bench_site's watchers, in one Node.js process so both
// kinds are driven by the same client: N watchers of one player, over
// telnet (a name, O in the menu, the player's name: the menu's watch) or
// over WebSocket (/ws?watch=ID: the watch page's socket).
//   node site_watchers.js telnet PORT N NAME
//   node site_watchers.js web PORT N ID
// Prints "READY watching failed" once each watches (or failed), then on
// "END" from stdin "BYTES n" (what they received meanwhile) and exits.
"use strict";
const net = require("net");
const WebSocket = require("ws");
const readline = require("readline");

const [mode, port, nArg, target] = process.argv.slice(2);
const N = Number(nArg);
let watching = 0, failed = 0, bytes = 0, counting = false;
const conns = [];

function done() {
    if (watching + failed === N)
        console.log(`READY ${watching} ${failed}`);
}

// Telnet's negotiation answered as a plain telnet at a glass terminal
// does (benchclient.c's rule): the server may echo and suppress go-ahead,
// every other option is refused; what is left is the text.
const IAC = 255, DONT = 254, DO = 253, WONT = 252, WILL = 251, SB = 250,
      SE = 240;
function telnetText(c, d) {
    let text = "";
    for (const b of d) {
        if (c.cmd) {
            const verb = c.cmd;
            c.cmd = 0;
            if (verb === WILL)
                c.sock.write(Buffer.from([IAC, b === 1 || b === 3 ? DO
                                                                  : DONT, b]));
            else if (verb === DO)
                c.sock.write(Buffer.from([IAC, WONT, b]));
        } else if (c.iac) {
            c.iac = false;
            if (b === SB) c.sb = true;
            else if (b === SE) c.sb = false;
            else if (b >= WILL && b <= DONT) c.cmd = b;
            else if (b === IAC && !c.sb) text += "\xff";
        } else if (b === IAC) {
            c.iac = true;
        } else if (!c.sb) {
            text += String.fromCharCode(b);
        }
    }
    return text;
}

function telnetWatcher() {
    const c = { text: "", state: "name", iac: false, sb: false, cmd: 0,
                sock: net.connect(Number(port), "127.0.0.1") };
    c.sock.setNoDelay(true);
    c.sock.on("data", (d) => {
        if (counting) bytes += d.length;
        const text = telnetText(c, d);
        if (c.state === "watching") return;
        // a prompt is looked for in the whole of what came, then only
        // the tail is kept
        c.text += text;
        if (c.state === "name" && c.text.includes("YOUR NAME")) {
            c.state = "menu"; c.text = ""; c.sock.write("W\r\n");
        } else if (c.state === "menu" && c.text.includes("YOUR CHOICE")) {
            c.state = "whom"; c.text = ""; c.sock.write("O\r\n");
        } else if (c.state === "whom" && c.text.includes("WATCH WHOM")) {
            c.state = "joining"; c.text = ""; c.sock.write(target + "\r\n");
        } else if (c.state === "joining" && c.text.includes("WATCHING " + target)) {
            c.state = "watching"; watching++; done();
        }
        c.text = c.text.slice(-400);
    });
    c.sock.on("error", () => {});
    c.sock.on("close", () => {
        if (c.state !== "watching") { c.state = "watching"; failed++; done(); }
    });
    c.close = () => c.sock.destroy();
    return c;
}

function webWatcher() {
    const c = { state: "joining",
                ws: new WebSocket(`ws://127.0.0.1:${port}/ws?watch=${target}`) };
    c.ws.on("message", (d, binary) => {
        if (counting) bytes += d.length;
        if (binary && c.state === "joining") {
            c.state = "watching"; watching++; done();
        }
    });
    c.ws.on("error", () => {});
    c.ws.on("close", () => {
        if (c.state === "joining") { c.state = "gone"; failed++; done(); }
    });
    c.close = () => c.ws.terminate();
    return c;
}

// Open them a few at a time, as the listen backlog would like.
let opened = 0;
const opener = setInterval(() => {
    for (let k = 0; k < 50 && opened < N; k++, opened++)
        conns.push(mode === "web" ? webWatcher() : telnetWatcher());
    if (opened >= N) clearInterval(opener);
}, 20);
readline.createInterface({ input: process.stdin }).on("line", (l) => {
    if (l === "COUNT") {
        counting = true;
    } else if (l === "END") {
        console.log(`BYTES ${bytes}`);
        for (const c of conns) c.close();
        setTimeout(() => process.exit(0), 200);
    }
});
