"""launch and export (issue 15): engine commands in a release's spelling, vLLM's spellings both ways, round trips,
exports that read back, and a real exec of a stub engine."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from argmatrix.cli.app import app
from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.export import export
from argmatrix.compiler.launch import build_command, launch_findings
from argmatrix.compiler.spelling import flag_tokens
from argmatrix.matrix import engines
from argmatrix.schema.registry import SPECS
from argmatrix.schema.releases import (
    CHANGES,
    NEWEST,
    SEED_RELEASE,
    argmatrix_only,
    exists_in,
    state_of,
    superseded,
)

ROOT = Path(__file__).resolve().parents[2]


def run(argv, release=NEWEST, **kw):
    kw.setdefault("env", {})
    kw.setdefault("target", "cuda")
    return compile(argv, CompileOptions(releases={"sglang": release}, **kw))


def sglang_args(cmd) -> list[str]:
    return cmd.argv[len(engines.get("sglang").program):]


def key(findings):
    """A finding without its source (argv positions move when a command is rewritten)."""
    return sorted((f.code, f.field, f.severity, f.message.en) for f in findings)


# --- round trips: argmatrix -> SGLang command -> argmatrix ---------------------------------------------------------

def _sample(spec):
    """A value other than the default, of the field's type."""
    d = spec.default
    if spec.is_bool:
        return not d
    if spec.choices:
        for c in spec.choices:
            if c != d and [c] != d:
                return [c] if spec.is_list else c
    if spec.is_object:
        return {"k": 1}
    if spec.is_list:
        return ["a", "b"] if "str" in str(spec.base_type) else [1, 2]
    if spec.base_type is int:
        return (d if isinstance(d, int) else 0) + 2
    if spec.base_type is float:
        return 0.5 if d != 0.5 else 0.25
    return "x"


def round_trip_report(release: str):
    ok, bad, inexpressible = [], [], []
    for name, spec in SPECS.items():
        if name == "config" or argmatrix_only(name) or not exists_in(name, release) or superseded(name):
            continue
        if name in CHANGES and state_of(CHANGES[name], release) != "current":
            continue  # rewritten, not round-tripped: test_deprecated_spellings_are_rewritten...
        tokens, _ = flag_tokens(name, _sample(spec), release=release)  # the spelling this release reads
        if not tokens:
            inexpressible.append(name)
            continue
        first = run(tokens, release)
        if name not in first.user_set:
            inexpressible.append(name)  # the sample is not valid for this field
            continue
        cmd = build_command(first, "sglang")
        again = run(cmd.argv, release)
        if first.values == again.values and first.user_set == again.user_set and \
                key(first.findings) == key(again.findings):
            ok.append(name)
        else:
            bad.append((name, tokens, sglang_args(cmd)))
    return ok, bad, inexpressible


@pytest.mark.parametrize("release, at_least", [(NEWEST, 521), (SEED_RELEASE, 313)])
def test_every_current_sglang_flag_round_trips(release, at_least):
    ok, bad, inexpressible = round_trip_report(release)
    assert not bad
    assert len(ok) >= at_least, len(ok)  # measured when written: 521 flags of 0.5.23, 313 of 0.5.9
    # switches on by default with no --no- spelling in SGLang, and one whose sample value is not allowed
    assert set(inexpressible) <= {"disable_shared_experts_fusion", "disable_chunked_prefix_cache",
                                  "mm_global_cache_backend"}, inexpressible


def test_a_switch_sglang_cannot_turn_off_is_a_finding_not_a_silent_drop():
    """Off is said by leaving a store_true switch out, which is off only where SGLang's parser default is off."""
    compiled = run([], overrides={"enable_lora": False})  # SGLang 0.5.23: left out, --enable-lora is None (auto)
    cmd = build_command(compiled, "sglang")
    (f,) = [f for f in cmd.findings if f.code == "AM-W801"]
    assert f.field == "enable_lora" and "no --no-enable-lora spelling" in f.message.en and "unset" in f.message.en
    assert "--enable-lora" not in cmd.argv
    # argmatrix's default is on, SGLang's parser default off: leaving it out is exactly the off the user set
    compiled = run([], overrides={"disable_shared_experts_fusion": False})
    cmd = build_command(compiled, "sglang")
    assert not cmd.findings and "--disable-shared-experts-fusion" not in cmd.argv


