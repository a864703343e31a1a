"""A corpus of real `vllm serve` commands and vLLM's own verdict on each, as golden fixtures.

Two steps (tests/fixtures/vllm_corpus/README.md has the whole recipe):

    # 1. collect: any python; reads bare git dirs (the `fetch` tool's) and/or unpacked source trees
    python tools/vllm_corpus.py collect --repo vllm-project/vllm-ascend=/work/.mirror/vllm-project+vllm-ascend/repo \\
        --tree vllm-project/vllm=/work/srcs/vllm-0.32.0@5df63a720 tests/fixtures/vllm_corpus
    # 2. judge: the python of a venv where vLLM's parser imports (tools/vllm_parser_venv.sh)
    /work/venvs/vllm032/bin/python tools/vllm_corpus.py judge tests/fixtures/vllm_corpus

``collect`` reads every Markdown/reStructuredText file under docs/ and examples/ (and README.md), takes
the fenced code blocks (any language but Python, JSON, JS, TOML, INI, Dockerfile) and every shell script,
joins ``\\`` continuations, cuts each line at the first unquoted shell operator (``&``, ``|``, ``;``,
``>``, ``<``, ``)``, a comment), splits it the way a POSIX shell splits words (shlex), and keeps the
words after ``vllm serve`` / ``python[3] -m vllm.entrypoints.openai.api_server``.  Words before the
program must be environment assignments (``VLLM_USE_V1=1``) or a wrapper (``nohup``, ``exec``, ``env``,
``time``, ``sudo``): they are dropped; a launcher (``docker run IMAGE``, ``nsys profile``, ...) is noted in
``launched_by``.  ``$VAR``, ``${VAR}`` and ``<model>`` stay literal words, as no shell
expands them here (each command lists them in ``placeholders``).  A command is dropped as a fragment when
it holds an elision (``[options]``, ``...``, ``"${ARGS[@]}"``) or when its program words sit inside
another command (``pgrep -f "vllm serve"``).
Identical argv from several places are kept once, the other places listed in ``also_in``.

``judge`` builds the parser `vllm serve` builds (tools/vllm_release.py) and runs each command through
``parser.parse_args(["serve", *argv])`` (for api_server commands: the api_server parser,
``make_arg_parser(FlexibleArgumentParser())`` as vllm/entrypoints/launchers/api_server/entry.py builds it) and
records either the settings that differ from the parser's defaults (JSON config objects as the JSON
object the parser received, dotted keys merged, with the config class pydantic validated it into) or
the parser's error.  The post-parse check `vllm serve` runs next (``validate_parsed_serve_args``) is
recorded apart, as ``validate``.  A command with placeholders is judged a second time with its int/float
placeholders filled by sample values (``filled``).
"""
from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

DOC_SUFFIXES = (".md", ".rst", ".sh")
DOC_ROOTS = ("docs/", "examples/", "README.md")
SKIP_FENCE_LANGUAGES = {"python", "py", "json", "jsonc", "javascript", "js", "toml", "ini", "dockerfile"}
SERVE = ("vllm", "serve")
API_SERVER = re.compile(r"^python[0-9.]*$")
API_SERVER_MODULE = "vllm.entrypoints.openai.api_server"
WRAPPERS = {"nohup", "exec", "env", "time", "sudo"}
# programs that start `vllm serve` as their child (recorded as launched_by)
LAUNCH_WRAPPERS = {"nsys", "opentelemetry-instrument", "standard-supervisor", "numactl", "taskset", "ray"}
ENV_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
FRAGMENT = re.compile(r"\[(?:options|args|OPTIONS|ARGS)[^\]]*\]|^\.\.\.$|\$\{?[A-Za-z_]\w*\[@\]\}?")
ANGLE_PLACEHOLDER = re.compile(r"(^|\s)(<[A-Za-z_][^<>\s'\"]*>[^\s'\"<>]*)(?=\s|$)")
PLACEHOLDER_WORD = re.compile(r"<[A-Za-z_][^<>\s]*>|\$\{?[A-Za-z_0-9]")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([A-Za-z0-9_+-]*)")
EDGE_SOURCE = "argmatrix: edge case"


# ---------------------------------------------------------------------------------------------
# Reading code blocks
# ---------------------------------------------------------------------------------------------

