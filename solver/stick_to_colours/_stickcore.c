/* The compiled Stick to Colours search core: the compact states of solver/stick_to_colours/state.py
 * (StickState: decisions generated in the order of the model's legal_moves, the dead-card key, the
 * early end once no card still to be taken is live, the margin bounds) and the fail-soft alpha-beta of
 * solver/search.py over them, with the transposition table and node budget shared with the Red7 core.
 *
 * A second implementation, written to visit exactly the same nodes in the same order as the Python
 * search, which stays the reference and the fallback (tests/solver/stick_to_colours/test_stick_core.py
 * holds the two together node for node). What a reading decides is passed in as flags; the scoring
 * rules stay in Python: a collection's points come from a Python function (cached here), and which
 * cards can still be in a set from the witness masks Python computed (state.witnesses). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "../_search_table.h"

#define KINDS 30
#define DEAD 31   /* the card a dead market card is keyed as */
#define MAXP 4    /* players */
#define MAXC 5    /* collections: the players and the bot */
#define MAXM 8    /* market slots (5 or 6 in play) */
#define MAXDECK 48

typedef uint64_t Hand; /* two bits of count per card, count << 2 * card */
#define LOW ((Hand)0x0555555555555555ULL) /* the low bit of every card's count */

static inline int popcount64(uint64_t m) {
    m -= m >> 1 & 0x5555555555555555ULL;
    m = (m & 0x3333333333333333ULL) + (m >> 2 & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)(m * 0x0101010101010101ULL >> 56);
}

/* A state, as StickState's tuple (deck, market, hands, dealer, passes, auction). A market slot is
 * card << 8 | q << 4 | x (the players' ? and X tokens), the market sorted; the auction is (lot, bidder,
 * leader, high, passed, refused) when has_auction. */
typedef struct {
    int8_t deck, nm, dealer, has_auction, bidder, leader;
    uint8_t passes, passed;
    int16_t high;
    uint16_t lot;
    int16_t refused[MAXP];
    uint16_t market[MAXM];
    Hand hands[MAXC];
} SState;

typedef struct { SState *v; size_t len, cap; } SVec;

static int push(SVec *a, const SState *s) {
    if (a->len == a->cap) {
        size_t cap = a->cap ? a->cap * 2 : 256;
        SState *v = PyMem_Realloc(a->v, cap * sizeof(SState));
        if (!v) { PyErr_NoMemory(); return -1; }
        a->v = v, a->cap = cap;
    }
    a->v[a->len++] = *s;
    return 0;
}

/* A collection's points, by hand code: computed by Python (the scoring rules), kept here. */
typedef struct { Hand *codes; int32_t *points; size_t slots, count; } PointsCache;

/* StickState._most's memo: (live hand, live pool, handed, room) -> the most points. */
typedef struct { Hand hand, pool, free; int32_t room, most; } MostEntry;
typedef struct { MostEntry *v; size_t slots, count; } MostCache;

#define LIVE_BITS 12

typedef struct {
    PyObject_HEAD
    int n, ncoll, bot, bot_scores, cover, raise_one, pass_final, anyone, when_needed, cumulative, tight, size;
    int everyone, deck_len;
    int8_t deck[MAXDECK];
    uint32_t deck_masks[MAXDECK + 1]; /* the cards of the deck from each depth on */
    Hand deck_codes[MAXDECK + 1];     /* the same as a hand code */
    int always_live[KINDS], nwitness[KINDS];
    uint32_t *witness[KINDS];         /* card c is live for a collection that may hold every card of one mask */
    PyObject *points_fn;
    PointsCache pc;
    MostCache mc;
    uint32_t live_avail[1 << LIVE_BITS], live_cards[1 << LIVE_BITS]; /* live_for's memo: avail + 1 (0: empty) */
    Generations table;
    size_t half, K;
    Budget budget;
    SVec kids;
} Core;

/* ---------------------------------------------------------------- points */

static inline size_t hash_hand(Hand h) { return (size_t)((h * 0x9E3779B97F4A7C15ULL) >> 20); }

static int pc_grow(PointsCache *pc) {
    size_t slots = pc->slots ? pc->slots * 2 : 4096;
    Hand *codes = PyMem_Calloc(slots, sizeof(Hand));
    int32_t *points = PyMem_Malloc(slots * sizeof(int32_t));
    if (!codes || !points) { PyMem_Free(codes), PyMem_Free(points); PyErr_NoMemory(); return -1; }
    for (size_t i = 0; i < pc->slots; i++) {
        if (!pc->codes[i]) continue;
        size_t j = hash_hand(pc->codes[i]) & (slots - 1);
        while (codes[j]) j = (j + 1) & (slots - 1);
        codes[j] = pc->codes[i], points[j] = pc->points[i];
    }
    PyMem_Free(pc->codes), PyMem_Free(pc->points);
    pc->codes = codes, pc->points = points, pc->slots = slots;
    return 0;
}

/* StickState.points: the most points of the collection ``h``; -1 with a Python error set. Codes are
 * stored plus one, so that 0 marks an empty slot. */
static int points(Core *C, Hand h, int *out) {
    PointsCache *pc = &C->pc;
    Hand code = h + 1;
    if (pc->slots) {
        for (size_t j = hash_hand(code) & (pc->slots - 1); pc->codes[j]; j = (j + 1) & (pc->slots - 1))
            if (pc->codes[j] == code) { *out = pc->points[j]; return 0; }
    }
    PyObject *r = PyObject_CallFunction(C->points_fn, "K", (unsigned long long)h);
    if (!r) return -1;
    long v = PyLong_AsLong(r);
    Py_DECREF(r);
    if (v == -1 && PyErr_Occurred()) return -1;
    if ((pc->count + 1) * 10 > pc->slots * 7 && pc_grow(pc) < 0) return -1;
    size_t j = hash_hand(code) & (pc->slots - 1);
    while (pc->codes[j]) j = (j + 1) & (pc->slots - 1);
    pc->codes[j] = code, pc->points[j] = (int32_t)v, pc->count++;
    *out = (int)v;
    return 0;
}

