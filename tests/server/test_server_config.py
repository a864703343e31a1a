"""Flags that shape responses: chat templates, served model name, sampling defaults, weight version."""
from __future__ import annotations

import json
import logging

import pytest

from argmatrix.runtime.server import build_app

from .conftest import MODEL_NAME, client

CHAT = {"messages": [{"role": "user", "content": "Hi"}], "max_tokens": 1}


def chat_prompt_tokens(rt, name=MODEL_NAME) -> int:
    with client(rt) as c:
        r = c.post("/v1/chat/completions", json={"model": name, **CHAT})
    assert r.status_code == 200, r.text
    return r.json()["usage"]["prompt_tokens"]


def test_chat_template_sources(servers, tmp_path, engine):
    default = servers.start()
    plain = servers.start(chat_template="plain")
    tpl = tmp_path / "t.jinja"
    tpl.write_text("{% for m in messages %}{{ m['content'] }}{% endfor %}")
    from_file = servers.start(chat_template=str(tpl))
    inline = servers.start(chat_template="{% for m in messages %}[{{ m['content'] }}]{% endfor %}")
    json_file = tmp_path / "t.json"
    json_file.write_text(json.dumps({"chat_template": tpl.read_text()}))
    from_json = servers.start(chat_template=str(json_file))

    hi = len(engine.tokenizer("Hi", add_special_tokens=False)["input_ids"])
    assert chat_prompt_tokens(from_file) == hi == chat_prompt_tokens(from_json)
    assert chat_prompt_tokens(inline) == len(engine.tokenizer("[Hi]", add_special_tokens=False)["input_ids"])
    plain_text = "user: Hi\nassistant: "
    assert chat_prompt_tokens(plain) == len(engine.tokenizer(plain_text, add_special_tokens=False)["input_ids"])
    assert chat_prompt_tokens(default) > chat_prompt_tokens(plain)
    with client(plain) as c:
        assert c.get("/get_model_info").json()["chat_template"] == "built-in 'plain'"


def test_bad_chat_template_flags_fail_at_start(servers, engine):
    with pytest.raises(ValueError, match="--chat-template 'no-such-template'"):
        build_app(engine, servers.args(chat_template="no-such-template"))
    with pytest.raises(ValueError, match=r"--hf-chat-template-name 'tool_use'.*it has: default"):
        build_app(engine, servers.args(hf_chat_template_name="tool_use"))
    app = build_app(engine, servers.args(hf_chat_template_name="default"))
    assert app.state.server.template.origin == "tokenizer template 'default'"


def test_named_hf_chat_templates(servers, engine, monkeypatch):
    monkeypatch.setattr(engine.tokenizer, "chat_template",
                        {"default": engine.tokenizer.chat_template,
                         "short": "{% for m in messages %}{{ m['content'] }}{% endfor %}"})
    rt = servers.start(hf_chat_template_name="short")
    hi = len(engine.tokenizer("Hi", add_special_tokens=False)["input_ids"])
    assert chat_prompt_tokens(rt) == hi
    assert chat_prompt_tokens(servers.start()) > hi        # without the flag: the tokenizer's default


def test_chat_template_errors_are_400(servers):
    rt = servers.start(chat_template="{{ raise_exception('roles must alternate') }}")
    with client(rt) as c:
        r = c.post("/v1/chat/completions", json={"model": MODEL_NAME, **CHAT})
    assert r.status_code == 400 and "roles must alternate" in r.json()["error"]["message"]
    assert r.json()["error"]["param"] == "messages"


