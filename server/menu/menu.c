/*
 * menu.c - where every session starts: the banner, the player's name and
 * the menu of games, RESUME, the terminal profile, the word list, the
 * hall of fame and QUIT.
 *
 * Every question has a default on Return, as the 1977 checkers notes ask,
 * so a child can press Return until play begins.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hof.h"
#include "hold.h"
#include "invite.h"
#include "menu.h"
#include "menu_acct.h"
#include "menu_keys.h"
#include "menu_people.h"
#include "menu_watch.h"
#include "metrics.h"
#include "rating.h"
#include "rec.h"
#include "sess_seat.h"
#include "store_main.h"
#include "takeover.h"
#include "watch.h"
#include "registry.h"
#include "resource.h"
#include "srv.h"

#define MENU_LINE 64

static const char menu_banner[] =
    "\n"
    "TTYARCADE\n"
    "GAMES FROM THE DAYS OF PAPER TAPE AND TELETYPES\n";

static int menu_playable(const tty_game *g)
{
    return g->run != NULL;
}

static const tty_game *menu_default_game(void)
{
    const char *want = srv.default_game;
    const tty_game *g = want ? tty_game_find(want) : NULL;
    if (g && menu_playable(g))
        return g;
    for (int i = 0; tty_games[i]; i++)
        if (menu_playable(tty_games[i]))
            return tty_games[i];
    return NULL;
}

static const char *menu_wordlist(sess *s)
{
    const char *w = tty_option(s, "wordlist");
    const char *slash = w ? strrchr(w, '/') : NULL;
    return w ? (slash ? slash + 1 : w) : "scelbi";
}

static void menu_upper(sess *s, const char *text)
{
    for (; *text; text++)
        tty_print(s, toupper((unsigned char)*text));
}

static void menu_show(sess *s)
{
    int n = 0;
    tty_msg(s, "\n");
    for (int i = 0; tty_games[i]; i++) {
        if (!menu_playable(tty_games[i]))
            continue;
        tty_printf(s, "  %2d  %-22s %s\n", ++n, tty_games[i]->title,
                   tty_games[i]->source);
    }
    tty_msg(s, s->account[0] ? "   R  YOUR SAVED GAMES\n"
                             : "   R  RESUME A SAVED GAME\n");
    tty_msg(s, "   T  TERMINAL: ");
    menu_upper(s, s->caps.profile);
    tty_msg(s, "\n   W  WORD LIST: ");
    menu_upper(s, menu_wordlist(s));
    tty_msg(s, "\n");
    if (s->caps.baud)
        tty_printf(s, "   S  TELETYPE SPEED: %d BAUD\n", s->caps.baud);
    else
        tty_msg(s, "   S  TELETYPE SPEED: AS FAST AS THE LINE\n");
    tty_printf(s, "   N  NAME: %s\n", s->name);
    if (s->account[0])
        tty_printf(s, "   A  ACCOUNT %s: CHANGE THE PASSWORD\n", s->name);
    else if (store_main && strcmp(s->name, "GUEST") != 0)
        tty_printf(s, "   A  REGISTER THE NAME %s\n", s->name);
    if (mkeys_offered(s))
        tty_msg(s, "   K  SSH KEYS\n");
    tty_msg(s, "   H  HALL OF FAME\n");
    mpeople_show(s);
    menu_watch_show(s);
    tty_msg(s, "   Q  QUIT\n");
}

static const tty_game *menu_game_by_number(int k)
{
    int n = 0;
    for (int i = 0; tty_games[i]; i++)
        if (menu_playable(tty_games[i]) && ++n == k)
            return tty_games[i];
    return NULL;
}

void menu_run_game(sess *s, const tty_game *g, const tty_launch *launch)
{
    s->game = g->name;
    s->hof_told = 0;
    /* A resumed game is marked, its code never written: the code is a key
     * to the save, and the log is read by more than the players. */
    srv_log("game %s %s session=%llu game=%s%s name=\"%s\"",
            s->ops->name, s->peer, (unsigned long long)s->id, g->name,
            launch && launch->code ? " resumed" : "", s->name);
    tty_launch fresh = { 0 };
    s->save_note[0] = 0;    /* each game describes its own saves */
    s->playing = 1;
    metrics_game(g->name, NULL);
    rec_start(s, g->name);
    g->run(s, launch ? launch : &fresh);
    s->playing = 0;
    /* The game has returned, saved: its codes are free to resume. */
    hold_release(s);
    if (s->caps.ansi) {
        /* Whatever the game left of a scroll region, colours and a hidden
         * cursor is not the menu's.  Resetting the region homes the
         * cursor, so the menu goes on from where the game stopped. */
        tty_msg(s, "\0337");
        tty_region(s, 0, 0);
        tty_msg(s, "\0338");
        tty_attr(s, "0");
        tty_cursor(s, 1);
    }
    /* The recording ends with the screen given back to the menu. */
    const char *result = s->line_down ? "hangup"
                       : srv_stopping ? "stopped"
                       : s->eof ? "ended" : "finished";
    metrics_game(g->name, result);
    rec_end(s, result);
    tty_drain(s);
    /* A line-mode client's Return after its last answer must not choose
     * from the menu that follows. */
    tty_flush_input(s);
    /* A seat of a two-player game kept for its player ends with its game:
     * the line lent to it goes back to its own menu. */
    sess_seat_over(s);
}

