"""What the release fixtures cannot say about SGLang's flags: the one hand-kept table.

Each release's own parser (``tools/sglang_release.py`` -> ``tests/fixtures/sglang-<release>.json``, every release
from 0.5.9 to 0.5.23) says which flags, aliases and choice values that release has, which it deprecates and which
successors it names; ``release_dates.py`` is derived from those fixtures by ``tools/sglang_release_dates.py``
(a test regenerates it and requires it unchanged).  Kept here by hand, for what no fixture can say: the successor
of a flag no parser points anywhere, the spelling with a value to write in each release (SGLang names the flag,
not the value), why a flag went when nothing replaces it, and how argmatrix's own reader (``argmatrix serve``)
treats a retired flag.  ``schema/releases.py`` is the one reader of both.  Nothing here is prose from SGLang.
"""
from __future__ import annotations

from typing import Any, Literal

from .meta import Text
from .release_dates import (
    DEPRECATED,
    GONE,
    IGNORED,
    INTRODUCED,
    REFUSED_BY_ERROR,
    RELEASES_READ,
    SPELLINGS_MISSING,
    SUCCESSORS,
    UNHELD_SPELLINGS_GONE,
    VALUES_GONE,
    VALUES_INTRODUCED,
)
from .release_dates import (
    NO_SPELLING as _NO_SPELLING,
)

__all__ = ["CHANGES", "DEPRECATED", "FORMER_FLAGS", "GONE", "INTRODUCED", "KNOWN_FLAG_SETS", "NEWEST", "NO_SPELLING",
           "OLDEST", "REFUSED_BY_ERROR", "SEED_RELEASE", "SPELLINGS_MISSING",
           "UNHELD_SPELLINGS_GONE", "VALUES_GONE", "VALUES_INTRODUCED", "Change", "Hand"]

SEED_RELEASE = "0.5.9"        # the release the Ascend seed tables describe
NEWEST = RELEASES_READ[-1]    # the newest release whose flag set argmatrix holds; the default
OLDEST = "0.5.8"              # a date before every release read: "no release we read takes it"
KNOWN_FLAG_SETS = RELEASES_READ  # every release whose whole flag set was read from its wheel
NO_SPELLING: frozenset[str] = frozenset(_NO_SPELLING)


class Hand:
    """What no fixture says about one flag.  ``successors``: only where no release's parser names any;
    ``writes``: ``(release, spelling)`` pairs, the spelling with a value to write from that release on (``""``:
    nothing to write from then on); ``hint``: what to do when nothing replaces it; ``moves_to``/``sets``: argmatrix's
    own reader moves the value to this field (set to ``sets`` when the old value does not carry over);
    ``retired``: argmatrix's own reader (``argmatrix serve``, no SGLang release) refuses it too."""

    # plain classes, not dataclasses or NamedTuples: their creation compiles code, on every check-config start
    __slots__ = ("hint", "moves_to", "retired", "sets", "successors", "writes")

    def __init__(self, successors: tuple[str, ...] = (), writes: tuple[tuple[str, str], ...] = (),
                 hint: Text | None = None, moves_to: str | None = None, sets: Any = None, retired: bool = False):
        self.successors, self.writes, self.hint = successors, writes, hint
        self.moves_to, self.sets, self.retired = moves_to, sets, retired


class Change:
    """What happened to one flag across SGLang releases: the fixtures' dates and successors with the hand's rest.

    ``deprecated_in``: from this release SGLang warns but still takes it (``ignored_in``: and does nothing with it);
    ``gone_in``: from this release SGLang refuses it (``OLDEST``: no release we read accepted it);
    ``error_in``: ``(first, until)`` releases whose parser still knows it and stops with its own error.
    """

    __slots__ = ("deprecated_in", "error_in", "gone_in", "hint", "ignored_in", "kind", "moves_to", "retired", "sets",
                 "successors", "writes")

    def __init__(self, kind: Literal["renamed", "split", "removed"], deprecated_in: str | None, gone_in: str | None,
                 successors: tuple[str, ...] = (), writes: tuple[tuple[str, str], ...] = (), hint: Text | None = None,
                 moves_to: str | None = None, sets: Any = None, retired: bool = False, ignored_in: str | None = None,
                 error_in: tuple[str, str | None] | None = None):
        self.kind, self.deprecated_in, self.gone_in, self.successors = kind, deprecated_in, gone_in, successors
        self.writes, self.hint, self.moves_to, self.sets, self.retired = writes, hint, moves_to, sets, retired
        self.ignored_in, self.error_in = ignored_in, error_in

    def __repr__(self) -> str:
        return f"Change({self.kind!r}, deprecated_in={self.deprecated_in!r}, gone_in={self.gone_in!r})"


_PIECEWISE = (("0.5.14", "--cuda-graph-backend-prefill tc_piecewise"),
              # 0.5.22 removed tc_piecewise; an explicit prefill backend is kept as given ("locked" in SGLang's
              # cuda_graph_hook.parse_cuda_graph_config), which is what enforcing meant
              ("0.5.22", "--cuda-graph-backend-prefill breakable"))
_BOOTSTRAP = {"decode": Text("the prefill server learns the decode layout at bootstrap",
                             "预填充实例在引导阶段就会获知解码实例的并行布局"),
              "prefill": Text("the decode server learns the prefill layout at bootstrap",
                              "解码实例在引导阶段就会获知预填充实例的并行布局")}

