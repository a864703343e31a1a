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
    352: Disposition('pending',  # override in _step3p_overrides
                         'model: Step3p5ForCausalLM with hierarchical cache (config.json); no check covers it'),
    356: Disposition('pending',  # override in _step3p_overrides
                         'model: Step3p5ForCausalLM with hierarchical cache (config.json); no check covers it'),
    504: Disposition('not-applicable',  # override in _dsa_kv_cache_dtype_default
                         'fires only on ROCm, MUSA or Intel XPU, platforms argmatrix has no column for (AM-E601)'),
    528: Disposition('pending',  # raise in _dsa_kv_cache_dtype_default
                         "model: _dsa_kv_cache_dtype_default decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    541: Disposition('pending',  # assert in _dsa_kv_cache_dtype_default
                         "model: _dsa_kv_cache_dtype_default decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    563: Disposition('pending',  # raise in _check_dsa_backend_constraints
                         'model: runs for DeepSeek Sparse Attention (DSA) models only (config.json); no check in '
                         'compiler/model_checks.py covers it'),
    572: Disposition('pending',  # raise in _check_dsa_backend_constraints
                         'model: runs for DeepSeek Sparse Attention (DSA) models only (config.json); no check in '
                         'compiler/model_checks.py covers it'),
    577: Disposition('pending',  # raise in _check_dsa_backend_constraints
                         'model: runs for DeepSeek Sparse Attention (DSA) models only (config.json); no check in '
                         'compiler/model_checks.py covers it'),
    583: Disposition('pending',  # raise in _check_dsa_backend_constraints
                         'model and GPU generation: TileLang FP8 KV (SM89 or newer) is checked only for DeepSeek Sparse '
                         'Attention models, on the DSA backends SGLang resolves from the generation; the generation is a '
                         'fact now (RuleContext.gpu), the DSA resolution is not ported yet'),
    621: Disposition('not-applicable',  # override in _dsa_split_backend_resolution
                         'fires only on ROCm, MUSA or Intel XPU, platforms argmatrix has no column for (AM-E601)'),
    650: Disposition('pending',  # raise in _dsa_split_backend_resolution
                         "model: _dsa_split_backend_resolution decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    658: Disposition('pending',  # override in _dsa_split_backend_resolution
                         "model: _dsa_split_backend_resolution decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    671: Disposition('pending',  # override in _dsa_split_backend_resolution
                         "model: _dsa_split_backend_resolution decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    692: Disposition('pending',  # raise in _dsa_split_backend_resolution
                         'model: runs for DeepSeek Sparse Attention (DSA) models only (config.json); no check in '
                         'compiler/model_checks.py covers it'),
    703: Disposition('pending',  # override in _dsa_split_backend_resolution
                         'model: runs for DeepSeek Sparse Attention (DSA) models only (config.json); no check in '
                         'compiler/model_checks.py covers it'),
    737: Disposition('pending',  # override in _dsa_split_backend_resolution
                         'model: runs for DeepSeek Sparse Attention (DSA) models only (config.json); no check in '
                         'compiler/model_checks.py covers it'),
    871: Disposition('pending',  # raise in _deepseek_spec_moe_resolution
                         "model: DeepSeek's speculative MoE runner (SGLANG_NVFP4_CKPT_FP8_NEXTN_MOE on an NVFP4 checkpoint "
                         'with an FP8 NextN layer); no check covers it'),
    907: Disposition('pending',  # assert in _deepseek_v4_kv_cache_dtype
                         "model: _deepseek_v4_kv_cache_dtype decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
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
    1724: Disposition('pending',  # override in _dllm_overlap_disable
                         "model: diffusion LLM settings from the model's dLLM config (block size); no check covers it"),
    1738: Disposition('pending',  # override in _dllm_page_size
                         "model: diffusion LLM settings from the model's dLLM config (block size); no check covers it"),
    1744: Disposition('pending',  # override in _dllm_page_size
                         "model: diffusion LLM settings from the model's dLLM config (block size); no check covers it"),
    1766: Disposition('not-applicable',  # raise in validate_declarations
                         "guards what a per-model override may declare (SGLang's own tables); no launch line reaches it"),
    1919: Disposition('pending',  # assert in mamba_cache_chunk_size
                         "model: mamba_cache_chunk_size decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    1951: Disposition('pending',  # raise in max_speculative_num_draft_tokens
                         'the draft-token ceiling a speculative algorithm declares against --speculative-num-draft-tokens; not'
                         ' ported'),
}
