"""--api-key and --admin-api-key."""
from __future__ import annotations

import pytest

from argmatrix.runtime.server.auth import APIKeyMiddleware

from .conftest import MODEL_NAME, client

USER = {"Authorization": "Bearer sk-user"}
ADMIN = {"Authorization": "Bearer sk-admin"}
WRONG = {"Authorization": "Bearer sk-nope"}


@pytest.fixture(scope="module")
def both(servers):
    return servers.start(api_key="sk-user", admin_api_key="sk-admin", enable_metrics=True)


@pytest.mark.parametrize("method, path, body", [
    ("GET", "/v1/models", None),
    ("POST", "/v1/completions", {"model": MODEL_NAME, "prompt": "a", "max_tokens": 1}),
    ("POST", "/v1/chat/completions", {"model": MODEL_NAME, "messages": [{"role": "user", "content": "a"}],
                                      "max_tokens": 1}),
    ("POST", "/generate", {"text": "a", "sampling_params": {"max_new_tokens": 1}}),
    ("GET", "/health_generate", None),
    ("GET", "/get_model_info", None),
    ("GET", "/get_server_info", None),
    ("GET", "/model_info", None),
    ("GET", "/server_info", None),
    ("GET", "/openapi.json", None),
    ("GET", "/version", None),
])
def test_every_endpoint_but_health_needs_the_key(both, method, path, body):
    with client(both) as c:
        for headers in ({}, WRONG, {"Authorization": "sk-user"}, {"Authorization": "Basic sk-user"}):
            r = c.request(method, path, json=body, headers=headers)
            assert r.status_code == 401, (headers, r.text)
            assert r.json()["error"]["code"] == "invalid_api_key"
            assert r.headers["www-authenticate"] == "Bearer"
        assert c.request(method, path, json=body, headers=USER).status_code == 200
        assert c.request(method, path, json=body, headers=ADMIN).status_code == 200   # admin key is a superset


def test_health_is_public(both):
    with client(both) as c:
        assert c.get("/health").status_code == 200


def test_metrics_are_open_for_scraping_unless_asked_otherwise(servers, both):
    with client(both) as c:
        assert c.get("/metrics").status_code == 200            # as in SGLang: Prometheus needs no key
        assert c.get("/v1/models").status_code == 401
    keyed = servers.start(api_key="sk-user", enable_metrics=True, metrics_require_api_key=True)
    with client(keyed) as c:
        r = c.get("/metrics")
        assert r.status_code == 401 and r.json()["error"]["code"] == "invalid_api_key"
        assert c.get("/metrics", headers=USER).status_code == 200


def test_auth_comes_before_body_parsing(both):
    with client(both) as c:
        r = c.post("/generate", content=b"{broken", headers={"content-type": "application/json"})
    assert r.status_code == 401


def test_admin_routes_need_the_admin_key(both):
    with client(both) as c:
        assert c.post("/flush_cache").status_code == 401
        assert c.post("/flush_cache", headers=WRONG).status_code == 401
        r = c.post("/flush_cache", headers=USER)
        assert r.status_code == 403 and r.json()["error"]["code"] == "insufficient_permissions"
        # a user may abort only its own requests: any other id looks absent
        assert c.post("/abort_request", json={"rid": "x"}, headers=USER).status_code == 404
        assert c.post("/flush_cache", headers=ADMIN).status_code == 200
        # SGLang takes GET /flush_cache too (http_server.py: api_route GET and POST), under the same key
        assert c.get("/flush_cache", headers=USER).status_code == 403
        assert c.get("/flush_cache", headers=ADMIN).status_code == 200


def test_admin_key_alone_guards_only_admin_routes(servers):
    rt = servers.start(admin_api_key="sk-admin")
    with client(rt) as c:
        assert c.get("/v1/models").status_code == 200
        assert c.post("/flush_cache").status_code == 401
        assert c.post("/flush_cache", headers=ADMIN).status_code == 200


def test_api_key_alone_also_guards_admin_routes(servers):
    rt = servers.start(api_key="sk-user")
    with client(rt) as c:
        assert c.post("/flush_cache").status_code == 401
        assert c.post("/flush_cache", headers=USER).status_code == 200


def test_no_keys_no_checks(server):
    with client(server) as c:
        assert c.get("/v1/models").status_code == 200
        assert c.post("/flush_cache").status_code == 200


def test_check_uses_constant_time_comparison(monkeypatch):
    import hmac

    calls = []
    real = hmac.compare_digest

    def spy(a, b):
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr("argmatrix.runtime.server.auth.hmac.compare_digest", spy)
    mw = APIKeyMiddleware(None, "sk-user", None)
    assert mw.check("/v1/models", "sk-user") == 0
    assert mw.check("/v1/models", None) == 401
    assert calls == [(b"sk-user", b"sk-user"), (b"", b"sk-user")]
