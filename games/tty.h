/*
 * tty.h - the contract between a game and the world.
 *
 * SCELBI's First Book of Computer Games (1976) asked its readers for four
 * routines and nothing else: PRINT (one character out), MSG (a string out),
 * INPUTN (wait for a character and echo it) and CKINP (is a character
 * waiting? never waits).  Every game here is written against those four and
 * the few additions a modern server needs, all through one handle, tty_io.
 *
 * A game calls nothing else for I/O: no read, write, printf, sleep or any
 * blocking call.  The same game then runs under telnet, a pty, a serial
 * line, stdio and the scripted in-memory double the unit tests use.
 *
 * Every function that may wait (tty_inputn, tty_inkey, tty_getline,
 * tty_sleep, tty_drain, storage and work calls, and the output calls
 * tty_print, tty_msg, tty_write, tty_printf and the ANSI helpers) suspends
 * only the calling game's coroutine; the event loop goes on serving
 * everyone else.  An output call waits only while more than the server's
 * output bound (32 KiB) is queued for a line that is slow to take it; a
 * line that takes nothing for a minute is dropped (it then reads as a
 * hang-up).  A two-terminal game prints to both lines from the host's
 * coroutine, so a slow guest line holds up both players until it drains
 * or is dropped.
 * A hang-up makes every input call return TTY_EOF from then on; the game
 * unwinds (saving first if it is long) and returns.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TTY_H
#define TTY_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

typedef struct tty_io tty_io;

/*
 * The one error space.  Every call in this header, and the server's layers
 * under it (store.h, the lobby, the hold on resume codes), returns TTY_OK
 * or one of these distinct negative codes, never a private -1, so a code
 * means the same wherever it is read: a storage failure is never taken for
 * a hang-up.  The input calls return them besides characters 1..255.
 */
enum {
    TTY_OK = 0,
    TTY_EOF = -1,       /* the player hung up (or the server is stopping) */
    TTY_TIMEOUT = -2,   /* a timed wait ran out */
    TTY_CANCEL = -3,    /* a lobby wait was cancelled by the player */
    TTY_NOTFOUND = -4,  /* storage: no such save, table or resource */
    TTY_FAILED = -5,    /* storage: could not be read or written now (the
                           server's log has the database's reason) */
    TTY_EXISTS = -6,    /* storage: that resume code is taken */
    TTY_BUSY = -7,      /* that save is in play in another session */
    TTY_NOMEM = -8,     /* out of memory */
    TTY_NOSTORE = -9    /* storage: this server keeps nothing (no data
                           directory); not a failure to report */
};

/*
 * Keys.  Return always arrives as '\r' whatever the line sent (CR LF,
 * CR NUL, LF); backspace and RUBOUT both arrive as '\b'; Escape as 27.
 * ANSI cursor keys arrive as these codes; application-keypad digits
 * arrive as the plain digits.
 */
enum {
    TTY_KEY_RETURN = '\r',
    TTY_KEY_ERASE = '\b',
    TTY_KEY_ESC = 27,
    TTY_KEY_UP = 0x101,
    TTY_KEY_DOWN,
    TTY_KEY_RIGHT,
    TTY_KEY_LEFT,
    TTY_KEY_HOME,
    TTY_KEY_END,
    TTY_KEY_PGUP,
    TTY_KEY_PGDN,
    TTY_KEY_RESIZE = 0x1ff  /* only after tty_want_resize(io, 1) */
};

/* What the terminal on the far end can do (see server/session/profile.c). */
typedef struct tty_caps {
    const char *profile; /* "asr33", "glass" or "ansi" */
    int width;           /* columns */
    int height;          /* rows; 0 for paper, which scrolls forever */
    int ansi;            /* cursor addressing and erase (VT100) */
    int color;           /* ANSI colour is welcome */
    int upper_only;      /* output is folded to upper case by the line */
    int paper;           /* hard copy: nothing printed can be taken back */
    int baud;            /* output is paced to this speed; 0 = unpaced */
    int client_echoes;   /* the far end shows what its player types (a
                            line-mode client): never echo it again */
} tty_caps;

/* ---- The four routines of the book ---------------------------------- */

