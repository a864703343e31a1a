"""Issue 20.3 and 20.9: one caller cannot starve another within the limits, nor probe or claim its request ids.

Callers are told apart by their client address here (127.0.0.2 is the hostile one; Linux answers all of
127.0.0.0/8 on loopback), as on a server whose users share one API key.  Every assertion is an order of events:
the engine's step loop is held at the points that matter, never timed.
"""
from __future__ import annotations

import json
import threading

import httpx
import pytest

from .conftest import MODEL_NAME, Servers, assert_engine_whole, make_engine

HOSTILE_ADDRESS = "127.0.0.2"


@pytest.fixture(scope="module")
def small_engine(demo_dir):
    """Eight running slots, so two requests at the per-request cap (4 sequences each) hold all of them."""
    eng = make_engine(demo_dir, max_running_requests=8)
    yield eng
    eng.shutdown(grace_s=0)


@pytest.fixture(scope="module")
def fair_servers(small_engine, demo_dir):
    s = Servers(small_engine, demo_dir)
    yield s
    s.stop_all()
    assert_engine_whole(small_engine)


def hostile_client(rt, **kw) -> httpx.Client:
    return httpx.Client(base_url=rt.url, timeout=120, transport=httpx.HTTPTransport(local_address=HOSTILE_ADDRESS),
                        **kw)


def test_the_worst_allowed_requests_of_one_caller_do_not_starve_another(fair_servers, small_engine, monkeypatch):
    """Two requests at --max-sequences-per-request from one caller take all eight running slots; a 5-token request
    from another caller is answered while they still run, and they then finish whole."""
    engine = small_engine
    rt = fair_servers.start()
    per_request = rt.state.limits.max_sequences_per_request
    assert 2 * per_request == engine.max_running_requests
    hostile_full, innocent_submitted, innocent_read = threading.Event(), threading.Event(), threading.Event()
    innocent_rids: list[str] = []
    real_submit, real_step = engine.submit, engine.step

    def submit(prompt, sampling=None, **kw):
        stream = real_submit(prompt, sampling, **kw)
        if not kw.get("caller", "").endswith(HOSTILE_ADDRESS):
            innocent_rids.append(kw["request_id"])
            innocent_submitted.set()
        return stream

    def step():
        if not hostile_full.is_set() and engine.stats().running == engine.max_running_requests:
            hostile_full.set()                       # every slot is the hostile caller's: wait for the innocent
            innocent_submitted.wait(60)
        progressed = real_step()
        if innocent_rids and not any(r in engine._live for r in innocent_rids):
            innocent_read.wait(60)                   # the hostile requests advance no further until it is read
        return progressed

    monkeypatch.setattr(engine, "submit", submit)
    monkeypatch.setattr(engine, "step", step)
    hostile_body = {"model": MODEL_NAME, "prompt": [11, 12, 13, 14], "n": per_request, "max_tokens": 120,
                    "ignore_eos": True, "stream": True, "temperature": 0.7}
    outcomes: list[dict] = []

    def run_hostile(k: int) -> None:
        with hostile_client(rt) as c, c.stream("POST", "/v1/completions", json=hostile_body) as r:
            events = [json.loads(line[6:]) for line in r.iter_lines() if line.startswith("data: {")]
            outcomes.append({"status": r.status_code, "text": "".join(e["choices"][0]["text"] for e in events),
                             "finishes": sorted(e["choices"][0]["finish_reason"] for e in events
                                                if e["choices"][0]["finish_reason"])})

    hostiles = [threading.Thread(target=run_hostile, args=(k,)) for k in range(2)]
    for t in hostiles:
        t.start()
    try:
        assert hostile_full.wait(60), "the hostile requests never held every slot"
        r = httpx.post(rt.url + "/generate", timeout=120,
                       json={"text": "hi", "sampling_params": {"max_new_tokens": 5, "ignore_eos": True}})
        in_flight = rt.state.tracker.summary()["in_flight"]
    finally:
        innocent_read.set()
        innocent_submitted.set()
    assert r.status_code == 200 and r.json()["meta_info"]["completion_tokens"] == 5, r.text
    # the order of events: when the innocent answer was read, both hostile requests were still in flight
    assert in_flight == 2 and all(t.is_alive() for t in hostiles)
    for t in hostiles:
        t.join(120)
    assert [o["status"] for o in outcomes] == [200, 200]
    assert all(o["finishes"] == ["length"] * per_request for o in outcomes), outcomes   # complete results
    assert engine.stats().fair_preemptions >= 1
    assert not any(str(k).startswith("5") for k in rt.state.tracker.summary()["http_status"])


