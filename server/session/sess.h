/*
 * sess.h - a session: one player on one line (telnet connection, pty,
 * serial line, stdio, or the in-memory line of the tests), running the
 * menu and games on a coroutine of its own.
 *
 * A session is the contract's tty_io handle.  Transports feed it bytes
 * (sess_input) and tell it when the line drops (sess_line_down); it hands
 * them filtered wire bytes through its ops.  Everything here runs on the
 * loop thread.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SESS_H
#define SESS_H

#include <stdint.h>
#include <uv.h>

#include "buf.h"
#include "coro.h"
#include "ldisc.h"
#include "pacer.h"
#include "profile.h"
#include "rng.h"
#include "tty.h"

typedef struct tty_io sess;

/* What a transport provides. */
typedef struct sess_ops {
    const char *name;   /* "telnet", "pty", "serial", "stdio", "mem" */
    /* Put wire bytes on the line (the transport escapes what its protocol
     * needs, e.g. telnet's IAC). */
    void (*send)(sess *s, const char *p, size_t n);
    /* Bytes handed to send that are not yet on the wire. */
    size_t (*backlog)(sess *s);
    /* The session is over: flush what is pending, close or release the
     * line, and call sess_unref(s) once the transport is done with s. */
    void (*close)(sess *s);
    /* Stop (1) or resume (0) reading the line: the key queue is full and
     * bytes are held, so a script is read only as fast as the game takes
     * its keys instead of losing them.  May be NULL (the held bytes then
     * grow with whatever the line sends). */
    void (*hold)(sess *s, int on);
    /* The game took keys from the queue (may be NULL): a relay lets the
     * far end send more. */
    void (*took)(sess *s);
    /* A resume code was shown to this player (may be NULL): a line that
     * carries the screen to another server passes it on, so that the
     * watchers and the recording there show it as stars; the tap masks
     * it for every other line. */
    void (*secret)(sess *s, const char *code);
    /* This player types a secret now (on) or no more (may be NULL): a
     * line that carries the screen to another server passes it on, so
     * that the watchers and the recording there get the keys as stars;
     * the tap hushes every other line. */
    void (*hush)(sess *s, int on);
} sess_ops;

#define SESS_KEYS 256           /* keys typed ahead; more wait unread */
#define SESS_SHOWN 160          /* the line on show kept for a reprint */
#define SESS_TYPED 96           /* what is typed on it */

/*
 * What the line shows now, kept by sess_notice.c from the bytes that go
 * out, so that a notice can be put in front of the player without wrecking
 * the line being typed: the text since the last new line (the prompt, and
 * what was echoed after it), the line the editor shows after the prompt
 * (tty_typed), and on an ANSI screen where the cursor is.
 */
typedef struct sess_shown {
    char text[SESS_SHOWN];      /* the line as written to it (not the
                                   profile's filtered bytes) */
    unsigned short len;
    short prompt;               /* where the line being typed begins in
                                   text; -1: nothing typed on it yet */
    char typed[SESS_TYPED];     /* what the editor shows of it */
    unsigned char typed_len;
    /* the cursor on an ANSI screen, from 1; row 0: not known (a session
     * whose screen was never addressed) */
    short row, col, srow, scol;
    short top, bot;             /* the scroll region (bot 0: the screen) */
    unsigned char esc;          /* parsing: 0, after ESC, in CSI, a
                                   designator's last byte */
    unsigned char narg;
    unsigned short arg[2];
    unsigned scrolled : 1;      /* the last line feed scrolled: the
                                   screen is a scrolling dialogue */
    unsigned priv : 1;          /* a CSI with '?': a mode, no move */
} sess_shown;
#define SESS_NAME 17            /* a name: 16 characters and a NUL */
#define SESS_OPTS 8

struct tty_io {
    uint64_t id;                /* order of creation: the k of --seed */
    const sess_ops *ops;
    void *tr;                   /* the transport's own state */
    char peer[64];              /* where the line comes from, for logs */
    uint64_t started_ms;