/* A span of time as the take-over's questions say it: "45 SEC",
 * "2 MIN". */
static void menu_span(long s, char *out, size_t size)
{
    if (s < 60)
        snprintf(out, size, "%ld SEC", s);
    else
        snprintf(out, size, "%ld MIN", s / 60);
}

int menu_ask_take_over(sess *s, const char *title, const char *door,
                       long idle_s, const char *code)
{
    char up[16], idle[32], ask[160], line[8];
    snprintf(up, sizeof up, "%s", door);
    for (char *p = up; *p; p++)
        *p = (char)toupper((unsigned char)*p);
    menu_span(idle_s, idle, sizeof idle);
    if (!code)
        snprintf(ask, sizeof ask, "YOUR %s GAME IS OPEN ON ANOTHER LINE (%s, "
                 "IDLE %s). TAKE IT OVER (Y/N; RETURN: N)? ", title, up,
                 idle);
    else
        snprintf(ask, sizeof ask, "THE %s GAME SAVED UNDER %s IS OPEN ON "
                 "ANOTHER LINE (%s, IDLE %s). TAKE IT OVER (Y/N; RETURN: "
                 "N)? ", title, code, up, idle);
    return tty_ask(s, ask, line, sizeof line) > 0 &&
           toupper((unsigned char)line[0]) == 'Y';
}

/* The code is played in another session: offer to take it over (its
 * owner at once, anyone with the code once its line has been idle long
 * enough).  0 when s holds the code now. */
static int menu_take_over(sess *s, const char *code)
{
    takeover t;
    char game[32];
    void *data = NULL;
    size_t len = 0;
    int found = takeover_find(s, code, &t);
    if (found == TTY_OK &&
        tty_load(s, code, game, sizeof game, &data, &len) == TTY_NOTFOUND) {
        macct_code_failed(s);   /* another account's: no save at all */
        tty_printf(s, "NO GAME IS SAVED UNDER %s.\n", code);
        return -1;
    }
    free(data);
    const tty_game *g = found == TTY_OK ? tty_game_find(game) : NULL;
    char idle[32], wait[32];
    menu_span(t.idle_s, idle, sizeof idle);
    menu_span(takeover_idle_s, wait, sizeof wait);
    char where[64];
    if (t.holder)
        snprintf(where, sizeof where, "session=%llu",
                 (unsigned long long)t.holder->id);
    else
        snprintf(where, sizeof where, "server %s",
                 found == TTY_OK ? t.server : "unknown");
    srv_log("resume refused %s %s session=%llu: in play in %s",
            s->ops->name, s->peer, (unsigned long long)s->id, where);
    if (found != TTY_OK || !g || !takeover_allowed(&t)) {
        tty_printf(s, "THE GAME SAVED UNDER %s IS BEING PLAYED IN ANOTHER "
                      "SESSION%s.\nIT CAN BE RESUMED ONCE THAT PLAYER HAS "
                      "LEFT IT", code,
                   found == TTY_OK && !t.holder ? " ON ANOTHER SERVER" : "");
        if (found == TTY_OK)
            tty_printf(s, ",\nOR TAKEN OVER ONCE ITS LINE HAS BEEN IDLE %s "
                          "(IT HAS BEEN %s)", wait, idle);
        tty_msg(s, ".\n");
        return -1;
    }
    if (!menu_ask_take_over(s, g->title, t.door, t.idle_s,
                            t.owner ? NULL : code))
        return -1;
    int rc = takeover_take(s, code, &t);
    if (rc == TTY_BUSY)
        tty_msg(s, "THE OTHER LINE HAS NOT LET THE GAME GO YET. PLEASE TRY "
                   "AGAIN IN A MOMENT.\n");
    return rc == TTY_OK ? 0 : -1;
}

