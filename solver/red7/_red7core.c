/* The compiled Red7 search core: states, whole-turn generation (Basic, Advanced, Actions and the
 * reading switches listed in solver/red7/core.py), winning checks, Advanced banked points and the
 * alpha-beta/coalition search with its two-generation transposition table.
 *
 * It is a second implementation of solver/red7/game.py and solver/search.py, written to visit exactly
 * the same nodes in the same order: children are generated in the order of Red7Game.children and
 * searched in the order of Red7Game.order (reply counts, see order_children), the
 * table keeps and drops entries as search.Table does, the node budget is checked where
 * search.Budget checks it. tests/solver/test_core.py holds the two together node for node.
 * Python decides which rulesets the core may take (solver/red7/core.py); this file trusts its flags. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <limits.h>
#include <time.h>

typedef uint64_t Mask;

#define INF (1 << 30)
#define WIN (1 << 10)
#define MAXP 4
#define MAXDECK 49
#define CHECK_EVERY 512

/* ---------------------------------------------------------------- cards and the seven rules */

#define NUMBER_MASK(n) (((Mask)0x7F) << (7 * ((n) - 1)))
static Mask COLOUR_MASK[7];
static Mask EVEN_MASK, BELOW_4_MASK, ACTION_MASK;
static int RUN_LENGTH[128], RUN_TOP[128], RUN_NUMBERS[128]; /* best run of each set of numbers */

static inline int bitlen(Mask m) { return m ? 64 - __builtin_clzll(m) : 0; }
/* Bit counting by hand: __builtin_popcountll is a library call unless the build targets a CPU with
 * the instruction, and the core is built for whatever the machine's compiler targets by default. */
static inline int popcount(Mask m) {
    m -= m >> 1 & 0x5555555555555555ULL;
    m = (m & 0x3333333333333333ULL) + (m >> 2 & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)(m * 0x0101010101010101ULL >> 56);
}
static inline Mask top(Mask m) { return m ? (Mask)1 << (bitlen(m) - 1) : 0; }
static inline int number_of(int c) { return c / 7 + 1; }
static inline int colour_of(int c) { return 6 - c % 7; }
static inline int group_key(Mask g) { return g ? popcount(g) << 6 | bitlen(g) : 0; }

static void init_tables(void) {
    for (int c = 0; c < 7; c++) {
        COLOUR_MASK[c] = 0;
        for (int n = 1; n <= 7; n++) COLOUR_MASK[c] |= (Mask)1 << ((n - 1) * 7 + (6 - c));
    }
    EVEN_MASK = NUMBER_MASK(2) | NUMBER_MASK(4) | NUMBER_MASK(6);
    BELOW_4_MASK = NUMBER_MASK(1) | NUMBER_MASK(2) | NUMBER_MASK(3);
    ACTION_MASK = NUMBER_MASK(1) | NUMBER_MASK(3) | NUMBER_MASK(5) | NUMBER_MASK(7);
    /* As fast._runs: the greatest (length, top number, numbers) among the runs present. */
    for (int present = 0; present < 128; present++) {
        int bl = 0, bt = 0, bm = 0, n = 1;
        while (n <= 7) {
            if (present >> (n - 1) & 1) {
                int start = n;
                while (n + 1 <= 7 && (present >> n & 1)) n++;
                int len = n - start + 1, msk = ((1 << len) - 1) << (start - 1);
                if (len > bl || (len == bl && (n > bt || (n == bt && msk > bm)))) bl = len, bt = n, bm = msk;
            }
            n++;
        }
        RUN_LENGTH[present] = bl, RUN_TOP[present] = bt, RUN_NUMBERS[present] = bm;
    }
}

static inline int numbers_present(Mask m) {
    int p = 0;
    for (int n = 1; n <= 7; n++)
        if (m & NUMBER_MASK(n)) p |= 1 << (n - 1);
    return p;
}

/* A key is count << 6 | (highest qualifying card + 1), 0 when nothing qualifies (as fast.py). */
static int rule_key(int rule, Mask m) {
    int best = 0, k;
    switch (rule) {
    case 0: return m ? 64 | bitlen(m) : 0;
    case 1:
        for (int n = 1; n <= 7; n++) if ((k = group_key(m & NUMBER_MASK(n))) > best) best = k;
        return best;
    case 2:
        for (int c = 0; c < 7; c++) if ((k = group_key(m & COLOUR_MASK[c])) > best) best = k;
        return best;
    case 3: return group_key(m & EVEN_MASK);
    case 4:
        if (!m) return 0;
        for (int c = 0; c < 7; c++) if (m & COLOUR_MASK[c]) best++;
        return best << 6 | bitlen(m);
    case 5: {
        int p = numbers_present(m), len = RUN_LENGTH[p];
        return len ? len << 6 | bitlen(m & NUMBER_MASK(RUN_TOP[p])) : 0;
    }
    default: return group_key(m & BELOW_4_MASK);
    }
}

static Mask qualifying_mask(int rule, Mask m) {
    Mask q = 0;
    if (!m) return 0;
    switch (rule) {
    case 0: return top(m);
    case 1: return m & NUMBER_MASK(number_of((rule_key(1, m) & 63) - 1));
    case 2: return m & COLOUR_MASK[colour_of((rule_key(2, m) & 63) - 1)];
    case 3: return m & EVEN_MASK;
    case 4:
        for (int c = 0; c < 7; c++) q |= top(m & COLOUR_MASK[c]);
        return q;
    case 5: {
        int numbers = RUN_NUMBERS[numbers_present(m)];
        for (int n = 1; n <= 7; n++) if (numbers >> (n - 1) & 1) q |= top(m & NUMBER_MASK(n));
        return q;
    }
    default: return m & BELOW_4_MASK;
    }
}

/* ---------------------------------------------------------------- the ruleset, as flags */

typedef struct {
    int actions, advanced, highest_card, legal_losing, mandatory_draw, action_optional, a1_any, a1_before,
        a1_bottom, a3_discardable, a5_chains, a7_to_deck, a7_advanced_draw, a7_at_once, discard_after_7,
        all_tied_groups;
} Rules;

#define N_FLAGS 16

/* ---------------------------------------------------------------- states */