def code_blocks(path: str, text: str) -> list[list[tuple[int, str]]]:
    """The code of one file as blocks of (line number, text).  A shell script is one block."""
    lines = text.splitlines()
    if path.endswith(".sh"):
        return [list(enumerate(lines, 1))]
    blocks, current, fence, skip = [], None, None, False
    for number, line in enumerate(lines, 1):
        m = FENCE.match(line)
        if current is None:
            if m:
                fence, skip, current = m.group(2), m.group(3).lower() in SKIP_FENCE_LANGUAGES, []
            elif path.endswith(".rst") and re.match(r"\s*\.\. code-block::\s*(bash|shell|console|sh)?\s*$", line):
                current, fence, skip = [], "rst", False
            continue
        if fence == "rst":
            if line.strip() and not line.startswith((" ", "\t")):
                blocks.append(current)
                current = None
                continue
            current.append((number, line))
            continue
        if m and m.group(2)[0] == fence[0] and len(m.group(2)) >= len(fence) and not m.group(3):
            if not skip:
                blocks.append(current)
            current = None
            continue
        current.append((number, line))
    if current:
        blocks.append(current)
    return blocks


def inside_quote(text: str) -> bool:
    """Whether a shell would still be inside a quoted word at the end of ``text``."""
    quote, i = None, 0
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 2
                continue
            if c == quote:
                quote = None
        elif c == "\\":
            i += 2
            continue
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or text[i - 1].isspace()):
            return False  # the rest is a comment
        i += 1
    return quote is not None


