// SPDX-License-Identifier: BSD-2-Clause
// term_size.js - the terminal page's first size, for web_browser.js.
// One page is opened in a larger window and brought to 1000x640 by a
// resize: the size that window fits.  A second page opened at 1000x640
// must start its session at that size (the size on the socket's URL,
// what `admin who` shows, no correction sent after), and, before any
// resize of its own, watch a player whose screen is as wide and five
// rows shorter (a screen the server believes smaller is refused).
// Takes the harness's context (see web_browser.js).
"use strict";
const WebSocket = require("ws");

async function sizeAfterResize(c) {
    const page = await c.openPage();
    await page.setViewport({ width: 1200, height: 800 });
    await page.goto(`http://127.0.0.1:${c.port}/`);
    await c.until(page, "the name prompt",
                  () => window.ttyScreen().indexOf("YOUR NAME") >= 0);
    const big = await page.evaluate(() => window.ttySize());
    await page.setViewport({ width: 1000, height: 640 });
    await c.until(page, "the terminal to shrink",
                  (b) => window.ttySize()[0] < b[0], big);
    const size = await page.evaluate(() => window.ttySize());
    await page.close();
    return size;
}

// A player on the WebSocket, as a script: sends keys, keeps the output.
function player(c, cols, rows) {
    const origin = `http://127.0.0.1:${c.port}`;
    const ws = new WebSocket(`ws://127.0.0.1:${c.port}/ws?cols=${cols}` +
                             `&rows=${rows}`, { origin });
    const p = { ws, text: "" };
    ws.on("message", (d, binary) => { if (binary) p.text += d.toString(); });
    return new Promise((resolve, reject) => {
        ws.on("open", () => resolve(p));
        ws.on("error", reject);
    });
}

async function firstSize(c) {
    const want = await sizeAfterResize(c);
    const page = await c.openPage();
    const cdp = await page.target().createCDPSession();
    await cdp.send("Network.enable");
    const dials = [], sent = [];
    cdp.on("Network.webSocketCreated", (e) => dials.push(e.url));
    cdp.on("Network.webSocketFrameSent",
           (e) => sent.push(e.response.payloadData));
    await page.setViewport({ width: 1000, height: 640 });
    await page.goto(`http://127.0.0.1:${c.port}/`);
    await c.until(page, "the name prompt",
                  () => window.ttyScreen().indexOf("YOUR NAME") >= 0);
    const u = new URL(dials[0]);
    const first = [Number(u.searchParams.get("cols")),
                   Number(u.searchParams.get("rows"))];
    const shown = await page.evaluate(() => window.ttySize());
    if (first.join("x") !== want.join("x") ||
        shown.join("x") !== want.join("x"))
        c.fail("a 1000x640 window fits " + want.join("x") + " (after a " +
               "resize); the page dialled at " + first.join("x") +
               " and shows " + shown.join("x"));
    await page.keyboard.type("watcher");
    await page.keyboard.press("Enter");
    await c.until(page, "the menu", () =>
        window.ttyScreen().indexOf("YOUR CHOICE") >= 0);
    const resized = sent.filter((f) => f[0] === "r");
    if (resized.length)
        c.fail("the page corrected its size after dialling: " + resized);
    const who = c.adminWho().split("\n").find((l) => /^\d+ +WATCHER /.test(l));
    if (!who || who.indexOf("ansi " + want.join("x")) < 0)
        c.fail("admin who does not show WATCHER at " + want.join("x") +
               ":\n" + c.adminWho());

    // The player: as wide, five rows shorter; at the menu is enough.
    const pl = await player(c, want[0], want[1] - 5);
    try {
        await c.poll("the player's name prompt",
                     () => pl.text.indexOf("YOUR NAME") >= 0);
        pl.ws.send("iplayer\r");
        await c.poll("the player's menu",
                     () => pl.text.indexOf("YOUR CHOICE") >= 0);
        await page.keyboard.type("o");
        await page.keyboard.press("Enter");
        await c.until(page, "the list of who is on", () =>
            window.ttyScreen().indexOf("WATCH WHOM") >= 0);
        await page.keyboard.type("player");
        await page.keyboard.press("Enter");
        await c.until(page, "watching or a refusal", () => {
            const s = window.ttyScreen();
            return s.indexOf("WATCHING PLAYER") >= 0 ||
                   s.indexOf("MUST BE AS LARGE") >= 0;
        });
        const screen = await page.evaluate(() => window.ttyScreen());
        if (screen.indexOf("MUST BE AS LARGE") >= 0)
            c.fail("a 1000x640 page may not watch a " + want[0] + "x" +
                   (want[1] - 5) + " player:\n" + screen.replace(/\n+$/, ""));
        await page.keyboard.type("q");
    } finally {
        pl.ws.close();
    }
    console.log("ok: terminal page: starts at " + first.join("x") +
                ", the size after a resize; watches a " + want[0] + "x" +
                (want[1] - 5) + " player");
    await page.close();
}

module.exports = { firstSize };