# field -> what no fixture says about its flag (the dates and the parsers' own successors are release_dates.py's)
HAND: dict[str, Hand] = {
    "hybrid_kvcache_ratio": Hand(retired=True),
    "stream_output": Hand(moves_to="incremental_streaming_output"),
    # the seed table misspells SGLang's --otlp-traces-endpoint; no release accepts this spelling
    "oltp_traces_endpoint": Hand(("--otlp-traces-endpoint",)),
    # --enable-nan-detection logs and masks NaNs instead of crashing; 0.5.13 removed it too, and nothing since
    "crash_on_nan": Hand(writes=(("0.5.8", "--enable-nan-detection"), ("0.5.13", "")), retired=True),
    "prefill_round_robin_balance": Hand(writes=(("0.5.8", "--load-balance-method follow_bootstrap_room"),),
                                        retired=True),
    "speculative_ngram_branch_length": Hand(("--speculative-ngram-max-trie-depth",),
                                            moves_to="speculative_ngram_max_trie_depth"),
    "enable_flashinfer_allreduce_fusion": Hand(writes=(("0.5.14", "--flashinfer-allreduce-fusion-backend auto"),)),
    "disable_cuda_graph": Hand(writes=(("0.5.14", "--cuda-graph-backend-decode disabled "
                                                  "--cuda-graph-backend-prefill disabled"),)),
    "enable_dp_attention": Hand(writes=(("0.5.22", "--attn-dp-size N"),),
                                hint=Text("N is the --dp-size you give now: --attn-dp-size N takes the place of "
                                          "--dp-size N --enable-dp-attention",
                                          "N 即当前的 --dp-size：用 --attn-dp-size N 取代 "
                                          "--dp-size N --enable-dp-attention")),
    "enforce_piecewise_cuda_graph": Hand(writes=_PIECEWISE),
    "disable_fast_image_processor": Hand(writes=(("0.5.18", "--image-processor-backend pil"),)),
    # piecewise graphs became the default in 0.5.10 (the old switch does nothing there); the value moves to the
    # switch that forces them
    "enable_piecewise_cuda_graph": Hand(writes=_PIECEWISE, moves_to="enforce_piecewise_cuda_graph"),
    "monokernel_backend": Hand(moves_to="enable_amd_monokernel", sets=True),  # born deprecated: amd was its only value
    "debug_tensor_dump_inject": Hand(retired=True),
    "disaggregation_decode_tp": Hand(hint=_BOOTSTRAP["decode"], retired=True),
    "disaggregation_decode_dp": Hand(hint=_BOOTSTRAP["decode"], retired=True),
    "disaggregation_prefill_pp": Hand(hint=_BOOTSTRAP["prefill"], retired=True),
    **dict.fromkeys(("enable_double_sparsity", "ds_channel_config_path", "ds_heavy_channel_num", "ds_heavy_token_num",
                     "ds_heavy_channel_type", "ds_sparse_decode_threshold"), Hand(retired=True)),
}


def _change(name: str, hand: Hand) -> Change:
    successors = SUCCESSORS.get(name, hand.successors)  # a release's own parser has the last word
    kind: Literal["renamed", "split", "removed"] = (
        "split" if len(successors) > 1 else "renamed" if successors else "removed")
    return Change(kind, DEPRECATED.get(name), GONE.get(name), successors, hand.writes, hand.hint, hand.moves_to,
                  hand.sets, hand.retired, IGNORED.get(name), REFUSED_BY_ERROR.get(name))


# field -> what happened to its flag: every field some release deprecates or refuses
CHANGES: dict[str, Change] = {name: _change(name, HAND.get(name, Hand()))
                              for name in sorted({*DEPRECATED, *GONE, *REFUSED_BY_ERROR})}

# Spellings no field of the schema holds (gone before the oldest release we read, or born and gone between the
# releases we hold: UNHELD_SPELLINGS_GONE dates those, and a test requires the same date here), which real launch
# commands (old guides, scripts, SGLang's own tests) still use.  argmatrix names the successor rather than guess a
# similar-looking flag.
FORMER_FLAGS: dict[str, Change] = {
    "--enable-ep-moe": Change("removed", None, OLDEST, ("--ep-size",), writes=(("0.5.8", "--ep-size N"),),
                              hint=Text("expert parallelism is sized, not switched on", "专家并行按规模设置，而不是开关")),
    "--enable-deepep-moe": Change("removed", None, OLDEST, ("--moe-a2a-backend",),
                                  writes=(("0.5.8", "--moe-a2a-backend deepep"),)),
    "--npu-graph-max-bs": Change("removed", None, OLDEST, ("--cuda-graph-max-bs-decode",),
                                 writes=(("0.5.8", "--cuda-graph-max-bs N"), ("0.5.20", "--cuda-graph-max-bs-decode N")),
                                 hint=Text("it covers NPU graphs too", "它同样适用于 NPU 图")),
    "--enable-flashinfer-mla": Change("removed", None, OLDEST, ("--attention-backend",),
                                      writes=(("0.5.8", "--attention-backend flashinfer"),)),
    "--enable-flashmla": Change("removed", None, OLDEST, ("--attention-backend",),
                                writes=(("0.5.8", "--attention-backend flashmla"),)),
    "--max-micro-batch-size": Change("removed", None, OLDEST, ("--pp-max-micro-batch-size",),
                                     writes=(("0.5.8", "--pp-max-micro-batch-size N"),),
                                     hint=Text("it only applies with --pp-size above 1", "仅在 --pp-size 大于 1 时生效")),
    # a prefill context-parallel switch SGLang had from 0.5.10 (deprecated for --enable-prefill-cp, 0.5.14) to 0.5.19
    "--enable-prefill-context-parallel": Change("renamed", None, "0.5.20", ("--enable-prefill-cp",),
                                                writes=(("0.5.14", "--enable-prefill-cp"),)),
}
