/*
 * ef_play.h - the dialogue (issue 7): a campaign in front of a player.
 *
 * ef_game.c starts a session (a new campaign with its handicap question,
 * or a saved one) and hands it to one of two faces: the scrolling map on
 * ANSI terminals (ef_ansi.c, drawn by ef_view.c on the diffing screen of
 * games/vscr.c) or the command dialect for teletypes and glass terminals
 * (ef_text.c, with the printed map of ef_tmap.c).  Both use what is here:
 * the Russians thinking in the background while the player plans, the
 * turn run step by step, the week's report (ef_report.c), saving, and
 * the end of the campaign.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef EF_PLAY_H
#define EF_PLAY_H

#include "tty.h"
#include "wrap.h"
#include "ef.h"

#define EF_GAME_NAME "efront_text"

/* ---- The week's report (ef_report.c) ----------------------------------- */

#define EF_REPORT_LIST 24       /* units or cities kept per list */

typedef struct ef_report {
    int valid;                  /* a turn has been reported */
    uint8_t from_lon[EF_NUNITS], from_lat[EF_NUNITS]; /* at START */
    uint8_t from_on[EF_NUNITS];
    int attacks[2];             /* [1]: by Germans, [0]: by Russians */
    int hits[2];                /* hits taken by each side (5 combat each) */
    int broke[2];               /* units that broke, by side */
    uint8_t near[EF_NCITIES];   /* battles by their nearest city */
    int ncapture;               /* cities that changed hands */
    uint8_t capture_unit[EF_REPORT_LIST], capture_city[EF_REPORT_LIST];
    int ndead[2];
    uint8_t dead[2][EF_REPORT_LIST];
    int narrive[2];
    uint8_t arrive[2][EF_REPORT_LIST];
    int ndelayed;
    int nsupply[2];
    uint8_t supply[2][EF_REPORT_LIST];
    int weather, old_weather;   /* -1 until the week turns */
    int ice_from, ice_to;       /* -1: the ice did not move */
    int turn;                   /* the week reported */
    int from_tick;              /* subturns played before it was begun:
                                   0, or where a resumed week went on */
} ef_report;

/* START pressed (or a week resumed in its movement): remember where
 * everyone stands, the week and the subturn. */
void ef_report_begin(ef_report *r, const ef_state *g);
/* Take in a step's events. */
void ef_report_add(ef_report *r, const ef_events *ev);
/* The report as lines of at most width columns, each handed to line();
 * the date line last.  Returns the number of lines. */
typedef void (*ef_line_fn)(void *ctx, const char *line);
int ef_report_lines(const ef_report *r, const ef_state *g, int width,
                    ef_line_fn line, void *ctx);
/* One short line for the bottom of the ANSI screen: "JUNE 29, 1941: 2
 * TAKEN, 15 BATTLES, ..." (ending "..." where size cut it short). */
char *ef_report_summary(const ef_report *r, const ef_state *g, char *buf,
                        size_t size);
/* "JUNE 29, 1941  DRY  SCORE 14" (and HANDICAP); "SCORE 10 (CITIES
 * ONLY)" when the armies count nothing (ef_cities_only). */
char *ef_status_text(const ef_state *g, char *buf, size_t size);
/* 1 when the score as reckoned on the present squares is the cities'
 * points alone: the Russians outweigh the German armies (or match them),
 * and the armies' part never counts below 0. */
int ef_cities_only(const ef_state *g);
/* The city nearest a square within 4 squares, or -1. */
int ef_near_city(int lon, int lat);

/* ---- A session's campaign (ef_session.c) -------------------------------- */

typedef struct ef_play {
    tty_io *io;
    ef_state *g;
    ef_plan *plan;
    ef_events *ev;
    ef_report *rep;             /* the last week's report */
    tty_job *job;               /* the Russians thinking, or NULL */
    int planned;                /* plan holds this orders phase */
    char code[TTY_CODE_SIZE];   /* resume code, "" until saved once */
} ef_play;

/* The columns the dialect prints within: 72, as a Model 33 prints, or
 * one less than a narrower window (the glass view of a small one). */
int ef_play_width(tty_io *io);
/* A campaign for io: a saved one from launch, else a new one after the
 * handicap question.  0, TTY_EOF (hung up before it began) or -1 (the
 * save could not be read: said so). */
int ef_play_open(ef_play *p, tty_io *io, const tty_launch *launch);
void ef_play_close(ef_play *p);

/* The Russians start thinking on a copy of the game (orders phase only);
 * nothing happens if they already are. */
void ef_think_start(ef_play *p);
/* Stop them (leaving or hanging up); their plan is kept. */
void ef_think_stop(ef_play *p);

/* START: the Russians finish exactly EF_PLAN_ITERS passes, their orders
 * are written and the movement phase begins.  0, or TTY_EOF (nothing
 * changed: the game is still in its orders phase). */
int ef_play_start(ef_play *p);
/* One subturn; its events are in p->ev.  Subturns left. */
int ef_play_subturn(ef_play *p);
/* After the 32nd subturn: the next week; the game saves itself and the
 * Russians start thinking again. */
/* Returns what the week's save answered (TTY_OK when there was none to
 * make): the UIs tell the player when it is TTY_FAILED. */
int ef_play_week(ef_play *p);

/* Save under the campaign's code (a new one the first time).  0 after
 * the commit, negative if storage failed. */
int ef_play_save(ef_play *p);
/* After every order accepted (given, cleared, written by AUTO): save
 * under the campaign's code before the next input.  0 after the commit;
 * -1 without a code (no storage) or once the campaign is over. */
