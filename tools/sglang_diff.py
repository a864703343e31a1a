"""Compare argmatrix's schema with SGLang release fixtures (tools/sglang_release.py) and write the diff.

    PYTHONPATH=$PWD python tools/sglang_diff.py FIXTURE_DIR TARGET_VERSION OUT_BASENAME

FIXTURE_DIR holds sglang-<version>.json for the target and, ideally, every release between the
seed era and it: they date each rename/removal.  Writes OUT_BASENAME.json and OUT_BASENAME.md:
(a) target flags the schema lacks, with the group module they belong in; (b) schema flags the
target lacks or deprecates, and what happened to them; (c) default/type/choice differences.
"""
from __future__ import annotations

import difflib
import json
import re
import sys
from pathlib import Path
from typing import get_args, get_origin

from argmatrix.schema.registry import GROUPS, SPECS

# SGLang's section titles (old single-file layout) -> our group module, where the title differs.
SECTION_TO_MODULE = {
    "Kernel backend": "kernel_backends",
    "Speculative decoding (ngram)": "ngram_speculative",
    "Multi-layer Eagle speculative decoding": "speculative",
    "Args for multi-item-scoring": "multi_item_scoring",
    "For registering hooks": "forward_hooks",
    "Ktransformer server args": "expert_parallel",
    "Double Sparsity": "double_sparsity",
    "Offloading": "offloading",
    "Diffusion LLM": "optimization",
    "Hierarchical sparse attention": "hierarchical_cache",
    "Deterministic inference": "optimization",
    "Piecewise CUDA graph": "optimization",
}
# Checked first: topics where SGLang's own section comment sits above the wrong block.
OVERRIDES = (
    (r"^--(enable-mm-|mm-)", "multimodal"),
    (r"^--(enable-http|http2|ssl|enable-ssl|sidecar|grpc|smg-)", "http"),
    (r"^--enable-quant-communications", "optimization"),
    (r"^--(enable-flexkv|flexkv)", "hierarchical_cache"),
    (r"^--prefill-only-disable-kv-cache", "scheduling"),
)
# Flags first seen in the arg_groups layout: topic keywords (first match wins), then SGLang's namespace.
KEYWORD_TO_MODULE = (
    (r"^--(ssl|host|port|skip-server-warmup|warmups|nccl-port|api-key|admin-api-key|grpc|smg-grpc)", "http"),
    (r"^--(disaggregation|pd-|.*bootstrap)", "pd_disaggregation"),
    (r"^--(encoder|epd|language-only|mm-transfer|encoder-transfer)", "epd_disaggregation"),
    (r"^--(lora|max-lora|max-loaded-lora|enable-lora|experts-shared-outer-loras)", "lora"),
    (r"^--speculative-ngram", "ngram_speculative"),
    (r"^--(speculative|enable-multi-layer-eagle|spec-)", "speculative"),
    (r"(hicache|hierarchical|hisparse|unified-cache)", "hierarchical_cache"),
    (r"^--lmcache", "lmcache"),
    (r"(mamba|linear-attn)", "mamba"),
    (r"^--(ep-|expert|moe-|enable-eplb|eplb|deepep|enable-deepep|elastic|init-expert|enable-expert|"
     r"flashinfer-mxfp4-moe|enable-fused-moe|mega-moe)", "expert_parallel"),
    (r"(quantization|dtype|fp4|fp8|kv-cache-dtype|modelopt)", "quantization"),
    (r"(attention-backend|sampling-backend|grammar-backend|gemm-backend|mm-attention-backend|"
     r"nsa-.*backend|.*-kernel|.*-backend$)", "kernel_backends"),
    (r"^--(log|enable-metrics|metrics|collect-tokens|bucket|prompt-tokens-buckets|otlp|enable-trace|"
     r"crash-dump|show-time-cost|decode-log|enable-request-time|extra-metric|enable-mfu|kv-events|"
     r"gc-warning|uvicorn-access)", "logs"),
    (r"^--(export-metrics|request-metrics)", "metrics_export"),
    (r"^--(debug-tensor-dump|dump-)", "debug_tensor_dump"),
    (r"^--(dp-size|data-parallel|load-balance|attn-dp|attention-data-parallel|enable-dp-lm-head|"
     r"prefill-round-robin)", "data_parallel"),
    (r"^--(dist-init-addr|nnodes|node-rank|dist-timeout)", "multi_node"),
    (r"^--(json-model-override|preferred-sampling|model-override)", "model_override"),
    (r"^--(enable-multimodal|mm-|disable-fast-image|image-|limit-mm|keep-mm|enable-broadcast-mm|"
     r"enable-precise-embedding)", "multimodal"),
    (r"^--(custom-weight-loader|weight-loader|remote-instance|modelexpress)", "weight_loader"),
    (r"^--(cpu-offload|offload-)", "offloading"),
    (r"^--(api|served-model|chat-template|completion-template|file-storage|enable-cache-report|"
     r"reasoning-parser|tool-call-parser|tool-server|sampling-defaults|stream-response|"
     r"enable-streaming-session|incremental-streaming)", "api"),
    (r"^--(tokenizer|detokenizer|model-path|model$|trust-remote|context-length|load-format|revision|"
     r"model-impl|is-embedding|skip-tokenizer|hybrid-kvcache|sleep-on-idle|"
     r"enable-tokenizer-batch-encode|disable-tokenizer-batch-decode)", "model"),
    (r"^--(tp-size|tensor-parallel|pp-size|pipeline-parallel|stream-interval|stream-output|random-seed|"
     r"device|base-gpu-id|gpu-id-step|watchdog|soft-watchdog|download-dir|sleep|constrained-json|"
     r"use-ray|attn-cp|attention-context|moe-dp|prefill-cp|enable-prefill-cp)", "runtime"),
    (r"^--(mem-fraction|max-running|max-queued|max-total-tokens|chunked-prefill|max-prefill|"
     r"schedule-|priority|abort-on-priority|disable-priority|default-priority|page-size|swa-|"
     r"hybrid-kvcache|radix|enable-dynamic-chunking|prefill-max-requests|num-continuous|"
     r"max-micro-batch|schedule-low-priority|enable-priority)", "scheduling"),
)
NAMESPACE_TO_MODULE = {
    "serving": "api", "observability": "logs", "model": "model", "parallel": "runtime",
    "spec": "speculative", "schedule": "scheduling", "memory": "scheduling", "exec.moe": "expert_parallel",
    "exec.kernel": "kernel_backends", "disagg": "pd_disaggregation", "mm": "multimodal",
    "exec.mamba": "mamba", "lora": "lora", "device": "runtime", "exec.offload": "offloading",
}


