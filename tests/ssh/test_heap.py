"""The host's garbage sweeps (thorskliff.host.heap._Heap): a sweep walks
every object of every session and stops them all meanwhile, 1-2 s at 32-64
sessions, so it must not come merely because sessions started; and finding
out whether one is due must not walk the objects either."""

from __future__ import annotations

import asyncio
import gc
import sys
import time

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from thorskliff.host import heap as server
from thorskliff.host.heap import _Heap, resident_mb


def test_a_table_filling_up_is_not_swept_for_its_sessions_own_memory():
    live = [0]
    heap = _Heap(lambda: live[0])
    heap.base, heap.live_at_base = 60.0, 0  # the server alone, as the last sweep kept it (MB)
    live[0] = 64
    sessions = 64 * _Heap.PER_SESSION
    assert not heap.grown(60.0 + sessions)  # 64 sessions came: their memory is alive
    assert heap.grown(2 * (60.0 + sessions))  # twice as much as they explain: garbage, swept
    live[0] = 0  # every session ended (those sweep after SWEEP_AFTER of them)
    assert heap.grown(60.0 + sessions)


async def test_whether_a_sweep_is_due_is_read_from_the_resident_memory_not_the_frozen_objects(monkeypatch):
    """gc.get_freeze_count walks every frozen object: at 64 sessions it stopped
    every session for 0.3-1 s at each check."""
    assert 1 < resident_mb() < 10_000
    monkeypatch.setattr(gc, "get_freeze_count", lambda: (_ for _ in ()).throw(AssertionError("walked")))
    monkeypatch.setattr(_Heap, "CHECK", 0.01)
    checks = []
    ten = asyncio.Event()

    def counted() -> float:  # each check reads the resident memory once
        checks.append(1)
        if len(checks) > 10:
            ten.set()
        return resident_mb()

    monkeypatch.setattr(server, "resident_mb", counted)
    heap = _Heap(lambda: 64)
    heap.start()
    try:
        async with asyncio.timeout(30):
            await ten.wait()  # some ten checks
        assert not heap.task.done()  # none walked the frozen objects (nor found a sweep due)
    finally:
        heap.stop()


async def test_every_full_collection_freezes_what_survived_it():
    """Sessions that started since the last freeze are walked by every full
    collection until they are frozen: at 32 sessions a freeze once in 30 s left
    full collections of 0.2-0.5 s, every session stopped meanwhile (#14)."""
    heap = _Heap(lambda: 1)
    heap.start()
    try:
        gc.collect()
        first = gc.get_freeze_count()
        kept = [[i] for i in range(1000)]  # a session's objects, made after that collection
        gc.collect()  # at once: no time has passed since the last freeze
        assert gc.get_freeze_count() >= first + len(kept)
    finally:
        heap.stop()
    assert gc.get_freeze_count() == 0


async def test_a_line_drawn_and_replaced_is_freed_by_its_reference_count():
    """A Textual Strip cropped and extended to its own width, or divided at its
    own end (the compositor does both with most lines), kept itself in its own
    caches: every replaced line was a cycle, most of the garbage that brought
    a full collection every 2-3 s at 32 sessions, and a frozen one stayed (#14).
    The server's heap takes that self-reference out; the results are the same."""
    heap = _Heap(lambda: 1)
    heap.start()
    heap.stop()
    line = Strip([Segment("Thors "), Segment("Kliff", Style(bold=True))])
    held = sys.getrefcount(line)
    assert line.crop_extend(0, 11, None) is line
    assert list(line.divide([11])) == [line]
    assert sys.getrefcount(line) == held  # its caches do not hold it: no cycle
    # what is not the line itself is still cached and still right
    assert line.crop_extend(0, 13, None).text == "Thors Kliff  "
    assert [s.text for s in line.divide([6, 11])] == ["Thors ", "Kliff"]
    assert line.divide([6, 11]) is line.divide([6, 11])


def test_sessions_ending_sweep_at_most_once_a_gap(monkeypatch):
    """A client that connects and leaves over and over (or 64 players leaving at once)
    swept the heap after every eighth departure, every session stopped 0.4-0.6 s each
    time at 64 sessions (#14): ended sessions sweep once per SWEEP_GAP at most, and the
    periodic check sweeps for them once the gap has passed."""
    swept = []
    monkeypatch.setattr(_Heap, "sweep", lambda self: swept.append(self.ended) or setattr(self, "ended", 0))
    heap = _Heap(lambda: 1)
    heap.last -= _Heap.SWEEP_GAP  # the last sweep long ago
    for _ in range(_Heap.SWEEP_AFTER):
        heap.session_ended()
    assert swept == [_Heap.SWEEP_AFTER]
    heap.last = time.monotonic()  # as the sweep set it
    for _ in range(3 * _Heap.SWEEP_AFTER):
        heap.session_ended()
    assert swept == [_Heap.SWEEP_AFTER]  # within the gap: none
    assert not heap._ended_due()
    heap.last -= _Heap.SWEEP_GAP
    assert heap._ended_due()  # the periodic check sweeps for them now
