"""Record what SGLang's own parser makes of what argmatrix writes for it: the golden round trip of issue 19.4.

For every flag of one SGLang release (its parser's flag set, ``tests/fixtures/sglang-<release>.json``) this tool
builds launches with argmatrix, and has that release's own code read what argmatrix wrote for each:

* ``argv``: the value set on argmatrix's side as an override, so ``argmatrix launch`` writes it on SGLang's
  command line (``export --to sglang`` writes the same line; the suite checks they agree);
* ``launch-yaml``: the value set in the user's config file, so ``launch`` writes it into the temporary
  ``--config`` YAML (or, where SGLang's config reader cannot take it, on the command line);
* ``export-yaml``: ``export --to yaml``, the file alone: ``--config FILE`` is the whole command line.

Per flag: a value other than the default, of the field's type; both switch positions of every three-state switch
(``--X`` / ``--no-X``); and the value at argmatrix's declared default, written explicitly.  SGLang's reading is
recorded as the difference from its reading of the bare launch (``--model-path m``); the suite
(``tests/compiler/test_sglang_reads_exports.py``, no SGLang needed) rebuilds argmatrix's side of every case,
checks it still writes what was recorded, and that the values it meant are the values SGLang read.

The SGLang side runs in the engine's own virtualenv (``--engine-python``), in a child process that imports only
the standard library and SGLang, through the cheapest faithful entry of each release:

* 0.5.23 (and any release whose ``ServerArgs`` is a ``msgspec.Struct``): ``prepare_server_args(argv)``, SGLang's
  own launcher entry: its ``ConfigArgumentMerger`` for ``--config``, ``parse_args`` and
  ``ServerArgs.from_cli_args``.  Construction leaves the record unresolved (``resolve_once`` is separate), so
  nothing loads a model;
* 0.5.9 (a dataclass whose ``__post_init__`` resolves: devices, the model's config): the same
  ``prepare_server_args`` with ``ServerArgs.__post_init__`` replaced by a no-op for the run, so the record is
  exactly what ``from_cli_args`` builds from the parsed namespace, before resolution.  ``torchvision`` is
  stubbed (the scratch venv's CPU torch has no matching build; the parser never calls it).

    python tools/sglang_reads_exports.py --engine-python /work/venvs/sglang/bin/python --release 0.5.23
    python tools/sglang_reads_exports.py --engine-python /work/venvs/sglang059/bin/python --release 0.5.9

Writes ``tests/fixtures/sglang_reads/sglang-<release>.json`` (``--out`` for another folder).  With
``--config-keys`` it records instead, for every key ``generated/sglang-config.schema.json`` describes (dashed,
underscored, refused), whether SGLang's ``--config`` reader reads a file holding it
(``config-keys-<release>.json``; ``tests/generate/test_sglang_config_schema.py``).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG_NAME = "argmatrix-sglang.yaml"   # the path launch is told to write its --config file to
EXPORT_NAME = "argmatrix-export.yaml"   # where the export --to yaml file is put for SGLang to read
BASE_ARGV = ["--model-path", "m"]


# --- the engine side: stdlib and SGLang only ----------------------------------------------------------------------

def _encode(value):
    """A value SGLang holds, as JSON (tuples as lists; anything else by its repr)."""
    import enum

    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if value == value and value not in (float("inf"), float("-inf")) else {"__repr__": repr(value)}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    if isinstance(value, enum.Enum):
        return _encode(value.value)
    return {"__repr__": repr(value)}


def _stub_torchvision() -> None:
    """SGLang's multimodal modules import torchvision, which the venv may lack; its parser never needs it."""
    import engine_stubs  # tools/engine_stubs.py: this script's folder is on sys.path

    engine_stubs.install(lambda name: name == "torchvision", first=True)


