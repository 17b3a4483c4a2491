/* The compiled bridge double-dummy core: solver/tricks/search.py's functions on bridge's deck
 * (cards suit * 13 + rank, suits S H D C, strain 4 no trump), written to visit exactly the same
 * nodes in the same order: suit_lengths, owners, sure_trumps, quick_tricks, last_trick, order_moves
 * (the same scores, the same ties), can_take with the same table rule (bounds and a hinted card
 * per trick-boundary key, emptied when full as _store does) and mtd_tricks' walk over t.
 * tests/solver/bridge/test_bridge_solver.py holds the two together node for node. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t Mask;

#define SUITS 4
#define RANKS 13
#define NT 4

static const Mask SUIT_MASK[4] = {0x1FFFULL, 0x1FFFULL << 13, 0x1FFFULL << 26, 0x1FFFULL << 39};

static inline int bitlen(Mask m) { return m ? 64 - __builtin_clzll(m) : 0; }
static inline int popcount(Mask m) {
    m -= m >> 1 & 0x5555555555555555ULL;
    m = (m & 0x3333333333333333ULL) + (m >> 2 & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)(m * 0x0101010101010101ULL >> 56);
}
#define BIT(c) ((Mask)1 << (c))

/* ---------------------------------------------------------------- the table */

#define TABLE_LIMIT (1 << 20) /* keys, as search.TABLE_LIMIT */
#define BUCKET 256             /* entries per key by default, as search.BUCKET */

/* An entry's pattern as two words (suits S and H in the first, D and C in the second, 32 bits each),
 * with the mask of the bits it fixes: a position matches when its owners masked equal the pattern. */
typedef struct {
    uint64_t mask[2], pattern[2];
    int8_t ks[4];        /* per suit, how many top cards the pattern fixes */
    int8_t lo, hi;       /* bounds on North-South's tricks of those left */
    int8_t best_suit, best_above; /* the hinted card as relative_card; best_suit -1: none */
} Entry;

/* A key's entries, oldest first as the Python bucket list: a ring of at most t->bucket entries
 * (the oldest at head; head moves only once the ring is full, so a growing ring has head 0). */
typedef struct {
    uint64_t lengths;  /* each hand's length in each suit */
    int16_t leader, used, count, cap, head;
    Entry *entries;
} Slot;

static inline Entry *slot_entry(const Slot *e, int i) { /* the i-th oldest */
    int j = e->head + i;
    return &e->entries[j >= e->cap ? j - e->cap : j];
}

static inline void pack_pattern(const uint32_t *seq, const int8_t *ks, uint64_t *mask, uint64_t *pattern) {
    uint32_t m[4];
    for (int s = 0; s < 4; s++) m[s] = ks[s] >= 16 ? 0xFFFFFFFFu : (1u << (2 * ks[s])) - 1;
    mask[0] = m[0] | (uint64_t)m[1] << 32;
    mask[1] = m[2] | (uint64_t)m[3] << 32;
    pattern[0] = (seq[0] & m[0]) | (uint64_t)(seq[1] & m[1]) << 32;
    pattern[1] = (seq[2] & m[2]) | (uint64_t)(seq[3] & m[3]) << 32;
}

typedef struct {
    PyObject_HEAD
    Slot *slots;
    size_t cap, count;
    int bucket; /* entries kept per key, as Context.bucket */
} Table;

static void table_clear(Table *t) {
    for (size_t i = 0; i < t->cap; i++) free(t->slots[i].entries);
    memset(t->slots, 0, t->cap * sizeof(Slot));
    t->count = 0;
}

static void table_free(Table *t) {
    if (t->slots) table_clear(t);
    free(t->slots);
    t->slots = NULL;
    t->cap = t->count = 0;
}

static int table_init(Table *t, size_t cap) {
    t->slots = calloc(cap, sizeof(Slot));
    if (!t->slots) return -1;
    t->cap = cap;
    t->count = 0;
    return 0;
}

static inline size_t hash_key(uint64_t lengths, int leader) {
    uint64_t h = (lengths ^ ((uint64_t)leader << 62) ^ (uint64_t)leader) * 0x9E3779B97F4A7C15ULL;
    return (size_t)(h ^ (h >> 31));
}