def _version_key(v: str) -> tuple:
    return tuple(int(x) if x.isdigit() else -1 for x in re.split(r"[.]|post", v) if x)


def _our_type(spec) -> str:
    t = spec.base_type
    if spec.is_bool:
        return "bool"
    if spec.is_list:
        return "list"
    if spec.is_object:
        return "json"
    if get_origin(t) is not None and get_origin(t).__name__ == "Literal" if hasattr(get_origin(t), "__name__") else False:
        return type(get_args(t)[0]).__name__
    if spec.choices:
        return type(spec.choices[0]).__name__
    if t in (int, float, str):
        return t.__name__
    return "json"


def _jsonable(v):
    try:
        json.dumps(v)
        return v
    except TypeError:
        return repr(v)


def _module_for(entry: dict, sections: dict[str, str], titles: dict[str, str]) -> tuple[str, str]:
    """(module, why) for a flag the schema lacks."""
    flag = entry["flags"][0]
    for pattern, module in OVERRIDES:
        if re.search(pattern, flag):
            return module, "topic of the flag name"
    section = sections.get(flag)
    if section:
        module = titles.get(section.lower()) or SECTION_TO_MODULE.get(section)
        if module:
            return module, f"SGLang section '{section}'"
    for pattern, module in KEYWORD_TO_MODULE:
        if re.search(pattern, flag):
            return module, "topic of the flag name"
    ns = entry.get("group")
    if ns in NAMESPACE_TO_MODULE:
        return NAMESPACE_TO_MODULE[ns], f"SGLang namespace '{ns}'"
    return "optimization", f"SGLang namespace '{ns}' (no closer group; Optimization/debug options)"