def test_a_command_with_user_set_defaults_and_many_flags_round_trips():
    argv = ["--model-path", "/m", "--tp-size", "4", "--context-length", "32k", "--mem-fraction-static", "0.8",
            "--chunked-prefill-size", "-1", "--cuda-graph-bs-decode", "1", "2", "4", "--json-model-override-args",
            '{"rope_scaling": {"type": "yarn"}}', "--enable-metrics", "--api-key", "secret word"]
    first = run(argv)
    cmd = build_command(first, "sglang")
    assert "--chunked-prefill-size=-1" in cmd.argv  # a value starting with '-' stays attached to its flag
    again = run(cmd.argv)
    assert first.values == again.values and first.user_set == again.user_set
    assert key(first.findings) == key(again.findings)


# --- the selected release's spelling ------------------------------------------------------------------------------

def test_dp_attention_is_written_attn_dp_size_for_0_5_23():
    compiled = run(["--model-path", "/m", "--tp", "16", "--enable-dp-attention", "--dp-size", "16"])
    cmd = build_command(compiled, "sglang")
    assert sglang_args(cmd) == ["--model-path", "/m", "--tensor-parallel-size", "16", "--attn-dp-size", "16"]
    (note,) = [f for f in cmd.findings if f.code == "AM-N804"]
    assert "--attn-dp-size 16" in note.message.en and note.field == "enable_dp_attention"
    again = run(sglang_args(cmd))
    assert not [f for f in again.findings if f.code in ("AM-W107", "AM-E109")]
    assert build_command(again, "sglang").argv == cmd.argv  # a fixed point


def test_the_seed_release_keeps_the_old_spelling():
    compiled = run(["--tp", "16", "--enable-dp-attention", "--dp-size", "16", "--cuda-graph-bs", "1", "2"],
                   SEED_RELEASE)
    args = sglang_args(build_command(compiled, "sglang"))
    assert "--enable-dp-attention" in args and "--cuda-graph-bs" in args and "--attn-dp-size" not in args


@pytest.mark.parametrize("argv, expected", [
    (["--cuda-graph-bs", "1", "2", "4"], ["--cuda-graph-bs-decode", "1", "2", "4"]),
    (["--cuda-graph-max-bs", "64"], ["--cuda-graph-max-bs-decode", "64"]),
    (["--disable-cuda-graph"], ["--cuda-graph-backend-decode", "disabled", "--cuda-graph-backend-prefill",
                                "disabled"]),
    (["--enable-flashinfer-allreduce-fusion"], ["--flashinfer-allreduce-fusion-backend", "auto"]),
    (["--disable-fast-image-processor"], ["--image-processor-backend", "pil"]),
    (["--grpc-mode"], ["--smg-grpc-mode"]),
])
def test_deprecated_spellings_are_rewritten_and_the_rewrite_is_clean(argv, expected):
    compiled = run(argv)
    cmd = build_command(compiled, "sglang")
    assert sglang_args(cmd) == expected
    report = launch_findings(compiled, cmd)
    assert not [f for f in report if f.severity == "error"], key(report)  # a refused spelling that was rewritten
    again = run(expected)
    assert not [f for f in again.findings if f.code in ("AM-W107", "AM-E109")]
    assert sglang_args(build_command(again, "sglang")) == expected


def test_argmatrix_only_limits_never_reach_sglang_or_vllm():
    argv = ["--model-path", "/m", "--max-stop-strings", "3", "--max-request-body-bytes", "1000"]
    compiled = run(argv)
    sg = build_command(compiled, "sglang")
    assert sglang_args(sg) == ["--model-path", "/m"]
    assert {f.field for f in compiled.findings if f.code == "AM-W114"} == {"max_stop_strings",
                                                                           "max_request_body_bytes"}
    vl = build_command(run(argv, None), "vllm")
    assert vl.argv == ["vllm", "serve", "/m"]
    assert {f.field for f in vl.findings if f.code == "AM-W801"} == {"max_stop_strings", "max_request_body_bytes"}
    own = build_command(run(argv, None), "argmatrix")
    assert "--max-stop-strings" in own.argv  # argmatrix's own engine does take them


