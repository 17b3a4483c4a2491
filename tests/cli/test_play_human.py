"""``arbiter play --human``: driven through its input (and once in a real terminal, through a pty)."""

import os
import pty
import re
import select
import subprocess
import sys
import time
from itertools import pairwise

import pytest
from arbiter.cli.main import cli
from arbiter.model.red7 import steps
from arbiter.model.red7.cards import codes
from arbiter.model.red7.game import deal, legal_moves
from arbiter.model.red7.ruleset import Ruleset
from arbiter.solver import bots
from arbiter.solver.red7.bots import GAME
from click.testing import CliRunner


def run(*args, input=""):
    return CliRunner().invoke(cli, ["play", "--human", *args], input=input)


class _Turn(Exception):
    pass


def at_human(start, human: int, level: str, seed: int, game=GAME):
    """The state when ``human`` first decides, the bots of ``level`` moving before (as ``play --human``)."""
    def stop(seen, k):
        raise _Turn

    choosers = {i: (lambda seen, k: bots.BOTS[level](game, seen, bots.bot_rng(seed, k))) for i in range(start.players)}
    choosers[human] = stop
    state, events = start, []
    try:
        for event in bots.play(game, start, choosers, seed):
            state = event.after
            events.append(event)
    except _Turn:
        pass
    return state, events


def test_only_the_humans_view_is_shown_and_turns_are_checked():
    pos = deal(2, 1)
    assert pos.to_move == 1  # player 1 moves first in this deal
    after, events = at_human(pos, 0, "random", 1)
    bot_turn = events[0].text
    texts = steps.steps(after)
    out = run("0", "--bots", "random", "--seed", "1", input="foo\n\n  \n99\nundo\n1\nquit\n")
    assert out.exit_code == 0, out.output
    assert f"player 1 plays: {bot_turn}" in out.output
    assert f"{after.hands[1].bit_count()} hidden cards" in out.output
    shown = out.output.split("you play:")[0]  # up to the human's first turn: player 1's hand is never named
    assert all(code not in shown for code in codes(after.hands[1]))
    assert "not a legal turn here: 'foo'" in out.output and "not a legal turn here: '99'" in out.output
    assert "nothing to undo" in out.output and "here: ''" not in out.output  # empty lines ask again
    assert f"you play: {texts[0]}" in out.output and "You quit the game." in out.output
    for k, t in enumerate(texts, 1):
        assert f"{k:>2}. {t}" in out.output


def test_undo_takes_back_the_last_turn_and_a_round_can_be_finished():
    # Always the first listed turn: a seeded game that ends; undo once on the way.
    out = run("0", "--bots", "random", "--seed", "4", input="play R7\n" + "1\nundo\n" + "1\n" * 40)
    assert out.exit_code == 0, out.output
    assert "Your last turn is taken back." in out.output
    assert re.search(r"Game over: (you win|player \d wins)\.", out.output)
    same = run("0", "--bots", "random", "--seed", "4", input="play R7\n" + "1\nundo\n" + "1\n" * 40)
    assert same.output == out.output


def test_typed_text_any_case_and_hint(monkeypatch):
    from arbiter.cli import human

    monkeypatch.setattr(human, "HINT_SAMPLES", 8)
    after, _ = at_human(deal(2, 1), 0, "random", 1)
    text = str(legal_moves(after)[-1])
    out = run("0", "--bots", "random", "--seed", "1", input=f"hint\n{text.upper()}\nquit\n")
    assert out.exit_code == 0, out.output
    assert "forced win with all cards known" in out.output and f"you play: {text}" in out.output


@pytest.mark.parametrize("level", ["greedy", "sampled", "exact", "solver"])
def test_bots_play_from_their_own_view(level):
    out = run("1", "--players", "3", "--bots", level, "--seed", "2", "--ruleset", "actions", input="quit\n")
    assert out.exit_code == 0, out.output
    assert "the others are " + level in out.output


@pytest.mark.parametrize("args, words", [(["5"], "bad --human"), (["0", "--json"], "no --json"),
                                         (["0", "--bots", "clever"], "Invalid value")])
def test_bad_options(args, words):
    out = run(*args)
    assert out.exit_code == 2 and words in out.output


