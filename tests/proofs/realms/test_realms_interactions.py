"""Realms interactions: joint reading pairs (z3 smallest tricks, counted on sampled game tricks),
Specials that matter, deterministic per seed, reached by ``arbiter interactions --game realms``."""

import json

from arbiter.cli.main import cli
from arbiter.model.realms.cards import TREE, card_code
from arbiter.model.realms.ruleset import DEFAULT
from arbiter.proofs.realms import deciding
from arbiter.proofs.realms import interactions as I
from arbiter.proofs.realms.replay import plays_of, replay
from click.testing import CliRunner

PAIR = (("colour_match", "shift"), ("number_tie", "earlier"))


def test_a_joint_pair_changes_the_winner_only_with_both_flips():
    w = I.joint(*PAIR)
    ruling, plays = plays_of(w)
    names = ["default", "colour_match=shift", "number_tie=earlier", "colour_match=shift x number_tie=earlier"]
    assert [w["winners"][n] for n in names[:3]] == [w["winners"]["default"]] * 3
    assert w["winners"][names[3]] != w["winners"]["default"]
    both = DEFAULT.with_switches(colour_match="shift", number_tie="earlier")
    got = replay(both, ruling, plays).winner
    assert card_code(plays[got][0]) == w["winners"][names[3]]


def test_a_pair_with_no_joint_trick_of_two_plays_is_none():
    assert I.joint(("resolution", "rank"), ("no_winner", "lead_colour"), (2,)) is None


def test_the_tree_matters_only_as_a_lead_in_its_witness():
    w = I.special_matters(DEFAULT, TREE)
    assert w["cards"][0] == "TRE" and w["winner"] != w["without"]["winner"]
    assert w["without"]["cards"] == w["cards"][1:]


def test_sampled_tricks_are_the_games_tricks_and_deterministic():
    first, again = I.pair_piece([(3, 1)]), I.pair_piece([(3, 1)])
    assert first == again and first["tricks"] == len(I.sample(3, 1)) > 0
    for t in I.sample(3, 1):
        assert I.legal(DEFAULT, t) and len(t.plays) == 3


def test_cli_reaches_the_realms_interactions(monkeypatch, tmp_path):
    monkeypatch.setitem(I.SCOPES, "small", I.Scope("small", 1, (2,)))
    monkeypatch.setattr(I, "pairs", lambda: [PAIR])
    monkeypatch.setattr(I, "readings", lambda: [DEFAULT])
    monkeypatch.setattr(deciding, "readings", lambda: [DEFAULT])
    args = ["interactions", "--game", "realms", "--jobs", "1", "--cache-dir", str(tmp_path)]
    text = CliRunner().invoke(cli, args)
    assert text.exit_code == 0, text.output
    assert "default                        CYC TRE" in text.output
    assert "colour_match=shift x number_tie=earlier" in text.output
    data = json.loads(CliRunner().invoke(cli, [*args, "--json"]).stdout)
    assert data["game"] == "realms" and data["never_wins"] == {"default": ["CYC", "TRE"]}
    assert [s["special"] for s in data["specials"]] == ["PHX", "GNT", "WLK", "CYC", "TRE"]
