"""Lines that die by their reference count (Textual's Strip without
self-references).

Textual's ``Strip`` caches what its methods made, and two of them can make
the strip itself: ``crop_extend`` to its own width and ``divide`` at its own
end, which every compositor pass does with most lines. The strip then keeps
itself in its own cache, a reference cycle, so every line a screen drew and
replaced is garbage that only the cycle collector frees (a Strip with its
seven caches: some 20 tracked objects). On the SSH host that churn of every
session's redraws survives the young collections into the oldest and brings
a full collection every few seconds, with every session stopped while it walks
all of their objects (#14); and whatever line ``_Heap`` froze stays until a
sweep.

Here the strip is never cached as its own result (asking again costs a
comparison of widths: the same strip comes back), so a replaced line is
freed at once. What the methods return is unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.strip import Strip

_done = False


def install() -> None:
    """Patch ``Strip`` once per process (the server's; the patch changes no result)."""
    global _done
    if _done:
        return
    _done = True
    crop_extend, divide = Strip.crop_extend, Strip.divide

    def crop_extend_acyclic(self: Strip, start: int, end: int, style) -> Strip:
        strip = crop_extend(self, start, end, style)
        if strip is self:
            self._crop_extend_cache._cache.pop((start, end, style), None)
        return strip

    def divide_acyclic(self: Strip, cuts) -> Sequence[Strip]:
        cuts = list(cuts)  # read twice: by divide and for its cache's key
        strips = divide(self, cuts)
        if len(strips) == 1 and strips[0] is self:
            cell_length = self.cell_length
            self._divide_cache._cache.pop(tuple(cut for cut in cuts if cut <= cell_length), None)
        return strips

    crop_extend_acyclic.__doc__, divide_acyclic.__doc__ = crop_extend.__doc__, divide.__doc__
    # the patch itself: Textual's methods replaced on its class (this folder's one purpose)
    Strip.crop_extend = crop_extend_acyclic  # type: ignore[method-assign]
    Strip.divide = divide_acyclic  # type: ignore[method-assign]