/* ---------------------------------------------------------------- dead cards and the key */

/* The cards (bit per card) a hand holds at least once: the even bits of the counts' or, squeezed together. */
static inline uint32_t presence(Hand h) {
    uint64_t x = (h | h >> 1) & LOW;
    x = (x | x >> 1) & 0x3333333333333333ULL;
    x = (x | x >> 2) & 0x0F0F0F0F0F0F0F0FULL;
    x = (x | x >> 4) & 0x00FF00FF00FF00FFULL;
    x = (x | x >> 8) & 0x0000FFFF0000FFFFULL;
    return (uint32_t)(x | x >> 16);
}

/* The cards live for a collection that may still hold the cards of ``avail`` (StickState._live, card
 * by card), kept by avail: a search meets few of them. */
static uint32_t live_for(Core *C, uint32_t avail) {
    size_t i = (size_t)((avail * 0x9E3779B1u) >> (32 - LIVE_BITS));
    if (C->live_avail[i] == avail + 1) return C->live_cards[i];
    uint32_t live = 0;
    for (int c = 0; c < KINDS; c++) {
        int yes = C->always_live[c];
        for (int k = 0; !yes && k < C->nwitness[c]; k++) yes = (C->witness[c][k] & avail) == C->witness[c][k];
        live |= (uint32_t)yes << c;
    }
    C->live_avail[i] = avail + 1, C->live_cards[i] = live;
    return live;
}

static inline int in_play(const Core *C, const SState *s) {
    return s->has_auction || s->nm || s->deck != C->deck_len;
}

static void sort16(uint16_t *v, int n) {
    for (int a = 1; a < n; a++) {
        uint16_t t = v[a];
        int j = a;
        while (j > 0 && v[j - 1] > t) { v[j] = v[j - 1]; j--; }
        v[j] = t;
    }
}

/* The key's bytes, a multiple of 8 (the table hashes and compares it 8 bytes at a time), zero where unused:
 * the buffer's size (KEY_BYTES) and what a game of n players and ncoll collections writes at most (key_bytes,
 * the length its table stores: a smaller entry, so more of them fit in memory). */
#define KEY_BYTES ((4 + 2 * MAXM + 9 * MAXC + 16 + 2 * MAXP + 7) / 8 * 8)
static size_t key_bytes(int n, int ncoll) { return (size_t)(3 + 2 * MAXM + 9 * ncoll + 3 + 7 + 2 * n + 7) / 8 * 8; }

/* As StickState._analyse: the key of s for ``player``'s question (into key, KEY_BYTES long; each dead
 * card anonymous: a hand's dead cards as their number, a dead market card or lot as DEAD, the hand
 * refusals of who passed for good left out), and whether any card still to be taken is live. */
static int analyse(Core *C, const SState *s, int player, uint8_t *key) {
    uint32_t common = C->deck_masks[s->deck], live_of[MAXC], live = 0;
    for (int k = 0; k < s->nm; k++) common |= (uint32_t)1 << (s->market[k] >> 8);
    if (s->has_auction) common |= (uint32_t)1 << (s->lot >> 8);
    for (int i = 0; i < C->ncoll; i++) live |= live_of[i] = live_for(C, common | presence(s->hands[i]));
    live &= common; /* the cards still to be taken live for some collection */
    memset(key, 0, KEY_BYTES);
    size_t p = 0;
    key[p++] = (uint8_t)player, key[p++] = (uint8_t)s->deck, key[p++] = (uint8_t)s->nm;
    uint16_t market[MAXM] = {0}; /* the slots past the market's stay 0: a key has no stray bytes */
    for (int k = 0; k < s->nm; k++)
        market[k] = live >> (s->market[k] >> 8) & 1 ? s->market[k] : (uint16_t)(DEAD << 8 | (s->market[k] & 255));
    sort16(market, s->nm);
    memcpy(key + p, market, sizeof(market)), p += sizeof(market);
    for (int i = 0; i < C->ncoll; i++) {
        Hand h = s->hands[i], live_part = h;
        int dead = 0;
        for (uint32_t gone = presence(h) & ~live_of[i]; gone; gone &= gone - 1) {
            int c = __builtin_ctz(gone), n = (int)(h >> 2 * c & 3);
            dead += n, live_part -= (Hand)n << 2 * c;
        }
        memcpy(key + p, &live_part, 8), p += 8;
        key[p++] = (uint8_t)dead;
    }
    key[p++] = (uint8_t)s->dealer, key[p++] = s->passes, key[p++] = (uint8_t)s->has_auction;
    if (s->has_auction) {
        uint16_t lot = live >> (s->lot >> 8) & 1 ? s->lot : (uint16_t)(DEAD << 8 | (s->lot & 255));
        memcpy(key + p, &lot, 2), p += 2;
        key[p++] = (uint8_t)s->bidder, key[p++] = (uint8_t)s->leader;
        memcpy(key + p, &s->high, 2), p += 2;
        key[p++] = s->passed;
        for (int i = 0; i < C->n; i++) {
            int16_t r = C->pass_final && (s->passed >> i & 1) ? 0 : s->refused[i];
            memcpy(key + p, &r, 2), p += 2;
        }
    }
    return live != 0;
}

/* StickState.outcome: 1 and the final margin in *v when play is over for the question (also before
 * the end once no card still to be taken is live), else 0 (the key made on the way is in key);
 * -1 with a Python error set. */