def logical_lines(block: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Join backslash continuations and quoted words that span lines (a JSON value written over several
    lines inside '...'); each logical line keeps the number of its first line."""
    out, pending, start = [], "", None
    for number, line in block:
        stripped = line.rstrip()
        if start is None:
            start = number
        if pending and not inside_quote(pending) and stripped.lstrip().startswith("#") \
                and not stripped.lstrip().startswith("#!"):
            continue  # a comment line inside a continued command
        if inside_quote(pending):
            pending += "\n" + line  # inside quotes the newline is part of the word
            if not inside_quote(pending) and pending.rstrip().endswith("\\"):
                pending = pending.rstrip()[:-1] + " "
            elif not inside_quote(pending):
                out.append((start, pending))
                pending, start = "", None
            continue
        if stripped.endswith("\\") and not stripped.endswith("\\\\"):
            pending += stripped[:-1] + " "
            continue
        candidate = pending + stripped
        if inside_quote(candidate):
            pending = candidate
            continue
        out.append((start, candidate))
        pending, start = "", None
    if pending:
        out.append((start, pending))
    return out


def cut_at_shell_operator(line: str) -> str:
    """The first simple command's text: up to the first unquoted & | ; > < ) or comment.  A redirection's
    fd digits (the 2 of ``2>&1``) go with it.  ``$(...)`` and backticks are kept whole."""
    quote, depth, i = None, 0, 0
    while i < len(line):
        c = line[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 2
                continue
            if c == quote:
                quote = None
            i += 1
            continue
        if c == "\\":
            i += 2
            continue
        if c in "'\"`":
            quote = c
        elif line.startswith("$(", i):
            depth += 1
            i += 2
            continue
        elif c == ")" and depth:
            depth -= 1
        elif depth == 0 and (c in "&|;<>)" or (c == "#" and (i == 0 or line[i - 1].isspace()))):
            head = line[:i]
            if c in "<>":
                head = re.sub(r"(^|\s)\d+$", r"\1", head)
            return head
        i += 1
    return line


@dataclasses.dataclass
class Found:
    program: str  # "vllm serve" or "python -m vllm.entrypoints.openai.api_server"
    argv: list[str]
    env: list[str]
    line: int
    text: str
    launched_by: str | None = None


def find_commands(block: list[tuple[int, str]]) -> tuple[list[Found], list[dict]]:
    """(commands, dropped fragments with the reason) in one code block."""
    found, dropped = [], []
    for number, raw in logical_lines(block):
        if "vllm" not in raw or not ("serve" in raw or API_SERVER_MODULE in raw):
            continue
        line = re.sub(r"^\s*(\$|>>>|#|-)\s+", "", raw)  # a prompt ("$ vllm serve") or a YAML list item
        line = re.sub(r"(^|\s)\$'", r"\1'", line)  # bash's $'...' quoting (no escapes in these JSON values)
        # "<model>" is a placeholder the reader fills in, not a redirection: quote it so that it stays a word
        line = ANGLE_PLACEHOLDER.sub(lambda m: m.group(1) + "'" + m.group(2) + "'", line)
        # several commands on one line (a; b && c): look at each simple command
        rest = line
        while rest.strip():
            head = cut_at_shell_operator(rest)
            rest = rest[len(head):]
            rest = re.sub(r"^\s*(?:\d*>&?\d*|&&|\|\||[;&|<>)]+)\s*", "", rest, count=1)
            if rest.startswith("#"):
                rest = ""
            hit = parse_simple_command(head, number)
            if hit is None:
                continue
            if isinstance(hit, dict):
                dropped.append(hit)
            else:
                found.append(hit)
            if not rest or rest == head:
                break
    return found, dropped


def parse_simple_command(text: str, number: int):
    try:
        words = shlex.split(text, comments=False, posix=True)
    except ValueError as exc:
        if re.search(r"vllm\s+serve|" + re.escape(API_SERVER_MODULE), text):
            return {"line": number, "text": text.strip(), "why": f"shell words do not split: {exc}"}
        return None
    start = program = None
    for i, w in enumerate(words):
        if tuple(words[i:i + 2]) == SERVE:
            start, program = i + 2, "vllm serve"
            break
        if API_SERVER.match(w) and words[i + 1:i + 3] == ["-m", API_SERVER_MODULE]:
            start, program = i + 3, f"python -m {API_SERVER_MODULE}"
            break
    if start is None:
        return None
    prefix = words[:start - (2 if program == "vllm serve" else 3)]
    while prefix and prefix[0] in WRAPPERS - {"env"}:
        prefix = prefix[1:]
    env = [w for w in prefix if ENV_ASSIGNMENT.match(w)]
    others = [w for w in prefix if not ENV_ASSIGNMENT.match(w)]
    launched_by = None
    if others[:2] in (["docker", "run"], ["podman", "run"]):
        launched_by, others, env = f"{others[0]} run", [], []  # the container's command: vllm serve ...
    elif others and others[0] in LAUNCH_WRAPPERS:
        launched_by, others = others[0], []  # nsys profile ... vllm serve: the wrapper's own options go with it
    elif others[:1] == ["env"]:
        env += [w for w in others[1:] if "=" in w]  # env "$NAME=$VALUE" ...
        others = [w for w in others[1:] if "=" not in w and not w.startswith("-")]
    if any(w not in WRAPPERS for w in others):
        return {"line": number, "text": text.strip(), "why": f"program words follow {others[0]!r}, not a launch"}
    argv = words[start:]
    bad = [w for w in argv if FRAGMENT.search(w)]
    if bad:
        return {"line": number, "text": text.strip(), "why": f"placeholder {bad[0]}"}
    return Found(program=program, argv=argv, env=env, line=number, text=text.strip(), launched_by=launched_by)


# ---------------------------------------------------------------------------------------------
# collect
# ---------------------------------------------------------------------------------------------

def git_files(git_dir: str) -> tuple[str, list[str]]:
    commit = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "HEAD"], capture_output=True, text=True,
                            check=True).stdout.strip()
    names = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "HEAD", "--name-only"],
                           capture_output=True, text=True, check=True).stdout.splitlines()
    return commit, names


def git_show(git_dir: str, path: str) -> str:
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{path}"], capture_output=True,
                          check=True).stdout.decode("utf-8", "replace")


def wanted(path: str) -> bool:
    return path.endswith(DOC_SUFFIXES) and (path.startswith(DOC_ROOTS) or path == "README.md")


def slug(repo: str) -> str:
    return repo.split("/")[-1]


def collect_from(repo: str, commit: str, files: list[tuple[str, str]], stats: dict) -> list[dict]:
    out = []
    for path, text in files:
        for block in code_blocks(path, text):
            found, dropped = find_commands(block)
            for f in found:
                out.append({
                    "id": f"{slug(repo)}:{path}:{f.line}",
                    "program": f.program,
                    "argv": f.argv,
                    "env": f.env,
                    "placeholders": [a for a in f.argv if PLACEHOLDER_WORD.search(a)],
                    **({"launched_by": f.launched_by} if f.launched_by else {}),
                    "source": {"repo": repo, "commit": commit, "path": path, "line": f.line},
                })
            for d in dropped:
                stats.setdefault("dropped", []).append({"repo": repo, "path": path, **d})
    return out


def tree_files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def dedupe(commands: list[dict]) -> list[dict]:
    seen: dict[tuple, dict] = {}
    out = []
    for c in commands:
        key = (c["program"], tuple(c["argv"]))
        if key in seen:
            seen[key].setdefault("also_in", []).append(c["source"])
            continue
        seen[key] = c
        out.append(c)
    return out


def edge_cases(corpus_dir: Path) -> list[dict]:
    """Hand-written commands that exercise FlexibleArgumentParser's reading rules (and two refusals)."""
    cases = [
        ("underscore-human-int", ["m", "--max_model_len", "4k"], "underscores read as dashes; 4k = 4000"),
        ("binary-human-int", ["m", "--max-num-batched-tokens", "8K"], "8K = 8192 (binary)"),
        ("max-model-len-auto", ["m", "--max-model-len", "auto"], "auto -> -1"),
        ("boolean-optional-negated", ["m", "--no-enable-prefix-caching"], "--no-x of a BooleanOptionalAction"),
        ("dotted-json-key", ["m", "--compilation-config.cudagraph_mode", "FULL"], "one key of a JSON argument"),
        ("dotted-json-keys-merged", ["m", "--compilation-config.cudagraph_mode", "FULL_DECODE_ONLY",
                                     "--compilation-config.pass_config.fuse_norm_quant", "true"],
         "two dotted keys merged into one object, nested"),
        ("dotted-after-json", ["m", "--compilation-config", '{"cudagraph_mode": "PIECEWISE"}',
                               "--compilation-config.mode", "3"], "the dotted object is appended last"),
        ("dotted-append", ["m", "--compilation-config.cudagraph_capture_sizes+", "1,2,4"],
         "+ appends list items to a JSON key"),
        ("optimization-level-glued", ["m", "-O3"], "-O3 -> --optimization-level 3"),
        ("optimization-level-spaced", ["m", "-O", "1"], "-O 1 -> --optimization-level 1"),
        ("list-append-plus", ["m", "--cudagraph-capture-sizes+", "8"],
         "'+' on a plain list flag: no dotted key, so argparse sees --cudagraph-capture-sizes+"),
        ("config-yaml", ["m", "--config", "{corpus}/edge_config.yaml", "--port", "9000"],
         "YAML keys inserted before the command line; --port 9000 wins over the file. The file's "
         "'enable-prefix-caching: false' is dropped: load_config_file looks --no-enable-prefix-caching up in "
         "the top-level vllm parser, which does not have it (only the serve sub-parser does)"),
        ("short-parallel-flags", ["m", "-tp", "2", "-pp", "2", "-dp", "2"], "short spellings"),
        ("headless-local-dp", ["m", "--headless", "--data-parallel-size", "4", "--data-parallel-size-local", "2",
                               "--data-parallel-address", "10.0.0.1", "--data-parallel-rpc-port", "13345",
                               "--data-parallel-start-rank", "2"], "a headless secondary node"),
        ("additional-config-ascend", ["m", "--additional-config", '{"ascend_scheduler_config": {"enabled": true}}'],
         "vLLM-Ascend's --additional-config passes through as a dict"),
        ("model-option-moved", ["--model", "m", "--port", "8001"], "--model is moved to the positional model"),
        ("equals-and-underscore", ["m", "--gpu_memory_utilization=0.8", "--served_model_name=x"], "--a_b=value"),
        ("quantization-ascend", ["m", "--quantization", "ascend"],
         "the parser takes any string; vLLM core refuses 'ascend' later, when it builds ModelConfig"),
        ("abbreviation", ["m", "--max-num-seq", "8"], "argparse prefix matching (allow_abbrev) finds --max-num-seqs"),
        ("typo-refused", ["m", "--tensor-paralel-size", "2"], "a typo: unrecognized"),
        ("wrong-choice-refused", ["m", "--dtype", "fp8"], "not one of --dtype's choices"),
        ("int-refused", ["m", "--port", "eighty"], "not an int"),
        ("bad-json-refused", ["m", "--compilation-config", "{cudagraph_mode: FULL}"], "not JSON"),
        ("served-name-without-model", ["--served-model-name", "x"], "vLLM asks for a positional model"),
    ]
    out = []
    for name, argv, note in cases:
        out.append({
            "id": f"edge:{name}",
            "program": "vllm serve",
            "argv": [a.replace("{corpus}", "tests/fixtures/vllm_corpus") for a in argv],
            "env": [],
            "note": note,
            "source": EDGE_SOURCE,
        })
    return out


EDGE_CONFIG_YAML = """\
# tests/fixtures/vllm_corpus/edge_config.yaml: the --config file of the edge case edge:config-yaml
port: 8100
tensor-parallel-size: 2
enable-prefix-caching: false
max_num_seqs: 16
cudagraph-capture-sizes: [1, 2, 4]
compilation-config:
  cudagraph_mode: FULL_DECODE_ONLY
additional-config:
  ascend_scheduler_config:
    enabled: true
"""


def collect(args) -> None:
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    stats: dict = {}
    commands, sources = [], []
    for spec in args.repo or []:
        repo, git_dir = spec.split("=", 1)
        commit, names = git_files(git_dir)
        files = [(n, git_show(git_dir, n)) for n in names if wanted(n)]
        commands += collect_from(repo, commit, files, stats)
        sources.append({"repo": repo, "commit": commit, "files_read": len(files), "read_from": "git"})
    for spec in args.tree or []:
        repo, rest = spec.split("=", 1)
        root, _, commit = rest.partition("@")
        names = [n for n in tree_files(Path(root)) if wanted(n)]
        files = [(n, Path(root, n).read_text(encoding="utf-8", errors="replace")) for n in names]
        commands += collect_from(repo, commit, files, stats)
        sources.append({"repo": repo, "commit": commit, "files_read": len(files), "read_from": args.tree_note or "tree"})
    found = len(commands)
    commands = dedupe(commands)
    (out_dir / "edge_config.yaml").write_text(EDGE_CONFIG_YAML, encoding="utf-8")
    commands += edge_cases(out_dir)
    data = {
        "about": "Real `vllm serve` commands from vLLM-Ascend's and vLLM's docs, plus hand-written edge cases; "
                 "argv is what follows the program words. Built by tools/vllm_corpus.py collect.",
        "sources": sources,
        "found": found,
        "unique": len(commands) - sum(1 for c in commands if c["source"] == EDGE_SOURCE),
        "edge_cases": sum(1 for c in commands if c["source"] == EDGE_SOURCE),
        "dropped_fragments": stats.get("dropped", []),
        "commands": commands,
    }
    write_rows(out_dir / "commands.json", data, "commands")
    print(f"{out_dir / 'commands.json'}: {found} found, {data['unique']} unique, {data['edge_cases']} edge cases, "
          f"{len(data['dropped_fragments'])} fragments dropped")


def write_rows(path: Path, data: dict, rows_key: str) -> None:
    """Head keys first, then one row per line (readable diffs)."""
    lines = ["{"]
    for key in [k for k in data if k != rows_key]:
        value = data[key]
        if isinstance(value, list) and value and isinstance(value[0], dict):
            lines.append(f" {json.dumps(key)}: [")
            lines.append(",\n".join("  " + json.dumps(v, ensure_ascii=False, sort_keys=True) for v in value))
            lines.append(" ],")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)},")
    lines.append(f" {json.dumps(rows_key)}: [")
    lines.append(",\n".join("  " + json.dumps(r, ensure_ascii=False, sort_keys=True) for r in data[rows_key]))
    lines.append(" ]")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    json.loads(text)
    path.write_text(text, encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# judge (run with the vLLM venv's python)
# ---------------------------------------------------------------------------------------------

def as_json(value):
    """A parsed value as JSON: enum members by name (what a command line spells), the rest as
    tools/vllm_release.py records defaults."""
    import enum

    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, (list, tuple)):
        return [as_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): as_json(v) for k, v in value.items()}
    return release_tool().jsonable(value)[0]


