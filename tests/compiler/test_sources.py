"""Declared vs platform defaults, source precedence and provenance, and --config files."""
from __future__ import annotations

import pytest

from argmatrix.matrix.platforms import PLATFORMS
from argmatrix.schema import SPECS, ServerArgs

from .helpers import codes, only, run

# --- defaults -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("target", ["a2", "a3"])
def test_npu_platform_defaults(target):
    c = run([], target=target)
    assert c.args.page_size == 128 and c.sources["page_size"] == f"platform:{target}"
    assert c.args.attention_backend == "ascend" and c.sources["attention_backend"] == f"platform:{target}"
    assert c.args.device == "npu"
    assert c.findings == []  # a platform default is not a user choice: no status applies to it


@pytest.mark.parametrize("target", ["cuda", "cpu"])
def test_gpu_and_cpu_page_size_is_one(target):
    c = run([], target=target)
    assert c.args.page_size == 1 and c.sources["page_size"] == f"platform:{target}"
    assert c.args.attention_backend != "ascend"


def test_declared_defaults_stay_separate():
    assert SPECS["page_size"].default is None and SPECS["attention_backend"].default is None
    assert ServerArgs.model_fields["page_size"].default is None
    assert ServerArgs.model_fields["attention_backend"].default is None
    assert ServerArgs().page_size is None  # the model alone knows no platform
    assert PLATFORMS["a2"].default(SPECS["page_size"]) == 128
    assert PLATFORMS["cuda"].default(SPECS["page_size"]) == 1
    c = run([], target="a3")
    assert c.sources["tp_size"] == "default" and c.args.tp_size == 1
    assert "page_size" not in c.user_set


# --- precedence -------------------------------------------------------------------------------------------------

@pytest.fixture
def layered(tmp_path):
    cfg = tmp_path / "deploy.yaml"
    cfg.write_text("# deployment\npage_size: 64\ntp_size: 2\nmax_running_requests: 10\nschedule_policy: lpm\n")
    return cfg


def test_each_layer_overrides_the_one_below(layered):
    env = {"ARGMATRIX_TP_SIZE": "4", "ARGMATRIX_MAX_RUNNING_REQUESTS": "20"}
    c = run(["--max-running-requests", "30", "--dp-size", "2"], target="a3", config=str(layered), env=env,
            overrides={"dp_size": 3})
    assert (c.args.mem_fraction_static, c.sources["mem_fraction_static"]) == (None, "default")
    assert (c.args.attention_backend, c.sources["attention_backend"]) == ("ascend", "platform:a3")
    assert (c.args.page_size, c.sources["page_size"]) == (64, f"file:{layered}:2")   # file beats platform default
    assert (c.args.schedule_policy, c.sources["schedule_policy"]) == ("lpm", f"file:{layered}:5")
    assert (c.args.tp_size, c.sources["tp_size"]) == (4, "env:ARGMATRIX_TP_SIZE")      # env beats file
    assert (c.args.max_running_requests, c.sources["max_running_requests"]) == (30, "argv[0]")  # argv beats env
    assert (c.args.dp_size, c.sources["dp_size"]) == (3, "override")                   # overrides beat argv
    assert c.findings == []


def test_provenance_strings(tmp_path):
    cfg = tmp_path / "c.json"
    cfg.write_text('{\n  "model_path": "/models/m",\n  "page_size": 32\n}\n')
    c = run(["--tp-size", "8", "--moe-a2a-backend", "deepep", "--config", str(cfg)], target="a3",
            env={"ARGMATRIX_TP_SIZE": "2", "ARGMATRIX_PORT": "31000"}, overrides={"host": "0.0.0.0"})
    assert c.sources["tp_size"] == "argv[0]"  # the index of the flag, not of its value
    assert c.sources["moe_a2a_backend"] == "argv[2]"
    assert c.sources["port"] == "env:ARGMATRIX_PORT"
    assert c.sources["page_size"] == f"file:{cfg}:3"
    assert c.sources["model_path"] == f"file:{cfg}:2"
    assert c.sources["tokenizer_path"] == "derived:tokenizer-from-model"
    assert c.sources["ep_size"] == "derived:ep-from-tp" and c.args.ep_size == 8
    assert c.sources["host"] == "override"
    assert c.sources["attention_backend"] == "platform:a3"
    assert c.sources["dtype"] == "default"
    assert c.findings == []


def test_env_var_names_are_case_insensitive_and_typos_warn():
    c = run([], target="cuda", env={"argmatrix_tp_size": "2", "ARGMATRIX_TPSIZE": "3", "ARGMATRIX_TARGET": "a2",
                                    "OTHER": "x"})
    assert c.args.tp_size == 2 and c.sources["tp_size"] == "env:argmatrix_tp_size"
    f = only(c, "AM-W302")
    assert f.source == "env:ARGMATRIX_TPSIZE" and f.hint.en == "did you mean ARGMATRIX_TP_SIZE?"
    assert c.platform == "cuda"  # an explicit target wins over ARGMATRIX_TARGET


