"""arbiter's double-dummy table equals DDS's (through endplay, the ``dds`` extra) on a fixed set of
seeded deals and endings of 5 to 13 cards; DDS counts the tricks of a short ending as if the
missing ones were declarer's, so its figures are shifted by 13 minus the hand size."""

from __future__ import annotations

import pytest
from arbiter.model.bridge.notation import deal_text
from arbiter.solver.bridge import dd_table
from bridge_deals import ending
from extras import need

dds = need("endplay.dds", "dds")
types = need("endplay.types", "dds")


def dds_table(hands: tuple[int, ...]) -> list[list[int]]:
    table = dds.calc_dd_table(types.Deal(deal_text(hands))).to_list()
    short = 13 - hands[0].bit_count()
    return [[t - short for t in row] for row in table]


@pytest.mark.parametrize("seed, cards", [(s, c) for s in range(6) for c in (5, 7, 9)] + [(1, 11), (4, 11), (1, 13),
                                                                                       (2, 13)])
def test_table_equals_dds(seed, cards):
    hands = ending(seed, cards).hands
    assert dd_table(hands)[0] == dds_table(hands)
