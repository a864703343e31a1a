"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/overrides.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    101: Disposition('not-applicable',  # raise in run_post_process_pass
                         "an invariant of SGLang's own resolution machinery, not of a launch: no launch line reaches it"),
    119: Disposition('not-applicable',  # raise in declare_resolution
                         "an invariant of SGLang's own resolution machinery, not of a launch: no launch line reaches it"),
    125: Disposition('not-applicable',  # raise in declare_resolution
                         "an invariant of SGLang's own resolution machinery, not of a launch: no launch line reaches it"),
    356: Disposition('not-applicable',  # override in _step3p_overrides
                         'SGLang turns on --disable-hybrid-swa-memory (Step-3.5 with hierarchical cache) here, a switch a '
                         'launch line can only turn on (store-true): no value the user gave is replaced, so there is nothing '
                         'to warn about'),
    504: Disposition('not-applicable',  # override in _dsa_kv_cache_dtype_default
                         'fires only on ROCm, MUSA or Intel XPU, platforms argmatrix has no column for (AM-E601)'),
    583: Disposition('pending',  # raise in _check_dsa_backend_constraints
                         'model and GPU generation: TileLang FP8 KV (SM89 or newer) is checked only for DeepSeek Sparse '
                         'Attention models, on the DSA backends SGLang resolves from the generation; the generation is a '
                         'fact now (RuleContext.gpu), the DSA resolution is not ported yet'),
    621: Disposition('not-applicable',  # override in _dsa_split_backend_resolution
                         'fires only on ROCm, MUSA or Intel XPU, platforms argmatrix has no column for (AM-E601)'),
    658: Disposition('not-applicable',  # override in _dsa_split_backend_resolution
                         'SGLang fills in the DSA split backends the launch left unset (flashmla_sparse for learnable attention sinks) and warns which it chose; a '
                         'backend the launch names is kept (or refused by AM-E465): no value the user gave is replaced'),
    671: Disposition('not-applicable',  # override in _dsa_split_backend_resolution
                         'SGLang fills in the DSA split backends the launch left unset (GLM-5 with an FP8 KV cache on SM120/121) and warns which it chose; a '
                         'backend the launch names is kept (or refused by AM-E465): no value the user gave is replaced'),
    703: Disposition('not-applicable',  # override in _dsa_split_backend_resolution
                         'SGLang fills in the DSA split backends the launch left unset (the HiSparse default) and warns which it chose; a '
                         'backend the launch names is kept (or refused by AM-E465): no value the user gave is replaced'),
    737: Disposition('not-applicable',  # override in _dsa_split_backend_resolution
                         'SGLang fills in the DSA split backends the launch left unset (from the KV-cache dtype and the GPU generation) and warns which it chose; a '
                         'backend the launch names is kept (or refused by AM-E465): no value the user gave is replaced'),
    871: Disposition('not-applicable',  # raise in _deepseek_spec_moe_resolution
                         'fires only on ROCm, MUSA or Intel XPU, platforms argmatrix has no column for (AM-E601)'),
    920: Disposition('not-applicable',  # override in _sparse_head_overlap_disable
                         'SGLang turns on --disable-overlap-schedule (SGLANG_EMBEDDINGS_SPARSE_HEAD) here, a switch a launch '
                         'line can only turn on (store-true): no value the user gave is replaced, so there is nothing to warn '
                         'about'),
    1084: Disposition('not-applicable',  # raise in _deterministic_rocm_rccl_check
                         'fires only on ROCm, MUSA or Intel XPU, platforms argmatrix has no column for (AM-E601)'),
    1112: Disposition('not-applicable',  # override in _deterministic_attention_backend
                         'SGLang fills in --attention-backend for deterministic inference, which the launch left to it (unset '
                         'or auto): no value the user chose is replaced'),
    1307: Disposition('runtime',  # override in _attention_backend_platform_fallbacks
                         'depends on whether the CPU has Intel AMX, which the cpu column does not say (SGLang falls back to '
                         'torch_native without it)'),
    1316: Disposition('not-applicable',  # override in _attention_backend_platform_fallbacks
                         'fires only on ROCm, MUSA or Intel XPU, platforms argmatrix has no column for (AM-E601)'),
    1333: Disposition('not-applicable',  # override in _intel_xpu_page_constraint
                         "the intel_xpu attention backend's page sizes: Intel XPU has no column"),
    1536: Disposition('not-applicable',  # override in _moe_runner_fusion_disable
                         'SGLang turns on --disable-shared-experts-fusion (LoRA MoE runners) here, a switch a launch line can '
                         'only turn on (store-true): no value the user gave is replaced, so there is nothing to warn about'),
    1539: Disposition('not-applicable',  # override in _moe_runner_fusion_disable
                         'SGLang turns on --disable-shared-experts-fusion (flashinfer_cutedsl) here, a switch a launch line '
                         'can only turn on (store-true): no value the user gave is replaced, so there is nothing to warn about'),
    1544: Disposition('not-applicable',  # override in _moe_runner_fusion_disable
                         'SGLang turns on --disable-shared-experts-fusion (flashinfer_trtllm) here, a switch a launch line can'
                         ' only turn on (store-true): no value the user gave is replaced, so there is nothing to warn about'),
    1549: Disposition('not-applicable',  # override in _moe_runner_fusion_disable
                         'SGLang turns on --disable-shared-experts-fusion (flashinfer_trtllm_routed) here, a switch a launch '
                         'line can only turn on (store-true): no value the user gave is replaced, so there is nothing to warn '
                         'about'),
    1567: Disposition('not-applicable',  # override in _a2a_fusion_adjustments
                         'SGLang turns on --disable-shared-experts-fusion (FlashInfer all-to-all) here, a switch a launch line'
                         ' can only turn on (store-true): no value the user gave is replaced, so there is nothing to warn '
                         'about'),
    1626: Disposition('not-applicable',  # override in _pipeline_parallel_overlap_disable
                         'SGLang turns on --disable-overlap-schedule (pipeline parallelism) here, a switch a launch line can '
                         'only turn on (store-true): no value the user gave is replaced, so there is nothing to warn about'),
    1699: Disposition('not-applicable',  # override in _dllm_attention_backend
                         'fires only on ROCm, MUSA or Intel XPU, platforms argmatrix has no column for (AM-E601)'),
    1724: Disposition('not-applicable',  # override in _dllm_overlap_disable
                         'SGLang turns on --disable-overlap-schedule (diffusion LLM inference) here, a switch a launch line '
                         'can only turn on (store-true): no value the user gave is replaced, so there is nothing to warn '
                         'about'),
    1766: Disposition('not-applicable',  # raise in validate_declarations
                         "guards what a per-model override may declare (SGLang's own tables); no launch line reaches it"),
    1951: Disposition('pending',  # raise in max_speculative_num_draft_tokens
                         'reached before start-up only through the decode-graph dispatch budgets of DeepEP v2 and FlashInfer '
                         'all-to-all (moe_hook.py:672), and only '
                         '--speculative-adaptive can trip it (a static algorithm declares exactly '
                         '--speculative-num-draft-tokens): the bound is one more than the largest candidate step of the '
                         'adaptive config (7 in SGLang\'s default, or --speculative-adaptive-config\'s file); not ported'),
}
