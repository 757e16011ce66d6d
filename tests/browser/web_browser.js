#!/usr/bin/env node
// SPDX-License-Identifier: BSD-2-Clause
// web_browser.js - the web pages in a real browser: Debian's chromium,
// headless, driven by puppeteer-core, against a server of our own on a
// free loopback port.
//   /          type a name, play the book's Hangman run, read every reply
//              from the terminal's text; then Eastern Front, the window
//              made bigger, and the game's screen laid out for the new
//              size; a screenshot.
//   /teletype  the session on the asr33 profile: lower case typed comes
//              back upper case, lines fold at 72 columns; a screenshot.
//   the cost: every text file gzip'd, the font cut to the games' characters
//              and in use, and a second visit all 304 Not Modified.
//   a dropped line: the page says so and dials again, into a new session.
//   teletype_paper.js: every line drawn at ?baud=0, a speed chosen while
//              dialling used, the paper whole in a narrow window.
//   term_size.js: the terminal page starts at the size a resize gives.
// No page may log an error to the console (the dropped line's failed
// dials excepted).
// Environment: TTYARCADE (the binary), OUT (where screenshots go),
// CHROMIUM (default /usr/bin/chromium).
"use strict";
const { spawn, spawnSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const harness = require("./harness.js");
const teletypePaper = require("./teletype_paper.js");
const termSize = require("./term_size.js");

const bin = process.env.TTYARCADE;
const out = process.env.OUT || ".";
const WAIT = 30000;
let server, browser, dir, failed = false;
const consoleErrors = [];

function fail(msg) {
    console.error("FAIL: web_browser.js: " + msg);
    failed = true;
    throw new Error(msg);
}

async function startServer(port) {
    if (!dir)
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "ttyarcade-web-"));
    const log = path.join(dir, "server.log");
    if (fs.existsSync(log)) fs.renameSync(log, log + ".old");
    server = spawn(bin, ["serve", "--http", "127.0.0.1:" + (port || 0),
                         "--data",
                         path.join(dir, "data"), "--log", log,
                         "--seed", "1976", "--pace-scale", "20"],
                   { stdio: "inherit" });
    const ports = await harness.listening(log, ["web"]);
    return ports ? ports.web : fail("the server did not start");
}

// A new page whose console errors and uncaught exceptions are kept (to
// fail the run at its end); allow: a pattern of errors expected there.
async function openPage(allow) {
    const page = await browser.newPage();
    const keep = (text) => {
        if (!allow || !allow.test(text))
            consoleErrors.push(page.url() + ": " + text);
    };
    page.on("console", (m) => { if (m.type() === "error") keep(m.text()); });
    page.on("pageerror", (e) => keep(String(e)));
    // The console says only "404"; this says what was asked for.
    page.on("response", (r) => {
        if (r.status() >= 400)
            keep(r.status() + " for " + r.url());
    });
    return page;
}

// `ttyarcade admin who`: the server's own list of sessions.
function adminWho() {
    const r = spawnSync(bin, ["admin", "who", "--data", path.join(dir, "data")],
                        { encoding: "utf8" });
    return r.stdout + r.stderr;
}

// Wait until fn() here (not in the page) is true; say what was awaited.
async function poll(what, fn, show) {
    for (let t = 0; t < WAIT; t += 50) {
        if (fn()) return;
        await new Promise((r) => setTimeout(r, 50));
    }
    fail("timed out waiting for " + what + (show ? ":\n" + show() : ""));
}

// Wait until fn(arg) run in the page is true; say what was awaited.
async function until(page, what, fn, arg) {
    try {
        await page.waitForFunction(fn, { timeout: WAIT, polling: 50 }, arg);
    } catch (e) {
        let screen = "";
        try {
            screen = await page.evaluate(() =>
                window.ttyScreen ? window.ttyScreen() : window.ttyPaper());
        } catch (e2) { /* the page is gone */ }
        fail("timed out waiting for " + what + "\n---- screen ----\n" +
             screen.replace(/\n+$/, "") + "\n----------------");
    }
}

// Count of text on the terminal (scrollback included).
function screenHas(a) {
    const text = a[0], count = a[1];
    const s = window.ttyScreen();
    let n = 0, at = 0;
    while ((at = s.indexOf(text, at)) >= 0) { n++; at += text.length; }
    return n >= count;
}