static int outcome(Core *C, const SState *s, int player, int *v, uint8_t *key) {
    if (in_play(C, s) && analyse(C, s, player, key)) return 0;
    int mine = 0, best = INT_MIN;
    for (int i = 0; i < C->ncoll; i++) {
        int pts;
        if (points(C, s->hands[i], &pts) < 0) return -1;
        if (i == player) mine = pts;
        else if (pts > best) best = pts;
    }
    *v = mine - best;
    return 1;
}

static inline int hand_size(Hand h) { return popcount64(h & LOW) + 2 * popcount64(h >> 1 & LOW); }

/* The part of the hand code h on the cards of the bitmask ``cards``. */
static inline Hand only(Hand h, uint32_t cards) {
    uint64_t x = cards; /* bit c to bit 2c (presence's inverse), then both bits of each count */
    x = (x | x << 16) & 0x0000FFFF0000FFFFULL;
    x = (x | x << 8) & 0x00FF00FF00FF00FFULL;
    x = (x | x << 4) & 0x0F0F0F0F0F0F0F0FULL;
    x = (x | x << 2) & 0x3333333333333333ULL;
    x = (x | x << 1) & 0x5555555555555555ULL;
    return h & (x | x << 1);
}

/* The cards two hand codes have in common, with the smaller count of each. */
static Hand common_of(Hand a, Hand b) {
    Hand out = 0;
    for (uint32_t cards = presence(a); cards; cards &= cards - 1) {
        int c = __builtin_ctz(cards);
        Hand x = a >> 2 * c & 3, y = b >> 2 * c & 3;
        out |= (x < y ? x : y) << 2 * c;
    }
    return out;
}

typedef struct { int card, copies, weight; } Item;

typedef struct {
    Core *C;
    int n, best;
    Item items[3 * KINDS];
    Hand rest[3 * KINDS + 1];
    int need[3 * KINDS + 1];
} Within;

/* state._most_within's walk: the same cuts, the same points asked for. */
static int walk(Within *w, int i, Hand chosen, int room) {
    int pts;
    if (w->need[i] <= room) {
        if (points(w->C, chosen + w->rest[i], &pts) < 0) return -1;
        if (pts > w->best) w->best = pts;
        return 0;
    }
    if (points(w->C, chosen + w->rest[i], &pts) < 0) return -1;
    if (pts <= w->best) return 0;
    const Item *it = &w->items[i];
    int t = room / it->weight < it->copies ? room / it->weight : it->copies;
    for (; t >= 0; t--)
        if (walk(w, i + 1, chosen + ((Hand)t << 2 * it->card), room - t * it->weight) < 0) return -1;
    return 0;
}

static int most_within(Core *C, Hand hand, Hand pool, Hand free, int room, int *out) {
    Within w;
    w.C = C, w.n = 0, w.best = -1;
    Hand codes[3] = {hand, free, pool};
    int weights[3] = {1, 1, 2};
    for (int k = 0; k < 3; k++)
        for (uint32_t cards = presence(codes[k]); cards; cards &= cards - 1) {
            int c = __builtin_ctz(cards);
            w.items[w.n++] = (Item){c, (int)(codes[k] >> 2 * c & 3), weights[k]};
        }
    w.rest[w.n] = 0, w.need[w.n] = 0;
    for (int i = w.n - 1; i >= 0; i--) {
        w.rest[i] = w.rest[i + 1] + ((Hand)w.items[i].copies << 2 * w.items[i].card);
        w.need[i] = w.need[i + 1] + w.items[i].copies * w.items[i].weight;
    }
    if (walk(&w, 0, 0, room) < 0) return -1;
    *out = w.best;
    return 0;
}

static inline size_t hash_most(Hand a, Hand b, Hand c, int room) {
    return hash_hand(a ^ (b * 0xC2B2AE3D27D4EB4FULL) ^ (c * 0x165667B19E3779F9ULL) ^ (Hand)room << 58);
}

static int mc_grow(MostCache *mc) {
    size_t slots = mc->slots ? mc->slots * 2 : 4096;
    MostEntry *v = PyMem_Calloc(slots, sizeof(MostEntry));
    if (!v) { PyErr_NoMemory(); return -1; }
    for (size_t i = 0; i < mc->slots; i++) {
        MostEntry *e = &mc->v[i];
        if (!e->room) continue;
        size_t j = hash_most(e->hand, e->pool, e->free, e->room) & (slots - 1);
        while (v[j].room) j = (j + 1) & (slots - 1);
        v[j] = *e;
    }
    PyMem_Free(mc->v);
    mc->v = v, mc->slots = slots;
    return 0;
}

/* StickState._most: the most points of a player holding ``hand`` who may still get ``pool`` (``handed``
 * of it by hand-over) when every lot won costs a refusal (``paid``: the lot of this auction, partly paid
 * in hand cards already), from the cards live for them; kept by (live hand, live pool, handed, room). */
static int most(Core *C, Hand hand, Hand pool, uint32_t common, Hand handed, int paid, int *out) {
    uint32_t live = live_for(C, common | presence(hand));
    int room = hand_size(hand) + hand_size(pool) + paid;
    Hand hl = only(hand, live), pl = only(pool, live), free = common_of(only(handed, live), pl);
    if (hand_size(hl) + 2 * hand_size(pl) - hand_size(free) <= room) return points(C, hand + pool, out);
    pl -= free, room += 1; /* stored plus one: 0 marks an empty slot */
    MostCache *mc = &C->mc;
    if (mc->slots) {
        for (size_t j = hash_most(hl, pl, free, room) & (mc->slots - 1); mc->v[j].room; j = (j + 1) & (mc->slots - 1)) {
            MostEntry *e = &mc->v[j];
            if (e->room == room && e->hand == hl && e->pool == pl && e->free == free) { *out = e->most; return 0; }
        }
    }
    int v;
    if (most_within(C, hl, pl, free, room - 1, &v) < 0) return -1;
    if ((mc->count + 1) * 10 > mc->slots * 7 && mc_grow(mc) < 0) return -1;
    size_t j = hash_most(hl, pl, free, room) & (mc->slots - 1);
    while (mc->v[j].room) j = (j + 1) & (mc->slots - 1);
    mc->v[j] = (MostEntry){hl, pl, free, room, v}, mc->count++;
    *out = v;
    return 0;
}