def engine_side() -> None:
    """Read cases (JSON lines on stdin), answer SGLang's reading of each (JSON lines on stdout)."""
    import dataclasses
    import importlib.util

    if importlib.util.find_spec("torchvision") is None:
        _stub_torchvision()
    out = sys.stdout
    sys.stdout = sys.stderr  # SGLang's prints must not mix with the answers
    import sglang
    from sglang.srt import server_args as sa

    struct = not dataclasses.is_dataclass(sa.ServerArgs)
    if struct:
        import msgspec

        entry = "prepare_server_args (unresolved msgspec record)"

        def fields(record):
            return msgspec.structs.asdict(record)
    else:
        sa.ServerArgs.__post_init__ = lambda self: None  # stop before resolution
        entry = "prepare_server_args with ServerArgs.__post_init__ (resolution) skipped"

        def fields(record):
            return {f.name: getattr(record, f.name) for f in dataclasses.fields(record)}
    print(json.dumps({"sglang_version": sglang.__version__, "entry": entry}), file=out, flush=True)
    home = os.getcwd()
    for line in sys.stdin:
        case = json.loads(line)
        with tempfile.TemporaryDirectory() as tmp:
            os.chdir(tmp)
            for name, text in (case.get("files") or {}).items():
                Path(name).write_text(text, encoding="utf-8")
            err = io.StringIO()
            answer: dict = {"id": case["id"]}
            try:
                with contextlib.redirect_stderr(err):
                    record = sa.prepare_server_args(list(case["argv"]))
                answer["values"] = {k: _encode(v) for k, v in fields(record).items()}
            except SystemExit:
                lines = [x for x in err.getvalue().splitlines() if x.strip()]
                answer["error"] = lines[-1] if lines else "argparse exit"
            except Exception as exc:  # noqa: BLE001  SGLang refuses with ValueError, its type functions with others: record any
                answer["error"] = f"{type(exc).__name__}: {exc}"
            finally:
                os.chdir(home)
        print(json.dumps(answer), file=out, flush=True)


# --- argmatrix's side ---------------------------------------------------------------------------------------------

# values of the right shape for fields whose parser checks more than the type (argmatrix takes {"k": 1} for
# --cuda-graph-config, SGLang's type function wants a phase: a check argmatrix lacks, outside this round trip)
SAMPLES = {"cuda_graph_config": [{"decode": {"backend": "disabled"}}]}


# spellings that test the writer's edges: a negative number (argparse reads it as a value), a text starting with
# '-' (it reads that as an option: --flag=value, and never in the file), text YAML would read as a number or
# needs quoting, nested and non-ASCII JSON, a human-readable integer
EDGES: dict[str, list] = {
    "chunked_prefill_size": [-1],
    "served_model_name": ["-dash-name", "1.0", "a b: c #d"],
    "json_model_override_args": [{"rope_scaling": {"type": "yarn", "factor": 4.0}, "ü": [1, "x", None]}],
    "context_length": ["32k"],
    "api_key": ["two words"],
    "cuda_graph_bs_decode": [[1, 2, 4]],
    "cuda_graph_bs": [[1, 2, 4]],
    "mem_fraction_static": [1e-05],
}


def _candidates(name: str, release_entry: dict | None) -> list:
    """Values to try for ``name``, best first: different from argmatrix's default and from SGLang's."""
    from argmatrix.schema.registry import SPECS

    if name in SAMPLES:
        return SAMPLES[name]
    spec = SPECS[name]
    d = spec.default
    theirs = release_entry.get("default") if release_entry else None
    if spec.is_bool:
        return [not d] if d is not None else [True]
    choices = (release_entry or {}).get("choices") or spec.choices
    if choices:
        picked = [c for c in choices if c not in (d, theirs) and [c] != d] + list(choices)
        return [[c] for c in picked] if spec.is_list else picked
    if spec.is_object:
        return [{"k": 1}, {"a": {"b": [1, 2]}}, {}]
    if spec.is_list:
        if "str" in str(spec.base_type):
            return [["a", "b"], ["a"]]
        if "float" in str(spec.base_type):
            return [[0.5, 0.25], [1.0]]
        return [[1, 2], [2], [1]]
    if spec.base_type is int or (spec.base_type is float and (release_entry or {}).get("type") == "int"):
        base = d if isinstance(d, int) and not isinstance(d, bool) else 0
        return [base + 2, 2, 8, 1, 64, 30010, 0]
    if spec.base_type is float:
        return [0.5, 0.25, 2.0, 1.5, 10.0]
    return ["x", "127.0.0.1:5000", "a=b", "m2"]


def _compile(name: str, value, route: str, release: str, tmp: Path):
    from argmatrix.compiler import CompileOptions, compile

    kw = dict(target="cuda", releases={"sglang": release}, env={})
    if route == "argv":
        return compile(list(BASE_ARGV), CompileOptions(overrides={name: value}, **kw))
    path = tmp / f"user-{name}.json"  # the user's own file (JSON is YAML): field names as keys
    path.write_text(json.dumps({name: value}), encoding="utf-8")
    return compile(list(BASE_ARGV), CompileOptions(config=str(path), **kw))


