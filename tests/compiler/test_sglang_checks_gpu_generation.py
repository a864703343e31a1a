"""SGLang 0.5.23's checks that read the CUDA GPU's generation (``matrix/sglang_checks/gpu_generation.py``), and how
argmatrix learns the generation: ``--gpu-arch``, detection on the machine, or not at all (then AM-W499, never a guess)."""
from __future__ import annotations

import importlib.util
import json
import sys
from functools import partial
from importlib.machinery import ModuleSpec
from types import SimpleNamespace

import pytest

from argmatrix.compiler.model_checks import PlanInputs
from argmatrix.matrix.devices import GpuArch, parse_gpu_arch
from argmatrix.matrix.platforms.detect import detect
from argmatrix.matrix.sglang_checks import gpu_generation

from .helpers import codes, only
from .helpers import run as _run

run = partial(_run, releases={"sglang": "0.5.23"})


def on(arch: str | None, argv: list[str], target: str = "cuda", env: dict[str, str] | None = None):
    return run(argv, target=target, env=env or {},
               plan_inputs=PlanInputs(gpu_arch=parse_gpu_arch(arch) if arch else None))


NVFP4_NATIVE = ["--kv-cache-dtype", "nvfp4", "--prefill-kv-cache-dequant-dtype", "nvfp4"]
CASES = [  # (code, argv, a GPU SGLang refuses it on, one it starts it on)
    ("AM-E490", ["--attention-backend", "trtllm_mla"], "sm90", "sm100"),
    ("AM-E490", ["--decode-attention-backend", "trtllm_mla"], "sm90", "sm120"),
    ("AM-E490", ["--decode-attention-backend", "cutedsl_mla"], "sm90", "sm100"),
    ("AM-E490", ["--decode-attention-backend", "cutedsl_mla"], "sm120", "sm103"),
    ("AM-E490", ["--attention-backend", "tokenspeed_mla"], "sm90", "sm100"),
    ("AM-E490", ["--prefill-attention-backend", "trtllm_mha"], "sm89", "sm90"),
    ("AM-E490", ["--decode-attention-backend", "trtllm_mha"], "sm80", "sm120"),
    ("AM-E490", ["--attention-backend", "trtllm_mha", "--kv-cache-dtype", "fp8_e4m3"], "sm120", "sm100"),
    ("AM-E490", ["--attention-backend", "trtllm_mha", "--attn-cp-size", "2", "--tp", "2"], "sm90", "sm100"),
    ("AM-E491", ["--kv-cache-dtype", "nvfp4"], "sm90", "sm120"),
    ("AM-E491", NVFP4_NATIVE, "sm120", "sm100"),
    ("AM-E491", ["--kv-cache-dtype", "mxfp8"], "sm90", "sm120"),
    ("AM-E492", ["--enable-mamba-cache-stochastic-rounding", "--mamba-ssm-dtype", "float16"], "sm90", "sm100"),
    ("AM-E492", ["--linear-attn-decode-backend", "flashinfer", "--mamba-ssm-dtype", "float32"], "sm100", "sm90"),
    ("AM-E492", ["--linear-attn-verify-backend", "flashinfer", "--mamba-ssm-dtype", "float32"], "sm120", "sm90"),
    ("AM-E493", ["--moe-a2a-backend", "megamoe", "--tp", "2"], "sm120", "sm90"),
    ("AM-E493", ["--moe-a2a-backend", "flashinfer_megamoe", "--tp", "2", "--attn-dp-size", "2"], "sm90", "sm100"),
    ("AM-E493", ["--quantization", "nvfp4_online"], "sm90", "sm100"),
    ("AM-E490", ["--enable-deepseek-v4-fp4-indexer"], "sm90", "sm120"),
    # native NVFP4 on SM100 (trtllm_mha's block-scale layout); SM120 runs NVFP4 without these limits
    ("AM-E494", ["--kv-cache-dtype", "nvfp4", "--speculative-algorithm", "STANDALONE"], "sm100", "sm120"),
    ("AM-E494", ["--kv-cache-dtype", "nvfp4", "--speculative-algorithm", "NGRAM"], "sm100", "sm120"),
    ("AM-E494", ["--kv-cache-dtype", "nvfp4", "--speculative-algorithm", "EAGLE",
                 "--speculative-draft-attention-backend", "flashinfer"], "sm100", "sm120"),
    ("AM-E494", ["--kv-cache-dtype", "nvfp4", "--disaggregation-mode", "prefill"], "sm100", "sm120"),
    ("AM-E494", ["--kv-cache-dtype", "nvfp4", "--enable-hierarchical-cache"], "sm100", "sm120"),
    ("AM-W496", ["--kv-cache-dtype", "nvfp4", "--prefill-kv-cache-dequant-dtype", "fp8_e4m3",
                 "--speculative-algorithm", "EAGLE", "--speculative-attention-mode", "prefill"], "sm100", "sm120"),
]