int ef_play_commit(ef_play *p);
/* A hang-up: stop thinking and save what there is. */
void ef_play_hangup(ef_play *p);
/* The campaign is over: the hall of fame, and the save is forgotten. */
void ef_play_finish(ef_play *p);

/* The demo German player writes orders for every corps (off the loop
 * thread: it takes a few milliseconds and 60 KB of heap). */
int ef_play_auto(ef_play *p);
/* What AUTO did, and why the rest have no orders: "THE COMPUTER HAS GIVEN
 * ORDERS TO 20 CORPS; 4 WORN BELOW ..." (no full stop), or with terse 1
 * "...; 7 STAND (NO WAY ON); 4 REST (WORN)" for the ANSI message line,
 * terse 2 "20 CORPS ORDERED; 7 NO WAY ON; 4 WORN" for a narrow one;
 * returns buf. */
char *ef_auto_said(const ef_state *g, int terse, char *buf, size_t size);

/* ---- Shared words ----------------------------------------------------- */

/* G, P, R or T: the letter a unit shows on a map. */
int ef_unit_letter(int id);
/* The map character of what a square shows with no unit on it (the ice
 * included); sea is sea_char. */
int ef_square_char(const ef_state *g, int lon, int lat, int sea_char);
/* s in upper case (the engine names terrain and weather in lower). */
char *ef_upper(char *s);
/* "E E N" into buf; returns buf. */
char *ef_orders_text(const ef_state *g, int id, char *buf, size_t size);
/* "FOREST", "MOSCOW (RUSSIAN)" ... */
char *ef_square_text(const ef_state *g, int lon, int lat, char *buf,
                     size_t size);
/* The final lines of a finished campaign. */
int ef_final_lines(const ef_state *g, ef_line_fn line, void *ctx);

/* Words gathered into lines of at most width columns, each handed to
 * line(); a line that runs over goes on indented by a space (wrap.h). */
typedef struct ef_wrap {
    ef_line_fn line;
    void *ctx;
    int width, lines;
    char buf[1024];         /* the paragraph so far */
    size_t len;
} ef_wrap;
void ef_wrap_word(ef_wrap *w, const char *word);    /* never split */
void ef_wrap_flush(ef_wrap *w);                     /* end the line */
/* Every word of text, then the line ends. */
void ef_wrap_text(ef_wrap *w, const char *text);
/* "HEADING A, B, C." ("AND 4 MORE." when total > n), then the line ends. */
void ef_wrap_list(ef_wrap *w, const char *heading, char items[][40], int n,
                  int total);
/* One line of text within width: handed to line() whole when it fits
 * (its blanks as written), else gone on at its words (ef_wrap_text). */
void ef_wrap_line(int width, const char *text, ef_line_fn line, void *ctx);
/* An ef_line_fn that prints the line and a new line on the tty_io ctx. */
void ef_print_line(void *io, const char *line);

/* ---- The briefing (ef_brief.c) ----------------------------------------- */

/* The objective, the points, zones of control, supply, terrain and
 * weather, wrapped to width; returns the lines handed to line(). */
int ef_brief_lines(int width, ef_line_fn line, void *ctx);

/* ---- Views for the teletype (ef_text.c) and the keys (ef_ansi.c) -------- */

/* A corps at the front: in an enemy zone of control. */
int ef_at_front(const ef_state *g, int id);
/* The next German corps on the map after id (0: from the first) that
 * passes want(); 0 if none does. */
typedef int (*ef_want_fn)(const ef_state *g, int id);
int ef_next_corps_that(const ef_state *g, int after, ef_want_fn want);
int ef_want_unsupplied(const ef_state *g, int id);
int ef_want_orders(const ef_state *g, int id);
/* The date a turn began: "JUNE 22, 1941" for turn 0. */
char *ef_turn_date(int turn, char *buf, size_t size);

/* ---- The printed map (ef_tmap.c) --------------------------------------- */

/* The squares from lon west down to east and lat north down to south,
 * with the lon numbers above and the lat numbers before each row (and
 * after it too with both_sides), a line at a time to line(). */
void ef_tmap_print(const ef_state *g, int west, int east, int north,
                   int south, int both_sides, ef_line_fn line, void *ctx);
/* The whole map and its legend within width columns: in one piece when
 * it fits (52 columns), else in strips from west to east. */
void ef_tmap_whole(const ef_state *g, int width, ef_line_fn line, void *ctx);
/* A window of 25 by 11 squares around (lon, lat) (fewer across when
 * width is narrower), slid onto the map, and the cities in it. */
void ef_tmap_window(const ef_state *g, int lon, int lat, int width,
                    ef_line_fn line, void *ctx);

/* ---- The two faces ---------------------------------------------------- */

/* The smallest screen the scrolling map is drawn on. */
#define EF_ANSI_MIN_W 40
#define EF_ANSI_MIN_H 10
/* What a face returns besides 0 (the campaign over or left) and TTY_EOF:
 * the player asked for the other face, which goes on with the campaign
 * (the glass view from a window too small for the map; VIEW from it). */
enum { EF_FACE_TEXT = 2, EF_FACE_ANSI = 3 };

/* Each plays until the campaign ends, the player leaves or hangs up, or
 * asks for the other face. */
int ef_text_run(ef_play *p);
int ef_ansi_run(ef_play *p);
/* Whether the ANSI face fits this terminal. */
int ef_ansi_fits(const tty_caps *c);

/* Why there is no report to show: no week played yet, or none since the
 * campaign was resumed (a report is not kept in the save). */
const char *ef_report_none(const ef_state *g);

#endif