int menu_resume(sess *s, const char *typed_code)
{
    char line[MENU_LINE], code[TTY_CODE_SIZE], game[32];
    if (!typed_code) {
        tty_msg(s, "RESUME CODE (RETURN: BACK TO THE MENU)? ");
        /* Watchers see the code typed as stars. */
        watch_hush(s, 1);
        int n = tty_ask(s, "", line, sizeof line);
        watch_hush(s, 0);
        if (n <= 0)
            return -1;
        typed_code = line;
    }
    /* Guessing codes is refused before a lookup is even made. */
    if (macct_codes_refused(s))
        return -1;
    if (tty_code_parse(typed_code, code) != 0) {
        tty_msg(s, "THAT IS NOT A RESUME CODE: A CODE IS 10 LETTERS AND "
                   "DIGITS, SUCH AS ACDEF-HJKMN.\n");
        return -1;
    }
    /* One save, one game: a code another session is playing is not
     * handed out twice, or the later save would undo the other's moves;
     * but a line that went silent may be taken over. */
    if (hold_take(s, code, NULL) == TTY_BUSY) {
        /* A seat of a two-player game is taken back, not the game. */
        int seat = menu_rejoin(s, code);
        if (seat > 0)
            return 0;
        if (seat < 0 || menu_take_over(s, code) != 0)
            return -1;
    }
    void *data = NULL;
    size_t len = 0;
    int rc = tty_load(s, code, game, sizeof game, &data, &len);
    if (rc == TTY_NOTFOUND) {
        hold_release(s);
        /* Another account's save answers as no save at all. */
        macct_code_failed(s);
        tty_printf(s, "NO GAME IS SAVED UNDER %s.\n", code);
        return -1;
    }
    const tty_game *g = rc == 0 ? tty_game_find(game) : NULL;
    if (!g || !menu_playable(g)) {
        hold_release(s);
        tty_msg(s, rc == 0 ? "THAT GAME IS NOT HERE ANY MORE.\n"
                           : "THE SAVED GAMES CANNOT BE READ JUST NOW.\n");
        free(data);
        return -1;
    }
    metrics_event(METRICS_CODE, METRICS_OK);
    tty_launch launch = { .code = code, .data = data, .len = len };
    menu_run_game(s, g, &launch);
    free(data);
    return 0;
}

static void menu_terminal(sess *s)
{
    char line[MENU_LINE];
    tty_msg(s, "TERMINAL (ASR33, GLASS OR ANSI; RETURN: ");
    menu_upper(s, s->caps.profile);
    tty_msg(s, ")? ");
    int n = tty_getline(s, line, sizeof line, 0);
    if (n <= 0)
        return;
    const profile *p = profile_find(line);
    if (!p) {
        tty_msg(s, "NO SUCH TERMINAL: ASR33 IS A TELETYPE, GLASS A PLAIN "
                   "SCREEN, ANSI A VT100 OR XTERM.\n");
        return;
    }
    sess_set_profile(s, p);
    mpeople_keep(s, "terminal", p->name);
}

/* Pace the output as a teletype line of that speed would: ten characters
 * a second at 110 baud (eleven bits a character: start, seven data bits,
 * parity, two stop bits). */
static void menu_speed(sess *s)
{
    char line[MENU_LINE];
    tty_msg(s, "TELETYPE SPEED (110, 300, 1200, 2400, 9600 OR NONE; RETURN: ");
    if (s->caps.baud)
        tty_printf(s, "%d)? ", s->caps.baud);
    else
        tty_msg(s, "NONE)? ");
    if (tty_getline(s, line, sizeof line, 0) <= 0)
        return;
    if (strcasecmp(line, "NONE") == 0 || strcmp(line, "0") == 0) {
        sess_set_baud(s, 0, 0);
        mpeople_keep(s, "speed", NULL);
        return;
    }
    static const int speeds[] = { 110, 300, 1200, 2400, 9600 };
    int baud = atoi(line);
    for (size_t i = 0; i < sizeof speeds / sizeof speeds[0]; i++) {
        if (baud == speeds[i]) {
            sess_set_baud(s, baud, 0);
            char kept[16];
            snprintf(kept, sizeof kept, "%d", baud);
            mpeople_keep(s, "speed", kept);
            return;
        }
    }
    tty_msg(s, "NO SUCH SPEED: 110 IS A MODEL 33, 300 A DECWRITER.\n");
}