def release_tool():
    """tools/vllm_release.py, which builds vLLM's parser (imported on first use: only `judge` needs it)."""
    here = str(Path(__file__).resolve().parent)
    if here not in sys.path:
        sys.path.insert(0, here)
    import vllm_release

    return vllm_release


class RawJsonRecorder:
    """Wraps the type function of each argument that vLLM validates into a config dataclass, to keep the
    JSON text the parser received (dotted keys already merged by FlexibleArgumentParser): the fixture
    records that object, not the dataclass with every default filled in."""

    def __init__(self, parsers):
        import vllm.engine.arg_utils as arg_utils

        self.expand = getattr(arg_utils, "_expand_json_human_readable_numbers", lambda v: v)
        self.raw: dict[str, str] = {}
        self.config_class: dict[str, str] = {}
        vllm_release = release_tool()
        for parser in parsers:
            for action in parser._actions:
                cls = vllm_release.dataclass_in_parser(action.type) if action.type is not None else None
                if cls is None:
                    continue
                self.config_class[action.dest] = cls.__name__
                action.type = self.wrap(action.dest, action.type)

    def wrap(self, dest, fn):
        def recorded(value, _fn=fn, _dest=dest):
            self.raw[_dest] = value
            return _fn(value)

        recorded.__name__ = getattr(fn, "__name__", "recorded")
        return recorded

    def value(self, dest):
        text = self.raw.get(dest)
        try:
            return json.loads(self.expand(text))
        except (TypeError, ValueError):
            return text


