"""Issue 12: no request can stall the others or leak secrets.  Each repro of the issue is a test here."""
from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
import time

import httpx
import pytest

from .conftest import MODEL_NAME, assert_engine_whole, client


def chat_body(content: str, **extra):
    return {"model": MODEL_NAME, "messages": [{"role": "user", "content": content}], "max_tokens": 2, **extra}


# -- 1. one request must not stall the others ------------------------------------------------------------------------
def test_worst_allowed_request_does_not_stall_a_small_one(server, engine):
    """The largest request the limits allow (sequences, stop strings of the longest length, long outputs) runs
    while a 5-token request completes in well under 2 s."""
    limits = server.state.limits
    per_prompt = limits.max_sequences_per_request // 2
    stops = [("zq" * 200)[: limits.max_stop_string_length - 1 - i] + "#" for i in range(limits.max_stop_strings)]
    ctx = engine.max_context_len
    long_prompts = [[(i * 7 + k) % 500 + 10 for i in range(ctx // 2)] for k in range(2)]
    worst = {"model": MODEL_NAME, "prompt": long_prompts, "n": per_prompt, "stop": stops,
             "max_tokens": ctx - ctx // 2, "ignore_eos": True, "stream": True}
    started = threading.Event()
    done: dict = {}

    def run_worst():
        with httpx.stream("POST", server.url + "/v1/completions", json=worst, timeout=120) as r:
            done["status"] = r.status_code
            for line in r.iter_lines():
                if line.startswith("data: {"):
                    started.set()
                if line:
                    done["end"] = line

    t = threading.Thread(target=run_worst)
    t.start()
    assert started.wait(60), done
    assert engine.stats().running >= 2 * per_prompt - 1
    r = httpx.post(server.url + "/generate", timeout=120,
                   json={"text": "hi", "sampling_params": {"max_new_tokens": 5, "ignore_eos": True}})
    # the order of events, not a time: the 5-token request is answered while the worst one still streams
    still_streaming = "end" not in done or done["end"] != "data: [DONE]"
    assert r.status_code == 200 and r.json()["meta_info"]["completion_tokens"] == 5
    assert still_streaming and t.is_alive(), "the 5-token request waited for the worst allowed request"
    t.join(120)
    assert done["status"] == 200 and done["end"] == "data: [DONE]"
    assert_engine_whole(engine)


def test_too_many_sequences_and_stop_strings_are_refused_before_any_work(server, engine):
    work_before = engine.stats().prompt_tokens_total
    with client(server) as c:
        r = c.post("/v1/completions", json={"model": MODEL_NAME, "prompt": ["a"] * 100, "n": 100, "max_tokens": 1})
        assert r.status_code == 400 and r.json()["error"]["code"] == "too_many_sequences"
        assert "--max-sequences-per-request" in r.json()["error"]["message"]
        many = [f"stop-{i:06d}" for i in range(100_000)]          # the issue's 1.2 MB of stop strings
        r = c.post("/v1/completions", json={"model": MODEL_NAME, "prompt": ["a"] * 200, "stop": many,
                                            "max_tokens": 1})
        # more items than any list of a body may hold: refused before validation (issue 29, body_bounds.py)
        assert r.status_code == 413 and r.json()["error"]["code"] == "body_too_complex"
        assert r.json()["error"]["param"] == "stop" and "100,000 items" in r.json()["error"]["message"]
        over = many[: server.state.limits.max_stop_strings + 1]
        r = c.post("/v1/completions", json={"model": MODEL_NAME, "prompt": "a", "stop": over, "max_tokens": 1})
        assert r.status_code == 400 and r.json()["error"]["param"] == "stop"
        assert "--max-stop-strings" in r.json()["error"]["message"]
        r = c.post("/generate", json={"text": "a", "sampling_params": {"stop": ["x" * 10_000]}})
        assert r.status_code == 400 and r.json()["error"]["code"] == "stop_too_long"
    assert engine.stats().prompt_tokens_total == work_before  # nothing reached the engine: refused at the edge
    assert server.state.tracker.summary()["in_flight"] == 0


def test_stop_strings_cut_streams_and_plain_responses_alike(server):
    with client(server) as c:
        base = c.post("/v1/completions", json={"model": MODEL_NAME, "prompt": "The quick", "max_tokens": 24,
                                               "temperature": 0, "ignore_eos": True}).json()["choices"][0]["text"]
        stop = base[5:8]
        body = {"model": MODEL_NAME, "prompt": "The quick", "max_tokens": 24, "temperature": 0, "ignore_eos": True,
                "stop": [stop, "never-matches-" * 10]}
        plain = c.post("/v1/completions", json=body).json()["choices"][0]
        with c.stream("POST", "/v1/completions", json={**body, "stream": True}) as r:
            chunks = [json.loads(line[6:]) for line in r.iter_lines() if line.startswith("data: {")]
    assert plain["finish_reason"] == "stop" and plain["text"] == base[:base.index(stop)]
    assert "".join(ch["choices"][0]["text"] for ch in chunks) == plain["text"]
    assert chunks[-1]["choices"][0]["finish_reason"] == "stop"


# -- 2. the event loop stays free; bodies are bounded ----------------------------------------------------------------
def test_health_answers_while_a_long_prompt_is_tokenized(limited_server):
    """--allow-auto-truncate makes the server tokenize the whole prompt (about a second for 1 MB).

    The tokenization of the long prompt is held until a /health reply has arrived: if it ran on the event loop,
    /health could not be answered while it waits, and the hold would run out instead."""
    rt = limited_server
    prompt = "hello world, the quick brown fox " * 30_000
    pool = rt.state.tokpool
    tokenizing, answered = threading.Event(), threading.Event()
    seen_while_held: list[bool] = []

    def held(real):
        def encode(text: str) -> list[int]:
            if len(text) >= len(prompt):
                tokenizing.set()
                seen_while_held.append(answered.wait(60))    # the bound only ends a blocked loop's hang
            return real(text)
        return encode

    pool._encode, pool._encode_plain = held(pool._encode), held(pool._encode_plain)

    async def go():
        async with httpx.AsyncClient(base_url=rt.url, timeout=120) as http:
            big = asyncio.ensure_future(http.post("/generate", json={"text": prompt,
                                                                     "sampling_params": {"max_new_tokens": 1}}))
            assert await asyncio.to_thread(tokenizing.wait, 60), "the long prompt was never tokenized"
            health = await http.get("/health")
            answered.set()
            return health, await big

    try:
        health, r = asyncio.run(go())
    finally:
        del pool._encode, pool._encode_plain
    assert health.status_code == 200 and r.status_code == 200, r.text
    assert seen_while_held == [True], "/health was not answered while the prompt was being tokenized"


def test_oversized_bodies_and_prompts_are_refused_before_tokenizing(server, engine):
    work_before = engine.stats().prompt_tokens_total
    with client(server) as c:
        r = c.post("/generate", json={"text": "x" * (10 * 2**20)})           # the issue's 10 MB prompt
        assert r.status_code == 413 and r.json()["error"]["code"] == "body_too_large"
        assert engine.stats().prompt_tokens_total == work_before  # refused before anything reached the engine
        r = c.post("/generate", json={"text": "word " * 400_000, "sampling_params": {"max_new_tokens": 1}})
        assert r.status_code == 400 and r.json()["error"]["code"] == "context_length_exceeded"
        assert "characters" in r.json()["error"]["message"]
        r = c.post("/v1/chat/completions", json=chat_body("word " * 400_000))
        assert r.status_code == 400 and r.json()["error"]["param"] == "messages"


def test_chunked_body_over_the_limit_is_413(servers):
    rt = servers.start(max_request_body_bytes=1000)

    def chunks():
        yield b'{"text": "'
        for _ in range(10):
            yield b"a" * 200
        yield b'"}'

    with client(rt) as c:
        r = c.post("/generate", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413, r.text
    assert rt.state.limits.max_request_body_bytes == 1000


def test_a_half_sent_body_times_out_with_408(servers):
    rt = servers.start(request_read_timeout=0.5)
    host, port = rt.sock.getsockname()[:2]
    with socket.create_connection((host, port), timeout=10) as s:
        s.sendall(f"POST /generate HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                  f"Content-Length: 100\r\n\r\n{{\"text\":".encode())
        data = b""
        while b"\r\n\r\n" not in data or not data.rstrip().endswith(b"}"):
            part = s.recv(65536)
            if not part:
                break
            data += part
    assert data.startswith(b"HTTP/1.1 408"), data[:200]  # the read timeout fired (the socket's own 10 s did not)
    assert b"request_timeout" in data
    deadline = time.monotonic() + 5          # counted once the handler has returned, just after the reply
    while rt.state.tracker.summary()["http_status"].get("408") != 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert rt.state.tracker.summary()["http_status"].get("408") == 1


# -- 3. invalid Unicode is a 400; no body gives a 5xx ----------------------------------------------------------------
LONE = '"\\ud800"'   # a JSON escape Python decodes to a lone surrogate


@pytest.mark.parametrize("path, raw", [
    ("/generate", '{"text": %s}' % LONE),
    ("/generate", '{"text": "a", "rid": %s}' % LONE),
    ("/generate", '{"text": "a", "sampling_params": {"stop": [%s]}}' % LONE),
    ("/v1/completions", '{"model": %s, "prompt": "a"}' % LONE),
    ("/v1/completions", '{"model": "demo", "prompt": %s}' % LONE),
    ("/v1/chat/completions", '{"model": "demo", "messages": [{"role": "user", "content": %s}]}' % LONE),
    ("/v1/chat/completions", '{"model": "demo", "messages": [{"role": "user", "content": "a"}], '
                             '"chat_template_kwargs": {%s: 1}}' % LONE),
    ("/abort_request", '{"rid": %s}' % LONE),
])
def test_lone_surrogates_are_a_400_naming_the_field(server, path, raw, caplog):
    with client(server) as c:
        r = c.post(path, content=raw.encode(), headers={"content-type": "application/json"})
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert err["code"] == "invalid_unicode" and "Unicode" in err["message"]
    assert not [rec for rec in caplog.records if rec.levelno >= logging.ERROR]


def test_invalid_utf8_bytes_and_odd_bodies_are_4xx(server):
    bodies = [b'{"text": "\xff\xfe"}', b"\xed\xa0\x80", b"[]", b"null", b"1e999999", b'{"text": ' * 5000,
              json.dumps({"text": "a", "sampling_params": {"max_new_tokens": 2**70}}).encode(),
              json.dumps({"input_ids": [2**70]}).encode(), json.dumps({"input_ids": [-1]}).encode()]
    with client(server) as c:
        for body in bodies:
            r = c.post("/generate", content=body, headers={"content-type": "application/json"})
            assert 400 <= r.status_code < 500, (body[:40], r.status_code, r.text)
    assert not any(k.startswith("5") for k in server.state.tracker.summary()["http_status"])


def test_stream_errors_are_an_error_event_without_exception_text():
    from argmatrix.runtime.server.streaming import error_event

    event = error_event(RuntimeError("secret internals at 0xdeadbeef"), "rid-1")
    body = json.loads(event[len(b"data: "):])
    assert body["error"]["type"] == "server_error" and "0xdeadbeef" not in event.decode()
    assert "rid-1" in body["error"]["message"]


# -- 4. statuses are counted as sent ---------------------------------------------------------------------------------
def test_a_server_fault_is_counted_as_500_not_499(servers, monkeypatch):
    rt = servers.start(enable_metrics=True)
    services = rt.app.state.services

    def broken():
        raise RuntimeError("boom")

    monkeypatch.setattr(services.info, "version", broken)
    with client(rt) as c:
        r = c.get("/version")
        assert r.status_code == 500 and "boom" not in r.text
        metrics = c.get("/metrics").text
    assert rt.state.tracker.summary()["http_status"].get("500") == 1
    assert 'argmatrix:http_responses_total{route="/version",status="500"} 1.0' in metrics


# -- 5. other users' data --------------------------------------------------------------------------------------------
PLANTED = {"user": "sk-PLANTEDuser0001", "admin": "sk-PLANTEDadmin0002", "hf": "hf_PLANTEDtoken0003",
           "url_pw": "PLANTEDpassword0004"}


def test_no_response_or_log_line_shows_a_planted_secret(servers, caplog):
    caplog.set_level(logging.DEBUG)
    rt = servers.start(api_key=PLANTED["user"], admin_api_key=PLANTED["admin"], enable_metrics=True,
                       model_loader_extra_config={"hf_token": PLANTED["hf"], "revision": "main"},
                       oltp_traces_endpoint=f"https://otel:{PLANTED['url_pw']}@collector.example:4318",
                       log_requests=True, log_requests_level=3)
    user = {"Authorization": f"Bearer {PLANTED['user']}"}
    admin = {"Authorization": f"Bearer {PLANTED['admin']}"}
    seen: list[str] = []
    with client(rt) as c:
        def call(method, path, **kw):
            r = c.request(method, path, **kw)
            seen.append(f"{r.status_code} {dict(r.headers)} {r.text}")
            return r

        for headers in (user, admin, {}):
            for path in ("/health", "/health_generate", "/v1/models", f"/v1/models/{MODEL_NAME}", "/v1/models/x",
                         "/get_model_info", "/get_server_info", "/get_server_info/admin", "/version", "/metrics",
                         "/openapi.json", "/docs", "/no-such-route"):
                call("GET", path, headers=headers)
        info = call("GET", "/get_server_info/admin", headers=admin).json()
        call("POST", "/generate", headers=user, json={"text": "hi", "sampling_params": {"max_new_tokens": 2}})
        call("POST", "/v1/completions", headers=user, json={"model": MODEL_NAME, "prompt": "hi", "max_tokens": 2})
        call("POST", "/v1/chat/completions", headers=user, json=chat_body("hi"))
        call("POST", "/generate", headers=user, content=b"{bad", )
        call("POST", "/abort_request", headers=user, json={"rid": "nope"})
        call("POST", "/flush_cache", headers=admin)
        call("POST", "/flush_cache", headers=user)
    # the admin view shows the fields, not their values
    assert info["args"]["model_loader_extra_config"]["value"] == "<redacted>"
    assert info["args"]["oltp_traces_endpoint"]["value"] == "https://<redacted>@collector.example:4318"
    text = "\n".join(seen) + "\n".join(f"{r.name} {r.getMessage()}" for r in caplog.records)
    for name, secret in PLANTED.items():
        assert secret not in text, f"the planted {name} secret leaked"


def test_only_the_admin_sees_other_users_requests(servers):
    rt = servers.start(api_key="sk-u")
    with client(rt, headers={"Authorization": "Bearer sk-u"}) as c:
        assert "running_requests" not in c.get("/get_server_info").json()
        r = c.get("/get_server_info/admin")
        assert r.status_code == 403 and "--admin-api-key" in r.json()["error"]["message"]


def test_a_user_aborts_only_its_own_requests(servers, engine, monkeypatch):
    real_forward = engine.runner.forward

    def slow_forward(batch):         # the streams must outlast the abort calls on a fast machine too
        time.sleep(0.01)
        return real_forward(batch)

    monkeypatch.setattr(engine.runner, "forward", slow_forward)
    rt = servers.start(api_key="sk-u", admin_api_key="sk-a")
    user = {"Authorization": "Bearer sk-u"}
    admin = {"Authorization": "Bearer sk-a"}
    body = {"input_ids": [5, 6, 7], "stream": True, "sampling_params": {"max_new_tokens": 240, "ignore_eos": True}}
    finishes: dict = {}
    started = {rid: threading.Event() for rid in ("by-admin", "by-user")}

    def stream(rid, headers):
        with httpx.stream("POST", rt.url + "/generate", json={**body, "rid": rid}, headers=headers,
                          timeout=60) as r:
            for line in r.iter_lines():
                if line.startswith("data: {"):
                    started[rid].set()
                    finishes[rid] = json.loads(line[6:])["meta_info"]["finish_reason"]

    threads = [threading.Thread(target=stream, args=("by-admin", admin)),
               threading.Thread(target=stream, args=("by-user", user))]
    for t in threads:
        t.start()
    assert all(e.wait(30) for e in started.values())
    with client(rt) as c:
        r = c.post("/abort_request", json={"rid": "by-admin"}, headers=user)
        assert r.status_code == 404                                    # someone else's: looks absent
        assert c.post("/abort_request", json={"rid": "by-user"}, headers=user).status_code == 200
        assert c.post("/abort_request", json={"rid": "by-admin"}, headers=admin).status_code == 200
    for t in threads:
        t.join(60)
    assert finishes == {"by-admin": {"type": "abort"}, "by-user": {"type": "abort"}}
    assert_engine_whole(engine)


def test_a_keyless_server_refuses_what_a_web_page_could_send(server):
    with client(server) as c:
        r = c.get("/v1/models", headers={"host": "attacker.example"})        # DNS rebinding
        assert r.status_code == 403 and r.json()["error"]["code"] == "invalid_host"
        r = c.post("/flush_cache", headers={"origin": "https://attacker.example"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "cross_origin"
        r = c.post("/generate", content="text=a", headers={"content-type": "application/x-www-form-urlencoded"})
        assert r.status_code == 415
        r = c.get("/flush_cache", headers={"sec-fetch-site": "cross-site"})   # an <img> on another site's page
        assert r.status_code == 403 and r.json()["error"]["code"] == "cross_origin"
        assert c.get("/v1/models", headers={"sec-fetch-site": "same-site"}).status_code == 403
        assert c.get("/flush_cache").status_code == 200                     # curl, as SGLang takes it
        assert c.get("/v1/models", headers={"host": "localhost:1234"}).status_code == 200
        assert c.get("/health", headers={"host": "llm-service"}).status_code == 200   # probes by service name
        assert c.get("/v1/models", headers={"origin": server.url}).status_code == 200


# -- minor items -----------------------------------------------------------------------------------------------------
def test_n_above_the_queue_is_a_400_not_a_503(limited_server):
    with client(limited_server) as c:
        r = c.post("/generate", json={"text": "a", "sampling_params": {"n": 2, "max_new_tokens": 1}})
    assert r.status_code == 400 and "retry-after" not in r.headers
    assert r.json()["error"]["code"] == "too_many_sequences"


def test_the_queue_is_bounded_by_default(server):
    with client(server) as c:
        limits = c.get("/get_server_info").json()["limits"]
    assert limits["max_queued_requests"] >= limits["max_sequences_per_request"] > 0
    assert limits["sources"]["max_queued_requests"].startswith("derived")


def test_top_logprobs_of_tokens_that_decode_alike_are_all_kept():
    from argmatrix.runtime.server.serving_base import top_logprobs_by_text

    strings = {7: "\ufffd", 8: "\ufffd", 9: "a"}
    out = top_logprobs_by_text(strings, [(7, -0.1), (8, -0.2), (9, -0.3)])
    assert out == {"\ufffd": -0.1, "token_id:8": -0.2, "a": -0.3}


def test_max_tokens_beyond_the_context_is_a_400(server):
    ctx = server.engine.max_context_len
    with client(server) as c:
        for path, body, param in [
            ("/v1/completions", {"model": MODEL_NAME, "prompt": "hello", "max_tokens": ctx}, "max_tokens"),
            ("/v1/completions", {"model": MODEL_NAME, "prompt": [5] * 100, "max_tokens": ctx - 50}, "max_tokens"),
            ("/v1/chat/completions", chat_body("hello", max_tokens=ctx), "max_tokens"),
            ("/v1/chat/completions", {**chat_body("hello"), "max_completion_tokens": ctx},
             "max_completion_tokens"),
            ("/generate", {"input_ids": [5] * 100, "sampling_params": {"max_new_tokens": ctx - 50}},
             "sampling_params.max_new_tokens"),
        ]:
            r = c.post(path, json=body)
            assert r.status_code == 400, (path, r.text)
            assert r.json()["error"]["code"] == "context_length_exceeded" and r.json()["error"]["param"] == param


def test_a_huge_seed_blames_the_seed(server):
    with client(server) as c:
        r = c.post("/v1/completions", json={"model": MODEL_NAME, "prompt": "a", "seed": 2**64, "max_tokens": 1})
        assert r.status_code == 400 and r.json()["error"]["param"] == "seed"
        r = c.post("/generate", json={"text": "a", "sampling_params": {"seed": 2**64}})
        assert r.status_code == 400 and "seed" in r.json()["error"]["param"]


def test_an_engine_that_holds_no_request_does_not_start(servers, demo_dir):
    from .conftest import make_engine

    eng = make_engine(demo_dir, max_total_tokens=1, page_size=1)
    try:
        with pytest.raises(ValueError, match="--max-total-tokens"):
            servers.start(engine=eng)
    finally:
        eng.shutdown(grace_s=0)


def test_a_chat_template_that_does_not_parse_stops_the_start(servers):
    with pytest.raises(ValueError, match=r"chat template .* not valid Jinja"):
        servers.start(chat_template="{% for m in messages %}{{ m['content'] }")


@pytest.mark.slow
def test_a_second_sigterm_stops_at_once(demo_dir):
    """The first SIGTERM waits (up to 30 s) for a client still sending its body; the second one does not."""
    import os
    import signal
    import subprocess
    import sys

    from .test_server_lifecycle import ROOT, free_port, wait_healthy

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "argmatrix.runtime.server", "--model-path", demo_dir, "--port", str(port),
           "--context-length", "256", "--max-total-tokens", "4096", "--skip-server-warmup",
           "--request-read-timeout", "120"]
    env = {k: v for k, v in os.environ.items() if not k.upper().startswith("ARGMATRIX_")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    try:
        wait_healthy(url, proc)
        slow = socket.create_connection(("127.0.0.1", port), timeout=30)
        slow.sendall(b"POST /generate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{")
        time.sleep(0.3)
        proc.send_signal(signal.SIGTERM)
        time.sleep(1.0)
        assert proc.poll() is None          # draining: waiting for the half-sent request
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)   # the second signal ends the drain; without it the half-sent body holds the server 120 s
        slow.close()
        output = proc.stdout.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert "second stop signal" in output


def test_connections_that_never_finish_their_headers_are_closed(servers):
    rt = servers.start(request_read_timeout=0.5)
    host, port = rt.sock.getsockname()[:2]
    socks = [socket.create_connection((host, port), timeout=10) for _ in range(20)]
    try:
        for i, s in enumerate(socks):
            if i % 2:
                s.sendall(b"POST /generate HTTP/1.1\r\nHost: 127.0.0.1\r\n")    # half the headers
        for s in socks:
            assert s.recv(1024) == b""          # closed by the server (each socket's own timeout would raise)
    finally:
        for s in socks:
            s.close()
    with client(rt) as c:                           # a client that finishes its request is served as usual
        assert c.get("/v1/models").status_code == 200
