"""Issue 20: no single client can freeze, crash or starve the server.

Each test is written the way the issue's probe was: the hostile request runs next to an innocent one, and the test
asserts the innocent one's outcome (its status, no 5xx, and that it completes while the hostile one is still being
handled: an order of events, never a wall-clock bound) and the hostile one's clear 4xx.
"""
from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from argmatrix.runtime.server import errors as server_errors

from .conftest import MODEL_NAME, assert_engine_whole

SMALL = {"text": "hi", "sampling_params": {"max_new_tokens": 5, "ignore_eos": True}}


def no_5xx(rt) -> None:
    statuses = rt.state.tracker.summary()["http_status"]
    assert not any(str(k).startswith("5") for k in statuses), statuses


async def _innocent_next_to(rt, hostile: list, innocent_while=None):
    """Send the ``hostile`` (path, body) requests and, while they are being handled, /health and a 5-token request.

    Returns (hostile responses, innocent responses, the order in which they finished).
    """
    order: list[str] = []
    async with httpx.AsyncClient(base_url=rt.url, timeout=120) as http:
        async def one(tag, path, body):
            if isinstance(body, (bytes, str)):
                r = await http.post(path, content=body, headers={"content-type": "application/json"})
            else:
                r = await http.post(path, json=body)
            order.append(tag)
            return r

        async def health():
            r = await http.get("/health")
            order.append("health")
            return r

        bad = [asyncio.ensure_future(one(f"hostile{i}", p, b)) for i, (p, b) in enumerate(hostile)]
        if innocent_while is not None:
            await innocent_while()
        good = await asyncio.gather(health(), one("small", "/generate", SMALL))
        return await asyncio.gather(*bad), good, order


# -- 1. a body of many wrong-typed items is rejected with bounded work ----------------------------------------------
def test_many_wrong_typed_items_do_not_freeze_the_server(server, monkeypatch):
    """The issue's 40,000 bad ``stop_token_ids`` and a ``stop`` of integers: a 400 naming the first few, while
    /health and a 5-token request answer; the conversion looks at a bounded number of errors."""
    converted = [0]
    real = server_errors.loc_to_param

    def counting(loc):
        converted[0] += 1
        return real(loc)

    monkeypatch.setattr(server_errors, "loc_to_param", counting)
    hostile = [("/v1/completions", {"model": MODEL_NAME, "prompt": "a", "stop_token_ids": ["x"] * 40_000}),
               ("/v1/completions", {"model": MODEL_NAME, "prompt": "a", "stop": list(range(40_000))}),
               ("/generate", {"text": "a", "sampling_params": {"stop_token_ids": [{"a": 1}] * 40_000}})] * 3
    bad, good, order = asyncio.run(_innocent_next_to(server, hostile))
    assert [r.status_code for r in good] == [200, 200]
    assert good[1].json()["meta_info"]["completion_tokens"] == 5
    for r in bad:
        assert r.status_code == 400, r.text[:300]
        err = r.json()["error"]
        assert err["code"] == "invalid_request" and err["param"].startswith(("stop", "sampling_params"))
        assert "more invalid value(s)" in err["message"] and len(r.content) < 4096
    assert converted[0] <= len(hostile) * server_errors.MAX_ERRORS_SCANNED
    no_5xx(server)


def test_validation_error_work_is_bounded_per_request():
    errors = [{"type": "int_parsing", "loc": ("body", "stop_token_ids", i), "msg": "bad"} for i in range(100_000)]
    deep = [{"type": "int_type", "loc": ("body",) + ("k",) * 5000, "msg": "x" * 10_000}]
    err = server_errors.validation_error(errors)
    assert err.param == "stop_token_ids[0]" and "99,990 more" in err.message
    deep_err = server_errors.validation_error(deep)
    assert len(deep_err.param) <= server_errors.MAX_PARAM_CHARS + 3 and deep_err.param.endswith("...")
    assert len(deep_err.message) < 1000
