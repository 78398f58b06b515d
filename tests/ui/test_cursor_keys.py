"""The hex cursor is predictable (issue #29): the same key from the same hex
always reaches the same hex, whatever keys came before (from 2b3, ← once went
to 2a2 and, after other keys, to 2b2); → then ← comes back; each arrow key's
direction is said on the help screen."""

from __future__ import annotations

from thorskliff.game import Game
from thorskliff.ui import i18n
from thorskliff.ui.screens.game import island_coords
from thorskliff.ui.widgets.hexmap import LEFT, RIGHT, IslandMap

KEYS = ("up", "down", "left", "right")


def a_map(mode: str = "base") -> tuple[IslandMap, list[str]]:
    seats = [("A", "Bera", "brown"), ("B", "Oleif", "black"), ("C", "Jorund", "grey")]
    g = Game.new(mode, seats if mode == "base" else seats[:2], seed=5, first=0)
    obs = g.view(0)
    return IslandMap(island_coords(obs)), [h["label"] for h in obs["hexes"]]


def test_the_same_key_from_the_same_hex_reaches_the_same_hex_whatever_came_before():
    for mode in ("base", "duell"):
        m, labels = a_map(mode)
        where = {}
        for h in range(len(labels)):
            m.marks.cursor = h
            where[h] = {k: m.peek(k) for k in KEYS}
        # then walk about with every key, and after each step ask again
        path = ["left", "right", "right", "up", "left", "down", "left", "left", "right", "up"] * 6
        m.marks.cursor = labels.index("2b3")
        for k in path:
            m.action_move(k)
            h = m.marks.cursor
            assert {key: m.peek(key) for key in KEYS} == where[h], (mode, labels[h], k)


def test_from_2b3_left_reaches_2b2_each_time():
    m, labels = a_map()
    for first in ([], ["left", "right"], ["right", "left"], ["left"]):
        m.marks.cursor = labels.index("2b3")
        for k in first:
            m.action_move(k)
        if m.marks.cursor != labels.index("2b3"):
            continue
        m.action_move("left")
        assert labels[m.marks.cursor] == "2b2", first


def test_right_then_left_comes_back():
    for mode in ("base", "duell"):
        m, labels = a_map(mode)
        for h in range(len(labels)):
            for there, back in (("right", "left"), ("left", "right"), ("up", "down"), ("down", "up")):
                m.marks.cursor = h
                to = m.peek(there)
                if to is None:
                    continue
                (q, r), (q2, r2) = m.coords[h], m.coords[to]
                if there in ("left", "right") and (q2 - q, r2 - r) != (RIGHT if there == "right" else LEFT)[q % 2][0]:
                    continue  # the row's neighbour is off the island: the other one of that side was taken
                m.marks.cursor = to
                assert m.peek(back) == h, (mode, labels[h], there, labels[to])


def test_the_help_screen_says_each_arrow_keys_direction():
    from thorskliff.ui.screens.help import page_text

    for lang, words in (("de", ("↑ ↓ in der Spalte", "← → entlang der Reihe", "immer zum selben Feld")),
                        ("en", ("↑ ↓ up and down the column", "← → along the row", "always reaches the same hex"))):
        i18n.set_lang(lang)
        text = page_text("keys")
        for w in words:
            assert w in text, (lang, w)
    i18n.set_lang("de")