def test_in_a_real_terminal():
    """Through a pseudo-terminal: the prompt appears, a typed turn is played, quit ends it."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "arbiter.cli", "play", "--human", "0", "--bots", "random",
                             "--seed", "1"], stdin=follower, stdout=follower, stderr=follower, close_fds=True)
    os.close(follower)
    seen = b""

    def read_until(marker: bytes, seconds: float = 60) -> None:
        nonlocal seen
        end = time.time() + seconds
        while marker not in seen and time.time() < end:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    seen += os.read(leader, 4096)
                except OSError:
                    break

    try:
        read_until(b"your turn> ")
        os.write(leader, b"2\n")
        read_until(b"you play:")
        read_until(b"your turn> ")
        os.write(leader, b"quit\n")
        read_until(b"You quit the round.")
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(leader)
    text = seen.decode(errors="replace")
    assert "Your legal turns:" in text and "you play: " in text and "You quit the game." in text
    assert proc.returncode == 0
    assert "\x1b[" in text  # a terminal gets the cards in colour


def test_the_pile_below_is_the_canvas_cards_under_the_top_one_in_play_order():
    # Replay the round the human sees and keep the Canvas pile from the turns themselves.
    out = run("0", "--players", "3", "--bots", "random", "--seed", "7", "--ruleset", "actions",
              input="1\n" * 6 + "quit\n")
    assert out.exit_code == 0, out.output
    pile, seen = [], 0
    for line in out.output.splitlines():
        turn = line.split("plays: ", 1)[1] if "plays: " in line else line.split("you play: ", 1)[-1] \
            if "you play: " in line else None
        if turn is not None:
            words = turn.split()
            pile += [w for v, w in pairwise(words) if v in ("discard", "canvas")]
        if line.startswith("Canvas: "):
            seen += 1
            top = f" ({pile[-1]} on top)" if pile else ""
            assert f"{top}   pile below, in play order: {' '.join(pile[:-1]) or '-'}   deck:" in line, (line, pile)
    assert seen >= 3 and len(pile) >= 3  # the seeded round puts several cards on the Canvas


def listed(output: str) -> list[str]:
    return re.findall(r"^ +\d+\. (.+)$", output, re.MULTILINE)


def test_a_turn_that_draws_is_chosen_in_two_steps_and_never_names_the_card_unseen():
    """Issue 24 item 2: the deck's top card (Y3 here) was listed in 'play I3 draw discard Y3' before
    the human had seen it. Now the human chooses 'play I3 draw ...', is shown the card, then the rest."""
    start = deal(3, 7, Ruleset.parse("actions"))
    pos, _ = at_human(start, 0, "sampled", 7)
    assert pos.to_move == 0
    top = codes(1 << pos.deck[0])[0]
    out = run("0", "--players", "3", "--seed", "7", "--ruleset", "actions", input="quit\n")
    assert out.exit_code == 0, out.output
    first = listed(out.output)
    assert "play I3 draw ..." in first and not any(top in t.split() for t in first)
    seen = set(codes(pos.hands[0])) | {c for p in pos.palettes for c in codes(p)}
    assert {w for t in first for w in t.split() if w[:1].isupper()} <= seen  # every card named is in sight
    out = run("0", "--players", "3", "--seed", "7", "--ruleset", "actions", input="play I3 draw\nquit\n")
    assert out.exit_code == 0, out.output
    assert f"you play: play I3 draw ... (drew {top})" in out.output
    rest = listed(out.output.split("(drew")[1])
    assert f"discard {top}" in rest and not any("play" in t for t in rest)
    assert "This turn so far: play I3 draw. Choose the rest:" in out.output


@pytest.mark.parametrize("game, players", [("realms", 2), ("realms", 3), ("stick-to-colours", 2),
                                           ("stick-to-colours", 3)])
def test_every_game_at_the_terminal_from_the_humans_seat(game, players):
    """Realms and Stick to Colours too: the table as the human sees it, the other hands never named
    before they come face up, typed steps checked, undo, and a game played to its end."""
    out = run("0", "--game", game, "--players", str(players), "--bots", "random", "--seed", "5",
              input="nonsense\n1\nundo\n" + "1\n" * 400)
    assert out.exit_code == 0, out.output
    assert "not a legal turn here: 'nonsense'" in out.output
    assert "Your last turn is taken back." in out.output and "Game over:" in out.output
    first = out.output.split("your turn>")[0]
    others = [line for line in first.splitlines() if line.startswith("    ") and line.split()[0] in ("player", "bot")]
    assert len(others) == players - 1 + (game == "stick-to-colours" and players == 2)
    # Another seat's hand is a count; Stick to Colours also lists the cards it took face up (none yet).
    assert all("7 hidden cards" in line or "took face up -; 2 cards dealt unseen" in line for line in others)


def test_a_game_without_bots_is_refused_in_one_line():
    """Bridge has no bots or seat views: --human says so (it raised AttributeError, a traceback)."""
    out = run("0", "--game", "bridge", "--seed", "3")
    assert out.exit_code == 2 and out.output.strip().startswith("arbiter: --human is not built for Contract bridge")
    assert "Traceback" not in out.output
