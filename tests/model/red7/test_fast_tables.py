"""fast.py's lookup tables, built at import by slices and shortcuts for start-up, against their
entry-by-entry definitions (the keys themselves are held to reference.py by the other tests)."""

from arbiter.model.red7 import fast


def test_each_orange_pair_entry_is_the_block_with_more_cards_the_higher_on_equal_counts():
    for base in (0, 14, 28):
        lo, hi = fast._block_keys(base), fast._block_keys(base + 7)
        assert fast._pair_table(base) == [l if l >> 6 > h >> 6 else h for h in hi for l in lo]
    assert [fast._O0, fast._O1, fast._O2] == [fast._pair_table(14 * s) for s in range(3)]


def test_each_yellow_merge_entry_is_the_best_count_with_the_cards_of_every_slot_reaching_it():
    slot_cards = [sum(fast._LOWS << s for s in range(7) if slots >> s & 1) for slots in range(128)]
    expected = []
    for b in range(64):
        for a in range(128):
            ca, sa, cb, sb = a >> 4, a & 15, b >> 3, b & 7
            best = max(ca, cb)
            slots = (sa if ca >= cb else 0) | (sb << 4 if cb >= ca else 0)
            expected.append((best << 6, slot_cards[slots]) if best else (0, 0))
    assert fast._Y_MERGE == expected