# --- config files and the environment, the way SGLang reads them ---------------------------------------------------

def _sglang_reads_config(argv: list[str]) -> list[str]:
    """SGLang 0.5.23's --config, as documented: YAML only; each key becomes --key; a true switch becomes the flag
    alone and a false one nothing; a list becomes --key item...; a mapping becomes JSON; file first, then argv."""
    i = argv.index("--config")
    data = yaml.safe_load(Path(argv[i + 1]).read_text(encoding="utf-8"))
    out = []
    for k, v in data.items():
        if v is True:
            out.append(f"--{k}")
        elif v is False:
            continue
        elif isinstance(v, list):
            out += [f"--{k}", *map(str, v)]
        elif isinstance(v, dict):
            out += [f"--{k}", json.dumps(v)]
        else:
            out += [f"--{k}", str(v)]
    return out + argv[:i] + argv[i + 2:]


def test_config_file_values_are_written_as_the_yaml_sglang_reads(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text('tp_size = 2\nenable_metrics = true\ncuda_graph_bs = [1, 2]\n'
                    'json_model_override_args = {a = 1}\n', encoding="utf-8")
    compiled = run(["--config", str(mine), "--model-path", "/m"], env={"ARGMATRIX_PORT": "31000"})
    out = tmp_path / "for-sglang.yaml"
    cmd = build_command(compiled, "sglang", config_path=str(out))
    assert cmd.config_path == str(out)
    data = yaml.safe_load(cmd.config_text)
    assert data == {"tensor-parallel-size": 2, "enable-metrics": True, "json-model-override-args": '{"a": 1}',
                    "cuda-graph-bs-decode": [1, 2]}  # dashed keys, rewritten for the release; objects as JSON text
    args = sglang_args(cmd)
    assert args[:2] == ["--config", str(out)] and "--port" in args  # the environment becomes flags
    out.write_text(cmd.config_text, encoding="utf-8")
    again = run(_sglang_reads_config(args))
    changed = {n for n in SPECS if compiled.values[n] != again.values[n]}
    assert changed == {"config", "cuda_graph_bs", "cuda_graph_bs_decode"}  # the path, and the rewrite


def test_the_lora_example_is_launched_as_sglang_reads_it():
    """SGLang's --config reader refuses --lora-paths' own action ("Unsupported config option"): it goes on the
    command line, and no key of the written file is one the release's reader refuses."""
    from argmatrix.compiler import sglang_reader

    compiled = run([], target="a2", config=str(ROOT / "docs" / "examples" / "a2-qwen3-lora.yaml"))
    cmd = build_command(compiled, "sglang", config_path="x.yaml")
    data = yaml.safe_load(cmd.config_text)
    assert "lora-paths" not in data and data["enable-lora"] is True and data["hicache-ratio"] == 2
    args = sglang_args(cmd)
    assert args[args.index("--lora-paths") + 1:] == ["sql=/adapters/qwen3-8b-sql", "support=/adapters/qwen3-8b-support"]
    from argmatrix.schema.registry import FLAGS
    assert not [k for k in data if sglang_reader.config_refuses(FLAGS["--" + k], NEWEST)]


def test_argmatrix_serve_gets_the_original_file_and_inherits_the_environment(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text("tp_size: 2\n", encoding="utf-8")
    compiled = run(["--model-path", "/m"], None, config=str(mine), env={"ARGMATRIX_PORT": "31000"})
    cmd = build_command(compiled, "argmatrix")
    assert cmd.argv == ["argmatrix", "serve", "--target", "cuda", "--config", str(mine), "--model-path", "/m"]
    assert cmd.passed == {"model_path": "/m", "tp_size": 2, "port": 31000}


# --- vLLM spellings ---------------------------------------------------------------------------------------------

def test_an_sglang_field_vllm_cannot_say_is_a_finding_on_export():
    compiled = run(["--model-path", "/m", "--enable-metrics", "--kv-cache-dtype", "fp4_e2m1"], None)
    result = export(compiled, "vllm")
    assert result.text.strip() == "vllm serve /m"
    assert {f.field for f in result.findings if f.code == "AM-W801"} == {"enable_metrics", "kv_cache_dtype"}


# --- exports -----------------------------------------------------------------------------------------------------

ARGV = ["--model-path", "/m", "--tp-size", "2", "--port", "30000", "--enable-metrics", "--cuda-graph-bs-decode", "1",
        "2", "--json-model-override-args", '{"a": {"b": 1}}', "--max-stop-strings", "3", "--api-key", "a b"]


def test_yaml_and_json_exports_read_back_and_carry_the_schema(tmp_path):
    import jsonschema

    first = run(ARGV)
    schema = json.loads((ROOT / "generated" / "config.schema.json").read_text(encoding="utf-8"))
    for fmt in ("yaml", "json"):  # argmatrix's own files: field names, argmatrix-only limits kept
        assert "api_key" not in export(first, fmt, engine="argmatrix").text  # a secret: left out unless asked for
        text = export(first, fmt, show_secrets=True, engine="argmatrix").text
        path = tmp_path / f"c.{fmt}"
        path.write_text(text, encoding="utf-8")
        if fmt == "yaml":
            assert text.startswith("# yaml-language-server: $schema=config.schema.json\n")
            data = yaml.safe_load(text)
        else:
            data = json.loads(text)
            assert data["$schema"] == "config.schema.json"
        assert data["port"] == 30000  # every value the user set, a default one too
        assert not list(jsonschema.Draft7Validator(schema).iter_errors(data))
        again = run([], config=str(path))
        assert {n for n in SPECS if first.values[n] != again.values[n]} == set(), fmt


def test_yaml_export_is_sglangs_config_file_and_reads_back(tmp_path):
    """--to yaml is SGLang's own --config file (dashed keys, as its reader takes them) that argmatrix reads too;
    what the file cannot say is a finding naming the tokens to add on the command line."""
    import jsonschema

    argv = [*ARGV, "--no-enable-fused-qk-norm-rope", "--lora-paths", "a=/l"]
    first = run(argv)
    result = export(first, "yaml", show_secrets=True)
    data = yaml.safe_load(result.text)
    assert data["tensor-parallel-size"] == 2 and data["json-model-override-args"] == '{"a": {"b": 1}}'
    assert data["cuda-graph-bs-decode"] == [1, 2] and data["api-key"] == "a b" and "model-path" in data
    assert not [k for k in data if "_" in k]
    schema = json.loads((ROOT / "generated" / "config.schema.json").read_text(encoding="utf-8"))
    assert not list(jsonschema.Draft7Validator(schema).iter_errors(data))
    hints = {f.field: f.hint.en for f in result.findings if f.code == "AM-W801"}
    assert "--no-enable-fused-qk-norm-rope" in hints["enable_fused_qk_norm_rope"]
    assert "--lora-paths a=/l" in hints["lora_paths"]
    assert "max_stop_strings" in {f.field for f in result.findings if f.code in ("AM-W114", "AM-W801")}
    path = tmp_path / "sglang.yaml"
    path.write_text(result.text, encoding="utf-8")
    again = run([], config=str(path))
    # left out: the argmatrix-only limit, and what goes on the command line (lora_paths, which enable_lora follows)
    assert {n for n in SPECS if first.values[n] != again.values[n]} == {"max_stop_strings", "lora_paths",
                                                                         "enable_lora"}
    assert "api-key" not in yaml.safe_load(export(first, "yaml").text)  # a secret: left out unless asked for


def test_env_export_reads_back(tmp_path):
    first = run(ARGV)
    env = {}
    import shlex
    assert "ARGMATRIX_API_KEY" not in export(first, "env").text
    for line in export(first, "env", show_secrets=True).text.splitlines():
        k, _, v = line.partition("=")
        env[k] = shlex.split(v)[0]
    assert env["ARGMATRIX_PORT"] == "30000" and env["ARGMATRIX_TP_SIZE"] == "2"
    again = run([], env=env)
    assert {n for n in SPECS if first.values[n] != again.values[n]} == set()


def test_sglang_and_k8s_exports():
    first = run(ARGV)
    line = export(first, "sglang").text
    assert line.startswith("python -m sglang.launch_server ") and "--port 30000" in line
    assert "--max-stop-strings" not in line
    k8s = yaml.safe_load(export(first, "k8s").text)
    assert k8s["command"] == ["python", "-m", "sglang.launch_server"]
    assert k8s["args"][:2] == ["--model-path", "/m"] and all(isinstance(a, str) for a in k8s["args"])
    vk8s = yaml.safe_load(export(run(ARGV, None), "k8s", engine="vllm").text)
    assert vk8s["command"] == ["vllm", "serve"] and vk8s["args"][0] == "/m"


@pytest.mark.parametrize("key", ["plain-key", "-starts-with-a-dash", "two words", "$(NOT_A_VAR)"])
def test_k8s_export_reads_secrets_from_a_secret_by_default(key):
    """No secret in plain text in a k8s fragment, whatever its spelling (``--api-key=-x`` is one token)."""
    token = "hf_abcdefghijklmnopqrstuvwxyz1234"
    compiled = run(["--model-path", "/m", "--api-key", key, "--admin-api-key", "adm1n", "--model-loader-extra-config",
                    json.dumps({"hf_token": token})])
    text = export(compiled, "k8s").text
    assert key not in text and "adm1n" not in text and token not in text
    spec = yaml.safe_load(text)
    refs = {e["name"]: e["valueFrom"]["secretKeyRef"] for e in spec["env"]}
    assert set(refs) == {"ARGMATRIX_API_KEY", "ARGMATRIX_ADMIN_API_KEY", "ARGMATRIX_MODEL_LOADER_EXTRA_CONFIG"}
    assert all(r["name"] == "argmatrix-secrets" for r in refs.values())
    assert any(a.endswith("$(ARGMATRIX_API_KEY)") for a in spec["args"])
    shown = yaml.safe_load(export(compiled, "k8s", show_secrets=True).text)
    assert key.replace("$", "$$") in " ".join(shown["args"]) and "env" not in shown


# --- the command line ---------------------------------------------------------------------------------------------

@pytest.fixture
def cli(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    runner = CliRunner()
    return lambda *args: runner.invoke(app, list(args), catch_exceptions=False)


@pytest.mark.parametrize("engine, argv, expected", [
    ("sglang", ["--model-path", "/m", "--tp", "2"], "python -m sglang.launch_server --model-path /m "
                                                    "--tensor-parallel-size 2"),
    ("vllm", ["vllm", "serve", "/m", "-tp", "2", "--max-model-len", "4K"],
     "vllm serve /m --max-model-len 4096 --tensor-parallel-size 2"),
    ("vllm", ["--model-path", "/m", "--disable-radix-cache"], "vllm serve /m --no-enable-prefix-caching"),
    ("argmatrix", ["--model-path", "/m", "--max-running-requests", "2"],
     "argmatrix serve --target cpu --model-path /m --max-running-requests 2"),
])
def test_launch_dry_run_per_engine(cli, engine, argv, expected):
    target = "cpu" if engine == "argmatrix" else "cuda"
    result = cli("launch", "--target", target, "--engine", engine, "--dry-run", "--", *argv)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().splitlines()[-1] == expected


def test_launch_dry_run_prints_the_config_file_first(cli, tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text("tp_size: 2\n", encoding="utf-8")
    result = cli("launch", "--target", "cuda", "--dry-run", "--config", str(mine), "--", "--model-path", "/m")
    lines = result.stdout.splitlines()
    assert lines[0] == "cat > argmatrix-sglang.yaml <<'ARGMATRIX_EOF'" and "tensor-parallel-size: 2" in lines
    assert lines[-1] == "python -m sglang.launch_server --config argmatrix-sglang.yaml --model-path /m"


def test_launch_dry_run_writes_the_config_comment_in_the_language_asked(cli, tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text("tp_size: 2\n", encoding="utf-8")
    argv = ["--target", "cuda", "--dry-run", "--config", str(mine), "--", "--model-path", "/m"]
    english, chinese = (cli("launch", "--lang", lang, *argv).stdout.splitlines() for lang in ("en", "zh"))
    assert english[1].startswith("# SGLang --config file written by argmatrix")
    assert chinese[1].startswith("# 由 argmatrix 生成的 SGLang --config 文件")
    assert english[2:] == chinese[2:]


def test_launch_with_errors_starts_nothing(cli):
    result = cli("launch", "--target", "a3", "--dry-run", "--", "--model-path", "/m", "--attention-backend", "fa3")
    assert result.exit_code == 1 and "python -m sglang" not in result.stdout
    assert cli("launch", "--dry-run", "--target", "cuda", "--", "--tp-szie", "2").exit_code == 2


def test_export_cli(cli, tmp_path):
    out = tmp_path / "c.yaml"
    result = cli("export", "--to", "yaml", "--target", "cuda", "-o", str(out), "--", "--tp", "2")
    assert result.exit_code == 0 and yaml.safe_load(out.read_text()) == {"tensor-parallel-size": 2}
    result = cli("export", "--to", "yaml", "--engine", "argmatrix", "--target", "cuda", "-o", str(out), "--", "--tp", "2")
    assert result.exit_code == 0 and yaml.safe_load(out.read_text()) == {"tp_size": 2}


def _comments(text: str) -> list[str]:
    """The comment lines a file opens with, less the schema line editors read."""
    return [line for line in text.splitlines() if line.startswith("#") and "yaml-language-server" not in line]


@pytest.mark.parametrize("args, english, chinese", [
    (["--to", "yaml", "--target", "cuda", "--", "--tp", "2"],
     "# SGLang --config file written by argmatrix", "# 由 argmatrix 生成的 SGLang --config 文件"),
    (["--to", "yaml", "--target", "cuda", "--", "vllm", "serve", "/m", "-tp", "2"],
     "# vLLM --config file written by argmatrix export", "# 由 argmatrix export 生成的 vLLM --config 文件"),
    (["--to", "k8s", "--image", "img", "--target", "a3", "--", "--model-path", "/m", "--api-key", "k"],
     "# Kubernetes manifest written by argmatrix export --to k8s", "# 由 argmatrix export --to k8s 生成的 Kubernetes 清单"),
])
def test_export_file_comments_follow_lang(cli, tmp_path, monkeypatch, args, english, chinese):
    """Issue 32: under --lang zh the comments an exported file opens with are Chinese; English stays the default,
    and the values written are the same in both."""
    for var in ("ARGMATRIX_LANG", "LC_ALL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")  # no language asked for anywhere
    files = {}
    for lang in ("en", "zh"):
        out = tmp_path / f"{lang}.yaml"
        result = cli("export", "--lang", lang, "-o", str(out), *args)
        assert result.exit_code == 0, result.output
        files[lang] = out.read_text(encoding="utf-8")
    default = tmp_path / "default.yaml"
    assert cli("export", "-o", str(default), *args).exit_code == 0
    assert default.read_text(encoding="utf-8") == files["en"]  # English unless asked
    assert _comments(files["en"])[0].startswith(english) and _comments(files["zh"])[0].startswith(chinese)
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in line) for line in _comments(files["zh"]))
    assert list(yaml.safe_load_all(files["zh"])) == list(yaml.safe_load_all(files["en"]))
    if "--api-key" in args:  # the Secret's comment too
        assert any(line.startswith("# 密钥取自 Secret 'argmatrix-secrets'") for line in _comments(files["zh"]))


def test_export_comments_and_errors_in_chinese_from_the_api_and_the_cli(cli):
    compiled = run(["--model-path", "/m", "--api-key", "k"])
    fragment = export(compiled, "k8s", lang="zh").text
    assert fragment.startswith("# Kubernetes Pod spec 的容器片段：sglang") and "# 密钥取自 Secret" in fragment
    assert yaml.safe_load(fragment) == yaml.safe_load(export(compiled, "k8s").text)
    result = cli("export", "--lang", "zh", "--to", "json", "--target", "cuda", "--", "vllm", "serve", "/m")
    assert result.exit_code == 2 and "请用 --to yaml 导出为它的 --config 文件" in result.output
    result = cli("export", "--to", "json", "--target", "cuda", "--", "vllm", "serve", "/m")
    assert result.exit_code == 2 and "is exported --to yaml (its --config file)" in result.output


# --- the exec path, with stub engines -----------------------------------------------------------------------------

STUB = """#!{python}
import json, os, sys
with open(os.environ["STUB_RECORD"], "w") as f:
    json.dump({{"argv": sys.argv, "config": open(sys.argv[sys.argv.index("--config") + 1]).read()
               if "--config" in sys.argv else None}}, f)
sys.exit(int(os.environ.get("STUB_EXIT", "0")))
"""


@pytest.fixture
def stub_engines(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("python", "vllm", "argmatrix"):
        path = bin_dir / name
        path.write_text(STUB.format(python=sys.executable), encoding="utf-8")
        path.chmod(0o755)
    record = tmp_path / "record.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARGMATRIX_")}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", STUB_RECORD=str(record),
               PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]), STUB_EXIT="7")

    def launch(*args, pass_fds=(), **extra_env):
        proc = subprocess.run([sys.executable, "-m", "argmatrix.cli", "launch", *args], capture_output=True,
                              text=True, timeout=60, env={**env, **extra_env}, pass_fds=pass_fds)
        seen = json.loads(record.read_text()) if record.exists() else None
        return proc, seen
    return launch


