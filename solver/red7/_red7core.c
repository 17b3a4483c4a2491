/* The compiled Red7 search core: states, whole-turn generation (Basic, Advanced, Actions and the
 * reading switches listed in solver/red7/core.py), winning checks, Advanced banked points and the
 * alpha-beta/coalition search with its two-generation transposition table.
 *
 * It is a second implementation of solver/red7/game.py and solver/search.py, written to visit exactly
 * the same nodes in the same order: children are generated in the order of Red7Game.children and
 * searched in the order of Red7Game.order (reply counts, see order_children), the
 * table keeps and drops entries as search.Table does, the node budget is checked where
 * search.Budget checks it. It also does the root's work of a solve and of advice on its own states
 * (every turn named by its steps in the order of Red7Game.moves, the principal line, the dead cards,
 * the decisions of many deals in one call), as solver/red7/__init__.py, coalition.py and advise.py do;
 * advice's searches (first_turns) skip dominated turns and settle endgames as Red7Game(endgames=True)
 * does (endgame, endgames_hold; with the Action rule action_endgame, action_endgames_hold).
 * tests/solver/red7/test_core.py holds the two together node for node.
 * Python decides which rulesets the core may take (solver/red7/core.py); this file trusts its flags. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <limits.h>
#include <time.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "../_search_table.h" /* the transposition table and the node budget, shared by the cores */

typedef uint64_t Mask;

#define WIN (1 << 10)
#define MAXP 4
#define MAXDECK 49

/* ---------------------------------------------------------------- cards and the seven rules */

#define NUMBER_MASK(n) (((Mask)0x7F) << (7 * ((n) - 1)))
static Mask COLOUR_MASK[7];
static Mask ABOVE_NUMBER[8]; /* the cards whose number is above n (n = 0..7) */
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
static int8_t CARD_COLOUR[49]; /* 6 - c % 7: a table read in the hot loops instead of a division */
static inline int colour_of(int c) { return CARD_COLOUR[c]; }

