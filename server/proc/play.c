/*
 * play.c - `ttyarcade play GAME`: one session on this terminal, or on
 * plain stdin and stdout when they are not a terminal.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct.h"
#include "menu.h"
#include "opt.h"
#include "play.h"
#include "rec.h"
#include "registry.h"
#include "srv.h"
#include "stdioline.h"
#include "store_main.h"
#include "watch.h"

static const tty_game *play_game;
static sess *play_sess;
/* Signals that end the session in order (the game saves, the terminal is
 * restored), as serve stops on them. */
static const int play_sigs[] = {
    SIGHUP, SIGTERM, SIGINT, SIGQUIT, SIGXCPU, SIGXFSZ,
#ifdef SIGPWR
    SIGPWR,
#endif
};
#define PLAY_NSIG ((int)(sizeof play_sigs / sizeof play_sigs[0]))
static uv_signal_t play_signals[PLAY_NSIG];
static const char *play_code;
static const char *play_name;

static void play_usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade play GAME [options]\n"
        "       ttyarcade play --resume CODE [options]\n"
        "One session on this terminal (raw mode, restored at the end), or on\n"
        "stdin and stdout when they are not a terminal.\n"
        "  --profile P      asr33, glass or ansi (default: from $TERM on a\n"
        "                   terminal, else glass)\n"
        "  --seed N         make the session's randomness repeatable\n"
        "  --data DIR       where saves and the hall of fame live\n"
        "                   (default $TTYARCADE_DATA or ~/.local/share/ttyarcade)\n"
        "  --db URI         or that database: postgresql://... or sqlite:DIR\n"
        "  --resume CODE    continue a saved game\n"
        "  --name NAME      your name for the hall of fame (default GUEST)\n"
        "  --wordlist FILE  Hangman's words, one per line\n"
        "  --counter L,...  Space Capture's register L, value by value\n"
        "  --share DIR      where word lists are installed\n"
        "  --log FILE       log the session there\n"
        "Games:");
    for (int i = 0; tty_games[i]; i++)
        if (tty_games[i]->run)
            fprintf(f, " %s", tty_games[i]->name);
    fprintf(f, "\n");
}

/* The terminal window closed (SIGHUP), or someone asked us to stop: the
 * game sees the end of its input and saves, as a telnet hang-up does. */
static void play_signal(uv_signal_t *h, int signum)
{
    (void)signum;
    if (play_sess)
        sess_end_input(play_sess);
    for (int i = 0; i < PLAY_NSIG; i++)
        uv_signal_stop(&play_signals[i]);
    (void)h;
}

static void play_session(sess *s)
{
    if (play_name)
        snprintf(s->name, sizeof s->name, "%s", play_name);
    if (play_code)
        menu_resume(s, play_code);
    else
        menu_run_game(s, play_game, NULL);
    play_sess = NULL;   /* the session goes once this returns */
}

int play_main(int argc, char **argv)
{
    const char *data = NULL;
    const profile *prof = NULL;
    srv_conf_defaults();
    watch_init();
    srv.idle_ms = 0;            /* a local player may think all day */
    srv_log_silence();
    for (int i = 1; i < argc; i++) {
        const char *v;
        int r = opt_common(argc, argv, &i, &data);
        if (r < 0)
            return 2;
        if (r > 0)
            continue;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            play_usage(stdout);
            return 0;
        } else if ((v = opt_value(argc, argv, &i, "--profile"))) {
            if (!(prof = opt_profile(v)))
                return 2;
        } else if ((v = opt_value(argc, argv, &i, "--resume"))) {
            play_code = v;
        } else if ((v = opt_value(argc, argv, &i, "--name"))) {
            /* The hall of fame shows it to everyone: the menu's rules. */
            const char *why;
            if (acct_name_check(v, &why) != 0) {
                fprintf(stderr, "ttyarcade: --name: %s\n", why);
                return 2;
            }
            play_name = v;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "ttyarcade: unknown option '%s'\n", argv[i]);
            play_usage(stderr);
            return 2;
        } else if (!play_game) {
            play_game = tty_game_find(argv[i]);
            if (!play_game || !play_game->run) {
                fprintf(stderr, "ttyarcade: no game '%s'\n", argv[i]);
                play_usage(stderr);
                return 2;
            }
        } else {
            play_usage(stderr);
            return 2;
        }
    }
    if (!play_game && !play_code) {
        play_usage(stderr);
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    srv_loop = uv_default_loop();
    if (store_main_open(data ? data : srv_default_data(1)) != 0)
        fprintf(stderr, "ttyarcade: playing without saves\n");
    else
        rec_set_dir(data ? data : srv_default_data(1));
    sess *s = stdioline_open(prof);
    if (!s)
        return 1;
    play_sess = s;
    for (int i = 0; i < PLAY_NSIG; i++) {
        uv_signal_init(srv_loop, &play_signals[i]);
        uv_signal_start(&play_signals[i], play_signal, play_sigs[i]);
        uv_unref((uv_handle_t *)&play_signals[i]);
    }
    sess_start(s, play_session);
    uv_run(srv_loop, UV_RUN_DEFAULT);
    play_sess = NULL;
    for (int i = 0; i < PLAY_NSIG; i++)
        uv_close((uv_handle_t *)&play_signals[i], NULL);
    uv_run(srv_loop, UV_RUN_NOWAIT);
    rec_drain(5000);
    store_close(store_main);
    store_main = NULL;
    return 0;
}
