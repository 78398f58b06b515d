"""A recorded game reviewed decision by decision (bots/review.py, ``analyse
--budget``, #30): a decision is measured against the best alternative at
that moment, a step with one legal choice is never judged, and the dice's
share of a turn is named as dice."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import begin, place, position

from thorskliff import record
from thorskliff.bots import review as rv
from thorskliff.cli import main
from thorskliff.engine.state import CHANCE
from thorskliff.ui.i18n import set_lang

DUELL = Path(__file__).parent / "records" / "duell-greedy.tkr"


def test_ending_the_turn_instead_of_the_winning_delivery_is_named_as_a_loss():
    """R-AMBER-4 / R-WIN-1: Oleif stands on the sanctuary with his third amber at the end
    of his turn, Bera one step away with hers. 'end' instead of 'deliver' gives up the
    win: the search finds the delivery best and names the loss beyond its noise."""
    st = position()
    place(st, 0, "S", hero=True)
    place(st, 1, "M1", hero=True)
    for q in (0, 1):
        st.players[q].amber, st.players[q].delivered = True, 2
    begin(st, 0, phase=5)
    assert {str(a) for a in st.legal_actions()} == {"deliver", "end"}
    got = rv._judge(st, 0, "end", 0, budget=200)
    assert got is not None and got.chosen == "end" and got.best == "deliver" and got.choices == 2
    assert got.best_chance == 1.0 and got.loss > 10 and got.significant
    best = rv._judge(st, 0, "deliver", 0, budget=200)
    assert best is not None and best.loss == 0 and not best.significant  # the best costs nothing


def test_a_step_with_one_legal_choice_is_never_judged_and_dice_are_apart():
    """Only decisions with at least two legal choices are judged (a forced step is
    no decision); the dice's share is counted at the rolls only, and in a Duell what
    one seat's dice luck gains the other loses."""
    game = record.load_any(DUELL)
    st = game.setup.build()
    forced = 0
    for line in game.lines:
        col, _, text = line.partition(" ")
        if col != "*" and st.current_player() != CHANCE and len(st.legal_actions()) == 1:
            forced += 1
        st.apply_action(text, None if col == "*" else int(col) - 1)
    assert forced > 0
    got = rv.review(game, budget=2)
    assert got.decisions and all(j.choices >= 2 for j in got.decisions)
    assert len(got.decisions) <= len([x for x in game.lines if not x.startswith("*")]) - forced
    by_turn: dict[tuple[int, int], float] = {}
    for lk in got.luck:
        by_turn[(lk.round, lk.turn_of)] = by_turn.get((lk.round, lk.turn_of), 0) + lk.points
    assert got.luck and all(abs(v) < 1.5 for v in by_turn.values())  # zero-sum, up to rounding
    only_dice = rv.review(game, budget=2, seats=set())
    assert only_dice.decisions == [] and only_dice.luck == got.luck


def test_analyse_budget_in_json_and_words(capsys):
    set_lang("de")
    try:
        assert main(["analyse", str(DUELL), "--budget", "2", "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        rev = out["review"]
        assert rev["budget"] == 2 and rev["decisions"]
        d = rev["decisions"][0]
        assert set(d) >= {"line", "round", "seat", "name", "choices", "chosen", "chosen_words", "chance", "best",
                          "best_words", "best_chance", "loss", "significant"}
        assert out["dice"] and {"round", "seat", "name", "points"} <= set(out["dice"][0])
        assert main(["analyse", str(DUELL), "--budget", "2"]) == 0
        text = capsys.readouterr().out
        assert "Würfelglück" in text
        assert ("statt" in text and "kostete" in text) or "Keine Entscheidung war deutlich schlechter" in text
    finally:
        set_lang("de")


def test_a_budget_below_one_is_refused_in_one_line(capsys):
    for bad in ("0", "-3"):
        assert main(["analyse", str(DUELL), "--budget", bad]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "--budget" in err and bad in err


def test_a_hidden_potion_is_said_in_words_without_its_kind():
    """R-SECRET-1: a best alternative 'buy ?' (the kind only its holder knows) reads as
    words, never as notation with a question mark."""
    from thorskliff.ui.curveview import notation_words

    set_lang("de")
    assert notation_words("buy ?", "action") == "einen Trank kaufen (verdeckt)"
    assert "?" not in notation_words("discard ?", "action")
    assert notation_words("hammer", "action") == "Kriegshammer kaufen"


def test_progress_counts_the_decisions_judged_and_stop_gives_up():
    """``progress(done, total)`` counts the decisions with two or more legal choices
    (the end screen says "Prüfe Entscheidungen… 40/117"), from 0; ``stop`` ends the
    review with Stopped, never with a review of part of the game."""
    import pytest

    game = record.load_any(DUELL)
    seen: list[tuple[int, int]] = []
    got = rv.review(game, budget=2, seats={0}, progress=lambda d, n: seen.append((d, n)))
    total = seen[0][1]
    assert seen == [(d, total) for d in range(total + 1)]
    assert total >= len(got.decisions) > 0 and all(j.seat == 0 for j in got.decisions)
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 5

    with pytest.raises(rv.Stopped):
        rv.review(game, budget=10 ** 6, seats={0}, stop=stop)
