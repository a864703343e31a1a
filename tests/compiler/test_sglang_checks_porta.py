"""SGLang 0.5.23's DFLASH and UNO checks (dflash.py, uno.py) and speculative.py's algorithm lists with the newer
built-ins: one launch that breaks each rule, one close to it that does not, through check-config's in-process path
(the same pairs are conformance cases in tests/fixtures/sglang_conformance/cases/porta.yaml, with the tiny Llama
config.json as model and DFLASH draft)."""
from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import pytest
import yaml

from argmatrix.matrix.sglang_checks import dflash, uno

from .helpers import by_code, codes
from .helpers import run as _run

run = partial(_run, releases={"sglang": "0.5.23"})
MODULES = (dflash, uno)  # the pairs of speculative_model.py (portb) run here too, on this file's Gemma4 cases
CONFORMANCE = Path(__file__).resolve().parents[1] / "fixtures" / "sglang_conformance"
CASES_FILE = CONFORMANCE / "cases" / "porta.yaml"
MODEL = str(CONFORMANCE / "models" / "llama-tiny")


def argv(case_argv: str) -> list[str]:
    return [MODEL if word == "M" else word for word in case_argv.split()]


def _pairs() -> list[tuple[str, str, list[str], dict[str, str], list[str], dict[str, str]]]:
    """(rule code, target, argv that breaks it and its environment, argv that does not and its environment), read
    from the conformance cases."""
    cases = yaml.safe_load(CASES_FILE.read_text())
    by_id = {case["id"]: case for case in cases}
    out = []
    for case in cases:
        if "rule" not in case or "pair" not in case:
            continue
        good = by_id[case["pair"]]
        assert good["target"] == case["target"], case["id"]
        out.append((case["rule"], case["target"], argv(case["argv"]), case.get("env", {}), argv(good["argv"]),
                    good.get("env", {})))
    return out


PAIRS = _pairs()


@pytest.mark.parametrize("code, target, bad, bad_env, good, good_env", PAIRS,
                         ids=[f"{p[0]}-{i}" for i, p in enumerate(PAIRS)])
def test_each_check_breaks_and_holds(code, target, bad, bad_env, good, good_env):
    assert code in codes(run(bad, target=target, env=bad_env)), bad
    assert code not in codes(run(good, target=target, env=good_env)), good


def test_every_rule_has_a_pair_and_cites_its_release():
    rules = [rule for module in MODULES for rule in module.RULES]
    assert {r.code for r in rules} <= {p[0] for p in PAIRS}
    for rule in rules:
        assert rule.source and rule.source.startswith("SGLang 0.5.23 arg_groups/speculative_hook.py:"), rule.id
        assert rule.message.zh and rule.hint.zh, rule.id
        assert (rule.severity == "warning") == rule.code.startswith("AM-W"), rule.id


DFLASH = argv("--model-path M --speculative-algorithm DFLASH --speculative-draft-model-path M")
UNO = argv("--model-path M --speculative-algorithm UNO --uno-lora-path /etc/hosts --speculative-num-draft-tokens 4 "
           "--attention-backend fa3")


def test_a_rule_standing_for_several_checks_names_the_one_that_fails():
    found = by_code(run(UNO + ["--speculative-use-rejection-sampling"], target="cuda"), "AM-E416")[0]
    assert "--speculative-use-rejection-sampling" in found.message.en and "--speculative-use-rejection-sampling" \
        in found.message.zh
    found = by_code(run(UNO + ["--decode-attention-backend", "triton"], target="cuda"), "AM-E416")[0]
    assert "prefill fa3, decode triton" in found.message.en and "解码 triton" in found.message.zh
    found = by_code(run(DFLASH + ["--pp-size", "2"], target="cuda"), "AM-E410")[0]
    assert "--pp-size 1, not 2" in found.message.en


def test_uno_tree_messages_quote_its_shape():
    tree = argv("--model-path M --speculative-algorithm UNO --uno-lora-path /etc/hosts --attention-backend fa3 "
                "--speculative-num-steps 1 --speculative-eagle-topk 2 --speculative-num-draft-tokens 4")
    found = by_code(run(tree, target="cuda"), "AM-E417")[0]
    assert "holds 3 nodes, fewer than Q=4" in found.message.en and "3 个节点" in found.message.zh


def test_dflash_window_reads_the_draft_block_size(tmp_path):
    """Without a block size in the flags SGLang takes the draft's dflash_config.block_size, else 16."""
    draft = tmp_path / "draft"
    draft.mkdir()
    config = json.loads((Path(MODEL) / "config.json").read_text())
    (draft / "config.json").write_text(json.dumps({**config, "dflash_config": {"block_size": 4}}))
    launch = DFLASH[:-1] + [str(draft), "--speculative-draft-window-size", "8"]
    assert "AM-E414" not in codes(run(launch, target="cuda"))
    found = by_code(run(DFLASH + ["--speculative-draft-window-size", "8"], target="cuda"), "AM-E414")[0]
    assert "16 tokens" in found.message.en


def test_dflash_replaces_only_what_the_user_gave():
    found = by_code(run(DFLASH + ["--speculative-eagle-topk", "4"], target="cuda"), "AM-W415")[0]
    assert "--speculative-eagle-topk 4 by 1" in found.message.en and "num-steps" not in found.message.en
    assert "AM-W415" not in codes(run(DFLASH + ["--speculative-num-steps", "1"], target="cuda"))