/* PRINT: one character out.  '\n' starts a new line (CR LF on the wire). */
void tty_print(tty_io *io, int c);
/* MSG: a string out. */
void tty_msg(tty_io *io, const char *s);
/* INPUTN: wait for one key and echo it (printable keys only: Return,
 * erase and the cursor keys are not echoed); TTY_EOF after a hang-up. */
int tty_inputn(tty_io *io);
/* CKINP: 1 if a key is waiting (or the player hung up), 0 if not.  Never
 * waits for a key, but gives the loop one turn when none is waiting, so
 * the book's idiom while (!CKINP) count++ serves everyone else (and
 * lets the key it waits for arrive). */
int tty_ckinp(tty_io *io);

/* ---- Output, beyond the book ---------------------------------------- */

void tty_write(tty_io *io, const char *s, size_t n);
void tty_printf(tty_io *io, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void tty_vprintf(tty_io *io, const char *fmt, va_list ap);
/* Wait until everything printed so far has gone down the line (a paced
 * teletype may take a while).  TTY_EOF after a hang-up, else 0. */
int tty_drain(tty_io *io);
/* Output a game must not lose to pacing (e.g. a bell) is still just text. */

/* ANSI helpers: they print nothing on terminals without cursor control. */
void tty_clear(tty_io *io);                     /* clear screen, home */
void tty_goto(tty_io *io, int row, int col);    /* 1-based */
void tty_clear_eol(tty_io *io);
void tty_attr(tty_io *io, const char *sgr);     /* e.g. "1", "7", "0", "31" */
void tty_cursor(tty_io *io, int visible);
/* Scroll only rows top..bottom (1-based); tty_region(io, 0, 0) restores
 * the whole screen.  The menu restores it after every game anyway. */
void tty_region(tty_io *io, int top, int bottom);

/* ---- Input, beyond the book ----------------------------------------- */

/* Wait for one key without echo.  TTY_EOF after a hang-up. */
int tty_inkey(tty_io *io);
/* Echo a key read with tty_inkey as INPUTN would have (printable keys
 * only, and nothing when the far end echoes for itself): for games that
 * echo only the keys they accept. */
void tty_echo(tty_io *io, int key);
/* As tty_inkey, but give up after ms milliseconds with TTY_TIMEOUT. */
int tty_inkey_timeout(tty_io *io, int ms);
/* Forget keys typed ahead. */
void tty_flush_input(tty_io *io);
/*
 * Read a line with the line editor's echo and erase (below), at most
 * size-1 characters; the Return is not stored.  ms <= 0 waits forever.
 * Returns the length, TTY_EOF or TTY_TIMEOUT.  The line is upper-cased
 * when the terminal is upper case only.
 */
int tty_getline(tty_io *io, char *buf, size_t size, int ms);
/* Print a question and read the answer with tty_getline, without the
 * blanks around it and in upper case: the length, or TTY_EOF. */
int tty_ask(tty_io *io, const char *question, char *line, size_t size);
/* Deliver TTY_KEY_RESIZE from tty_inkey when the window changes size. */
void tty_want_resize(tty_io *io, int on);
/* Suspend the game for ms milliseconds; 0, or TTY_EOF after a hang-up. */
int tty_sleep(tty_io *io, int ms);
/* 1 once the player has hung up and every key typed before has been
 * read. */
int tty_hungup(tty_io *io);

/* The terminal's capabilities; the pointer stays valid for the session,
 * the values can change (window size, profile chosen from the menu). */
const tty_caps *tty_get_caps(tty_io *io);

/* ---- The line editor ------------------------------------------------ */
/*
 * The line editor (games/tty_edit.c): a line built one key at a time, for
 * a game that must listen to two terminals at once or handle keys of its
 * own (cursor keys, Escape) between the keys of a line.  It never waits:
 * the game reads keys (tty_inkey, tty_wait_any) and feeds them.
 * tty_getline is a loop over it, so every line in the arcade is edited
 * alike, per profile:
 *   typing   echoed as typed (unless the far end echoes for itself);
 *            folded to upper case on an upper-case-only terminal or with
 *            TTY_EDIT_UPPER; a bell when the line is full.
 *   erase    glass and ansi: backspace, space, backspace.  Paper (asr33),
 *            where nothing can be unprinted: a backslash and the
 *            character taken back.
 *   ^U       the whole line: glass, backspace-space-backspace for each
 *            character (no ESC sequence on a terminal without cursor
 *            control); ansi, ESC [ n D and ESC [ K; paper, " ^U" and a
 *            new line (TTY_EDIT_FRESH: the caller may ask again).
 *   Return   a new line, TTY_EDIT_DONE.
 * To a client that echoes for itself (caps->client_echoes) nothing typed,
 * erased, wiped or ended is echoed again.
 * With TTY_EDIT_SILENT nothing at all is printed, on any profile: no
 * echo, no erase, no bell, not even the new line after Return (the caller
 * prints it): for passwords, and for a screen that shows the line itself.
 * The editor keeps buf NUL-terminated at every step.  A password, say:
 *
 *     tty_edit ed;
 *     int key;
 *     tty_edit_begin(&ed, io, pw, sizeof pw, TTY_EDIT_SILENT);
 *     while ((key = tty_inkey(io)) != TTY_EOF &&
 *            tty_edit_feed(&ed, key) != TTY_EDIT_DONE)
 *         ;
 *     tty_msg(io, "\n");
 */
enum {
    TTY_EDIT_SILENT = 1,    /* print nothing, whatever the profile */
    TTY_EDIT_UPPER = 2      /* store letters in upper case (echo as typed) */
};
enum {
    TTY_EDIT_OTHER,     /* not a key for the editor: nothing changed */
    TTY_EDIT_TAKEN,     /* typed, erased, refused with a bell: go on */
    TTY_EDIT_FRESH,     /* the line was wiped onto a new output line
                           (^U on paper): print the prompt again */
    TTY_EDIT_DONE       /* Return: buf holds the whole line */
};
/* One line being typed.  The fields are the editor's own. */
typedef struct tty_edit {
    tty_io *io;
    char *buf;
    size_t size;        /* bytes in buf: at most size-1 characters */
    size_t len;
    int flags;
    int ended;          /* buf holds a finished line until the next key */
} tty_edit;
/* Start an empty line in buf (size >= 1 bytes).  Prints nothing. */
void tty_edit_begin(tty_edit *ed, tty_io *io, char *buf, size_t size,
                    int flags);
/* Change the flags of the line being typed (a screen that came or went). */
void tty_edit_flags(tty_edit *ed, int flags);
/* Feed one key: TTY_EDIT_OTHER for keys the editor leaves to the caller
 * (cursor keys, Escape, control keys, TTY_EOF...).  After TTY_EDIT_DONE
 * the editor is empty again (length 0) but buf keeps the line until the
 * next key the editor takes, which starts the next line. */
int tty_edit_feed(tty_edit *ed, int key);
/* Show the line again after the caller has printed its prompt (a refusal,
 * news or ^U on paper came between): the whole line, even to a client that
 * echoes for itself (what it showed is no longer beside the prompt). */
void tty_edit_redraw(tty_edit *ed);
/* End the line as Return would, when the game ends it on a key of its
 * own (a square picked with the cursor); returns the line's length. */
int tty_edit_done(tty_edit *ed);
int tty_edit_length(const tty_edit *ed);
/* Replace the line without printing anything (the caller redraws). */
void tty_edit_set(tty_edit *ed, const char *text);
/* Type text into the line as if the player had, printed even when the far
 * end echoes (it never saw these keys); cut short when the line is full. */
void tty_edit_type(tty_edit *ed, const char *text);
/*
 * The line being typed, for the server's notices: a message that arrives
 * while a player types (the operator's, another player's, the server
 * stopping) goes on a line of its own, then the prompt and what was typed
 * so far are printed again below it, as a tty's reprint does.  The editor
 * calls this with what it shows of its line after the prompt, after each
 * change (len 0: nothing now), and with text NULL when Return ended the
 * line.  A game that echoes keys without the editor needs nothing: what it
 * printed since the last new line is printed again as it stands.
 */
void tty_typed(tty_io *io, const char *text, size_t len);

/* ---- Randomness ----------------------------------------------------- */
/*
 * One generator per session.  With --seed N, session k is seeded from N and
 * k and nothing else, so a transcript repeats byte for byte.  Without a
 * seed, every key the player types stirs in how long they took to answer,
 * as the book's register-L counter did while CKINP looped, with no busy
 * loop anywhere.  A game that saves its generator with a game seeds its
 * own (games/sm64.h) from two draws of this one, or, where the game's
 * numbers must stay the session's own draws (Space Capture's register L,
 * whose seeded transcripts are the book's), saves and restores the
 * session's generator itself with tty_random_get and tty_random_set.
 */
uint32_t tty_random(tty_io *io);
typedef struct tty_rng_state { uint64_t s[2]; } tty_rng_state;
void tty_random_get(tty_io *io, tty_rng_state *st);
void tty_random_set(tty_io *io, const tty_rng_state *st);

/* ---- Storage -------------------------------------------------------- */

/* Resume codes: ten unambiguous letters and digits in two groups of five,
 * "ACDEF-HJKMN" (23^10, about 2^45 codes).  Saves made under the older
 * six-character codes keep them, and tty_code_parse reads both. */
#define TTY_CODE_LEN 11
#define TTY_CODE_SIZE (TTY_CODE_LEN + 1)

/*
 * Storage calls return TTY_OK, TTY_NOTFOUND, TTY_NOSTORE (this server has
 * no data directory: nothing is kept, by choice) or TTY_FAILED (the
 * database locked by another process past its wait, or the disk refused).  Every TTY_FAILED is logged by the server with the
 * database's own message; the game's part is to tell the player, in its
 * own words, that the save did not happen, and go on.
 *
 * Save a game and get a fresh resume code.  Returns 0 only after the save
 * has been committed, so a confirmation printed after it is never a lie;
 * on failure the game should say so and go on.
 */
int tty_save(tty_io *io, const char *game, const void *data, size_t len,
             char code[TTY_CODE_SIZE]);
/* Save again under a code this game already holds. */
int tty_save_as(tty_io *io, const char *code, const char *game,
                const void *data, size_t len);
/* Load a save; *data is malloc'd (caller frees).  Negative if unknown.
 * game receives the game's name (at least 32 bytes). */
int tty_load(tty_io *io, const char *code, char *game, size_t game_size,
             void **data, size_t *len);
/* Describe the game for the player's list of saved games ("MIGHTY ROBOT
 * HARRY, MOVE 12"; at most 47 characters): used by this session's saves
 * from now on.  The menu clears it before each game. */
void tty_save_note(tty_io *io, const char *note);
/* Forget a save (a finished game). */
int tty_forget(tty_io *io, const char *code);
/* Normalise what a player typed as a resume code (case, spaces, look-alike
 * characters); 0 if it has the form of one. */
int tty_code_parse(const char *typed, char code[TTY_CODE_SIZE]);

/* Small persistent tables shared by every session (Hexpawn's memory);
 * *data is malloc'd (caller frees). */
int tty_table_get(tty_io *io, const char *name, void **data, size_t *len);
int tty_table_put(tty_io *io, const char *name, const void *data,
                  size_t len);
/*
 * Change a table in one transaction, so that sessions (and processes)
 * sharing it never lose each other's changes: fn gets the stored bytes
 * (NULL and 0 when there are none) and sets *out to malloc'd new bytes, or
 * leaves it NULL to keep what is stored.  fn runs on a worker thread
 * inside the transaction: it must touch only arg and be quick.
 */
typedef void (*tty_table_fn)(void *arg, const void *old, size_t oldlen,
                             void **out, size_t *outlen);
int tty_table_update(tty_io *io, const char *name, tty_table_fn fn,
                     void *arg);

/* The hall of fame.  An entry is recorded under the session's player name;
 * the board a game declares (tty_game.hof) says how entries rank.  When an
 * entry cannot be recorded, tty_hof_add tells the player so itself (one
 * line, once per game), so no game has to. */
int tty_hof_add(tty_io *io, const char *game, const char *metric,
                long value, const char *detail);
/* Print a game's boards (its top entries per metric): TTY_OK,
 * TTY_NOTFOUND (no such game or board), TTY_FAILED or TTY_EOF. */
int tty_hof_show(tty_io *io, const char *game);
const char *tty_player_name(tty_io *io);

/* Options the operator or the player set (e.g. "wordlist"); NULL if unset. */
const char *tty_option(tty_io *io, const char *key);

/*
 * Text resources installed beside the server (word lists): the text of
 * KIND/NAME.txt in the server's share directory, or of NAME itself when it
 * is a path (an operator's --wordlist FILE).  *text is malloc'd and
 * NUL-terminated (caller frees).  TTY_NOTFOUND if there is no such
 * resource, TTY_FAILED if it cannot be read, TTY_NOMEM; the server logs
 * the path and the reason, the game tells the player what it does instead.
 */
int tty_resource(tty_io *io, const char *kind, const char *name, char **text,
                 size_t *len);

/* ---- Work off the loop thread --------------------------------------- */
/*
 * fn runs on a worker thread; it must touch only its own arg and should
 * look at *cancel now and then and return early when it is set.  It may
 * not call anything in this header.
 */
typedef void (*tty_work_fn)(void *arg, const volatile int *cancel);
typedef struct tty_job tty_job;
tty_job *tty_work_start(tty_io *io, tty_work_fn fn, void *arg);
void tty_work_cancel(tty_job *job);        /* ask it to stop early */
/* Wait for the job to finish and free it.  0, or TTY_EOF if the player
 * hung up meanwhile (the job has still finished: arg is safe to free). */
int tty_work_wait(tty_io *io, tty_job *job);
/* Start and wait in one. */
int tty_work(tty_io *io, tty_work_fn fn, void *arg);

/* ---- Two players ---------------------------------------------------- */
/*
 * Meet another player who asks for the same key (e.g. "backgammon", or
 * "backgammon:CODE" to resume a saved two-terminal game).  While waiting,
 * the player may press Escape or Q to cancel (TTY_CANCEL); 'waiting' is
 * printed first.  The first to arrive becomes the host: tty_lobby returns
 * TTY_LOBBY_HOST and *peer is the other player's handle, which the host's
 * game then drives alongside its own until it calls tty_lobby_release.
 * The second to arrive is the guest: its tty_lobby returns TTY_LOBBY_GUEST
 * only after the host has released it (the game is over for both).
 */
enum { TTY_LOBBY_HOST = 1, TTY_LOBBY_GUEST = 2 };
int tty_lobby(tty_io *io, const char *key, const char *waiting,
              tty_io **peer);
void tty_lobby_release(tty_io *peer);
/*
 * Wait until one of n handles has a key waiting (or has hung up); returns
 * its index, or TTY_TIMEOUT after ms (ms <= 0: forever).
 */
int tty_wait_any(tty_io **ios, int n, int ms);
/*
 * A game between the two players of a two-terminal game is over: winner
 * beat loser in a match of `length` points (1 for a single game), or,
 * with drawn, they drew (then the order does not matter); how is "won",
 * "resigned" or "abandoned".  When the two are logged in to two accounts,
 * their ratings at the game change (backgammon: FIBS's formula, where the
 * match length counts; the others: Elo) and each is told the new one; a
 * guest's games are not rated.  From the host's coroutine (it waits for
 * the store, even after a hang-up: an abandoned game is rated then):
 * TTY_OK (rated or not) or TTY_FAILED.
 */
int tty_result(tty_io *winner, tty_io *loser, const char *game, int drawn,
               int length, const char *how);
/* 1 when a result between a and b at game would change their ratings:
 * two different accounts, a rated game, a server that keeps them. */
int tty_rated(tty_io *a, tty_io *b, const char *game);
/*
 * 1 when io's player has abandoned a two-player game: the line dropped
 * and the player was not back within the server's wait (--rejoin-wait),
 * so io reads as hung up.  The game then counts it as that player's loss
 * (tty_result's "abandoned") where the result is rated.  0 for every
 * other end: a save or a quit the game made itself, a hang-up on a server
 * that keeps no seat (--rejoin-wait 0: the game is saved, as ever), the
 * server stopping.
 */
int tty_abandoned(tty_io *io);

/* ---- Whose side of a two-player save -------------------------------- */
/*
 * Both players of a saved two-terminal game resume it with its one code,
 * so the code alone cannot say which side is whose.  A game binds each
 * side to its player when the sides are dealt: to the player's account,
 * or, for a guest, to a short code of the side's own, shown on that
 * side's terminal only.  games/side.h does the binding and the proof on
 * resume with these calls.
 */
/* The account the player is logged in to (its name key), "" for a
 * guest. */
const char *tty_account(tty_io *io);
/* A side's code: six characters of the resume codes' alphabet, from the
 * same randomness (seeded only under --seed).  Whatever copies the
 * screens of io's game (watchers, recordings) shows it as stars. */
#define TTY_SIDE_LEN 6
#define TTY_SIDE_SIZE (TTY_SIDE_LEN + 1)
void tty_side_code(tty_io *io, char code[TTY_SIDE_SIZE]);
/* A side's code the player typed and the game may show again: from now
 * on whatever copies io's screens shows it as stars, as it does a code
 * tty_side_code drew. */
void tty_side_known(tty_io *io, const char code[TTY_SIDE_SIZE]);
/* Normalise what a player typed as a side's code (case and blanks, as
 * tty_code_parse takes them); 0 if it has the form of one. */
int tty_side_parse(const char *typed, char code[TTY_SIDE_SIZE]);
/* A one-way digest of a secret (a side's code with what binds it to its
 * save), for a save to keep instead of the secret. */
#define TTY_HASH_SIZE 16
void tty_secret_hash(const void *p, size_t n, uint8_t out[TTY_HASH_SIZE]);
/* While on, what the player types goes to watchers and recordings as
 * stars (the letters and digits): for a secret typed in the open. */
void tty_hush(tty_io *io, int on);
/* The server's failure limits, the same as on resume codes, for a side's
 * code: before asking for one, tty_code_refused is 1 when the player may
 * not try now (they were told why), TTY_EOF after a hang-up, else 0;
 * tty_code_failed counts a code that was wrong. */
int tty_code_refused(tty_io *io);
void tty_code_failed(tty_io *io);

/* ---- Engine tools ---------------------------------------------------- */
/*
 * An engine tool (tty_game.tool_main: `ttyarcade GAME ...`, run from the
 * command line with no session) that keeps something in a data directory
 * reaches its store through these, never through the server's own
 * headers: the directory's small tables, the same ones its games share
 * through tty_table_*.  They block (a command-line program may wait for
 * its disk); the store's locking makes them safe beside a running server.
 */
typedef struct tty_tool_store tty_tool_store;
/* Open the store in data directory dir, or, when dir is NULL, in the one
 * `ttyarcade serve` uses by default; *where (if not NULL) is set to the
 * directory's path either way.  A directory that does not exist is never
 * made: TTY_NOTFOUND.  TTY_FAILED when it cannot be opened, with why in
 * err. */
int tty_tool_open(const char *dir, tty_tool_store **out, const char **where,
                  char *err, size_t errlen);
int tty_tool_table_get(tty_tool_store *ts, const char *name, void **data,
                       size_t *len);
int tty_tool_table_put(tty_tool_store *ts, const char *name,
                       const void *data, size_t len);
void tty_tool_close(tty_tool_store *ts);

/* ---- The registry --------------------------------------------------- */

/* How a game is started: fresh, or from a save. */
typedef struct tty_launch {
    const char *code;   /* resume code, NULL when fresh */
    const void *data;   /* the saved state */
    size_t len;
    int two;            /* 1: straight to a two-terminal game, as the
                           menu's invitations (sent or accepted) ask;
                           tty_lobby then meets only the invited pair */
} tty_launch;

enum { TTY_HOF_MAX = 1, TTY_HOF_MIN, TTY_HOF_SUM, TTY_HOF_COUNT };
typedef struct tty_hof_metric {
    const char *metric; /* key used in tty_hof_add */
    const char *label;  /* heading printed on the board */
    int rank;           /* TTY_HOF_MAX / MIN: best single entries;
                           SUM / COUNT: totals per player */
} tty_hof_metric;

typedef struct tty_game {
    const char *name;   /* "hangman": menu, play, saves */
    const char *title;  /* "HANGMAN" */
    const char *source; /* "SCELBI 1976" */
    int (*run)(tty_io *io, const tty_launch *launch);
    const tty_hof_metric *hof; /* terminated by a zero entry; may be NULL */
    const char *tool;   /* name of the engine tool subcommand, or NULL */
    int (*tool_main)(int argc, char **argv);
} tty_game;

#endif