static Slot *table_find(Table *t, uint64_t lengths, int leader) {
    size_t i = hash_key(lengths, leader) & (t->cap - 1);
    for (;;) {
        Slot *e = &t->slots[i];
        if (!e->used || (e->lengths == lengths && e->leader == leader)) return e;
        i = (i + 1) & (t->cap - 1);
    }
}

static int table_grow(Table *t) {
    Slot *old = t->slots;
    size_t old_cap = t->cap;
    if (table_init(t, old_cap * 2) < 0) { t->slots = old; t->cap = old_cap; return -1; }
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].used) { *table_find(t, old[i].lengths, old[i].leader) = old[i]; t->count++; }
    free(old);
    return 0;
}

/* _store: a new key in a full table empties it first; an entry of the same pattern is tightened;
 * a full bucket drops its oldest entry. */
static int table_store(Table *t, uint64_t lengths, int leader, const uint32_t *seq, const int8_t *ks, int lo, int hi,
                       int bs, int ba) {
    uint64_t mask[2], pattern[2];
    pack_pattern(seq, ks, mask, pattern);
    Slot *e = table_find(t, lengths, leader);
    if (!e->used) {
        if (t->count >= TABLE_LIMIT) {
            table_clear(t);
            e = table_find(t, lengths, leader);
        }
        if ((t->count + 1) * 2 > t->cap) {
            if (table_grow(t) < 0) return -1;
            e = table_find(t, lengths, leader);
        }
        e->lengths = lengths; e->leader = (int16_t)leader; e->used = 1;
        e->count = 0; e->cap = 0; e->head = 0; e->entries = NULL;
        t->count++;
    }
    for (int i = 0; i < e->count; i++) {
        Entry *x = &e->entries[i]; /* any order: at most one entry has this pattern */
        if (x->mask[0] == mask[0] && x->mask[1] == mask[1] && x->pattern[0] == pattern[0] &&
            x->pattern[1] == pattern[1]) {
            if (lo > x->lo) x->lo = (int8_t)lo;
            if (hi < x->hi) x->hi = (int8_t)hi;
            if (bs >= 0) { x->best_suit = (int8_t)bs; x->best_above = (int8_t)ba; }
            return 0;
        }
    }
    Entry *x;
    if (e->count >= t->bucket) { /* the ring is full (cap == bucket): the oldest gives way */
        x = &e->entries[e->head];
        e->head = (int16_t)(e->head + 1 == e->cap ? 0 : e->head + 1);
    } else {
        if (e->count >= e->cap) {
            int cap = e->cap ? e->cap * 2 : 2;
            if (cap > t->bucket) cap = t->bucket;
            Entry *grown = realloc(e->entries, cap * sizeof(Entry));
            if (!grown) return -1;
            e->entries = grown; e->cap = (int16_t)cap;
        }
        x = &e->entries[e->count++];
    }
    x->mask[0] = mask[0]; x->mask[1] = mask[1]; x->pattern[0] = pattern[0]; x->pattern[1] = pattern[1];
    memcpy(x->ks, ks, 4);
    x->lo = (int8_t)lo; x->hi = (int8_t)hi; x->best_suit = (int8_t)bs; x->best_above = (int8_t)ba;
    return 0;
}

/* ---------------------------------------------------------------- the search */

typedef struct {
    int strain;
    Table *table;
    long long nodes, max_nodes;
    int failed; /* 1: out of memory, 2: node limit */
} Ctx;

static inline int winner(int strain, const int *cards, int n) {
    int best = 0, top = cards[0];
    for (int i = 1; i < n; i++) {
        int c = cards[i];
        int same = c / RANKS == top / RANKS;
        if ((same && c > top) || (!same && strain != NT && c / RANKS == strain)) { best = i; top = c; }
    }
    return best;
}

static uint64_t suit_lengths(const Mask *hands) {
    uint64_t key = 0;
    int shift = 0;
    for (int h = 0; h < 4; h++)
        for (int s = 0; s < SUITS; s++) { key |= (uint64_t)popcount(hands[h] & SUIT_MASK[s]) << shift; shift += 4; }
    return key;
}

