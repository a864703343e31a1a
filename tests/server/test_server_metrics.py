"""GET /metrics (--enable-metrics) and the flags that shape it."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("prometheus_client")
from prometheus_client.parser import text_string_to_metric_families

from argmatrix.runtime.server.metrics import token_buckets

from .conftest import client


def scrape(rt) -> dict:
    with client(rt) as c:
        r = c.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    return {f.name: f for f in text_string_to_metric_families(r.text)}


def samples(family, name=None) -> list:
    return [s for s in family.samples if name is None or s.name == name]


def total(family, name) -> float:
    """The sum over every label set (requests are split by is_streaming, cached tokens by cache_source)."""
    return sum(s.value for s in samples(family, name))


def test_metrics_off_is_404(servers):
    rt = servers.start()
    with client(rt) as c:
        r = c.get("/metrics")
    assert r.status_code == 404 and "--enable-metrics" in r.json()["error"]["message"]


def test_metrics_content(servers):
    rt = servers.start(enable_metrics=True)
    with client(rt) as c:
        for _ in range(2):
            assert c.post("/generate", json={"text": "The same prompt, twice over",
                                             "sampling_params": {"max_new_tokens": 6, "ignore_eos": True}}
                          ).status_code == 200
        with c.stream("POST", "/v1/completions", json={"model": "demo", "prompt": "stream", "max_tokens": 5,
                                                       "stream": True, "ignore_eos": True}) as r:
            list(r.iter_lines())
    fam = scrape(rt)
    for name in ("sglang:num_running_reqs", "sglang:num_queue_reqs", "sglang:token_usage", "sglang:cache_hit_rate",
                 "sglang:time_to_first_token_seconds", "sglang:inter_token_latency_seconds",
                 "sglang:e2e_request_latency_seconds", "sglang:prompt_tokens", "sglang:generation_tokens"):
        assert name in fam, name
    assert total(fam["sglang:time_to_first_token_seconds"], "sglang:time_to_first_token_seconds_count") == 3
    assert total(fam["sglang:e2e_request_latency_seconds"], "sglang:e2e_request_latency_seconds_count") == 3
    assert total(fam["sglang:generation_tokens"], "sglang:generation_tokens_total") == 17
    itl = samples(fam["sglang:inter_token_latency_seconds"], "sglang:inter_token_latency_seconds_count")[0].value
    assert itl >= 3 * 3     # at least (tokens - 1) intervals per request with stream interval 1
    assert 0 < samples(fam["sglang:cache_hit_rate"])[0].value <= 1
    assert samples(fam["sglang:num_running_reqs"])[0].value == 0
    http = {(s.labels["route"], s.labels["status"]): s.value for s in samples(fam["argmatrix:http_responses"],
                                                                                "argmatrix:http_responses_total")}
    assert http[("/generate", "200")] == 2


def test_bucket_flags(servers):
    rt = servers.start(enable_metrics=True, bucket_time_to_first_token=[0.123, 9.5],
                       bucket_inter_token_latency=[0.0042], bucket_e2e_request_latency=[1.5, 77.0],
                       collect_tokens_histogram=True, prompt_tokens_buckets=["custom", "3", "7"],
                       generation_tokens_buckets=["tse", "100", "2", "2"])
    with client(rt) as c:
        c.post("/generate", json={"input_ids": [5, 6, 7, 8], "sampling_params": {"max_new_tokens": 3}})
    fam = scrape(rt)

    def bounds(name):
        return sorted(float(s.labels["le"]) for s in samples(fam[name], name + "_bucket"))

    inf = float("inf")
    assert bounds("sglang:time_to_first_token_seconds") == [0.123, 9.5, inf]
    assert bounds("sglang:inter_token_latency_seconds") == [0.0042, inf]
    assert bounds("sglang:e2e_request_latency_seconds") == [1.5, 77.0, inf]
    assert bounds("sglang:prompt_tokens_histogram") == [3.0, 7.0, inf]
    assert bounds("sglang:generation_tokens_histogram") == [96.0, 98.0, 100.0, 102.0, 104.0, inf]
    count = {s.labels["le"]: s.value for s in samples(fam["sglang:prompt_tokens_histogram"],
                                                      "sglang:prompt_tokens_histogram_bucket")}
    assert count["3.0"] == 0 and count["7.0"] == 1


def test_token_bucket_rules():
    assert token_buckets(None)[:3] == [100, 300, 500]
    assert token_buckets(["default"])[:3] == [100, 300, 500]
    assert token_buckets(["custom 5 1 3"]) == [1.0, 3.0, 5.0]
    assert token_buckets(["tse", "10", "2", "3"]) == [2.0, 6.0, 8.0, 10.0, 12.0, 14.0, 18.0]
    for bad in (["tse", "1"], ["custom"], ["weird", "1"], ["custom", "x"]):
        with pytest.raises(ValueError):
            token_buckets(bad)


def test_custom_labels(servers):
    rt = servers.start(enable_metrics=True, tokenizer_metrics_allowed_custom_labels=["tenant"],
                       tokenizer_metrics_custom_labels_header="x-team")
    with client(rt) as c:
        # ignore_eos: a sampled end-of-sequence token would make the counts depend on the random weights
        params = {"max_new_tokens": 2, "ignore_eos": True}
        c.post("/generate", json={"text": "a", "sampling_params": params},
               headers={"x-team": json.dumps({"tenant": "acme", "secret": "dropped"})})
        c.post("/generate", json={"text": "a", "sampling_params": params})
    fam = scrape(rt)
    by_tenant = {s.labels["tenant"]: s.value for s in samples(fam["sglang:generation_tokens"])}
    assert by_tenant == {"acme": 2.0, "": 2.0}
    assert all("secret" not in s.labels for f in fam.values() for s in f.samples)


def test_export_metrics_to_file(servers, tmp_path, engine):
    from argmatrix.runtime.server import build_app

    folder = tmp_path / "metrics"
    rt = servers.start(export_metrics_to_file=True, export_metrics_to_file_dir=str(folder))
    with client(rt) as c:
        c.post("/generate", json={"text": "a", "rid": "exported", "sampling_params": {"max_new_tokens": 3,
                                                                                       "ignore_eos": True}})
    (path,) = folder.iterdir()
    (line,) = path.read_text().splitlines()
    record = json.loads(line)
    assert record["rid"] == "exported" and record["completion_tokens"] == 3 and record["e2e_latency"] > 0
    with pytest.raises(ValueError, match="--export-metrics-to-file-dir"):
        build_app(engine, servers.args(export_metrics_to_file=True))


def test_label_names_match_sglang(servers):
    """A real prometheus_client parse of a scrape: SGLang 0.5.23's label names, so its dashboards select."""
    rt = servers.start(enable_metrics=True, served_model_name="dash-model", extra_metric_labels={"cluster": "east"})
    with client(rt) as c:
        assert c.post("/generate", json={"text": "labels", "sampling_params": {"max_new_tokens": 3}}
                      ).status_code == 200
        with c.stream("POST", "/v1/completions", json={"model": "dash-model", "prompt": "x", "max_tokens": 3,
                                                       "stream": True}) as r:
            list(r.iter_lines())
        text = c.get("/metrics").text
    fam = {f.name: f for f in text_string_to_metric_families(text)}
    scheduler = {"model_name", "engine_type", "tp_rank", "pp_rank", "moe_ep_rank", "cluster"}
    for name in ("sglang:num_running_reqs", "sglang:num_queue_reqs", "sglang:token_usage", "sglang:cache_hit_rate",
                 "sglang:num_used_tokens", "sglang:max_total_num_tokens"):
        (sample,) = fam[name].samples
        assert set(sample.labels) == scheduler, name
        assert sample.labels["model_name"] == "dash-model" and sample.labels["engine_type"] == "unified"
        assert (sample.labels["tp_rank"], sample.labels["pp_rank"]) == ("0", "0")
    request = {"model_name", "engine_type", "cluster"}
    expected = {"sglang:time_to_first_token_seconds": request | {"is_streaming"},
                "sglang:e2e_request_latency_seconds": request | {"is_streaming"},
                "sglang:inter_token_latency_seconds": request,
                "sglang:prompt_tokens": request | {"is_streaming"},
                "sglang:generation_tokens": request | {"is_streaming"},
                "sglang:cached_tokens": request | {"cache_source"},
                "sglang:num_requests": request | {"is_streaming", "finish_reason"}}
    for name, labels in expected.items():
        got = [s for s in fam[name].samples if not s.name.endswith("_created")]
        assert got, name
        for s in got:
            assert set(s.labels) - {"le"} == labels, (name, s.labels)
            assert s.labels["model_name"] == "dash-model"
    streaming = {s.labels["is_streaming"] for s in fam["sglang:e2e_request_latency_seconds"].samples}
    assert streaming == {"true", "false"}
    assert {s.labels["cache_source"] for s in fam["sglang:cached_tokens"].samples} == {"device", "total"}


def test_extra_metric_labels_may_not_shadow_built_in_ones(servers):
    with pytest.raises(ValueError, match="model_name"):
        servers.start(enable_metrics=True, extra_metric_labels={"model_name": "x"})


def test_a_dp_replica_labels_its_scheduler_metrics_with_its_rank(servers, monkeypatch):
    monkeypatch.setenv("AM_DP_REPLICA", '{"dp_rank": 1, "dp_size": 2}')   # what the --dp-size launcher sets
    rt = servers.start(enable_metrics=True)
    (sample,) = scrape(rt)["sglang:num_running_reqs"].samples
    assert sample.labels["dp_rank"] == "1" and sample.labels["tp_rank"] == "0"
