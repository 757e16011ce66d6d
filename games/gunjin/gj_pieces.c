/*
 * gj_pieces.c - the sixteen piece types in the seed's order (bit n of an
 * intelligence mask is type n) and how many of each a side has
 * (jmc-rules.md: 23 pieces, one per position of a territory).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "gj.h"

const char *const gj_type_name[GJ_TYPES] = {
    "Spy", "Engineer", "Cavalry", "Second Lieutenant", "First Lieutenant",
    "Captain", "Major", "Lieutenant Colonel", "Colonel", "Tank", "Plane",
    "Major General", "Lieutenant General", "General", "Landmine", "Banner"
};

const char *const gj_type_abbr[GJ_TYPES] = {
    "SP", "EN", "CV", "2L", "1L", "CP", "MJ", "LC", "CL", "TK", "PL",
    "MG", "LG", "GN", "LM", "BN"
};

const uint8_t gj_type_count[GJ_TYPES] = {
    1, 2, 1, 2, 2, 2, 1, 1, 1, 2, 2, 1, 1, 1, 2, 1
};

int gj_is_officer(int type)
{
    return type >= 0 && type < GJ_TYPES && (GJ_OFFICERS >> type & 1);
}
