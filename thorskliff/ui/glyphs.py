"""Glyphs and colours of the board: each thing has a glyph (readable without
colour) and a colour. Player colours are drawn as chips (a coloured
background with a contrasting shape), so brown, black, grey and white stay
apart on dark and light themes alike, and the shape tells them apart with no
colour at all."""

from __future__ import annotations

TERRAIN = {"forest": "♣", "meadow": '"', "scree": "∴", "rock": "≡"}
KIND = {"sanctuary": "★", "market": "⊕", "farm": "⌂", "peak": "Λ", "beach": "≈", "rift": "ϟ", "landscape": ""}
OWNER = {"brown": "▲", "black": "■", "grey": "◆", "white": "●"}
GODE = "†"
MOUNTED = "♞"
TROLL = "Ж"
RUNESTONE = "Ω"
TALER = "$"
AMBER = "♦"
CRYSTAL = "*"
LYING = "z"
#: a decision that leads into a fight (the list and the island's targets)
FIGHT = "⚔"
#: a hex the selection can go to now (the island's other targets)
TARGET = "•"

#: the board's own colours (a printed board looks the same on any theme)
TERRAIN_BG = {"forest": "#1d5c2c", "meadow": "#86b84f", "scree": "#bdbdb2", "rock": "#5c5c5c",
              "sanctuary": "#d8b54a", "market": "#b3835a", "farm": "#c9a66b", "peak": "#8a7f93",
              "rift": "#7a3b2e"}
TERRAIN_FG = {"forest": "#f4f4f4", "meadow": "#111111", "scree": "#111111", "rock": "#f4f4f4",
              "sanctuary": "#111111", "market": "#111111", "farm": "#111111", "peak": "#ffffff",
              "rift": "#ffffff"}
OWNER_BG = {"brown": "#8a4f1d", "black": "#0b0b0b", "grey": "#8f8f8f", "white": "#f5f5f5"}
OWNER_FG = {"brown": "#ffffff", "black": "#ffffff", "grey": "#000000", "white": "#000000"}
TROLL_STYLE = "bold #ffffff on #6b2f8f"
AMBER_STYLE = "bold #ff6a3d"
CRYSTAL_STYLE = "bold #3fa9ff"
TALER_STYLE = "bold #ffe066"

#: dice: red kinds K < M < G, black S
DIE_BG = {"K": "#c0392b", "M": "#a93226", "G": "#7b241c", "S": "#111111"}
DIE_FG = "#ffffff"
PIPS = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


def chip_style(colour: str) -> str:
    return f"bold {OWNER_FG[colour]} on {OWNER_BG[colour]}"


def hero_initial(hero: str) -> str:
    return hero[:1].upper()
