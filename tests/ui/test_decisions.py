"""The game screen's play flow without Textual (ui/decisions.py): what Enter
on a hex means, what a selected stack is and where it goes, the decision
list's entries and their order, the prompt, a stack's moves and what stays
behind. Exact positions, as the Pilot tests of test_play_flow.py set them,
with no app and no screen."""

from __future__ import annotations

import subprocess
import sys

from helpers import begin, place, position
from uihelpers import game_of

from thorskliff.ui import i18n
from thorskliff.ui.decisions import Play, stack_units, units_text
from thorskliff.ui.session import LocalSession


def play_for(st, viewer: int = 0) -> Play:
    play = Play(LocalSession(game_of(st, auto_chance=True)))
    play.viewer = viewer
    play.look(play.session.view(viewer))
    return play


def oleif_with_two_warriors() -> Play:
    """P1 (Oleif) on the farm 1c2 with two warriors, in the movement (R-MOVE-1)."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "2c2", hero=True)
    begin(st, 0, 1)
    return play_for(st)


def hex_of(play: Play, label: str) -> int:
    return next(i for i, h in enumerate(play.obs["hexes"]) if h["label"] == label)


def test_the_module_needs_no_textual():
    code = "import sys, thorskliff.ui.decisions; print(any(m.startswith('textual') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_enter_on_a_hex_with_a_stack_selects_it_whole_and_the_digits_leave_units_behind():
    play = oleif_with_two_warriors()
    src = hex_of(play, "1c2")
    assert play.on_hex(src) == ("select", src)
    play.select(src)
    assert play.stack == ["H", "W", "W"] and play.going() == ["H", "W", "W"]
    assert play.toggle(2) and play.going() == ["H", "W"]
    assert not play.toggle(7)  # no such unit
    i18n.set_lang("de")
    assert "1☒Heldin  2☒Krieger  3☐Krieger" in play.prompt()
    assert play.on_hex(src) == ("unselect", None)


def test_the_stack_moves_one_decision_each_and_the_one_left_stays():
    play = oleif_with_two_warriors()
    src, dst = hex_of(play, "1c2"), hex_of(play, "1c3")
    play.select(src)
    play.toggle(2)
    assert play.on_hex(dst) == ("move", dst)
    assert dst in play.targets()[0]
    moved, left, refused = play.move_stack(dst)
    assert (moved, left, refused) == (["H", "W"], [], None)
    assert play.session.game.lines[-2:] == ["1 H 1c2-1c3", "1 W 1c2-1c3"]
    assert play.selected == -1 and play.stack == []


def test_the_list_names_the_stacks_move_and_where_else_units_can_go():
    i18n.set_lang("de")
    play = oleif_with_two_warriors()
    play.cursor = hex_of(play, "1c2")
    shown = [str(p) for _, p, _ in play.items()]
    assert shown[0] == "Heldin 1c2 → 1c3" and shown[-1] == "Bewegung beenden"
    play.select(hex_of(play, "1c2"))
    entries = [d for d, _, _ in play.items()]
    assert entries[:3] == ["@unit:0", "@unit:1", "@unit:2"]
    assert f"@stack:{hex_of(play, '1c3')}" in entries
    play.select(-1)
    play.cursor = hex_of(play, "2c2")  # no unit of Oleif's there: the list says where they are
    assert [d for d, _, _ in play.items()][:1] == [f"@goto:{hex_of(play, '1c2')}"]


def test_free_steps_first_and_end_last_in_the_list():
    """#27.5 (README: free steps first, "end" last)."""
    i18n.set_lang("de")
    st = position(("Bera", "Oleif"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "2c2", hero=True)
    st.players[0].amber = True
    begin(st, 0, 1)
    play = play_for(st)
    play.cursor = hex_of(play, "1c2")
    shown = [str(p) for _, p, _ in play.items()]
    assert shown[0] == "Bernstein verkaufen (+5 Taler)" and shown[-1] == "Bewegung beenden", shown


def test_another_seats_decision_is_not_the_viewers():
    i18n.set_lang("de")
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "2c2", hero=True)
    begin(st, 0, 1)
    play = play_for(st, viewer=1)
    assert play.legal == []
    what, why = play.on_hex(hex_of(play, "1c2"))
    assert what == "nothing" and play.obs["players"][0]["name"] in why
    assert [ok for _, _, ok in play.items()] == [False]


def test_units_in_words():
    i18n.set_lang("de")
    assert stack_units(["H", "W"]) == "Heldin + Krieger"
    assert stack_units(["H", "G", "W", "W", "W"]).startswith("Heldin + Gode + 3")
    assert units_text(["W", "H"]).startswith("Heldin, ")
