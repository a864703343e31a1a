"""Every route answers with what its OpenAPI schema declares: the status is listed and the JSON body validates.

A bounded, hand-written counterpart of a schemathesis run: a fixed set of requests per route (successes and
the usual client mistakes), each response checked against ``app.openapi()`` with jsonschema.
"""
from __future__ import annotations

import json

import pytest

from .conftest import MODEL_NAME, client

jsonschema = pytest.importorskip("jsonschema")

CHAT = {"model": MODEL_NAME, "messages": [{"role": "user", "content": "hi"}], "max_tokens": 2}
CASES = [
    ("GET", "/health", None),
    ("GET", "/health_generate", None),
    ("GET", "/metrics", None),
    ("GET", "/v1/models", None),
    ("GET", f"/v1/models/{MODEL_NAME}", None),
    ("GET", "/v1/models/unknown", None),
    ("GET", "/get_model_info", None),
    ("GET", "/get_server_info", None),
    ("GET", "/model_info", None),
    ("GET", "/server_info", None),
    ("GET", "/get_server_info/admin", None),
    ("GET", "/version", None),
    ("POST", "/v1/completions", {"model": MODEL_NAME, "prompt": "hi", "max_tokens": 2, "logprobs": 2}),
    ("POST", "/v1/completions", {"model": MODEL_NAME, "prompt": ["a", "b"], "n": 2, "max_tokens": 2,
                                 "echo": True}),
    ("POST", "/v1/completions", {"model": MODEL_NAME, "prompt": "hi", "max_tokens": -1}),
    ("POST", "/v1/completions", {"model": "nope", "prompt": "hi"}),
    ("POST", "/v1/completions", {"model": MODEL_NAME, "prompt": "hi", "max_tokens": 2, "stream": True}),
    ("POST", "/v1/chat/completions", {**CHAT, "logprobs": True, "top_logprobs": 2}),
    ("POST", "/v1/chat/completions", {**CHAT, "stream": True}),
    ("POST", "/v1/chat/completions", {**CHAT, "messages": []}),
    ("POST", "/generate", {"text": "hi", "sampling_params": {"max_new_tokens": 2}, "return_logprob": True,
                           "top_logprobs_num": 2}),
    ("POST", "/generate", {"text": ["a", "b"], "sampling_params": {"max_new_tokens": 2}}),
    ("POST", "/generate", {"text": "hi", "stream": True, "sampling_params": {"max_new_tokens": 2}}),
    ("POST", "/generate", {"text": "hi", "bogus": 1}),
    ("POST", "/generate", b"{not json"),
    ("POST", "/generate", "form"),
    ("POST", "/flush_cache", None),
    ("GET", "/flush_cache", None),
    ("POST", "/abort_request", {"rid": "nope"}),
]


def _validator(spec: dict, schema: dict):
    return jsonschema.Draft202012Validator({**schema, "components": spec.get("components", {})})


def test_every_route_answers_as_its_openapi_schema_says(server):
    with client(server) as c:
        spec = c.get("/openapi.json").json()
        exercised = set()
        for method, path, body in CASES:
            if body == "form":
                r = c.request(method, path, content="text=a",
                              headers={"content-type": "application/x-www-form-urlencoded"})
            elif isinstance(body, bytes):
                r = c.request(method, path, content=body, headers={"content-type": "application/json"})
            else:
                r = c.request(method, path, json=body)
            template = next(p for p in spec["paths"] if p == path or
                            (p.endswith("{model_id}") and path.startswith(p[: -len("{model_id}")])))
            exercised.add((method, template))
            op = spec["paths"][template][method.lower()]
            declared = op["responses"]
            assert str(r.status_code) in declared, (method, path, r.status_code, sorted(declared), r.text[:200])
            ctype = r.headers.get("content-type", "")
            content = declared[str(r.status_code)].get("content", {})
            if ctype.startswith("application/json"):
                schema = content.get("application/json", {}).get("schema")
                assert schema is not None, (method, path, r.status_code, "JSON body but no JSON schema")
                errors = sorted(_validator(spec, schema).iter_errors(r.json()), key=str)
                assert not errors, (method, path, r.status_code, [e.message for e in errors[:3]])
            elif ctype.startswith("text/event-stream"):
                assert "text/event-stream" in content, (method, path)
                events = [line[6:] for line in r.text.splitlines() if line.startswith("data: ")]
                assert events[-1] == "[DONE]" and all(json.loads(e) for e in events[:-1])
            elif r.content:
                assert any(ctype.startswith(k) for k in content), (method, path, ctype, sorted(content))
    assert not [p for p, ops in spec["paths"].items() for op in ops.values() if "422" in op["responses"]]
    documented = {(m.upper(), p) for p, ops in spec["paths"].items() for m in ops}
    assert documented - exercised == set(), "routes without a conformance case"