def test_a_request_over_the_per_request_cap_is_a_400_naming_n_and_the_limit(fair_servers):
    rt = fair_servers.start()
    limit = rt.state.limits.max_sequences_per_request
    with hostile_client(rt) as c:
        r = c.post("/v1/completions", json={"model": MODEL_NAME, "prompt": "a", "n": limit + 1, "max_tokens": 1})
    err = r.json()["error"]
    assert r.status_code == 400 and err["param"] == "n" and err["code"] == "too_many_sequences"
    assert f"n={limit + 1}" in err["message"] and f"--max-sequences-per-request {limit}" in err["message"]


def test_request_ids_are_scoped_per_caller(fair_servers, small_engine, monkeypatch):
    """Another caller's id in flight can be neither seen (a second request with it is served, not a 400) nor
    aborted; the caller's own id twice is a 400.  (On a server without keys every caller is the operator, who
    may abort any request: the users here share one API key.)"""
    engine = small_engine
    rt = fair_servers.start(api_key="sk-shared")
    key = {"Authorization": "Bearer sk-shared"}
    started, release = threading.Event(), threading.Event()
    real_step = engine.step

    def step():
        if engine.stats().running:
            started.set()
            release.wait(60)                 # the victim's request stays in flight until the probes are done
        return real_step()

    monkeypatch.setattr(engine, "step", step)
    body = {"input_ids": [5, 6, 7], "rid": "victim-1", "sampling_params": {"max_new_tokens": 3, "ignore_eos": True}}
    victim: dict = {}

    def run_victim():
        victim["r"] = httpx.post(rt.url + "/generate", json=body, headers=key, timeout=120)

    t = threading.Thread(target=run_victim)
    t.start()
    try:
        assert started.wait(60)
        with hostile_client(rt, headers=key) as c:
            aborted = c.post("/abort_request", json={"rid": "victim-1"})
            again = httpx.post(rt.url + "/generate", json=body, headers=key, timeout=120)   # the victim's own retry
            probe = {}
            probe_thread = threading.Thread(target=lambda: probe.update(r=c.post("/generate", json=body)))
            probe_thread.start()
            release.set()
            probe_thread.join(120)
    finally:
        release.set()
    t.join(120)
    assert aborted.status_code == 404 and aborted.json()["error"]["param"] == "rid"
    assert again.status_code == 400 and "already have a request with id 'victim-1'" in again.json()["error"]["message"]
    assert victim["r"].status_code == 200 and victim["r"].json()["meta_info"]["finish_reason"]["type"] == "length"
    assert probe["r"].status_code == 200 and probe["r"].json()["meta_info"]["id"] == "victim-1"
    assert_engine_whole(engine)


@pytest.mark.parametrize("trust_proxy", [False, True])
def test_callers_behind_one_proxy_are_one_caller_unless_trust_proxy(fair_servers, small_engine, monkeypatch,
                                                                    trust_proxy):
    """Two users behind one proxy (one connection address, one key) send the same request id: without
    --trust-proxy they are one caller (the second is a 400); with it, X-Forwarded-For tells them apart and an
    abort by the other one finds nothing."""
    engine = small_engine
    rt = fair_servers.start(api_key="sk-shared", trust_proxy=trust_proxy)
    started, release = threading.Event(), threading.Event()
    real_step = engine.step

    def step():
        if engine.stats().running:
            started.set()
            release.wait(60)
        return real_step()

    monkeypatch.setattr(engine, "step", step)
    body = {"input_ids": [5, 6, 7], "rid": "shared-id", "sampling_params": {"max_new_tokens": 2, "ignore_eos": True}}
    first: dict = {}
    alice = {"Authorization": "Bearer sk-shared", "X-Forwarded-For": "203.0.113.7, 10.0.0.1"}
    bob = {"Authorization": "Bearer sk-shared", "X-Forwarded-For": "10.0.0.2"}
    t = threading.Thread(target=lambda: first.update(r=httpx.post(rt.url + "/generate", json=body, headers=alice,
                                                                  timeout=120)))
    t.start()
    second: dict = {}
    try:
        assert started.wait(60)
        with httpx.Client(base_url=rt.url, timeout=120) as c:
            if trust_proxy:
                aborted = c.post("/abort_request", json={"rid": "shared-id"}, headers=bob)
                t2 = threading.Thread(target=lambda: second.update(r=c.post("/generate", json=body, headers=bob)))
                t2.start()
                release.set()
                t2.join(120)
            else:
                second["r"] = c.post("/generate", json=body, headers=bob)
                aborted = c.post("/abort_request", json={"rid": "shared-id"}, headers=bob)
    finally:
        release.set()
    t.join(120)
    assert first["r"].status_code == 200
    if trust_proxy:                                              # two callers
        assert aborted.status_code == 404 and second["r"].status_code == 200
        assert first["r"].json()["meta_info"]["finish_reason"]["type"] == "length"
    else:                                                        # one caller: its own id twice, its own request
        assert second["r"].status_code == 400 and second["r"].json()["error"]["param"] == "rid"
        assert aborted.status_code == 200
        assert first["r"].json()["meta_info"]["finish_reason"]["type"] == "abort"
    assert_engine_whole(engine)
