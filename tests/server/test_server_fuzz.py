"""No request body gives a 5xx: hypothesis throws JSON of every shape (with the routes' own field names and
hostile strings) at every POST route of a real server, bounded to a few seconds per route."""
from __future__ import annotations

import httpx
import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from .conftest import MODEL_NAME  # noqa: E402

FIELDS = {
    "/generate": ["text", "input_ids", "sampling_params", "stream", "rid", "return_logprob", "top_logprobs_num",
                  "max_new_tokens", "n", "stop", "seed", "temperature"],
    "/v1/completions": ["model", "prompt", "max_tokens", "n", "stop", "logprobs", "echo", "seed", "stream",
                        "temperature", "top_p", "best_of", "stream_options", "ignore_eos"],
    "/v1/chat/completions": ["model", "messages", "max_tokens", "max_completion_tokens", "n", "stop", "logprobs",
                             "top_logprobs", "chat_template_kwargs", "continue_final_message", "role", "content",
                             "stream", "response_format", "tools"],
    "/abort_request": ["rid"],
}
HOSTILE_TEXT = st.sampled_from(["", "\ud800", "\udfff", "a\x00b", "{{ 7*7 }}", "{% raise %}", "x" * 5000, "héllo",
                                MODEL_NAME, "user", "assistant", "text"])
SCALARS = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.floats(allow_nan=True, allow_infinity=True) | HOSTILE_TEXT | st.text(max_size=20))


def bodies(path: str):
    keys = st.sampled_from(FIELDS[path]) | st.text(max_size=8)
    values = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(keys, inner, max_size=4), max_leaves=12)
    base = {"/v1/completions": {"model": MODEL_NAME}, "/v1/chat/completions": {"model": MODEL_NAME}}.get(path, {})
    return st.dictionaries(keys, values, max_size=6).map(lambda d: {**base, **d}) | values


@pytest.mark.parametrize("path", sorted(FIELDS))
def test_no_body_gives_a_5xx(server, path):
    http = httpx.Client(base_url=server.url, timeout=60)

    @settings(max_examples=60, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(body=bodies(path))
    def check(body):
        import json

        payload = json.dumps(body, allow_nan=True)          # NaN/Infinity and lone surrogates as JSON allows
        r = http.post(path, content=payload.encode("utf-8", "surrogatepass"),
                      headers={"content-type": "application/json"})
        assert r.status_code < 500, (payload[:300], r.status_code, r.text[:300])

    try:
        check()
    finally:
        http.close()
    assert not any(k.startswith("5") for k in server.state.tracker.summary()["http_status"])