async function terminalPage(port) {
    const page = await openPage();
    await page.setViewport({ width: 1000, height: 640 });
    await page.goto(`http://127.0.0.1:${port}/`);
    await until(page, "the name prompt", screenHas, ["YOUR NAME", 1]);
    const seen = new Map();
    async function expect(text) {
        // The screen keeps its lines without trailing blanks.
        const want = text.replace(/\r\n/g, "\n").replace(/ +$/, "");
        const n = (seen.get(want) || 0) + 1;
        seen.set(want, n);
        await until(page, JSON.stringify(want), (a) => {
            const s = window.ttyScreen();
            let k = 0, at = 0;
            while ((at = s.indexOf(a[0], at)) >= 0) { k++; at += a[0].length; }
            return k >= a[1];
        }, [want, n]);
    }
    await page.keyboard.press("Enter");
    await expect("YOUR CHOICE (RETURN: HANGMAN)?");
    await page.keyboard.type("HANGMAN");
    await page.keyboard.press("Enter");
    await expect("WANT A NEW WORD?");
    const run = [
        ["Y", "GUESS A LETTER: "],
        ["A", "NOPE!  H-------"], ["E", "GOOD. YOU HAVE:  -E---"],
        ["R", "NOPE!  HA------"], ["L", "GOOD. YOU HAVE:  -ELL-"],
        ["B", "NOPE!  HAN-----"], ["S", "NOPE!  HANG----"],
        ["O", "GOOD. YOU HAVE:  -ELLO"],
        ["H", "GOOD. YOU HAVE:  HELLO\r\nCONGRATULATIONS!"],
        ["Y", "GUESS A LETTER: "],
        ["A", "NOPE!  H-------"], ["E", "GOOD. YOU HAVE:  -----E"],
        ["I", "GOOD. YOU HAVE:  ---I-E"], ["O", "GOOD. YOU HAVE:  -O-I-E"],
        ["U", "NOPE!  HA------"], ["R", "NOPE!  HAN-----"],
        ["T", "GOOD. YOU HAVE:  -OTI-E"], ["N", "GOOD. YOU HAVE:  NOTI-E"],
        ["C", "GOOD. YOU HAVE:  NOTICE\r\nCONGRATULATIONS!"],
        ["Y", "GUESS A LETTER: "],
        ["W", "NOPE!  H-------"], ["Y", "NOPE!  HA------"],
        ["P", "NOPE!  HAN-----"], ["N", "NOPE!  HANG----"],
        ["G", "NOPE!  HANGM---"], ["V", "NOPE!  HANGMA--"],
        ["C", "NOPE!  HANGMAN-"],
        ["X", "NOPE!  HANGMAN!\r\n\r\nWANT A NEW WORD? "],
        ["N", "GOODBYE!"],
    ];
    for (const [key, reply] of run) {
        await page.keyboard.type(key);
        await expect(key + "\r\n" + reply);
    }
    await expect("YOUR CHOICE (RETURN: HANGMAN)?");

    // Eastern Front lays its screen out for the window's size.
    await page.keyboard.type("efront_text");
    await page.keyboard.press("Enter");
    await expect("HANDICAP");
    await page.keyboard.press("Enter");
    // The date window spans the screen: its week ends at the right edge.
    const dateLine = (cols) => {
        const at = window.ttyView()[0].indexOf("WEEK 1 OF 45");
        const end = at + "WEEK 1 OF 45".length;
        return at >= 0 && end <= cols && end >= cols - 2;
    };
    const before = await page.evaluate(() => window.ttySize());
    await until(page, "the date window " + before[0] + " wide",
                dateLine, before[0]);
    await page.setViewport({ width: 1400, height: 900 });
    await until(page, "the terminal to grow", (c) =>
        window.ttySize()[0] > c, before[0]);
    const after = await page.evaluate(() => window.ttySize());
    await until(page, "the date window laid out again " + after[0] +
                " wide", dateLine, after[0]);
    await page.screenshot({ path: path.join(out, "terminal.png") });
    console.log(`ok: terminal page: Hangman run, resize ${before} -> ${after}`);
    await page.close();
}

async function teletypePage(port) {
    const page = await openPage();
    await page.setViewport({ width: 1000, height: 700 });
    await page.goto(`http://127.0.0.1:${port}/teletype`);
    const paperHas = (t) => window.ttyPaper().indexOf(t) >= 0;
    await until(page, "the name prompt on paper", paperHas, "YOUR NAME");
    await page.focus("#roll");
    // lower case typed on a Model 33 arrives upper case
    await page.keyboard.type("ada lovelace");
    await page.keyboard.press("Enter");
    await until(page, "the name echoed in upper case", paperHas,
                "ADA LOVELACE");
    const paper = await page.evaluate(() => window.ttyPaper());
    if (/[a-z]/.test(paper))
        fail("lower case on the teletype's paper:\n" + paper);
    const widest = Math.max(...paper.split("\n").map((l) => l.length));
    if (widest > 72)
        fail("a line of " + widest + " columns on 72-column paper");
    // A long line folds at column 72: the menu's choice prompt takes it.
    await until(page, "the menu", paperHas, "YOUR CHOICE");
    await page.keyboard.type("x".repeat(100));
    await until(page, "the typed line folded at 72 columns",
                () => window.ttyPaper().split("\n").some(
                    (l) => /X{40,}$/.test(l) && l.length === 72));
    await page.screenshot({ path: path.join(out, "teletype.png") });
    const lines = (await page.evaluate(() => window.ttyPaper())).split("\n");
    if (Math.max(...lines.map((l) => l.length)) > 72)
        fail("the teletype printed past column 72");
    await teletypePaper.drawnMatches(ctx(port), page, "the paper at 110 baud");
    console.log("ok: teletype page: upper case, 72 columns");
    await page.close();
}

