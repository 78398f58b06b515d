"""Key help in the player's language: bindings are declared with catalogue
keys as descriptions (``"key.undo"``) and translated per node, again after a
language switch."""

from __future__ import annotations

from dataclasses import replace

from .i18n import t

#: key help that Textual's own widgets say in English: the catalogue's key for each
#: (an open Select list's footer read "esc Dismiss menu")
TEXTUAL = {"Dismiss menu": "key.close_menu"}


def localize(node) -> None:
    """Translate the descriptions of ``node``'s bindings (idempotent)."""
    orig = node.__dict__.get("_binding_keys")
    if orig is None:
        orig = {}
        for key, bindings in node._bindings.key_to_bindings.items():
            for b in bindings:
                orig[(key, b.action)] = b.description
        node.__dict__["_binding_keys"] = orig
    for key, bindings in node._bindings.key_to_bindings.items():
        new = []
        for b in bindings:
            desc = orig.get((key, b.action), b.description)
            desc = TEXTUAL.get(desc, desc)
            if desc.startswith(("key.", "play.", "curve.", "hint.", "puzzle.")):
                b = replace(b, description=t(desc), tooltip=b.tooltip)
            new.append(b)
        node._bindings.key_to_bindings[key] = new


def localize_tree(screen) -> None:
    """After a language switch: the screen and every widget on it."""
    localize(screen)
    for node in screen.walk_children():
        if "_binding_keys" in node.__dict__:
            localize(node)
    screen.refresh_bindings()


def relabel(node, key: str, text: str) -> None:
    """Give the binding of ``key`` a description that is not in the catalogue."""
    bindings = node._bindings.key_to_bindings.get(key, [])
    node._bindings.key_to_bindings[key] = [replace(b, description=text) for b in bindings]


def shortened(bindings: dict) -> dict:
    """A narrow footer's bindings: each with its short word where the catalogue
    has one (``key.short.<action>``), the palette's key without its word: at 80
    columns the footer had room for half the game's keys (#27, 10)."""
    from .i18n import has

    out = {}
    for key, active in bindings.items():
        name = "key.short." + active.binding.action.partition("(")[0]
        if has(name):
            active = active._replace(binding=replace(active.binding, description=t(name)))
        out[key] = active
    return out