/* StickState.bounds: the margin ``player`` keeps by passing from now on (low) and at most reaches (high). */
static int bounds(Core *C, const SState *s, int player, int *low, int *high) {
    Hand left = C->deck_codes[s->deck], blocked[MAXC] = {0}, to_others = 0, to_player = 0;
    uint32_t common = C->deck_masks[s->deck];
    int nslots = s->nm + s->has_auction, tight = C->tight && !C->anyone;
    int lot_out = s->has_auction && C->pass_final ? s->passed : 0;
    if (tight && (C->n > 2 || C->bot)) { /* the market cards handed over while one side passes (state.py) */
        int lead = s->has_auction ? 1 << s->leader : 0, mine = 1 << player, others = C->everyone & ~mine;
        int leading = lead == mine;
        for (int k = 0; k < s->nm; k++) {
            int slot = s->market[k];
            Hand c = (Hand)1 << 2 * (slot >> 8);
            if ((leading ? slot | slot >> 4 : slot) & mine) to_others += c;
            if (((slot | (slot >> 4 & lead)) & others) == others) to_player += c;
        }
    }
    for (int k = 0; k < nslots; k++) {
        uint16_t slot = k < s->nm ? s->market[k] : s->lot;
        Hand c = (Hand)1 << 2 * (slot >> 8);
        left += c;
        common |= (uint32_t)1 << (slot >> 8);
        /* an X keeps a card from its owner; the lot goes to a bidder, never to who passed for good */
        int out = (C->anyone ? 0 : slot & 15) | (k == s->nm ? lot_out : 0);
        if (out) for (int i = 0; i < C->n; i++) if (out >> i & 1) blocked[i] += c;
    }
    int lo_set = 0, hi_set = 0, lo = 0, hi = 0, mine_now = 0, mine_all = 0;
    for (int i = 0; i < C->ncoll; i++) {
        int now_pts, best;
        if (points(C, s->hands[i], &now_pts) < 0) return -1;
        int r;
        if (!tight) r = points(C, s->hands[i] + left - blocked[i], &best);
        else if (i == C->n) r = points(C, s->hands[i] + to_others, &best); /* the bot: what both refused */
        else {
            int paid = s->has_auction && s->refused[i] && !(lot_out >> i & 1);
            Hand handed = C->n == 2 ? 0 : i == player ? to_player : to_others;
            r = most(C, s->hands[i], left - blocked[i], common, handed, paid, &best);
        }
        if (r < 0) return -1;
        if (i == player) {
            mine_now = now_pts, mine_all = best;
        } else {
            if (!lo_set || best > lo) lo = best, lo_set = 1;
            if (!hi_set || now_pts > hi) hi = now_pts, hi_set = 1;
        }
    }
    *low = mine_now - lo, *high = mine_all - hi;
    return 0;
}

/* ---------------------------------------------------------------- the rules */

/* StickState._end_of_turn: the market refilled from the deck, the dealer token passed on. */
static void end_of_turn(const Core *C, SState *s) {
    int need = C->size - s->nm;
    while (need-- > 0 && s->deck < C->deck_len) s->market[s->nm++] = (uint16_t)(C->deck[s->deck++] << 8);
    sort16(s->market, s->nm);
    s->dealer = (int8_t)((s->dealer + 1) % C->n);
    s->has_auction = 0, s->lot = 0, s->bidder = s->leader = 0, s->high = 0, s->passed = 0;
    memset(s->refused, 0, sizeof(s->refused));
}

/* StickState._end_of_bidding: the winner w takes the lot, their ? tokens turn to X, the others' go back;
 * then the hand-over (3-4 players: a card with the X of all but one goes to that one) or the bot's
 * cards (2 players: a card with both X goes to the bot). */
static void end_of_bidding(const Core *C, SState *s, int w) {
    s->hands[w] += (Hand)1 << 2 * (s->lot >> 8);
    int kept = 0, wbit = 1 << w;
    for (int k = 0; k < s->nm; k++) {
        int card = s->market[k] >> 8, x = (s->market[k] & 15) | (s->market[k] >> 4 & wbit);
        if (C->n >= 3 && popcount64((uint64_t)x) == C->n - 1) {
            int receiver = 31 - __builtin_clz((unsigned)(C->everyone & ~x));
            s->hands[receiver] += (Hand)1 << 2 * card;
        } else if (C->bot && x == C->everyone) {
            if (C->bot_scores) s->hands[C->n] += (Hand)1 << 2 * card;
        } else {
            s->market[kept++] = (uint16_t)(card << 8 | x);
        }
    }
    s->nm = (int8_t)kept;
    if (!C->cumulative) s->passes = 0;
    end_of_turn(C, s);
}

/* StickState._next_bidder: the next player after ``after`` who may still bid, or the end of bidding. */
static void next_bidder(const Core *C, SState *s, int after) {
    int skip = (C->pass_final ? s->passed : 0) | 1 << s->leader;
    if (skip == C->everyone) {
        end_of_bidding(C, s, s->leader);
        return;
    }
    for (int k = 1; k <= C->n; k++) {
        int q = (after + k) % C->n;
        if (!(skip >> q & 1)) { s->bidder = (int8_t)q; return; }
    }
}

static void dealer_pass(const Core *C, SState *s) {
    s->passes |= (uint8_t)(1 << s->dealer);
    if (s->passes == C->everyone) s->nm = 0, s->passes = 0;
    end_of_turn(C, s);
}