@pytest.mark.parametrize("code, argv, refused, started", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_check_breaks_and_holds(code, argv, refused, started):
    assert code in codes(on(refused, argv)), (argv, refused)
    assert code not in codes(on(started, argv)), (argv, started)
    assert "AM-W499" not in codes(on(refused, argv)) + codes(on(started, argv))  # the generation was known


def test_native_nvfp4_with_the_supported_speculation_starts_on_sm100():
    argv = ["--kv-cache-dtype", "nvfp4", "--speculative-algorithm", "NGRAM", "--speculative-ngram-max-bfs-breadth", "1"]
    assert not [c for c in codes(on("sm100", argv)) if c.startswith("AM-E49")]
    assert "AM-W496" not in codes(on("sm100", ["--kv-cache-dtype", "nvfp4", "--speculative-algorithm", "EAGLE"]))


def test_fa4_page_size_on_sm100_reads_the_model():
    """SGLang moves a model without MLA to page 128 under fa4 on SM100; an MLA model keeps its page size."""
    from pathlib import Path

    configs = Path(__file__).parents[1] / "fixtures" / "model_configs"

    def fa4(arch, name, page="64"):
        return run(["--model-path", "m", "--attention-backend", "fa4", "--page-size", page], target="cuda", env={},
                   plan_inputs=PlanInputs(model_config=str(configs / f"{name}.json"), gpu_arch=parse_gpu_arch(arch),
                                          device_memory=141 << 30, devices_per_node=8))

    f = only(fa4("sm100", "llama-3.1-8b"), "AM-W497")
    assert "128" in f.message.en and f.flag == "--page-size" and f.severity == "warning"
    assert "AM-W497" not in codes(fa4("sm100", "llama-3.1-8b", page="128"))
    assert "AM-W497" not in codes(fa4("sm90", "llama-3.1-8b"))
    assert "AM-W497" not in codes(fa4("sm100", "deepseek-v2-lite"))  # MLA


def test_every_rule_is_exercised_and_names_its_sites():
    exercised = {c[0] for c in CASES} | {"AM-E495", "AM-W497", "AM-W499"}
    assert {r.code for r in gpu_generation.RULES} == exercised
    assert all(r.source and "0.5.23" in r.source and r.families == {"gpu"} for r in gpu_generation.RULES)


def test_the_message_names_the_choice_the_gpu_and_a_fix():
    f = only(on("sm90", ["--kv-cache-dtype", "nvfp4"]), "AM-E491")
    assert f.severity == "error" and f.flag == "--kv-cache-dtype"
    assert "--kv-cache-dtype nvfp4" in f.message.en and "sm90" in f.message.en and "9.0" in f.message.en
    assert "SM100 or SM120" in f.message.en and "fp4_mx_block16" in f.hint.en
    assert "sm90" in f.message.zh and "fp4_mx_block16" in f.hint.zh


def test_an_unknown_generation_is_reported_not_guessed():
    """No --gpu-arch and no detection: no error either way, one warning naming every choice that depends on it."""
    c = on(None, ["--kv-cache-dtype", "nvfp4", "--decode-attention-backend", "cutedsl_mla"])
    assert not [f for f in c.findings if f.code.startswith("AM-E49")]
    f = only(c, "AM-W499")
    assert f.severity == "warning" and "--kv-cache-dtype nvfp4" in f.message.en and "cutedsl_mla" in f.message.en
    assert "--gpu-arch" in f.hint.en and "--gpu-arch" in f.hint.zh
    assert "AM-W499" not in codes(on(None, ["--attention-backend", "flashinfer"]))  # nothing depends on it


def test_the_generation_is_only_a_cuda_fact():
    c = on("sm100", ["--tp", "2"], target="a3")
    f = only(c, "AM-W498")
    assert f.flag == "--gpu-arch" and "A3" in f.message.en and c.exit_code == 0
    assert "AM-W499" not in codes(on(None, ["--kv-cache-dtype", "nvfp4"], target="a3"))


def test_flashinfer_linear_prefill_on_sm100_names_the_cuda_release_it_cannot_see():
    argv = ["--linear-attn-prefill-backend", "flashinfer"]
    f = only(on("sm100", argv), "AM-W499")
    assert "CUDA 13" in f.message.en and "sm100" in f.message.en and f.severity == "warning"
    assert "AM-W499" not in codes(on("sm90", argv))
    assert "AM-W499" in codes(on(None, argv))


@pytest.mark.parametrize("text, arch", [("sm90", GpuArch(9, 0)), ("SM_100a", GpuArch(10, 0)), ("10.3", GpuArch(10, 3)),
                                        ("120", GpuArch(12, 0)), ("8.9", GpuArch(8, 9))])
def test_gpu_arch_spellings(text, arch):
    assert parse_gpu_arch(text) == arch


@pytest.mark.parametrize("text", ["h100", "sm9", "0.0", "hopper", ""])
def test_a_bad_gpu_arch_names_the_value_and_examples(text):
    with pytest.raises(ValueError, match=r"compute capability.*sm90"):
        parse_gpu_arch(text)


def test_check_config_takes_gpu_arch_and_refuses_a_bad_one(capsys):
    from argmatrix.cli.check_config import fast_path

    argv = ["--target", "cuda", "--format", "json", "--gpu-arch", "sm90", "--", "--kv-cache-dtype", "nvfp4",
            "--model-path", "org/model"]
    assert fast_path(argv) == 1
    assert "AM-E491" in {f["code"] for f in json.loads(capsys.readouterr().out)["findings"]}
    assert fast_path(["--target", "cuda", "--gpu-arch", "hopper", "--", "--model-path", "org/model"]) == 2
    assert "--gpu-arch" in capsys.readouterr().err


def test_detection_reads_the_capability(monkeypatch):
    """On a CUDA machine torch.cuda's device 0 capability is the generation the rules read; --gpu-arch wins."""
    cuda = SimpleNamespace(is_available=lambda: True, get_device_name=lambda i: "NVIDIA B200", device_count=lambda: 8,
                           get_device_properties=lambda i: SimpleNamespace(total_memory=180 << 30),
                           get_device_capability=lambda i=0: (10, 0))
    torch = SimpleNamespace(cuda=cuda, version=SimpleNamespace(hip=None))
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a, **k: ModuleSpec(name, None) if name == "torch" else
                        None if name == "torch_npu" else real(name, *a, **k))
    monkeypatch.setitem(sys.modules, "torch", torch)
    found = detect()
    assert (found.platform, found.gpu_arch) == ("cuda", GpuArch(10, 0)) and "10.0" in found.how
    argv = ["--kv-cache-dtype", "nvfp4"]
    assert not [c for c in codes(run(argv, target=None)) if c.startswith("AM-E49") or c == "AM-W499"]
    assert "AM-E491" in codes(run(argv, target=None, plan_inputs=PlanInputs(gpu_arch=GpuArch(9, 0))))


