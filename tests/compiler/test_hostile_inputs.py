"""Issue 20.8: CLI input that ended in a traceback or a hang is a clear finding and exit 2 (unusable input).

Each input the issue's hostile run found is a case here, then hypothesis throws bytes and text of every shape at
the config readers and server flags at the command line: no exception escapes, every run ends with 0, 1 or 2.
"""
from __future__ import annotations

import json
import os
import sys

import pytest

from argmatrix.cli.check_config import run_check_config
from argmatrix.compiler import bounded_read

LAUGHS = "\n".join([
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    *[f"{c}: &{c} [{', '.join([f'*{p}'] * 9)}]" for p, c in zip("abcdef", "bcdefg")]]) + "\n"


def _check(capsys, argv=(), config=None, **kw):
    code = run_check_config(list(argv), target="cuda", config=config, **kw)
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("name, content, says", [
    ("binary.yaml", b"\x00\x01\xff\xfe\x80 binary", "not UTF-8 text"),
    ("nul.yaml", b"tp-size: 2\x00\n", "binary data"),
    ("deep.json", ('{"a":' * 50_000 + "1" + "}" * 50_000).encode(), "50000 levels deep"),
    ("deep.toml", ("a = " + "[" * 50_000 + "]" * 50_000).encode(), "50000 levels deep"),
    ("deep.yaml", ("a: " + "[" * 50_000 + "]" * 50_000).encode(), "50000 levels deep"),
    ("laughs.yaml", LAUGHS.encode(), "more than 100,000 values"),
    ("huge.yaml", b"# " + b"x" * (bounded_read.MAX_FILE_BYTES + 10), "larger than 4 MiB"),
])
def test_unusable_config_files_are_exit_2_with_a_finding(tmp_path, capsys, name, content, says):
    path = tmp_path / name
    path.write_bytes(content)
    code, out = _check(capsys, config=str(path))
    assert code == 2 and says in out and "Traceback" not in out, out[:500]
    code, out = _check(capsys, config=str(path), lang="zh")
    assert code == 2 and "AM-E00" in out and "Traceback" not in out


def test_utf16_and_bom_config_files_are_read(tmp_path, capsys):
    for i, encoding in enumerate(("utf-16", "utf-8-sig", "utf-32")):
        path = tmp_path / f"c{i}.yaml"
        path.write_text("tp-size: 2\nmodel-path: m\n", encoding=encoding)
        code, out = _check(capsys, config=str(path))
        assert code == 0, out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_or_dev_zero_behind_a_yaml_is_refused_without_reading(tmp_path, capsys):
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.yaml"
    zero.symlink_to("/dev/zero")
    for path, says in ((fifo, "FIFO"), (zero, "a device")):
        code, out = _check(capsys, config=str(path))     # a read would block or never end: this returns
        assert code == 2 and says in out, out


def test_a_5000_digit_number_is_a_type_error_not_a_traceback(capsys):
    code, out = _check(capsys, ["--tp-size", "9" * 5000, "--model-path", "m"])
    assert code == 1 and "AM-E010" in out and "Traceback" not in out


@pytest.mark.parametrize("layers", ["Infinity", "NaN", "-Infinity", "1e400"])
def test_a_model_config_with_infinite_counts_is_a_finding(tmp_path, capsys, layers):
    model = tmp_path / "m"
    model.mkdir()
    config = {"architectures": ["LlamaForCausalLM"], "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 100}
    (model / "config.json").write_text(json.dumps(config)[:-1] + f', "num_hidden_layers": {layers}}}')
    code, out = _check(capsys, ["--model-path", str(model)])
    assert code in (1, 2) and "AM-E70" in out and "Traceback" not in out, out


def test_nesting_scan_ignores_brackets_in_strings():
    assert bounded_read.nesting_depth('{"a": "[[[[", \'b\': [1, {"c": "}}"}]}') == 3
    assert bounded_read.nesting_depth('"unterminated [[[[') == 0


# -- the fuzz ----------------------------------------------------------------------------------------------------------
hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

KEYS = st.sampled_from(["tp-size", "tp", "model-path", "api-key", "a.b", "x.y.z", "port", "chunked-prefill-size",
                        "json-model-override-args", "model-loader-extra-config", "&a", "*a", "<<", "\ufeff"])
SCALARS = (st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
           | st.sampled_from(["9" * 5000, "Infinity", "NaN", "&a [1]", "*a", "[[[[", "{{{{", "\x00", "\ud7ff"]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
                      max_leaves=10)


def _render(data, suffix: str) -> str:
    if suffix == ".json":
        return json.dumps(data, allow_nan=True)
    if suffix == ".toml":
        return "\n".join(f'"{k}" = {json.dumps(v)}' for k, v in (data.items() if isinstance(data, dict) else []))
    import yaml
    return yaml.safe_dump(data, allow_unicode=True)


FILES = st.one_of(
    st.binary(max_size=200),
    st.tuples(st.dictionaries(KEYS, VALUES, max_size=5), st.sampled_from([".yaml", ".json", ".toml"]))
    .map(lambda t: _render(t[0], t[1]).encode("utf-8", "surrogatepass")),
    st.tuples(st.sampled_from(["[", "{", "a:\n" + " " * 2, "- "]), st.integers(0, 3000))
    .map(lambda t: (t[0] * t[1]).encode()),
    st.just(LAUGHS.encode()),
    st.sampled_from(["utf-16", "utf-32", "utf-8-sig", "latin-1"]).map(lambda e: "tp-size: 2\nport: é\n".encode(e)),
)


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(content=FILES, suffix=st.sampled_from([".yaml", ".yml", ".json", ".toml"]))
def test_fuzzed_config_files_end_in_a_finding_never_a_traceback(tmp_path, capsys, content, suffix):
    path = tmp_path / f"fuzz{suffix}"
    path.write_bytes(content)
    code, out = _check(capsys, config=str(path), fmt="json")
    assert code in (0, 1, 2), out[:300]
    assert "Traceback" not in out


FLAG_VALUES = st.sampled_from(["9" * 5000, "-1", "1e400", "nan", "inf", "", "{" * 200, '{"hf_token": "x"}', "\x00",
                               "--", "=", "a" * 10_000, "0x10", "1_000", "２"])


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(argv=st.lists(st.sampled_from(["--tp-size", "--tp", "--port", "--model-path", "--json-model-override-args",
                                      "--max-running-requests", "--mem-fraction-static", "--chunked-prefill-size",
                                      "--model-loader-extra-config", "--api-key", "--no-such-flag", "-x"])
                     .flatmap(lambda f: st.tuples(st.just(f), FLAG_VALUES)), max_size=4))
def test_fuzzed_server_flags_end_in_a_finding_never_a_traceback(capsys, argv):
    flat = [token for pair in argv for token in pair]
    code, out = _check(capsys, flat, fmt="json")
    assert code in (0, 1, 2), out[:300]
    assert sys.exc_info() == (None, None, None)
