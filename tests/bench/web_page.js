#!/usr/bin/env node
// SPDX-License-Identifier: BSD-2-Clause
// web_page.js - bench_web's page weight, as a browser pays it: Debian's
// chromium (headless, driven by puppeteer-core) opens the terminal page
// twice, the second time with what the first left in its cache, and
// counts every byte it receives before the first key can go: each file's
// headers and body as they crossed the wire (compressed where they were),
// the WebSocket's handshake and the frames up to the name prompt.
//   node web_page.js PORT
// Prints "VISIT n bytes files requests notmodified" for each visit, and
// "PLAIN bytes" (the same files fetched without gzip, for comparison).
"use strict";
const http = require("http");
const puppeteer = require("puppeteer-core");

const port = Number(process.argv[2]);
const base = `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM || "/usr/bin/chromium";

async function visit(browser) {
    const page = await browser.newPage();
    const cdp = await page.target().createCDPSession();
    await cdp.send("Network.enable");
    let files = 0, requests = 0, notModified = 0, socket = 0;
    // the status as it came on the wire (a revalidated file is reported
    // with its cached 200 elsewhere)
    cdp.on("Network.responseReceivedExtraInfo", (e) => {
        if (e.statusCode === 304)
            notModified++;
    });
    cdp.on("Network.loadingFinished", (e) => {
        files += e.encodedDataLength;
        requests++;
    });
    cdp.on("Network.webSocketHandshakeResponseReceived", (e) => {
        const h = e.response.headersText ||
            Object.entries(e.response.headers)
                .map(([k, v]) => `${k}: ${v}\r\n`).join("");
        socket += h.length;
    });
    cdp.on("Network.webSocketFrameReceived", (e) => {
        const d = e.response.payloadData;
        // binary frames come base64'd; 2 bytes of frame header each
        const n = e.response.opcode === 2
            ? Math.floor(d.length * 3 / 4) - (d.endsWith("==") ? 2
                                              : d.endsWith("=") ? 1 : 0)
            : Buffer.byteLength(d);
        socket += n + 2;
    });
    await page.setViewport({ width: 1000, height: 640 });
    await page.goto(base + "/");
    await page.waitForFunction(() => window.ttyScreen &&
        window.ttyScreen().indexOf("YOUR NAME") >= 0,
        { timeout: 30000, polling: 20 });
    await page.close();
    return [files + socket, files, requests, notModified];
}

function plainBytes(path) {
    return new Promise((resolve) => {
        http.get(base + path, (res) => {
            let n = Object.entries(res.headers)
                .reduce((k, [a, b]) => k + a.length + String(b).length + 4,
                        20);
            res.on("data", (d) => { n += d.length; });
            res.on("end", () => resolve(n));
        });
    });
}

(async () => {
    const browser = await puppeteer.launch({
        executablePath: chromium,
        headless: true,
        args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--no-first-run"],
    });
    try {
        for (let i = 1; i <= 2; i++)
            console.log("VISIT " + i + " " + (await visit(browser)).join(" "));
        let plain = 0;
        for (const p of ["/", "/xterm/xterm.css", "/term.css",
                         "/xterm/xterm.js", "/xterm/addon-fit.js",
                         "/term.js", "/font/3270.woff2"])
            plain += await plainBytes(p);
        console.log("PLAIN " + plain);
    } finally {
        await browser.close();
    }
})().catch((e) => { console.error(e); process.exit(1); });
