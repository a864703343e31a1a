"""How SGLang's own parser and its ``--config`` reader take what argmatrix writes, per release.

``launch`` and ``export`` write for SGLang; what decides whether a value reaches it as meant is SGLang's side:

* **what an absent flag means.**  argmatrix writes every value the user set, but a ``store_true`` switch can only
  be said off by leaving it out, which gives SGLang's *parser* default.  Where that differs from argmatrix's
  declared default (``parser_defaults``, from every release's fixture), argmatrix must reason with SGLang's: leaving
  ``--disable-shared-experts-fusion`` out means off in SGLang, but leaving ``--enable-lora`` out means unset
  (SGLang decides), which is not the off the user asked for;
* **which switches have ``--no-X``** (``argparse.BooleanOptionalAction``): ``NO_SPELLING`` of
  ``schema/releases.py`` for 0.5.23, each since the release in ``NEGATABLE_SINCE`` (read from the 0.5.12, 0.5.16,
  0.5.20, 0.5.21 and 0.5.22 wheels: a plain ``store_true`` before);
* **what its ``--config`` reader takes** (``ConfigArgumentMerger``: 0.5.9's ``server_args_config_parser.py``,
  0.5.23's ``utils/server_args_config_parser.py``).  It turns each key into ``--key`` (so keys are dashed flag
  names), a ``true`` store_true switch into the bare flag and a ``false`` one into nothing, a list into
  ``--key item ...`` (``str`` of each item), a mapping into ``json.dumps`` (0.5.23) or ``str`` (0.5.9: Python
  text, which SGLang's JSON reading refuses), and anything else into ``--key str(value)``.  It refuses a key
  whose action is neither ``store_true`` nor a one-value store (``CONFIG_REFUSES``: every ``--x/--no-x`` switch,
  ``--lora-paths``' own action, the deprecated switch actions), and 0.5.9 looks switches up by their ``dest``
  only.  So argmatrix writes a JSON object as its JSON *text* (a YAML string, read back verbatim by both), puts
  what the reader refuses on the command line, and keeps a value argparse would take for an option
  (``-x``) off the file too.

The tables are read from the releases' parsers (``tests/fixtures/sglang-<release>.json``);
``tests/compiler/test_sglang_reads_exports.py`` checks them against those fixtures and checks the writing against
SGLang's own reading (``tools/sglang_reads_exports.py``).  A release between the two held ones is read as 0.5.9
(its parser defaults and config reader; its ``--no-X`` spellings by ``NEGATABLE_SINCE``): no fixture of a release
in between is held to say better.
"""
from __future__ import annotations

import functools
import re
from typing import Any

from ..schema import registry, releases
from ..schema.meta import MISSING
from ..schema.releases import NO_SPELLING, parse_release, spelled_in

HELD = ("0.5.9", "0.5.23")


@functools.cache
def parser_defaults(release: str) -> dict[str, Any]:
    """field -> SGLang ``release``'s parser default, where it is not argmatrix's declared default (None: the
    release resolves it at start-up), read from the release fixtures (``schema/release_dates.py``)."""
    out = {}
    for name in releases.PARSER_DEFAULTS:
        default = releases.parser_default(name, release)
        if default is not MISSING and default != registry.SPECS[name].default:
            out[name] = default
    return out

# the first release whose parser reads --no-X for the switch; a field not listed has it since it arrived
NEGATABLE_SINCE: dict[str, str] = dict.fromkeys(
    ("dcp_replicate_q_proj", "enable_decoder_swa_bounded_replay", "enable_dsa_fused_indexer",
     "enable_fused_qk_norm_rope", "enable_tf32_matmul", "enable_tp_lm_head_all_to_all", "mm_enable_dp_encoder",
     "speculative_enable_w4a4_mxfp4_megamoe"), "0.5.23")

# fields whose argparse action SGLang's --config reader refuses ("Unsupported config option"), besides the
# --x/--no-x switches of the release
CONFIG_REFUSES: dict[str, frozenset[str]] = {
    "0.5.9": frozenset({"lora_paths", "hybrid_kvcache_ratio", "prefill_round_robin_balance"}),
    "0.5.23": frozenset({"lora_paths", "disable_cuda_graph", "enable_dp_attention"}),
}

# flags the release accepts and ignores (its DeprecatedAction, nargs=0): a value after one is refused, so
# argmatrix does not pass them, and says so
IGNORED: dict[str, frozenset[str]] = {
    "0.5.9": frozenset({"hybrid_kvcache_ratio", "prefill_round_robin_balance"}),
    "0.5.23": frozenset(),
}

# switches the release reads as a text value (type=str, default False): on is `--flag true`, off is left out
SWITCH_TAKES_TEXT: dict[str, frozenset[str]] = {
    "0.5.9": frozenset({"debug_tensor_dump_inject"}),
    "0.5.23": frozenset(),
}

# argparse (Python 3.11) reads a token starting with '-' as a value only when it looks like a negative number
_NEGATIVE_NUMBER = re.compile(r"^-\d+$|^-\d*\.\d+$")


def held(release: str | None) -> str:
    """The held reader ``release`` is read as (see the module's docstring)."""
    if release is None or parse_release(release) >= parse_release(HELD[-1]):
        return HELD[-1]
    return HELD[0]


def negatable(name: str, release: str | None) -> bool:
    """Whether SGLang ``release`` reads ``--no-<flag>`` for field ``name``."""
    if name not in NO_SPELLING:
        return False
    since = NEGATABLE_SINCE.get(name)
    return since is None or release is None or parse_release(release) >= parse_release(since)


def absent_value(name: str, release: str | None) -> Any:
    """What SGLang ``release`` holds for ``name`` when its flag is not given."""
    table = parser_defaults(release if release is not None else held(release))
    return table[name] if name in table else registry.SPECS[name].default


def config_refuses(name: str, release: str | None) -> bool:
    """Whether SGLang's --config reader refuses the key of ``name`` (it must go on the command line)."""
    return negatable(name, release) or name in CONFIG_REFUSES[held(release)]


def flag(name: str, release: str | None) -> str:
    """The flag SGLang ``release`` knows field ``name`` by: its canonical flag, or the first alias that release reads
    where it does not read the canonical one (the release fixtures' dates, ``schema.releases.spelled_in``)."""
    spec = registry.SPECS[name]
    if release is None or spelled_in(spec.flag, release):
        return spec.flag
    return next((f for f in spec.flags if f.startswith("--") and spelled_in(f, release)), spec.flag)


def ignored(name: str, release: str | None) -> bool:
    """Whether SGLang ``release`` accepts the flag of ``name`` and ignores it."""
    return name in IGNORED[held(release)]


def takes_text(name: str, release: str | None) -> bool:
    """Whether the switch ``name`` is a text-valued flag in SGLang ``release``."""
    return name in SWITCH_TAKES_TEXT[held(release)]


def argparse_value(text: str) -> bool:
    """Whether argparse takes ``text`` after a flag as its value (not as another option)."""
    return not text.startswith("-") or bool(_NEGATIVE_NUMBER.match(text))

