"""Issue 29: no body of any allowed size freezes the server or delays another caller; the queue is shared fairly;
the shutdown ends within --shutdown-timeout.

As in test_server_hostile, every assertion is an order of events (the hostile body's handling is held until the
innocent requests are answered, the step loop is held while the queue fills), never a wall-clock bound.  The
latencies themselves are measured by bench/hostile_shapes.py.
"""
from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import httpx
import pytest

from argmatrix.runtime.server import bodies
from argmatrix.runtime.server.body_bounds import BodyBounds, check_bounds
from argmatrix.runtime.server.errors import APIError
from argmatrix.runtime.server.openai_api import CompletionRequest, GenerateRequest

from .conftest import MODEL_NAME
from .test_server_hostile import SMALL, no_5xx
from .test_server_lifecycle import free_port, wait_healthy

ROOT = Path(__file__).resolve().parents[2]
INNOCENT = {"x-forwarded-for": "10.0.0.2"}
HOSTILE = {"x-forwarded-for": "10.0.0.1"}


def _fill(prefix: str, item: str, suffix: str, limit: int) -> bytes:
    n = (limit - len(prefix) - len(suffix)) // (len(item) + 1)
    return (prefix + ",".join([item] * n) + suffix).encode()


def worst_shapes(limit: int) -> dict[str, tuple[str, bytes, str]]:
    """name -> (path, body of about ``limit`` bytes, the field the refusal names): the issue's shapes."""
    nested = "[" * 61 + "1" + "]" * 61          # inside the body, sampling_params and stop: 64 levels, the limit
    return {
        "wrong-typed stop_token_ids": ("/v1/completions", _fill(
            '{"model":"demo","prompt":"a","stop_token_ids":[', '""', "]}", limit), "stop_token_ids"),
        "messages of numbers": ("/v1/chat/completions", _fill('{"model":"demo","messages":[', "1", "]}", limit),
                                "messages"),
        "valid input_ids": ("/generate", _fill('{"input_ids":[', "7", "]}", limit), "input_ids"),
        "10^5 keys of logit_bias": ("/v1/completions", ('{"model":"demo","prompt":"a","logit_bias":{' + ",".join(
            f'"{i}":1' for i in range(100_000)) + "}}").encode(), "logit_bias"),
        # millions of arrays: counted before decoding (decoding them held the interpreter for 5 s), so the
        # refusal is the body's, not a field's
        "nested to the depth limit": ("/generate", _fill('{"text":"a","sampling_params":{"stop":[', nested, "]}}",
                                                         limit), None),
    }


# -- 1. the work a body causes is bounded by what it holds -------------------------------------------------------
@pytest.mark.slow
def test_the_worst_body_of_each_shape_is_refused_before_validation_next_to_an_innocent_caller(servers, monkeypatch):
    """Each shape at the largest size --max-request-body-bytes allows: a 413 naming the field and the limit,
    raised by the bounds walk (before the model runs) or, for millions of arrays, by the count of them before
    decoding; the first walk is held until /health and another caller's 5-token request have been answered."""
    rt = servers.start(trust_proxy=True)
    limit = rt.state.limits.max_request_body_bytes
    bounds = rt.state.body_bounds
    holding, answered = threading.Event(), threading.Event()
    held_seen: list[bool] = []
    validated: list[str] = []
    real_check, real_validate = bodies.check_bounds, bodies.first_errors

    def held_check(data, b):
        if not holding.is_set():
            holding.set()
            held_seen.append(answered.wait(120))
        return real_check(data, b)

    def spy_first_errors(model, *args):
        validated.append(model.__name__)          # a validation failed: the body got past the bounds
        return real_validate(model, *args)

    monkeypatch.setattr(bodies, "check_bounds", held_check)
    monkeypatch.setattr(bodies, "first_errors", spy_first_errors)
    shapes = worst_shapes(limit - 64)

    async def go():
        async with httpx.AsyncClient(base_url=rt.url, timeout=300) as http:
            hostile = [asyncio.ensure_future(http.post(path, content=body, headers={
                **HOSTILE, "content-type": "application/json"})) for path, body, _ in shapes.values()]
            assert await asyncio.to_thread(holding.wait, 120), "no body reached the bounds walk"
            health = await http.get("/health")
            small = await http.post("/generate", json=SMALL, headers=INNOCENT)
            answered.set()
            return health, small, await asyncio.gather(*hostile)

    health, small, hostile = asyncio.run(go())
    assert held_seen == [True], "the innocent requests were not answered while a large body was being handled"
    assert health.status_code == 200 and small.status_code == 200
    assert small.json()["meta_info"]["completion_tokens"] == 5
    for (name, (_, body, field)), r in zip(shapes.items(), hostile):
        assert len(body) <= limit
        err = r.json()["error"]
        assert r.status_code == 413 and err["code"] == "body_too_complex", (name, r.text[:300])
        assert err["param"] == field, (name, err)
        assert f"{bounds.max_items:,}" in err["message"] or f"{bounds.max_values:,}" in err["message"], err
    assert validated == []                         # every refusal came before any validation
    no_5xx(rt)


