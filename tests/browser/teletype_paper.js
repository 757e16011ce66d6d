// SPDX-License-Identifier: BSD-2-Clause
// teletype_paper.js - the teletype page's paper as a player sees it, for
// web_browser.js:
//   fastPaper            at AS FAST AS IT COMES (?baud=0), where a message
//                        brings many lines at once, every line is drawn:
//                        the name, the whole menu, typed letters, a game.
//   speedWhileDialling   a speed chosen while the page is still dialling
//                        is the speed the server paces the session at.
//   narrowPaper          in a 600-pixel window no printed line is cut off
//                        (bounding boxes of the drawn text); in a 360-pixel
//                        one each line's first letter is in the window and
//                        the page scrolls sideways to the paper's right edge.
// Each takes the harness's context (see web_browser.js).
"use strict";
const http = require("http");

// The paper as drawn (the line elements' text), against the page's own
// record of what was printed; an empty line is drawn as one blank.
async function drawnMatches(c, page, what) {
    const [drawn, printed] = await page.evaluate(() => [
        Array.from(document.querySelectorAll("#paper > div"),
                   (d) => d.textContent.replace(/ +$/, "")),
        window.ttyPaper().split("\n").map((l) => l.replace(/ +$/, "")),
    ]);
    const lost = [];
    for (let i = 0; i < printed.length; i++)
        if (drawn[i] !== printed[i])
            lost.push(i + ": printed " + JSON.stringify(printed[i]) +
                      ", drawn " + JSON.stringify(drawn[i]));
    if (drawn.length !== printed.length || lost.length)
        c.fail(what + ": " + lost.length + " of " + printed.length +
               " printed lines not drawn (" + drawn.length + " drawn):\n" +
               lost.join("\n"));
    return drawn;
}

// Wait until the drawn paper holds text (polled in the page).
function drawnHas(c, page, what, text) {
    return c.until(page, what + " on the drawn paper", (t) =>
        Array.from(document.querySelectorAll("#paper > div"),
                   (d) => d.textContent).join("\n").indexOf(t) >= 0, text);
}

// The teletype page unpaced in a window this wide, ADA at the menu.
async function atMenu(c, width) {
    const page = await c.openPage();
    await page.setViewport({ width, height: 700 });
    await page.goto(`http://127.0.0.1:${c.port}/teletype?baud=0`);
    await drawnHas(c, page, "the name prompt", "YOUR NAME");
    await page.focus("#roll");
    await page.keyboard.type("ada");
    await page.keyboard.press("Enter");
    await drawnHas(c, page, "the menu's prompt", "YOUR CHOICE");
    return page;
}

async function fastPaper(c) {
    const page = await atMenu(c, 1000);
    const drawn = await drawnMatches(c, page, "the menu at ?baud=0");
    // The menu: from the line after the name to the choice prompt.
    const from = drawn.findIndex((l) => /ADA$/.test(l));
    const to = drawn.findIndex((l) => l.indexOf("YOUR CHOICE") >= 0);
    const menu = drawn.slice(from + 1, to + 1).filter((l) => l !== "");
    if (from < 0 || menu.length < 15 ||
        !menu.some((l) => /HANGMAN/.test(l)))
        c.fail("the menu drawn at ?baud=0 is " + menu.length + " lines:\n" +
               drawn.join("\n"));
    // Typed letters (echoed one message each) and a game's lines.
    await page.keyboard.type("hangman");
    await page.keyboard.press("Enter");
    await drawnHas(c, page, "the game's question", "WANT A NEW WORD?");
    await page.keyboard.type("y");
    await drawnHas(c, page, "the first guess", "GUESS A LETTER");
    for (const k of "aeiou")
        await page.keyboard.type(k);
    await c.until(page, "the guesses printed", () =>
        window.ttyPaper().split("GUESS A LETTER").length >= 7);
    await drawnMatches(c, page, "hangman at ?baud=0");
    console.log("ok: teletype at ?baud=0: all " + menu.length +
                " menu lines (blank ones aside) and every later line drawn");
    await page.close();
}

function get(url) {
    return new Promise((resolve, reject) => {
        http.get(url, (res) => {
            const parts = [];
            res.on("data", (d) => parts.push(d));
            res.on("end", () => resolve({ status: res.statusCode,
                                          type: res.headers["content-type"],
                                          body: Buffer.concat(parts) }));
        }).on("error", reject);
    });
}