typedef struct {
    Mask hands[MAXP], palettes[MAXP];
    int8_t rule, to_move, out, n, deck_len;
    uint8_t deck[MAXDECK]; /* top first */
} State;

static int leader(const Rules *R, int rule, const Mask *palettes, int n, int out) {
    int best = 0, who = -1;
    for (int i = 0; i < n; i++) {
        int k = out >> i & 1 ? 0 : rule_key(rule, palettes[i]);
        if (k > best) best = k, who = i;
    }
    if (who < 0 && R->highest_card) {
        best = 0;
        for (int i = 0; i < n; i++) {
            int b = out >> i & 1 ? 0 : bitlen(palettes[i]);
            if (b > best) best = b, who = i;
        }
    }
    return who;
}

static inline int players_in(const State *s) { return s->n - popcount((Mask)(uint8_t)s->out); }

/* As game.next_to_move: the next player still in moves; a player without hand cards at the start
 * of the turn goes out; with one player left, that player is named. */
static void next_to_move(State *s, int out, int me) {
    int n = s->n, nxt = me;
    while (n - popcount((Mask)out) > 1) {
        nxt = (nxt + 1) % n;
        if (out >> nxt & 1) continue;
        if (s->hands[nxt]) break;
        out |= 1 << nxt;
    }
    if (n - popcount((Mask)out) <= 1) {
        nxt = me;
        for (int i = 0; i < n; i++) if (!(out >> i & 1)) { nxt = i; break; }
    }
    s->to_move = (int8_t)nxt, s->out = (int8_t)out;
}

static int round_winner(const State *s) {
    if (players_in(s) > 1) return -1;
    for (int i = 0; i < s->n; i++) if (!(s->out >> i & 1)) return i;
    return -1;
}

static Mask all_tied_groups(int rule, Mask palette, Mask best) {
    int size = popcount(best);
    Mask total = 0, rest = palette;
    while (rest) {
        Mask g = qualifying_mask(rule, rest);
        if (popcount(g) != size) break;
        total |= g;
        if (rule == 5) {
            Mask numbers = 0;
            for (Mask x = g; x; x &= x - 1) numbers |= NUMBER_MASK(number_of(__builtin_ctzll(x)));
            rest &= ~numbers;
        } else {
            rest &= ~g;
        }
    }
    return total;
}

static int banked_points(const Rules *R, const State *s) {
    if (!R->advanced) return 0;
    int w = round_winner(s);
    if (w < 0) return 0;
    Mask palette = s->palettes[w], banked = qualifying_mask(s->rule, palette);
    if (R->all_tied_groups && banked && (s->rule == 1 || s->rule == 2 || s->rule == 5))
        banked = all_tied_groups(s->rule, palette, banked);
    if (!banked && R->highest_card && palette) banked = top(palette);
    int total = 0;
    for (; banked; banked &= banked - 1) total += number_of(__builtin_ctzll(banked));
    return total;
}

/* As Red7Game.outcome: 1 and the value in *v when play is over for ``player``'s question. */
static int outcome(const Rules *R, const State *s, int player, int *v) {
    if (players_in(s) > 1) {
        if (s->out >> player & 1) { *v = -WIN; return 1; }
        return 0;
    }
    int w = round_winner(s);
    if (w == player) *v = WIN + banked_points(R, s);
    else if (s->n == 2 && w >= 0) *v = -(WIN + banked_points(R, s));
    else *v = -WIN;
    return 1;
}

/* ---------------------------------------------------------------- growable arrays */

typedef struct {
    Mask hand, drawn;
    Mask palettes[MAXP];
    int8_t rule, deck_len, moved_to_canvas, failed, discarded, stays;
    uint8_t deck[MAXDECK];
} Turn;

typedef struct { State *v; size_t len, cap; } StateVec;
typedef struct { Turn *v; size_t len, cap; } TurnVec;

/* Room for one more element of ``size`` bytes in the array *v of *cap elements holding len. */
static int reserve(void **v, size_t *cap, size_t len, size_t size) {
    if (len < *cap) return 0;
    size_t bigger = *cap ? *cap * 2 : 64;
    void *w = PyMem_Realloc(*v, bigger * size);
    if (!w) { PyErr_NoMemory(); return -1; }
    *v = w, *cap = bigger;
    return 0;
}

static int push_state(StateVec *a, const State *s) {
    if (reserve((void **)&a->v, &a->cap, a->len, sizeof(State)) < 0) return -1;
    a->v[a->len++] = *s;
    return 0;
}

static int push_turn(TurnVec *a, const Turn *t) {
    if (reserve((void **)&a->v, &a->cap, a->len, sizeof(Turn)) < 0) return -1;
    a->v[a->len++] = *t;
    return 0;
}

/* ---------------------------------------------------------------- the transposition table */

/* Entries are stored densely, in the order they were made: (low hash bits, lower bound, upper
 * bound, best child, key). An open-addressing index with linear probing maps a hash to an entry;
 * each index slot holds the entry's tag (the high hash bits) and its number plus one (0: empty),
 * so a probe compares tags without touching the entry, and the index alone is sized for the load. */
typedef struct { int32_t lo, hi, first, unused; } Head;
typedef struct {
    uint64_t *index;
    uint8_t *mem;
    size_t slots, count, cap, esize;
} Tab;

#define ENTRY(t, n) ((Head *)((t)->mem + (n) * (t)->esize))
#define KEY_OF(e) ((uint8_t *)(e) + sizeof(Head))

static void tab_free(Tab *t) {
    PyMem_Free(t->index), PyMem_Free(t->mem);
    memset(t, 0, sizeof(*t));
}

static inline uint64_t hash_key(const uint8_t *key, size_t K) {
    uint64_t h = 0x243F6A8885A308D3ULL, w;
    for (size_t i = 0; i < K; i += 8) {
        memcpy(&w, key + i, 8);
        h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
        h ^= h >> 31;
    }
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ h >> 29;
}

static inline uint64_t tag_of(uint64_t h) { return h >> 32 << 32; }

