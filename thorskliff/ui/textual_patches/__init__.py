"""Changes to Textual's private internals, kept in one place (review 2026-12-04 §7.3).

Each module here replaces or wraps a private part of Textual to fix something
the game needs and Textual does not offer: :mod:`.dirtyonly` draws only the
regions a partial update repainted (a hosted table's keys), :mod:`.acyclic`
breaks a reference cycle in Textual's strip caches that kept ended SSH
sessions' memory alive. They were written against Textual 8 (pyproject pins
``textual>=8.2,<9``); ``tests/test_textual_patches.py`` fails when another
major version is installed, so an upgrade reviews them first.
"""

#: the Textual major version these patches were written against
WRITTEN_FOR = 8