def clean_message(text: str) -> str:
    """A message as it reads on any machine: no object addresses, no venv paths."""
    text = re.sub(r" at 0x[0-9a-f]+", "", text)
    return re.sub(r"/\S*?/site-packages/", "<site-packages>/", text)


def parser_error(text: str, exc: BaseException) -> str:
    """argparse's message without the usage lines: from '<prog>: error:' on."""
    m = re.search(r"^\S[^\n]*: error: .*", text, re.M | re.S)
    return clean_message((m.group(0) if m else text or str(exc)).strip())


PORTISH = re.compile(r"port")


def fill_placeholders(argv: list[str], parser) -> list[str] | None:
    """The argv with each placeholder word replaced by a value its option's type takes (ints: 2, ports:
    20000, floats: 0.5; strings keep the placeholder text), so the rest of the command is judged too.
    None when there is nothing to fill."""
    if not any(PLACEHOLDER_WORD.search(a) for a in argv):
        return None
    out = []
    for i, word in enumerate(argv):
        if not PLACEHOLDER_WORD.search(word) or i == 0:
            out.append(word)
            continue
        option = argv[i - 1].split("=", 1)[0]
        option = re.sub(r"(?<=--)[^.]*", lambda m: m.group(0).replace("_", "-"), option, count=1)
        action = parser._option_string_actions.get(option)
        fill = word
        if action is not None:
            label = vllm_release_type(action)
            if label in ("int", "human_readable_int", "human_readable_int_or_auto"):
                fill = "20000" if PORTISH.search(action.dest) else "2"
            elif label == "float":
                fill = "0.5"
        out.append(fill)
    return out