static Head *tab_find(const Tab *t, const uint8_t *key, size_t K, uint64_t h) {
    if (!t->slots) return NULL;
    size_t mask = t->slots - 1, i = h & mask;
    uint64_t tag = tag_of(h);
    for (uint64_t x; (x = t->index[i]); i = (i + 1) & mask)
        if ((x & ~0xFFFFFFFFULL) == tag) {
            Head *e = ENTRY(t, (x & 0xFFFFFFFFULL) - 1);
            if (memcmp(KEY_OF(e), key, K) == 0) return e;
        }
    return NULL;
}

static void index_entry(Tab *t, uint64_t h, size_t n) {
    size_t mask = t->slots - 1, i = h & mask;
    while (t->index[i]) i = (i + 1) & mask;
    t->index[i] = tag_of(h) | (n + 1);
}

/* Room for one more entry: the index kept under 70% full, the entries grown by half. */
static int tab_reserve(Tab *t, size_t K) {
    t->esize = sizeof(Head) + K;
    if ((t->count + 1) * 10 > t->slots * 7) {
        size_t slots = t->slots ? t->slots * 2 : 1024;
        uint64_t *index = PyMem_Calloc(slots, sizeof(uint64_t));
        if (!index) { PyErr_NoMemory(); return -1; }
        PyMem_Free(t->index);
        t->index = index, t->slots = slots;
        for (size_t n = 0; n < t->count; n++) {
            index_entry(t, hash_key(KEY_OF(ENTRY(t, n)), K), n);
        }
    }
    if (t->count == t->cap) {
        size_t cap = t->cap ? t->cap + t->cap / 2 : 1024;
        uint8_t *mem = PyMem_Realloc(t->mem, cap * t->esize);
        if (!mem) { PyErr_NoMemory(); return -1; }
        t->mem = mem, t->cap = cap;
    }
    return 0;
}

/* ---------------------------------------------------------------- the search object */

typedef struct {
    PyObject_HEAD
    Rules R;
    int n, uses_deck;
    size_t K; /* key bytes, a multiple of 8 */
    Tab young[2], old[2]; /* one table per ordering of a race (variant): their best children differ */
    size_t half;
    StateVec kids;
    TurnVec branches, ends;
    long long nodes, max_nodes, check_at; /* max_nodes < 0: no node limit */
    double started, deadline;              /* deadline < 0: no time limit */
    PyObject *limit_error;
    long long race_from, race_limit; /* the orderings race (see run) in shares of race_from nodes; 0 or less: never */
    int two_ply_from, variant;       /* variant 1: the two-ply score from two_ply_from hand cards (order_children) */
    int counting;          /* emit counts the children instead of storing them */
    long long counted;
    struct { int *v; size_t len, cap; } order; /* move ordering: a stack of (index, score) arrays */
    int order_from;        /* hand cards in all from which children are ordered (Red7Game.order_from) */
} Core;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* As Budget.spend: count the node; every CHECK_EVERY nodes check the limits and Ctrl-C. */
static int spend(Core *S) {
    S->nodes++;
    if (S->nodes < S->check_at) return 0;
    if (S->max_nodes >= 0 && S->nodes > S->max_nodes) {
        S->nodes = S->max_nodes; /* as Budget: the node over the limit is not searched, so not counted */
        PyErr_Format(S->limit_error, "node limit %lld reached", S->max_nodes);
        return -1;
    }
    if (S->deadline >= 0 && now() > S->deadline) {
        PyErr_SetString(S->limit_error, "time limit reached");
        return -1;
    }
    if (PyErr_CheckSignals() < 0) return -1;
    S->check_at = S->nodes + CHECK_EVERY;
    if (S->max_nodes >= 0 && S->check_at > S->max_nodes + 1) S->check_at = S->max_nodes + 1;
    return 0;
}

static void make_key(const Core *S, const State *s, int player, uint8_t *key) {
    memset(key, 0, S->K);
    key[0] = (uint8_t)player, key[1] = (uint8_t)s->rule, key[2] = (uint8_t)s->to_move, key[3] = (uint8_t)s->out;
    size_t p = 4;
    for (int i = 0; i < S->n; i++, p += 7) for (int b = 0; b < 7; b++) key[p + b] = (uint8_t)(s->hands[i] >> 8 * b);
    for (int i = 0; i < S->n; i++, p += 7) for (int b = 0; b < 7; b++) key[p + b] = (uint8_t)(s->palettes[i] >> 8 * b);
    if (S->uses_deck) {
        key[p++] = (uint8_t)s->deck_len;
        memcpy(key + p, s->deck, s->deck_len);
    }
}

/* As search.Table: young then old on lookup; when the young generation is full it becomes the old. */
static Head *table_get(Core *S, const uint8_t *key, uint64_t h) {
    Head *e = tab_find(&S->young[S->variant], key, S->K, h);
    return e ? e : tab_find(&S->old[S->variant], key, S->K, h);
}

static int table_put(Core *S, const uint8_t *key, uint64_t h, int lo, int hi, int first) {
    Tab *young = &S->young[S->variant], *old = &S->old[S->variant];
    Head *e = tab_find(young, key, S->K, h);
    if (!e) {
        if (young->count >= S->half) {
            tab_free(old);
            *old = *young;
            memset(young, 0, sizeof(Tab));
        }
        Tab *t = young;
        if (tab_reserve(t, S->K) < 0) return -1;
        e = ENTRY(t, t->count);
        memcpy(KEY_OF(e), key, S->K);
        index_entry(t, h, t->count++);
    }
    e->lo = lo, e->hi = hi, e->first = first;
    return 0;
}

/* ---------------------------------------------------------------- whole turns */

/* As Red7Game._finish: the state after the mover's turn. */
static int emit(Core *S, const State *s, Mask hand, int rule, const Mask *palettes, const uint8_t *deck, int deck_len,
                int stays) {
    if (S->counting) { /* the reply count of move ordering wants only how many */
        S->counted++;
        return 0;
    }
    State c;
    int me = s->to_move;
    memcpy(c.hands, s->hands, sizeof(c.hands));
    memcpy(c.palettes, palettes, sizeof(c.palettes));
    c.hands[me] = hand;
    c.rule = (int8_t)rule, c.n = s->n, c.deck_len = S->uses_deck ? (int8_t)deck_len : 0;
    if (c.deck_len) memcpy(c.deck, deck, deck_len);
    next_to_move(&c, stays ? s->out : s->out | 1 << me, me);
    return push_state(&S->kids, &c);
}

