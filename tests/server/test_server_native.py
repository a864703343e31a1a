"""Native endpoints, request validation, info and admin routes."""
from __future__ import annotations

import itertools
import json
import threading

import pytest

from .conftest import MODEL_NAME, assert_engine_whole, client, engine_held_after


def sse_events(response) -> list:
    out = []
    for line in response.iter_lines():
        if line.startswith("data: "):
            data = line[len("data: "):]
            out.append(data if data == "[DONE]" else json.loads(data))
    return out


def test_generate_text_and_ids(server):
    with client(server) as c:
        r = c.post("/generate", json={"text": "Hello", "sampling_params": {"max_new_tokens": 5, "temperature": 0,
                                                                           "ignore_eos": True}})
        assert r.status_code == 200, r.text
        out = r.json()
        assert len(out["output_ids"]) == 5 and out["meta_info"]["completion_tokens"] == 5
        assert out["meta_info"]["finish_reason"] == {"type": "length"}
        assert out["meta_info"]["weight_version"] == "default"
        ids = server.engine.tokenizer.encode("Hello")
        r2 = c.post("/generate", json={"input_ids": ids, "sampling_params": {"max_new_tokens": 5,
                                                                             "temperature": 0, "ignore_eos": True}})
        assert r2.json()["output_ids"] == out["output_ids"]
        batch = c.post("/generate", json={"text": ["a b", "c d e"], "rid": ["r-a", "r-b"],
                                          "sampling_params": {"max_new_tokens": 2, "n": 2}}).json()
        assert [o["index"] for o in batch] == [0, 1, 2, 3]
        assert [o["meta_info"]["id"] for o in batch] == ["r-a-0", "r-a-1", "r-b-0", "r-b-1"]


def test_generate_default_max_new_tokens_and_logprobs(server):
    with client(server) as c:
        out = c.post("/generate", json={"input_ids": [5, 6, 7], "return_logprob": True, "top_logprobs_num": 2,
                                        "sampling_params": {"ignore_eos": True, "temperature": 0}}).json()
    meta = out["meta_info"]
    assert meta["completion_tokens"] == 128   # SGLang's default max_new_tokens
    assert len(meta["output_token_logprobs"]) == 128
    lp, tid, _ = meta["output_token_logprobs"][0]
    assert tid == out["output_ids"][0] and lp <= 0
    assert len(meta["output_top_logprobs"][0]) == 2


def test_generate_stream_cumulative(server):
    body = {"text": "The quick brown fox", "stream": True,
            "sampling_params": {"max_new_tokens": 12, "temperature": 0, "ignore_eos": True}}
    with client(server) as c:
        with c.stream("POST", "/generate", json=body) as r:
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
            events = sse_events(r)
        plain = c.post("/generate", json={**body, "stream": False}).json()
    assert events[-1] == "[DONE]"
    outs = events[:-1]
    for a, b in itertools.pairwise(outs):     # without --incremental-streaming-output each event is cumulative
        assert b["text"].startswith(a["text"]) and b["output_ids"][:len(a["output_ids"])] == a["output_ids"]
    assert outs[-1]["text"] == plain["text"] and outs[-1]["output_ids"] == plain["output_ids"]
    assert outs[-1]["meta_info"]["finish_reason"] == {"type": "length"}


def test_generate_stream_incremental(servers):
    rt = servers.start(incremental_streaming_output=True)
    body = {"text": "The quick brown fox", "stream": True,
            "sampling_params": {"max_new_tokens": 12, "temperature": 0, "ignore_eos": True}}
    with client(rt) as c:
        with c.stream("POST", "/generate", json=body) as r:
            outs = sse_events(r)[:-1]
        plain = c.post("/generate", json={**body, "stream": False}).json()
    assert "".join(o["text"] for o in outs) == plain["text"]
    assert [t for o in outs for t in o["output_ids"]] == plain["output_ids"]


