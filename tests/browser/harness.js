// SPDX-License-Identifier: BSD-2-Clause
// harness.js - what web_browser.js and site_browser.js both do around
// their pages: wait for the server they started to say where it listens,
// start Debian's chromium, and at the end stop both, the server by
// SIGTERM (a clean stop exits 0; under SANITIZE=1 a leak would not), its
// log shown if anything failed.
"use strict";
const fs = require("fs");
const path = require("path");
const puppeteer = require("puppeteer-core");

const chromium = process.env.CHROMIUM || "/usr/bin/chromium";

// The port of each door named in kinds ("web", "telnet") as the server's
// log says it listens, or null if it has not within 10 s.
async function listening(log, kinds) {
    for (let i = 0; i < 200; i++) {
        const text = fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "";
        const ports = {};
        for (const k of kinds) {
            const m = new RegExp(`listen ${k} 127\\.0\\.0\\.1:(\\d+)`)
                .exec(text);
            if (m) ports[k] = Number(m[1]);
        }
        if (Object.keys(ports).length === kinds.length) return ports;
        await new Promise((r) => setTimeout(r, 50));
    }
    return null;
}

// Headless chromium with a profile in dir.
function launch(dir) {
    return puppeteer.launch({
        executablePath: chromium,
        headless: true,
        args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--no-first-run", "--user-data-dir=" +
               path.join(dir, "chromium")],
    });
}

// Stop the browser and the server, tidy dir away and exit: 1 if failed,
// or if the server did not stop cleanly or had stopped already.
async function finish(name, { browser, server, dir, failed }) {
    if (browser) await browser.close().catch(() => {});
    if (server) {
        // A server that died during the run (a crash, a sanitizer's report)
        // will not exit again: waiting for that would leave nothing for
        // node to do, and it would end with status 0.
        const gone = server.exitCode !== null || server.signalCode !== null;
        const code = gone ? server.signalCode || server.exitCode
            : await new Promise((r) => {
                server.on("exit", (c, sig) => r(sig || c));
                server.kill("SIGTERM");
            });
        // gone with 0 is still a failure: nothing here asked it to stop
        if (gone || code !== 0) {
            console.error("FAIL: " + name + ": the server exited " + code +
                          (gone ? " during the run" : " on SIGTERM"));
            failed = true;
        }
    }
    if (failed && dir && fs.existsSync(path.join(dir, "server.log")))
        console.error("---- server log ----\n" +
                      fs.readFileSync(path.join(dir, "server.log"), "utf8"));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    process.exit(failed ? 1 : 0);
}

module.exports = { listening, launch, finish };