    /* the terminal */
    tty_caps caps;
    const profile *prof;
    pfilter pf;
    ldisc ld;
    unsigned want_resize : 1;
    unsigned resized : 1;
    int win_width, win_height;  /* the last window size the client sent
                                   (0: none), kept whatever the profile */
    int bits_per_char;          /* for pacing: 10, or 11 with two stops */

    /* input */
    unsigned short keys[SESS_KEYS]; /* 0 .. TTY_KEY_RESIZE: two bytes do */
    unsigned khead, kcount;
    buf held;                   /* bytes read while the queue was full */
    unsigned holding : 1;       /* ops->hold(s, 1) is in force */
    uint64_t prompt_ns;         /* when the game began to wait for a key */

    /* output */
    buf out;                    /* wire bytes not yet handed to the line */
    sess_shown shown;           /* what the line shows, for notices */
    pacer pace;                 /* when a baud is set */
    uint64_t progress_ms;       /* last time output moved */

    /* the coroutine */
    coro *co;
    void (*main)(sess *s);
    sess *runner;               /* whose coroutine reads this session:
                                   itself, or the host of a two-terminal
                                   game */
    sess *ready_next;
    unsigned blocked : 1;       /* its coroutine waits to be woken */
    unsigned on_ready : 1;
    unsigned on_dirty : 1;
    unsigned timer_fired : 1;
    unsigned eof : 1;           /* input is over: hang-up, idle, shutdown */
    unsigned line_down : 1;     /* the line is gone: output goes nowhere */
    unsigned closed : 1;        /* ops->close has been called */
    unsigned warned_idle : 1;
    unsigned seeded : 1;
    unsigned lobby_released : 1;
    unsigned out_paused : 1;    /* the far end sent XOFF */
    unsigned wants_key : 1;     /* its coroutine waits for a key (maybe
                                   with a time limit) */
    unsigned polling : 1;       /* it yielded in CKINP: a key is welcome */
    sess *dirty_next;
    int refs;
    int jobs;                   /* work started and not yet finished */
    int timers_open;
    uv_timer_t wait_timer, idle_timer, esc_timer;

    /* the player */
    rng rng, code_rng;
    char name[SESS_NAME];
    char account[SESS_NAME];    /* the account's name key once logged in;
                                   "" for a guest (server/community/acct.h) */
    char save_note[48];         /* tty_save_note: for YOUR SAVED GAMES */
    const char *game;           /* last game started, for the log */
    unsigned playing : 1;       /* in that game now (who is on) */
    uint64_t input_ms;          /* last byte from the player (idle) */
    unsigned hof_told : 1;      /* this game was told its hall of fame
                                   entry failed (tty_hof_add) */
    struct { char key[16]; char *value; } opts[SESS_OPTS];

    /* the lobby */
    char *lobby_key;
    sess *lobby_peer;
    sess *lobby_guest;          /* the host's paired guest until released:
                                   both players' accounts own the saves */
    sess *lobby_next;
    long xseat;                 /* its seat in the shared lobby (0: none) */
    unsigned lobby_cancel : 1;  /* stop waiting (the shared lobby failed,
                                   or an invitation was declined) */
    struct invite *invite;      /* an invitation it sends or accepts, for
                                   its next tty_lobby (lobby/invite.h) */
    struct hold *holds;         /* the resume codes it holds (hold.c) */
    struct xlink *xlink;        /* far: the link to the player's server */
    unsigned far : 1;           /* a player on another server, whose keys
                                   and screen a relay carries (xlobby.h):
                                   not listed, watched or counted here */
    char far_peer[64];          /* far: the player's own peer, as their
                                   server has it (sess_addr) */

    sess *all_next, *all_prev;  /* every live session */
    sess *id_next;              /* the next in its id's bucket
                                   (sess_id_chain) */

    struct sess_tap *tap;       /* the tap's own state (sess_set_tap):
                                   watchers, kept screen, recording */

    /* a seat of a two-player game kept for its player (sess_seat.h) */
    unsigned seat_waits : 1;    /* its line dropped: it waits, its output
                                   goes to the tap only */
    unsigned seat_lent : 1;     /* played from another session's line
                                   (tr is that session) */
    sess *seat;                 /* a line lent to a seat: that seat */
    unsigned seat_abandoned : 1; /* its wait ran out with its player
                                   away: the game is theirs to lose
                                   (tty_abandoned) */
};