static int rivals_best(const State *s, int r) {
    int best = 0, me = s->to_move;
    for (int j = 0; j < s->n; j++) {
        if (j == me || (s->out >> j & 1)) continue;
        int k = rule_key(r, s->palettes[j]);
        if (k > best) best = k;
    }
    return best;
}

/* Whether the mover's Palette wins ``r``; without the highest-card reading one key against the
 * strongest rival key of that rule (cached: the rivals' Palettes do not change during the turn). */
static inline int fast_winning(const Core *S, const State *s, int r, const Mask *p, int *rivals) {
    if (S->R.highest_card) return leader(&S->R, r, p, s->n, s->out) == s->to_move;
    if (rivals[r] < 0) rivals[r] = rivals_best(s, r);
    return rule_key(r, p[s->to_move]) > rivals[r];
}

/* Children are generated lazily, one stage at a time, so that a cut-off spares the stages after
 * it (as the Python generators do). A stage appends to S->kids and, for the Action rule, to
 * S->branches; both are stacks: a frame's entries stay below those of the searches it calls. */
typedef struct {
    int stage, nc, done;
    int cards[49];
    int rivals[7];
    size_t bbase, groups[51]; /* the Action rule: each played card's branches in S->branches */
} Gen;

static void gen_init(Core *S, const State *s, Gen *g) {
    g->stage = 0, g->nc = 0, g->done = players_in(s) <= 1;
    for (Mask m = s->hands[s->to_move]; m; m ^= top(m)) g->cards[g->nc++] = bitlen(m) - 1;
    for (int r = 0; r < 7; r++) g->rivals[r] = -1;
    g->bbase = g->groups[0] = S->branches.len;
}

/* The fast path (no Action rule), in the order of Red7Game._fast_turns. Stages 0..nc-1: playing
 * card i without a discard (strongest first); nc..2nc: the discards after card i is played (and
 * finally after none), strongest first, each with its Advanced draw first; 2nc+1: passing. */
static int fast_stage(Core *S, const State *s, Gen *g) {
    const Rules *R = &S->R;
    int me = s->to_move, nc = g->nc, k = g->stage++;
    Mask hand = s->hands[me], mine = s->palettes[me], p[MAXP];
    memcpy(p, s->palettes, sizeof(p));
    if (k < nc) {
        p[me] = mine | (Mask)1 << g->cards[k];
        int stays = fast_winning(S, s, s->rule, p, g->rivals);
        if (stays || R->legal_losing)
            return emit(S, s, hand & ~((Mask)1 << g->cards[k]), s->rule, p, s->deck, s->deck_len, stays);
        return 0;
    }
    if (k > 2 * nc) {
        g->done = 1;
        return emit(S, s, hand, s->rule, s->palettes, s->deck, s->deck_len, 0);
    }
    int i = k - nc;
    Mask h1 = i < nc ? hand & ~((Mask)1 << g->cards[i]) : hand;
    p[me] = i < nc ? mine | (Mask)1 << g->cards[i] : mine;
    int mine_count = popcount(p[me]);
    for (Mask m = h1; m; m ^= top(m)) {
        int d = bitlen(m) - 1, r = colour_of(d);
        int stays = fast_winning(S, s, r, p, g->rivals);
        if (!(stays || R->legal_losing)) continue;
        Mask h2 = h1 & ~((Mask)1 << d);
        if (R->advanced && s->deck_len && number_of(d) > mine_count) {
            if (emit(S, s, h2 | (Mask)1 << s->deck[0], r, p, s->deck + 1, s->deck_len - 1, stays) < 0) return -1;
            if (R->mandatory_draw) continue;
        }
        if (emit(S, s, h2, r, p, s->deck, s->deck_len, stays) < 0) return -1;
    }
    return 0;
}

/* -- the Action rule path, as game.TurnGenerator walked by Red7Game._action_turns */

static inline Turn play(Turn t, int c, int me) {
    t.hand &= ~((Mask)1 << c);
    t.palettes[me] |= (Mask)1 << c;
    return t;
}

static inline Turn draw(Turn t, int by_action3) {
    int x = t.deck[0];
    if (by_action3) t.drawn |= (Mask)1 << x;
    t.hand |= (Mask)1 << x;
    memmove(t.deck, t.deck + 1, --t.deck_len);
    return t;
}

static inline int is_winning(Core *S, const State *s, int rule, const Mask *palettes) {
    return leader(&S->R, rule, palettes, s->n, s->out) == s->to_move;
}

static int advanced_draw(Core *S, const State *s, const Turn *t, int discarded, TurnVec *out) {
    const Rules *R = &S->R;
    if (R->advanced && t->deck_len && number_of(discarded) > popcount(t->palettes[s->to_move])) {
        Turn d = draw(*t, 0);
        if (push_turn(out, &d) < 0) return -1;
        if (R->mandatory_draw) return 0;
    }
    return push_turn(out, t);
}

static int resolve(Core *S, const State *s, Turn t, int c, int chain, TurnVec *out);

static int action1(Core *S, const State *s, const Turn *t, TurnVec *out) {
    const Rules *R = &S->R;
    int me = s->to_move;
    int mine = popcount(t->palettes[me]) - (R->a1_before ? 1 : 0);
    for (int j = 0; j < s->n; j++) {
        if (s->out >> j & 1) continue;
        int theirs = popcount(t->palettes[j]);
        if (j == me || theirs < 2) continue; /* never an opponent's only card */
        if (!R->a1_any && theirs < mine) continue;
        for (Mask m = t->palettes[j]; m; m ^= top(m)) {
            int x = bitlen(m) - 1;
            Turn u = *t;
            u.palettes[j] &= ~((Mask)1 << x);
            if (R->a1_bottom) {
                u.deck[u.deck_len++] = (uint8_t)x;
            } else {
                memmove(u.deck + 1, u.deck, u.deck_len++);
                u.deck[0] = (uint8_t)x;
            }
            if (push_turn(out, &u) < 0) return -1;
        }
    }
    return 0;
}

