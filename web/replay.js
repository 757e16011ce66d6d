// replay.js - a recording's page: asciinema-player plays the game's
// asciicast file (/recordings/ID.cast) at the size it was played on.
// SPDX-License-Identifier: BSD-2-Clause
(function () {
    "use strict";
    var box = document.getElementById("player");
    var cols = Number(box.getAttribute("data-cols")) || 80;
    var rows = Number(box.getAttribute("data-rows")) || 24;
    // Long thoughts between keys are shortened to 2 s; the player's
    // screen is drawn at its own size, scaled to the page's width.
    window.ttyPlayer = AsciinemaPlayer.create(box.getAttribute("data-cast"),
                                              box, {
        cols: cols,
        rows: rows,
        idleTimeLimit: 2,
        fit: "width",
        terminalFontFamily: '"ttyarcade 3270", monospace',
        theme: "asciinema"
    });
})();