static void menu_wordlists(sess *s)
{
    char names[32][RESOURCE_NAME];
    char line[MENU_LINE];
    int n = resource_list(s, "wordlists", names, 32);
    tty_msg(s, "WORD LISTS:");
    for (int i = 0; i < n; i++) {
        for (char *p = names[i]; *p; p++)
            *p = (char)toupper((unsigned char)*p);
        tty_printf(s, " %s", names[i]);
    }
    if (n == 0)
        tty_msg(s, " SCELBI");
    tty_msg(s, "\nWORD LIST (RETURN: ");
    menu_upper(s, menu_wordlist(s));
    tty_msg(s, ")? ");
    if (tty_getline(s, line, sizeof line, 0) <= 0)
        return;
    for (int i = 0; i < n; i++) {
        if (strcasecmp(line, names[i]) == 0) {
            for (char *p = names[i]; *p; p++)
                *p = (char)tolower((unsigned char)*p);
            sess_set_option(s, "wordlist", names[i]);
            mpeople_keep(s, "wordlist", names[i]);
            return;
        }
    }
    if (strcasecmp(line, "scelbi") == 0) {
        sess_set_option(s, "wordlist", "scelbi");
        mpeople_keep(s, "wordlist", "scelbi");
        return;
    }
    tty_msg(s, "NO SUCH WORD LIST.\n");
}

/* Lines shown a screen at a time: after a screenful less two, a MORE
 * prompt (paper and a screen of unknown height scroll freely). */
typedef struct menu_pager {
    sess *s;
    int lines;
} menu_pager;

static int menu_page_line(void *arg, const char *text)
{
    menu_pager *pg = arg;
    sess *s = pg->s;
    int height = s->caps.paper ? 0 : s->caps.height;
    if (height > 4 && pg->lines >= height - 2) {
        tty_msg(s, "-- MORE (RETURN; Q STOPS) --");
        int key = tty_inkey(s);
        tty_msg(s, "\r");
        tty_clear_eol(s);
        if (key == TTY_EOF || key == 'q' || key == 'Q' ||
            key == TTY_KEY_ESC)
            return 1;
        pg->lines = 0;
    }
    tty_printf(s, "%s\n", text);
    pg->lines++;
    return 0;
}

/* H: one game's boards, or every game's, a screen at a time. */
static void menu_hall(sess *s)
{
    const tty_game *games[16];
    int n = 0;
    for (int i = 0; tty_games[i] && n < 16; i++)
        if (menu_playable(tty_games[i]) && tty_games[i]->hof)
            games[n++] = tty_games[i];
    tty_msg(s, "\nHALL OF FAME\n");
    for (int i = 0; i < n; i++)
        tty_printf(s, "  %2d  %s\n", i + 1, games[i]->title);
    tty_msg(s, "   A  EVERY GAME\n");
    char line[16];
    if (tty_ask(s, "WHICH, BY NUMBER OR NAME (RETURN: BACK TO THE MENU)? ", line,
                sizeof line) <= 0)
        return;
    int all = toupper((unsigned char)line[0]) == 'A' && !line[1];
    int k = atoi(line);
    const tty_game *named = tty_game_find(line);
    for (int i = 0; named && i < n; i++)
        if (games[i] == named)
            k = i + 1;
    if (!all && (k < 1 || k > n)) {
        tty_msg(s, "THERE IS NO SUCH GAME IN THE LIST.\n");
        return;
    }
    menu_pager pg = { .s = s, .lines = 0 };
    for (int i = all ? 0 : k - 1; i < (all ? n : k); i++) {
        int rc = hof_lines(s, games[i]->name, menu_page_line, &pg);
        if (rc == TTY_EOF || rc == TTY_CANCEL || rc == TTY_FAILED)
            return;     /* a failure is said once: the rest would fail alike */
        if (i + 1 < (all ? n : k) && menu_page_line(&pg, ""))
            return;
    }
}

/* The main prompt's line.  What follows "RESUME " is a resume code (a key
 * to a save): from that space on, watchers see letters and digits as
 * stars, as at R's own prompt. */