def vllm_release_type(action) -> str:
    vllm_release = release_tool()
    cls_name = type(action).__name__
    kind = vllm_release.ACTION_KINDS.get(cls_name, cls_name)
    label = vllm_release.type_label(action, kind)
    return label.get("item_type") or label["type"]


def parse_once(parser, api_parser, command: dict, argv: list[str], validate, recorder) -> dict:
    is_serve = command["program"] == "vllm serve"
    target = parser if is_serve else api_parser
    full = ["serve", *argv] if is_serve else argv
    err, out = io.StringIO(), io.StringIO()
    verdict: dict = {}
    recorder.raw.clear()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            ns = target.parse_args(full)
    except SystemExit as exc:
        if exc.code in (0, None):  # --help / --version: argparse prints and exits 0
            verdict["accepted"] = True
            verdict["exits_with_output"] = out.getvalue().strip().splitlines()[0] if out.getvalue().strip() else ""
            return verdict
        verdict["accepted"] = False
        verdict["exit_code"] = exc.code
        verdict["error"] = parser_error(err.getvalue(), exc)
        return verdict
    except Exception as exc:  # noqa: BLE001  (FlexibleArgumentParser raises ValueError for some rules)
        verdict["accepted"] = False
        verdict["exception"] = type(exc).__name__
        verdict["error"] = clean_message(str(exc))
        return verdict
    verdict["accepted"] = True
    sub = parser._subparsers._group_actions[0].choices["serve"] if is_serve else api_parser
    settings = {}
    for action in sub._actions:
        if isinstance(action, argparse._HelpAction) or not hasattr(ns, action.dest):
            continue
        value = getattr(ns, action.dest)
        if action.dest in recorder.raw:
            settings[action.dest] = recorder.value(action.dest)
            continue
        if value is action.default or (type(value) is type(action.default) and value == action.default):
            continue
        settings[action.dest] = as_json(value)
    verdict["settings"] = settings
    classes = {d: recorder.config_class[d] for d in settings if d in recorder.config_class}
    if classes:
        verdict["config_classes"] = classes  # validated by pydantic into these classes
    if validate is not None:
        try:
            with contextlib.redirect_stderr(io.StringIO()):
                validate(ns)
            verdict["validate"] = "ok"
        except Exception as exc:  # noqa: BLE001
            verdict["validate"] = clean_message(f"{type(exc).__name__}: {exc}")
    return verdict