def test_chat_template_kwargs_and_continue_final_message(servers):
    rt = servers.start(chat_template="{% for m in messages %}{{ m['content'] }}{% endfor %}{{ suffix }}")
    with client(rt) as c:
        a = c.post("/v1/chat/completions", json={"model": MODEL_NAME, **CHAT})
        b = c.post("/v1/chat/completions", json={"model": MODEL_NAME, **CHAT,
                                                 "chat_template_kwargs": {"suffix": " and more words"}})
        cont = c.post("/v1/chat/completions", json={
            "model": MODEL_NAME, "max_tokens": 1, "continue_final_message": True,
            "messages": [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello"}]})
    assert b.json()["usage"]["prompt_tokens"] > a.json()["usage"]["prompt_tokens"]
    assert cont.status_code == 200, cont.text


def test_served_model_name_defaults_to_model_path(servers, demo_dir):
    rt = servers.start(served_model_name=None)
    with client(rt) as c:
        assert c.get("/v1/models").json()["data"][0]["id"] == demo_dir
        r = c.post("/v1/chat/completions", json={"model": MODEL_NAME, **CHAT})
        assert r.status_code == 404 and r.json()["error"]["code"] == "model_not_found"
    assert chat_prompt_tokens(rt, demo_dir) > 0


def test_preferred_sampling_params(servers, caplog):
    rt = servers.start(preferred_sampling_params={"max_new_tokens": 3, "temperature": 0.0},
                       log_requests=True, log_requests_level=1, log_requests_format="json")
    caplog.set_level(logging.INFO, logger="argmatrix.requests")
    with client(rt) as c:
        gen = c.post("/generate", json={"text": "a", "sampling_params": {"ignore_eos": True}}).json()
        explicit = c.post("/generate", json={"text": "a", "sampling_params": {"ignore_eos": True,
                                                                              "max_new_tokens": 5}}).json()
        chat = c.post("/v1/chat/completions", json={"model": MODEL_NAME, "messages": CHAT["messages"],
                                                    "ignore_eos": True}).json()
        info = c.get("/get_model_info").json()
    assert gen["meta_info"]["completion_tokens"] == 3
    assert explicit["meta_info"]["completion_tokens"] == 5
    assert chat["usage"]["completion_tokens"] == 3
    assert info["preferred_sampling_params"] == {"max_new_tokens": 3, "temperature": 0.0}
    logged = [json.loads(r.getMessage()) for r in caplog.records if r.name == "argmatrix.requests"]
    assert logged[0]["sampling_params"]["temperature"] == 0.0


def test_bad_preferred_sampling_params_fail_at_start(servers, engine):
    with pytest.raises(ValueError, match="--preferred-sampling-params: unknown sampling parameter"):
        build_app(engine, servers.args(preferred_sampling_params={"temprature": 0.5}))
    with pytest.raises(ValueError, match="top_p"):
        build_app(engine, servers.args(preferred_sampling_params={"top_p": 5}))


def test_sampling_defaults(servers, engine, tmp_path, monkeypatch):
    (tmp_path / "generation_config.json").write_text(json.dumps({"temperature": 0.25, "top_k": 7,
                                                                  "do_sample": True}))
    monkeypatch.setattr(engine.loaded, "model_dir", tmp_path)
    model = servers.start(sampling_defaults="model")
    openai_defaults = servers.start(sampling_defaults="openai")
    with client(model) as c:
        assert c.get("/get_model_info").json()["default_sampling_params"] == {"temperature": 0.25, "top_k": 7}
    with client(openai_defaults) as c:
        assert c.get("/get_model_info").json()["default_sampling_params"] == {"temperature": 1.0, "top_p": 1.0}
    assert model.state.sampling({}).top_k == 7
    assert model.state.sampling({"top_k": 3}).top_k == 3
    assert openai_defaults.state.sampling({}).top_k == -1


def test_weight_version(servers):
    rt = servers.start(weight_version="2025-01-v3")
    with client(rt) as c:
        assert c.get("/get_model_info").json()["weight_version"] == "2025-01-v3"
        out = c.post("/generate", json={"text": "a", "sampling_params": {"max_new_tokens": 1}}).json()
    assert out["meta_info"]["weight_version"] == "2025-01-v3"
