"""The rules engine: everything that decides what is legal and what a decision
does, and nothing that shows it.

- :mod:`.state` — the game state and its API (``legal_actions``,
  ``apply_action``, ``clone``, ``observation``…), setup;
- :mod:`.flow` — the turn: phases 0–6, setup's beaches, movement, free
  steps, silver, actions, gifts, recruiting, haste, fainting's turn-level
  rules, leaving the game;
- :mod:`.combat` — combat, blocking, assigning hits, lightning, Mjölnir;
- :mod:`.player` — one seat's pieces and goods; :mod:`.dice` — the seeded
  dice; :mod:`.actions` — decisions and their notation;
- :mod:`.verbs` (phase 4) and :mod:`.turn_verbs` (every other step) — the
  verb table: for each verb its steps, candidates, guards, price; what is
  legal and why not both come from it (:mod:`.guards`, its machinery);
- :mod:`.observation` — what a seat may see.

It imports only the standard library and the data layers below it
(``hexgrid``, ``scenario``, ``island``); see docs/architecture.md.
"""
