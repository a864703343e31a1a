"""Closed sets of values that several arguments share, declared once."""
from typing import Literal

AttentionBackend = Literal['triton', 'torch_native', 'flex_attention', 'nsa', 'cutlass_mla', 'fa3', 'fa4', 'flashinfer', 'flashmla', 'trtllm_mla', 'trtllm_mha', 'dual_chunk_flash_attn', 'aiter', 'wave', 'intel_amx', 'ascend', 'intel_xpu', 'compressed', 'cutedsl_mla', 'dsa', 'dsv4', 'hpc_ops', 'llada2_cfg_flashinfer', 'minicpm_flashattn', 'minicpm_flashinfer', 'qsa', 'tokenspeed_mla']
LoadFormat = Literal['auto', 'pt', 'safetensors', 'npcache', 'dummy', 'sharded_state', 'gguf', 'bitsandbytes', 'layered', 'remote', 'remote_instance', 'expert_pack', 'fastsafetensors', 'flash_rl', 'instanttensor', 'mistral', 'presharded', 'private', 'runai_streamer']
QuantizationMethod = Literal['awq', 'fp8', 'gptq', 'marlin', 'gptq_marlin', 'awq_marlin', 'bitsandbytes', 'gguf', 'modelopt', 'modelopt_fp8', 'modelopt_fp4', 'petit_nvfp4', 'w8a8_int8', 'w8a8_fp8', 'moe_wna16', 'qoq', 'w4afp8', 'mxfp4', 'compressed-tensors', 'modelslim', 'auto-round', 'auto-round-int8', 'humming', 'mlx_q4', 'mlx_q8', 'modelopt_mixed', 'mxfp8', 'mxfp_w4a8', 'nvfp4_online', 'quark', 'quark_int4fp8_moe', 'quark_mxfp4', 'unquant']
MoeRunnerBackend = Literal['auto', 'deep_gemm', 'triton', 'triton_kernel', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_mxfp4', 'flashinfer_cutedsl', 'cutlass', 'aiter', 'experimental_sgl_marlin', 'experimental_sgl_trtllm', 'flashinfer_megamoe', 'flashinfer_trtllm_routed', 'hpc_ops', 'humming', 'intel_xpu', 'lora_cutedsl', 'lora_marlin', 'lora_triton', 'marlin', 'megamoe']
MoeA2ABackend = Literal['none', 'deepep', 'mooncake', 'mori', 'ascend_fuseep', 'flashinfer', 'ascend_tp', 'deepep_v2', 'flashinfer_megamoe', 'megamoe', 'nixl', 'pplx']
LogLevel = Literal['critical', 'error', 'warning', 'info', 'debug', 'trace']

__all__ = ["AttentionBackend", "LoadFormat", "LogLevel", "MoeA2ABackend", "MoeRunnerBackend", "QuantizationMethod"]