def _resolve(flags: list[str], tgt_by_flag: dict, latest_dep: dict, seen=None) -> list[str]:
    """Follow successors through later renames until each lands on a live flag of the target."""
    seen = set() if seen is None else seen
    out: list[str] = []
    for f in flags:
        if f in seen:
            continue
        seen.add(f)
        e = tgt_by_flag.get(f)
        if e is not None and not e.get("deprecated"):
            nxt = [f]
        elif e is not None:
            nxt = _resolve(e["deprecated"]["successors"], tgt_by_flag, latest_dep, seen)
        elif f in latest_dep:
            nxt = _resolve(latest_dep[f], tgt_by_flag, latest_dep, seen)
        else:
            nxt = []
        out += [x for x in nxt if x not in out]
    return out


def _prefix_verdict(flag: str, target_flags: set[str]) -> dict:
    """What argparse (allow_abbrev, as SGLang's parser is built) does with an old spelling."""
    if flag in target_flags:
        return {"parses_as": flag, "outcome": "exact"}
    hits = sorted(f for f in target_flags if f.startswith(flag))
    if len(hits) > 1:
        return {"outcome": "error: ambiguous option", "matches": hits}
    if len(hits) == 1:
        return {"outcome": "silently taken as an abbreviation", "parses_as": hits[0]}
    return {"outcome": "error: unrecognized arguments"}