static int menu_getline(sess *s, char *line, size_t size)
{
    tty_edit ed;
    tty_edit_begin(&ed, s, line, size, 0);
    int n;
    for (;;) {
        int key = tty_inkey(s);
        if (key == TTY_EOF) {
            n = TTY_EOF;
            break;
        }
        int done = tty_edit_feed(&ed, key) == TTY_EDIT_DONE;
        watch_hush(s, !done && strncasecmp(line, "RESUME ", 7) == 0);
        if (done) {
            n = (int)strlen(line);
            break;
        }
    }
    watch_hush(s, 0);
    return n;
}

static void menu_loop(sess *s)
{
    char line[MENU_LINE], code[TTY_CODE_SIZE];
    int fails = 0, number;      /* wrong passwords on this line */
    tty_msg(s, menu_banner);
    if (srv.motd)                   /* the operator's message of the day */
        tty_printf(s, "\n%s", srv.motd);
    if (s->account[0])      /* the transport logged in (SSH: password or key) */
        tty_printf(s, "WELCOME BACK, %s.\n", s->name);
    else if (macct_login(s, &fails) < 0)
        return;
    macct_choices(s);
    for (;;) {
        /* Input over during a game (resumed, or a seat played from this
         * line): no menu, as after a game chosen from it. */
        if (s->eof)
            return;
        const tty_game *def = menu_default_game();
        menu_show(s);
        tty_printf(s, "\nYOUR CHOICE (RETURN: %s)? ",
                   def ? def->title : "QUIT");
        int n = menu_getline(s, line, sizeof line);
        if (n < 0)
            return;
        const tty_game *g = NULL;
        if (n == 0) {
            g = def;
            if (!g)
                break;
        } else if (menu_typed(line, &number, code) == MENU_TYPED_NUMBER) {
            g = menu_game_by_number(number);
        } else if (n == 1) {
            switch (toupper((unsigned char)line[0])) {
            case 'R':
                if (s->account[0])
                    macct_saved_games(s);
                else
                    menu_resume(s, NULL);
                continue;
            case 'A':
                if (macct_account(s, &fails) < 0)
                    return;
                /* A guest invited under a name it no longer bears is
                 * that guest no more: its invitations lapse. */
                invite_left(s, 0);
                continue;
            case 'T': menu_terminal(s); continue;
            case 'W': menu_wordlists(s); continue;
            case 'S': menu_speed(s); continue;
            case 'N':
                if (macct_login(s, &fails) < 0)
                    return;
                invite_left(s, 0);
                macct_choices(s);
                continue;
            case 'H': menu_hall(s); continue;
            case 'M': mpeople_menu(s); continue;
            case 'K':
                if (!mkeys_offered(s))
                    break;
                mkeys_menu(s);
                continue;
            case 'Q': goto quit;
            }
            if (menu_watch_choice(s, line[0]))
                continue;
        } else if (strcasecmp(line, "QUIT") == 0) {
            break;
        } else if (strcasecmp(line, "RESUME") == 0) {
            if (s->account[0])
                macct_saved_games(s);
            else
                menu_resume(s, NULL);
            continue;
        } else if (strncasecmp(line, "JOIN ", 5) == 0) {
            /* FIBS's "join NAME": accept NAME's invitation */
            mpeople_join(s, line + 5);
            continue;
        } else if (strncasecmp(line, "DECLINE ", 8) == 0) {
            mpeople_decline(s, line + 8);
            continue;
        } else if (strncasecmp(line, "RESUME ", 7) == 0) {
            menu_resume(s, line + 7);
            continue;
        } else if (!(g = tty_game_find(line)) &&
                   menu_typed(line, &number, code) == MENU_TYPED_CODE &&
                   strchr(line, '-')) {
            /* A code as it was shown, dash and all: resume it. */
            menu_resume(s, line);
            continue;
        }
        if (!g || !menu_playable(g)) {
            tty_msg(s, "TYPE A NUMBER OR A NAME FROM THE LIST.\n");
            continue;
        }
        menu_run_game(s, g, NULL);
        if (s->eof)
            return;
    }
quit:
    tty_msg(s, "GOODBYE.\n");
}

void menu_main(sess *s)
{
    menu_loop(s);
    /* However the session ends: its account was last seen now, and a
     * guest's invitations lapse (nobody else may take them up). */
    mpeople_seen(s);
    invite_left(s, 1);
}
