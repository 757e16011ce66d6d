/*
 * bg_cube.c - the doubling cube: what a position is worth with the cube
 * in play, and the proper cube action, from the five chances of the net
 * (bg.h BG_OUT_*), in money play and in a match.
 *
 * The method is Rick Janowski's ("Take-points in money games", 1993),
 * carried over to match play through the match equity table as GNU
 * Backgammon does.  With the chances of gammons and backgammons among the
 * wins and among the losses held fixed, what the side on roll (X) gets
 * from the game is a function of p, its chance of winning:
 *   - with a dead cube (nobody can double any more), the line from L, the
 *     average of its losses (p = 0), to W, the average of its wins (1);
 *   - with a fully live cube, where every double comes exactly at the
 *     point where the other side is indifferent between taking and
 *     passing, a broken line: X owning the cube, from L at p = 0 up to
 *     its cash point, and there the single win it cashes; the other side
 *     owning it, the single loss up to X's take point and from there up
 *     to W at p = 1; a centred cube, the single loss up to the take
 *     point, the single win from the cash point, the straight line
 *     between.  The take and cash points come from the same lines one
 *     cube level up, where the taker owns the doubled cube, and so on up
 *     the cube until it is dead (in a match, when its owner would win
 *     the match with a single game; in money play, eight levels up).
 * The value is then x times the live line plus (1 - x) times the dead
 * one, x the cube's efficiency: the chance that the game moves smoothly
 * enough for a double to come at the right moment.  In money play this
 * gives back Janowski's formulas (take point (L - 1/2) / (W + L + x/2)).
 * The values are points won (money) or the chance of winning the match,
 * from the outcomes through the table (bg_met.c).
 *
 * The cube's efficiency is GNU Backgammon's: 0.68 while the sides are in
 * contact, in a race 0.55 + 0.00125 per pip of the side on roll (between
 * 0.6 and 0.7), 0.6 once both sides are bearing off from the table.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <math.h>

#include "bg.h"
#include "bg_bearoff.h"

#define CUBE_LEVELS 8       /* money: cube levels looked up above this one */
#define CUBE_EPS 1e-5f      /* values this close (gnubg's scale) are equal */

enum { OWN_X, OWN_O, CENTRED };

typedef struct cctx {
    const bg_cubeinfo *ci;
    float gw, bw;           /* of X's wins: gammons (and more), backgammons */
    float gl, bl;           /* of its losses */
    /* The cash and take points at the cube ci->value << k, once found:
     * each reckoning asks for the same chain of them several times. */
    unsigned cp_have, tp_have;
    float cp[CUBE_LEVELS + 2], tp[CUBE_LEVELS + 2];
} cctx;

void bg_cube_swap(bg_cubeinfo *ci)
{
    int a = ci->away[0];
    ci->away[0] = ci->away[1];
    ci->away[1] = a;
    if (ci->owner != BG_CENTRE)
        ci->owner ^= 1;
}

/* What X gets when the game ends with pts points to it (negative: to the
 * other side). */
static float outcome(const cctx *c, int pts)
{
    const bg_cubeinfo *ci = c->ci;
    if (!ci->match)
        return (float)pts;
    /* After the Crawford game, or a game in which a side was already 1
     * away, the games are post-Crawford; reaching 1 away now makes the
     * next game the Crawford game, whose equities are the first table's. */
    int post = ci->crawford || ci->away[0] == 1 || ci->away[1] == 1;
    return pts > 0 ? bg_met(ci->away[0] - pts, ci->away[1], post)
                   : bg_met(ci->away[0], ci->away[1] + pts, post);
}

float bg_cube_outcome(const bg_cubeinfo *ci, int pts)
{
    cctx c = { .ci = ci };
    return outcome(&c, pts);
}

int bg_cube_points(const bg_cubeinfo *ci, int kind)
{
    if (!ci->match && ci->jacoby && ci->owner == BG_CENTRE)
        kind = 1;
    return kind * ci->value;
}