static int action7(Core *S, const State *s, const Turn *t, int c, TurnVec *out) {
    const Rules *R = &S->R;
    int me = s->to_move;
    Mask mine = t->palettes[me];
    for (Mask m = mine & ~((Mask)1 << c); m; m ^= top(m)) {
        int x = bitlen(m) - 1;
        Turn moved = *t;
        moved.palettes[me] = mine & ~((Mask)1 << x);
        moved.rule = (int8_t)colour_of(x);
        moved.moved_to_canvas = 1;
        if (R->a7_at_once && !is_winning(S, s, moved.rule, moved.palettes)) moved.failed = 1;
        if (R->advanced && R->a7_advanced_draw) {
            if (advanced_draw(S, s, &moved, x, out) < 0) return -1;
        } else if (push_turn(out, &moved) < 0) {
            return -1;
        }
        if (R->a7_to_deck) {
            Turn u = *t;
            u.palettes[me] = moved.palettes[me];
            memmove(u.deck + 1, u.deck, u.deck_len++);
            u.deck[0] = (uint8_t)x;
            if (push_turn(out, &u) < 0) return -1;
        }
    }
    return 0;
}

/* Every way the action of card c (just played) can resolve, appended to out. */
static int resolve(Core *S, const State *s, Turn t, int c, int chain, TurnVec *out) {
    const Rules *R = &S->R;
    if (!(R->actions && chain && (ACTION_MASK >> c & 1))) return push_turn(out, &t);
    size_t before = out->len;
    int rc = 0;
    switch (number_of(c)) {
    case 1: rc = action1(S, s, &t, out); break;
    case 3:
        if (t.deck_len) {
            Turn d = draw(t, 1);
            rc = push_turn(out, &d);
        }
        break;
    case 5:
        for (Mask m = t.hand; m && rc == 0; m ^= top(m)) {
            int x = bitlen(m) - 1;
            rc = resolve(S, s, play(t, x, s->to_move), x, R->a5_chains, out);
        }
        break;
    default: rc = action7(S, s, &t, c, out); break;
    }
    if (rc < 0) return -1;
    if (out->len == before || R->action_optional) return push_turn(out, &t);
    return 0;
}

static int stays_in(Core *S, const State *s, const Turn *t, int rule) {
    return !t->failed && is_winning(S, s, rule, t->palettes);
}

/* The endings of t with a hand discard (and perhaps an Advanced draw), appended to out. */
static int discards(Core *S, const State *s, const Turn *t, TurnVec *out) {
    const Rules *R = &S->R;
    if ((t->failed && !R->legal_losing) || (t->moved_to_canvas && !R->discard_after_7)) return 0;
    Mask usable = R->a3_discardable ? t->hand : t->hand & ~t->drawn;
    for (Mask m = usable; m; m ^= top(m)) {
        int d = bitlen(m) - 1;
        int stays = stays_in(S, s, t, colour_of(d));
        if (!(stays || R->legal_losing)) continue;
        Turn u = *t;
        u.hand &= ~((Mask)1 << d);
        u.rule = (int8_t)colour_of(d);
        u.discarded = (int8_t)d, u.stays = (int8_t)stays;
        size_t from = out->len;
        if (advanced_draw(S, s, &u, d, out) < 0) return -1;
        for (size_t k = from; k < out->len; k++) out->v[k].stays = (int8_t)stays, out->v[k].discarded = (int8_t)d;
    }
    return 0;
}

static int emit_turn(Core *S, const State *s, const Turn *t, int stays) {
    return emit(S, s, t->hand, t->rule, t->palettes, t->deck, t->deck_len, stays);
}

static Turn start_turn(const State *s) {
    Turn start;
    memset(&start, 0, sizeof(start));
    start.hand = s->hands[s->to_move];
    memcpy(start.palettes, s->palettes, sizeof(start.palettes));
    start.rule = s->rule, start.deck_len = s->deck_len;
    memcpy(start.deck, s->deck, s->deck_len);
    start.discarded = -1;
    return start;
}

/* The Action rule, in the order of Red7Game._action_turns. Stages 0..nc-1: every way card i's
 * action resolves (its branches), each as a whole turn; nc..2nc: the endings with a hand discard
 * of card i's branches (and finally of not playing), strongest discard first; 2nc+1: passing. */
static int action_stage(Core *S, const State *s, Gen *g) {
    int me = s->to_move, nc = g->nc, k = g->stage++;
    TurnVec *br = &S->branches, *ends = &S->ends;
    if (k < nc) {
        int c = g->cards[k];
        size_t from = br->len;
        if (resolve(S, s, play(start_turn(s), c, me), c, 1, br) < 0) return -1;
        g->groups[k + 1] = br->len;
        for (size_t j = from; j < br->len; j++) {
            const Turn *t = &br->v[j];
            int stays = stays_in(S, s, t, t->rule);
            if ((stays || S->R.legal_losing) && emit_turn(S, s, t, stays) < 0) return -1;
        }
        return 0;
    }
    if (k > 2 * nc) {
        g->done = 1;
        return emit(S, s, s->hands[me], s->rule, s->palettes, s->deck, s->deck_len, 0);
    }
    int i = k - nc;
    if (i == nc) { /* discarding without playing comes last */
        Turn start = start_turn(s);
        if (push_turn(br, &start) < 0) return -1;
        g->groups[nc + 1] = br->len;
    }
    ends->len = 0;
    for (size_t j = g->groups[i]; j < g->groups[i + 1]; j++) {
        Turn t = br->v[j];
        if (discards(S, s, &t, ends) < 0) return -1;
    }
    /* stable: the stronger the discarded card, the earlier (as _discarded_first); a count needs no order */
    for (size_t a = 1; a < ends->len && !S->counting; a++) {
        Turn t = ends->v[a];
        size_t j = a;
        while (j > 0 && ends->v[j - 1].discarded < t.discarded) { ends->v[j] = ends->v[j - 1]; j--; }
        ends->v[j] = t;
    }
    for (size_t j = 0; j < ends->len; j++)
        if (emit_turn(S, s, &ends->v[j], ends->v[j].stays) < 0) return -1;
    return 0;
}

/* Generate until the frame holds more than ``want`` children (from ``base``) or none are left. */
static int gen_until(Core *S, const State *s, Gen *g, size_t base, size_t want) {
    while (!g->done && S->kids.len - base <= want)
        if ((S->R.actions ? action_stage(S, s, g) : fast_stage(S, s, g)) < 0) return -1;
    return 0;
}

