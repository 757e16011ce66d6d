/* test_registry.c - the registry finds games by name, title and tool. */
/* SPDX-License-Identifier: BSD-2-Clause */
#include <check.h>
#include <string.h>

#include "registry.h"
#include "testutil.h"

START_TEST(names_are_unique_and_found)
{
    for (int i = 0; tty_games[i]; i++) {
        ck_assert_ptr_eq(tty_game_find(tty_games[i]->name), tty_games[i]);
        ck_assert_ptr_eq(tty_game_find(tty_games[i]->title), tty_games[i]);
        if (tty_games[i]->tool)
            ck_assert_ptr_eq(tty_game_find_tool(tty_games[i]->tool),
                             tty_games[i]);
    }
    ck_assert_ptr_null(tty_game_find("no-such-game"));
    ck_assert_ptr_null(tty_game_find_tool("no-such-tool"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("registry");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, names_are_unique_and_found);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
