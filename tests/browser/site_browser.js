#!/usr/bin/env node
// SPDX-License-Identifier: BSD-2-Clause
// site_browser.js - the arcade's own pages in a real browser (Debian's
// chromium, headless, through puppeteer-core), against a server of our
// own on free loopback ports:
//   /who       a telnet player's Hangman is listed (not rated: "-" under
//              Rating); its link opens the watch page, whose terminal
//              shows her screen at once, then each guess as she makes it,
//              her resume code as stars, and that she left; a screenshot.
//   /recordings  her finished game is listed; its page plays it in
//              asciinema-player until her guesses show; a screenshot.
//   /hall, /player/NAME, /  read, with the links between them.
// No page may log an error to the console, throw, or fail to load a
// file it asks for.
// Environment: TTYARCADE (the binary), OUT (where screenshots go),
// CHROMIUM (default /usr/bin/chromium).
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const net = require("net");
const os = require("os");
const path = require("path");
const harness = require("./harness.js");

const bin = process.env.TTYARCADE;
const out = process.env.OUT || ".";
const WAIT = 30000;
let server, browser, dir, failed = false;
const problems = [];

function fail(msg) {
    console.error("FAIL: site_browser.js: " + msg);
    failed = true;
    throw new Error(msg);
}

async function startServer() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ttyarcade-site-"));
    const log = path.join(dir, "server.log");
    server = spawn(bin, ["serve", "--telnet", "127.0.0.1:0",
                         "--http", "127.0.0.1:0",
                         "--data", path.join(dir, "data"), "--log", log,
                         "--seed", "1976"], { stdio: "inherit" });
    return await harness.listening(log, ["web", "telnet"]) ||
        fail("the server did not start");
}

// A telnet player: what the server sent, as text (its negotiation
// left in, which no wait below looks for).
function telnetPlayer(port) {
    const p = { text: "", sock: net.connect(port, "127.0.0.1") };
    p.sock.on("data", (d) => { p.text += d.toString("latin1"); });
    p.sock.on("error", () => {});
    p.send = (s) => p.sock.write(s);
    // from: where in her text to look (a prompt she saw before is not
    // the one awaited)
    p.wait = async (want, what, from = 0) => {
        const until = Date.now() + WAIT;
        while (p.text.indexOf(want, from) < 0) {
            if (Date.now() > until)
                fail("the telnet player waited in vain for " +
                     (what || JSON.stringify(want)) + "\n---- she saw ----\n" +
                     p.text.slice(-2000));
            await new Promise((r) => setTimeout(r, 20));
        }
    };
    return p;
}

// Every page is watched for errors: console errors, exceptions, and
// files that do not load.
async function newPage() {
    const page = await browser.newPage();
    page.on("console", (m) => {
        if (m.type() === "error")
            problems.push(page.url() + ": console error: " + m.text());
    });
    page.on("pageerror", (e) => problems.push(page.url() + ": " + e.message));
    page.on("requestfailed", (r) => {
        // a socket the page closes on leaving is not a failure
        if (!/\/ws\?/.test(r.url()))
            problems.push(page.url() + ": failed to load " + r.url());
    });
    page.on("response", (r) => {
        if (r.status() >= 400)
            problems.push(page.url() + ": " + r.status() + " for " + r.url());
    });
    return page;
}

async function until(page, what, fn, arg) {
    try {
        await page.waitForFunction(fn, { timeout: WAIT, polling: 50 }, arg);
    } catch (e) {
        let seen = "";
        try {
            seen = await page.evaluate(() => window.ttyScreen
                ? window.ttyScreen() : document.body.innerText);
        } catch (e2) { /* the page is gone */ }
        fail("timed out waiting for " + what + "\n---- page ----\n" +
             seen.replace(/\n+$/, "") + "\n--------------");
    }
}

const screenHas = (t) => window.ttyScreen().indexOf(t) >= 0;

