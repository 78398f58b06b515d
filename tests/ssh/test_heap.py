"""The host's garbage sweeps (thorskliff.ssh.server._Heap): a sweep walks
every object of every session and stops them all meanwhile, 1-2 s at 32-64
sessions, so it must not come merely because sessions started; and finding
out whether one is due must not walk the objects either."""

from __future__ import annotations

import asyncio
import gc

from thorskliff.ssh.server import _Heap, resident_mb


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
    heap = _Heap(lambda: 64)
    heap.start()
    try:
        await asyncio.sleep(0.1)  # some ten checks
        assert not heap.task.done()  # none walked the frozen objects (nor found a sweep due)
    finally:
        heap.stop()