BAD_BODIES = [
    ("/generate", b"{not json", "invalid_json", None),
    ("/generate", b"[1, 2]", None, None),
    ("/generate", b'"text"', None, None),
    ("/generate", b"", None, None),
    ("/generate", b"\xff\xfe\x00", None, None),
    ("/generate", {"text": "a", "input_ids": [1]}, None, "text"),
    ("/generate", {}, None, "text"),
    ("/generate", {"text": ""}, None, "text"),
    ("/generate", {"input_ids": [[]]}, None, "input_ids"),
    ("/generate", {"input_ids": [1, 99999999]}, None, "input_ids"),
    ("/generate", {"text": "a", "sampling_params": {"max_new_tokens": -1}}, None, "sampling_params.max_new_tokens"),
    ("/generate", {"text": "a", "sampling_params": {"temperatur": 1}}, None, "sampling_params.temperatur"),
    ("/generate", {"text": "a", "sampling_params": {"top_k": -5}}, None, "top_k"),
    ("/generate", {"text": "a", "sampling_params": {"stop": [1]}}, None, None),
    ("/generate", {"text": "a", "stream": "sometimes"}, None, "stream"),
    ("/generate", {"text": ["a", "b"], "rid": "x"}, None, "rid"),
    ("/generate", {"text": "a", "sampling_params": {"n": 1000}}, None, "sampling_params.n"),
    ("/v1/completions", {"model": MODEL_NAME}, None, "prompt"),
    ("/v1/completions", {"model": MODEL_NAME, "prompt": []}, None, "prompt"),
    ("/v1/completions", {"model": MODEL_NAME, "prompt": "a", "max_tokens": "ten"}, None, "max_tokens"),
    ("/v1/completions", {"model": MODEL_NAME, "prompt": "a", "top_p": 3}, None, "top_p"),
    ("/v1/completions", {"model": MODEL_NAME, "prompt": "a", "n": 0}, None, "n"),
    ("/v1/completions", {"model": MODEL_NAME, "prompt": "a", "seed": "x"}, None, "seed"),
    ("/v1/completions", {"model": MODEL_NAME, "prompt": "a", "stream_options": {"include_usage": 3}}, None,
     "stream_options.include_usage"),
    ("/v1/chat/completions", {"model": MODEL_NAME, "messages": []}, None, "messages"),
    ("/v1/chat/completions", {"model": MODEL_NAME, "messages": [{"role": "robot", "content": "x"}]}, None,
     "messages[0].role"),
    ("/v1/chat/completions", {"model": MODEL_NAME, "messages": [{"role": "user"}], "top_logprobs": 50}, None,
     "top_logprobs"),
    ("/v1/chat/completions", {"model": MODEL_NAME, "messages": [
        {"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]}]}, None,
     "messages[0].content[0].type"),
    ("/v1/chat/completions", {"model": MODEL_NAME, "messages": [{"role": "user", "content": "x"}],
                              "continue_final_message": True}, None, "continue_final_message"),
    ("/v1/chat/completions", {"model": "other", "messages": [{"role": "user", "content": "x"}]}, None, "model"),
    ("/abort_request", {}, None, "rid"),
]


@pytest.mark.parametrize("path, body, code, param", BAD_BODIES,
                         ids=[f"{p}-{i}" for i, (p, *_rest) in enumerate(BAD_BODIES)])
def test_client_mistakes_are_4xx_naming_the_field(server, path, body, code, param):
    with client(server) as c:
        if isinstance(body, bytes):
            r = c.post(path, content=body, headers={"content-type": "application/json"})
        else:
            r = c.post(path, json=body)
    assert 400 <= r.status_code < 500, (r.status_code, r.text)
    err = r.json()["error"]
    assert err["message"] and err["type"]
    if code:
        assert err["code"] == code
    if param:
        assert err["param"] == param, err
        assert param.split(".")[-1].split("[")[0] in err["message"]


def test_bodies_must_be_sent_as_json(server):
    """A web page can send form and text/plain bodies cross-site without asking: they are refused (415)."""
    body = json.dumps({"text": "a", "sampling_params": {"max_new_tokens": 1}})
    with client(server) as c:
        for ctype in (None, "application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"):
            r = c.post("/generate", content=body, headers={"content-type": ctype} if ctype else {})
            assert r.status_code == 415, (ctype, r.text)
            assert r.json()["error"]["code"] == "unsupported_media_type" and "application/json" in r.text
        ok = c.post("/generate", content=body, headers={"content-type": "application/json; charset=utf-8"})
        assert ok.status_code == 200, ok.text
    assert server.state.tracker.summary()["http_status"].get("415", 0) >= 4


def test_unknown_route_and_method(server):
    with client(server) as c:
        r = c.get("/nope")
        assert r.status_code == 404 and "error" in r.json()
        assert c.get("/generate").status_code == 405


def test_health(server):
    with client(server) as c:
        assert c.get("/health").status_code == 200
        assert c.get("/health_generate").status_code == 200


def test_model_info(server, engine):
    with client(server) as c:
        info = c.get("/get_model_info").json()
    assert info["served_model_name"] == MODEL_NAME and info["is_generation"] is True
    assert info["max_context_len"] == engine.max_context_len
    assert info["weight_version"] == "default"
    assert info["chat_template"] == "tokenizer"


def test_sglang_current_route_names(server):
    """SGLang 0.5.23 serves /model_info and /server_info (the /get_* names are its deprecated ones)."""
    with client(server) as c:
        assert c.get("/model_info").json() == c.get("/get_model_info").json()
        current, former = c.get("/server_info"), c.get("/get_server_info")
        assert current.status_code == former.status_code == 200
        assert current.json().keys() == former.json().keys()
        schema = c.get("/openapi.json").json()["paths"]
    assert schema["/get_model_info"]["get"].get("deprecated") is True and "deprecated" not in schema["/model_info"]["get"]


def test_server_info_has_sources_platform_and_stats(servers, demo_dir):
    from argmatrix.compiler import CompileOptions, compile

    compiled = compile(["--model-path", demo_dir, "--served-model-name", MODEL_NAME, "--api-key", "sk-secret",
                        "--admin-api-key", "sk-admin-secret", "--weight-version", "v7"],
                            CompileOptions(target="cpu", env={}))
    assert compiled.ok, compiled.findings
    rt = servers.start(compiled)
    with client(rt, headers={"Authorization": "Bearer sk-secret"}) as c:
        public = c.get("/get_server_info").json()
        model_info = c.get("/get_model_info").json()
        assert c.get("/get_server_info/admin").status_code == 403      # the user key is not enough
        info = c.get("/get_server_info/admin", headers={"Authorization": "Bearer sk-admin-secret"}).json()
    assert "args" not in public and "running_requests" not in public and "platform" not in public
    assert public["limits"]["max_stop_strings"] == 32 and public["requests"]["in_flight"] == 0
    args = info["args"]
    assert args["served_model_name"]["value"] == MODEL_NAME
    assert args["served_model_name"]["source"].startswith("argv[")
    assert args["api_key"]["value"] == "<redacted>" and "sk-secret" not in json.dumps(info)
    assert args["admin_api_key"]["value"] == "<redacted>" and "sk-admin-secret" not in json.dumps(info)
    assert args["port"]["source"] == "default"
    assert info["platform"] == "cpu"
    stats = info["engine_stats"]
    assert {"running", "queued", "free_pages", "cached_pages", "total_pages"} <= set(stats)
    assert info["requests"]["in_flight"] == 0
    assert model_info["weight_version"] == "v7"


def test_openapi_schema_published(server):
    with client(server) as c:
        schema = c.get("/openapi.json").json()
        assert c.get("/docs").status_code == 200
    paths = schema["paths"]
    for p in ("/v1/models", "/v1/completions", "/v1/chat/completions", "/generate", "/health", "/health_generate",
              "/get_model_info", "/get_server_info", "/flush_cache", "/metrics"):
        assert p in paths, p
    assert "CompletionRequest" in json.dumps(schema["components"])


def test_fastapi_root_path(servers):
    rt = servers.start(fastapi_root_path="/llm")
    assert rt.url.endswith("/llm")
    base = rt.url[: -len("/llm")]
    import httpx

    with httpx.Client(base_url=base, timeout=30) as c:
        assert c.get("/llm/v1/models").json()["data"][0]["id"] == MODEL_NAME
        assert c.get("/llm/health").status_code == 200
        # a proxy that strips the prefix reaches the same routes
        assert c.get("/v1/models").status_code == 200
        assert c.get("/llm/openapi.json").json()["servers"] == [{"url": "/llm"}]


def test_flush_cache_and_abort(servers, engine):
    rt = servers.start(admin_api_key="sk-admin")
    admin = {"Authorization": "Bearer sk-admin"}
    started = threading.Event()
    result: dict = {}

    def stream():
        with client(rt) as c:
            body = {"text": "abort me", "rid": "abort-me", "stream": True,
                    "sampling_params": {"max_new_tokens": 240, "ignore_eos": True}}
            with c.stream("POST", "/generate", json=body) as r:
                for line in r.iter_lines():
                    if line.startswith("data: {"):
                        started.set()
                        result["last"] = json.loads(line[6:])

    with engine_held_after(engine):      # the request is still running when the admin calls arrive
        t = threading.Thread(target=stream)
        t.start()
        assert started.wait(30)
        with client(rt, headers=admin) as c:
            busy = c.post("/flush_cache")
            aborted = c.post("/abort_request", json={"rid": "abort-me"})
            missing = c.post("/abort_request", json={"rid": "no-such-request"})
    t.join(30)
    assert busy.status_code == 409 and "running" in busy.json()["error"]["message"]
    assert aborted.status_code == 200, aborted.text
    assert missing.status_code == 404
    assert result["last"]["meta_info"]["finish_reason"] == {"type": "abort"}
    assert result["last"]["meta_info"]["completion_tokens"] < 240
    assert_engine_whole(engine)
    with client(rt, headers=admin) as c:
        assert c.post("/flush_cache").json() == {"success": True, "message": "Cache flushed."}
    assert engine.stats().cached_pages == 0


def test_engine_failure_is_a_500_not_a_hang(server, engine, monkeypatch):
    def broken(batch):
        raise RuntimeError("device lost")

    monkeypatch.setattr(engine.runner, "forward", broken)
    body = {"text": "a", "sampling_params": {"max_new_tokens": 3}}
    with client(server) as c:
        r = c.post("/generate", json=body)
        with c.stream("POST", "/generate", json={**body, "stream": True}) as s:
            events = sse_events(s)
    monkeypatch.undo()
    assert r.status_code == 500
    assert r.json()["error"]["code"] == "engine_error" and "server log" in r.json()["error"]["message"]
    assert "device lost" not in r.text and "RuntimeError" not in r.text     # exception text stays in the log
    assert events[-1] == "[DONE]"
    assert events[0]["meta_info"]["finish_reason"] == {"type": "abort"}
    assert events[1]["error"]["code"] == "engine_error"
    assert_engine_whole(engine)