static void gen_end(Core *S, Gen *g, size_t base) {
    S->kids.len = base;
    S->branches.len = g->bbase;
}

/* ---------------------------------------------------------------- alpha-beta */

/* Move ordering, as Red7Game.order: at a node with at least order_from hand cards in all, every
 * child is generated and the children are searched by their score, lowest first (a stable sort, so
 * ties keep the game's order), the table's best child still first. A child that ends play goes
 * first when the side to move has won it and last when lost; otherwise the score is the number
 * of replies there (fewest first: the fewer the answers, the smaller the proof), but at the
 * coalition's turns a child where another member of the coalition moves comes after every child
 * where ``player`` replies. Measured by benchmarks/solve.py (docs/performance.md). */
#define ORDER_FROM 8 /* the default of Search(order_from=...), as red7.ORDER_FROM */
#define SCORE_LAST 1000000
#define SCORE_AFTER 500000

static int hand_cards(const State *s) {
    int k = 0;
    for (int i = 0; i < s->n; i++) k += popcount(s->hands[i]);
    return k;
}

static long long count_children(Core *S, const State *c) {
    Gen g;
    size_t base = S->kids.len;
    gen_init(S, c, &g);
    S->counting = 1, S->counted = 0;
    int rc = gen_until(S, c, &g, base, (size_t)-2);
    S->counting = 0;
    gen_end(S, &g, base);
    return rc < 0 ? -1 : S->counted;
}

/* The two-ply score of child c, where another member of the coalition moves: the fewest replies
 * ``player`` has after any of that member's turns (-1 when one of them ends play lost for
 * ``player``), as Red7Game._two_ply; -2 on an error. */
static long long two_ply(Core *S, const State *c, int player) {
    State cc = *c; /* S->kids may move while this child's children are generated */
    Gen g;
    size_t base = S->kids.len;
    long long best = SCORE_AFTER;
    gen_init(S, &cc, &g);
    if (gen_until(S, &cc, &g, base, (size_t)-2) < 0) best = -2;
    for (size_t j = base; best > -1 && j < S->kids.len; j++) {
        State c2 = S->kids.v[j];
        int v;
        if (outcome(&S->R, &c2, player, &v)) {
            if (v <= 0) best = -1;
        } else if (c2.to_move == player) {
            long long n = count_children(S, &c2);
            if (n < 0) best = -2;
            else if (n < best) best = n;
        }
    }
    gen_end(S, &g, base);
    return best;
}

/* The order of the nk children at S->kids.v[base..]: indices in S->order.v[at..at + nk). */
static int order_children(Core *S, const State *s, int player, size_t base, int nk, int first, size_t at) {
    int maximising = s->to_move == player;
    while (S->order.len + 2 * (size_t)nk > S->order.cap) {
        size_t cap = S->order.cap ? S->order.cap * 2 : 1024;
        int *v = PyMem_Realloc(S->order.v, cap * sizeof(int));
        if (!v) { PyErr_NoMemory(); return -1; }
        S->order.v = v, S->order.cap = cap;
    }
    int *o = S->order.v + at, *score = o + nk;
    S->order.len += 2 * (size_t)nk;
    for (int i = 0; i < nk; i++) {
        const State *c = &S->kids.v[base + i];
        int v;
        o[i] = i;
        if (outcome(&S->R, c, player, &v)) score[i] = (v > 0) == maximising ? -SCORE_LAST : SCORE_LAST;
        else if (!maximising && c->to_move != player) {
            score[i] = SCORE_AFTER;
            if (S->variant && hand_cards(s) >= S->two_ply_from) {
                long long n = two_ply(S, c, player);
                if (n == -2) return -1;
                score[i] = n < 0 ? -SCORE_LAST + 1 : n < SCORE_AFTER ? (int)n : SCORE_AFTER;
            }
        }
        else {
            long long n = count_children(S, c);
            if (n < 0) return -1;
            score[i] = n < SCORE_AFTER ? (int)n : SCORE_AFTER - 1;
        }
    }
    for (int a = 1; a < nk; a++) {
        int t = o[a], j = a;
        while (j > 0 && score[o[j - 1]] > score[t]) { o[j] = o[j - 1]; j--; }
        o[j] = t;
    }
    if (first) {
        int j = 0;
        while (j < nk && o[j] != first) j++;
        if (j < nk) {
            for (; j > 0; j--) o[j] = o[j - 1];
            o[0] = first;
        }
    }
    return 0;
}

/* As Search._search: fail-soft alpha-beta from ``player``'s side (the others together minimise),
 * the best child of the table entry first. Sets *err (a Python error is set) on a limit or Ctrl-C. */