static void bid_pass(const Core *C, SState *s) {
    int p = s->bidder;
    s->passed |= (uint8_t)(1 << p);
    if ((s->passed | 1 << s->leader) == C->everyone) end_of_bidding(C, s, s->leader);
    else next_bidder(C, s, p);
}

/* StickState.children: a bidder whose X lies on the lot (who can only pass) passes at once. */
static int push_child(Core *C, SState *c) {
    while (!C->anyone && c->has_auction && (c->lot >> c->bidder & 1)) bid_pass(C, c);
    return push(&C->kids, c);
}

typedef struct { uint16_t code; int copies; } Class;

/* The classes of equal slots, in the market's (sorted) order. */
static int classes_of(const uint16_t *market, int nm, Class *out) {
    int k = 0;
    for (int j = 0; j < nm; j++) {
        if (k && out[k - 1].code == market[j]) out[k - 1].copies++;
        else out[k].code = market[j], out[k].copies = 1, k++;
    }
    return k;
}

/* Every bid of player p (StickState._bids) on ``market`` with ``hand``, against ``high`` with ``refused``
 * hand refusals so far: picks per open class (the last fastest), then each sub-collection of the hand
 * of an allowed size (sub_hands' order: cards up, fewer copies first, the last card fastest); each
 * bid makes the child ``make`` builds from (picks, open classes, hand refusal, its size). */
typedef int (*MakeBid)(Core *C, const SState *s, const uint16_t *market, int nm, const Class *open, int nopen,
                       const int *picks, Hand h, int hs, void *ctx);

typedef struct {
    Core *C;
    const SState *s;
    const uint16_t *market;
    const Class *open;
    const int *picks;
    MakeBid make;
    void *ctx;
    int nm, nopen, nk, lo, hi, m, need;
    int kinds[KINDS], counts[KINDS], after[KINDS + 1]; /* after[k]: the cards of the kinds from k on */
} Bidding;

/* The sub-collections from kind k on, in the order of the product (lexicographic), only those whose
 * size can still land in [lo, hi): the others would be dropped anyway. */
static int sub_hands(Bidding *b, int k, int size, Hand h) {
    if (k == b->nk) {
        if (size >= b->lo && b->m + size >= b->need && b->m + size > 0)
            return b->make(b->C, b->s, b->market, b->nm, b->open, b->nopen, b->picks, h, size, b->ctx);
        return 0;
    }
    for (int x = 0; x <= b->counts[k] && size + x < b->hi; x++) {
        if (size + x + b->after[k + 1] < b->lo) continue;
        if (sub_hands(b, k + 1, size + x, h + ((Hand)x << 2 * b->kinds[k])) < 0) return -1;
    }
    return 0;
}

static int bids(Core *C, const SState *s, int p, const uint16_t *market, int nm, Hand hand, int high, int refused,
                MakeBid make, void *ctx) {
    int bit = 1 << p, own = bit << 4 | bit;
    Class all[MAXM], open[MAXM];
    int nclasses = classes_of(market, nm, all), nopen = 0, current = refused, available = 0;
    for (int j = 0; j < nm; j++) current += market[j] >> 4 & bit ? 1 : 0;
    int need = high + 1 - current;
    for (int j = 0; j < nclasses; j++)
        if (!(all[j].code & own)) open[nopen++] = all[j], available += all[j].copies;
    int held = popcount64(hand & LOW) + 2 * popcount64(hand >> 1 & LOW);
    int lo_pick[MAXM], hi_pick[MAXM], picks[MAXM];
    for (int j = 0; j < nopen; j++) {
        int all_of = C->cover && (open[j].code >> 4 & 15); /* cover: a card with a ? on it is picked whole */
        lo_pick[j] = all_of ? open[j].copies : 0, hi_pick[j] = open[j].copies, picks[j] = lo_pick[j];
    }
    Bidding b = {C, s, market, open, picks, make, ctx, nm, nopen, 0, 0, 0, 0, need, {0}, {0}, {0}};
    for (uint32_t kinds = presence(hand); kinds; kinds &= kinds - 1) {
        int c = __builtin_ctz(kinds);
        b.kinds[b.nk] = c, b.counts[b.nk++] = (int)(hand >> 2 * c & 3);
    }
    b.after[b.nk] = 0;
    for (int k = b.nk - 1; k >= 0; k--) b.after[k] = b.after[k + 1] + b.counts[k];
    for (;;) {
        int m = 0, lo, hi, skip = 0;
        for (int j = 0; j < nopen; j++) m += picks[j];
        if (C->when_needed) {
            int extra = need > available ? need - available : 0;
            if (extra && m < available) skip = 1;
            lo = extra, hi = extra + 1;
        } else {
            lo = need - m > 0 ? need - m : 0, hi = held + 1;
        }
        if (C->raise_one) {
            if (need - m > lo) lo = need - m;
            if (need - m + 1 < hi) hi = need - m + 1;
        }
        if (!skip && lo < hi) {
            b.lo = lo, b.hi = hi, b.m = m;
            if (sub_hands(&b, 0, 0, 0) < 0) return -1;
        }
        int j = nopen - 1; /* the next picks, the last class fastest */
        while (j >= 0 && picks[j] == hi_pick[j]) picks[j] = lo_pick[j], j--;
        if (j < 0) break;
        picks[j]++;
    }
    return 0;
}

/* StickState._place: p's ? tokens on the picked market cards (the market sorted again), the refused
 * hand cards out of p's hand. */
static void place(int p, SState *c, const uint16_t *market, int nm, const Class *open, int nopen, const int *picks,
                  Hand h) {
    uint16_t qbit = (uint16_t)(1 << p << 4);
    memcpy(c->market, market, sizeof(uint16_t) * (size_t)nm);
    c->nm = (int8_t)nm;
    for (int j = 0; j < nopen; j++)
        for (int k = 0, done = 0; k < nm && done < picks[j]; k++)
            if (c->market[k] == open[j].code) c->market[k] |= qbit, done++;
    sort16(c->market, nm);
    c->hands[p] -= h;
}

