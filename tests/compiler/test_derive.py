"""Derived values and deprecated flags."""
from __future__ import annotations

import pytest

from .helpers import codes, only, run


def test_tokenizer_path_from_model_path():
    c = run(["--model-path", "/models/Qwen3-8B"], target="a3")
    assert c.args.tokenizer_path == "/models/Qwen3-8B"
    assert c.sources["tokenizer_path"] == "derived:tokenizer-from-model"
    assert "tokenizer_path" not in c.user_set
    own = run(["--model-path", "/models/Qwen3-8B", "--tokenizer-path", "/tok"], target="a3")
    assert own.args.tokenizer_path == "/tok" and own.sources["tokenizer_path"] == "argv[2]"


def test_enable_lora_implied_by_lora_paths():
    c = run(["--lora-paths", "a=/adapters/a"], target="a3")
    assert c.args.enable_lora is True and c.sources["enable_lora"] == "derived:lora-from-paths"
    assert run([], target="a3").args.enable_lora is False


@pytest.mark.parametrize("backend", ["deepep", "ascend_fuseep"])
def test_ep_size_follows_tp_size_with_an_a2a_backend(backend):
    c = run(["--tp", "16", "--moe-a2a-backend", backend], target="a3")
    assert c.findings == []
    assert c.args.ep_size == 16 and c.sources["ep_size"] == "derived:ep-from-tp"
    explicit = run(["--tp", "16", "--moe-a2a-backend", backend, "--ep", "8"], target="a3")
    assert explicit.args.ep_size == 8 and explicit.sources["ep_size"] == "argv[4]"
    plain = run(["--tp", "16"], target="a3")
    assert plain.args.ep_size == 1 and plain.sources["ep_size"] == "default"


def test_a_rejected_value_derives_nothing():
    """One mistake, one finding: a bad --tp must not reappear as a bad derived --ep-size."""
    c = run(["--tp", "abc", "--moe-a2a-backend", "deepep"], target="a3")
    f = only(c, "AM-E010")
    assert f.field == "tp_size" and f.source == "argv[0]"
    assert c.args.ep_size == 1 and c.sources["ep_size"] == "default"
    bad = run(["--lora-paths", "[broken"], target="a3")
    assert codes(bad) == ["AM-E010"]
    assert bad.args.enable_lora is False and bad.args.lora_paths is None


def test_rejected_value_falls_back_to_the_platform_default():
    c = run(["--page-size", "big"], target="a3")
    assert only(c, "AM-E010").field == "page_size"
    assert c.args.page_size == 128 and c.sources["page_size"] == "platform:a3"


def test_renamed_flag_moves_to_its_successor():
    """--stream-output became --incremental-streaming-output: warned from 0.5.10, refused from 0.5.20."""
    c = run(["--stream-output"], target="a3", releases={"sglang": "0.5.19"})
    f = only(c, "AM-W107")
    assert (f.severity, f.kind, f.flag, f.source) == ("warning", "deprecation", "--stream-output", "argv[0]")
    assert "SGLang 0.5.19" in f.message.en and "0.5.10" in f.message.en
    assert f.hint.en.startswith("write --incremental-streaming-output")
    assert c.args.incremental_streaming_output is True
    assert c.sources["incremental_streaming_output"] == "derived:renamed-from-stream-output"
    assert c.exit_code == 0
    both = run(["--stream-output", "--no-incremental-streaming-output"], target="a3")
    assert both.args.incremental_streaming_output is False  # the new spelling wins
    assert run(["--stream-output"], target="a3", releases={"sglang": "0.5.9"}).findings == []
    refused = only(run(["--stream-output"], target="a3", releases={"sglang": "0.5.23"}), "AM-E109")
    assert "unrecognized arguments" in refused.message.en


def test_removed_flag_is_an_error_naming_the_release_and_the_replacement():
    c = run(["--prefill-round-robin-balance"], target="a3", releases={"sglang": "0.5.23"})
    f = only(c, "AM-E109")
    assert (f.severity, f.kind, f.field) == ("error", "deprecation", "prefill_round_robin_balance")
    assert f.message.en.startswith("SGLang 0.5.23 refuses --prefill-round-robin-balance (gone since 0.5.20)")
    assert "follow_bootstrap_room" in f.hint.en and "follow_bootstrap_room" in f.hint.zh
    assert c.exit_code == 1
    assert codes(run(["--prefill-round-robin-balance"], target="cuda", releases={"sglang": "0.5.23"})) == ["AM-E109"]
    # argmatrix's own engine (no SGLang release) retires it too, dated by the release that refuses it (issue 19:
    # not by the name of a snapshot of the Ascend page)
    own = only(run(["--prefill-round-robin-balance"], target="cuda", releases={"sglang": None}), "AM-E106")
    assert own.message.en.startswith("argmatrix does not take --prefill-round-robin-balance either: SGLang 0.5.23 "
                                     "refuses --prefill-round-robin-balance (gone since 0.5.20)")
    assert "ascend-page" not in own.message.en + own.hint.en and "follow_bootstrap_room" in own.hint.en