static int search(Core *S, const State *s, int player, int alpha, int beta, int *err) {
    int v;
    if (spend(S) < 0) { *err = 1; return 0; }
    if (S->nodes > S->race_limit) { *err = 2; return 0; } /* this ordering's turn of the race is over */
    if (outcome(&S->R, s, player, &v)) return v;
    uint8_t key[4 + 14 * MAXP + 1 + MAXDECK + 8];
    make_key(S, s, player, key);
    uint64_t h = hash_key(key, S->K);
    Head *e = table_get(S, key, h);
    int first = 0, lo = -INF, hi = INF;
    if (e) {
        lo = e->lo, hi = e->hi, first = e->first;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    size_t base = S->kids.len, at = S->order.len;
    Gen g;
    gen_init(S, s, &g);
    int ordered = hand_cards(s) >= S->order_from, sorted = 0, nk = 0, head = 0;
    if (ordered) {
        if (gen_until(S, s, &g, base, (size_t)-2) < 0) goto fail;
        nk = (int)(S->kids.len - base);
        first = first < nk ? first : 0;
    } else if (first) {
        /* the child tried first: the table's best (islice/chain in Python: at most the last child) */
        if (gen_until(S, s, &g, base, (size_t)first) < 0) goto fail;
        int have = (int)(S->kids.len - base);
        head = first < have ? first : have - 1;
    }
    int a = alpha, b = beta, best_index = first;
    int maximising = s->to_move == player;
    int best = maximising ? -INF : INF;
    for (int step = 0;; step++) {
        int i;
        if (ordered) {
            if (step >= nk) break;
            if (step == 0 && first) {
                i = first; /* the table's best child: the replies are counted only if it does not cut */
            } else {
                if (!sorted && order_children(S, s, player, base, nk, first, at) < 0) goto fail;
                sorted = 1;
                i = S->order.v[at + step];
            }
        } else {
            i = first ? (step == 0 ? head : step <= head ? step - 1 : step) : step;
            if (gen_until(S, s, &g, base, (size_t)i) < 0) goto fail;
            if ((size_t)i >= S->kids.len - base) break;
        }
        State child = S->kids.v[base + i];
        v = search(S, &child, player, a, b, err);
        if (*err) goto failed;
        if (maximising ? v > best : v < best) {
            best = v, best_index = i;
            if (maximising ? v > a : v < b) {
                if (maximising) a = v; else b = v;
                if (a >= b) break;
            }
        }
    }
    S->order.len = at;
    gen_end(S, &g, base);
    if (best <= alpha) { if (best < hi) hi = best; }
    else if (best >= beta) { if (best > lo) lo = best; }
    else lo = hi = best;
    if (table_put(S, key, h, lo, hi, best_index) < 0) { *err = 1; return 0; }
    return best;
fail:
    *err = 1;
failed:
    S->order.len = at;
    gen_end(S, &g, base);
    return 0;
}

/* ---------------------------------------------------------------- Python conversions */

static int mask_from(PyObject *o, Mask *m) {
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    if (v >> 49) { PyErr_SetString(PyExc_ValueError, "a card mask holds something that is not a Red7 card"); return -1; }
    *m = v;
    return 0;
}

static int small_int(PyObject *o, long lo, long hi, const char *what, long *out) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < lo || v > hi) { PyErr_Format(PyExc_ValueError, "%s out of range: %ld", what, v); return -1; }
    *out = v;
    return 0;
}

/* (rule, to_move, out, hands, palettes, deck) -> State */
static int state_from(Core *S, PyObject *t, State *s) {
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 6) {
        PyErr_SetString(PyExc_TypeError, "a state is (rule, to_move, out, hands, palettes, deck)");
        return -1;
    }
    long v;
    memset(s, 0, sizeof(*s));
    PyObject *hands = PyTuple_GET_ITEM(t, 3), *pals = PyTuple_GET_ITEM(t, 4), *deck = PyTuple_GET_ITEM(t, 5);
    if (!PyTuple_Check(hands) || !PyTuple_Check(pals) || !PyTuple_Check(deck) || PyTuple_GET_SIZE(hands) != S->n ||
        PyTuple_GET_SIZE(pals) != S->n) {
        PyErr_Format(PyExc_ValueError, "a state of this search has %d hands and Palettes and a deck tuple", S->n);
        return -1;
    }
    s->n = (int8_t)S->n;
    if (small_int(PyTuple_GET_ITEM(t, 0), 0, 6, "rule", &v) < 0) return -1;
    s->rule = (int8_t)v;
    if (small_int(PyTuple_GET_ITEM(t, 1), 0, S->n - 1, "to_move", &v) < 0) return -1;
    s->to_move = (int8_t)v;
    if (small_int(PyTuple_GET_ITEM(t, 2), 0, (1 << S->n) - 1, "out", &v) < 0) return -1;
    s->out = (int8_t)v;
    for (int i = 0; i < S->n; i++)
        if (mask_from(PyTuple_GET_ITEM(hands, i), &s->hands[i]) < 0 || mask_from(PyTuple_GET_ITEM(pals, i), &s->palettes[i]) < 0)
            return -1;
    Py_ssize_t nd = PyTuple_GET_SIZE(deck);
    if (nd > MAXDECK || (!S->uses_deck && nd)) {
        PyErr_SetString(PyExc_ValueError, "deck too long for this search");
        return -1;
    }
    s->deck_len = (int8_t)nd;
    for (Py_ssize_t k = 0; k < nd; k++) {
        if (small_int(PyTuple_GET_ITEM(deck, k), 0, 48, "deck card", &v) < 0) return -1;
        s->deck[k] = (uint8_t)v;
    }
    return 0;
}

static PyObject *masks_tuple(const Mask *m, int n) {
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(m[i]);
        if (!x) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

static PyObject *state_to(const State *s) {
    PyObject *deck = PyTuple_New(s->deck_len);
    if (!deck) return NULL;
    for (int k = 0; k < s->deck_len; k++) {
        PyObject *x = PyLong_FromLong(s->deck[k]);
        if (!x) { Py_DECREF(deck); return NULL; }
        PyTuple_SET_ITEM(deck, k, x);
    }
    PyObject *hands = masks_tuple(s->hands, s->n), *pals = masks_tuple(s->palettes, s->n);
    if (!hands || !pals) { Py_XDECREF(hands); Py_XDECREF(pals); Py_DECREF(deck); return NULL; }
    return Py_BuildValue("(iiiNNN)", s->rule, s->to_move, s->out, hands, pals, deck);
}

/* ---------------------------------------------------------------- the Python type */

static int Core_init(Core *S, PyObject *args, PyObject *kw) {
    static char *names[] = {"flags", "players", "uses_deck", "max_nodes", "timeout", "table_size", "limit_error",
                            "race_from", "two_ply_from", "order_from", NULL};
    PyObject *flags, *max_nodes, *timeout, *limit_error;
    int n, uses_deck, two_ply_from = 0, order_from = ORDER_FROM;
    Py_ssize_t table_size;
    long long race_from = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!ipOOnO|Lii", names, &PyTuple_Type, &flags, &n, &uses_deck, &max_nodes,
                                     &timeout, &table_size, &limit_error, &race_from, &two_ply_from, &order_from))
        return -1;
    S->race_from = race_from, S->two_ply_from = two_ply_from, S->variant = 0, S->race_limit = LLONG_MAX;
    if (PyTuple_GET_SIZE(flags) != N_FLAGS) { PyErr_Format(PyExc_ValueError, "flags: %d expected", N_FLAGS); return -1; }
    if (n < 2 || n > MAXP) { PyErr_SetString(PyExc_ValueError, "Red7 takes 2 to 4 players"); return -1; }
    int *f = (int *)&S->R;
    for (int i = 0; i < N_FLAGS; i++) {
        int b = PyObject_IsTrue(PyTuple_GET_ITEM(flags, i));
        if (b < 0) return -1;
        f[i] = b;
    }
    S->n = n, S->uses_deck = uses_deck, S->order_from = order_from;
    size_t K = 4 + 14 * (size_t)n + (uses_deck ? 1 + MAXDECK : 0);
    S->K = (K + 7) & ~(size_t)7;
    S->half = table_size / 2 > 0 ? (size_t)(table_size / 2) : 1;
    S->max_nodes = -1;
    if (max_nodes != Py_None && (S->max_nodes = PyLong_AsLongLong(max_nodes)) == -1 && PyErr_Occurred()) return -1;
    S->started = now();
    S->deadline = -1;
    if (timeout != Py_None) {
        double t = PyFloat_AsDouble(timeout);
        if (t == -1 && PyErr_Occurred()) return -1;
        S->deadline = S->started + t;
    }
    S->nodes = 0, S->check_at = 0;
    Py_XSETREF(S->limit_error, Py_NewRef(limit_error));
    return 0;
}

