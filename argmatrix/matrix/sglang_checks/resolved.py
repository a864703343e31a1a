"""What SGLang 0.5.23's resolution makes of a launch's values, as far as its later checks read them.

SGLang resolves before it checks: NEXTN becomes EAGLE, a PD decode server
turns the radix cache off unless told otherwise, ``--speculative-adaptive``
falls back to static parameters when the setup cannot run it, and a few checks
read environment variables.  The rules in this package ask these helpers
instead of repeating that logic.
"""
from __future__ import annotations

from ..rules import RuleContext
from .common import attn_dp

# SpeculativeAlgorithm's built-in names argmatrix's schema offers; NEXTN is read as EAGLE (speculative_hook.py:112).
EAGLE_WORKERS = ("EAGLE", "EAGLE3", "NEXTN", "STANDALONE")  # the ones _handle_eagle_family resolves


def algorithm(c: RuleContext) -> str | None:
    """The speculative algorithm SGLang works with after resolution (NEXTN is EAGLE)."""
    algo = c.speculative_algorithm
    return "EAGLE" if algo == "NEXTN" else algo


def adaptive_stays_on(c: RuleContext) -> bool:
    """--speculative-adaptive after _maybe_disable_adaptive (adaptive_spec_params.adaptive_unsupported_reason)."""
    return bool(c.speculative_adaptive) and adaptive_refusal(c) is None


def adaptive_refusal(c: RuleContext) -> str | None:
    """Why SGLang turns --speculative-adaptive off, or None; the order of adaptive_unsupported_reason."""
    if algorithm(c) not in ("EAGLE", "EAGLE3"):
        return f"--speculative-algorithm {c.speculative_algorithm}"
    if c.speculative_eagle_topk is not None and c.speculative_eagle_topk != 1:
        return f"--speculative-eagle-topk {c.speculative_eagle_topk}"
    if attn_dp(c) > 1:
        return f"--attn-dp-size {attn_dp(c)}"
    if c.enable_multi_layer_eagle:
        return "--enable-multi-layer-eagle"
    if c.enable_two_batch_overlap:
        return "--enable-two-batch-overlap"
    if c.enable_pdmux:
        return "--enable-pdmux"
    return None


def decode_radix_off(c: RuleContext) -> bool:
    """A PD decode server without --disaggregation-decode-enable-radix-cache runs with the radix cache off."""
    return c.disaggregation_mode == "decode" and not c.disaggregation_decode_enable_radix_cache


def radix_cache_on(c: RuleContext) -> bool:
    """The radix cache after the model-independent resolutions that turn it off (PD decode, --enable-mis)."""
    return not (c.disable_radix_cache or decode_radix_off(c) or c.enable_mis)


def attention_backends(c: RuleContext) -> tuple[str | None, ...]:
    """The attention backends a launch names (SGLang's attention_backends_of reads prefill and decode)."""
    return (c.attention_backend, c.prefill_attention_backend, c.decode_attention_backend)


def rejection_sampling(c: RuleContext) -> bool:
    """--speculative-use-rejection-sampling, or block verification, which turns it on for EAGLE/EAGLE3 (:187)."""
    return bool(c.speculative_use_rejection_sampling) or (
        bool(c.speculative_use_block_verification) and algorithm(c) in ("EAGLE", "EAGLE3"))