static void owners(const Mask *hands, uint32_t *seq) {
    Mask out = hands[0] | hands[1] | hands[2] | hands[3], odd = hands[1] | hands[3], far = hands[2] | hands[3];
    for (int s = 0; s < SUITS; s++) {
        uint32_t q = 0;
        int k = 0;
        Mask left = out & SUIT_MASK[s];
        while (left) { /* the owner's two bits: East or West, South or West */
            int c = bitlen(left) - 1;
            left &= ~BIT(c);
            q |= (uint32_t)((odd >> c & 1) | (far >> c & 1) << 1) << (2 * k);
            k++;
        }
        seq[s] = q;
    }
}

static Mask top_cards(Mask out, Mask mask, int k) {
    Mask left = out & mask, got = 0;
    for (int i = 0; i < k; i++) { int c = bitlen(left) - 1; got |= BIT(c); left &= ~BIT(c); }
    return got;
}

static void segments(Mask out, Mask relevant, int8_t *ks) {
    for (int s = 0; s < SUITS; s++) {
        Mask r = relevant & SUIT_MASK[s] & out;
        if (!r) { ks[s] = 0; continue; }
        Mask low = r & -r;
        ks[s] = (int8_t)popcount(out & SUIT_MASK[s] & ~(low - 1));
    }
}

static Mask sure_trumps(int strain, const Mask *hands, int *ns, int *ew) {
    *ns = *ew = 0;
    if (strain >= SUITS) return 0;
    Mask trumps = (hands[0] | hands[1] | hands[2] | hands[3]) & SUIT_MASK[strain];
    if (!trumps) return 0;
    int top = bitlen(trumps) - 1, holder = 0;
    while (!(hands[holder] >> top & 1)) holder++;
    int run = 0;
    Mask used = 0;
    while (trumps && hands[holder] >> (bitlen(trumps) - 1) & 1) {
        int c = bitlen(trumps) - 1;
        run++; used |= BIT(c); trumps &= ~BIT(c);
    }
    if (holder & 1) *ew = run; else *ns = run;
    return used;
}

static int quick_tricks(int strain, const Mask *hands, int leader, Mask *used) {
    Mask out = hands[0] | hands[1] | hands[2] | hands[3];
    Mask mine = hands[leader];
    Mask opps[2] = {hands[(leader + 1) % 4], hands[(leader + 3) % 4]};
    Mask trumps = strain < SUITS ? SUIT_MASK[strain] : 0;
    int total = 0;
    *used = 0;
    for (int s = 0; s < SUITS; s++) {
        Mask left = out & SUIT_MASK[s];
        int run = 0;
        while (left) {
            int c = bitlen(left) - 1;
            if (!(mine >> c & 1)) break;
            run++;
            left &= ~BIT(c);
        }
        if (run && trumps && SUIT_MASK[s] != trumps)
            for (int o = 0; o < 2; o++)
                if (opps[o] & trumps) { int l = popcount(opps[o] & SUIT_MASK[s]); if (l < run) run = l; }
        total += run;
        *used |= top_cards(out, SUIT_MASK[s], run);
    }
    return total;
}

static int legal_cards(Mask legal, int *picks) {
    int n = 0;
    for (int s = 0; s < SUITS; s++) {
        Mask cards = legal & SUIT_MASK[s];
        while (cards) { int c = bitlen(cards) - 1; cards &= ~BIT(c); picks[n++] = c; }
    }
    return n;
}

static inline int beats(int strain, int c, int best) {
    int s = c / RANKS, b = best / RANKS;
    if (s == b) return c > best;
    return strain < SUITS && s == strain;
}

/* can_beat: whether ``hand`` can beat ``best``, a card of the suit led: a higher card of the suit,
 * or a trump when void in it (the suit led not trumps). */
static inline int can_beat(int strain, Mask hand, int best, int lead_suit) {
    Mask follow = hand & SUIT_MASK[lead_suit];
    if (follow) return (follow & ~((BIT(best) << 1) - 1)) != 0;
    return strain < SUITS && lead_suit != strain && (hand & SUIT_MASK[strain]) != 0;
}

/* ruff_lead: leading suit s gives partner a ruff: partner is void in it and holds a trump, and
 * neither opponent can ruff (each follows, or holds no trump). */
static inline int ruff_lead(int strain, const Mask *hands, int seat, int s) {
    if (strain >= SUITS || s == strain) return 0;
    Mask trumps = SUIT_MASK[strain], suit = SUIT_MASK[s], partner = hands[(seat + 2) % 4];
    if ((partner & suit) || !(partner & trumps)) return 0;
    for (int o = 1; o < 4; o += 2) {
        Mask h = hands[(seat + o) % 4];
        if (!(h & suit) && (h & trumps)) return 0;
    }
    return 1;
}