def written(name: str, value, route: str, release: str, tmp: Path) -> dict:
    """What argmatrix writes for SGLang for one case: the command line after the program, and the files."""
    from argmatrix.compiler.export import export
    from argmatrix.compiler.launch import build_command
    from argmatrix.matrix import engines

    compiled = _compile(name, value, "argv" if route == "export-yaml" else route, release, tmp)
    program = len(engines.get("sglang").program)
    if route == "export-yaml":
        text = export(compiled, "yaml", release=release).text
        return {"argv": ["--config", EXPORT_NAME], "files": {EXPORT_NAME: text}, "user_set": name in compiled.user_set}
    cmd = build_command(compiled, "sglang", release=release, config_path=CONFIG_NAME)
    files = {CONFIG_NAME: cmd.config_text} if cmd.config_text is not None else {}
    return {"argv": cmd.argv[program:], "files": files, "user_set": name in compiled.user_set,
            "bad": any(f.code in ("AM-E010", "AM-E113") and f.field == name for f in compiled.findings)}


def cases(release: str, tmp: Path) -> tuple[list[dict], list[str]]:
    """Every case of ``release``, and the release's flags argmatrix has no field for."""
    from argmatrix.schema.registry import FLAGS, SPECS
    from argmatrix.schema.releases import NO_SPELLING, argmatrix_only, exists_in

    fixture = json.loads((ROOT / "tests" / "fixtures" / f"sglang-{release}.json").read_text(encoding="utf-8"))
    entry_of: dict[str, dict] = {}
    unknown = []
    for entry in fixture["flags"]:
        field = next((FLAGS[f] for f in entry["flags"] if f in FLAGS), None)
        if field is None:
            unknown.append(entry["flags"][0])
        else:
            entry_of.setdefault(field, entry)
    out = []
    for name in SPECS:
        if name == "config" or argmatrix_only(name) or not exists_in(name, release) or name not in entry_of:
            continue
        spec = SPECS[name]
        values: list[tuple[str, object]] = []
        for candidate in _candidates(name, entry_of[name]):
            probe = written(name, candidate, "argv", release, tmp)
            if probe["user_set"] and not probe["bad"]:
                values.append(("set", candidate))
                break
        if spec.is_bool and name in NO_SPELLING:
            values = [("on", True), ("off", False)]
        if name != "model_path":  # SGLang requires a model path: an explicit unset one is refused by design
            values.append(("at-default", spec.default))
        for i, edge in enumerate(EDGES.get(name, ())):
            probe = written(name, edge, "argv", release, tmp)
            if probe["user_set"] and not probe["bad"]:
                values.append((f"edge{i}", edge))
        for kind, value in values:
            for route in ("argv", "launch-yaml", "export-yaml"):
                w = written(name, value, route, release, tmp)
                out.append({"id": f"{name}:{kind}:{route}", "field": name, "kind": kind, "route": route,
                            "value": value, "argv": w["argv"], "files": w["files"]})
    return out, unknown


