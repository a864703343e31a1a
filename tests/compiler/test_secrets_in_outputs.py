"""Issue 20.6/20.7: no secret planted in flags, config files or the environment appears in any CLI output or
export format, except where the user asked for it (``export --to sglang``/``vllm``: a command to run;
``--show-secrets``); ``export --to k8s`` reads secrets from a Secret and escapes ``$``."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from argmatrix.schema.redact import REDACTED, Scrubber, is_secret_name, redact, secret_strings

ROOT = Path(__file__).resolve().parents[2]
# a config file's --api-key, the environment's --admin-api-key, and on the command line an hf_token inside
# --model-loader-extra-config and --ssl-keyfile-password
PLANTED = {"file": "FILEsecret0002xyz", "env": "ENVsecret0003xyz", "hf": "hf_PLANTEDtoken0004",
           "pw": "PWsecret0005xyz"}


def _run(*args, **env_extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARGMATRIX_")}
    env.update(COLUMNS="200", LANG="C.UTF-8", LC_ALL="C.UTF-8", ARGMATRIX_ADMIN_API_KEY=PLANTED["env"],
               PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]), **env_extra)
    return subprocess.run([sys.executable, "-m", "argmatrix.cli", *args], capture_output=True, text=True,
                          timeout=60, env=env)


@pytest.fixture
def planted(tmp_path):
    config = tmp_path / "secret.yaml"
    config.write_text(f"api-key: {PLANTED['file']}\n", encoding="utf-8")
    flags = ["--model-path", "/m", "--model-loader-extra-config",
             json.dumps({"hf_token": PLANTED["hf"], "revision": "main"}), "--ssl-keyfile-password", PLANTED["pw"],
             "--ssl-keyfile", "/tls/key.pem", "--ssl-certfile", "/tls/cert.pem",  # SGLang wants the pair (AM-E260)
             "--served-model-name", "a$(HOME)$$b"]
    return ["--target", "cuda", "--config", str(config)], flags


def _leaks(text: str) -> list[str]:
    return [name for name, secret in PLANTED.items() if secret in text]


@pytest.mark.parametrize("command", [["check-config"], ["check-config", "--format", "json"],
                                     ["check-config", "--lang", "zh"], ["launch", "--dry-run"],
                                     *[["export", "--to", to] for to in ("yaml", "json", "env")],
                                     ["export", "--to", "k8s", "--image", "engine:1"]])
def test_no_output_shows_a_planted_secret(planted, command):
    options, flags = planted
    proc = _run(*command, *options, "--", *flags)
    assert proc.returncode == 0, proc.stderr
    assert not _leaks(proc.stdout + proc.stderr), (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr


def test_the_launch_exec_line_hides_secrets_while_the_engine_gets_them(planted, tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    record = tmp_path / "argv.json"
    stub = bin_dir / "python"
    stub.write_text(f"#!{sys.executable}\nimport json, sys\njson.dump(sys.argv, open({str(record)!r}, 'w'))\n")
    stub.chmod(0o755)
    options, flags = planted
    proc = _run("launch", *options, "--config-out", str(tmp_path / "g.yaml"), "--", *flags,
                PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    assert proc.returncode == 0, proc.stderr
    assert "exec python -m sglang.launch_server" in proc.stderr and REDACTED in proc.stderr
    assert not _leaks(proc.stdout + proc.stderr), proc.stderr
    engine_sees = " ".join(json.loads(record.read_text())) + (tmp_path / "g.yaml").read_text()
    assert set(_leaks(engine_sees)) == set(PLANTED)        # the engine gets every value unchanged


@pytest.mark.parametrize("command", [["export", "--to", "sglang"], ["export", "--to", "vllm"],
                                     ["export", "--to", "yaml", "--show-secrets"],
                                     ["check-config", "--format", "json", "--show-secrets"],
                                     ["launch", "--dry-run", "--show-secrets"]])
def test_secrets_are_written_where_the_user_asked_for_them(planted, command):
    options, flags = planted
    proc = _run(*command, *options, "--", *flags)
    assert proc.returncode in (0, 1), proc.stderr
    leaked = set(_leaks(proc.stdout))
    # vLLM has no --admin-api-key or --ssl-keyfile-password (findings say so); it has --model-loader-extra-config
    assert leaked == ({"file", "hf"} if "vllm" in command else set(PLANTED)), proc.stdout
    assert not _leaks(proc.stderr), proc.stderr          # the report never shows them


def test_k8s_reads_secrets_from_a_named_secret_and_escapes_dollars(planted):
    options, flags = planted
    proc = _run("export", "--to", "k8s", "--image", "engine:1", "--k8s-secret", "llm-keys", *options, "--", *flags)
    assert proc.returncode == 0, proc.stderr
    spec = _container(proc.stdout)
    args = spec["args"]
    assert args[args.index("--api-key") + 1] == "$(ARGMATRIX_API_KEY)"
    assert args[args.index("--served-model-name") + 1] == "a$$(HOME)$$$$b"      # Kubernetes reads a$(HOME)$$b
    refs = {e["name"]: e["valueFrom"]["secretKeyRef"] for e in spec["env"] if "secretKeyRef" in e.get("valueFrom", {})}
    assert refs["ARGMATRIX_API_KEY"] == {"name": "llm-keys", "key": "api-key"}
    assert {"ARGMATRIX_ADMIN_API_KEY", "ARGMATRIX_MODEL_LOADER_EXTRA_CONFIG",
            "ARGMATRIX_SSL_KEYFILE_PASSWORD"} <= set(refs)
    assert "kubectl create secret generic llm-keys" in proc.stdout
    shown = _run("export", "--to", "k8s", "--image", "engine:1", "--show-secrets", *options, "--", *flags)
    shown_args = _container(shown.stdout)["args"]
    assert shown_args[shown_args.index("--api-key") + 1] == PLANTED["file"]


def _container(manifest: str) -> dict:
    deployment = next(d for d in yaml.safe_load_all(manifest) if d and d["kind"] == "Deployment")
    return deployment["spec"]["template"]["spec"]["containers"][0]


def test_files_leave_secrets_out_with_a_note(planted):
    options, flags = planted
    proc = _run("export", "--to", "yaml", *options, "--", *flags)
    data = yaml.safe_load(proc.stdout)
    # SGLang's --config file: dashed keys
    assert "api-key" not in data and "model-loader-extra-config" not in data and data["model-path"] == "/m"
    assert proc.stderr.count("AM-N805") == 4 and "ARGMATRIX_API_KEY" in proc.stderr


def test_one_redaction_function_for_names_values_and_text():
    assert is_secret_name("--api-key") and is_secret_name("hf_token") and is_secret_name("ssl_keyfile_password")
    assert not is_secret_name("max_new_tokens") and not is_secret_name("tokenizer_path")
    assert redact(True, "enable_streaming_session") is True           # a switch is not a secret
    assert redact({"hf_token": "x", "revision": "main"}, "json_model_override_args") == {"hf_token": REDACTED,
                                                                                         "revision": "main"}
    secrets = secret_strings({"api_key": "abcd1234", "json_model_override_args": '{"hf_token": "zzzz9999"}',
                              "model_path": "/m"})
    assert {"abcd1234", "zzzz9999"} <= secrets and "/m" not in secrets
    scrub = Scrubber(secrets)
    assert scrub("key abcd1234 and zzzz9999 at https://u:pw@h/") == (f"key {REDACTED} and {REDACTED} at "
                                                                   f"https://{REDACTED}@h/")
    from argmatrix.runtime.server import redact as server_redact  # the server uses the same function
    assert server_redact.redact is redact


def test_the_cheap_word_checks_decide_as_the_patterns_do():
    """``is_secret_name`` and ``redact_text`` skip their patterns when a name or text lacks every word the patterns
    need; over every flag and field name of every surface, and texts holding each token shape, that shortcut
    decides as the patterns alone would."""
    import re

    from argmatrix.schema import redact as r
    from argmatrix.schema.surface import SURFACES

    names = {n for s in SURFACES.values() for spec in s.specs.values() for n in (*spec.names, *spec.flags)}
    names |= {"hf_token", "HF-TOKEN", "Authorization", "db_PASSWD", "x.session", "cookie", "private-key", "keyring"}
    secret, not_secret = re.compile(r.SECRET_NAME), re.compile(r.NOT_SECRET)
    for name in names:
        bare = name.lstrip("-")
        by_patterns = (bare in r.SECRET_FIELDS or bare.replace("-", "_") in r.SECRET_FIELDS
                       or bare.endswith(("_extra_config", "-extra-config"))
                       or (bool(secret.search(bare)) and not not_secret.search(bare.replace("-", "_"))))
        assert r.is_secret_name(name) == by_patterns, name
    texts = ["hf_abcdefgh1234", "sk-abcdefgh1234", "ghp_abcdefgh1234", "gho_abcdefgh1234", "ghu_abcdefgh1234",
             "ghs_abcdefgh1234", "ghr_abcdefgh1234", "ghx_abcdefgh1234", "xoxb-abcdefgh1234", "AKIAABCDEFGHIJKLMNOP",
             "Bearer abc.def", "BEARER x", "https://u:p@host/x", "plain text", "--tp-size 2"]
    url, shapes = re.compile(r.URL_USERINFO), re.compile(r.TOKEN_SHAPES)
    for text in texts:
        expected = url.sub(lambda m: m.group(1) + r.REDACTED + "@", text)
        expected = shapes.sub(lambda m: (m.group(2) + r.REDACTED) if m.group(2) else r.REDACTED, expected)
        assert r.redact_text(text) == expected, text