static void order_moves(int strain, const Mask *hands, int leader, const int *trick, int n, int *picks, int k,
                        int hint) {
    int seat = (leader + n) % 4;
    Mask out = hands[0] | hands[1] | hands[2] | hands[3];
    int score[16];
    if (n == 0) {
        Mask partner = hands[(seat + 2) % 4];
        for (int i = 0; i < k; i++) {
            int c = picks[i], s = c / RANKS, rank = c % RANKS;
            int top = bitlen(out & SUIT_MASK[s]) - 1;
            if (c == top) score[i] = 50 + rank;
            else if (ruff_lead(strain, hands, seat, s)) score[i] = 40 - rank;
            else if (partner >> top & 1) score[i] = 30 - rank;
            else score[i] = -rank;
        }
    } else {
        int w = winner(strain, trick, n), best = trick[w];
        int partner_wins = ((leader + w) & 1) == (seat & 1);
        int lead_suit = trick[0] / RANKS;
        /* third hand: partner's card is not safe when the last hand can beat it */
        if (n == 2 && partner_wins && can_beat(strain, hands[(seat + 1) % 4], best, lead_suit)) partner_wins = 0;
        /* second hand plays low when partner, last to play, can beat the card led */
        int second_low = n == 1 && can_beat(strain, hands[(seat + 2) % 4], best, lead_suit);
        int top = bitlen(out & SUIT_MASK[lead_suit]) - 1;
        for (int i = 0; i < k; i++) {
            int c = picks[i], rank = c % RANKS, s = c / RANKS, b = beats(strain, c, best);
            if (s == lead_suit && second_low && c != top) score[i] = -rank;
            else if (s == lead_suit) score[i] = b && !partner_wins ? 100 - rank : -rank;
            else if (strain < SUITS && s == strain) score[i] = partner_wins ? -50 - rank : (b ? 80 - rank : -60 - rank);
            else score[i] = -20 - rank;
        }
    }
    /* sort by (-score, card), as Python sorts its (−score, card) pairs */
    for (int i = 1; i < k; i++) {
        int c = picks[i], sc = score[i], j = i - 1;
        while (j >= 0 && (score[j] < sc || (score[j] == sc && picks[j] > c))) {
            picks[j + 1] = picks[j]; score[j + 1] = score[j]; j--;
        }
        picks[j + 1] = c; score[j + 1] = sc;
    }
    if (hint >= 0) {
        int first = -1;
        for (int i = 0; i < k; i++)
            if (picks[i] >= hint && picks[i] / RANKS == hint / RANKS && (first < 0 || picks[i] < first)) first = picks[i];
        if (first >= 0) {
            int i = 0;
            while (picks[i] != first) i++;
            for (; i > 0; i--) picks[i] = picks[i - 1];
            picks[0] = first;
        }
    }
}

static int absolute_card(Mask out, int suit, int above) {
    Mask left = out & SUIT_MASK[suit];
    for (int i = 0; i < above && left; i++) left &= ~BIT(bitlen(left) - 1);
    return bitlen(left) - 1;
}

static Mask entry_cards(Mask out, const int8_t *ks) {
    Mask got = 0;
    for (int s = 0; s < SUITS; s++) got |= top_cards(out, SUIT_MASK[s], ks[s]);
    return got;
}

static inline Mask won_by_rank(const int *trick, int w) {
    int s = trick[w] / RANKS;
    for (int i = 0; i < 4; i++)
        if (i != w && trick[i] / RANKS == s) return BIT(trick[w]);
    return 0;
}