// What the page costs: every text file came gzip'd, the font is the
// pages' cut of the 3270 face and is in use, and a second visit is
// answered 304 Not Modified for every file (the cache holds them).
async function cachedPage(port) {
    const wire = async (page) => {
        const cdp = await page.target().createCDPSession();
        await cdp.send("Network.enable");
        // The two events of a request come in either order, and may come
        // after the page has drawn: the path is looked up when read.
        const seen = new Map();     // request id -> url
        const heard = [];           // [request id, status, content-encoding]
        cdp.on("Network.requestWillBeSent", (e) =>
            seen.set(e.requestId, new URL(e.request.url).pathname));
        cdp.on("Network.responseReceivedExtraInfo", (e) => {
            const h = {};
            for (const [k, v] of Object.entries(e.headers))
                h[k.toLowerCase()] = v;
            heard.push([e.requestId, e.statusCode,
                        h["content-encoding"] || ""]);
        });
        // [url, status, content-encoding] of each response so far
        return () => heard.map(([id, st, enc]) => [seen.get(id), st, enc]);
    };
    // Every file's response heard (the page drawing first is no proof).
    const heardAll = (got, files) => poll(
        "the responses of " + files.join(" "),
        () => files.every((f) => got().some((g) => g[0] === f)),
        () => JSON.stringify(got()));
    const text = ["/", "/term.css", "/term.js", "/xterm/xterm.js",
                  "/xterm/xterm.css", "/xterm/addon-fit.js"];
    // a context of its own: a cache nothing else has filled
    const ctx = await browser.createBrowserContext();
    const first = await ctx.newPage();
    const heard1 = await wire(first);
    await first.goto(`http://127.0.0.1:${port}/`);
    await until(first, "the name prompt", screenHas, ["YOUR NAME", 1]);
    await heardAll(heard1, text.concat(["/font/3270.woff2"]));
    const got1 = heard1();
    for (const f of text) {
        const r = got1.find((g) => g[0] === f);
        if (!r || r[1] !== 200 || r[2] !== "gzip")
            fail(f + " did not come gzip'd: " + JSON.stringify(r));
    }
    if (!got1.some((g) => g[0] === "/font/3270.woff2" && g[1] === 200))
        fail("the font was not fetched: " + JSON.stringify(got1));
    const face = await first.evaluate(() =>
        [...document.fonts].filter((f) => f.family.indexOf("3270") >= 0)
            .map((f) => f.status).join(","));
    if (face !== "loaded")
        fail("the 3270 face is not in use: " + face);
    await first.close();
    const second = await ctx.newPage();
    const heard2 = await wire(second);
    await second.goto(`http://127.0.0.1:${port}/`);
    await until(second, "the name prompt again", screenHas,
                ["YOUR NAME", 1]);
    const got2 = heard2();
    for (const f of text.concat(["/font/3270.woff2"])) {
        const r = got2.find((g) => g[0] === f);
        if (r && r[1] !== 304)
            fail(f + " was sent again on the second visit: " +
                 JSON.stringify(r));
    }
    await ctx.close();
    console.log("ok: the page gzip'd, its font cut, a second visit 304s");
}

// The line drops (the server killed outright): the page says so, and
// dials again until a server answers on that port.
async function droppedLine(port) {
    const page = await openPage(/WebSocket connection to .* failed/);
    await page.setViewport({ width: 900, height: 500 });
    await page.goto(`http://127.0.0.1:${port}/`);
    await until(page, "the name prompt", screenHas, ["YOUR NAME", 1]);
    const old = server;
    server = null;
    old.kill("SIGKILL");
    await new Promise((r) => old.on("exit", r));
    await until(page, "the page to say the line dropped", () => {
        const st = document.getElementById("status");
        return !st.hidden && st.textContent.indexOf("Connection lost") === 0;
    });
    await startServer(port);
    await until(page, "a new session after the drop", screenHas,
                ["YOUR NAME", 2]);
    await until(page, "the message gone",
                () => document.getElementById("status").hidden);
    console.log("ok: dropped line: told, dialled again, new session");
    await page.close();
}

// The harness, as teletype_paper.js and term_size.js are given it.
function ctx(port) {
    return { port, until, poll, fail, openPage, adminWho,
             serverPid: () => server.pid,
             shot: (name) => path.join(out, name) };
}

(async () => {
    try {
        fs.mkdirSync(out, { recursive: true });
        const port = await startServer();
        browser = await harness.launch(dir);
        await terminalPage(port);
        await termSize.firstSize(ctx(port));
        await cachedPage(port);
        await teletypePage(port);
        await teletypePaper.fastPaper(ctx(port));
        await teletypePaper.speedWhileDialling(ctx(port));
        await teletypePaper.narrowPaper(ctx(port));
        await droppedLine(port);
        if (consoleErrors.length)
            fail("errors in the pages' consoles:\n" + consoleErrors.join("\n"));
    } catch (e) {
        if (!failed) console.error("FAIL: web_browser.js: " + e.stack);
        failed = true;
    } finally {
        await harness.finish("web_browser.js",
                             { browser, server, dir, failed });
    }
})();