static float win_avg(const cctx *c, int v)
{
    return (1 - c->gw) * outcome(c, v) + (c->gw - c->bw) * outcome(c, 2 * v)
           + c->bw * outcome(c, 3 * v);
}

static float lose_avg(const cctx *c, int v)
{
    return (1 - c->gl) * outcome(c, -v) +
           (c->gl - c->bl) * outcome(c, -2 * v) + c->bl * outcome(c, -3 * v);
}

/* May side who (0: X) usefully double a cube of value v it holds? */
static int may_double(const cctx *c, int who, int v)
{
    const bg_cubeinfo *ci = c->ci;
    if (ci->crawford)
        return 0;
    if (!ci->match)
        return v < ci->value << CUBE_LEVELS;
    return ci->away[who] > v;   /* else a single win already wins */
}

static float clamp01(float x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* The p at which the line through (x0, y0) and (x1, y1) reaches y. */
static float solve(float x0, float y0, float x1, float y1, float y)
{
    if (fabsf(y1 - y0) < 1e-9f)
        return x0;
    return clamp01(x0 + (y - y0) * (x1 - x0) / (y1 - y0));
}

static float cash_point_of(cctx *c, int v);
static float take_point_of(cctx *c, int v);

/* k of v = ci->value << k, or -1 (not a cube level this reckons on). */
static int cube_level(const cctx *c, int v)
{
    int base = c->ci->value;
    if (base <= 0 || v % base)
        return -1;
    unsigned m = (unsigned)(v / base);
    if (m & (m - 1))
        return -1;
    int k = __builtin_ctz(m);
    return k <= CUBE_LEVELS + 1 ? k : -1;
}

/* f(c, v), kept in tab (have: which are) at v's cube level. */
static float kept(cctx *c, int v, float (*f)(cctx *, int), float *tab,
                  unsigned *have)
{
    int k = cube_level(c, v);
    if (k < 0)
        return f(c, v);
    if (!(*have >> k & 1)) {
        tab[k] = f(c, v);
        *have |= 1u << k;
    }
    return tab[k];
}

static float cash_point(cctx *c, int v)
{
    return kept(c, v, cash_point_of, c->cp, &c->cp_have);
}

static float take_point(cctx *c, int v)
{
    return kept(c, v, take_point_of, c->tp, &c->tp_have);
}

/* X's cash point with a cube of value v: where the other side, doubled
 * to 2v and owning it, is indifferent between taking and passing. */
static float cash_point_of(cctx *c, int v)
{
    float cash = outcome(c, v), w = win_avg(c, 2 * v);
    if (!may_double(c, 1, 2 * v))
        return solve(0, lose_avg(c, 2 * v), 1, w, cash);
    float tp = take_point(c, 2 * v), lo = outcome(c, -2 * v);
    return cash <= lo ? tp : solve(tp, lo, 1, w, cash);
}

/* X's take point with a cube of value v: where X, doubled to 2v and
 * owning it, is indifferent between taking and passing. */
static float take_point_of(cctx *c, int v)
{
    float pass = outcome(c, -v), l = lose_avg(c, 2 * v);
    if (!may_double(c, 0, 2 * v))
        return solve(0, l, 1, win_avg(c, 2 * v), pass);
    float cp = cash_point(c, 2 * v), hi = outcome(c, 2 * v);
    return pass >= hi ? cp : solve(0, l, cp, hi, pass);
}

static float dead(const cctx *c, int v, float p)
{
    return p * win_avg(c, v) + (1 - p) * lose_avg(c, v);
}

/* X's value with a fully live cube of value v held as state says. */
static float live(cctx *c, int state, int v, float p)
{
    int cx = state != OWN_O && may_double(c, 0, v);
    int co = state != OWN_X && may_double(c, 1, v);
    if (!cx && !co)
        return dead(c, v, p);
    float tp = co ? take_point(c, v) : 0, cp = cx ? cash_point(c, v) : 1;
    float lo = co ? outcome(c, -v) : lose_avg(c, v);
    float hi = cx ? outcome(c, v) : win_avg(c, v);
    if (cp <= tp)           /* gammons so likely that the lines cross */
        return p < (tp + cp) / 2 ? lo : hi;
    /* Past its cash point a side need not cash: it may play on for its
     * gammons (too good to double), from the cash at the cash point to
     * the average of its wins at p = 1, and it takes the better.  Under
     * the Jacoby rule a centred cube's gammons do not count, so cashing
     * is all there is. */
    const bg_cubeinfo *ci = c->ci;
    int gammons = ci->match || !ci->jacoby || state != CENTRED;
    if (p <= tp) {
        float l = gammons ? lose_avg(c, v) : lo;
        return l < lo && tp > 0 ? lo + (tp - p) * (l - lo) / tp : lo;
    }
    if (p >= cp) {
        float w = gammons ? win_avg(c, v) : hi;
        return w > hi && cp < 1 ? hi + (p - cp) * (w - hi) / (1 - cp) : hi;
    }
    return lo + (p - tp) * (hi - lo) / (cp - tp);
}

static float efficiency(const bg_pos *p)
{
    if (bg_bo_rank(p->s[0]) >= 0 && bg_bo_rank(p->s[1]) >= 0)
        return 0.6f;
    if (!bg_pos_race(p))
        return 0.68f;
    float x = 0.55f + 0.00125f * (float)bg_pos_pips(p, 0);
    return x < 0.6f ? 0.6f : x > 0.7f ? 0.7f : x;
}

static void setup(cctx *c, const bg_cubeinfo *ci, const float v[BG_NOUT])
{
    float w = v[BG_OUT_WIN], l = 1 - w;
    c->ci = ci;
    c->gw = w > 1e-6f ? v[BG_OUT_WINGAMMON] / w : 0;
    c->bw = w > 1e-6f ? v[BG_OUT_WINBG] / w : 0;
    c->gl = l > 1e-6f ? v[BG_OUT_LOSEGAMMON] / l : 0;
    c->bl = l > 1e-6f ? v[BG_OUT_LOSEBG] / l : 0;
    c->cp_have = c->tp_have = 0;
}

/* The raw values (points, or the chance of the match) of not doubling,
 * doubling to a take and doubling to a pass. */
static void raw(const bg_cubeinfo *ci, const bg_pos *pos,
                const float v[BG_NOUT], float *nd, float *dt, float *dp)
{
    cctx c;
    setup(&c, ci, v);
    float x = efficiency(pos), p = v[BG_OUT_WIN];
    int val = ci->value;
    int state = ci->owner == BG_CENTRE ? CENTRED : ci->owner == 0 ? OWN_X
                                                                  : OWN_O;
    float d = dead(&c, val, p);
    if (!ci->match && ci->jacoby && state == CENTRED)
        d = (2 * p - 1) * (float)val;   /* gammons not counted yet */
    *nd = x * live(&c, state, val, p) + (1 - x) * d;
    *dt = x * live(&c, OWN_O, 2 * val, p) + (1 - x) * dead(&c, 2 * val, p);
    *dp = outcome(&c, val);
}

int bg_cube_can_double(const bg_cubeinfo *ci)
{
    cctx c = { .ci = ci };
    return ci->owner != 1 && may_double(&c, 0, ci->value);
}

void bg_cube_decide(const bg_cubeinfo *ci, const bg_pos *p,
                    const float v[BG_NOUT], bg_cubedec *d)
{
    float nd, dt, dp;
    raw(ci, p, v, &nd, &dt, &dp);
    bg_cube_classify(ci, nd, dt, dp, d);
}

void bg_cube_classify(const bg_cubeinfo *ci, float nd, float dt, float dp,
                      bg_cubedec *d)
{
    d->mwc_nd = nd;
    /* gnubg's scale: a single game at the cube's value is worth 1 */
    cctx c = { .ci = ci };
    float lo = outcome(&c, -ci->value), hi = outcome(&c, ci->value);
    float k = hi - lo > 1e-9f ? 2 / (hi - lo) : 0;
    d->nd = (nd - lo) * k - 1;
    d->dt = (dt - lo) * k - 1;
    d->dp = (dp - lo) * k - 1;
    d->redouble = ci->owner == 0;
    int beaver = !ci->match && ci->beavers && d->dt < 0;
    if (ci->owner == 1)
        d->action = BG_CA_NOT_AVAILABLE;
    else if (!bg_cube_can_double(ci))
        d->action = BG_CA_DEAD;
    /* Values summed over rolls carry rounding: within CUBE_EPS they are
     * equal (a sure single win is worth the cash, not a hair more). */
    else if (d->dt >= d->nd - CUBE_EPS && d->dp >= d->nd - CUBE_EPS)
        d->action = d->dp <= d->dt ? BG_CA_DOUBLE_PASS
                  : fabsf(d->nd - d->dt) < CUBE_EPS ? BG_CA_OPTIONAL_TAKE
                  : beaver ? BG_CA_DOUBLE_BEAVER : BG_CA_DOUBLE_TAKE;
    else if (d->nd > d->dp)
        d->action = d->dt > d->dp ? BG_CA_TOOGOOD_PASS : BG_CA_TOOGOOD_TAKE;
    else
        d->action = beaver ? BG_CA_NODOUBLE_BEAVER : BG_CA_NODOUBLE_TAKE;
}

float bg_cube_value(const bg_cubeinfo *ci, const bg_pos *p,
                    const float v[BG_NOUT])
{
    float nd, dt, dp;
    raw(ci, p, v, &nd, &dt, &dp);
    if (!bg_cube_can_double(ci))
        return nd;
    float dbl = dt < dp ? dt : dp;
    return dbl > nd ? dbl : nd;
}

int bg_cube_should_double(const bg_cubedec *d)
{
    switch (d->action) {
    case BG_CA_DOUBLE_TAKE:
    case BG_CA_DOUBLE_BEAVER:
    case BG_CA_DOUBLE_PASS:
    case BG_CA_OPTIONAL_TAKE:   /* costs nothing, and the trailer after
                                   the Crawford game always does */
        return 1;
    default:
        return 0;
    }
}

int bg_cube_should_take(const bg_cubedec *d, const bg_cubeinfo *ci,
                        int *beaver)
{
    int take = d->dt < d->dp;
    if (beaver)
        *beaver = take && !ci->match && ci->beavers && d->dt < 0;
    return take;
}

const char *bg_cube_text(const bg_cubedec *d)
{
    int re = d->redouble;
    switch (d->action) {
    case BG_CA_NOT_AVAILABLE:
        return "No double available: the other side owns the cube";
    case BG_CA_DEAD:
        return re ? "Never redouble, take (dead cube)"
                  : "Never double, take (dead cube)";
    case BG_CA_NODOUBLE_TAKE:
        return re ? "No redouble, take" : "No double, take";
    case BG_CA_NODOUBLE_BEAVER:
        return re ? "No redouble, beaver" : "No double, beaver";
    case BG_CA_DOUBLE_TAKE:
        return re ? "Redouble, take" : "Double, take";
    case BG_CA_DOUBLE_BEAVER:
        return re ? "Redouble, beaver" : "Double, beaver";
    case BG_CA_DOUBLE_PASS:
        return re ? "Redouble, pass" : "Double, pass";
    case BG_CA_OPTIONAL_TAKE:
        return re ? "Optional redouble, take" : "Optional double, take";
    case BG_CA_TOOGOOD_TAKE:
        return re ? "Too good to redouble, take" : "Too good to double, take";
    default:
        return re ? "Too good to redouble, pass" : "Too good to double, pass";
    }
}