def test_the_bounds_count_every_list_and_object_and_stop_at_the_first_over():
    bounds = BodyBounds(max_items=10, max_values=30)
    assert check_bounds({"a": [1] * 10, "b": {"c": [[1, 2]] * 5}}, bounds) == ("a",)      # 28 entries; the longest
    with pytest.raises(APIError) as over:
        check_bounds({"a": {"b": [1] * 11}}, bounds)
    assert over.value.status == 413 and over.value.param == "a.b" and "11 items" in over.value.message
    with pytest.raises(APIError) as total:
        check_bounds({"a": [[1] * 9] * 4}, bounds)                # 1 + 4 + 36 entries
    assert "more than 30 values" in total.value.message
    with pytest.raises(APIError) as keys:
        check_bounds({str(i): 1 for i in range(11)}, bounds)
    assert keys.value.param is None and "the request body holds 11 keys" in keys.value.message


def test_many_invalid_values_cost_the_validation_of_the_first_ones(monkeypatch):
    """Past the first errors, ``errors()`` is never asked for them all: the body is validated again cut short.
    When the cut body is valid (the bad values lie further on), the error names the longest list."""
    cut: list[int] = []
    real = bodies.truncated

    def counting(data, keep):
        cut.append(keep)
        return real(data, keep)

    monkeypatch.setattr(bodies, "truncated", counting)
    bounds = BodyBounds(max_items=5000, max_values=10_000)
    wrong = json.dumps({"model": "m", "prompt": "a", "stop_token_ids": ["x"] * 4000}).encode()
    with pytest.raises(APIError) as exc:
        bodies.parse_body(CompletionRequest, wrong, bounds)
    assert cut == [bodies.MAX_ERRORS_SCANNED]
    assert exc.value.param == "stop_token_ids[0]" and "more invalid value(s)" in exc.value.message
    tail = json.dumps({"input_ids": [1] * 300 + ["x"] * 3000}).encode()
    with pytest.raises(APIError) as late:
        bodies.parse_body(GenerateRequest, tail, bounds)
    assert late.value.param == "input_ids" and "past its first" in late.value.message


def test_a_body_without_surrogate_escapes_skips_the_unicode_walk():
    assert not bodies.may_hold_surrogates(b'{"text": "plain \\u00e9 text"}')
    assert bodies.may_hold_surrogates(b'{"text": "\\ud800"}') and bodies.may_hold_surrogates(b'{"t": "\\uDC00"}')
    assert bodies.may_hold_surrogates(b'{"text": "\xed\xa0\x80"}')        # raw surrogate bytes
    with pytest.raises(APIError) as exc:
        bodies.parse_body(GenerateRequest, b'{"text": "a\xed\xa0\x80"}')
    assert exc.value.code == "invalid_unicode"