/*
 * The tap on a session's output: what watches the bytes a player receives
 * (after the profile filter, before the transport).  The layer that keeps
 * watchers and recordings (server/community/watch.c) hands its calls over
 * at start; with none set, nothing is copied.
 */
typedef struct sess_tap_ops {
    /* From sess_emit: the filtered bytes the player is about to receive. */
    void (*feed)(sess *s, const char *p, size_t n);
    /* After the player's bytes went to the line: copy them on. */
    void (*flush)(sess *s);
    /* The session is going (s->tap is the tap's to free). */
    void (*free)(sess *s);
    /* A resume code was shown to the game s plays: whatever copies its
     * screen must show the code as stars. */
    void (*secret)(sess *s, const char *code);
    /* The player's screen has a new size (s->caps): what was sent before
     * it is copied on first (may be NULL). */
    void (*resize)(sess *s);
    /* A new line takes s's place (a seat taken back, sess_seat.h): what
     * s's player was shown, as a watcher who joins gets it, sent raw to
     * line (may be NULL). */
    void (*show)(sess *s, sess *line);
    /* The player types a secret now (on) or no more: what is typed goes
     * to the copies as stars (may be NULL). */
    void (*hush)(sess *s, int on);
} sess_tap_ops;
void sess_set_tap(const sess_tap_ops *ops);
/* Tell the tap a resume code is on the screen of io's game (tty_save and
 * tty_load do). */
void sess_secret(sess *io, const char *code);
/*
 * The failure limits on the codes a player types (tty_code_refused,
 * tty_code_failed) live above the session, with the accounts (menu): the
 * menu hands its calls over, as the tap's are.  With none set, nothing
 * is counted.
 */
typedef struct sess_code_ops {
    /* 1 if s may not try a code now (s was told why), TTY_EOF after a
     * hang-up, else 0. */
    int (*refused)(sess *s);
    /* A code s typed was wrong. */
    void (*failed)(sess *s);
} sess_code_ops;
void sess_set_code_ops(const sess_code_ops *ops);
/* The tap's hush: io's player types a secret (tty_hush). */
void sess_hush(sess *io, int on);
/* Draw on line what s's player was shown (the tap's show). */
void sess_tap_show(sess *s, sess *line);

/* Create a session on a line; refs = 1 for the transport. */
sess *sess_new(const sess_ops *ops, void *tr, const char *peer,
               const profile *p);
/* Number the session (the k of --seed) and reseed it accordingly. */
void sess_set_id(sess *s, uint64_t id);
/* Start its coroutine running main(s). */
void sess_start(sess *s, void (*main)(sess *s));
/* 1 if these bytes, typed at an idle pty or serial line, hold a Return:
 * the sign that someone is there and wants a session. */
int sess_line_wants_return(const unsigned char *p, size_t n);
/* Bytes arrived from the line. */
void sess_input(sess *s, const unsigned char *p, size_t n);
/* The game took keys from the queue: make keys of held bytes, and let
 * the line be read again once none are held. */
void sess_refill(sess *s);
/* The line dropped (the far end hung up, a device vanished).  A player
 * of a two-player game keeps their seat for a while (sess_seat.h). */
void sess_line_down(sess *s);
/* Make the game see end of input (idle timeout, server stopping); the
 * line stays up so it can still be told things. */
void sess_end_input(sess *s);
/*
 * A notice: a line from outside the game for the person on this line,
 * between the game's prompts (the operator's word, another player's
 * message, the server stopping, an idle warning, a game taken over).  The
 * one path for all of them, from the loop or from any coroutine; it never
 * waits.  text is one line without new lines; it is framed "*** TEXT ***".
 *   paper and glass: on a line of its own, then the prompt and what was
 *     typed so far are printed again below it, as a tty's reprint does,
 *     so the player types on where they were.
 *   ANSI: on the bottom line, the cursor put back where it was (on the
 *     line above when the cursor is on the bottom line of a drawn
 *     screen); in a scrolling dialogue whose last line is the one being
 *     typed, that line becomes the notice and the prompt and the typing
 *     come back below it.  Cut to the screen's width.
 * It goes to the line only: watchers and the recording see the game.
 * SESS_NOTICE_LAST: input ends after it (a kick, the server stopping):
 * nothing is printed again.
 */