static int can_take(Ctx *ctx, Mask *hands, int leader, int *trick, int n, int target, Mask *relevant_out) {
    ctx->nodes++;
    *relevant_out = 0;
    if (ctx->max_nodes >= 0 && ctx->nodes > ctx->max_nodes) { ctx->failed = 2; return 0; }
    int hint = -1, boundary = n == 0;
    Mask out = hands[0] | hands[1] | hands[2] | hands[3];
    uint64_t lengths = 0;
    uint32_t seq[4];
    if (boundary) {
        int left = popcount(hands[leader]);
        if (target <= 0) return 1;
        if (target > left) return 0;
        if (left == 1) { /* last_trick */
            int last[4];
            for (int k = 0; k < 4; k++) last[k] = bitlen(hands[(leader + k) % 4]) - 1;
            int w = winner(ctx->strain, last, 4);
            *relevant_out = won_by_rank(last, w);
            return (((leader + w) % 4) & 1) == 0;
        }
        lengths = suit_lengths(hands);
        owners(hands, seq);
        Slot *e = table_find(ctx->table, lengths, leader);
        if (e->used) {
            uint64_t w0 = seq[0] | (uint64_t)seq[1] << 32, w1 = seq[2] | (uint64_t)seq[3] << 32;
            for (int i = e->count - 1; i >= 0; i--) { /* newest first */
                Entry *x = slot_entry(e, i);
                if (((w0 & x->mask[0]) ^ x->pattern[0]) | ((w1 & x->mask[1]) ^ x->pattern[1])) continue;
                if (x->lo >= target) { *relevant_out = entry_cards(out, x->ks); return 1; }
                if (x->hi < target) { *relevant_out = entry_cards(out, x->ks); return 0; }
                if (hint < 0 && x->best_suit >= 0) hint = absolute_card(out, x->best_suit, x->best_above);
            }
        }
        int ns_sure, ew_sure;
        Mask used = sure_trumps(ctx->strain, hands, &ns_sure, &ew_sure);
        if (target <= ns_sure) { *relevant_out = used; return 1; }
        if (target > left - ew_sure) { *relevant_out = used; return 0; }
        int q = quick_tricks(ctx->strain, hands, leader, &used);
        int8_t ks[4];
        if ((leader & 1) == 0 && q >= target) {
            segments(out, used, ks);
            if (table_store(ctx->table, lengths, leader, seq, ks, q, left, -1, 0) < 0) ctx->failed = 1;
            *relevant_out = used;
            return 1;
        }
        if ((leader & 1) == 1 && left - q < target) {
            segments(out, used, ks);
            if (table_store(ctx->table, lengths, leader, seq, ks, 0, left - q, -1, 0) < 0) ctx->failed = 1;
            *relevant_out = used;
            return 0;
        }
    }
    int seat = (leader + n) % 4;
    Mask hand = hands[seat];
    Mask legal = n ? hand & SUIT_MASK[trick[0] / RANKS] : 0;
    if (!legal) legal = hand;
    int picks[16];
    int k = legal_cards(legal, picks);
    order_moves(ctx->strain, hands, leader, trick, n, picks, k, hint);
    int maximising = (seat & 1) == 0;
    int result = !maximising, cut = -1;
    Mask relevant = 0;
    for (int i = 0; i < k; i++) {
        int c = picks[i], r;
        Mask rel;
        hands[seat] = hand & ~BIT(c);
        trick[n] = c;
        if (n == 3) {
            int w = winner(ctx->strain, trick, 4);
            Mask by_rank = won_by_rank(trick, w);
            int win = (leader + w) % 4;
            int sub[4];
            r = can_take(ctx, hands, win, sub, 0, target - ((win & 1) == 0 ? 1 : 0), &rel);
            rel |= by_rank;
        } else {
            r = can_take(ctx, hands, leader, trick, n + 1, target, &rel);
        }
        hands[seat] = hand;
        if (ctx->failed) return 0;
        if (r == maximising) { result = r; relevant = rel; cut = c; break; }
        relevant |= rel;
    }
    if (boundary) {
        int left = popcount(hands[leader]), bs = -1, ba = 0;
        if (cut >= 0) { bs = cut / RANKS; ba = popcount(out & SUIT_MASK[bs] & ~((BIT(cut) << 1) - 1)); }
        int8_t ks[4];
        segments(out, relevant, ks);
        int st = result ? table_store(ctx->table, lengths, leader, seq, ks, target, left, bs, ba)
                        : table_store(ctx->table, lengths, leader, seq, ks, 0, target - 1, bs, ba);
        if (st < 0) ctx->failed = 1;
    }
    *relevant_out = relevant;
    return result;
}

