"""The acceptance tests: the real openai client against the real server, engine and demo model."""
from __future__ import annotations

import pytest

openai = pytest.importorskip("openai")

from .conftest import MODEL_NAME, client  # noqa: E402

GREEDY = {"temperature": 0, "max_tokens": 24}
MESSAGES = [{"role": "system", "content": "You are terse."}, {"role": "user", "content": "Say hello to the fox."}]


@pytest.fixture(scope="module")
def keyed(servers):
    return servers.start(api_key="sk-test", enable_cache_report=True)


@pytest.fixture(scope="module")
def oai(keyed):
    return openai.OpenAI(base_url=keyed.url + "/v1", api_key="sk-test", max_retries=0, timeout=60)


def test_list_models(oai):
    models = oai.models.list()
    assert [m.id for m in models.data] == [MODEL_NAME]
    assert oai.models.retrieve(MODEL_NAME).id == MODEL_NAME
    with pytest.raises(openai.NotFoundError):
        oai.models.retrieve("no-such-model")


def test_completion(oai):
    out = oai.completions.create(model=MODEL_NAME, prompt="The quick brown fox", **GREEDY)
    choice = out.choices[0]
    assert out.model == MODEL_NAME and out.object == "text_completion"
    assert choice.text and choice.finish_reason in ("stop", "length")
    assert out.usage.completion_tokens <= 24 and out.usage.prompt_tokens > 0
    assert out.usage.total_tokens == out.usage.prompt_tokens + out.usage.completion_tokens
    again = oai.completions.create(model=MODEL_NAME, prompt="The quick brown fox", **GREEDY)
    assert again.choices[0].text == choice.text
    # --enable-cache-report: the second identical prompt is served from the prefix cache
    assert again.usage.prompt_tokens_details.cached_tokens > 0


def test_completion_default_max_tokens_is_16(oai):
    out = oai.completions.create(model=MODEL_NAME, prompt="Hello", temperature=0,
                                 extra_body={"ignore_eos": True})
    assert out.usage.completion_tokens == 16


def test_chat_completion(oai):
    out = oai.chat.completions.create(model=MODEL_NAME, messages=MESSAGES, **GREEDY)
    msg = out.choices[0].message
    assert msg.role == "assistant" and msg.content
    assert out.object == "chat.completion" and out.model == MODEL_NAME
    assert out.choices[0].finish_reason in ("stop", "length")


def test_streaming_chat_equals_non_streamed(oai):
    plain = oai.chat.completions.create(model=MODEL_NAME, messages=MESSAGES, **GREEDY)
    stream = oai.chat.completions.create(model=MODEL_NAME, messages=MESSAGES, stream=True,
                                         stream_options={"include_usage": True}, **GREEDY)
    deltas, reasons, usage = [], [], None
    for chunk in stream:
        if chunk.usage is not None:
            usage = chunk.usage
        for c in chunk.choices:
            if c.delta.content:
                deltas.append(c.delta.content)
            if c.finish_reason:
                reasons.append(c.finish_reason)
    assert "".join(deltas) == plain.choices[0].message.content
    assert reasons == [plain.choices[0].finish_reason]
    assert usage is not None and usage.completion_tokens == plain.usage.completion_tokens
    assert usage.prompt_tokens == plain.usage.prompt_tokens


def test_streaming_completion_equals_non_streamed(oai):
    plain = oai.completions.create(model=MODEL_NAME, prompt="Numbers: 0 1 2", **GREEDY)
    text = "".join(c.choices[0].text for c in oai.completions.create(
        model=MODEL_NAME, prompt="Numbers: 0 1 2", stream=True, **GREEDY) if c.choices)
    assert text == plain.choices[0].text


def test_wrong_or_missing_key_is_authentication_error(keyed):
    for key in ("sk-wrong", ""):
        bad = openai.OpenAI(base_url=keyed.url + "/v1", api_key=key or "x", max_retries=0,
                            default_headers={} if key else {"Authorization": ""})
        with pytest.raises(openai.AuthenticationError) as err:
            bad.models.list()
        assert err.value.status_code == 401
        assert err.value.body["code"] == "invalid_api_key"
        with pytest.raises(openai.AuthenticationError):
            bad.chat.completions.create(model=MODEL_NAME, messages=MESSAGES, max_tokens=2)