# -- 2. the rest after a large body holds back its sender only --------------------------------------------------
def test_the_rest_after_a_costly_body_holds_back_its_sender_only(monkeypatch):
    """Caller A's first costly body is followed by a rest as long as a thousand seconds: caller B's body, queued
    behind it, is parsed at once, while A's second one still waits for A's rest."""
    monkeypatch.setattr(bodies, "REST_PER_PARSE_SECOND", 1e9)
    first_started, release = threading.Event(), threading.Event()
    real = bodies.parse_body

    def held(model, body, bounds=None):
        if not first_started.is_set():
            first_started.set()
            release.wait(60)
        return real(model, body, bounds)

    monkeypatch.setattr(bodies, "parse_body", held)

    def body(rid: str) -> bytes:
        return json.dumps({"text": "a", "rid": rid, "sampling_params": {"stop_token_ids": list(range(3000))}}).encode()

    async def go():
        parser = bodies.BodyParser()
        a1 = asyncio.ensure_future(parser.parse(GenerateRequest, body("a1"), "A"))
        assert await asyncio.to_thread(first_started.wait, 60)
        a2 = asyncio.ensure_future(parser.parse(GenerateRequest, body("a2"), "A"))
        b1 = asyncio.ensure_future(parser.parse(GenerateRequest, body("b1"), "B"))
        while parser.waiting < 3:
            await asyncio.sleep(0)
        release.set()
        assert (await a1).rid == "a1" and (await b1).rid == "b1"
        a2_waiting = not a2.done()
        parser.close()                                     # A's rest outlasts the test: its body is answered 503
        with pytest.raises(APIError) as closed:
            await a2
        return a2_waiting, closed.value

    a2_waiting, closed = asyncio.run(go())
    assert a2_waiting and closed.status == 503 and closed.code == "shutting_down"


# -- 3. each caller's share of the queue ------------------------------------------------------------------------
def test_a_caller_at_its_share_of_the_queue_is_refused_while_another_still_queues(servers, engine):
    """--max-queued-requests 8 with the step loop held: caller A alone may fill half (4; one share kept for a
    caller yet to come), its next two get 503 queue_full; caller B's two then queue (two callers: 8 // 3 = 2
    each) and every queued request is served once the loop runs."""
    rt = servers.start(trust_proxy=True, max_queued_requests=8, enable_metrics=True)
    body = {"text": "q", "sampling_params": {"max_new_tokens": 1}}

    async def go():
        async with httpx.AsyncClient(base_url=rt.url, timeout=120) as http:
            before = rt.state.tracker.summary()
            with engine._lock:                           # nothing leaves the queue until the block ends
                a = [asyncio.ensure_future(http.post("/generate", json=body, headers=HOSTILE)) for _ in range(6)]
                while rt.state.tracker.summary()["rejected"] - before["rejected"] < 2:
                    await asyncio.sleep(0.01)
                # the server counted both refusals; wait for the client to have read both answers too (the
                # accepted four cannot finish while the loop is held)
                while sum(t.done() for t in a) < 2:
                    await asyncio.sleep(0.01)
                refused = [t.result() for t in a if t.done()]
                b = [asyncio.ensure_future(http.post("/generate", json=body, headers=INNOCENT)) for _ in range(2)]
                while rt.state.tracker.summary()["received"] - before["received"] < 8:
                    await asyncio.sleep(0.01)
                queued_then = engine.queue_of("")[0]
            return refused, await asyncio.gather(*a), await asyncio.gather(*b), queued_then, \
                (await http.get("/metrics")).text

    refused, a, b, queued_then, metrics = asyncio.run(go())
    assert len(refused) == 2 and all(r.status_code == 503 for r in refused)
    err = refused[0].json()["error"]
    assert err["code"] == "queue_full" and "its share" in err["message"] and "--max-queued-requests 8" in err["message"]
    assert sorted(r.status_code for r in a) == [200] * 4 + [503] * 2
    assert [r.status_code for r in b] == [200, 200]
    assert queued_then == 6
    assert 'argmatrix:queue_full_total{reason="caller_share"} 2.0' in metrics, metrics[-2000:]