def judge_one(parser, api_parser, command: dict, validate, recorder) -> dict:
    verdict = {"id": command["id"], **parse_once(parser, api_parser, command, list(command["argv"]), validate,
                                                  recorder)}
    sub = parser._subparsers._group_actions[0].choices["serve"] if command["program"] == "vllm serve" \
        else api_parser
    filled = fill_placeholders(list(command["argv"]), sub)
    if filled is not None:
        verdict["filled"] = {"argv": filled, **parse_once(parser, api_parser, command, filled, validate, recorder)}
    return verdict


def judge(args) -> None:
    import importlib.metadata

    vllm_release = release_tool()

    vllm_release.use_release_environment()
    corpus_dir = Path(args.corpus)
    data = json.loads((corpus_dir / "commands.json").read_text(encoding="utf-8"))
    top, _serve = vllm_release.build_serve_parser()
    cli_args, flexible = vllm_release.import_parser_modules()
    # as vllm/entrypoints/launchers/api_server/entry.py main() builds it (python -m ...api_server)
    api_parser = cli_args.make_arg_parser(flexible(description="vLLM OpenAI-Compatible RESTful API server.",
                                                   prog="api_server.py"))
    serve_parser = top._subparsers._group_actions[0].choices["serve"]
    recorder = RawJsonRecorder([serve_parser, api_parser])
    validate = getattr(cli_args, "validate_parsed_serve_args", None)
    version = importlib.metadata.version("vllm")
    repo_root = corpus_dir.resolve().parents[2]
    os.chdir(repo_root)  # edge cases name their YAML relative to the repository root
    verdicts = [judge_one(top, api_parser, c, validate, recorder) for c in data["commands"]]
    accepted = sum(1 for v in verdicts if v["accepted"])
    filled = [v["filled"] for v in verdicts if "filled" in v]
    out = {
        "about": f"vLLM {version}'s parse of each command of commands.json: settings that differ from the "
                 "parser's defaults, or the parser's error; 'validate' is validate_parsed_serve_args after it. "
                 "Built by tools/vllm_corpus.py judge.",
        "vllm_version": version,
        "parser": "vllm serve: top-level FlexibleArgumentParser + ServeSubcommand.subparser_init, "
                  "parse_args(['serve', *argv]); api_server commands: make_arg_parser(FlexibleArgumentParser())",
        "counts": {"commands": len(verdicts), "accepted": accepted, "refused": len(verdicts) - accepted,
                   "validate_failed": sum(1 for v in verdicts if v.get("validate", "ok") != "ok"),
                   "with_placeholders": len(filled),
                   "placeholders_filled_accepted": sum(1 for f in filled if f["accepted"]),
                   "accepted_as_written_or_filled": sum(1 for v in verdicts if v["accepted"] or
                                                        v.get("filled", {}).get("accepted"))},
        "filled": "for a command with placeholders ($VAR, <port>), 'filled' is the verdict on the argv with each "
                  "placeholder that is an int/float option's value replaced by a sample (ports 20000, ints 2, "
                  "floats 0.5); string placeholders stay as written",
        "verdicts": verdicts,
    }
    path = corpus_dir / f"vllm-{version}-parsed.json"
    write_rows(path, out, "verdicts")
    print(f"{path}: {out['counts']}")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="step", required=True)
    c = sub.add_parser("collect", help="find the commands in the docs")
    c.add_argument("--repo", action="append", help="OWNER/NAME=GIT_DIR (a bare git dir)")
    c.add_argument("--tree", action="append", help="OWNER/NAME=DIR@COMMIT (an unpacked source tree, e.g. a "
                   "release's sdist, for a repository too large to fetch)")
    c.add_argument("--tree-note", help="how the --tree sources were obtained (recorded in commands.json)")
    c.add_argument("out")
    j = sub.add_parser("judge", help="record vLLM's verdicts (run with the vLLM venv's python)")
    j.add_argument("corpus")
    args = parser.parse_args(argv)
    {"collect": collect, "judge": judge}[args.step](args)


if __name__ == "__main__":
    main(sys.argv[1:])
