"""Limits: --max-queued-requests (503 + Retry-After), --allow-auto-truncate, non-streamed disconnects."""
from __future__ import annotations

import asyncio
import socket
import time

import httpx
import pytest

from .conftest import MODEL_NAME, Servers, assert_engine_whole, client, make_engine


@pytest.fixture(scope="module")
def limited(demo_dir):
    """An engine that runs one request at a time, queues one more and truncates long prompts."""
    eng = make_engine(demo_dir, max_queued_requests=1, max_running_requests=1, allow_auto_truncate=True,
                      context_length=128, max_total_tokens=1024)
    s = Servers(eng, demo_dir)
    yield s
    s.stop_all()
    assert_engine_whole(eng)
    eng.shutdown(grace_s=0)


def test_queue_full_is_503_with_retry_after(limited):
    rt = limited.start()

    async def burst():
        async with httpx.AsyncClient(base_url=rt.url, timeout=60) as http:
            body = {"text": "queue", "sampling_params": {"max_new_tokens": 60, "ignore_eos": True}}
            return await asyncio.gather(*(http.post("/generate", json=body) for _ in range(8)))

    responses = asyncio.run(burst())
    codes = sorted(r.status_code for r in responses)
    assert set(codes) == {200, 503}, codes
    assert codes.count(200) >= 2          # one running and one queued always fit
    for r in responses:
        if r.status_code == 503:
            assert r.headers["retry-after"] == "1"
            err = r.json()["error"]
            assert err["code"] == "queue_full" and "--max-queued-requests" in err["message"]
    summary = rt.state.tracker.summary()
    assert summary["rejected"] == codes.count(503) and summary["finished"] == codes.count(200)


def test_openai_client_sees_queue_full_as_a_5xx_it_may_retry(limited):
    openai = pytest.importorskip("openai")
    rt = limited.start()
    eng = limited.engine
    oai = openai.OpenAI(base_url=rt.url + "/v1", api_key="x", max_retries=0)

    async def burst():
        async with httpx.AsyncClient(base_url=rt.url, timeout=60) as http:
            body = {"text": "hold", "sampling_params": {"max_new_tokens": 8}}
            # Hold the step loop so the first request is certainly still waiting when the second
            # arrives: without this the outcome depends on how fast the machine decodes.
            with eng._lock:
                first = asyncio.ensure_future(http.post("/generate", json=body))
                while eng.stats().queued < 1:
                    await asyncio.sleep(0.01)
                try:
                    await asyncio.to_thread(oai.completions.create, model=MODEL_NAME, prompt="x", max_tokens=2)
                    error = None
                except openai.InternalServerError as exc:
                    error = exc
            assert (await first).status_code == 200
            return error

    exc = asyncio.run(burst())
    assert exc is not None and exc.status_code == 503


def test_allow_auto_truncate_keeps_the_tail(limited):
    rt = limited.start()
    eng = limited.engine
    with client(rt) as c:
        ids = [(i % 200) + 10 for i in range(eng.max_context_len * 2)]
        r = c.post("/generate", json={"input_ids": ids, "sampling_params": {"max_new_tokens": 1}})
    assert r.status_code == 200, r.text
    assert r.json()["meta_info"]["prompt_tokens"] == eng.max_context_len - 1


def test_disconnect_during_non_streamed_request_frees_it(limited):
    rt = limited.start()
    host, port = "127.0.0.1", rt.port
    body = b'{"text": "leave", "sampling_params": {"max_new_tokens": 120, "ignore_eos": true}}'
    request = (f"POST /generate HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
               f"Content-Length: {len(body)}\r\n\r\n").encode() + body
    with socket.create_connection((host, port), timeout=10) as sock:
        sock.sendall(request)
        deadline = time.monotonic() + 10
        while not rt.state.tracker.running() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert rt.state.tracker.running()
    deadline = time.monotonic() + 10
    while rt.state.tracker.summary()["in_flight"] and time.monotonic() < deadline:
        time.sleep(0.02)
    summary = rt.state.tracker.summary()
    assert summary["cancelled"] == 1 and summary["in_flight"] == 0, summary
    assert summary["http_status"] == {"499": 1}
    assert_engine_whole(limited.engine)


def test_the_queue_help_states_the_bound_the_server_derives():
    from argmatrix.runtime.server.limits import MIN_DERIVED_QUEUE, QUEUE_BATCHES
    from argmatrix.schema import SPECS

    help_en = SPECS["max_queued_requests"].arg.help.en
    assert f"{QUEUE_BATCHES} times the running-request limit (at least {MIN_DERIVED_QUEUE})" in help_en
