"""The rulebook's combat example (R-COMBAT-1; tests/test_rules_combat.py
plays it with the printed dice) as its combat summary must say it, word for
word, in German: one list per counter variant. tests/test_event_summary.py
checks the engine's events say it; tests/ui/test_event_views.py that the
screen shows it."""

from __future__ import annotations

VARIANT_A = [
    "Kampf auf 1c3: P1 greift P2 an",
    " ⚔ Oleif  ♥10→9",
    " ⚔ Krieger 1 (P1)  ♥2→0  besiegt",
    " ⚔ Krieger 2 (P1)  ♥2→0  besiegt",
    " ⛨ Krieger 1 (P2)  ♥2→0  besiegt",
    " ⛨ Krieger 2 (P2)  ♥2→0  besiegt",
    " ⛨ Krieger 3 (P2)  ♥2→2",
    "• Angriffswurf: M3 M1 K1 K1",
    "• Krieger 1 von P2: 2 Schaden",
    "• Krieger 1 von P2 besiegt",
    "• Krieger 2 von P2: 4 Schaden",
    "• Krieger 2 von P2 besiegt",
    "• Gegenwurf: K1 K2 K2",
    "• Oleif: 1 Schaden (♥10→9)",
    "• Krieger 1 von P1: 2 Schaden",
    "• Krieger 1 von P1 besiegt",
    "• Krieger 2 von P1: 2 Schaden",
    "• Krieger 2 von P1 besiegt",
    "• Oleif zieht sich zurück: 1c3→1c2",
    "• Beute: P1 erhält 2 Taler",
]
VARIANT_B = [
    "Kampf auf 1c3: P1 greift P2 an",
    " ⚔ Oleif  ♥10→5",
    " ⚔ Krieger 1 (P1)  ♥2→2",
    " ⚔ Krieger 2 (P1)  ♥2→2",
    " ⛨ Krieger 1 (P2)  ♥2→0  besiegt",
    " ⛨ Krieger 2 (P2)  ♥2→0  besiegt",
    " ⛨ Krieger 3 (P2)  ♥2→2",
    "• Angriffswurf: M3 M1 K1 K1",
    "• Krieger 1 von P2: 2 Schaden",
    "• Krieger 1 von P2 besiegt",
    "• Krieger 2 von P2: 4 Schaden",
    "• Krieger 2 von P2 besiegt",
    "• Gegenwurf: K1 K2 K2",
    "• Oleif: 5 Schaden (♥10→5)",
    "• Oleif zieht sich zurück: 1c3→1c2",
    "• Krieger 1 von P1 zieht sich zurück: 1c3→1c2",
    "• Krieger 2 von P1 zieht sich zurück: 1c3→1c2",
    "• Beute: P1 erhält 2 Taler",
]