def test_launch_execs_sglang_and_returns_its_exit_status(stub_engines, tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text("enable_metrics: true\n", encoding="utf-8")
    proc, seen = stub_engines("--target", "cuda", "--config", str(mine), "--config-out", str(tmp_path / "g.yaml"),
                              "--", "--model-path", "/m", "--tp", "2", "--enable-dp-attention", "--dp-size", "2")
    assert proc.returncode == 7, proc.stderr
    assert seen["argv"][1:] == ["-m", "sglang.launch_server", "--config", str(tmp_path / "g.yaml"), "--model-path",
                                "/m", "--tensor-parallel-size", "2", "--attn-dp-size", "2"]
    assert yaml.safe_load(seen["config"]) == {"enable-metrics": True}
    assert "AM-N804" in proc.stderr and "exec python -m sglang.launch_server" in proc.stderr


def test_launch_removes_its_temporary_config_file_once_the_engine_exits(stub_engines, tmp_path):
    """The engine reads the file while it starts; after it exits, the watcher launch left behind removes it."""
    mine = tmp_path / "mine.yaml"
    mine.write_text("enable_metrics: true\n", encoding="utf-8")
    done_r, done_w = os.pipe()  # every process holding the write end has exited when the read end sees EOF
    proc, seen = stub_engines("--target", "cuda", "--config", str(mine), "--", "--model-path", "/m",
                              pass_fds=(done_w,))
    os.close(done_w)
    assert proc.returncode == 7, proc.stderr
    written = seen["argv"][seen["argv"].index("--config") + 1]
    assert yaml.safe_load(seen["config"]) == {"enable-metrics": True}  # the engine read it
    with os.fdopen(done_r, "rb") as done:
        assert done.read() == b""  # the engine, and the watcher after removing the file, have exited
    assert not Path(written).exists() and mine.exists()


def test_config_out_never_overwrites_the_file_being_read(stub_engines, tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text("tp_size: 2\n", encoding="utf-8")
    proc, seen = stub_engines("--target", "cuda", "--config", str(mine), "--config-out", str(mine), "--",
                              "--model-path", "/m")
    assert proc.returncode == 2 and seen is None and "--config-out" in proc.stderr
    assert mine.read_text(encoding="utf-8") == "tp_size: 2\n"


def test_launch_execs_vllm_and_argmatrix(stub_engines):
    proc, seen = stub_engines("--target", "cuda", "--engine", "vllm", "--", "vllm", "serve", "/m", "-tp", "2",
                              STUB_EXIT="0")
    assert proc.returncode == 0, proc.stderr
    assert seen["argv"][1:] == ["serve", "/m", "--tensor-parallel-size", "2"]
    proc, seen = stub_engines("--target", "cpu", "--engine", "argmatrix", "--", "--model-path", "/m")
    assert proc.returncode == 7 and seen["argv"][1:] == ["serve", "--target", "cpu", "--model-path", "/m"]


def test_launch_with_errors_never_execs(stub_engines):
    proc, seen = stub_engines("--target", "a3", "--", "--model-path", "/m", "--attention-backend", "fa3")
    assert proc.returncode == 1 and seen is None and "AM-E10" in proc.stderr
    proc, seen = stub_engines("--target", "cuda", "--", "--tp-szie", "2")
    assert proc.returncode == 2 and seen is None


def test_a_missing_engine_is_exit_127(tmp_path):
    if shutil.which("vllm"):
        pytest.skip("vllm is installed here")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARGMATRIX_")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    proc = subprocess.run([sys.executable, "-m", "argmatrix.cli", "launch", "--target", "cuda", "--engine", "vllm",
                           "--", "--model-path", "/m"], capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 127 and "cannot start vllm" in proc.stderr


def test_launch_argmatrix_passes_allow_unimplemented_on(cli):
    result = cli("launch", "--target", "cpu", "--engine", "argmatrix", "--dry-run", "--", "--model-path", "/m",
                 "--pp-size", "2")  # pipeline parallelism: not in argmatrix's engine
    assert result.exit_code == 1 and "AM-E501" in result.output
    result = cli("launch", "--target", "cpu", "--engine", "argmatrix", "--allow-unimplemented", "--dry-run", "--",
                 "--model-path", "/m", "--pp-size", "2")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == ("argmatrix serve --target cpu --allow-unimplemented --model-path /m "
                                              "--pipeline-parallel-size 2")


def test_lists_are_spelled_as_sglang_parses_them():
    """nargs per 0.5.23's parser: most lists take several values, a few one JSON value."""
    fixture = json.loads((ROOT / "tests" / "fixtures" / "sglang-0.5.23.json").read_text(encoding="utf-8"))
    nargs = {f: e.get("nargs") for e in fixture["flags"] for f in e["flags"]}
    from argmatrix.compiler.spelling import ONE_TOKEN_LISTS
    for name, spec in SPECS.items():
        if spec.is_list and spec.flag in nargs:
            assert (name in ONE_TOKEN_LISTS) == (nargs[spec.flag] is None), name
    compiled = run(["--forward-hooks", '[{"name": "h"}]'])
    assert sglang_args(build_command(compiled, "sglang")) == ["--forward-hooks", '[{"name": "h"}]']


def test_switches_with_an_off_spelling_stay_on_the_command_line(tmp_path):
    """SGLang's --config writes `--key true` for any switch that is not store_true, which --x/--no-x refuses."""
    mine = tmp_path / "mine.yaml"
    mine.write_text("enable_tf32_matmul: true\nenable_metrics: true\n", encoding="utf-8")
    cmd = build_command(run([], config=str(mine)), "sglang", config_path="x.yaml")
    assert yaml.safe_load(cmd.config_text) == {"enable-metrics": True}
    assert "--enable-tf32-matmul" in cmd.argv


def test_strict_makes_a_value_left_out_an_error(cli):
    argv = ["launch", "--target", "cuda", "--engine", "vllm", "--dry-run"]
    assert cli(*argv, "--", "--model-path", "/m", "--enable-metrics").exit_code == 0
    result = cli(*argv, "--strict", "--", "--model-path", "/m", "--enable-metrics")
    assert result.exit_code == 1 and "AM-W801" in result.output and "vllm serve" not in result.stdout
