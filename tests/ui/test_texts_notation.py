"""Text that is no decision (``NotationError``: a typo at the ``:`` prompt,
a campaign's ``choose``/``use`` without its id) reads in German in the German
app (by key, engine/locale): each malformed input is explained without English words; the
player's own words and the notation's words stay as typed. Every place in
actions.py and campaign/notation.py that raises a NotationError is reached by
one of the inputs here, so a new message without its German fails."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Static

from thorskliff.engine import actions
from thorskliff.engine.actions import NotationError
from thorskliff.campaign import notation
from thorskliff.game import Game
from thorskliff.ui import i18n
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.game import GameScreen
from thorskliff.ui.session import LocalSession

#: tests/test_explain.py's malformed notations, then the raises they leave out
MALFORMED = [
    "", "   ", "fly 1c2", "H 1c3", "W 1c1-1c2-1c3-1c4", "H 1c3-1c2 now", "H 1c3-9z9", "haste 1c3", "beach",
    "lay", "recruit X 1c2", "recruit W", "roll", "roll X3", "roll M5", "roll K3", "block", "block high", "3>",
    "x>W1", "gode thunder", "gode blitz+blitz", "buy beer", "buy kraft!", "silver lava", "take gold",
    "epic sword", "end now", "sell 3",
    "haste 1c1-1c2-1c3", "gode berserker+heilen+blitz", "drink beer", "crystal X", "recruit W 7c1", "fight",
    "buy heil now", "chance", "seat 1",
]
#: campaign/notation.py's own decisions without their id
CAMPAIGN = ["choose", "use", "choose silber krieger", "use heiler now"]

#: English words the engine's notation messages use and the German must not
#: (outside the quoted input); the notation's own words (verbs, potions,
#: terrains, abilities) may stay
LEFTOVERS = ("expected", "is no", "begins", "decision", "step is", "FROM", "TO", "PREV", "HEX", "POTION",
             "VALUE", "TARGET", "needs", "takes", "write", "kind", "shows", "only", "drunk", "bought", "ability",
             "potion", "warrior", "unit", "moving", "empty", "e.g.", "label", "see", "value", "different",
             "ones", "die values", "hit is", "a", "the", "or", "of", "and", "with")
QUOTED = re.compile(r"„[^“]*“")


def raised(text: str, parse=actions.parse) -> NotationError:
    with pytest.raises(NotationError) as e:
        parse(text)
    return e.value


def leftovers(german: str) -> list[str]:
    bare = QUOTED.sub("", german)
    return [w for w in LEFTOVERS if re.search(rf"(?<![\w.]){re.escape(w)}(?![\w])", bare)]


CASES = [(text, actions.parse) for text in MALFORMED] + [(text, notation.parse) for text in CAMPAIGN]


@pytest.mark.parametrize("text,parse", CASES, ids=[repr(text) for text, _ in CASES])
def test_a_malformed_decision_is_explained_in_german(text, parse):
    exc = raised(text, parse)
    message = str(exc)
    assert exc.key.startswith("n_"), message
    german = i18n.said(exc)
    assert german != message
    assert not leftovers(german), (message, german)
    # what the player typed is shown as typed, never translated
    typed = text.strip()
    if typed and typed in message:
        assert f"„{typed}“" in german
    i18n.set_lang("en")
    assert i18n.said(exc) == message


def test_the_players_words_are_not_read_as_the_engines():
    """'chance' and 'seat 1' are words of nested messages elsewhere; typed,
    they stay as typed."""
    assert i18n.said(raised("chance")) == "mit „chance“ beginnt keine Entscheidung (Beispiele: H 1c2-1c3, fight 1c3, end)"
    assert i18n.said(raised("seat 1")) == "mit „seat“ beginnt keine Entscheidung (Beispiele: H 1c2-1c3, fight 1c3, end)"


@pytest.mark.parametrize("text,german", [
    ("H 1c3-1c2 now", "„H 1c3-1c2 now“: erwartet wird „H VON-NACH“"),
    ("recruit W", "„recruit W“: erwartet wird „recruit W|G FELD“"),
    ("buy heil now", "„buy heil now“: erwartet wird „buy TRANK[!]“"),
    ("H 1c3", "„H 1c3“: ein Schritt ist VON-NACH, oder ZUVOR-VON-NACH für eine Figur, die weiterzieht"),
    ("roll M5", "„M5“: ein M-Würfel zeigt [1, 2, 3, 4]"),
    ("silver lava", "„lava“: zu „silver“ gehört eines von forest, meadow, scree, rock"),
])
def test_the_notations_placeholders_read_in_german_and_its_words_stay(text, german):
    assert i18n.said(raised(text)) == german


def test_a_campaign_choice_without_its_id():
    assert i18n.said(raised("choose", notation.parse)) == "„choose“: erwartet wird „choose ID“"


def test_every_placeholder_has_its_texts_in_both_catalogues():
    de = {k for k in i18n.catalogue("de") if k.startswith("why.placeholder.")}
    assert de and de == {k for k in i18n.catalogue("en") if k.startswith("why.placeholder.")}


def raise_sites(module) -> set[int]:
    """The lines of every ``raise NotationError(...)`` in ``module``."""
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    return {n.lineno for n in ast.walk(tree)
            if isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call)
            and getattr(n.exc.func, "id", "") == "NotationError"}


def raised_at(exc: BaseException) -> tuple[str, int]:
    tb = exc.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_frame.f_code.co_filename, tb.tb_lineno


def test_every_notation_error_the_engine_can_raise_is_reached_and_read():
    """A message added to actions.py or campaign/notation.py needs an input
    here (and so its texts in the catalogues)."""
    reached: dict[str, set[int]] = {}
    for text, parse in CASES:
        exc = raised(text, parse)
        assert i18n.has(f"why.{exc.key}"), str(exc)
        path, line = raised_at(exc)
        reached.setdefault(str(Path(path).resolve()), set()).add(line)
    for module in (actions, notation):
        sites = raise_sites(module)
        assert sites, module.__name__
        missed = sites - reached.get(str(Path(module.__file__).resolve()), set())
        assert not missed, f"{module.__name__}: no input here reaches the NotationError of line(s) {sorted(missed)}"


async def test_a_typo_at_the_prompt_is_explained_in_german_on_the_screen():
    session = LocalSession(Game.new("duell", [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black")], 5))
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.decide("fly 1c2") is False
        shown = screen.query_one("#status", Static).content
        shown = shown.plain if isinstance(shown, Text) else str(shown)
        assert "mit „fly“ beginnt keine Entscheidung" in shown and "begins no decision" not in shown