typedef struct { int lot, p; } DealerCtx;

static int dealer_bid(Core *C, const SState *s, const uint16_t *market, int nm, const Class *open, int nopen,
                      const int *picks, Hand h, int hs, void *ctx) {
    (void)ctx;
    const DealerCtx *d = ctx;
    SState c = *s;
    int sum = 0;
    for (int j = 0; j < nopen; j++) sum += picks[j];
    place(d->p, &c, market, nm, open, nopen, picks, h);
    c.has_auction = 1, c.lot = (uint16_t)d->lot, c.bidder = c.leader = (int8_t)d->p, c.high = (int16_t)(sum + hs);
    c.passed = 0;
    memset(c.refused, 0, sizeof(c.refused));
    c.refused[d->p] = (int16_t)hs;
    next_bidder(C, &c, d->p);
    return push_child(C, &c);
}

static int raise_bid(Core *C, const SState *s, const uint16_t *market, int nm, const Class *open, int nopen,
                     const int *picks, Hand h, int hs, void *ctx) {
    (void)ctx;
    int p = s->bidder, tokens = 0, sum = 0;
    for (int j = 0; j < s->nm; j++) tokens += s->market[j] >> 4 & (1 << p) ? 1 : 0;
    for (int j = 0; j < nopen; j++) sum += picks[j];
    SState c = *s;
    place(p, &c, market, nm, open, nopen, picks, h);
    int mine = s->refused[p] + hs;
    c.refused[p] = (int16_t)mine;
    c.leader = (int8_t)p, c.high = (int16_t)(tokens + sum + mine);
    if (!C->pass_final) c.passed = 0;
    next_bidder(C, &c, p);
    return push_child(C, &c);
}

/* StickState.children of s appended to C->kids, in the model's order. */
static int children(Core *C, const SState *s) {
    SState c = *s;
    if (!s->has_auction) {
        dealer_pass(C, &c);
        if (push_child(C, &c) < 0) return -1;
        int p = s->dealer;
        Class classes[MAXM];
        int nclasses = classes_of(s->market, s->nm, classes);
        for (int j = 0; j < nclasses; j++) {
            uint16_t lot = classes[j].code, rest[MAXM];
            if (!C->anyone && (lot >> p & 1)) continue;
            int nr = 0, removed = 0;
            for (int k = 0; k < s->nm; k++) {
                if (!removed && s->market[k] == lot) { removed = 1; continue; }
                rest[nr++] = s->market[k];
            }
            DealerCtx d = {lot, p};
            if (bids(C, s, p, rest, nr, s->hands[p], 0, 0, dealer_bid, &d) < 0) return -1;
        }
        return 0;
    }
    bid_pass(C, &c);
    if (push_child(C, &c) < 0) return -1;
    int p = s->bidder;
    if (!C->anyone && (s->lot & 1 << p)) return 0;
    return bids(C, s, p, s->market, s->nm, s->hands[p], s->high, s->refused[p], raise_bid, NULL);
}

/* ---------------------------------------------------------------- the search */

/* As Search._search with the game's bounds: fail-soft alpha-beta from ``player``'s side (the others
 * together minimise), the table's best child first. Sets *err (a Python error is set) on a limit,
 * Ctrl-C or an error of the points function. */
static int search(Core *C, const SState *s, int player, int alpha, int beta, int *err) {
    int v, low, high;
    uint8_t key[KEY_BYTES];
    if (spend(&C->budget) < 0) { *err = 1; return 0; }
    int over = outcome(C, s, player, &v, key);
    if (over < 0) { *err = 1; return 0; }
    if (over) return v;
    if (bounds(C, s, player, &low, &high) < 0) { *err = 1; return 0; }
    if (high <= alpha || low == high) return high;
    if (low >= beta) return low;
    uint64_t h = hash_key(key, C->K);
    Where found;
    Head *e = gen_get(&C->table, key, C->K, h, &found);
    int first, lo, hi;
    if (probe(e, &alpha, &beta, &lo, &hi, &first, &v)) return v;
    size_t base = C->kids.len;
    if (children(C, s) < 0) { C->kids.len = base; *err = 1; return 0; }
    int nk = (int)(C->kids.len - base);
    /* the table's best child first (at most the last), then the others in the game's order */
    int head = first < nk ? first : nk - 1;
    int a = alpha, b = beta, best_index = first, maximising = (s->has_auction ? s->bidder : s->dealer) == player;
    int best = maximising ? -INF : INF;
    for (int step = 0; step < nk; step++) {
        int i = nth_child(first, head, step);
        SState child = C->kids.v[base + i];
        v = search(C, &child, player, a, b, err);
        if (*err) { C->kids.len = base; return 0; }
        if (take(maximising, v, i, &best, &best_index, &a, &b)) break;
    }
    C->kids.len = base;
    narrowed(best, alpha, beta, &lo, &hi);
    if (gen_put(&C->table, C->half, key, C->K, h, lo, hi, best_index, &found) < 0) { *err = 1; return 0; }
    return best;
}

/* ---------------------------------------------------------------- Python conversions */

static int int_in(PyObject *o, long lo, long hi, const char *what, long *out) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < lo || v > hi) { PyErr_Format(PyExc_ValueError, "%s out of range: %ld", what, v); return -1; }
    *out = v;
    return 0;
}

static int slot_from(PyObject *o, uint16_t *slot) {
    long v;
    if (int_in(o, 0, (KINDS - 1) << 8 | 255, "market slot", &v) < 0) return -1;
    *slot = (uint16_t)v;
    return 0;
}