def test_env_target_is_used_when_no_target_is_given():
    from argmatrix.compiler import CompileOptions, compile

    assert compile([], CompileOptions(env={"ARGMATRIX_TARGET": "a2"})).platform == "a2"


def test_unknown_override_key():
    f = only(run([], overrides={"tp_szie": 2}), "AM-E001")
    assert f.source == "override" and "tp_size" in f.hint.en


# --- config files -----------------------------------------------------------------------------------------------

CONFIGS = {
    "yaml": "model_path: /models/m\ntp-size: 2\nenable_multimodal: false\ncuda_graph_bs: [1, 2, 4]\n"
            "json_model_override_args: {rope_scaling: {factor: 2}}\n",
    "json": '{\n  "model_path": "/models/m",\n  "tp-size": 2,\n  "enable_multimodal": false,\n'
            '  "cuda_graph_bs": [1, 2, 4],\n  "json_model_override_args": {"rope_scaling": {"factor": 2}}\n}\n',
    "toml": 'model_path = "/models/m"\ntp-size = 2\nenable_multimodal = false\ncuda_graph_bs = [1, 2, 4]\n'
            "json_model_override_args = { rope_scaling = { factor = 2 } }\n",
}


@pytest.mark.parametrize("suffix", ["yaml", "json", "toml"])
@pytest.mark.parametrize("style", ["--config", "--config=", "keyword"])
def test_config_file_formats(tmp_path, suffix, style):
    cfg = tmp_path / f"deploy.{suffix}"
    cfg.write_text(CONFIGS[suffix])
    if style == "--config":
        c = run(["--config", str(cfg)], target="a3")
    elif style == "--config=":
        c = run([f"--config={cfg}"], target="a3")
    else:
        c = run([], target="a3", config=str(cfg))
    assert c.findings == []
    assert c.args.model_path == "/models/m"
    assert c.args.tp_size == 2
    assert c.args.cuda_graph_bs == [1, 2, 4]
    assert c.args.json_model_override_args == {"rope_scaling": {"factor": 2}}
    # tri-state boolean: false is False, not "unset" (the declared default is None)
    assert SPECS["enable_multimodal"].default is None
    assert c.args.enable_multimodal is False and "enable_multimodal" in c.user_set
    line = 3 if suffix == "json" else 2
    assert c.sources["tp_size"] == f"file:{cfg}:{line}"


@pytest.mark.parametrize("suffix, text, line", [
    ("yaml", "tp_size: 2\ntp_szie: 4\n", 2),
    ("json", '{\n  "tp_size": 2,\n  "tp_szie": 4\n}\n', 3),
    ("toml", "tp_size = 2\ntp_szie = 4\n", 2),
])
def test_unknown_config_key_has_did_you_mean_and_line(tmp_path, suffix, text, line):
    cfg = tmp_path / f"bad.{suffix}"
    cfg.write_text(text)
    c = run([], config=str(cfg))
    f = only(c, "AM-E001")
    assert f.kind == "usage" and f.source == f"file:{cfg}:{line}"
    assert "tp_szie" in f.message.en and f.hint.en == "did you mean 'tp_size'?"
    assert c.exit_code == 2
    assert c.args.tp_size == 2  # the known keys are still read


def test_bad_yaml_reports_its_line(tmp_path):
    cfg = tmp_path / "broken.yaml"
    cfg.write_text("tp_size: 2\npage_size: 64\nmodel_path: a: b\n")
    c = run([], config=str(cfg))
    f = only(c, "AM-E007")
    assert f.kind == "usage" and f.source == f"file:{cfg}:3"
    assert "not valid YAML" in f.message.en
    assert c.exit_code == 2


def test_config_file_problems_are_usage_errors(tmp_path):
    assert only(run([], config=str(tmp_path / "missing.yaml")), "AM-E006").kind == "usage"
    ini = tmp_path / "c.ini"
    ini.write_text("tp_size=2\n")
    assert run([], config=str(ini)).exit_code == 2
    nested = tmp_path / "n.yaml"
    nested.write_text("config: other.yaml\n")
    assert "AM-E008" in codes(run([], config=str(nested)))
    listy = tmp_path / "l.yaml"
    listy.write_text("- tp_size\n")
    assert "AM-E007" in codes(run([], config=str(listy)))


def test_config_file_values_are_typed(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("tp_size: two\n")
    f = only(run([], config=str(cfg)), "AM-E010")
    assert f.field == "tp_size" and f.value == "two" and f.source == f"file:{cfg}:1"