def test_oversized_prompt_is_bad_request(oai, engine):
    long_prompt = "fox " * (engine.max_context_len * 2)
    with pytest.raises(openai.BadRequestError) as err:
        oai.completions.create(model=MODEL_NAME, prompt=long_prompt, max_tokens=4)
    msg = str(err.value)
    assert str(engine.max_context_len - 1) in msg and "--allow-auto-truncate" in msg
    assert err.value.body["code"] == "context_length_exceeded"
    with pytest.raises(openai.BadRequestError) as err:
        oai.chat.completions.create(model=MODEL_NAME, messages=[{"role": "user", "content": long_prompt}],
                                    max_tokens=4)
    assert err.value.body["param"] == "messages"


def test_n_seed_and_stop(oai):
    kw = {"model": MODEL_NAME, "prompt": "Hello, world!", "max_tokens": 12, "temperature": 1.0, "seed": 1234, "n": 3}
    a = oai.completions.create(**kw)
    b = oai.completions.create(**kw)
    assert [c.index for c in a.choices] == [0, 1, 2]
    assert [c.text for c in a.choices] == [c.text for c in b.choices]   # seeded: reproducible
    assert len({c.text for c in a.choices}) > 1                          # one seed per choice
    assert a.usage.prompt_tokens == oai.completions.create(**{**kw, "n": 1}).usage.prompt_tokens  # counted once
    greedy = oai.completions.create(model=MODEL_NAME, prompt="Hello, world!", max_tokens=12, temperature=0)
    text = greedy.choices[0].text
    stop = text[3:6]
    assert len(stop) == 3
    cut = oai.completions.create(model=MODEL_NAME, prompt="Hello, world!", max_tokens=12, temperature=0,
                                 stop=[stop])
    assert cut.choices[0].finish_reason == "stop"
    assert cut.choices[0].text == text[:text.index(stop)]


def test_chat_n_streaming_choices(oai):
    stream = oai.chat.completions.create(model=MODEL_NAME, messages=MESSAGES, n=2, max_tokens=6, temperature=0,
                                         stream=True)
    texts = {0: "", 1: ""}
    finished = set()
    for chunk in stream:
        for c in chunk.choices:
            texts[c.index] += c.delta.content or ""
            if c.finish_reason:
                finished.add(c.index)
    assert finished == {0, 1}
    assert texts[0] == texts[1] and texts[0]   # greedy: both choices agree


def test_logprobs(oai):
    out = oai.chat.completions.create(model=MODEL_NAME, messages=MESSAGES, max_tokens=5, temperature=0,
                                      logprobs=True, top_logprobs=3)
    content = out.choices[0].logprobs.content
    assert len(content) == out.usage.completion_tokens
    for item in content:
        assert item.logprob <= 0 and len(item.top_logprobs) == 3
        assert item.top_logprobs[0].logprob >= item.top_logprobs[-1].logprob
        assert item.logprob == pytest.approx(item.top_logprobs[0].logprob)   # greedy picks the best
    comp = oai.completions.create(model=MODEL_NAME, prompt="Hello", max_tokens=4, temperature=0, logprobs=2)
    lp = comp.choices[0].logprobs
    assert len(lp.tokens) == len(lp.token_logprobs) == len(lp.top_logprobs) == 4
    assert "".join(lp.tokens).startswith(comp.choices[0].text[:1])


def test_echo(oai):
    out = oai.completions.create(model=MODEL_NAME, prompt="Echo me", max_tokens=3, temperature=0, echo=True)
    assert out.choices[0].text.startswith("Echo me")


@pytest.mark.parametrize("kwargs, param", [
    ({"logit_bias": {"5": 10}}, "logit_bias"),
    ({"tools": [{"type": "function", "function": {"name": "f", "parameters": {}}}]}, "tools"),
    ({"response_format": {"type": "json_object"}}, "response_format"),
    ({"top_logprobs": 2}, "top_logprobs"),
    ({"extra_body": {"no_such_param": 1}}, "no_such_param"),
    ({"extra_body": {"top_k": "many"}}, "top_k"),
    ({"temperature": 7}, "temperature"),
])
def test_unsupported_or_bad_parameter_is_400_naming_it(oai, kwargs, param):
    with pytest.raises(openai.BadRequestError) as err:
        oai.chat.completions.create(model=MODEL_NAME, messages=MESSAGES, max_tokens=2, **kwargs)
    assert err.value.body["param"] == param
    assert param in err.value.body["message"]


