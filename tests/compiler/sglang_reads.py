"""Judge argmatrix's writing against SGLang's own reading, from the golden fixtures of
``tools/sglang_reads_exports.py`` (``tests/fixtures/sglang_reads/``): no SGLang needed.

Each case is rebuilt here (the same input, the same writer), so a fixture recorded for other output is
reported as stale instead of judged; then every value argmatrix meant to pass is compared with the value
SGLang's parser produced, and every value SGLang changed must be one argmatrix meant."""
from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "sglang_reads"


@dataclass
class Verdict:
    case: dict
    outcome: str                  # agrees | stated (a finding names what SGLang reads differently) | stale | differs
    detail: str = ""
    wrong: dict[str, Any] = field(default_factory=dict)  # field -> (meant, read)


# SGLang's bookkeeping next to its fields: set when the flag is given at all
BOOKKEEPING = {"_radix_eviction_policy_explicitly_set": "radix_eviction_policy"}


def load(release: str) -> dict:
    return json.loads((FIXTURES / f"sglang-{release}.json").read_text(encoding="utf-8"))


def same(meant: Any, read: Any) -> bool:
    """Whether SGLang's value ``read`` is argmatrix's ``meant``: JSON objects SGLang keeps as their text, lists as
    lists, numbers by value."""
    if isinstance(meant, (list, tuple)) and isinstance(read, list):
        return len(meant) == len(read) and all(same(m, r) for m, r in zip(meant, read))
    if isinstance(meant, (dict, list)) and isinstance(read, str):
        try:
            return bool(json.loads(read) == meant)
        except ValueError:
            return False
    if isinstance(meant, bool) or isinstance(read, bool):
        return meant is read
    return bool(meant == read)


def rebuild(doc: dict, case: dict, release: str, tmp: Path) -> tuple[dict, dict[str, Any], set[str]]:
    """argmatrix's side of ``case``: what it writes, what it means SGLang to get, and the fields it warns about."""
    from argmatrix.compiler import CompileOptions, compile
    from argmatrix.compiler.export import export
    from argmatrix.compiler.launch import build_command
    from argmatrix.matrix import engines

    name, value, route = case["field"], case["value"], case["route"]
    kw: dict[str, Any] = dict(target="cuda", releases={"sglang": release}, env={})
    if route == "launch-yaml":
        path = tmp / f"user-{name}.json"
        path.write_text(json.dumps({name: value}), encoding="utf-8")
        compiled = compile(list(doc["base_argv"]), CompileOptions(config=str(path), **kw))
    else:
        compiled = compile(list(doc["base_argv"]), CompileOptions(overrides={name: value}, **kw))
    cmd = build_command(compiled, "sglang", release=release, config_path=doc["config_name"])
    warned = {f.field for f in cmd.findings if f.code == "AM-W801"}
    if route == "export-yaml":
        result = export(compiled, "yaml", release=release)
        out = {"argv": ["--config", doc["export_name"]], "files": {doc["export_name"]: result.text}}
        warned |= {f.field for f in result.findings if f.code in ("AM-W801", "AM-N805")}
    else:
        files = {doc["config_name"]: cmd.config_text} if cmd.config_text is not None else {}
        out = {"argv": cmd.argv[len(engines.get("sglang").program):], "files": files}
    return out, dict(cmd.passed), warned


def parser_entries(release: str) -> dict[str, dict]:
    """argmatrix field -> the release's parser entry for its flag (dest, action, const)."""
    from argmatrix.schema.registry import SPECS

    fixture = json.loads((ROOT / "tests" / "fixtures" / f"sglang-{release}.json").read_text(encoding="utf-8"))
    by_flag = {f: e for e in fixture["flags"] for f in e["flags"]}
    out = {}
    for name, spec in SPECS.items():
        entry = next((by_flag[f] for f in spec.flags if f in by_flag), None)  # an alias the release spells it by
        if entry is not None:
            out[name] = entry
    return out


def as_read(meant: dict[str, Any], entries: dict[str, dict], baseline: dict[str, Any],
            release: str) -> dict[str, Any]:
    """argmatrix's values as SGLang's record would hold them: under the flag's dest where the record has it
    (``--fp8-gemm-backend`` fills ``fp8_gemm_runner_backend``), a deprecated store-const flag as its const, a
    switch the release takes as text as the text ``true``, and SGLang's bookkeeping."""
    from argmatrix.compiler import sglang_reader

    out: dict[str, Any] = {}
    for name, value in meant.items():
        entry = entries.get(name, {"dest": name})
        if entry["dest"] not in baseline:  # 0.5.9 copies --tensor-parallel-size's dest into tp_size itself
            entry = {**entry, "dest": name}
        if sglang_reader.takes_text(name, release) and value is True:
            value = "true"
        if "const" in entry and entry["action"].endswith("StoreConstAction"):
            value = entry["const"] if value is not None else entry["default"]
        out[entry["dest"]] = value
    for mark, name in BOOKKEEPING.items():
        if mark in baseline:  # a release that keeps the mark
            out[mark] = True if name in meant else baseline[mark]
    return out


def _as_read(written: dict) -> dict:
    """What SGLang reads of a written case: the argv and the files without their whole-line YAML comments (the
    editor header naming the file's schema is for editors; SGLang's reader never sees it)."""
    files = {name: "".join(line for line in text.splitlines(True) if not line.startswith("#"))
             for name, text in written["files"].items()}
    return {"argv": written["argv"], "files": files}


def judge(release: str, doc: dict | None = None) -> list[Verdict]:
    doc = doc or load(release)
    baseline = doc["baseline"]
    entries = parser_entries(release)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for case in doc["cases"]:
            now, meant, warned = rebuild(doc, case, release, Path(tmp))
            if _as_read(now) != _as_read(case):
                out.append(Verdict(case, "stale", f"argmatrix now writes {now}, the fixture has "
                                                  f"{ {'argv': case['argv'], 'files': case['files']} }"))
                continue
            if "sglang_error" in case:
                out.append(Verdict(case, "differs", f"SGLang refused it: {case['sglang_error']}"))
                continue
            read = {**baseline, **case["sglang"]}
            meant = as_read(meant, entries, baseline, release)
            warned = {entries.get(n, {"dest": n})["dest"] for n in warned} | warned
            wrong = {n: (v, read.get(n)) for n, v in meant.items() if not same(v, read.get(n, object()))}
            wrong.update({n: (None, v) for n, v in case["sglang"].items() if n not in meant})
            if not wrong:
                out.append(Verdict(case, "agrees"))
            elif set(wrong) <= warned:
                out.append(Verdict(case, "stated", "", wrong))
            else:
                out.append(Verdict(case, "differs", "", wrong))
    return out
