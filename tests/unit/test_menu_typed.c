/*
 * test_menu_typed.c - what a player types at YOUR SAVED GAMES is told by
 * its shape: a resume code beginning with any of the code's characters
 * (digits and D among them) is a code, never a list number or a deletion.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "menu.h"
#include "rcode.h"
#include "testutil.h"

START_TEST(codes_of_every_first_character_are_codes)
{
    for (const char *a = rcode_alphabet; *a; a++) {
        char typed[16], lower[16], code[TTY_CODE_SIZE];
        int number = -1;
        snprintf(typed, sizeof typed, "%cPKF9-YUNPA", *a);
        ck_assert_msg(menu_typed(typed, &number, code) == MENU_TYPED_CODE,
                      "%s", typed);
        ck_assert_str_eq(code, typed);
        /* as a player may type it: lower case, no dash, blanks around */
        snprintf(lower, sizeof lower, " %c%s ", *a, "pkf9yunpa");
        ck_assert_msg(menu_typed(lower, &number, code) == MENU_TYPED_CODE,
                      "%s", lower);
        ck_assert_str_eq(code, typed);
        /* D and the code: a code too, beginning with D */
        snprintf(typed, sizeof typed, "D%cKF9-YUNPA", *a);
        ck_assert_msg(menu_typed(typed, &number, code) == MENU_TYPED_CODE,
                      "%s", typed);
        /* an old six-character code */
        snprintf(typed, sizeof typed, "%c34779", *a);
        ck_assert_msg(menu_typed(typed, &number, code) == MENU_TYPED_CODE,
                      "%s", typed);
    }
}
END_TEST

START_TEST(numbers_and_deletions)
{
    char code[TTY_CODE_SIZE];
    int number = 0;
    ck_assert_int_eq(menu_typed("9", &number, code), MENU_TYPED_NUMBER);
    ck_assert_int_eq(number, 9);
    ck_assert_int_eq(menu_typed(" 12 ", &number, code), MENU_TYPED_NUMBER);
    ck_assert_int_eq(number, 12);
    ck_assert_int_eq(menu_typed("D3", &number, code), MENU_TYPED_DELETE);
    ck_assert_int_eq(number, 3);
    ck_assert_int_eq(menu_typed("d20", &number, code), MENU_TYPED_DELETE);
    ck_assert_int_eq(number, 20);
    ck_assert_int_eq(menu_typed("D", &number, code), MENU_TYPED_OTHER);
    ck_assert_int_eq(menu_typed("D3X", &number, code), MENU_TYPED_OTHER);
    ck_assert_int_eq(menu_typed("HELLO", &number, code), MENU_TYPED_OTHER);
    ck_assert_int_eq(menu_typed("", &number, code), MENU_TYPED_OTHER);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("menu typed");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, codes_of_every_first_character_are_codes);
    tcase_add_test(tc, numbers_and_deletions);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