def test_architecture_checks_read_the_model_and_the_generation(tmp_path):
    """Deterministic fa4 on a DeepSeek (absorbed MLA) needs SM100/SM110; Qwen4-Exp's FP8 QSA indexer SM90/SM100."""
    from pathlib import Path

    configs = Path(__file__).parents[1] / "fixtures" / "model_configs"
    qwen4 = json.loads((configs / "qwen3-8b.json").read_text())
    qwen4["architectures"] = ["Qwen4ExpForConditionalGeneration"]
    (tmp_path / "config.json").write_text(json.dumps(qwen4))

    def launch(arch, config, argv):
        return run(["--model-path", "m", *argv], target="cuda", env={},
                   plan_inputs=PlanInputs(model_config=config, gpu_arch=parse_gpu_arch(arch) if arch else None,
                                          device_memory=180 << 30, devices_per_node=8))

    deepseek = str(configs / "deepseek-v3.json")
    det = ["--enable-deterministic-inference", "--attention-backend", "fa4", "--tp", "8"]
    f = only(launch("sm90", deepseek, det), "AM-E495")
    assert "DeepseekV3ForCausalLM" in f.message.en and "SM100/SM110" in f.message.en
    assert "AM-E495" not in codes(launch("sm100", deepseek, det))
    assert "AM-E495" not in codes(launch("sm90", str(configs / "llama-3.1-8b.json"), det))  # not absorbed MLA
    assert "DeepseekV3ForCausalLM" in only(launch(None, deepseek, det), "AM-W499").message.en
    v4 = json.loads((configs / "deepseek-v3.json").read_text())
    v4.update(architectures=["DeepseekV4ForCausalLM"], model_type="deepseek_v4")
    (tmp_path / "v4").mkdir()
    (tmp_path / "v4" / "config.json").write_text(json.dumps(v4))
    trtllm = ["--dsv4-attn-backend", "trtllm", "--tp", "8"]
    assert "AM-E495" in codes(launch("sm90", str(tmp_path / "v4" / "config.json"), trtllm))
    assert "AM-E495" not in codes(launch("sm100", str(tmp_path / "v4" / "config.json"), trtllm))
    assert "AM-E495" not in codes(launch("sm90", deepseek, trtllm))  # the hook runs for DeepSeek-V4 only
    m3 = json.loads((configs / "qwen3-30b-a3b.json").read_text())
    m3.update(architectures=["MiniMaxM3SparseForConditionalGeneration"],
              quantization_config={"quant_method": "mxfp8", "moe_quant_algo": "NVFP4",
                                   "moe_quant_format": "nvfp4-pack-quantized"})
    (tmp_path / "m3").mkdir()
    (tmp_path / "m3" / "config.json").write_text(json.dumps(m3))
    dspark = ["--speculative-algorithm", "DSPARK"]
    assert "AM-E495" in codes(launch("sm90", str(tmp_path / "m3" / "config.json"), dspark))
    assert "AM-E495" not in codes(launch("sm100", str(tmp_path / "m3" / "config.json"), dspark))
    qsa = ["--qsa-indexer-dtype", "fp8_e4m3"]
    assert "AM-E495" in codes(launch("sm120", str(tmp_path / "config.json"), qsa))
    assert "AM-E495" not in codes(launch("sm90", str(tmp_path / "config.json"), qsa))
