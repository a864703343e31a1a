"""Admission is fair across callers (issue 20.3): one caller's largest allowed requests hold the running slots only
while nobody else asks for one.  Steps are run by hand, so each test is an order of events, never a time."""
from __future__ import annotations

from engine_testlib import collect, random_ids, run_all

from argmatrix.runtime.engine import SamplingParams

LONG = SamplingParams(temperature=0, max_new_tokens=60, ignore_eos=True)
SHORT = SamplingParams(temperature=0, max_new_tokens=5, ignore_eos=True)


def test_a_caller_holding_every_slot_hands_one_to_another_caller(make_engine):
    engine = make_engine(page_size=4, max_total_tokens=4096, max_running_requests=4)
    done: dict = {}
    hostile = engine.add_request(random_ids(12, 1), SamplingParams(temperature=0, max_new_tokens=60, ignore_eos=True,
                                                                   n=4), caller="hostile", on_chunk=collect(done))
    for _ in range(3):
        engine.step()
    assert engine.stats().running == 4                        # every slot is the hostile caller's
    small = engine.add_request(random_ids(6, 2), SHORT, caller="innocent", on_chunk=collect(done))
    steps = 0
    while small not in done:
        assert engine.step()
        steps += 1
    # the small request finished while all four of the hostile one's choices were still running or waiting
    assert not any(k == hostile for k in done) and steps <= 8, (done.keys(), steps)
    assert done[small].completion_tokens == 5 and engine.stats().fair_preemptions >= 1
    run_all(engine)
    assert done[hostile].finish_reason == "length"
    outputs = [r for r in engine.step_log]                    # every hostile choice still got its 60 tokens
    assert outputs and engine.stats().generated_tokens_total == 4 * 60 + 5


def test_waiting_requests_are_served_round_robin_across_callers(make_engine):
    engine = make_engine(page_size=4, max_total_tokens=4096, max_running_requests=1)
    order: list[str] = []

    def record(chunk):
        if chunk.finished:
            order.append(chunk.request_id)

    for i in range(3):
        engine.add_request(random_ids(6, 10 + i), SHORT, request_id=f"a{i}", caller="a", on_chunk=record)
    for i in range(3):
        engine.add_request(random_ids(6, 20 + i), SHORT, request_id=f"b{i}", caller="b", on_chunk=record)
    run_all(engine)
    assert order == ["a0", "b0", "a1", "b1", "a2", "b2"]


def test_one_caller_keeps_its_own_order_and_no_slot_moves(make_engine):
    engine = make_engine(page_size=4, max_total_tokens=4096, max_running_requests=2)
    order: list[str] = []

    def record(chunk):
        if chunk.finished:
            order.append(chunk.request_id)

    for i in range(4):
        engine.add_request(random_ids(6, 30 + i), SamplingParams(temperature=0, max_new_tokens=5 + i, ignore_eos=True),
                           request_id=f"r{i}", on_chunk=record)
    run_all(engine)
    assert order == ["r0", "r1", "r2", "r3"] and engine.stats().fair_preemptions == 0


def test_slots_move_only_toward_an_even_share(make_engine):
    """Two callers with two running requests each: neither takes a slot from the other, whoever waits."""
    engine = make_engine(page_size=4, max_total_tokens=4096, max_running_requests=4)
    done: dict = {}
    for caller in ("a", "b"):
        engine.add_request(random_ids(8, ord(caller)), SamplingParams(temperature=0, max_new_tokens=30,
                                                                      ignore_eos=True, n=2),
                           caller=caller, on_chunk=collect(done))
    engine.step()
    engine.step()
    engine.add_request(random_ids(8, 99), SHORT, caller="a", on_chunk=collect(done))
    run_all(engine)
    assert engine.stats().fair_preemptions == 0 and len(done) == 3