/* (deck, market, hands, dealer, passes, auction) -> SState */
static int state_from(const Core *C, PyObject *t, SState *s) {
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 6) {
        PyErr_SetString(PyExc_TypeError, "a state is (deck, market, hands, dealer, passes, auction)");
        return -1;
    }
    long v;
    memset(s, 0, sizeof(*s));
    PyObject *market = PyTuple_GET_ITEM(t, 1), *hands = PyTuple_GET_ITEM(t, 2), *auction = PyTuple_GET_ITEM(t, 5);
    if (int_in(PyTuple_GET_ITEM(t, 0), 0, C->deck_len, "deck", &v) < 0) return -1;
    s->deck = (int8_t)v;
    if (!PyTuple_Check(market) || PyTuple_GET_SIZE(market) > MAXM || !PyTuple_Check(hands) ||
        PyTuple_GET_SIZE(hands) != C->ncoll) {
        PyErr_Format(PyExc_ValueError, "a state of this search has a market of at most %d slots and %d hands", MAXM,
                     C->ncoll);
        return -1;
    }
    s->nm = (int8_t)PyTuple_GET_SIZE(market);
    for (int k = 0; k < s->nm; k++) if (slot_from(PyTuple_GET_ITEM(market, k), &s->market[k]) < 0) return -1;
    for (int i = 0; i < C->ncoll; i++) {
        unsigned long long h = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(hands, i));
        if (h == (unsigned long long)-1 && PyErr_Occurred()) return -1;
        s->hands[i] = h;
    }
    if (int_in(PyTuple_GET_ITEM(t, 3), 0, C->n - 1, "dealer", &v) < 0) return -1;
    s->dealer = (int8_t)v;
    if (int_in(PyTuple_GET_ITEM(t, 4), 0, C->everyone, "passes", &v) < 0) return -1;
    s->passes = (uint8_t)v;
    if (auction == Py_None) return 0;
    if (!PyTuple_Check(auction) || PyTuple_GET_SIZE(auction) != 6 || !PyTuple_Check(PyTuple_GET_ITEM(auction, 5)) ||
        PyTuple_GET_SIZE(PyTuple_GET_ITEM(auction, 5)) != C->n) {
        PyErr_SetString(PyExc_ValueError, "an auction is (lot, bidder, leader, high, passed, refused per player)");
        return -1;
    }
    s->has_auction = 1;
    if (slot_from(PyTuple_GET_ITEM(auction, 0), &s->lot) < 0) return -1;
    if (int_in(PyTuple_GET_ITEM(auction, 1), 0, C->n - 1, "bidder", &v) < 0) return -1;
    s->bidder = (int8_t)v;
    if (int_in(PyTuple_GET_ITEM(auction, 2), 0, C->n - 1, "leader", &v) < 0) return -1;
    s->leader = (int8_t)v;
    if (int_in(PyTuple_GET_ITEM(auction, 3), 0, 10000, "high", &v) < 0) return -1;
    s->high = (int16_t)v;
    if (int_in(PyTuple_GET_ITEM(auction, 4), 0, C->everyone, "passed", &v) < 0) return -1;
    s->passed = (uint8_t)v;
    for (int i = 0; i < C->n; i++) {
        if (int_in(PyTuple_GET_ITEM(PyTuple_GET_ITEM(auction, 5), i), 0, 10000, "refused", &v) < 0) return -1;
        s->refused[i] = (int16_t)v;
    }
    return 0;
}

static PyObject *state_to(const Core *C, const SState *s) {
    PyObject *market = PyTuple_New(s->nm), *hands = PyTuple_New(C->ncoll), *auction = NULL;
    if (!market || !hands) goto fail;
    for (int k = 0; k < s->nm; k++) PyTuple_SET_ITEM(market, k, PyLong_FromLong(s->market[k]));
    for (int i = 0; i < C->ncoll; i++) PyTuple_SET_ITEM(hands, i, PyLong_FromUnsignedLongLong(s->hands[i]));
    if (s->has_auction) {
        PyObject *refused = PyTuple_New(C->n);
        if (!refused) goto fail;
        for (int i = 0; i < C->n; i++) PyTuple_SET_ITEM(refused, i, PyLong_FromLong(s->refused[i]));
        auction = Py_BuildValue("(iiiiiN)", s->lot, s->bidder, s->leader, s->high, s->passed, refused);
        if (!auction) goto fail;
    } else {
        auction = Py_NewRef(Py_None);
    }
    return Py_BuildValue("(iNNiiN)", s->deck, market, hands, s->dealer, s->passes, auction);
fail:
    Py_XDECREF(market), Py_XDECREF(hands);
    return NULL;
}

/* ---------------------------------------------------------------- the Python type */

