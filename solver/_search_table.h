/* What the compiled search cores share (solver/red7/_red7core.c, solver/stick_to_colours/_stickcore.c):
 * the two-generation transposition table of search.Table and the node budget of search.Budget,
 * written once. A core includes this file after <Python.h>; it stores its keys as bytes. */

#ifndef ARBITER_SEARCH_TABLE_H
#define ARBITER_SEARCH_TABLE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK_EVERY 512
#define INF (1 << 30) /* as search.INF */

/* -- the table */

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

static inline void tab_free(Tab *t) {
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

/* The index slot and the tag both come from the hash's high 32 bits: two keys in one probe run share
 * a tag only if they share those bits, and the index can be rebuilt from its own slots. */
static inline uint64_t tag_of(uint64_t h) { return h >> 32 << 32; }
static inline size_t slot_of(uint64_t h, size_t slots) { return (size_t)(h >> 32) & (slots - 1); }

static inline Head *tab_find(const Tab *t, const uint8_t *key, size_t K, uint64_t h) {
    if (!t->slots) return NULL;
    size_t mask = t->slots - 1, i = slot_of(h, t->slots);
    uint64_t tag = tag_of(h);
    for (uint64_t x; (x = t->index[i]); i = (i + 1) & mask)
        if ((x & ~0xFFFFFFFFULL) == tag) {
            Head *e = ENTRY(t, (x & 0xFFFFFFFFULL) - 1);
            if (memcmp(KEY_OF(e), key, K) == 0) return e;
        }
    return NULL;
}

static inline void index_slot(Tab *t, uint64_t x) {
    size_t mask = t->slots - 1, i = slot_of(x, t->slots);
    while (t->index[i]) i = (i + 1) & mask;
    t->index[i] = x;
}

static inline void index_entry(Tab *t, uint64_t h, size_t n) { index_slot(t, tag_of(h) | (n + 1)); }

/* Room for one more entry: the index kept under 70% full, the entries grown by half. */
static inline int tab_reserve(Tab *t, size_t K) {
    t->esize = sizeof(Head) + K;
    if ((t->count + 1) * 10 > t->slots * 7) {
        size_t slots = t->slots ? t->slots * 2 : 1024;
        uint64_t *index = PyMem_Calloc(slots, sizeof(uint64_t)), *was = t->index;
        if (!index) { PyErr_NoMemory(); return -1; }
        size_t old_slots = t->slots;
        t->index = index, t->slots = slots;
        for (size_t i = 0; i < old_slots; i++) if (was[i]) index_slot(t, was[i]);
        PyMem_Free(was);
    }
    if (t->count == t->cap) {
        size_t cap = t->cap ? t->cap + t->cap / 2 : 1024;
        uint8_t *mem = PyMem_Realloc(t->mem, cap * t->esize);
        if (!mem) { PyErr_NoMemory(); return -1; }
        t->mem = mem, t->cap = cap;
    }
    return 0;
}

/* As search.Table: young then old on lookup; when the young generation is full (``half`` entries) it
 * becomes the old one and the old one is dropped. ``at`` records where the lookup found the key (its
 * entry number in the young generation, or -1) and how many times that generation had turned old,
 * so that gen_put finds it again without a second probe. The cores' states never come back below
 * themselves (each turn takes cards from the game or puts a player out), so a key that was not in the
 * young generation at the lookup is still not there when its node is done. */
typedef struct { Tab young, old; unsigned long long turned; } Generations;
typedef struct { long long entry; unsigned long long turned; } Where;

static inline Head *gen_get(Generations *G, const uint8_t *key, size_t K, uint64_t h, Where *at) {
    Tab *young = &G->young, *old = &G->old;
#ifdef __GNUC__
    if (young->slots) __builtin_prefetch(&young->index[slot_of(h, young->slots)]);
    if (old->slots) __builtin_prefetch(&old->index[slot_of(h, old->slots)]);
#endif
    at->turned = G->turned;
    Head *e = tab_find(young, key, K, h);
    at->entry = e ? (long long)(((uint8_t *)e - young->mem) / young->esize) : -1;
    return e ? e : tab_find(old, key, K, h);
}

static inline int gen_put(Generations *G, size_t half, const uint8_t *key, size_t K, uint64_t h, int lo, int hi, int first,
                   const Where *at) {
    Tab *young = &G->young, *old = &G->old;
    Head *e;
    if (at->entry >= 0 && at->turned == G->turned) {
        e = ENTRY(young, at->entry);
    } else {
        if (young->count >= half) {
            /* the dropped generation's memory becomes the new young one's, emptied: a generation that
             * starts at full size neither regrows (copying its entries) nor touches fresh pages */
            Tab dropped = *old;
            *old = *young;
            *young = dropped;
            young->count = 0;
            if (young->index) memset(young->index, 0, young->slots * sizeof(uint64_t));
            G->turned++;
        }
        if (tab_reserve(young, K) < 0) return -1;
        e = ENTRY(young, young->count);
        memcpy(KEY_OF(e), key, K);
        index_entry(young, h, young->count++);
    }
    e->lo = lo, e->hi = hi, e->first = first;
    return 0;
}

static inline void gen_free(Generations *G) { tab_free(&G->young), tab_free(&G->old); }

static inline size_t gen_count(const Generations *G) { return G->young.count + G->old.count; }

/* -- the budget */

static inline double now(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* As search.timeout_clock: wall time, or the process's CPU time when ``cpu_time`` (search.cpu_time(), which
 * the caller reads: a search inside search.on_cpu_time() in one thread leaves another's clock alone). */
static inline clockid_t timeout_clock(int cpu_time) {
    return cpu_time ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC;
}

/* As search.Budget: nodes spent, limits (max_nodes < 0: none; deadline < 0: none), the clock the
 * deadline is read on and the exception a limit raises (the caller's SearchLimit). */
typedef struct {
    long long nodes, max_nodes, check_at;
    double started, deadline;
    clockid_t clock;
    PyObject *limit_error;
} Budget;

/* Set up from Python's max_nodes (None or an int), timeout (None or seconds) and cpu_time (the timeout read on
 * the process's CPU clock); -1 with an error set. */
static inline int budget_init(Budget *B, PyObject *max_nodes, PyObject *timeout, PyObject *limit_error, int cpu_time) {
    B->nodes = 0, B->check_at = 0, B->max_nodes = -1, B->deadline = -1;
    if (max_nodes != Py_None && (B->max_nodes = PyLong_AsLongLong(max_nodes)) == -1 && PyErr_Occurred()) return -1;
    B->clock = timeout_clock(cpu_time);
    B->started = now(B->clock);
    if (timeout != Py_None) {
        double t = PyFloat_AsDouble(timeout);
        if (t == -1 && PyErr_Occurred()) return -1;
        B->deadline = B->started + t;
    }
    Py_XSETREF(B->limit_error, Py_NewRef(limit_error));
    return 0;
}

/* As Budget.spend: count the node; every CHECK_EVERY nodes check the limits and Ctrl-C. */
static inline int spend(Budget *B) {
    B->nodes++;
    if (B->nodes < B->check_at) return 0;
    if (B->max_nodes >= 0 && B->nodes > B->max_nodes) {
        B->nodes = B->max_nodes; /* as Budget: the node over the limit is not searched, so not counted */
        PyErr_Format(B->limit_error, "node limit %lld reached", B->max_nodes);
        return -1;
    }
    if (B->deadline >= 0 && now(B->clock) > B->deadline) {
        PyErr_SetString(B->limit_error, "time limit reached");
        return -1;
    }
    if (PyErr_CheckSignals() < 0) return -1;
    B->check_at = B->nodes + CHECK_EVERY;
    if (B->max_nodes >= 0 && B->check_at > B->max_nodes + 1) B->check_at = B->max_nodes + 1;
    return 0;
}

/* -- the search's steps, as search.Search._search */

/* A node's table entry ``e`` (or NULL) read as Search._search reads it: its bounds into (lo, hi) and
 * its best child into first, the window narrowed; 1 when the entry answers the node (the value in *v). */
static inline int probe(const Head *e, int *alpha, int *beta, int *lo, int *hi, int *first, int *v) {
    *lo = -INF, *hi = INF, *first = 0;
    if (!e) return 0;
    *lo = e->lo, *hi = e->hi, *first = e->first;
    if (*lo >= *beta || *lo == *hi) { *v = *lo; return 1; }
    if (*hi <= *alpha) { *v = *hi; return 1; }
    if (*lo > *alpha) *alpha = *lo;
    if (*hi < *beta) *beta = *hi;
    return 0;
}

/* The child to search at ``step`` when the table's best child ``first`` (``head``: at most the last)
 * goes first and the others follow in the game's order. */
static inline int nth_child(int first, int head, int step) {
    return first ? (step == 0 ? head : step <= head ? step - 1 : step) : step;
}

/* Child ``i`` returned ``v``: kept as the best when it is, the window narrowed; 1 when it cuts off. */
static inline int take(int maximising, int v, int i, int *best, int *best_index, int *a, int *b) {
    if (!(maximising ? v > *best : v < *best)) return 0;
    *best = v, *best_index = i;
    if (!(maximising ? v > *a : v < *b)) return 0;
    if (maximising) *a = v; else *b = v;
    return *a >= *b;
}

/* As search.narrowed: the bounds (lo, hi) after a fail-soft search in (alpha, beta) returned ``best``. */
static inline void narrowed(int best, int alpha, int beta, int *lo, int *hi) {
    if (best <= alpha) { if (best < *hi) *hi = best; }
    else if (best >= beta) { if (best > *lo) *lo = best; }
    else *lo = *hi = best;
}

/* A core's Python getters of its budget (``nodes``, ``seconds``) and their PyGetSetDef entries: the
core's type names its Budget field. */
#define BUDGET_GETTERS(Type, field)                                                                    \
    static PyObject *budget_nodes(Type *S, void *unused) {                                             \
        (void)unused;                                                                                  \
        return PyLong_FromLongLong(S->field.nodes);                                                    \
    }                                                                                                  \
    static PyObject *budget_seconds(Type *S, void *unused) {                                           \
        (void)unused;                                                                                  \
        return PyFloat_FromDouble(now(S->field.clock) - S->field.started);                             \
    }
#define BUDGET_GETSET                                                                                  \
    {"nodes", (getter)budget_nodes, NULL, "nodes spent", NULL},                                        \
    {"seconds", (getter)budget_seconds, NULL, "seconds since the search was made", NULL}

#endif
