"""Values that follow from other values, as named rules.

A derivation fills a field only when the user left it unset; the resolved
value's source is ``derived:<id>`` so ``check-config`` can say why it is there.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..records import record
from ..schema import registry
from ..schema.meta import MISSING
from ..schema.releases import CHANGES, moved

EP_FROM_TP_BACKENDS = ("deepep", "ascend_fuseep", "mooncake", "mori")


@record
class Derivation:
    id: str
    target: str
    compute: Callable[[dict[str, Any]], Any]  # returns MISSING when it does not apply


DERIVATIONS: list[Derivation] = [
    Derivation("tokenizer-from-model", "tokenizer_path", lambda v: v["model_path"] or MISSING),
    Derivation("served-name-from-model", "served_model_name", lambda v: v["model_path"] or MISSING),
    Derivation("lora-from-paths", "enable_lora", lambda v: True if v["lora_paths"] else MISSING),
    Derivation("ep-from-tp", "ep_size",
               lambda v: v["tp_size"] if v["moe_a2a_backend"] in EP_FROM_TP_BACKENDS else MISSING),
    Derivation("http-log-level-from-log-level", "log_level_http", lambda v: v["log_level"]),
]

# old field -> the field its value moves to, in argmatrix's reading of every release (schema/release_table.py)
RENAMED = moved()
# old flags whose value does not carry over: what setting them sets the successor to
RENAMED_SETS = {name: CHANGES[name].sets for name in RENAMED if CHANGES[name].sets is not None}


def _derived_fields() -> frozenset[str]:
    return frozenset(RENAMED.values()) | {d.target for d in DERIVATIONS}


def derive(values: dict[str, Any], sources: dict[str, str], user_set: set[str]) -> None:
    """Apply renames, then derivations, in place."""
    for old, new in RENAMED.items():
        if old in user_set and new not in user_set:
            values[new] = RENAMED_SETS.get(old, values[old])
            sources[new] = f"derived:renamed-from-{registry.SPECS[old].flag[2:]}"
    for d in DERIVATIONS:
        if d.target in user_set:
            continue
        value = d.compute(values)
        if value is not MISSING and value != values[d.target]:
            values[d.target] = value
            sources[d.target] = f"derived:{d.id}"


DERIVED_FIELDS = _derived_fields()  # every field derive() may write (compile() compares only these)