async function watchFromWho(ports, ann) {
    const page = await newPage();
    await page.setViewport({ width: 1000, height: 700 });
    await page.goto(`http://127.0.0.1:${ports.web}/who`);
    const row = await page.$$eval("table.who tbody tr", (rows) =>
        rows.map((r) => r.innerText));
    if (!row.some((r) => /^ANN\tHANGMAN\t/.test(r)))
        fail("/who does not list ANN at Hangman: " + JSON.stringify(row));
    // her rating and the row's link, under their headings as a person
    // reads them (Hangman is not rated: "-")
    const cells = await page.$$eval("table.who", (tables) => {
        const heads = [...tables[0].tHead.rows[0].cells]
            .map((c) => c.innerText);
        for (const r of tables[0].tBodies[0].rows)
            if (r.cells[0].innerText === "ANN") {
                const a = r.cells[heads.indexOf("Watch")]
                    .querySelector("a");
                return { rating: r.cells[heads.indexOf("Rating")].innerText,
                         link: a && a.getAttribute("href") };
            }
        return {};
    });
    if (cells.rating !== "-")
        fail("ANN's rating at Hangman is not shown as -: " + cells.rating);
    const link = cells.link;
    if (!/^\/watch\/\d+$/.test(link || ""))
        fail("ANN's row has no watch link: " + link);
    await Promise.all([page.waitForNavigation(),
                       page.click(`a[href="${link}"]`)]);
    await until(page, "her screen on joining", screenHas, "WANT A NEW WORD?");
    const size = await page.evaluate(() => window.ttySize());
    if (size[0] !== 80 || size[1] !== 24)
        fail("the watcher's terminal is " + size + ", hers 80x24");
    await ann.wait("*** 1 WATCHING", "to be told of the watcher");
    ann.send("Y");
    await ann.wait("GUESS A LETTER: ");
    ann.send("A");
    await ann.wait("NOPE!  H-------");
    await until(page, "her guess", screenHas, "NOPE!  H-------");
    // the code is told once the guess is saved, which may come after the
    // guess is shown
    await ann.wait("RESUME CODE ", "to be told her resume code");
    const m = /RESUME CODE ([0-9A-Z]{5}-[0-9A-Z]{5}):/.exec(ann.text);
    if (!m)
        fail("ANN was not told a resume code");
    await until(page, "her resume code as stars", screenHas,
                "RESUME CODE ***********:");
    const screen = await page.evaluate(() => window.ttyScreen());
    if (screen.indexOf(m[1]) >= 0)
        fail("the watcher saw the resume code " + m[1]);
    ann.send("E");
    await until(page, "her second guess", screenHas, "GOOD. YOU HAVE:  -E---");
    await page.screenshot({ path: path.join(out, "watch.png") });
    // she finishes the word and leaves: the page says the watch is over
    for (const k of "RLBSOH") ann.send(k);
    await ann.wait("CONGRATULATIONS!");
    await ann.wait("WANT A NEW WORD? ", "the question after the word",
                   ann.text.indexOf("CONGRATULATIONS!"));
    let from = ann.text.length;
    ann.send("N");
    await ann.wait("YOUR CHOICE", "the menu after the game", from);
    from = ann.text.length;
    ann.send("Q\r");
    await ann.wait("GOODBYE.", "the goodbye", from);
    await until(page, "the player leaving", screenHas, "THE PLAYER HAS LEFT.");
    await until(page, "the page saying so", () => {
        const st = document.getElementById("status");
        return !st.hidden && st.textContent === "The watch is over.";
    });
    console.log("ok: /who: watched ANN's Hangman, her guesses, her code " +
                "as stars, her leaving");
    await page.close();
}