static void init_tables(void) {
    for (int c = 0; c < 49; c++) CARD_COLOUR[c] = (int8_t)(6 - c % 7);
    for (int c = 0; c < 7; c++) {
        COLOUR_MASK[c] = 0;
        for (int n = 1; n <= 7; n++) COLOUR_MASK[c] |= (Mask)1 << ((n - 1) * 7 + (6 - c));
    }
    EVEN_MASK = NUMBER_MASK(2) | NUMBER_MASK(4) | NUMBER_MASK(6);
    BELOW_4_MASK = NUMBER_MASK(1) | NUMBER_MASK(2) | NUMBER_MASK(3);
    ACTION_MASK = NUMBER_MASK(1) | NUMBER_MASK(3) | NUMBER_MASK(5) | NUMBER_MASK(7);
    for (int n = 0; n <= 7; n++) ABOVE_NUMBER[n] = (((Mask)1 << 49) - 1) & ~(((Mask)1 << (7 * n)) - 1);
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

/* The seven numbers' cards as 7-bit chunks of a mask: chunk n - 1 holds number n, bit 6 - colour. */
static inline int chunk(Mask m, int n) { return (int)(m >> (7 * (n - 1)) & 127); }

/* Bit n - 1 set when number n has a card in m: each chunk's low six bits plus 63 carry into its top
 * bit when any is set, and the multiplication gathers the seven top bits (7 apart) side by side. */
#define CHUNK_LOW6 0xFDFBF7EFDFBFULL
#define CHUNK_TOP 0x1020408102040ULL
#define GATHER 0x1041041041ULL
static inline int numbers_present(Mask m) {
    Mask nonzero = (((m & CHUNK_LOW6) + CHUNK_LOW6) | m) & CHUNK_TOP;
    return (int)((nonzero >> 6) * GATHER >> 36 & 127);
}

/* Per 7-bit chunk x: KEY7[x] = popcount(x) << 6 | bitlen(x) (a group key within the chunk),
 * POP7[x] its popcount and NIB7[x] one count per bit, four bits each (summed over the chunks of a
 * mask: how many cards of each colour it holds). The rule keys read these instead of counting bits. */
static int KEY7[128], POP7[128], REV7[128]; /* REV7: the seven bits in reverse order */
static uint32_t NIB7[128];

static void init_chunk_tables(void) {
    for (int x = 0; x < 128; x++) {
        POP7[x] = popcount((Mask)x);
        KEY7[x] = x ? POP7[x] << 6 | bitlen((Mask)x) : 0;
        NIB7[x] = 0, REV7[x] = 0;
        for (int b = 0; b < 7; b++) REV7[x] |= (x >> b & 1) << (6 - b);
        for (int b = 0; b < 7; b++) if (x >> b & 1) NIB7[x] |= (uint32_t)1 << (4 * b);
    }
}

/* Bit 6 - c set when m holds a card of colour c: the seven 7-bit chunks folded onto the lowest. */
static inline int colours_in(Mask m) {
    m |= m >> 28, m |= m >> 14, m |= m >> 7;
    return (int)(m & 127);
}

/* Bit c set when m holds a card of colour c (the rule of that colour: leads_of's order). */
static inline int hand_colours(Mask m) { return REV7[colours_in(m)]; }

/* Four bits per colour (nibble 6 - colour): how many cards of each colour m holds. */
static inline uint32_t colour_counts(Mask m) {
    uint32_t counts = 0;
    for (int n = 1; n <= 7; n++) counts += NIB7[chunk(m, n)];
    return counts;
}

/* Every rule's key of m at once (keys[rule]), reading its chunks once: a key is count << 6 |
 * (highest qualifying card + 1), 0 when nothing qualifies (as fast.py). The searches read them
 * through key_of's cache. */
static void all_keys(Mask m, int *keys) {
    if (!m) {
        for (int r = 0; r < 7; r++) keys[r] = 0;
        return;
    }
    int x[8], most_of_number = 0, present = numbers_present(m), top_card = bitlen(m);
    uint32_t counts = colour_counts(m);
    for (int n = 1; n <= 7; n++) { /* most of one number: the chunk keys shifted to their number's place */
        int v = x[n] = chunk(m, n);
        if (v && KEY7[v] + 7 * (n - 1) > most_of_number) most_of_number = KEY7[v] + 7 * (n - 1);
    }
    int most = 0; /* most of one colour: the highest card among the colours tied for the most */
    Mask tied = 0;
    for (int b = 0; b < 7; b++) {
        int c = counts >> (4 * b) & 15;
        if (c > most) most = c, tied = COLOUR_MASK[6 - b];
        else if (c == most) tied |= COLOUR_MASK[6 - b];
    }
    Mask even = m & EVEN_MASK, low = m & BELOW_4_MASK;
    int len = RUN_LENGTH[present];
    keys[0] = 64 | top_card;
    keys[1] = most_of_number;
    keys[2] = most << 6 | bitlen(m & tied);
    keys[3] = even ? (POP7[x[2]] + POP7[x[4]] + POP7[x[6]]) << 6 | bitlen(even) : 0;
    keys[4] = POP7[x[1] | x[2] | x[3] | x[4] | x[5] | x[6] | x[7]] << 6 | top_card;
    keys[5] = len ? len << 6 | bitlen(m & NUMBER_MASK(RUN_TOP[present])) : 0;
    keys[6] = low ? (POP7[x[1]] + POP7[x[2]] + POP7[x[3]]) << 6 | bitlen(low) : 0;
}

/* The keys of recent Palettes, by a hash of the mask: a search meets few distinct Palettes (each
 * player's grows from the same few cards), so nearly every key is read here instead of computed.
 * A pure function's memo, shared by every search (the core runs under the GIL). */
#define KEY_CACHE 4096
static struct { Mask m; int16_t keys[8]; } key_cache[KEY_CACHE];

static void init_key_cache(void) {
    for (int i = 0; i < KEY_CACHE; i++) key_cache[i].m = ~(Mask)0; /* no Palette: a mask holds 49 bits */
}

static inline const int16_t *keys_of(Mask m) {
    size_t i = (size_t)((m * 0x9E3779B97F4A7C15ULL) >> 52);
    if (key_cache[i].m != m) {
        int k[7];
        all_keys(m, k);
        for (int r = 0; r < 7; r++) key_cache[i].keys[r] = (int16_t)k[r];
        key_cache[i].m = m;
    }
    return key_cache[i].keys;
}

static inline int key_of(int rule, Mask m) { return keys_of(m)[rule]; }

/* The rules under which a Palette leads against fixed rival keys: bit r set when key r of the
 * Palette beats rival[r]. Rivals are held as eight keys (Rivals: the eighth never beaten), so that
 * the seven comparisons are one SSE2 compare where the compiler targets it. */
typedef union {
    int16_t k[8];
#if defined(__SSE2__)
    __m128i v;
#endif
} Rivals;

static inline void rivals_of(Mask palette, Rivals *R) {
#if defined(__SSE2__) /* one 16-byte store: leads_of's load of it is forwarded from the store */
    R->v = _mm_insert_epi16(_mm_loadu_si128((const __m128i *)keys_of(palette)), INT16_MAX, 7);
#else
    memcpy(R->k, keys_of(palette), 7 * sizeof(int16_t));
    R->k[7] = INT16_MAX;
#endif
}

static inline int leads_of(Mask palette, const Rivals *R) {
    const int16_t *k = keys_of(palette);
#if defined(__SSE2__)
    __m128i gt = _mm_cmpgt_epi16(_mm_loadu_si128((const __m128i *)k), R->v);
    return _mm_movemask_epi8(_mm_packs_epi16(gt, gt)) & 127;
#else
    int leads = 0;
    for (int r = 0; r < 7; r++) leads |= (k[r] > R->k[r]) << r;
    return leads;
#endif
}

static Mask qualifying_mask(int rule, Mask m) {
    Mask q = 0;
    if (!m) return 0;
    switch (rule) {
    case 0: return top(m);
    case 1: return m & NUMBER_MASK(number_of((key_of(1, m) & 63) - 1));
    case 2: return m & COLOUR_MASK[colour_of((key_of(2, m) & 63) - 1)];
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
        int k = out >> i & 1 ? 0 : key_of(rule, palettes[i]);
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

/* Players out: at most four bits, counted by a table (bit counting is the search's commonest step). */
static const int8_t OUT_COUNT[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
static inline int players_in(const State *s) { return s->n - OUT_COUNT[s->out & 15]; }

/* As game.next_to_move: the next player still in moves; a player without hand cards at the start
 * of the turn goes out; with one player left, that player is named. */
static void next_to_move(State *s, int out, int me) {
    int n = s->n, nxt = me;
    while (n - OUT_COUNT[out & 15] > 1) {
        nxt = (nxt + 1) % n;
        if (out >> nxt & 1) continue;
        if (s->hands[nxt]) break;
        out |= 1 << nxt;
    }
    if (n - OUT_COUNT[out & 15] <= 1) {
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

/* A turn being made. Its deck is the state's, less the ``taken`` cards drawn from its top, with at
 * most one card ``put`` on it (an Action 1 or an Action 7 to the deck: one action resolves per
 * turn), on top or at the bottom: a turn holds no copy of the deck, which emit_turn writes out. */
typedef struct {
    Mask hand, drawn;
    Mask palettes[MAXP];
    int32_t step; /* its last step in S->steps while the core records turns (moves), else -1 */
    int8_t rule, deck_len, moved_to_canvas, failed, discarded, stays;
    int8_t rivals_changed; /* an Action 1 took a card from another Palette: the turn's rival keys do not hold */
    int8_t taken, put, put_bottom; /* the deck: cards drawn from the state's, the card put on it (-1: none) */
} Turn;

/* A step of a turn, as game.Move holds them: (verb, card), linked to the step before it. The core
 * records the steps only when it generates turns to name them (``moves``, the principal line, the
 * dead cards, advice), never inside the search. */
enum { V_PLAY, V_DISCARD, V_DRAW, V_TAKE, V_CANVAS, V_DECK, V_PASS };
typedef struct { int32_t before; int8_t verb, card; } Step;
typedef struct { Step *v; size_t len, cap; } StepVec;

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

/* ---------------------------------------------------------------- the search object */

typedef struct {
    PyObject_HEAD
    Rules R;
    int n, uses_deck;
    size_t K; /* key bytes, a multiple of 8 */
    Generations gens[2]; /* one table per ordering of a race (variant): their best children differ */
    size_t half;
    StateVec kids;
    TurnVec branches, ends;
    Budget budget;
    long long race_from, race_limit; /* the orderings race (see run) in shares of race_from nodes; 0 or less: never */
    int two_ply_from, variant;       /* variant 1: the two-ply score from two_ply_from hand cards (order_children) */
    int racing;                      /* the orderings race: a bound the other one proved settles a node (race_settles) */
    int counting;          /* emit counts the children instead of storing them */
    long long counted;
    long long made;        /* branches made by the Action rule's turn generation (push_branch) */
    struct { int *v; size_t len, cap; } order; /* move ordering: a stack of (index, score) arrays */
    int order_from;        /* hand cards in all from which children are ordered (Red7Game.order_from) */
    const int *rivals;     /* the strongest rival key of each rule for the turns being made (is_winning) */
    int recording;         /* steps are recorded: each child made gets its last step in kid_steps */
    StepVec steps;
    struct { int32_t *v; size_t len, cap; } kid_steps;
    int32_t cur_step;      /* the last step of the child emit makes next (the fast path sets it) */
    int endgames;          /* advice: search settles the endgames of endgame() without searching them */
    int two_in;            /* 3-4 players, two of them in: see two_in_holds (2: a test's unsound version) */
} Core;

/* A mask's seven low bytes, little end first (its eighth is 0: a mask holds 49 cards). */
static inline void put7(uint8_t *at, Mask m) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(at, &m, 8); /* the zero eighth byte lands where the next field (or the key's slack) goes */
#else
    for (int b = 0; b < 7; b++) at[b] = (uint8_t)(m >> 8 * b);
#endif
}

static void make_key(const Core *S, const State *s, int player, uint8_t *key) {
    memset(key, 0, S->K);
    key[0] = (uint8_t)player, key[1] = (uint8_t)s->rule, key[2] = (uint8_t)s->to_move, key[3] = (uint8_t)s->out;
    size_t p = 4;
    for (int i = 0; i < S->n; i++, p += 7) put7(key + p, s->hands[i]);
    for (int i = 0; i < S->n; i++, p += 7) put7(key + p, s->palettes[i]);
    if (S->uses_deck) {
        key[p++] = (uint8_t)s->deck_len;
        memcpy(key + p, s->deck, s->deck_len);
    }
}

static Head *table_get(Core *S, const uint8_t *key, uint64_t h, Where *at) {
    return gen_get(&S->gens[S->variant], key, S->K, h, at);
}

static int table_put(Core *S, const uint8_t *key, uint64_t h, int lo, int hi, int first, const Where *at) {
    return gen_put(&S->gens[S->variant], S->half, key, S->K, h, lo, hi, first, at);
}

/* As Search._race_settles: in a race, a node its own ordering's table does not know, among those the
 * search orders (order_from hand cards or more: few, each with a large proof), is settled by the other
 * ordering's table when that one's bounds answer the window (a bound holds whatever order proved it;
 * its best child is not taken, that ordering's own). 1 with the value in *v. Asked at every node, the
 * extra probes cost more than the proofs they spared on most deals. */
static int race_settles(Core *S, const uint8_t *key, uint64_t h, int alpha, int beta, int *v) {
    if (!S->racing) return 0;
    Where unused;
    Head *e = gen_get(&S->gens[1 - S->variant], key, S->K, h, &unused);
    int lo, hi, first;
    return e && probe(e, &alpha, &beta, &lo, &hi, &first, v);
}

/* ---------------------------------------------------------------- whole turns */

/* A new step after ``before`` (recording), else -1; -2 when memory ran out (a Python error is set). */
static int32_t add_step(Core *S, int32_t before, int verb, int card) {
    if (!S->recording) return -1;
    if (reserve((void **)&S->steps.v, &S->steps.cap, S->steps.len, sizeof(Step)) < 0) return -2;
    S->steps.v[S->steps.len] = (Step){before, (int8_t)verb, (int8_t)card};
    return (int32_t)S->steps.len++;
}

/* As Red7Game._finish: the state after the mover's turn. */
static int emit(Core *S, const State *s, Mask hand, int rule, const Mask *palettes, const uint8_t *deck, int deck_len,
                int stays) {
    if (S->counting) { /* the reply count of move ordering wants only how many */
        S->counted++;
        return 0;
    }
    int me = s->to_move;
    if (S->recording) {
        if (S->cur_step == -2) return -1;
        if (reserve((void **)&S->kid_steps.v, &S->kid_steps.cap, S->kid_steps.len, sizeof(int32_t)) < 0) return -1;
        S->kid_steps.v[S->kid_steps.len++] = S->cur_step;
    }
    if (reserve((void **)&S->kids.v, &S->kids.cap, S->kids.len, sizeof(State)) < 0) return -1;
    State *c = &S->kids.v[S->kids.len++]; /* in place: the reserve may move S->kids, so s is never in it (searches copy a child first) */
    memcpy(c->hands, s->hands, sizeof(c->hands));
    memcpy(c->palettes, palettes, sizeof(c->palettes));
    c->hands[me] = hand;
    c->rule = (int8_t)rule, c->n = s->n, c->deck_len = S->uses_deck ? (int8_t)deck_len : 0;
    if (c->deck_len) memcpy(c->deck, deck, deck_len);
    next_to_move(c, stays ? s->out : s->out | 1 << me, me);
    return 0;
}

/* The strongest rival key of every rule at once, with the Palettes ``palettes`` in s. */
static void rivals_among(const State *s, const Mask *palettes, int *rivals) {
    int me = s->to_move;
    for (int r = 0; r < 7; r++) rivals[r] = 0;
    for (int j = 0; j < s->n; j++) {
        if (j == me || (s->out >> j & 1)) continue;
        const int16_t *keys = keys_of(palettes[j]);
        for (int r = 0; r < 7; r++) if (keys[r] > rivals[r]) rivals[r] = keys[r];
    }
}

static void rivals_all(const State *s, int *rivals) { rivals_among(s, s->palettes, rivals); }

static int rivals_best(const State *s, int r) {
    int best = 0, me = s->to_move;
    for (int j = 0; j < s->n; j++) {
        if (j == me || (s->out >> j & 1)) continue;
        int k = key_of(r, s->palettes[j]);
        if (k > best) best = k;
    }
    return best;
}

/* Whether the mover's Palette wins ``r``; without the highest-card reading one key against the
 * strongest rival key of that rule (cached: the rivals' Palettes do not change during the turn). */
static inline int fast_winning(const Core *S, const State *s, int r, const Mask *p, int *rivals) {
    if (S->R.highest_card) return leader(&S->R, r, p, s->n, s->out) == s->to_move;
    if (rivals[r] < 0) rivals[r] = rivals_best(s, r);
    return key_of(r, p[s->to_move]) > rivals[r];
}

/* Children are generated lazily, one stage at a time, so that a cut-off spares the stages after
 * it (as the Python generators do). A stage appends to S->kids and, for the Action rule, to
 * S->branches; both are stacks: a frame's entries stay below those of the searches it calls. */
typedef struct {
    int stage, nc, done;
    size_t base; /* S->kids.len when the frame started: its children are above */
    int cards[49];
    int rivals[7];
    size_t bbase, groups[51]; /* the Action rule: each played card's branches in S->branches */
    Turn start;               /* the Action rule: the turn before its first step (start_turn), from stage 0 */
} Gen;

static void gen_init(Core *S, const State *s, Gen *g) {
    g->stage = 0, g->nc = 0, g->done = players_in(s) <= 1, g->base = S->kids.len;
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
        if (!(stays || R->legal_losing)) return 0;
        S->cur_step = add_step(S, -1, V_PLAY, g->cards[k]);
        return emit(S, s, hand & ~((Mask)1 << g->cards[k]), s->rule, p, s->deck, s->deck_len, stays);
    }
    if (k > 2 * nc) {
        g->done = 1;
        if (S->endgames && !S->recording && S->kids.len > g->base) return 0; /* passing dominated: endgames_hold */
        S->cur_step = add_step(S, -1, V_PASS, -1);
        return emit(S, s, hand, s->rule, s->palettes, s->deck, s->deck_len, 0);
    }
    int i = k - nc;
    Mask h1 = i < nc ? hand & ~((Mask)1 << g->cards[i]) : hand;
    p[me] = i < nc ? mine | (Mask)1 << g->cards[i] : mine;
    int mine_count = popcount(p[me]), stays_by_rule[7] = {-1, -1, -1, -1, -1, -1, -1};
    for (Mask m = h1; m; m ^= top(m)) {
        int d = bitlen(m) - 1, r = colour_of(d);
        if (i < nc && (r == s->rule || S->endgames == 2) && S->endgames && !S->recording) continue; /* the play alone dominates: endgames_hold (2: two_in's unsound test version, every discard after a play) */
        int stays = stays_by_rule[r] >= 0 ? stays_by_rule[r] : (stays_by_rule[r] = fast_winning(S, s, r, p, g->rivals));
        if (!(stays || R->legal_losing)) continue;
        Mask h2 = h1 & ~((Mask)1 << d);
        int32_t discarded = -1;
        if (S->recording) discarded = add_step(S, i < nc ? add_step(S, -1, V_PLAY, g->cards[i]) : -1, V_DISCARD, d);
        if (R->advanced && s->deck_len && number_of(d) > mine_count) {
            S->cur_step = add_step(S, discarded, V_DRAW, -1);
            if (emit(S, s, h2 | (Mask)1 << s->deck[0], r, p, s->deck + 1, s->deck_len - 1, stays) < 0) return -1;
            if (R->mandatory_draw) continue;
        }
        S->cur_step = discarded;
        if (emit(S, s, h2, r, p, s->deck, s->deck_len, stays) < 0) return -1;
    }
    return 0;
}

static inline int of_colour(uint32_t counts, int r) { return counts >> (4 * (6 - r)) & 15; }

/* How many children fast_stage makes of s, without making them (move ordering counts replies). A
 * discard and its draw leave the Palettes as they are, so the discarded card's colour alone decides
 * whether the mover stays in; adding a card never lowers a rule key, so the Palette as it is and
 * with the whole hand added bound every Palette of the turn, which decides most rules for every card
 * played at once: a rule so decided adds its discards by counting cards of its colour, and only the
 * other rules are asked card by card. */
static long long fast_count(Core *S, const State *s) {
    const Rules *R = &S->R;
    if (players_in(s) <= 1) return 0;
    int me = s->to_move, rivals[7] = {-1, -1, -1, -1, -1, -1, -1}, sure[7];
    Mask hand = s->hands[me], mine = s->palettes[me], p[MAXP];
    memcpy(p, s->palettes, sizeof(p));
    int nc = popcount(hand), mc = popcount(mine);
    int optional = R->advanced && s->deck_len && !R->mandatory_draw; /* an optional draw makes two children */
    Mask above_play = optional ? ABOVE_NUMBER[mc + 1 < 7 ? mc + 1 : 7] : 0, above_none = optional ? ABOVE_NUMBER[mc < 7 ? mc : 7] : 0;
    uint32_t cnt = colour_counts(hand), drawn_play = optional ? colour_counts(hand & above_play) : 0,
             drawn_none = optional ? colour_counts(hand & above_none) : 0;
    if (R->legal_losing) {
        for (int r = 0; r < 7; r++) sure[r] = 1;
    } else if (R->highest_card) {
        for (int r = 0; r < 7; r++) sure[r] = -1;
    } else {
        rivals_all(s, rivals);
        int16_t low[7]; /* copied: the next lookup may take the same cache entry */
        memcpy(low, keys_of(mine), sizeof(low));
        const int16_t *high = keys_of(mine | hand);
        for (int r = 0; r < 7; r++) sure[r] = low[r] > rivals[r] ? 1 : high[r] <= rivals[r] ? 0 : -1;
    }
    long long count = 1; /* passing */
    int rule = s->rule;
    if (sure[rule] > 0) count += nc; /* playing without a discard */
    for (int r = 0; r < 7; r++) {
        int n = of_colour(cnt, r), drawn = of_colour(drawn_play, r);
        if (!n || !sure[r]) continue;
        if (sure[r] > 0) { /* every card played, then any card of colour r, and no card played */
            count += (long long)(nc - 1) * (n + drawn) + n + of_colour(drawn_none, r);
            continue;
        }
        p[me] = mine; /* no card played: the Palette as it is */
        if (fast_winning(S, s, r, p, rivals)) count += n + of_colour(drawn_none, r);
    }
    for (Mask plays = hand, c; plays; plays ^= c) {
        c = top(plays);
        p[me] = mine | c;
        if (sure[rule] < 0 && fast_winning(S, s, rule, p, rivals)) count++;
        for (int r = 0; r < 7; r++) {
            int n = of_colour(cnt, r);
            if (!n || sure[r] >= 0 || !fast_winning(S, s, r, p, rivals)) continue;
            Mask own = c & COLOUR_MASK[r]; /* the card played is no longer in hand to discard */
            count += n - (own != 0) + of_colour(drawn_play, r) - ((own & above_play) != 0);
        }
    }
    return count;
}

/* -- the Action rule path, as game.TurnGenerator walked by Red7Game._action_turns */

static inline Turn play(Core *S, Turn t, int c, int me) {
    t.hand &= ~((Mask)1 << c);
    t.palettes[me] |= (Mask)1 << c;
    t.step = add_step(S, t.step, V_PLAY, c);
    return t;
}

/* The top card of t's deck, taken from it (t's deck is not empty). */
static inline int take_top(const State *s, Turn *t) {
    int x;
    if (t->put >= 0 && (!t->put_bottom || t->taken == s->deck_len)) x = t->put, t->put = -1;
    else x = s->deck[t->taken++];
    t->deck_len--;
    return x;
}

/* A card put on t's deck, on top or at the bottom. */
static inline void put_card(Turn *t, int x, int bottom) {
    t->put = (int8_t)x, t->put_bottom = (int8_t)bottom;
    t->deck_len++;
}

static inline Turn draw(Core *S, const State *s, Turn t, int by_action3) {
    int x = take_top(s, &t);
    if (by_action3) t.drawn |= (Mask)1 << x;
    t.hand |= (Mask)1 << x;
    t.step = add_step(S, t.step, V_DRAW, -1);
    return t;
}

/* Whether the mover leads ``rule`` after turn t: the mover's key against the strongest rival key of
 * the state (S->rivals, set by action_stage: the others' Palettes stay as they are during a turn,
 * but for an Action 1), else (or when nobody qualifies, under the highest-card reading) leader(). */
static inline int is_winning(Core *S, const State *s, int rule, const Turn *t) {
    if (!t->rivals_changed) {
        int k = key_of(rule, t->palettes[s->to_move]);
        if (k > S->rivals[rule]) return 1;
        if (k || S->rivals[rule] || !S->R.highest_card) return 0;
    }
    return leader(&S->R, rule, t->palettes, s->n, s->out) == s->to_move;
}

static long long count_ends(Core *S, const State *s, const Turn *t, int as_is);

/* A branch of a turn (a way its actions resolve, or a discard's ending) appended to out; while
 * counting, only the turns it ends in are counted (count_ends): none is stored. */
static int push_branch(Core *S, const State *s, TurnVec *out, const Turn *t) {
    S->made++;
    if (!S->counting) return push_turn(out, t);
    S->counted += count_ends(S, s, t, 1);
    return 0;
}

static int advanced_draw(Core *S, const State *s, const Turn *t, int discarded, TurnVec *out) {
    const Rules *R = &S->R;
    if (R->advanced && t->deck_len && number_of(discarded) > popcount(t->palettes[s->to_move])) {
        Turn d = draw(S, s, *t, 0);
        if (push_branch(S, s, out, &d) < 0) return -1;
        if (R->mandatory_draw) return 0;
    }
    return push_branch(S, s, out, t);
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
            u.rivals_changed = 1;
            u.step = add_step(S, t->step, V_TAKE, x);
            put_card(&u, x, R->a1_bottom);
            if (push_branch(S, s, out, &u) < 0) return -1;
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
        moved.step = add_step(S, t->step, V_CANVAS, x);
        if (R->a7_at_once && !is_winning(S, s, moved.rule, &moved)) moved.failed = 1;
        if (R->advanced && R->a7_advanced_draw) {
            if (advanced_draw(S, s, &moved, x, out) < 0) return -1;
        } else if (push_branch(S, s, out, &moved) < 0) {
            return -1;
        }
        if (R->a7_to_deck) {
            Turn u = *t;
            u.palettes[me] = moved.palettes[me];
            u.step = add_step(S, t->step, V_DECK, x);
            put_card(&u, x, 0);
            if (push_branch(S, s, out, &u) < 0) return -1;
        }
    }
    return 0;
}

/* Every way the action of card c (just played) can resolve, appended to out. */
static int resolve(Core *S, const State *s, Turn t, int c, int chain, TurnVec *out) {
    const Rules *R = &S->R;
    if (!(R->actions && chain && (ACTION_MASK >> c & 1))) return push_branch(S, s, out, &t);
    long long before = S->made;
    int rc = 0;
    switch (number_of(c)) {
    case 1: rc = action1(S, s, &t, out); break;
    case 3:
        if (t.deck_len) {
            Turn d = draw(S, s, t, 1);
            rc = push_branch(S, s, out, &d);
        }
        break;
    case 5:
        for (Mask m = t.hand; m && rc == 0; m ^= top(m)) {
            int x = bitlen(m) - 1;
            rc = resolve(S, s, play(S, t, x, s->to_move), x, R->a5_chains, out);
        }
        break;
    default: rc = action7(S, s, &t, c, out); break;
    }
    if (rc < 0) return -1;
    if (S->made == before || R->action_optional) return push_branch(S, s, out, &t);
    return 0;
}

static int stays_in(Core *S, const State *s, const Turn *t, int rule) {
    return !t->failed && is_winning(S, s, rule, t);
}

/* The endings of t with a hand discard (and perhaps an Advanced draw), appended to out. */
static int discards(Core *S, const State *s, const Turn *t, TurnVec *out) {
    const Rules *R = &S->R;
    if ((t->failed && !R->legal_losing) || (t->moved_to_canvas && !R->discard_after_7)) return 0;
    Mask usable = R->a3_discardable ? t->hand : t->hand & ~t->drawn;
    /* A discard and its draw leave the Palettes as they are: the discarded card's colour alone
     * decides whether the mover stays in, once per colour; a count needs no turn built. */
    int stays_by_rule[7] = {-1, -1, -1, -1, -1, -1, -1};
    if (S->counting) {
        S->counted += count_ends(S, s, t, 0);
        return 0;
    }
    for (Mask m = usable; m; m ^= top(m)) {
        int d = bitlen(m) - 1, r = colour_of(d);
        int stays = stays_by_rule[r] >= 0 ? stays_by_rule[r] : (stays_by_rule[r] = stays_in(S, s, t, r));
        if (!(stays || R->legal_losing)) continue;
        Turn u = *t;
        u.hand &= ~((Mask)1 << d);
        u.rule = (int8_t)colour_of(d);
        u.discarded = (int8_t)d, u.stays = (int8_t)stays;
        u.step = add_step(S, t->step, V_DISCARD, d);
        size_t from = out->len;
        if (advanced_draw(S, s, &u, d, out) < 0) return -1;
        for (size_t k = from; k < out->len; k++) out->v[k].stays = (int8_t)stays, out->v[k].discarded = (int8_t)d;
    }
    return 0;
}

/* The rules r among ``want`` (bit r) under which the mover stays in after t, as stays_in: keys are
 * unique but for 0 (nothing qualifies), so the mover leads a rule when its key beats every rival's;
 * the rivals' keys are the state's (S->rivals) unless an Action 1 changed a Palette. */
static int staying_rules(Core *S, const State *s, const Turn *t, int want) {
    if (t->failed || !want) return 0;
    int changed[7], rules = 0, me = s->to_move;
    const int *rivals = S->rivals;
    if (t->rivals_changed) rivals_among(s, t->palettes, changed), rivals = changed;
    const int16_t *keys = keys_of(t->palettes[me]); /* read before any other key: the cache may reuse its entry */
    for (int left = want, r; left; left &= left - 1) {
        r = __builtin_ctz((unsigned)left);
        int k = keys[r];
        if (k > rivals[r]) rules |= 1 << r;
        else if (!k && !rivals[r] && S->R.highest_card && leader(&S->R, r, t->palettes, s->n, s->out) == me) {
            rules |= 1 << r;
            keys = keys_of(t->palettes[me]); /* leader read other keys */
        }
    }
    return rules;
}

/* How many turns end with branch t: as it is (``as_is``: when the mover stays in or losing turns
 * are legal) and with each hand discard (and its Advanced draw, optional or not), as action_stage
 * makes them; the discarded card's colour alone decides whether the mover stays in. */
static long long count_ends(Core *S, const State *s, const Turn *t, int as_is) {
    const Rules *R = &S->R;
    int legal = R->legal_losing, discarding = !(t->failed && !legal) && !(t->moved_to_canvas && !R->discard_after_7);
    Mask usable = !discarding ? 0 : R->a3_discardable ? t->hand : t->hand & ~t->drawn;
    int present = REV7[colours_in(usable)], want = (as_is ? 1 << t->rule : 0) | present; /* bit r: a card of colour r */
    int rules = legal ? 0x7F : staying_rules(S, s, t, want);
    long long n = as_is && (rules >> t->rule & 1);
    if (!usable) return n;
    int optional_draw = R->advanced && t->deck_len && !R->mandatory_draw;
    int mine = optional_draw ? popcount(t->palettes[s->to_move]) : 0;
    Mask above = optional_draw ? ABOVE_NUMBER[mine < 7 ? mine : 7] : 0;
    for (int both = rules & present, r; both; both &= both - 1) {
        r = __builtin_ctz((unsigned)both);
        Mask ofr = usable & COLOUR_MASK[r];
        n += popcount(ofr) + (above ? popcount(ofr & above) : 0);
    }
    return n;
}

static int emit_turn(Core *S, const State *s, const Turn *t, int stays) {
    if (S->counting) return emit(S, s, t->hand, t->rule, t->palettes, NULL, 0, stays);
    uint8_t deck[MAXDECK];
    int len = 0, kept = s->deck_len - t->taken;
    if (t->put >= 0 && !t->put_bottom) deck[len++] = (uint8_t)t->put;
    memcpy(deck + len, s->deck + t->taken, (size_t)kept);
    len += kept;
    if (t->put >= 0 && t->put_bottom) deck[len++] = (uint8_t)t->put;
    S->cur_step = t->step;
    return emit(S, s, t->hand, t->rule, t->palettes, deck, len, stays);
}

static Turn start_turn(const State *s) {
    Turn start;
    memset(&start, 0, sizeof(start));
    start.hand = s->hands[s->to_move];
    memcpy(start.palettes, s->palettes, sizeof(start.palettes));
    start.rule = s->rule, start.deck_len = s->deck_len;
    start.discarded = -1, start.step = -1, start.put = -1;
    return start;
}

/* The Action rule, in the order of Red7Game._action_turns. Stages 0..nc-1: every way card i's
 * action resolves (its branches), each as a whole turn; nc..2nc: the endings with a hand discard
 * of card i's branches (and finally of not playing), strongest discard first; 2nc+1: passing. */
static int action_stage(Core *S, const State *s, Gen *g) {
    int me = s->to_move, nc = g->nc, k = g->stage++;
    if (!k) g->start = start_turn(s);
    if (g->rivals[0] < 0) rivals_all(s, g->rivals);
    S->rivals = g->rivals; /* for is_winning: no other state's turns are made until this stage is done */
    TurnVec *br = &S->branches, *ends = &S->ends;
    if (k < nc) {
        int c = g->cards[k];
        size_t from = br->len;
        if (resolve(S, s, play(S, g->start, c, me), c, 1, br) < 0) return -1;
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
        if (S->endgames && !S->recording && S->kids.len > g->base) return 0; /* passing dominated: action_endgames_hold */
        S->cur_step = add_step(S, -1, V_PASS, -1);
        return emit(S, s, s->hands[me], s->rule, s->palettes, s->deck, s->deck_len, 0);
    }
    int i = k - nc;
    if (i == nc) { /* discarding without playing comes last */
        if (push_turn(br, &g->start) < 0) return -1;
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

/* With 3-4 players (S->two_in, as Red7Game(two_in=True), which solve sets), without Advanced, losing
 * turns or the highest-card reading: a player out of the round counts for nothing (no rule, action or
 * turn reads its cards: the core takes action1_out_players "never" only), so its hand and Palette are
 * left out of the key (two_rules), and a state with two players in is a 2-player round between them,
 * whatever the coalition, where the shortcuts of endgames_hold (Basic) or action_endgames_hold (the
 * Action rule) hold (two_in_holds): endgames settled without a search (mask_endgame;
 * action_endgame_with) and dominated turns skipped (fast_stage, action_stage, through gen_two). */
static inline int two_rules(const Core *S) {
    return S->two_in && S->n >= 3 && !S->R.advanced && !S->R.legal_losing && !S->R.highest_card;
}
static inline int two_in_holds(const Core *S, const State *s) { return two_rules(S) && players_in(s) == 2; }

static int in_besides(const State *s) {
    for (int i = 0; i < s->n; i++) if (i != s->to_move && !(s->out >> i & 1)) return i;
    return -1;
}

/* gen_until with the dominated turns of endgames_hold skipped where two_in_holds (``two``: S->two_in). */
static int gen_two(Core *S, const State *s, Gen *g, size_t base, size_t want, int two) {
    int was = S->endgames;
    S->endgames = was ? was : two;
    int r = gen_until(S, s, g, base, want);
    S->endgames = was;
    return r;
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
#define ORDER_FROM 8 /* the default of Search(order_from=...); Python passes its own (game.ORDER_FROM) */
#define SCORE_LAST 1000000
#define SCORE_AFTER 500000

static int hand_cards(const State *s) {
    int k = 0;
    for (int i = 0; i < s->n; i++) k += popcount(s->hands[i]);
    return k;
}

/* How many children action_stage makes of s, without making them: every way each card's action
 * resolves is counted as it is made (push_branch), with the discards that end it, then the discards
 * without a play and passing. */
static long long action_count(Core *S, const State *s) {
    if (players_in(s) <= 1) return 0;
    int rivals[7], me = s->to_move, rc = 0;
    const int *was = S->rivals;
    rivals_all(s, rivals);
    S->rivals = rivals, S->counting = 1, S->counted = 1; /* passing */
    Turn start = start_turn(s);
    for (Mask m = start.hand; m && rc == 0; m ^= top(m)) {
        int c = bitlen(m) - 1;
        rc = resolve(S, s, play(S, start, c, me), c, 1, NULL);
    }
    S->counted += count_ends(S, s, &start, 0);
    S->counting = 0, S->rivals = was;
    return rc < 0 ? -1 : S->counted;
}

static long long count_children(Core *S, const State *c) {
    return S->R.actions ? action_count(S, c) : fast_count(S, c);
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
    if (gen_two(S, &cc, &g, base, (size_t)-2, two_in_holds(S, &cc) ? S->two_in : 0) < 0) best = -2;
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

/* Whether advice's searches may skip dominated turns and settle endgames by endgame() (as
 * game.endgames_hold): two players, no Action rule, no Advanced draws or banked points, no losing
 * turns generated, so that the only turn that does not keep the lead is passing (the mover is out)
 * and hand cards serve only to move: with more of them a player has every turn it had and runs out
 * later, so a turn that leaves the same state but one card fewer in hand is never better. Two such
 * turns are skipped (fast_stage, in searches only, never among the root's turns): a play followed by
 * a discard of the rule's own colour (the play alone leads alike and keeps the card), and passing
 * once another turn was made (passing loses at once with two players). */
static int endgames_rules(const Core *S) { return !S->R.actions && !S->R.advanced && !S->R.legal_losing; }
static int endgames_hold(const Core *S) { return S->n == 2 && endgames_rules(S); }

/* With the Action rule (as game.action_endgames_hold): two players, no Advanced draws or banked
 * points, no losing turns generated. A value is then a win or a loss, and passing (the mover is out:
 * the other player wins) is the worst a mover can do, so it is skipped once another turn was made
 * (action_stage, in searches only). And no action puts a card in the other player's hand (an Action
 * 1 takes a Palette card to the deck, an Action 3 draws for the mover, 5 plays from the mover's hand,
 * 7 moves the mover's Palette card), so when the other player holds no card, every turn that keeps
 * the mover in (every turn but passing) leaves it without cards at the start of its turn, out: the
 * mover wins exactly when it has a turn other than passing (action_endgame). The dominance of fast_stage's
 * play-and-discard of the rule's colour does not hold here (under a mandatory Action 5 a card more in
 * hand takes away playing the 5 alone), nor mask_endgame's cases (an Action 3 draws into the hand). */
static int action_endgames_hold(const Core *S) { return S->n == 2 && S->R.actions && !S->R.advanced && !S->R.legal_losing; }

/* Whether the mover of s has a turn other than passing (fast_count(S, s) > 1), as endgames_hold
 * allows; can_lead_with: for the mover's rule, hand and Palette against the other's Palette, without
 * the highest-card reading. A turn leads by the rule it ends under (a discard's colour, else the rule
 * as it is) with the Palette after its play, so each rule asks whether some play (or none) makes the
 * mover's key beat the other's, and, but for the rule as it is, whether a card of its colour is left
 * to discard. */
static int can_lead_with(int rule, Mask hand, Mask mine, Mask rival) {
    Rivals R;
    rivals_of(rival, &R);
    if (leads_of(mine, &R) & hand_colours(hand)) return 1; /* discarding a card of a colour that leads, nothing played */
    for (Mask m = hand, c; m; m ^= c) { /* playing c, then (for another rule) discarding a card of its colour */
        c = top(m);
        if (leads_of(mine | c, &R) & (1 << rule | hand_colours(hand & ~c))) return 1;
    }
    return 0;
}

static int can_lead(Core *S, const State *s) {
    if (S->R.highest_card) return fast_count(S, s) > 1;
    int me = s->to_move;
    return can_lead_with(s->rule, s->hands[me], s->palettes[me], s->palettes[1 - me]);
}

static int some_turn_wins(int rule, Mask mine, Mask theirs, Mask P, Mask O);

/* mask_endgame's answers where it searched turns, by a hash of its arguments: a pure function's
 * memo (the endgames of a deal meet the same states along many lines), shared by every search; it
 * spends no nodes, so node counts do not depend on it. A mover's hand of 49 bits never set: empty. */
#define END_MEMO_BITS 14
typedef struct { Mask mine_rule, theirs, P, O_won; } EndMemo; /* the rule in bits 56-58, won in bit 63 */
static EndMemo end_memo[1 << END_MEMO_BITS];

static void init_end_memo(void) {
    for (size_t i = 0; i < (size_t)1 << END_MEMO_BITS; i++) end_memo[i].mine_rule = ~(Mask)0;
}

/* Whether endgame() settles a state whose mover holds ``mine`` and the other player ``theirs``. */
static inline int settled(Mask mine, Mask theirs) {
    Mask m1 = mine & (mine - 1), t1 = theirs & (theirs - 1); /* each without its lowest card: one card left at most */
    return !theirs || !(m1 & (m1 - 1)) || !(t1 & (t1 - 1));
}

/* endgame() on masks, without the highest-card reading: whether the mover (under ``rule``, holding
 * ``mine``, Palette P) wins against the other player (``theirs``, Palette O), or -1 where no case of
 * endgame() settles it. */
static int mask_endgame(int rule, Mask mine, Mask theirs, Mask P, Mask O) {
    if (!settled(mine, theirs)) return -1;
    if (!theirs) return can_lead_with(rule, mine, P, O);
    uint64_t h = (mine * 0x9E3779B97F4A7C15ULL) ^ (theirs * 0xC2B2AE3D27D4EB4FULL) ^ (P * 0x165667B19E3779F9ULL)
                 ^ (O * 0xD6E8FEB86659FD93ULL) ^ (uint64_t)rule;
    h ^= h >> 29;
    EndMemo *e = &end_memo[(h * 0xBF58476D1CE4E5B9ULL) >> (64 - END_MEMO_BITS)];
    Mask mine_rule = mine | (Mask)rule << 56;
    if (e->mine_rule == mine_rule && e->theirs == theirs && e->P == P && (e->O_won & ~((Mask)1 << 63)) == O)
        return (int)(e->O_won >> 63);
    int won = some_turn_wins(rule, mine, theirs, P, O);
    e->mine_rule = mine_rule, e->theirs = theirs, e->P = P, e->O_won = O | (Mask)won << 63;
    return won;
}

/* Whether some turn of the mover that leads (a play, a play and a discard of another colour than
 * the rule's, a discard: a play and a discard of the rule's colour does no better than the play)
 * leaves the other player losing, where mask_endgame settles every such turn. */
static int some_turn_wins(int rule, Mask mine, Mask theirs, Mask P, Mask O) {
    Rivals R;
    rivals_of(O, &R);
    for (Mask m = mine, c; m; m ^= c) {
        c = top(m);
        Mask Pc = P | c, h = mine & ~c;
        int leads = leads_of(Pc, &R); /* the rules r under which Pc leads (bit r) */
        if ((leads >> rule & 1) && !mask_endgame(rule, theirs, h, O, Pc)) return 1;
        for (int want = leads & ~(1 << rule) & hand_colours(h); want; want &= want - 1) { /* a discard of colour r */
            int r = __builtin_ctz((unsigned)want);
            for (Mask n = h & COLOUR_MASK[r], d; n; n ^= d) {
                d = n & (0 - n);
                if (!mask_endgame(r, theirs, h & ~d, O, Pc)) return 1;
            }
        }
    }
    for (int want = leads_of(P, &R) & hand_colours(mine); want; want &= want - 1) { /* a discard, nothing played */
        int r = __builtin_ctz((unsigned)want);
        for (Mask n = mine & COLOUR_MASK[r], d; n; n ^= d) {
            d = n & (0 - n);
            if (!mask_endgame(r, theirs, mine & ~d, O, P)) return 1;
        }
    }
    return 0;
}

/* Whether the mover (2 players, both in; without the highest-card reading) has one of the turns
 * that the Action rule leaves as they are under Basic and that keeps it in: a discard of a colour
 * whose rule its Palette leads, or the play of an even card (no action) alone or followed by a
 * discard of another hand card, leading by the rule it ends under. Each is among action_stage's
 * turns (the start turn's discards; an even card's one branch), so 1 means a turn other than passing;
 * 0 says nothing of the odd cards' turns. */
static int leads_without_action(int rule, Mask hand, Mask mine, Mask rival) {
    int rivals[7], keys[7];
    const int16_t *k = keys_of(rival); /* each copied: the next lookup may take the same cache entry */
    for (int r = 0; r < 7; r++) rivals[r] = k[r];
    int colours = colours_in(hand);
    k = keys_of(mine);
    for (int r = 0; r < 7; r++) if ((colours >> (6 - r) & 1) && k[r] > rivals[r]) return 1;
    for (Mask m = hand & ~ACTION_MASK, c; m; m ^= c) {
        c = top(m);
        k = keys_of(mine | c);
        for (int r = 0; r < 7; r++) keys[r] = k[r];
        if (keys[rule] > rivals[rule]) return 1;
        int left = colours_in(hand & ~c);
        for (int r = 0; r < 7; r++) if ((left >> (6 - r) & 1) && keys[r] > rivals[r]) return 1;
    }
    return 0;
}

/* endgame() where action_endgames_hold: a state whose other player holds no card, settled by
 * whether the mover has a turn other than passing (its turns made stage by stage until one is: every
 * such turn keeps it in, and passing comes last). 1 with the value for ``player`` in *v, 0 for any
 * other state, -1 on an error. */
static int action_endgame_with(Core *S, const State *s, int player, int o, int *v);
static int action_endgame(Core *S, const State *s, int player, int *v) {
    return action_endgame_with(S, s, player, 1 - s->to_move, v);
}

/* action_endgame against the player ``o`` (two_in_holds: the other player in). */
static int action_endgame_with(Core *S, const State *s, int player, int o, int *v) {
    int me = s->to_move, won;
    if (s->hands[o]) return 0;
    if (!S->R.highest_card && leads_without_action(s->rule, s->hands[me], s->palettes[me], s->palettes[o])) {
        won = 1;
    } else {
        Gen g;
        size_t base = S->kids.len;
        gen_init(S, s, &g);
        if (gen_until(S, s, &g, base, 0) < 0) { gen_end(S, &g, base); return -1; }
        won = S->kids.len > base && !(S->kids.v[base].out >> me & 1);
        gen_end(S, &g, base);
    }
    *v = won == (me == player) ? WIN : -WIN;
    return 1;
}

/* A state of a round as endgames_hold allows, both players in, whose value follows from who can
 * still take the lead, without a search (a player without hand cards at the start of its turn is
 * out; a mover that cannot lead passes and is out):
 * - the other player holds no card: the mover wins if it has a turn other than passing (the other
 *   player is then out), else it loses;
 * - the mover holds one card (the other player some): every turn but passing uses it up, so the
 *   other player wins if it can lead after it (the mover then starts its next turn without cards);
 *   the mover wins if one of its turns leaves the other player no turn but passing;
 * - the other player holds one or two cards, or the mover two: the mover wins if one of its turns
 *   leaves the other player losing in one of these cases (where each such turn leads: the other
 *   player then moves holding one or two cards, or against one card or none).
 * 1 with the value for ``player`` in *v (as outcome: WIN or -WIN), 0 for any other state, -1 on an
 * error. tests/solver/red7/test_core.py holds the advice with it to the Python search's. */
static int endgame(Core *S, const State *s, int player, int *v) {
    int me = s->to_move, won = 0;
    Mask mine = s->hands[me], theirs = s->hands[1 - me];
    if (S->R.actions) return action_endgame(S, s, player, v);
    if (!settled(mine, theirs)) return 0;
    if (!S->R.highest_card) {
        won = mask_endgame(s->rule, mine, theirs, s->palettes[me], s->palettes[1 - me]);
    } else if (!theirs) {
        won = can_lead(S, s);
    } else { /* every turn but passing leads to a case settled for the other player */
        Gen g;
        size_t base = S->kids.len;
        gen_init(S, s, &g);
        if (gen_until(S, s, &g, base, (size_t)-2) < 0) { gen_end(S, &g, base); return -1; }
        for (size_t j = base; j < S->kids.len && !won; j++) {
            State c = S->kids.v[j]; /* copied: S->kids may move while c's turns are made */
            int w;
            if (c.out) continue; /* passing */
            if (endgame(S, &c, c.to_move, &w) < 0) { gen_end(S, &g, base); return -1; }
            won = w < 0;
        }
        gen_end(S, &g, base);
    }
    *v = won == (me == player) ? WIN : -WIN;
    return 1;
}

/* As Search._search: fail-soft alpha-beta from ``player``'s side (the others together minimise),
 * the best child of the table entry first. Sets *err (a Python error is set) on a limit or Ctrl-C. */
static int search(Core *S, const State *s, int player, int alpha, int beta, int *err) {
    int v;
    if (spend(&S->budget) < 0) { *err = 1; return 0; }
    if (S->budget.nodes > S->race_limit) { *err = 2; return 0; } /* this ordering's turn of the race is over */
    if (outcome(&S->R, s, player, &v)) return v;
    if (S->endgames) {
        int settled = endgame(S, s, player, &v);
        if (settled) {
            if (settled < 0) *err = 1;
            return v;
        }
    }
    int two = two_in_holds(S, s) ? S->two_in : 0;
    if (two && S->R.actions) {
        int o = in_besides(s);
        if (two == 2 && !s->hands[o]) return s->to_move == player ? WIN : -WIN; /* a test's unsound version */
        int settled = action_endgame_with(S, s, player, o, &v);
        if (settled) {
            if (settled < 0) *err = 1;
            return v;
        }
    } else if (two) {
        int me = s->to_move, o = in_besides(s);
        int won = mask_endgame(s->rule, s->hands[me], s->hands[o], s->palettes[me], s->palettes[o]);
        if (won >= 0) return won == (me == player) ? WIN : -WIN;
    }
    uint8_t key[4 + 14 * MAXP + 1 + MAXDECK + 8];
    make_key(S, s, player, key);
    if (s->out && two_rules(S))
        for (int i = 0; i < S->n; i++)
            if (s->out >> i & 1) memset(key + 4 + 7 * i, 0, 7), memset(key + 4 + 7 * (S->n + i), 0, 7);
    uint64_t h = hash_key(key, S->K);
    Where found;
    Head *e = table_get(S, key, h, &found);
    int first, lo, hi;
    if (probe(e, &alpha, &beta, &lo, &hi, &first, &v)) return v;
    int ordered = S->order_from <= 49 && hand_cards(s) >= S->order_from, sorted = 0, nk = 0, head = 0;
    if (!e && ordered && race_settles(S, key, h, alpha, beta, &v)) return v;
    size_t base = S->kids.len, at = S->order.len;
    Gen g;
    gen_init(S, s, &g);
    if (ordered) {
        if (gen_two(S, s, &g, base, (size_t)-2, two) < 0) goto fail;
        nk = (int)(S->kids.len - base);
        first = first < nk ? first : 0;
    } else if (first) {
        /* the child tried first: the table's best (islice/chain in Python: at most the last child) */
        if (gen_two(S, s, &g, base, (size_t)first, two) < 0) goto fail;
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
            i = nth_child(first, head, step);
            if (gen_two(S, s, &g, base, (size_t)i, two) < 0) goto fail;
            if ((size_t)i >= S->kids.len - base) break;
        }
        State child = S->kids.v[base + i];
        v = search(S, &child, player, a, b, err);
        if (*err) goto failed;
        if (take(maximising, v, i, &best, &best_index, &a, &b)) break;
    }
    S->order.len = at;
    gen_end(S, &g, base);
    narrowed(best, alpha, beta, &lo, &hi);
    if (table_put(S, key, h, lo, hi, best_index, &found) < 0) { *err = 1; return 0; }
    return best;
fail:
    *err = 1;
failed:
    S->order.len = at;
    gen_end(S, &g, base);
    return 0;
}

/* ---------------------------------------------------------------- max-n (self-interested players) */

/* maxn.SelfInterested's exact values with the uniform tie rule, for Red7 (one winner a round, so a
 * value is each player's chance of winning and they sum to 1): at its turn a player takes a move
 * that gives it the most, each of its equally good moves as likely. A value is exact: fractions
 * num[i] / den. Prunings that change no value:
 * - a sure win: once a move gives the mover 1, every move that does gives the same (all to it);
 * - a turn that puts the mover out (passing) gives it 0: once its best (or its bound) is above 0 the
 *   turn is not its choice and is not searched (3-player first turns: 5% fewer nodes, 4 players 15%);
 * - Korf's shallow pruning: a node is searched with its parent's mover P and P's best so far a;
 *   once this node's mover M (not P) has a move giving it b with a + b > 1, P gets at most 1 - b < a
 *   here (the chances sum to 1), below its best: P does not take this move, so its value is not
 *   needed and the node returns CUT with the bound b (kept in the table, a lower bound of M's value).
 * Ties are compared exactly, so the uniform rule is kept as solver/maxn.py states it; a fraction
 * too big for 64 bits gives up that state (MX_OVERFLOW: not exact). Its own table (open addressing,
 * a fixed number of slots; a full probe run overwrites its entry with the fewest hand cards, which
 * kept more decisions exact than overwriting the first), cleared by each call: a deal's decisions
 * share it. Tried and dropped (no fewer nodes on 3-player first turns): trying first the children
 * the table knows best for the mover; asking the coalition search whether the mover forces a win
 * (from 8, 12 or 16 hand cards: more nodes in all); the same with two players in (where max-n is
 * the coalition's question).
 * With ``two_in`` (MTab; red7.advise.CORE_TWO_IN) a player out of the round counts for nothing (no
 * rule, action or turn reads its cards: the core takes action1_out_players "never" only; its chance
 * is 0), so its hand and Palette are left out of
 * the key; and with two players left in, where every value gives one of them 1 (the mover takes a
 * win if it has one, else every move leaves the other the winner), the 2-player search's shortcuts
 * hold where its rules do (endgames_rules): endgames settled by mask_endgame without a search and
 * dominated turns skipped (fast_stage). */
enum { MX_EXACT = 1, MX_CUT = 2, MX_LIMIT = 3, MX_ERROR = 4, MX_OVERFLOW = 5 };
typedef struct { uint64_t den, num[MAXP]; } MVal;
typedef struct { uint64_t h; MVal v; int16_t kind; int8_t who, cards; } MHead; /* then the key's K bytes */
typedef struct { uint8_t *mem; size_t slots, esize; long long nodes, limit; int two_in, broken; double prog; } MTab;
#define MX_PROBES 8
#define MX_BIG ((uint64_t)1 << 62) /* a denominator above this: the fractions are too big for the core */

static uint64_t gcd64(uint64_t a, uint64_t b) { while (b) { uint64_t t = a % b; a = b, b = t; } return a; }

/* x / y against u / v: <0, 0, >0 */
static inline int mx_cmp(uint64_t x, uint64_t y, uint64_t u, uint64_t v) {
    unsigned __int128 l = (unsigned __int128)x * v, r = (unsigned __int128)u * y;
    return l < r ? -1 : l > r;
}

/* x / y + u / v > 1 */
static inline int above_one(uint64_t x, uint64_t y, uint64_t u, uint64_t v) {
    return (unsigned __int128)x * v + (unsigned __int128)u * y > (unsigned __int128)y * v;
}

/* acc += v (acc->den 0: empty); 0, or -1 when a fraction outgrows the core */
static int mx_add(MVal *acc, const MVal *v, int n) {
    if (!acc->den) { *acc = *v; return 0; }
    uint64_t g = gcd64(acc->den, v->den);
    unsigned __int128 a = v->den / g, b = acc->den / g, den = (unsigned __int128)acc->den * a;
    if (den > MX_BIG) return -1;
    for (int i = 0; i < n; i++) {
        unsigned __int128 x = (unsigned __int128)acc->num[i] * a + (unsigned __int128)v->num[i] * b;
        if (x > MX_BIG) return -1;
        acc->num[i] = (uint64_t)x;
    }
    acc->den = (uint64_t)den;
    return 0;
}

/* acc /= k, in lowest terms */
static int mx_div(MVal *acc, int k, int n) {
    unsigned __int128 den = (unsigned __int128)acc->den * (unsigned)k;
    if (den > MX_BIG) return -1;
    uint64_t g = (uint64_t)den;
    for (int i = 0; i < n; i++) g = gcd64(g, acc->num[i]);
    if (!g) g = 1;
    acc->den = (uint64_t)den / g;
    for (int i = 0; i < n; i++) acc->num[i] /= g;
    return 0;
}

/* The slot of ``key``: its entry (*found), else an empty slot of its probe run, else the run's entry
 * with the fewest hand cards (the smallest tree to search again) to overwrite. */
static MHead *mx_slot(MTab *T, const uint8_t *key, size_t K, uint64_t h, int *found) {
    size_t mask = T->slots - 1, i = (size_t)(h >> 20) & mask;
    MHead *victim = NULL;
    for (int p = 0; p < MX_PROBES; p++, i = (i + 1) & mask) {
        MHead *e = (MHead *)(T->mem + i * T->esize);
        if (!e->kind) { *found = 0; return e; }
        if (e->h == h && !memcmp((uint8_t *)e + sizeof(MHead), key, K)) { *found = 1; return e; }
        if (!victim || e->cards < victim->cards) victim = e;
    }
    *found = 0;
    return victim;
}

static void mx_store(MHead *e, const uint8_t *key, size_t K, uint64_t h, const MVal *v, int kind, int who, int cards) {
    e->h = h, e->v = *v, e->kind = (int16_t)kind, e->who = (int8_t)who, e->cards = (int8_t)cards;
    memcpy((uint8_t *)e + sizeof(MHead), key, K);
}

/* Keeps num / den as a lower bound of the mover me's chance at key (MX_CUT), unless its entry is
 * exact or holds a bound at least as high. Looked up again: the slot found on entering the node may
 * have gone to another state since. */
static void mx_bound(const Core *S, MTab *T, const uint8_t *key, uint64_t h, int me, uint64_t num, uint64_t den,
                     int cards) {
    int found;
    MHead *e = mx_slot(T, key, S->K, h, &found);
    if (found && (e->kind == MX_EXACT || (e->kind == MX_CUT && mx_cmp(e->v.num[me], e->v.den, num, den) >= 0)))
        return;
    MVal v;
    memset(&v, 0, sizeof(v));
    v.den = den, v.num[me] = num;
    mx_store(e, key, S->K, h, &v, MX_CUT, me, cards);
}

/* The player in the round other than the mover, with two in. */
static int other_in(const State *s) {
    for (int i = 0; i < s->n; i++) if (i != s->to_move && !(s->out >> i & 1)) return i;
    return -1;
}

/* make_key for maxn: with T->two_in, the cards of the players out of the round left out. */
static void mx_key(const Core *S, const MTab *T, const State *s, uint8_t *key) {
    make_key(S, s, 0, key);
    if (!T->two_in) return;
    for (int i = 0; i < S->n; i++)
        if (s->out >> i & 1) memset(key + 4 + 7 * i, 0, 7), memset(key + 4 + 7 * (S->n + i), 0, 7);
}

/* The value of s (MX_EXACT, in *out), or MX_CUT (out->num[mover] / out->den: a lower bound of the
 * mover's chance with cut_a + it > 1, cut_a = an / ad being player cut_p's best above), MX_LIMIT
 * (T->limit nodes spent), MX_ERROR (a Python error: the budget's timeout or Ctrl-C), MX_OVERFLOW.
 * A node left unfinished (MX_LIMIT, MX_OVERFLOW) keeps its mover's best exact child so far in the
 * table as an MX_CUT lower bound (the mover takes its best, so it gets at least that), for the next
 * round of Core_maxn: a node entered again returns MX_CUT at once when the bound clears the window
 * above, and else searches its children with the bound as the mover's window from the start (a
 * child whose mover then has b with bound + b > 1 leaves this mover less than the bound, so less
 * than its best: not its choice; its best children are never cut and come back exact, so the
 * value and its ties are those of a search without the bound). A bound is never taken as a value. */
static int maxn(Core *S, MTab *T, const State *s, int cut_p, uint64_t an, uint64_t ad, MVal *out) {
    /* with MX_LIMIT, T->prog: the share of s's tree done (its children done, and the share of the next) */
    int n = S->n;
    if (T->nodes >= T->limit) { T->prog = 0; return MX_LIMIT; }
    T->nodes++;
    if (spend(&S->budget) < 0) return MX_ERROR;
    memset(out, 0, sizeof(*out));
    if (players_in(s) <= 1) {
        int w = round_winner(s);
        out->den = 1;
        if (w >= 0) out->num[w] = 1;
        return MX_EXACT;
    }
    int me = s->to_move, cut = cut_p >= 0 && cut_p != me;
    int two = T->two_in && players_in(s) == 2 && endgames_rules(S);
    if (two && !S->R.highest_card) {
        int o = other_in(s), won = mask_endgame(s->rule, s->hands[me], s->hands[o], s->palettes[me], s->palettes[o]);
        if (won >= 0) {
            out->den = 1, out->num[won ? me : o] = 1;
            return MX_EXACT;
        }
    }
    uint8_t key[4 + 14 * MAXP + 1 + MAXDECK + 8];
    mx_key(S, T, s, key);
    uint64_t h = hash_key(key, S->K);
    int found;
    MHead *e = mx_slot(T, key, S->K, h, &found);
    uint64_t wn = 0, wd = 0; /* the mover's window for its children: a lower bound of its chance (wd 0: none) */
    if (found) {
        if (e->kind == MX_EXACT) { *out = e->v; return MX_EXACT; }
        if (cut && above_one(an, ad, e->v.num[me], e->v.den)) { *out = e->v; return MX_CUT; }
        wn = e->v.num[me], wd = e->v.den; /* an MX_CUT entry: the bound of a cut or of a round that ran out */
    }
    size_t base = S->kids.len;
    Gen g;
    gen_init(S, s, &g);
    int endgames = S->endgames;
    S->endgames = two && !S->recording; /* dominated turns skipped (fast_stage) */
    int made = gen_until(S, s, &g, base, (size_t)-2);
    S->endgames = endgames;
    if (made < 0) { gen_end(S, &g, base); return MX_ERROR; }
    size_t nk = S->kids.len - base;
    int cards = hand_cards(s);
    MVal acc, v;
    memset(&acc, 0, sizeof(acc));
    uint64_t bn = 0, bd = 0; /* the mover's best so far (bd 0: none yet) */
    int ties = 0, rc = MX_EXACT;
    for (size_t i = 0; i < nk; i++) {
        State child = S->kids.v[base + i]; /* S->kids may move below */
        /* the mover out of the round there: 0 to it, below its window, not its choice (T->broken & 2: a
         * test's unsound core, also with no window when it has other turns: one of its tied turns) */
        if ((wn || ((T->broken & 2) && nk > 1)) && (child.out >> me & 1)) continue;
        int r = maxn(S, T, &child, wd ? me : -1, wn, wd, &v);
        if (r == MX_CUT) continue; /* below the best: not the mover's choice */
        if (r != MX_EXACT) {
            if (r == MX_LIMIT) T->prog = (i + T->prog) / nk;
            rc = r;
            break;
        }
        int c = bd ? mx_cmp(v.num[me], v.den, bn, bd) : 1;
        if (c < 0) continue;
        if (c > 0) {
            acc = v, ties = 1, bn = v.num[me], bd = v.den;
            if (!wd || mx_cmp(bn, bd, wn, wd) > 0) wn = bn, wd = bd;
        }
        else if (mx_add(&acc, &v, n) < 0) { rc = MX_OVERFLOW; break; }
        else ties++;
        if (bn == bd) { acc = v, ties = 1; break; } /* a sure win: every such move gives all to the mover */
        if (cut && above_one(an, ad, wn, wd)) { /* the player above does not come here */
            memset(out, 0, sizeof(*out));
            out->den = wd, out->num[me] = wn;
            gen_end(S, &g, base);
            mx_bound(S, T, key, h, me, wn, wd, cards);
            return MX_CUT;
        }
    }
    gen_end(S, &g, base);
    if (rc != MX_EXACT) {
        if (wd && rc != MX_ERROR) /* for the next round (T->broken & 1: a test's unsound core, one step too high) */
            mx_bound(S, T, key, h, me, wn + ((T->broken & 1) && wn < wd), wd, cards);
        return rc;
    }
    if (ties > 1 && mx_div(&acc, ties, n) < 0) return MX_OVERFLOW;
    *out = acc;
    mx_store(e, key, S->K, h, out, MX_EXACT, me, cards);
    return MX_EXACT;
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
                            "cpu_time", "race_from", "two_ply_from", "order_from", "two_in", NULL};
    PyObject *flags, *max_nodes, *timeout, *limit_error;
    int n, uses_deck, cpu_time, two_ply_from = 0, order_from = ORDER_FROM, two_in = 0;
    Py_ssize_t table_size;
    long long race_from = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!ipOOnOp|Liii", names, &PyTuple_Type, &flags, &n, &uses_deck, &max_nodes,
                                     &timeout, &table_size, &limit_error, &cpu_time, &race_from, &two_ply_from, &order_from,
                                     &two_in))
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
    if (two_in < 0 || two_in > 2) { PyErr_SetString(PyExc_ValueError, "two_in: 0, 1 or 2"); return -1; }
    S->n = n, S->uses_deck = uses_deck, S->order_from = order_from, S->two_in = two_in;
    size_t K = 4 + 14 * (size_t)n + (uses_deck ? 1 + MAXDECK : 0);
    S->K = (K + 7) & ~(size_t)7;
    S->half = table_size / 2 > 0 ? (size_t)(table_size / 2) : 1;
    if (budget_init(&S->budget, max_nodes, timeout, limit_error, cpu_time) < 0) return -1;
    return 0;
}

static void Core_dealloc(Core *S) {
    for (int k = 0; k < 2; k++) gen_free(&S->gens[k]);
    PyMem_Free(S->kids.v), PyMem_Free(S->branches.v), PyMem_Free(S->ends.v), PyMem_Free(S->order.v);
    PyMem_Free(S->steps.v), PyMem_Free(S->kid_steps.v);
    Py_XDECREF(S->budget.limit_error);
    Py_TYPE(S)->tp_free((PyObject *)S);
}

/* One search; with ``race``, as Search.wins: the two orderings take turns (the game's, then the
 * two-ply one), each stopped once it has spent its share of nodes, the share doubling after both
 * have had a turn; the table is shared, so a turn resumes from what every earlier turn proved. */
static int run_state(Core *S, const State *s, int player, int alpha, int beta, int race, int *v) {
    /* with two players in, the second ordering is the first one: no race */
    long long share = race && S->race_from > 0 && players_in(s) >= 3 ? S->race_from : -1;
    for (int turn = 0;; turn++) {
        int err = 0;
        if (turn >= 2 && turn % 2 == 0) share = share > LLONG_MAX / 4 ? LLONG_MAX / 2 : share * 2;
        S->variant = share >= 0 && turn % 2, S->racing = share >= 0;
        S->race_limit = share >= 0 && S->budget.nodes < LLONG_MAX / 2 ? S->budget.nodes + share : LLONG_MAX;
        *v = search(S, s, player, alpha, beta, &err);
        S->variant = 0, S->race_limit = LLONG_MAX, S->racing = 0;
        if (err != 2) return err ? -1 : 0;
    }
}

static int player_from(Core *S, int player) {
    if (player >= 0 && player < S->n) return 0;
    PyErr_SetString(PyExc_ValueError, "no such player");
    return -1;
}

static int run(Core *S, PyObject *state, int player, int alpha, int beta, int race, int *v) {
    State s;
    if (state_from(S, state, &s) < 0 || player_from(S, player) < 0) return -1;
    return run_state(S, &s, player, alpha, beta, race, v);
}

/* Search.wins and Search.value on a state of the core: whether player forces a win / the value in (alpha, beta). */
static int wins_state(Core *S, const State *s, int player, int *won) {
    int v;
    if (run_state(S, s, player, 0, 1, 1, &v) < 0) return -1;
    *won = v > 0;
    return 0;
}

/* ---------------------------------------------------------------- turns with their steps: the root's work */

/* Every turn of a state as Red7Game.moves lists them: the children stay in S->kids from ``base``
 * (searches in between push above them), ``order`` holds them best-first for the mover as
 * Red7Game.moves sorts them (game._order, a stable sort), ``last`` each one's last step. */
typedef struct {
    size_t base;
    int n;
    int *order;
    int32_t *last;
} Moves;

#define MAXSTEPS 64 /* steps of one turn at most (a turn has a dozen at most: plays, actions, discard, draw) */

/* The sort key of game._order: a won round first, then turns without a discard before those with
 * one, playing before not playing, the stronger card played first, then the stronger discard; a
 * round lost at once next to last, passing last. */
static long long move_key(const Core *S, const State *s, const State *child, int32_t last) {
    int first_verb = V_PASS, first_card = -1, discarded = -1;
    for (int32_t k = last; k >= 0; k = S->steps.v[k].before) {
        first_verb = S->steps.v[k].verb, first_card = S->steps.v[k].card;
        if (first_verb == V_DISCARD) discarded = first_card;
    }
    if (first_verb == V_PASS) return 30000;
    if (players_in(child) <= 1) return child->out >> s->to_move & 1 ? 20000 : 0;
    int played = first_verb == V_PLAY ? first_card : -1;
    return 1 + (((discarded >= 0) * 2 + (played < 0)) * 50 + (48 - played)) * 50 + (48 - discarded);
}

static int by_key(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static void moves_end(Core *S, Moves *mv) {
    S->kids.len = mv->base;
    PyMem_Free(mv->order), PyMem_Free(mv->last);
    mv->order = NULL, mv->last = NULL;
}

static int gen_moves(Core *S, const State *s, Moves *mv) {
    Gen g;
    mv->base = S->kids.len, mv->n = 0, mv->order = NULL, mv->last = NULL;
    S->steps.len = 0, S->kid_steps.len = 0, S->cur_step = -1;
    S->recording = 1;
    gen_init(S, s, &g);
    int rc = gen_until(S, s, &g, mv->base, (size_t)-2);
    S->recording = 0;
    S->branches.len = g.bbase;
    if (rc < 0) { S->kids.len = mv->base; return -1; }
    int n = mv->n = (int)(S->kids.len - mv->base);
    long long *keys = PyMem_Malloc(sizeof(long long) * (n ? n : 1));
    mv->order = PyMem_Malloc(sizeof(int) * (n ? n : 1));
    mv->last = PyMem_Malloc(sizeof(int32_t) * (n ? n : 1));
    if (!keys || !mv->order || !mv->last) {
        PyMem_Free(keys);
        moves_end(S, mv);
        PyErr_NoMemory();
        return -1;
    }
    for (int i = 0; i < n; i++) {
        mv->last[i] = S->kid_steps.v[i];
        keys[i] = move_key(S, s, &S->kids.v[mv->base + i], mv->last[i]) << 16 | i;
    }
    qsort(keys, (size_t)n, sizeof(long long), by_key); /* the index breaks ties: a stable sort */
    for (int i = 0; i < n; i++) mv->order[i] = (int)(keys[i] & 0xFFFF);
    PyMem_Free(keys);
    return 0;
}

/* A turn's steps, first to last, as (verb, card) bytes (card 255: none) in buf; the number of bytes.
 * ``to_draw``: only up to and including the first draw its player acts after (a decision, see
 * advise.decision and model/red7/steps.py's _is_cut: a draw after a play, or after a Canvas play
 * when a discard may follow it; never the draw after a discard). */
static int steps_of(const Core *S, int32_t last, int to_draw, uint8_t *buf) {
    int32_t chain[MAXSTEPS];
    int n = 0;
    for (int32_t k = last; k >= 0 && n < MAXSTEPS; k = S->steps.v[k].before) chain[n++] = k;
    int len = 0;
    for (int j = n - 1; j >= 0; j--) {
        const Step *st = &S->steps.v[chain[j]];
        buf[len++] = (uint8_t)st->verb, buf[len++] = (uint8_t)st->card;
        if (to_draw && st->verb == V_DRAW && len > 2 &&
            (buf[len - 4] == V_PLAY || (buf[len - 4] == V_CANVAS && S->R.discard_after_7)))
            break;
    }
    return len;
}

static PyObject *steps_bytes(const Core *S, int32_t last) {
    uint8_t buf[2 * MAXSTEPS];
    return PyBytes_FromStringAndSize((const char *)buf, steps_of(S, last, 0, buf));
}

/* As Red7Game.moves: [(steps, state after)] best-first for the mover. */
static PyObject *Core_moves(Core *S, PyObject *state) {
    State s;
    Moves mv;
    if (state_from(S, state, &s) < 0 || gen_moves(S, &s, &mv) < 0) return NULL;
    PyObject *list = PyList_New(mv.n);
    for (int k = 0; list && k < mv.n; k++) {
        int i = mv.order[k];
        PyObject *item = Py_BuildValue("(NN)", steps_bytes(S, mv.last[i]), state_to(&S->kids.v[mv.base + i]));
        if (!item) Py_CLEAR(list);
        else PyList_SET_ITEM(list, k, item);
    }
    moves_end(S, &mv);
    return list;
}

/* As coalition.principal_line: a line of best play from state, which player wins: at each turn the
 * first move (in moves order) keeping the value (``exact``: the exact value, else the win). */
static PyObject *Core_line(Core *S, PyObject *args) {
    PyObject *state;
    int player, exact, target = 0, v;
    State s;
    if (!PyArg_ParseTuple(args, "Oip", &state, &player, &exact)) return NULL;
    if (state_from(S, state, &s) < 0 || player_from(S, player) < 0) return NULL;
    PyObject *line = PyList_New(0);
    if (!line) return NULL;
    if (exact && run_state(S, &s, player, -INF, INF, 0, &target) < 0) goto fail;
    while (!outcome(&S->R, &s, player, &v) && PyList_GET_SIZE(line) < 200) {
        Moves mv;
        if (gen_moves(S, &s, &mv) < 0) goto fail;
        int chosen = -1;
        for (int k = 0; k < mv.n && chosen < 0; k++) {
            int i = mv.order[k], holds;
            State child = S->kids.v[mv.base + i];
            if (exact) {
                if (run_state(S, &child, player, target - 1, target + 1, 0, &v) < 0) { moves_end(S, &mv); goto fail; }
                holds = v == target;
            } else if (wins_state(S, &child, player, &holds) < 0) {
                moves_end(S, &mv);
                goto fail;
            }
            if (holds) chosen = i;
        }
        if (chosen < 0) { moves_end(S, &mv); break; } /* only when the table lost an entry mid-line */
        PyObject *b = steps_bytes(S, mv.last[chosen]);
        s = S->kids.v[mv.base + chosen];
        moves_end(S, &mv);
        if (!b || PyList_Append(line, b) < 0) { Py_XDECREF(b); goto fail; }
        Py_DECREF(b);
    }
    return line;
fail:
    Py_DECREF(line);
    return NULL;
}

/* As coalition.live_marks with the hand cards player used: the cards of ``interest`` player plays or
 * discards on some line where player keeps a forced win from state (which must be won). */
static PyObject *Core_live(Core *S, PyObject *args) {
    PyObject *state, *interest_obj;
    int player;
    State s;
    Mask interest, found = 0;
    if (!PyArg_ParseTuple(args, "OiO", &state, &player, &interest_obj)) return NULL;
    if (state_from(S, state, &s) < 0 || player_from(S, player) < 0 || mask_from(interest_obj, &interest) < 0) return NULL;
    Tab seen;
    StateVec stack = {NULL, 0, 0};
    memset(&seen, 0, sizeof(seen));
    int rc = push_state(&stack, &s);
    while (rc == 0 && stack.len && found != interest) {
        State t = stack.v[--stack.len];
        int v;
        if (outcome(&S->R, &t, player, &v)) continue;
        uint8_t key[4 + 14 * MAXP + 1 + MAXDECK + 8];
        make_key(S, &t, 0, key);
        uint64_t h = hash_key(key, S->K);
        if (tab_find(&seen, key, S->K, h) || !(t.hands[player] & interest & ~found)) continue;
        if ((rc = tab_reserve(&seen, S->K)) < 0) break;
        memcpy(KEY_OF(ENTRY(&seen, seen.count)), key, S->K);
        index_entry(&seen, h, seen.count++);
        if ((rc = spend(&S->budget)) < 0) break;
        int mine = t.to_move == player;
        Moves mv;
        if ((rc = gen_moves(S, &t, &mv)) < 0) break;
        for (int k = 0; k < mv.n; k++) {
            State child = S->kids.v[mv.base + mv.order[k]];
            if (mine) {
                int won;
                if ((rc = wins_state(S, &child, player, &won)) < 0) break;
                if (!won) continue;
                found |= (t.hands[player] & ~child.hands[player]) & interest;
            }
            if ((rc = push_state(&stack, &child)) < 0) break;
        }
        moves_end(S, &mv);
    }
    tab_free(&seen);
    PyMem_Free(stack.v);
    return rc < 0 ? NULL : PyLong_FromUnsignedLongLong(found);
}

/* An empty table that keeps the young generation's memory when it is small (a deal's table starts
 * empty, as a fresh one, without paying for its growth again); a big one is given back. */
static void gen_empty(Generations *G) {
    Tab *y = &G->young;
    tab_free(&G->old);
    if (y->slots > (1 << 16)) {
        tab_free(y);
    } else if (y->count) {
        memset(y->index, 0, y->slots * sizeof(uint64_t));
        y->count = 0;
    }
}

/* ---------------------------------------------------------------- advice's 2-player Basic search */

/* first_turns' searches where endgames_hold without the highest-card reading, without a deck and
 * without move ordering (2-player Basic, advise's SEARCH_ORDER_FROM): search() on the same nodes in
 * the same order (so the nodes of Red7Game(endgames=True) in Python), the same table and keys, but on
 * a state of four masks instead of a State, its children made stage by stage (as fast_stage, the
 * dominated turns left out) into a frame of its own, and a child that ends play carrying its winner
 * instead of going through outcome(). */
typedef struct { Mask h[2], p[2]; int8_t rule, to_move, winner; } B2; /* winner: -1 while play goes on */
#define B2_HAND 8 /* hand cards of a player at most on this path: children of a state at most 8 + 8 * 8 + 1 */

typedef struct {
    int stage, nc, done, n, me;
    int cards[B2_HAND], leads[B2_HAND]; /* leads[i]: the rules the Palette leads under once card i is played */
    Rivals rivals; /* the other player's keys */
    B2 kids[B2_HAND + B2_HAND * B2_HAND + 1];
} B2Gen;

static int b2_holds(const Core *S, const State *s) {
    return endgames_hold(S) && !S->R.highest_card && !S->uses_deck && S->K == 32 && !s->out
           && !(S->order_from <= 49 && hand_cards(s) >= S->order_from)
           && popcount(s->hands[0]) <= B2_HAND && popcount(s->hands[1]) <= B2_HAND;
}

static void b2_init(const B2 *s, B2Gen *g) {
    int me = g->me = s->to_move;
    g->stage = 0, g->nc = 0, g->done = 0, g->n = 0;
    for (Mask m = s->h[me]; m; m ^= top(m)) g->cards[g->nc++] = bitlen(m) - 1;
    rivals_of(s->p[1 - me], &g->rivals);
}

/* The mover's turn ending with ``hand``, under ``rule``, with Palette ``mine`` (it leads): the
 * other player moves, or is out (play over, the mover won) without hand cards. */
static inline void b2_child(const B2 *s, B2Gen *g, Mask hand, int rule, Mask mine) {
    B2 *c = &g->kids[g->n++];
    int me = g->me, other = 1 - me;
    c->h[me] = hand, c->h[other] = s->h[other];
    c->p[me] = mine, c->p[other] = s->p[other];
    c->rule = (int8_t)rule, c->to_move = (int8_t)other, c->winner = (int8_t)(s->h[other] ? -1 : me);
}

/* As fast_stage with S->endgames: stages 0..nc-1 play card i alone; nc..2nc the discards after card
 * i is played (none of the rule's colour) and after none; then passing, only if nothing else was made. */
static void b2_stage(const B2 *s, B2Gen *g) {
    int me = g->me, nc = g->nc, k = g->stage++, rule = s->rule;
    Mask hand = s->h[me], mine = s->p[me];
    if (k < nc) {
        Mask c = (Mask)1 << g->cards[k];
        int leads = g->leads[k] = leads_of(mine | c, &g->rivals); /* read again by the discards after c */
        if (leads >> rule & 1) b2_child(s, g, hand & ~c, rule, mine | c);
        return;
    }
    if (k > 2 * nc) {
        g->done = 1;
        if (!g->n) { /* passing: the mover is out, the other player wins */
            B2 *c = &g->kids[g->n++];
            *c = *s;
            c->to_move = (int8_t)(1 - me), c->winner = (int8_t)(1 - me);
        }
        return;
    }
    int i = k - nc;
    Mask c = i < nc ? (Mask)1 << g->cards[i] : 0, h1 = hand & ~c, p = mine | c;
    int leads = c ? g->leads[i] & ~(1 << rule) : leads_of(p, &g->rivals); /* after a play, a discard of the rule's colour is dominated */
    for (Mask m = h1; m && leads; m ^= top(m)) {
        int d = bitlen(m) - 1, r = colour_of(d);
        if (leads >> r & 1) b2_child(s, g, h1 & ~((Mask)1 << d), r, p);
    }
}

static inline void b2_until(const B2 *s, B2Gen *g, int want) {
    while (!g->done && g->n <= want) b2_stage(s, g);
}

/* search() on a B2 (no race: two players; no ordering: b2_holds). */
static int b2_search(Core *S, const B2 *s, int player, int alpha, int beta, int *err) {
    int v;
    if (spend(&S->budget) < 0) { *err = 1; return 0; }
    if (s->winner >= 0) return s->winner == player ? WIN : -WIN;
    int me = s->to_move;
    Mask mine = s->h[me], theirs = s->h[1 - me], P = s->p[me], O = s->p[1 - me];
    int won = mask_endgame(s->rule, mine, theirs, P, O); /* endgame() */
    if (won >= 0) return won == (me == player) ? WIN : -WIN;
    uint8_t key[40];
    key[0] = (uint8_t)player, key[1] = (uint8_t)s->rule, key[2] = (uint8_t)me, key[3] = 0;
    put7(key + 4, s->h[0]), put7(key + 11, s->h[1]), put7(key + 18, s->p[0]), put7(key + 25, s->p[1]);
    uint64_t h = hash_key(key, 32);
    Where found;
    Head *e = table_get(S, key, h, &found);
    int first, lo, hi;
    if (probe(e, &alpha, &beta, &lo, &hi, &first, &v)) return v;
    B2Gen g;
    b2_init(s, &g);
    int head = 0;
    if (first) { /* the table's best child first */
        b2_until(s, &g, first);
        head = first < g.n ? first : g.n - 1;
    }
    int a = alpha, b = beta, best_index = first, maximising = me == player, best = maximising ? -INF : INF;
    for (int step = 0;; step++) {
        int i = nth_child(first, head, step);
        b2_until(s, &g, i);
        if (i >= g.n) break;
        v = b2_search(S, &g.kids[i], player, a, b, err);
        if (*err) return 0;
        if (take(maximising, v, i, &best, &best_index, &a, &b)) break;
    }
    narrowed(best, alpha, beta, &lo, &hi);
    if (table_put(S, key, h, lo, hi, best_index, &found) < 0) { *err = 1; return 0; }
    return best;
}

/* As wins_state on a child of a state where b2_holds. */
static int b2_wins(Core *S, const State *c, int player, int *won) {
    B2 b = {{c->hands[0], c->hands[1]}, {c->palettes[0], c->palettes[1]}, c->rule, c->to_move, -1};
    if (players_in(c) <= 1) b.winner = (int8_t)round_winner(c);
    int err = 0;
    S->variant = 0, S->race_limit = LLONG_MAX;
    int v = b2_search(S, &b, player, 0, 1, &err);
    if (err) return -1;
    *won = v > 0;
    return 0;
}

/* Advice: for each state (a deal), every decision of player (the mover) in moves order with whether
 * one of its turns keeps a forced win, searched with a fresh table as advise._first_turns does on
 * Red7Game(endgames=True) (below the root, where endgames_hold: dominated turns skipped, endgames
 * settled; every decision at the root is searched, so each keeps its own outcome; a decision is searched
 * again only while none of its turns has won; ``whole``: every whole turn is its own decision), and
 * the nodes of each deal. A limit or Ctrl-C stops it: the deals done before are returned with
 * "timeout" or "interrupted". */
static PyObject *Core_first_turns(Core *S, PyObject *args) {
    PyObject *states, *seq, *results = NULL, *nodes = NULL, *stopped = Py_None;
    int player, whole;
    if (!PyArg_ParseTuple(args, "Oip", &states, &player, &whole) || player_from(S, player) < 0) return NULL;
    if (!(seq = PySequence_Fast(states, "first_turns takes a sequence of states"))) return NULL;
    typedef struct { uint8_t sig[2 * MAXSTEPS]; int len, won; } Decision;
    Decision *ds = NULL;
    size_t dcap = 0;
    results = PyList_New(0), nodes = PyList_New(0);
    if (!results || !nodes) goto fail;
    for (Py_ssize_t d = 0; d < PySequence_Fast_GET_SIZE(seq); d++) {
        State s;
        Moves mv;
        long long before = S->budget.nodes;
        /* each deal its own table: deals of a view share almost no states (a shared table saved 0.01%
         * of the nodes on 200 deals) and a table grown by earlier deals only costs cache misses */
        gen_empty(&S->gens[0]), gen_empty(&S->gens[1]);
        S->endgames = endgames_hold(S) || action_endgames_hold(S);
        if (state_from(S, PySequence_Fast_GET_ITEM(seq, d), &s) < 0 || gen_moves(S, &s, &mv) < 0) goto fail;
        if ((size_t)mv.n > dcap) {
            Decision *w = PyMem_Realloc(ds, sizeof(Decision) * (size_t)mv.n);
            if (!w) { moves_end(S, &mv); PyErr_NoMemory(); goto fail; }
            ds = w, dcap = (size_t)mv.n;
        }
        int nd = 0, err = 0, b2 = b2_holds(S, &s);
        for (int k = 0; k < mv.n && !err; k++) {
            int i = mv.order[k], j;
            Decision here;
            here.len = steps_of(S, mv.last[i], !whole, here.sig);
            for (j = 0; j < nd; j++) if (ds[j].len == here.len && !memcmp(ds[j].sig, here.sig, (size_t)here.len)) break;
            if (j < nd && ds[j].won) continue;
            State child = S->kids.v[mv.base + i];
            if ((b2 ? b2_wins(S, &child, player, &here.won) : wins_state(S, &child, player, &here.won)) < 0) { err = 1; break; }
            if (j == nd) ds[nd++] = here;
            else ds[j].won = here.won;
        }
        moves_end(S, &mv);
        if (err) {
            const char *why = PyErr_ExceptionMatches(S->budget.limit_error) ? "timeout"
                              : PyErr_ExceptionMatches(PyExc_KeyboardInterrupt) ? "interrupted" : NULL;
            if (!why) goto fail;
            PyErr_Clear();
            if (!(stopped = PyUnicode_FromString(why))) { stopped = Py_None; goto fail; }
            break;
        }
        PyObject *found = PyList_New(nd);
        for (int j = 0; found && j < nd; j++) {
            PyObject *item = Py_BuildValue("(y#O)", (const char *)ds[j].sig, (Py_ssize_t)ds[j].len, ds[j].won ? Py_True : Py_False);
            if (!item) Py_CLEAR(found);
            else PyList_SET_ITEM(found, j, item);
        }
        PyObject *count = found ? PyLong_FromLongLong(S->budget.nodes - before) : NULL;
        int bad = !count || PyList_Append(results, found) < 0 || PyList_Append(nodes, count) < 0;
        Py_XDECREF(found), Py_XDECREF(count);
        if (bad) goto fail;
    }
    S->endgames = 0;
    PyMem_Free(ds);
    Py_DECREF(seq);
    if (stopped == Py_None) Py_INCREF(stopped);
    return Py_BuildValue("(NNN)", results, nodes, stopped);
fail:
    S->endgames = 0;
    PyMem_Free(ds);
    Py_DECREF(seq);
    Py_XDECREF(results), Py_XDECREF(nodes);
    if (stopped != Py_None) Py_DECREF(stopped);
    return NULL;
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
    if (gen_two(S, &s, &g, base, (size_t)-2, two_in_holds(S, &s) ? S->two_in : 0) < 0) { gen_end(S, &g, base); return NULL; }
    PyObject *list = PyList_New(0);
    for (size_t i = base; list && i < S->kids.len; i++) {
        PyObject *c = state_to(&S->kids.v[i]);
        if (!c || PyList_Append(list, c) < 0) Py_CLEAR(list);
        Py_XDECREF(c);
    }
    gen_end(S, &g, base);
    return list;
}

/* maxn(states, nodes, table_bits=20, two_in=True, share=0, broken=0): the exact max-n values
 * (``maxn`` above; ``two_in``: its shortcuts with players out) of a deal's states,
 * sharing one table of 2**table_bits slots, within ``nodes`` nodes in all: each state not yet exact
 * searched under an allowance that doubles each round (as SelfInterested.bounded), so the cheap ones
 * end exact; the first round's allowance ``share`` (0: nodes / (4 * states), at least 64). Rounds after
 * the first start from the bounds the unfinished nodes left, and take the states in the order of the
 * nodes each seems to need yet (spent * (1 - p) / p, p its share of the tree done: the root children
 * done, and of the one left the share done, and so on down the line that ran out), each with at
 * least 4 times that (the budget then goes to the states likely to finish: 3 players, 20 deals of
 * the self_interested benchmark's view, 2M nodes a deal: 151 -> 181 of 440 turns exact). ``broken``: for tests only, an unsound
 * core the tests show caught: 1, those bounds one step too high; 2, a child where the mover is out
 * skipped even when its best so far is 0.
 * ([each state's (num_0, ..., num_n-1, den), or None if not exact], nodes spent). */
static PyObject *Core_maxn(Core *S, PyObject *args) {
    PyObject *states, *seq, *list = NULL;
    long long nodes;
    int bits = 20, two_in = 1, broken = 0;
    long long share = 0;
    if (!PyArg_ParseTuple(args, "OL|ipLi", &states, &nodes, &bits, &two_in, &share, &broken)) return NULL;
    if (bits < 4 || bits > 28) { PyErr_SetString(PyExc_ValueError, "table_bits: 4 to 28"); return NULL; }
    if (!(seq = PySequence_Fast(states, "maxn takes a sequence of states"))) return NULL;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
    State *roots = PyMem_Calloc((size_t)m + 1, sizeof(State));
    MVal *vals = PyMem_Calloc((size_t)m + 1, sizeof(MVal));
    int *status = PyMem_Calloc((size_t)m + 1, sizeof(int));
    double *est = PyMem_Calloc((size_t)m + 1, sizeof(double)); /* nodes a state not yet exact seems to need yet */
    long long *spent = PyMem_Calloc((size_t)m + 1, sizeof(long long));
    Py_ssize_t *ord = PyMem_Calloc((size_t)m + 1, sizeof(Py_ssize_t));
    MTab T = {NULL, (size_t)1 << bits, (sizeof(MHead) + S->K + 7) & ~(size_t)7, 0, 0, two_in, broken};
    T.mem = PyMem_Calloc(T.slots, T.esize);
    if (!roots || !vals || !status || !est || !spent || !ord || !T.mem) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t i = 0; i < m; i++)
        if (state_from(S, PySequence_Fast_GET_ITEM(seq, i), &roots[i]) < 0) goto done;
    if (share <= 0) {
        share = nodes / (4 * (m ? m : 1));
        if (share < 64) share = 64;
    }
    for (Py_ssize_t i = 0; i < m; i++) ord[i] = i;
    for (int round = 0;; round++) {
        long long before = T.nodes;
        int open = 0;
        if (round) { /* the states least left to search first (insertion sort: a deal has some 20-40) */
            for (Py_ssize_t a = 1; a < m; a++) {
                Py_ssize_t x = ord[a], j = a;
                while (j > 0 && est[ord[j - 1]] > est[x]) ord[j] = ord[j - 1], j--;
                ord[j] = x;
            }
        }
        for (Py_ssize_t k = 0; k < m; k++) {
            Py_ssize_t i = ord[k];
            if (status[i]) continue;
            open = 1;
            long long allow = share;
            if (round && est[i] < 1e15 && 4 * est[i] > (double)allow) allow = (long long)(4 * est[i]);
            T.limit = T.nodes + allow < nodes ? T.nodes + allow : nodes;
            long long at = T.nodes;
            T.prog = 1;
            int r = maxn(S, &T, &roots[i], -1, 0, 0, &vals[i]);
            spent[i] += T.nodes - at;
            if (r == MX_LIMIT) est[i] = T.prog > 0 ? spent[i] * (1 - T.prog) / T.prog : 1e18;
            if (r == MX_ERROR) goto done;
            if (r == MX_EXACT) status[i] = 1;
            else if (r == MX_OVERFLOW) status[i] = -1;
        }
        if (!open || T.nodes >= nodes || T.nodes == before) break;
        share *= 2;
    }
    list = PyList_New(m);
    for (Py_ssize_t i = 0; list && i < m; i++) {
        PyObject *item;
        if (status[i] == 1) {
            item = PyTuple_New(S->n + 1);
            for (int k = 0; item && k <= S->n; k++) {
                PyObject *x = PyLong_FromUnsignedLongLong(k < S->n ? vals[i].num[k] : vals[i].den);
                if (!x) Py_CLEAR(item);
                else PyTuple_SET_ITEM(item, k, x);
            }
        } else {
            item = Py_NewRef(Py_None);
        }
        if (!item) Py_CLEAR(list);
        else PyList_SET_ITEM(list, i, item);
    }
done:
    PyMem_Free(roots), PyMem_Free(vals), PyMem_Free(status), PyMem_Free(est), PyMem_Free(spent), PyMem_Free(ord);
    PyMem_Free(T.mem);
    Py_DECREF(seq);
    return list ? Py_BuildValue("(NL)", list, T.nodes) : NULL;
}

static PyObject *Core_spend(Core *S, PyObject *unused) {
    if (spend(&S->budget) < 0) return NULL;
    Py_RETURN_NONE;
}

BUDGET_GETTERS(Core, budget)
static PyObject *Core_get_entries(Core *S, void *c) {
    return PyLong_FromSize_t(gen_count(&S->gens[0]) + gen_count(&S->gens[1]));
}

static PyMethodDef Core_methods[] = {
    {"value", (PyCFunction)Core_value, METH_VARARGS, "value(state, player, alpha=-INF, beta=INF): fail-soft value"},
    {"wins", (PyCFunction)Core_wins, METH_VARARGS, "wins(state, player): whether player forces a win"},
    {"children", (PyCFunction)Core_children, METH_O, "children(state): the states after each turn, search order"},
    {"moves", (PyCFunction)Core_moves, METH_O, "moves(state): [(steps, state after)] in Red7Game.moves order"},
    {"line", (PyCFunction)Core_line, METH_VARARGS, "line(state, player, exact): a principal line, as steps"},
    {"live", (PyCFunction)Core_live, METH_VARARGS, "live(state, player, interest): the cards of interest on a winning line"},
    {"first_turns", (PyCFunction)Core_first_turns, METH_VARARGS,
     "first_turns(states, player, whole): each deal's decisions (steps, won), nodes, what stopped it"},
    {"maxn", (PyCFunction)Core_maxn, METH_VARARGS,
     "maxn(states, nodes, table_bits=20, two_in=True, share=0, broken=0): exact max-n values (uniform ties) "
     "of a deal's states, or None each"},
    {"spend", (PyCFunction)Core_spend, METH_NOARGS, "spend(): count one node; raises once a limit is passed"},
    {NULL},
};

static PyGetSetDef Core_getset[] = {
    BUDGET_GETSET,
    {"entries", (getter)Core_get_entries, NULL, "transposition entries held", NULL},
    {NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "arbiter.solver.red7._red7core.Search",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(flags, players, uses_deck, max_nodes, timeout, table_size, limit_error, cpu_time, race_from=-1, "
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
    init_chunk_tables();
    init_key_cache();
    init_end_memo();
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "N_FLAGS", N_FLAGS) < 0 || PyModule_AddObjectRef(m, "Search", (PyObject *)&CoreType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