static int Core_init(Core *C, PyObject *args, PyObject *kw) {
    static char *names[] = {"players", "flags", "size", "deck", "witness", "points", "max_nodes", "timeout",
                            "table_size", "limit_error", "cpu_time", NULL};
    PyObject *flags, *deck, *witness, *points_fn, *max_nodes, *timeout, *limit_error;
    int n, size, cpu_time;
    Py_ssize_t table_size;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iO!iO!O!OOOnOp", names, &n, &PyTuple_Type, &flags, &size, &PyTuple_Type,
                                     &deck, &PyTuple_Type, &witness, &points_fn, &max_nodes, &timeout, &table_size,
                                     &limit_error, &cpu_time))
        return -1;
    if (n < 2 || n > MAXP) { PyErr_SetString(PyExc_ValueError, "Stick to Colours takes 2 to 4 players"); return -1; }
    if (size < 1 || size > MAXM) { PyErr_SetString(PyExc_ValueError, "market size out of range"); return -1; }
    int *f[] = {&C->bot, &C->bot_scores, &C->cover, &C->raise_one, &C->pass_final, &C->anyone, &C->when_needed,
                &C->cumulative, &C->tight};
    if (PyTuple_GET_SIZE(flags) != 9) { PyErr_SetString(PyExc_ValueError, "flags: 9 expected"); return -1; }
    for (int i = 0; i < 9; i++) {
        int b = PyObject_IsTrue(PyTuple_GET_ITEM(flags, i));
        if (b < 0) return -1;
        *f[i] = b;
    }
    C->n = n, C->size = size, C->ncoll = n + C->bot, C->everyone = (1 << n) - 1;
    if (PyTuple_GET_SIZE(deck) > MAXDECK) { PyErr_SetString(PyExc_ValueError, "deck too long"); return -1; }
    C->deck_len = (int)PyTuple_GET_SIZE(deck);
    for (int k = 0; k < C->deck_len; k++) {
        long v;
        if (int_in(PyTuple_GET_ITEM(deck, k), 0, KINDS - 1, "deck card", &v) < 0) return -1;
        C->deck[k] = (int8_t)v;
    }
    C->deck_masks[C->deck_len] = 0, C->deck_codes[C->deck_len] = 0;
    for (int k = C->deck_len - 1; k >= 0; k--) {
        C->deck_masks[k] = C->deck_masks[k + 1] | (uint32_t)1 << C->deck[k];
        C->deck_codes[k] = C->deck_codes[k + 1] + ((Hand)1 << 2 * C->deck[k]);
    }
    if (PyTuple_GET_SIZE(witness) != KINDS) { PyErr_SetString(PyExc_ValueError, "witness: one per card"); return -1; }
    for (int c = 0; c < KINDS; c++) {
        PyObject *w = PyTuple_GET_ITEM(witness, c);
        PyMem_Free(C->witness[c]);
        C->witness[c] = NULL, C->nwitness[c] = 0, C->always_live[c] = w == Py_None;
        if (w == Py_None) continue;
        if (!PyTuple_Check(w)) { PyErr_SetString(PyExc_TypeError, "a card's witnesses are a tuple of masks"); return -1; }
        C->nwitness[c] = (int)PyTuple_GET_SIZE(w);
        C->witness[c] = PyMem_Malloc(sizeof(uint32_t) * (size_t)(C->nwitness[c] ? C->nwitness[c] : 1));
        if (!C->witness[c]) { PyErr_NoMemory(); return -1; }
        for (int k = 0; k < C->nwitness[c]; k++) {
            long v;
            if (int_in(PyTuple_GET_ITEM(w, k), 0, (1L << KINDS) - 1, "witness mask", &v) < 0) return -1;
            C->witness[c][k] = (uint32_t)v;
        }
    }
    Py_XSETREF(C->points_fn, Py_NewRef(points_fn));
    memset(C->live_avail, 0, sizeof(C->live_avail)); /* live_for's memo holds this game's witnesses only */
    C->K = key_bytes(n, C->ncoll);
    C->half = table_size / 2 > 0 ? (size_t)(table_size / 2) : 1;
    return budget_init(&C->budget, max_nodes, timeout, limit_error, cpu_time);
}

static void Core_dealloc(Core *C) {
    gen_free(&C->table);
    for (int c = 0; c < KINDS; c++) PyMem_Free(C->witness[c]);
    PyMem_Free(C->pc.codes), PyMem_Free(C->pc.points), PyMem_Free(C->mc.v), PyMem_Free(C->kids.v);
    Py_XDECREF(C->points_fn);
    Py_XDECREF(C->budget.limit_error);
    Py_TYPE(C)->tp_free((PyObject *)C);
}

static PyObject *Core_value(Core *C, PyObject *args) {
    PyObject *state;
    int player, alpha = -INF, beta = INF, err = 0;
    SState s;
    if (!PyArg_ParseTuple(args, "Oi|ii", &state, &player, &alpha, &beta) || state_from(C, state, &s) < 0) return NULL;
    if (player < 0 || player >= C->n) { PyErr_SetString(PyExc_ValueError, "no such player"); return NULL; }
    int v = search(C, &s, player, alpha, beta, &err);
    return err ? NULL : PyLong_FromLong(v);
}

static PyObject *Core_children(Core *C, PyObject *state) {
    SState s;
    if (state_from(C, state, &s) < 0) return NULL;
    size_t base = C->kids.len;
    if (children(C, &s) < 0) { C->kids.len = base; return NULL; }
    PyObject *list = PyList_New(0);
    for (size_t i = base; list && i < C->kids.len; i++) {
        PyObject *c = state_to(C, &C->kids.v[i]);
        if (!c || PyList_Append(list, c) < 0) Py_CLEAR(list);
        Py_XDECREF(c);
    }
    C->kids.len = base;
    return list;
}

/* The transposition key of a state (for the tests: equal exactly when StickState.key is equal). */
static PyObject *Core_key(Core *C, PyObject *state) {
    SState s;
    uint8_t key[KEY_BYTES];
    if (state_from(C, state, &s) < 0) return NULL;
    analyse(C, &s, 0, key);
    return PyBytes_FromStringAndSize((const char *)key, (Py_ssize_t)C->K);
}

BUDGET_GETTERS(Core, budget)

static PyMethodDef Core_methods[] = {
    {"value", (PyCFunction)Core_value, METH_VARARGS, "value(state, player, alpha=-INF, beta=INF): fail-soft margin"},
    {"children", (PyCFunction)Core_children, METH_O, "children(state): the states after each decision, in order"},
    {"key", (PyCFunction)Core_key, METH_O, "key(state): the transposition key (bytes)"},
    {NULL},
};

static PyGetSetDef Core_getset[] = {
    BUDGET_GETSET,
    {NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "arbiter.solver.stick_to_colours._stickcore.Search",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(players, flags, size, deck, witness, points, max_nodes, timeout, table_size, limit_error, cpu_time): the "
              "compiled Stick to Colours search with its own node budget and transposition table",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_stickcore", "The compiled Stick to Colours search core.", -1,
                                    NULL};

PyMODINIT_FUNC PyInit__stickcore(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Search", (PyObject *)&CoreType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