static int mtd_tricks(Ctx *ctx, Mask *hands, int leader, int *trick, int n, int guess) {
    int lo = 0, hi = popcount(hands[leader]) + (n ? 1 : 0);
    int t = guess < 0 ? hi / 2 : guess;
    while (lo < hi) {
        if (t < lo + 1) t = lo + 1;
        if (t > hi) t = hi;
        Mask rel;
        int r = can_take(ctx, hands, leader, trick, n, t, &rel);
        if (ctx->failed) return -1;
        if (r) { lo = t; t = t + 1; } else { hi = t - 1; t = t - 1; }
    }
    return lo;
}

/* ---------------------------------------------------------------- Python glue */

static PyObject *Table_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *names[] = {"bucket", NULL};
    int bucket = BUCKET;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|i", names, &bucket)) return NULL;
    if (bucket < 1 || bucket > 16384) {
        PyErr_SetString(PyExc_ValueError, "bucket: 1 to 16384 entries per key");
        return NULL;
    }
    Table *t = (Table *)type->tp_alloc(type, 0);
    if (!t) return NULL;
    if (table_init(t, 1 << 12) < 0) { Py_DECREF(t); return PyErr_NoMemory(); }
    t->bucket = bucket;
    return (PyObject *)t;
}

static void Table_dealloc(Table *t) { table_free(t); Py_TYPE(t)->tp_free((PyObject *)t); }

static PyObject *Table_len(Table *t, PyObject *unused) { return PyLong_FromSize_t(t->count); }


static PyMethodDef Table_methods[] = {
    {"entries", (PyCFunction)Table_len, METH_NOARGS, "entries(): keys held"},
    {NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_bridgecore.Table",
    .tp_basicsize = sizeof(Table),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Table(bucket=256): a transposition table for one strain (any leader), bucket entries per key.",
    .tp_new = Table_new,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
};

/* tricks(hands, strain, leader, trick, guess, table=None, max_nodes=-1) -> (ns, nodes); ns -1: node limit */
static PyObject *core_tricks(PyObject *self, PyObject *args) {
    PyObject *hands_t, *trick_t, *table_o = Py_None;
    int strain, leader, guess;
    long long max_nodes = -1;
    if (!PyArg_ParseTuple(args, "O!iiO!i|OL", &PyTuple_Type, &hands_t, &strain, &leader, &PyTuple_Type, &trick_t,
                          &guess, &table_o, &max_nodes))
        return NULL;
    if (PyTuple_GET_SIZE(hands_t) != 4 || PyTuple_GET_SIZE(trick_t) > 3 || strain < 0 || strain > NT || leader < 0 ||
        leader > 3) {
        PyErr_SetString(PyExc_ValueError, "four hands, a strain 0-4, a leader 0-3 and at most three trick cards");
        return NULL;
    }
    Mask hands[4];
    for (int i = 0; i < 4; i++) {
        hands[i] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(hands_t, i));
        if (PyErr_Occurred()) return NULL;
    }
    int trick[4], n = (int)PyTuple_GET_SIZE(trick_t);
    for (int i = 0; i < n; i++) {
        trick[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(trick_t, i));
        if (PyErr_Occurred()) return NULL;
    }
    Table own, *table;
    int owned = table_o == Py_None;
    if (owned) {
        if (table_init(&own, 1 << 12) < 0) return PyErr_NoMemory();
        own.bucket = BUCKET;
        table = &own;
    } else if (PyObject_TypeCheck(table_o, &TableType)) {
        table = (Table *)table_o;
    } else {
        PyErr_SetString(PyExc_TypeError, "table must be a _bridgecore.Table or None");
        return NULL;
    }
    Ctx ctx = {strain, table, 0, max_nodes, 0};
    int ns;
    Py_BEGIN_ALLOW_THREADS
    ns = mtd_tricks(&ctx, hands, leader, trick, n, guess);
    Py_END_ALLOW_THREADS
    if (owned) table_free(&own);
    if (ctx.failed == 1) return PyErr_NoMemory();
    return Py_BuildValue("(iL)", ctx.failed == 2 ? -1 : ns, ctx.nodes);
}

static PyMethodDef core_methods[] = {
    {"tricks", core_tricks, METH_VARARGS,
     "tricks(hands, strain, leader, trick, guess, table=None, max_nodes=-1) -> (north_south_tricks, nodes)"},
    {NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_bridgecore", "The compiled bridge double-dummy core.", -1,
                                    core_methods};

PyMODINIT_FUNC PyInit__bridgecore(void) {
    if (PyType_Ready(&TableType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Table", (PyObject *)&TableType) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