enum { SESS_NOTICE_LAST = 1 };
#define SESS_NOTICE_MAX 240     /* text longer than this is cut */
void sess_notice(sess *s, const char *text, int flags);
/* The line editor's report of what it shows (tty_typed). */
void sess_shown_typed(sess *s, const char *text, size_t len);
/* Bytes going to the line: what a game wrote (before the profile
 * filter), or wire bytes (another server's screen, a watched player's):
 * CR LF and NUL padding read the same as the game's new line. */
void sess_shown_feed(sess *s, const char *p, size_t n);
/* Forget where the cursor is (another profile), and with text what the
 * line showed too (a new session). */
void sess_shown_reset(sess *s, int text);
/* The transport wrote bytes: output progressed. */
void sess_output_progress(sess *s);
void sess_ref(sess *s);
void sess_unref(sess *s);

/* Terminal settings. */
void sess_set_profile(sess *s, const profile *p);
void sess_set_size(sess *s, int width, int height);
/* Pace output at baud (0: unpaced); bits_per_char 0 takes the usual
 * framing for that speed: 11 bits up to 110 baud, 10 above. */
void sess_set_baud(sess *s, int baud, int bits_per_char);
/* XOFF (1) and XON (0) from the far end. */
void sess_pause_output(sess *s, int paused);
/* The far end shows what its player types (a line-mode client): the
 * session never echoes it again.  Transports set this, never the field. */
void sess_set_client_echoes(sess *s, int on);
/* Take the eighth bit off every byte typed (parity on a serial line). */
void sess_set_strip8(sess *s, int on);
/* Forget the keys typed ahead (what was typed is not an answer to what
 * comes next, e.g. when the server stops). */
void sess_forget_keys(sess *s);

/* Per-session options (menu choices); NULL value removes. */
void sess_set_option(sess *s, const char *key, const char *value);

/* For the contract's implementation. */
sess *sess_self(void);                  /* the session whose coroutine runs */
void sess_block(sess *me, int ms);      /* yield until woken (or ms pass) */
void sess_yield(sess *me);              /* yield for one loop turn */
/* Yield until done(arg) holds or ms pass (ms < 0: no limit, 0: only
 * look): 1 if done, 0 if the time ran out.  done is asked first and after
 * every wake-up; the one deadline loop the waits of the contract share. */
int sess_wait(sess *me, int ms, int (*done)(void *arg), void *arg);
void sess_wake(sess *s);                /* resume s's coroutine soon */
void sess_emit(sess *s, const char *p, size_t n);
/* Wire bytes as they are (another session's screen, a recording): past
 * the profile filter and the tap, and never waiting. */
void sess_emit_raw(sess *s, const char *p, size_t n);
/* Wire bytes a game on another server made for this player (through the
 * player's profile filter there): to the line and the watchers, never
 * waiting. */
void sess_emit_wire(sess *s, const char *p, size_t n);
void sess_flush(sess *s);
size_t sess_backlog(sess *s);

/* Every live session, for shutdown and limits: newest first from
 * sess_first along all_next, oldest first from sess_last along
 * all_prev. */
sess *sess_first(void);
sess *sess_last(void);
/* The live sessions whose ids share id's bucket, along id_next: the
 * session of an id is among them (compare ids). */
sess *sess_id_chain(uint64_t id);
int sess_count(void);
/* The peer the failure limits count s's player by: the line's, or for a
 * far session the player's own line's on their server (its peer is the
 * relay, which every player of that server shares). */
const char *sess_addr(const sess *s);
/* Sessions whose peer ("host:port") is on this host. */
int sess_count_peer(const char *peer_host);
uint64_t sess_now_ms(void);
/* The live sessions by transport, game and profile, and --max-sessions,
 * for /metrics (a metrics_source_fn). */
void sess_metrics(buf *out);

#endif