def read_in_engine(engine_python: str, release: str, todo: list[dict]) -> tuple[dict, dict, dict]:
    """Run the baseline launch and every case of ``todo`` through the SGLang release's own reading (this script's
    ``--engine-side``, in ``engine_python``): its head line (release, entry point), the baseline's values, and each
    case's answer by id."""
    base = {"id": "baseline", "argv": BASE_ARGV, "files": {}}
    proc = subprocess.Popen([engine_python, __file__, "--engine-side"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, cwd=tempfile.gettempdir())
    feed = "".join(json.dumps({k: c[k] for k in ("id", "argv", "files")}) + "\n" for c in [base, *todo])
    answers, _ = proc.communicate(feed)
    lines = [json.loads(x) for x in answers.splitlines() if x.strip()]
    head, results = lines[0], {a["id"]: a for a in lines[1:]}
    if head["sglang_version"] != release:
        raise SystemExit(f"{engine_python} has SGLang {head['sglang_version']}, not {release}")
    return head, results["baseline"]["values"], results


def record(engine_python: str, release: str, out_dir: Path) -> Path:
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        todo, unknown = cases(release, Path(tmp))
    head, baseline, results = read_in_engine(engine_python, release, todo)
    for case in todo:
        got = results[case["id"]]
        if "error" in got:
            case["sglang_error"] = got["error"]
        else:
            case["sglang"] = {k: v for k, v in got["values"].items() if baseline.get(k, object()) != v}
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"sglang-{release}.json"
    doc = {"sglang_version": head["sglang_version"], "entry": head["entry"], "tool": "tools/sglang_reads_exports.py",
           "base_argv": BASE_ARGV, "config_name": CONFIG_NAME, "export_name": EXPORT_NAME,
           "flags_without_field": unknown, "baseline": baseline, "cases": todo}
    head_keys = [k for k in doc if k != "cases"]  # one case a line, so a re-recording diffs by case
    text = "{\n" + "".join(f"{json.dumps(k)}: {json.dumps(doc[k], ensure_ascii=False, sort_keys=True)},\n"
                           for k in head_keys)
    text += '"cases": [\n' + ",\n".join(json.dumps(c, ensure_ascii=False) for c in todo) + "\n]}\n"
    path.write_text(text, encoding="utf-8")
    refused = sum("sglang_error" in c for c in todo)
    print(f"SGLang {release}: {len(todo)} cases over {len({c['field'] for c in todo})} fields, "
          f"{refused} refused by SGLang; written to {path}")
    return path


# --- the keys of an SGLang --config file (generated/sglang-config.schema.json) --------------------------------------

def key_cases(release: str, tmp: Path) -> list[dict]:
    """One file per key the schema describes (``json_schema.sglang_keys``): ``model-path: m`` and the key with a
    value SGLang's reader takes for the field (a switch ``true``), whether the schema suggests or refuses it."""
    from argmatrix.compiler.launch import _yaml_value
    from argmatrix.generate.example_config import yaml_value
    from argmatrix.generate.json_schema import sglang_keys
    from argmatrix.schema.registry import SPECS

    fixture = json.loads((ROOT / "tests" / "fixtures" / f"sglang-{release}.json").read_text(encoding="utf-8"))
    from argmatrix.schema.registry import FLAGS

    entry_of = {}
    for entry in fixture["flags"]:
        field = next((FLAGS[f] for f in entry["flags"] if f in FLAGS), None)
        if field is not None:
            entry_of.setdefault(field, entry)
    out = []
    for key, (name, how) in sglang_keys(release).items():
        spec = SPECS[name]
        value = True if spec.is_bool else None
        for candidate in ([] if spec.is_bool else _candidates(name, entry_of.get(name))):
            ok, said = _yaml_value(name, candidate, release)
            value = said if ok and said is not None else candidate
            if ok and said is not None:
                break
        text = (f"model-path: {yaml_value(value)}\n" if key == "model-path"
                else f"model-path: m\n{key}: {yaml_value(value)}\n")
        out.append({"id": f"key:{key}", "key": key, "field": name, "schema": how, "argv": ["--config", "k.yaml"],
                    "files": {"k.yaml": text}})
    return out


def record_keys(engine_python: str, release: str, out_dir: Path) -> Path:
    """tests/fixtures/sglang_reads/config-keys-<release>.json: which keys SGLang's --config reader reads."""
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        todo = key_cases(release, Path(tmp))
    head, baseline, results = read_in_engine(engine_python, release, todo)
    keys = {}
    for case in todo:
        got = results[case["id"]]
        entry = {"field": case["field"], "file": case["files"]["k.yaml"]}
        if "error" in got:
            entry["error"] = got["error"]
        else:
            entry["sglang"] = {k: v for k, v in got["values"].items() if baseline.get(k, object()) != v}
        keys[case["key"]] = entry
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"config-keys-{release}.json"
    text = "{\n" + "".join(f"{json.dumps(k)}: {json.dumps(v)},\n" for k, v in (
        ("sglang_version", head["sglang_version"]), ("entry", head["entry"]),
        ("tool", "tools/sglang_reads_exports.py --config-keys")))
    text += '"keys": {\n' + ",\n".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False, sort_keys=True)}"
                                        for k, v in keys.items()) + "\n}}\n"
    path.write_text(text, encoding="utf-8")
    refused = sum("error" in v for v in keys.values())
    print(f"SGLang {release}: {len(keys)} config keys, {refused} refused by its --config reader; written to {path}")
    return path


def main() -> None:
    if "--engine-side" in sys.argv:
        engine_side()
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine-python", required=True, help="python of a venv with the SGLang release")
    parser.add_argument("--release", required=True)
    parser.add_argument("--out", default=str(ROOT / "tests" / "fixtures" / "sglang_reads"))
    parser.add_argument("--config-keys", action="store_true", help="record which keys of generated/"
                        "sglang-config.schema.json SGLang's --config reader reads (config-keys-<release>.json)")
    args = parser.parse_args()
    if args.config_keys:
        record_keys(args.engine_python, args.release, Path(args.out))
    else:
        record(args.engine_python, args.release, Path(args.out))


if __name__ == "__main__":
    main()
