"""``matrix diff --engine vllm-ascend OLD NEW``: what changed between two held vLLM-Ascend releases.

Everything comes from both releases' own source, read into their fixtures (``vllm_ascend_facts`` per release): the
``--additional-config`` keys each reads (added, removed, defaults changed), the ``--quantization`` methods each
registers per chip, the vLLM release each pins, and the resets and start-up checks whose code one has and the other
lacks.  The shape is the one ``Engine.release_diff`` gives for the other engines.
"""
from __future__ import annotations

from typing import Any

from . import vllm_ascend_facts as ascend


def diff(old: str, new: str) -> dict[str, Any]:
    old, new = ascend.release_of(old), ascend.release_of(new)
    ok = {k.key: k for k in ascend.additional_keys(old) if _reads(k, old)}
    nk = {k.key: k for k in ascend.additional_keys(new) if _reads(k, new)}
    keys = {"added": sorted(nk.keys() - ok.keys()), "removed": sorted(ok.keys() - nk.keys()),
            "defaults": [{"key": k, "from": ok[k].default, "to": nk[k].default}
                         for k in sorted(ok.keys() & nk.keys()) if ok[k].default != nk[k].default]}
    oq, nq = ascend.quantization_methods(old), ascend.quantization_methods(new)
    quantization = {m: {"added": sorted(set(nq.get(m, ())) - set(oq.get(m, ()))),
                        "removed": sorted(set(oq.get(m, ())) - set(nq.get(m, ())))} for m in sorted({*oq, *nq})}
    rows: tuple[ascend.Reset | ascend.StartupCheck, ...] = (*ascend.RESETS, *ascend.NPU_DEFAULTS,
                                                             *ascend.STARTUP_CHECKS)
    return {"engine": "vllm-ascend", "from": old, "to": new,
            "pins": {"from": ascend.pinned_vllm(old), "to": ascend.pinned_vllm(new)},
            "added": [], "removed": [], "defaults": [], "choices": [], "types": [], "spellings": [],
            "config_keys": {"additional_config": keys} if any(keys.values()) else {},
            "quantization": {m: c for m, c in quantization.items() if c["added"] or c["removed"]},
            "checks": {"added": sorted(r.id for r in rows if r.applies_to(new) and not r.applies_to(old)),
                       "removed": sorted(r.id for r in rows if r.applies_to(old) and not r.applies_to(new))}}


def _reads(key: Any, release: str) -> bool:
    """Whether ``release`` itself reads the key (not one only a later release reads, nor one it dropped)."""
    return getattr(key, "since", None) is None and getattr(key, "removed_in", None) is None