def test_completion_unsupported_parameters(oai):
    for kwargs, param in (({"suffix": "x"}, "suffix"), ({"best_of": 3}, "best_of"),
                          ({"echo": True, "logprobs": 1}, "echo")):
        with pytest.raises(openai.BadRequestError) as err:
            oai.completions.create(model=MODEL_NAME, prompt="x", max_tokens=2, **kwargs)
        assert err.value.body["param"] == param


def test_sglang_extensions_in_extra_body(oai):
    out = oai.completions.create(model=MODEL_NAME, prompt="Hello", max_tokens=7, temperature=0.8,
                                 extra_body={"top_k": 1, "min_p": 0.1,
                                             "ignore_eos": True})
    assert out.usage.completion_tokens == 7


def test_token_id_and_batch_prompts(oai, keyed):
    out = oai.completions.create(model=MODEL_NAME, prompt=[[5, 6, 7], [8, 9]], max_tokens=3, temperature=0, n=2)
    assert [c.index for c in out.choices] == [0, 1, 2, 3]
    assert out.usage.prompt_tokens == 5
    with client(keyed, headers={"Authorization": "Bearer sk-test"}) as c:
        r = c.post("/v1/completions", json={"model": MODEL_NAME, "prompt": [1, 2, 999999], "max_tokens": 2})
        assert r.status_code == 400 and "vocabulary" in r.json()["error"]["message"]


def test_fields_without_effect_are_accepted_and_change_nothing(oai):
    plain = oai.chat.completions.create(model=MODEL_NAME, messages=MESSAGES, seed=3, **GREEDY)
    sent = oai.chat.completions.create(
        model=MODEL_NAME, messages=MESSAGES, seed=3, user="alice", metadata={"team": "search"}, store=True,
        service_tier="auto", safety_identifier="u-1", prompt_cache_key="k", parallel_tool_calls=False,
        modalities=["text"], prediction={"type": "content", "content": "Hello"}, **GREEDY)
    assert sent.choices[0].message.content == plain.choices[0].message.content
    assert sent.usage.completion_tokens == plain.usage.completion_tokens


@pytest.mark.parametrize("kwargs, param", [
    ({"reasoning_effort": "low"}, "reasoning_effort"),
    ({"audio": {"voice": "alloy", "format": "wav"}}, "audio"),
    ({"modalities": ["text", "audio"]}, "modalities"),
    ({"web_search_options": {}}, "web_search_options"),
    ({"verbosity": "low"}, "verbosity"),
])
def test_fields_whose_meaning_is_not_implemented_are_refused(oai, kwargs, param):
    with pytest.raises(openai.BadRequestError) as err:
        oai.chat.completions.create(model=MODEL_NAME, messages=MESSAGES, max_tokens=2, **kwargs)
    assert err.value.body["param"] == param
    assert err.value.body["code"] == "unsupported_parameter"
    assert "not implemented" in err.value.body["message"]


def test_completion_accepts_user(oai):
    out = oai.completions.create(model=MODEL_NAME, prompt="Hello", max_tokens=2, user="alice")
    assert out.usage.completion_tokens == 2


def test_docs_table_of_openai_fields_matches_the_code():
    from pathlib import Path

    from argmatrix.runtime.server.openai_api import NO_EFFECT_FIELDS, REFUSED_FIELDS

    doc = (Path(__file__).parents[2] / "docs" / "server.md").read_text(encoding="utf-8")
    section = doc.split("### OpenAI fields without effect", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[1].strip().strip("`"): line.split("|")[2].strip()
            for line in section.splitlines() if line.startswith("| `")}
    assert {k for k, v in rows.items() if v == "accepted, no effect"} == set(NO_EFFECT_FIELDS)
    assert {k for k, v in rows.items() if v == "400"} == set(REFUSED_FIELDS)