// The page dials once its font has arrived.  The font is held back, the
// server stopped (SIGSTOP: the kernel still accepts the connection, so the
// socket stays "connecting"), the font given, and the speed chosen while
// the page dials; then the server goes on and must pace at that speed.
async function speedWhileDialling(c) {
    const page = await c.openPage();
    await page.setViewport({ width: 1000, height: 700 });
    const cdp = await page.target().createCDPSession();
    await cdp.send("Network.enable");
    let dials = 0, font = null;
    cdp.on("Network.webSocketCreated", () => { dials++; });
    await page.setRequestInterception(true);
    page.on("request", (rq) => {
        if (rq.resourceType() === "font" && !font)
            font = rq;
        else
            rq.continue();
    });
    await page.goto(`http://127.0.0.1:${c.port}/teletype`,
                    { waitUntil: "domcontentloaded" });
    await c.poll("the page to ask for its font", () => font);
    const got = await get(font.url());
    const pid = c.serverPid();
    process.kill(pid, "SIGSTOP");
    try {
        await font.respond({ status: got.status, contentType: got.type,
                             body: got.body });
        await c.poll("the page to dial", () => dials === 1);
        await page.select("#baud", "0");
    } finally {
        process.kill(pid, "SIGCONT");
    }
    await c.until(page, "the name prompt on paper",
                  () => window.ttyPaper().indexOf("YOUR NAME") >= 0);
    await page.focus("#roll");
    await page.keyboard.type("dialler");
    await page.keyboard.press("Enter");
    // The server's own view: `admin who` says "asr33 110 baud" for a
    // line paced at 110 and "asr33" alone for an unpaced one.
    const line = () => c.adminWho().split("\n").find(
        (l) => /^\d+ +DIALLER /.test(l)) || "";
    await c.poll("DIALLER in admin who", () => line());
    if (!/ asr33 /.test(line()) || / baud /.test(line()))
        c.fail("the speed chosen while dialling is not the line's:\n" +
               line());
    console.log("ok: teletype: a speed chosen while dialling is used");
    await page.close();
}

// Every drawn line inside the window and the roll (the range's box is the
// glyphs'); in a window too narrow even for the smallest type, only each
// line's first letter must be in it, and the page scrolls to the rest.
async function paperFits(c, page, width, whole) {
    await page.setViewport({ width, height: 700 });
    // The page has heard of the new width (resize events come before the
    // next frame is drawn).
    await page.evaluate(() => new Promise((done) =>
        requestAnimationFrame(() => requestAnimationFrame(done))));
    const r = await page.evaluate(() => {
        const roll = document.getElementById("roll");
        const box = roll.getBoundingClientRect();
        const vw = document.documentElement.clientWidth;
        const cut = [];
        let n = 0;
        for (const d of document.querySelectorAll("#paper > div")) {
            const t = d.textContent, first = t.search(/\S/);
            if (first < 0)
                continue;
            const range = document.createRange();
            range.selectNodeContents(d);
            const b = range.getBoundingClientRect();
            if (b.bottom <= box.top)
                continue;       // gone up out of the window
            range.setStart(d.firstChild, first);
            range.setEnd(d.firstChild, first + 1);
            const f = range.getBoundingClientRect();
            n++;
            cut.push({ text: t, left: b.left, right: b.right,
                       firstLeft: f.left });
        }
        return { cut, n, vw, left: box.left, right: box.right,
                 scroll: document.documentElement.scrollWidth,
                 px: parseFloat(getComputedStyle(roll).fontSize) };
    });
    const bad = r.cut.filter((l) => whole
        ? l.left < Math.max(0, r.left) || l.right > Math.min(r.vw, r.right)
        : l.firstLeft < Math.max(0, r.left) || l.right > r.right ||
          r.scroll < Math.floor(r.right));
    if (!r.n || bad.length)
        c.fail("the paper in a " + width + "-pixel window (roll " +
               r.left + ".." + r.right + ", window " + r.vw + ", page " +
               r.scroll + " wide): " + bad.length + " of " + r.n +
               " lines cut:\n" + bad.map((l) => l.left + ".." + l.right +
               " " + l.text).join("\n"));
    if (r.px < 10)
        c.fail("type of " + r.px + " px in a " + width + "-pixel window");
    return r;
}

async function narrowPaper(c) {
    const page = await atMenu(c, 600);
    const r600 = await paperFits(c, page, 600, true);
    await page.screenshot({ path: c.shot("teletype-600.png") });
    const r360 = await paperFits(c, page, 360, false);
    await page.screenshot({ path: c.shot("teletype-360.png") });
    console.log("ok: teletype paper: whole at 600 px (" + r600.px +
                " px type), first letters at 360 px (" + r360.px +
                " px type, page " + r360.scroll + " px wide)");
    await page.close();
}

module.exports = { fastPaper, speedWhileDialling, narrowPaper,
                   drawnMatches };