# -- 4. the shutdown ends within --shutdown-timeout ----------------------------------------------------------------
def test_the_shutdown_budget_and_its_last_resort(monkeypatch, demo_dir):
    from argmatrix.runtime.server import launch
    from argmatrix.schema import ServerArgs

    assert launch.shutdown_budget(30.0) == (25.0, 5.0)            # Kubernetes' default grace: 25 s drain
    assert launch.shutdown_budget(6.0) == (4.0, 2.0)
    rt = launch.ServingRuntime(ServerArgs(model_path=demo_dir, shutdown_timeout=0.6), engine=object())
    assert (rt.grace_s, rt.shutdown_total_s) == (0.4, 0.6)
    exited = threading.Event()
    codes: list[int] = []

    def fake_exit(code):
        codes.append(code)
        exited.set()

    monkeypatch.setattr(launch, "_end_process", fake_exit)
    rt.hard_exit = True
    rt._arm_stop_deadline()                   # as the first SIGTERM does; nothing else ends this runtime
    assert exited.wait(60), "the stop deadline never fired"
    assert codes == [0]


@pytest.mark.slow
def test_sigterm_under_load_and_during_large_parses_exits_0_with_no_half_answer(demo_dir):
    """A server process with streams running, a full queue and 8 MiB bodies arriving gets SIGTERM: it exits 0,
    and every response a client read is whole (a 200 with its body, a stream ending in [DONE], a 503), or the
    connection was refused before any byte of one."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "argmatrix.runtime.server", "--model-path", demo_dir, "--port", str(port),
           "--served-model-name", MODEL_NAME, "--context-length", "2048", "--max-total-tokens", "16384",
           "--max-running-requests", "4", "--skip-server-warmup", "--shutdown-timeout", "10", "--log-level", "info"]
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env = {k: v for k, v in env.items() if not k.upper().startswith("ARGMATRIX_")}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    outcomes: list[str] = []
    big = worst_shapes(8 * 1024 * 1024 - 64)["wrong-typed stop_token_ids"][1]

    async def load(first_token: asyncio.Event, sigterm_sent: asyncio.Event):
        async with httpx.AsyncClient(base_url=url, timeout=120, limits=httpx.Limits(max_connections=200)) as http:
            async def stream():
                body = {"input_ids": [5, 6, 7], "stream": True,
                        "sampling_params": {"max_new_tokens": 2000, "ignore_eos": True}}
                try:
                    async with http.stream("POST", "/generate", json=body) as r:
                        last = ""
                        async for line in r.aiter_lines():
                            if line.startswith("data: "):
                                last = line[6:]
                                first_token.set()
                        outcomes.append("whole" if r.status_code != 200 or last == "[DONE]" else "cut " + last[:80])
                except httpx.HTTPError as exc:
                    outcomes.append("refused " + type(exc).__name__)

            async def plain(path, content, headers):
                while True:
                    try:
                        r = await http.post(path, content=content, headers=headers)
                    except httpx.HTTPError as exc:
                        outcomes.append("refused " + type(exc).__name__)
                        return
                    try:
                        r.json()
                        outcomes.append("whole")
                    except ValueError:
                        outcomes.append(f"cut {r.status_code} {r.text[:80]}")
                    if sigterm_sent.is_set():
                        return

            queued = json.dumps({"text": "q", "sampling_params": {"max_new_tokens": 1500, "ignore_eos": True}})
            tasks = [asyncio.ensure_future(stream()) for _ in range(4)]
            tasks += [asyncio.ensure_future(plain("/generate", queued.encode(), {"content-type": "application/json"}))
                      for _ in range(12)]
            tasks += [asyncio.ensure_future(plain("/v1/completions", big, {"content-type": "application/json"}))
                      for _ in range(3)]
            await asyncio.gather(*tasks)

    async def go() -> int:
        first_token, sigterm_sent = asyncio.Event(), asyncio.Event()
        running = asyncio.ensure_future(load(first_token, sigterm_sent))
        await first_token.wait()
        proc.send_signal(signal.SIGTERM)
        sigterm_sent.set()
        code = await asyncio.to_thread(proc.wait, 300)
        await running
        return code

    try:
        wait_healthy(url, proc)
        code = asyncio.run(go())
        output = proc.stdout.read() if proc.stdout else ""
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert code == 0, output[-3000:]
    assert outcomes and not [o for o in outcomes if o.startswith("cut")], outcomes
    assert "Traceback" not in output, output[-3000:]
