"""Flags SGLang added after the seed era: every spelling it accepts reaches the right field, with the right meaning."""
from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import pytest

from argmatrix.compiler.sources import _resolve_flag
from argmatrix.schema import SPECS
from argmatrix.schema.releases import NEWEST

from .helpers import codes, only
from .helpers import run as _run

run = partial(_run, releases={"sglang": NEWEST})  # these flags exist from the release that added them on

FIXTURES = Path(__file__).parents[1] / "fixtures"


def _flags(version: str) -> list[dict]:
    return json.loads((FIXTURES / f"sglang-{version}.json").read_text(encoding="utf-8"))["flags"]


def _newer_declared_entries() -> list[dict]:
    """0.5.23 flags the seed-era release (0.5.9) did not have, where the schema declares them."""
    seed_era = {e["flags"][0] for e in _flags("0.5.9")}
    return [e for e in _flags("0.5.23")
            if e["flags"][0] not in seed_era and e["dest"] in SPECS and not e.get("deprecated")]


@pytest.mark.parametrize("entry", _newer_declared_entries(), ids=lambda e: e["flags"][0])
def test_every_spelling_reaches_its_field(entry):
    # SGLang's BooleanOptionalAction adds --no-X; it must switch the field off, never on
    for flag in entry["flags"]:
        negated = entry["action"] == "boolean_optional" and flag.startswith("--no-")
        assert _resolve_flag(flag)[:2] == (entry["dest"], negated), flag


def test_no_form_of_a_boolean_optional_flag_turns_it_off():
    assert run(["--no-enable-tf32-matmul"]).values["enable_tf32_matmul"] is False
    assert run(["--enable-tf32-matmul"]).values["enable_tf32_matmul"] is True
    assert run([]).values["enable_tf32_matmul"] is None  # unset: SGLang follows the model's preference
    assert run(["--no-dllm-fdfo"]).values["dllm_fdfo"] is False


def test_aliases_reach_the_canonical_field():
    compiled = run(["--attention-data-parallel-size", "2", "--context-bucket", "32k", "--fp4-gemm-backend", "marlin"])
    assert compiled.values["attn_dp_size"] == 2
    assert compiled.values["cuda_graph_prefill_max_context"] == 32000
    assert compiled.values["fp4_gemm_runner_backend"] == "marlin"


def test_deprecated_flag_with_a_value_sets_its_boolean_successor():
    compiled = run(["--monokernel-backend", "amd"], target="cuda")
    assert compiled.values["enable_amd_monokernel"] is True
    assert compiled.sources["enable_amd_monokernel"] == "derived:renamed-from-monokernel-backend"
    warning = only(compiled, "AM-W107")
    assert warning.flag == "--monokernel-backend" and "--enable-amd-monokernel" in warning.hint.en
    assert "AM-E010" not in codes(compiled)


def test_deprecated_flag_keeps_its_own_choices():
    error = only(run(["--monokernel-backend", "nvidia"], target="cuda"), "AM-E010")
    assert error.flag == "--monokernel-backend" and "amd" in error.hint.en
    assert run(["--monokernel-backend", "nvidia"], target="cuda").values["enable_amd_monokernel"] is False


@pytest.mark.parametrize("argv,flag", [
    (["--attn-dp-size", "0"], "--attn-dp-size"),
    (["--dsa-triton-union", "3"], "--dsa-triton-union"),
    (["--kv-canary", "warn"], "--kv-canary"),
    (["--encoder-bootstrap-port", "70000"], "--encoder-bootstrap-port"),
    (["--lora-drain-wait-threshold", "-1"], "--lora-drain-wait-threshold"),
    (["--sampling-mask-max-tokens", "0"], "--sampling-mask-max-tokens"),
])
def test_out_of_range_values_are_rejected_with_the_flag(argv, flag):
    assert only(run(argv, target="cuda"), "AM-E010").flag == flag