async function playRecording(ports) {
    const page = await newPage();
    await page.setViewport({ width: 1000, height: 800 });
    // the recording is listed once its writer has closed it
    let link = null;
    for (let i = 0; i < 100 && !link; i++) {
        await page.goto(`http://127.0.0.1:${ports.web}/recordings`);
        link = await page.$$eval("table.recs tbody tr", (rows) => {
            for (const r of rows)
                if (r.cells[1].innerText === "ANN" &&
                    r.cells[2].innerText === "HANGMAN")
                    return r.cells[6].querySelector("a").getAttribute("href");
            return null;
        });
        if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    if (!link)
        fail("/recordings does not list ANN's game");
    await Promise.all([page.waitForNavigation(),
                       page.click(`a[href="${link}"]`)]);
    await page.waitForSelector(".ap-player", { timeout: WAIT });
    // the player starts when its big button is pressed, as a person does
    await page.click(".ap-player");
    const playerHas = (t) => {
        const pre = document.querySelector("#player pre.ap-term-text");
        return pre && pre.textContent.indexOf(t) >= 0;
    };
    await until(page, "the recording showing her guess", playerHas,
                "NOPE!  H-------");
    await until(page, "the recording reaching the end of the word",
                playerHas, "CONGRATULATIONS!");
    const text = await page.evaluate(() =>
        document.querySelector("#player pre.ap-term-text").textContent);
    if (!/RESUME CODE \*{11}:/.test(text))
        fail("the recording does not show her code as stars:\n" + text);
    await page.screenshot({ path: path.join(out, "recording.png") });
    // the file it played is offered for download
    const cast = await page.$eval("a[download]", (a) => a.getAttribute("href"));
    if (cast !== link + ".cast")
        fail("the download link is " + cast);
    console.log("ok: /recordings: ANN's game played in asciinema-player");
    await page.close();
}

async function readPages(ports) {
    const page = await newPage();
    await page.goto(`http://127.0.0.1:${ports.web}/hall`);
    const hall = await page.evaluate(() => document.body.innerText);
    if (!/WORDS SOLVED[\s\S]*1\tANN\t1/.test(hall))
        fail("the hall of fame does not have ANN's word:\n" + hall);
    await Promise.all([page.waitForNavigation(),
                       page.click("section#hangman a[href=\"/player/ANN\"]")]);
    const who = await page.evaluate(() => document.body.innerText);
    if (!/Registered \d{4}-\d\d-\d\d/.test(who) || !/HANGMAN/.test(who))
        fail("ANN's page lacks her registration or her game:\n" + who);
    // the terminal page links to the site
    await page.goto(`http://127.0.0.1:${ports.web}/`);
    await page.waitForSelector("#site a[href=\"who\"]", { timeout: WAIT });
    console.log("ok: /hall, /player/ANN and the terminal page's links");
    await page.close();
}

(async () => {
    try {
        fs.mkdirSync(out, { recursive: true });
        const ports = await startServer();
        // ANN registers, so that her name has a page, and starts Hangman
        const ann = telnetPlayer(ports.telnet);
        await ann.wait("YOUR NAME");
        ann.send("ANN\r");
        await ann.wait("YOUR CHOICE");
        ann.send("A\r");
        await ann.wait("(Y/N; RETURN: N)? ");
        ann.send("Y\r");
        await ann.wait("CHOOSE A PASSWORD");
        ann.send("Secret1\r");
        await ann.wait("THE SAME PASSWORD AGAIN? ");
        ann.send("Secret1\r");
        await ann.wait("THE NAME ANN IS YOURS.");
        ann.text = "";
        ann.send("HANGMAN\r");
        await ann.wait("WANT A NEW WORD? ");
        // /who is made at most once a second
        await new Promise((r) => setTimeout(r, 1100));
        browser = await harness.launch(dir);
        await watchFromWho(ports, ann);
        await playRecording(ports);
        await readPages(ports);
        if (problems.length)
            fail("errors in the pages:\n" + problems.join("\n"));
        console.log("ok: no console errors, no failed loads");
    } catch (e) {
        if (!failed) console.error("FAIL: site_browser.js: " + e.stack);
        failed = true;
    } finally {
        await harness.finish("site_browser.js",
                             { browser, server, dir, failed });
    }
})();