static void Core_dealloc(Core *S) {
    for (int k = 0; k < 2; k++) tab_free(&S->young[k]), tab_free(&S->old[k]);
    PyMem_Free(S->kids.v), PyMem_Free(S->branches.v), PyMem_Free(S->ends.v), PyMem_Free(S->order.v);
    Py_XDECREF(S->limit_error);
    Py_TYPE(S)->tp_free((PyObject *)S);
}

/* One search; with ``race``, as Search.wins: the two orderings take turns (the game's, then the
 * two-ply one), each stopped once it has spent its share of nodes, the share doubling after both
 * have had a turn; the table is shared, so a turn resumes from what every earlier turn proved. */
static int run(Core *S, PyObject *state, int player, int alpha, int beta, int race, int *v) {
    State s;
    if (state_from(S, state, &s) < 0) return -1;
    if (player < 0 || player >= S->n) { PyErr_SetString(PyExc_ValueError, "no such player"); return -1; }
    /* with two players in, the second ordering is the first one: no race */
    long long share = race && S->race_from > 0 && players_in(&s) >= 3 ? S->race_from : -1;
    for (int turn = 0;; turn++) {
        int err = 0;
        if (turn >= 2 && turn % 2 == 0) share = share > LLONG_MAX / 4 ? LLONG_MAX / 2 : share * 2;
        S->variant = share >= 0 && turn % 2;
        S->race_limit = share >= 0 && S->nodes < LLONG_MAX / 2 ? S->nodes + share : LLONG_MAX;
        *v = search(S, &s, player, alpha, beta, &err);
        S->variant = 0, S->race_limit = LLONG_MAX;
        if (err != 2) return err ? -1 : 0;
    }
}

static PyObject *Core_value(Core *S, PyObject *args) {
    PyObject *state;
    int player, alpha = -INF, beta = INF, v;
    if (!PyArg_ParseTuple(args, "Oi|ii", &state, &player, &alpha, &beta)) return NULL;
    if (run(S, state, player, alpha, beta, 0, &v) < 0) return NULL;
    return PyLong_FromLong(v);
}

static PyObject *Core_wins(Core *S, PyObject *args) {
    PyObject *state;
    int player, v;
    if (!PyArg_ParseTuple(args, "Oi", &state, &player)) return NULL;
    if (run(S, state, player, 0, 1, 1, &v) < 0) return NULL;
    return PyBool_FromLong(v > 0);
}

static PyObject *Core_children(Core *S, PyObject *state) {
    State s;
    if (state_from(S, state, &s) < 0) return NULL;
    size_t base = S->kids.len;
    Gen g;
    gen_init(S, &s, &g);
    if (gen_until(S, &s, &g, base, (size_t)-2) < 0) { gen_end(S, &g, base); return NULL; }
    PyObject *list = PyList_New(0);
    for (size_t i = base; list && i < S->kids.len; i++) {
        PyObject *c = state_to(&S->kids.v[i]);
        if (!c || PyList_Append(list, c) < 0) Py_CLEAR(list);
        Py_XDECREF(c);
    }
    gen_end(S, &g, base);
    return list;
}

static PyObject *Core_spend(Core *S, PyObject *unused) {
    if (spend(S) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Core_get_nodes(Core *S, void *c) { return PyLong_FromLongLong(S->nodes); }
static PyObject *Core_get_seconds(Core *S, void *c) { return PyFloat_FromDouble(now() - S->started); }
static PyObject *Core_get_entries(Core *S, void *c) {
    return PyLong_FromSize_t(S->young[0].count + S->old[0].count + S->young[1].count + S->old[1].count);
}

static PyMethodDef Core_methods[] = {
    {"value", (PyCFunction)Core_value, METH_VARARGS, "value(state, player, alpha=-INF, beta=INF): fail-soft value"},
    {"wins", (PyCFunction)Core_wins, METH_VARARGS, "wins(state, player): whether player forces a win"},
    {"children", (PyCFunction)Core_children, METH_O, "children(state): the states after each turn, search order"},
    {"spend", (PyCFunction)Core_spend, METH_NOARGS, "spend(): count one node; raises once a limit is passed"},
    {NULL},
};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "nodes spent", NULL},
    {"seconds", (getter)Core_get_seconds, NULL, "seconds since the search was made", NULL},
    {"entries", (getter)Core_get_entries, NULL, "transposition entries held", NULL},
    {NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "arbiter.solver.red7._red7core.Search",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(flags, players, uses_deck, max_nodes, timeout, table_size, limit_error, race_from=-1, "
              "two_ply_from=0, order_from=8): the "
              "compiled Red7 search with its own node budget and transposition table, ordering children from "
              "order_from hand cards in all",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_red7core", "The compiled Red7 search core.", -1, NULL};

PyMODINIT_FUNC PyInit__red7core(void) {
    init_tables();
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "N_FLAGS", N_FLAGS) < 0 || PyModule_AddObjectRef(m, "Search", (PyObject *)&CoreType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