def main(fixture_dir: str, target: str, out_base: str) -> None:
    releases = {}
    for path in Path(fixture_dir).glob("sglang-*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        releases[data["sglang_version"]] = data
    every = sorted(releases, key=_version_key)
    order = [v for v in every if _version_key(v) <= _version_key(target)]
    tgt = releases[target]
    tgt_by_flag = {f: e for e in tgt["flags"] for f in e["flags"]}
    tgt_by_dest = {}
    for e in tgt["flags"]:
        tgt_by_dest.setdefault(e["dest"], e)
    flags_of = {v: {f for e in releases[v]["flags"] for f in e["flags"]} for v in order}
    dep_of = {v: {f: e["deprecated"] for e in releases[v]["flags"] if e.get("deprecated") for f in e["flags"]}
              for v in order}
    latest_dep = {}  # old flag -> successors named by the newest release that deprecates it
    for v in order:
        for f, d in dep_of[v].items():
            if d["successors"]:
                latest_dep[f] = d["successors"]
    # section titles from the newest single-file release that has the flag
    sections: dict[str, str] = {}
    for v in order:
        for e in releases[v]["flags"]:
            if e.get("group") and not re.fullmatch(r"[a-z.]+", e["group"]):
                sections[e["flags"][0]] = e["group"]
    titles = {g.title.en.lower(): g.key for g, _ in GROUPS}
    ours_flags = {f: s.name for s in SPECS.values() for f in s.flags}

    # (a) target flags we lack
    missing = []
    alias_gaps = []
    for e in tgt["flags"]:
        have = [f for f in e["flags"] if f in ours_flags]
        if not have:
            module, why = _module_for(e, sections, titles)
            first = next((v for v in order if e["flags"][0] in flags_of[v]), None)
            missing.append({**{k: e[k] for k in sorted(e)}, "module": module, "module_reason": why,
                            "first_seen": first})
        else:
            extra = [f for f in e["flags"] if f not in ours_flags]
            if extra:
                alias_gaps.append({"field": ours_flags[have[0]], "ours": list(SPECS[ours_flags[have[0]]].flags),
                                   "sglang": e["flags"], "add_aliases": extra})

    # (b) our flags the target lacks or deprecates
    gone = []
    for s in SPECS.values():
        present = [f for f in s.flags if f in tgt_by_flag]
        dep_here = next((tgt_by_flag[f]["deprecated"] for f in present if tgt_by_flag[f].get("deprecated")), None)
        if present and not dep_here and len(present) == len(s.flags):
            continue
        item = {"field": s.name, "flags": list(s.flags), "group": s.group.key,
                "ours_deprecated": type(s.deprecated).__name__ if s.deprecated else None}
        if present and not dep_here:
            item["what"] = "alias dropped"
            item["dropped_aliases"] = [f for f in s.flags if f not in tgt_by_flag]
            item["kept"] = present
            item["verdicts"] = {f: _prefix_verdict(f, set(tgt_by_flag)) for f in item["dropped_aliases"]}
            gone.append(item)
            continue
        flag = s.flag
        hist_dep = next(((v, dep_of[v][f]) for v in order for f in s.flags if f in dep_of[v]), None)
        last_seen = max((v for v in order if any(f in flags_of[v] for f in s.flags)), key=_version_key,
                        default=None)
        removed_in = None
        if last_seen and not present:
            later = [v for v in order if _version_key(v) > _version_key(last_seen)]
            removed_in = later[0] if later else None
        successors: list[str] = []
        how = None
        historic: list[str] = []
        if dep_here:
            historic, how = dep_here["successors"], "deprecation action in " + target
            if dep_here.get("new_flag"):
                item["sglang_pointer"] = dep_here["new_flag"]
        elif hist_dep and hist_dep[1]["successors"]:
            last_dep = max((v for v in order for f in s.flags if f in dep_of[v]), key=_version_key)
            historic = next(dep_of[last_dep][f] for f in s.flags if f in dep_of[last_dep])["successors"]
            how = f"deprecation action in {hist_dep[0]}..{last_dep}"
            last = next(dep_of[last_dep][f] for f in s.flags if f in dep_of[last_dep])
            effect = last.get("effect")
            if last.get("new_flag"):
                item["sglang_pointer"] = last["new_flag"]  # e.g. --cuda-graph-backend-prefill=tc_piecewise
            if effect:
                item["historic_effect"] = effect  # ignored: the old flag was a no-op, the pointer is advice
        if historic:
            successors = _resolve(historic, tgt_by_flag, latest_dep)
        elif s.name in tgt_by_dest and not any(f in tgt_by_dest[s.name]["flags"] for f in s.flags):
            successors, how = [tgt_by_dest[s.name]["flags"][0]], "same field name, new flag"
        else:
            ext = sorted(f for f in tgt_by_flag if f.startswith(flag + "-") and not tgt_by_flag[f].get("deprecated"))
            if ext:
                successors, how = ext, "flags that extend the old spelling"
        if historic and historic != successors:
            item["historic_successors"] = historic
        near = difflib.get_close_matches(flag, [f for f in tgt_by_flag if f not in s.flags], n=1, cutoff=0.9)
        if not successors and near and not dep_here:
            successors, how = near, "near-identical spelling (likely a typo in the seed)"
        added_later = next((v for v in every if _version_key(v) > _version_key(target)
                            and any(f in {x for e in releases[v]["flags"] for x in e["flags"]} for f in s.flags)), None)
        if added_later and not present:
            item.update({"what": f"not yet in {target} (first in {added_later})", "kind": "later",
                         "successors": [], "successor_source": None, "deprecated_in": None,
                         "last_release_with_flag": None, "gone_in": None,
                         "old_spelling_in_target": {f: _prefix_verdict(f, set(tgt_by_flag)) for f in s.flags}})
            gone.append(item)
            continue
        if dep_here:
            kind = dep_here["kind"] if dep_here["accepted"] else "removed"
            what = f"deprecated but accepted ({kind})" if dep_here["accepted"] else "removed (error)"
        elif successors:
            kind = "split" if len(successors) > 1 else "rename"
            what = kind
        elif last_seen is None:
            kind, what = "unreleased", f"in no release read ({every[0]}..{every[-1]}): check the seed"
        else:
            kind, what = "removed", "removed"
        item.update({
            "what": what, "kind": kind, "successors": successors, "successor_source": how,
            "deprecated_in": hist_dep[0] if hist_dep else None,
            "last_release_with_flag": last_seen, "gone_in": removed_in,
            "old_spelling_in_target": {f: _prefix_verdict(f, set(tgt_by_flag)) for f in s.flags},
        })
        if not successors and removed_in:  # help a reviewer: flags that arrived in the same release
            item["arrived_with_removal"] = sorted(
                f for e in releases[removed_in]["flags"] for f in e["flags"][:1]
                if f not in flags_of[order[order.index(removed_in) - 1]]
                and set(flag[2:].split("-")) & set(f[2:].split("-")) - {"enable", "disable", "size", "backend"})
        gone.append(item)

    # (c) differences in default, type, choices
    diffs = []
    for s in SPECS.values():
        e = next((tgt_by_flag[f] for f in s.flags if f in tgt_by_flag), None)
        if e is None or e.get("deprecated"):
            continue
        d = {}
        ours_default = _jsonable(s.default.value if hasattr(s.default, "value") else s.default)
        if isinstance(ours_default, tuple):
            ours_default = list(ours_default)
        ot = _our_type(s)
        # SGLang takes some JSON objects as a string and parses it later: same fact, other spelling
        json_as_str = ot == "json" and e["type"] == "str"
        sg_default = e["default"]
        if json_as_str and isinstance(sg_default, str):
            try:
                sg_default = json.loads(sg_default)
            except ValueError:
                pass
        if ours_default != sg_default:
            d["default"] = {"ours": ours_default, "sglang": e["default"]}
        if ot != e["type"] and not json_as_str:
            d["type"] = {"ours": ot, "sglang": e["type"]}
        oc = [_jsonable(c) for c in s.choices] if s.choices else None
        tc = e["choices"]
        if (oc is None) != (tc is None) or (oc and set(map(str, oc)) != set(map(str, tc))):
            d["choices"] = {"ours": oc, "sglang": tc,
                            "only_ours": sorted(set(map(str, oc or [])) - set(map(str, tc or []))),
                            "only_sglang": sorted(set(map(str, tc or [])) - set(map(str, oc or [])))}
        if d:
            diffs.append({"field": s.name, "flag": e["flags"][0], "group": s.group.key, **d})

    # how well the schema matches each release: the seed era is the best match
    ours_all = set(ours_flags)
    match = []
    for v in order:
        rel = flags_of[v]
        hit = sum(1 for sp in SPECS.values() if any(f in rel for f in sp.flags))
        extra = sum(1 for e in releases[v]["flags"] if not any(f in ours_all for f in e["flags"]))
        match.append({"version": v, "flags": len(releases[v]["flags"]), "ours_present": hit,
                      "ours_present_pct": round(100 * hit / len(SPECS), 1), "release_only": extra,
                      "jaccard_pct": round(100 * hit / (len(SPECS) + extra), 1)})
    best = max(match, key=lambda m: m["jaccard_pct"])
    result = {
        "target": target, "releases_compared": order, "schema_match": match, "best_match": best["version"],
        "counts": {
            "target_flags": len(tgt["flags"]), "our_arguments": len(SPECS),
            "target_flags_we_lack": len(missing), "alias_gaps": len(alias_gaps),
            "ours_gone_or_deprecated": len([g for g in gone if g["what"] != "alias dropped"]),
            "ours_alias_dropped": len([g for g in gone if g["what"] == "alias dropped"]),
            "by_kind": {k: sum(1 for g in gone if g.get("kind") == k)
                        for k in ("rename", "split", "removed", "deprecated", "later", "unreleased")},
            "deprecated_but_accepted": sum(1 for g in gone if str(g.get("what", "")).startswith("deprecated")),
            "fact_differences": len(diffs),
        },
        "a_missing": missing, "a_alias_gaps": alias_gaps, "b_gone": gone, "c_differences": diffs,
    }
    Path(out_base + ".json").write_text(json.dumps(result, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    Path(out_base + ".md").write_text(_markdown(result), encoding="utf-8")
    print(json.dumps(result["counts"]))


def _markdown(r: dict) -> str:
    c = r["counts"]
    out = [f"# argmatrix schema vs SGLang {r['target']}", "",
           f"Releases read: {', '.join(r['releases_compared'])}. Machine-readable: sglang-diff.json.", "",
           "## Counts", ""]
    out += [f"- {k}: {v}" for k, v in c.items()]
    out += ["", f"## Which release the schema reflects (best: {r['best_match']})", "",
            "Share of our arguments whose flag (or an alias) the release has; release flags we lack; "
            "Jaccard = present / (ours + release-only).", "",
            "| release | flags | ours present | % of ours | release-only | Jaccard % |", "|---|---|---|---|---|---|"]
    out += [f"| {m['version']} | {m['flags']} | {m['ours_present']} | {m['ours_present_pct']} | "
            f"{m['release_only']} | {m['jaccard_pct']} |" for m in r["schema_match"]]
    out += ["", f"## (a) {r['target']} flags our schema lacks ({len(r['a_missing'])})", "",
            "| flag (aliases) | type | nargs | action | default | choices | SGLang ns | first seen | our module |",
            "|---|---|---|---|---|---|---|---|---|"]
    for e in sorted(r["a_missing"], key=lambda e: (e["module"], e["flags"][0])):
        ch = e["choices"]
        ch_s = "" if ch is None else (", ".join(map(str, ch)) if len(ch) <= 8 else f"{len(ch)} values")
        dep = f" **deprecated {e['deprecated']['kind']} -> {', '.join(e['deprecated']['successors'])}**" if e.get(
            "deprecated") else ""
        out.append(f"| {' '.join(e['flags'])}{dep} | {e['type']} | {e['nargs'] if e['nargs'] is not None else ''} | "
                   f"{e['action']} | `{json.dumps(e['default'])}` | {ch_s} | {e['group']} | {e['first_seen']} | "
                   f"{e['module']} |")
    out += ["", f"### Aliases SGLang accepts for flags we have ({len(r['a_alias_gaps'])})", ""]
    out += [f"- `{g['field']}`: ours {' '.join(g['ours'])}; add {' '.join(g['add_aliases'])}" for g in r["a_alias_gaps"]]
    out += ["", f"## (b) our flags {r['target']} lacks or deprecates ({len(r['b_gone'])})", ""]
    for g in r["b_gone"]:
        if g["what"] == "alias dropped":
            v = "; ".join(f"{f}: {x['outcome']}" + (f" ({x['parses_as']})" if 'parses_as' in x else "")
                          for f, x in g["verdicts"].items())
            out.append(f"- `{g['flags'][0]}` ({g['group']}): alias dropped {', '.join(g['dropped_aliases'])} -> {v}")
            continue
        verdicts = "; ".join(
            f"{f}: {x['outcome']}" + (f" -> {x['parses_as']}" if x.get("parses_as") and x["parses_as"] != f else "")
            + (f" ({', '.join(x['matches'])})" if x.get("matches") else "")
            for f, x in g["old_spelling_in_target"].items())
        succ = ", ".join(g["successors"]) or "none"
        if g.get("historic_successors"):
            succ += f" (SGLang's pointer then: {', '.join(g['historic_successors'])})"
        when = []
        if g["deprecated_in"]:
            eff = {"ignored": " (warned and ignored the value)", "stores": " (still worked)",
                   "error": " (error)"}.get(g.get("historic_effect"), "")
            when.append(f"deprecated in {g['deprecated_in']}{eff}")
        if g["gone_in"]:
            when.append(f"gone in {g['gone_in']} (last in {g['last_release_with_flag']})")
        elif not g["last_release_with_flag"] and g.get("kind") not in ("later", "unreleased"):
            when.append("in none of the releases read")
        extra = f"; same-release arrivals: {', '.join(g['arrived_with_removal'])}" if g.get("arrived_with_removal") else ""
        if g.get("sglang_pointer"):
            succ += f"; SGLang says: `{g['sglang_pointer']}`"
        out.append(f"- `{' '.join(g['flags'])}` ({g['group']}): **{g['what']}**, successors: {succ} "
                   f"[{g['successor_source'] or 'no successor found'}]; {', '.join(when)}. In {r['target']}: "
                   f"{verdicts}{extra}")
    out += ["", f"## (c) facts that differ ({len(r['c_differences'])})", "",
            "| flag | group | default ours / sglang | type ours / sglang | choices only ours / only sglang |",
            "|---|---|---|---|---|"]
    for d in r["c_differences"]:
        de = f"`{json.dumps(d['default']['ours'])}` / `{json.dumps(d['default']['sglang'])}`" if "default" in d else ""
        ty = f"{d['type']['ours']} / {d['type']['sglang']}" if "type" in d else ""
        if "choices" in d:
            ch = d["choices"]
            if ch["ours"] is None or ch["sglang"] is None:
                cs = f"ours {'open' if ch['ours'] is None else len(ch['ours'])} / sglang " \
                     f"{'open' if ch['sglang'] is None else len(ch['sglang'])}"
            else:
                cs = f"{', '.join(ch['only_ours']) or '-'} / {', '.join(ch['only_sglang']) or '-'}"
        else:
            cs = ""
        out.append(f"| {d['flag']} | {d['group']} | {de} | {ty} | {cs} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main(*sys.argv[1:4])
