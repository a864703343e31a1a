"""Closed sets of values that several arguments share, declared once."""
from typing import Literal

AttentionBackend = Literal['triton', 'torch_native', 'flex_attention', 'nsa', 'cutlass_mla', 'fa3', 'fa4', 'flashinfer', 'flashmla', 'trtllm_mla', 'trtllm_mha', 'dual_chunk_flash_attn', 'aiter', 'wave', 'intel_amx', 'ascend', 'intel_xpu']
LoadFormat = Literal['auto', 'pt', 'safetensors', 'npcache', 'dummy', 'sharded_state', 'gguf', 'bitsandbytes', 'layered', 'remote', 'remote_instance']
QuantizationMethod = Literal['awq', 'fp8', 'gptq', 'marlin', 'gptq_marlin', 'awq_marlin', 'bitsandbytes', 'gguf', 'modelopt', 'modelopt_fp8', 'modelopt_fp4', 'petit_nvfp4', 'w8a8_int8', 'w8a8_fp8', 'moe_wna16', 'qoq', 'w4afp8', 'mxfp4', 'compressed-tensors', 'modelslim']
MoeRunnerBackend = Literal['auto', 'deep_gemm', 'triton', 'triton_kernel', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_mxfp4', 'flashinfer_cutedsl', 'cutlass']
MoeA2ABackend = Literal['none', 'deepep', 'mooncake', 'mori', 'ascend_fuseep', 'flashinfer']
LogLevel = Literal['critical', 'error', 'warning', 'info', 'debug', 'trace']

__all__ = ["AttentionBackend", "LoadFormat", "LogLevel", "MoeA2ABackend", "MoeRunnerBackend", "QuantizationMethod"]
