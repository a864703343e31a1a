"""The keys of vLLM's JSON config arguments (``--compilation-config``, ``--speculative-config``, ...).

Read from vLLM 0.32.0's config dataclasses by tools/vllm_release.py (tests/fixtures/vllm-0.32.0.json);
vLLM validates the object against its pydantic dataclass, so an unknown key or a value outside a key's
choices stops it at start-up.  The help texts are argmatrix's own."""
from __future__ import annotations

from ..meta import ObjectKey, Text

READ_FROM = '0.32.0'


def _k(key: str, type: str, default: object, choices: tuple | None, source: str, en: str, zh: str) -> ObjectKey:
    return ObjectKey(key, type, default, choices, Text(en, zh), f'vLLM {READ_FROM} {source}', strict=True)

# field -> (vLLM's class, where it is declared, its keys); watchdog_config is 0.33's (vllm-0.33.0.json)
OBJECTS: dict[str, tuple[str, str, tuple[ObjectKey, ...]]] = {
    'attention_config': ('AttentionConfig', 'vllm/config/attention.py:36', (
        _k('backend', 'enum', None,
           ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN',
            'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE',
            'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA',
            'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA',
            'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4',
            'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41',
            'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'MINIMAX_M3_SPARSE',
            'CUTLASS_MSA', 'TRITON_MSA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN',
            'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ULTRAQUANT', 'CUSTOM'),
           'vllm/config/attention.py:40',
           "Attention backend, by vLLM's name (e.g. FLASH_ATTN, FLASHINFER, TRITON_ATTN, FLASHMLA); unset or 'auto' "
           'picks one for the model and device. Same as --attention-backend.',
           '注意力后端，使用 vLLM 的名称（例如 FLASH_ATTN、FLASHINFER、TRITON_ATTN、FLASHMLA）；'
           "不设置或取 'auto' 时按模型和设备自动选择。与 --attention-backend 相同。"),
        _k('minimax_m3_msa_decode_backend', 'str', 'triton', ('triton', 'cutlass'), 'vllm/config/attention.py:43',
           'Kernel the MiniMax M3 sparse (MSA) attention backend uses for decode: triton or cutlass.',
           'MiniMax M3 稀疏（MSA）注意力后端在解码阶段使用的算子：triton 或 cutlass。'),
        _k('backend_per_kind', 'dict', {}, None, 'vllm/config/attention.py:46',
           'Attention backend per KV cache group kind, e.g. {"sliding_window_mla": "TRITON_MLA"}, for models whose '
           'layers span several groups; kinds not listed use backend.',
           '按 KV 缓存组类型分别指定注意力后端，例如 {"sliding_window_mla": "TRITON_MLA"}，'
           '用于层分属多个缓存组的模型；未列出的类型使用 backend。'),
        _k('flash_attn_version', 'int', None, (2, 3, 4), 'vllm/config/attention.py:57',
           'FlashAttention version to force (2, 3 or 4) with the FLASH_ATTN backend; unset picks one for the device.',
           '使用 FLASH_ATTN 后端时强制使用的 FlashAttention 版本（2、3 或 4）；不设置时按设备自动选择。'),
        _k('flash_attn_max_num_splits_for_cuda_graph', 'int', 32, None, 'vllm/config/attention.py:61',
           'Most KV splits a FlashAttention decode may use inside a CUDA graph.',
           'CUDA Graph 中 FlashAttention 解码最多可使用的 KV 切分数。'),
        _k('tokenspeed_mla_min_split_kv', 'int', 1, None, 'vllm/config/attention.py:64',
           'Least number of KV splits for TokenSpeed MLA decode; 1 leaves the split to its scheduler, larger values '
           'cost workspace memory.',
           'TokenSpeed MLA 解码的最少 KV 切分数；1 表示交由其调度自行决定，更大的值会占用更多工作区内存。'),
        _k('tq_max_kv_splits_for_cuda_graph', 'int', 32, None, 'vllm/config/attention.py:69',
           'Fixed number of KV splits for TurboQuant decode inside CUDA graphs, so the buffers can be allocated once.',
           'TurboQuant 在 CUDA Graph 中解码时固定使用的 KV 切分数，使缓冲区只需分配一次。'),
        _k('use_trtllm_attention', 'bool', None, None, 'vllm/config/attention.py:74',
           "Use (true) or avoid (false) FlashInfer's TRT-LLM attention kernels; unset lets FlashInfer decide.",
           '使用（true）或不使用（false）FlashInfer 中的 TRT-LLM 注意力算子；不设置时由 FlashInfer 自行判断。'),
        _k('disable_flashinfer_q_quantization', 'bool', False, None, 'vllm/config/attention.py:78',
           'With an FP8 KV cache, keep the query unquantized instead of casting it to FP8.',
           '使用 FP8 KV 缓存时，不将查询（Q）量化为 FP8。'),
        _k('mla_prefill_backend', 'enum', None,
           ('FLASH_ATTN', 'FLASHINFER', 'TRTLLM_RAGGED', 'TOKENSPEED_MLA', 'ROCM_AITER_FA', 'CPU', 'ZEN_CPU', 'CUSTOM'),
           'vllm/config/attention.py:81',
           'Backend for the prefill part of MLA attention (e.g. FLASH_ATTN, FLASHINFER, TRTLLM_RAGGED); unset picks '
           'one automatically.',
           'MLA 注意力预填充阶段使用的后端（例如 FLASH_ATTN、FLASHINFER、TRTLLM_RAGGED）；不设置时自动选择。'),
        _k('use_prefill_query_quantization', 'bool', False, None, 'vllm/config/attention.py:85',
           'Quantize the attention query during prefill.',
           '在预填充阶段对注意力的查询（Q）做量化。'),
        _k('indexer_kv_dtype', 'str', 'auto', ('auto', 'bf16', 'fp8', 'mxfp4', 'nvfp4'), 'vllm/config/attention.py:88',
           "Data type of the sparse-attention indexer's K cache; 'auto' uses the model's own (bf16 for MiniMax M3, "
           'fp8 for DeepSeek), fp8/mxfp4/nvfp4 need backend support.',
           "稀疏注意力索引器 K 缓存的数据类型；'auto' 使用模型自身的类型（MiniMax M3 为 bf16，DeepSeek 为 fp8），fp8、"
           'mxfp4、nvfp4 需要后端支持。'),
        _k('indexer_sparse_logits', 'bool', False, None, 'vllm/config/attention.py:94',
           'DeepSeek V4.1 indexer scores only candidate blocks with sparse logits kernels; needs indexer_kv_dtype '
           'mxfp4 and an SM100 GPU, and pays off from about 32K tokens of context.',
           'DeepSeek V4.1 索引器只用稀疏 logits 算子为候选块打分；需要 indexer_kv_dtype 为 mxfp4 且使用 SM100 级 GPU，'
           '上下文约 32K token 以上才有收益。'),
        _k('hisparse_config', 'dict', None, None, 'vllm/config/attention.py:106',
           'Settings of HiSparse host-resident KV for sparse MLA decode (Model Runner V2 only, experimental); filled '
           'in with defaults when the HiSparse connector is used.',
           'HiSparse 主机侧 KV 的设置，用于稀疏 MLA 解码（仅限 `Model Runner V2`，实验特性）；'
           '使用 HiSparse 连接器时自动以默认值填充。'),
        _k('use_non_causal', 'bool', False, None, 'vllm/config/attention.py:112',
           'Use non-causal (bidirectional) attention.',
           '使用非因果（双向）注意力。'),
        _k('sparse_mla_force_mqa', 'bool', False, None, 'vllm/config/attention.py:115',
           'Make sparse MLA take the MQA path for every batch, prefill included; by default pure prefill batches use '
           'the MHA path where one exists.',
           '让稀疏 MLA 对所有批次（包括预填充）都走 MQA 路径；默认情况下纯预填充批次在有实现时走 MHA 路径。'),
        _k('sparse_mla_prefill_workspace_factor', 'int', None, None, 'vllm/config/attention.py:120',
           'Sparse MLA prefill workspace, in multiples of max_model_len (at least 2); unset: 5 up to 256K tokens, '
           'otherwise 2. Smaller leaves more memory to the KV cache.',
           '稀疏 MLA 预填充工作区大小，以 max_model_len 的倍数计（至少为 2）；不设置时：不超过 256K token 为 5，'
           '否则为 2。取值越小，留给 KV 缓存的内存越多。'),
        _k('flex_attn_block_m', 'int', None, None, 'vllm/config/attention.py:129',
           'Triton BLOCK_M tile of FlexAttention, a power of 2 of at least 16; unset: 16 when VLLM_BATCH_INVARIANT=1, '
           'otherwise chosen by the kernel.',
           'FlexAttention 的 Triton BLOCK_M 分块大小，须为不小于 16 的 2 的幂；不设置时：'
           '若 VLLM_BATCH_INVARIANT=1 则为 16，否则由算子决定。'),
        _k('flex_attn_block_n', 'int', None, None, 'vllm/config/attention.py:134',
           'Triton BLOCK_N tile of FlexAttention, a power of 2 of at least 16; unset: 16 when VLLM_BATCH_INVARIANT=1, '
           'otherwise chosen by the kernel.',
           'FlexAttention 的 Triton BLOCK_N 分块大小，须为不小于 16 的 2 的幂；不设置时：'
           '若 VLLM_BATCH_INVARIANT=1 则为 16，否则由算子决定。'),
        _k('flex_attn_q_block_size', 'int', None, None, 'vllm/config/attention.py:139',
           "Query block size of FlexAttention's block mask, a power of 2 divisible by flex_attn_block_m; unset: 16 "
           'for paged KV on PyTorch 2.9 or later, otherwise 128.',
           'FlexAttention 块掩码的查询块大小，须为 2 的幂且能被 flex_attn_block_m 整除；不设置时：'
           'PyTorch 2.9 及以上的分页 KV 为 16，否则为 128。'),
        _k('flex_attn_kv_block_size', 'int', None, None, 'vllm/config/attention.py:145',
           "KV block size of FlexAttention's block mask, a power of 2 divisible by flex_attn_block_n; unset: the KV "
           'cache block size for paged KV on PyTorch 2.9 or later, otherwise 128.',
           'FlexAttention 块掩码的 KV 块大小，须为 2 的幂且能被 flex_attn_block_n 整除；不设置时：'
           'PyTorch 2.9 及以上的分页 KV 取 KV 缓存块大小，否则为 128。'),
    )),
    'aux_output_config': ('AuxOutputConfig', 'vllm/config/aux_output.py:10', (
        _k('enable_return_routed_experts', 'bool', False, None, 'vllm/config/aux_output.py:14',
           'Record which experts each token was routed to and return them with the output.',
           '记录每个 token 被路由到的专家，并随输出一起返回。'),
        _k('max_bytes', 'int', None, None, 'vllm/config/aux_output.py:17',
           'Capacity of the LRU store for auxiliary outputs, in bytes; unset derives it from the KV cache size.',
           '辅助输出 LRU 存储的容量（字节）；不设置时根据 KV 缓存容量推算。'),
    )),
    'compilation_config': ('CompilationConfig', 'vllm/config/compilation.py:382', (
        _k('mode', 'enum', None,
           ('NONE', 'STOCK_TORCH_COMPILE', 'DYNAMO_TRACE_ONCE', 'VLLM_COMPILE'),
           'vllm/config/compilation.py:432',
           'How the model is compiled: NONE runs it uncompiled (eager), STOCK_TORCH_COMPILE uses plain torch.compile, '
           "DYNAMO_TRACE_ONCE traces once without guards, VLLM_COMPILE uses vLLM's cached piecewise Inductor backend; "
           'names in any case or the numbers 0-3; unset picks VLLM_COMPILE.',
           '模型的编译方式：NONE 不编译、直接运行模型，STOCK_TORCH_COMPILE 使用原生 torch.compile，'
           'DYNAMO_TRACE_ONCE 只追踪一次且不设守卫，VLLM_COMPILE 使用 vLLM 自带的带缓存、'
           '分段编译的 TorchInductor 后端；不设置时使用 VLLM_COMPILE。名称不区分大小写，也可写数字 0-3。'),
        _k('debug_dump_path', 'str', None, None, 'vllm/config/compilation.py:446',
           'Directory to dump compilation debug information into; unset dumps nothing.',
           '导出编译调试信息的目录；不设置时不导出。'),
        _k('cache_dir', 'str', '', None, 'vllm/config/compilation.py:448',
           'Directory of the compiled-graph cache that speeds up later Inductor compiles; empty derives one from the '
           'model.',
           '已编译计算图的缓存目录，用于加快后续的 TorchInductor 编译；为空时根据模型信息自动生成。'),
        _k('compile_cache_save_format', 'str', 'binary', ('binary', 'unpacked'), 'vllm/config/compilation.py:452',
           'How the torch.compile cache is saved: binary (one file, safe with several processes) or unpacked (a '
           'directory to inspect, not multiprocess-safe); unset follows VLLM_COMPILE_CACHE_SAVE_FORMAT.',
           'torch.compile 缓存的保存格式：binary（单个文件，多进程安全）或 unpacked（便于查看的目录结构，'
           '非多进程安全）；未指定时沿用 VLLM_COMPILE_CACHE_SAVE_FORMAT。'),
        _k('backend', 'str', '', None, 'vllm/config/compilation.py:461',
           "torch.compile backend: empty uses the platform's default (inductor on CUDA), or a backend name registered "
           'in PyTorch (eager, ...), or the qualified name of a backend function.',
           "torch.compile 的编译后端：为空时使用平台默认后端（CUDA 上为 'inductor'），也可填 PyTorch 中已注册的后端名"
           "（'eager' 等）或后端函数的完整限定名。"),
        _k('custom_ops', 'list', [], None, 'vllm/config/compilation.py:480',
           "Which vLLM custom ops to use: 'all' or 'none', then '+op' to enable or '-op' to disable one, e.g. "
           '["none", "+rms_norm"]; by default all are on without Inductor and off with it.',
           "启用哪些 vLLM 自定义算子：先写 'all' 或 'none'，再以 '+op' 启用或 '-op' 禁用单个算子，"
           '例如 ["none", "+rms_norm"]；默认不使用 TorchInductor 时全部启用，使用 TorchInductor 时全部禁用。'),
        _k('ir_enable_torch_wrap', 'bool', None, None, 'vllm/config/compilation.py:494',
           'Wrap vLLM IR ops as torch custom ops in the forward pass; unset: on with Inductor under VLLM_COMPILE, '
           'otherwise off.',
           '在前向计算中将 vLLM IR 算子包装为 torch 自定义算子；不设置时：在 VLLM_COMPILE 下使用 TorchInductor 时开启'
           '，否则关闭。'),
        _k('splitting_ops', 'list', None, None, 'vllm/config/compilation.py:502',
           'Ops kept out of CUDA graphs, at which the graph is split for piecewise graphs; unset: the attention ops, '
           '[] keeps none out (for full CUDA graphs).',
           '不放入 CUDA Graph 的算子，分段 CUDA Graph 在这些算子处切分计算图；不设置时为注意力算子，'
           '设为 [] 则不排除任何算子（适用于完整 CUDA Graph）。'),
        _k('compile_mm_encoder', 'bool', False, None, 'vllm/config/compilation.py:520',
           'Compile the multimodal encoder too (only some models, such as Qwen2.5-VL, support it).',
           '同时编译多模态编码器（仅部分模型支持，例如 Qwen2.5-VL）。'),
        _k('cudagraph_mm_encoder', 'bool', False, None, 'vllm/config/compilation.py:528',
           "Capture the multimodal (ViT) encoder's forward pass as CUDA graphs, one per token budget.",
           '将多模态（ViT）编码器的前向计算捕获为 CUDA Graph，每个 token 预算一个图。'),
        _k('encoder_cudagraph_token_budgets', 'list', [], None, 'vllm/config/compilation.py:533',
           'Token budgets of the encoder CUDA graphs, e.g. [2048, 4096, 8192]; images are packed into the smallest '
           'that fits. Empty derives powers of 2 from the model.',
           '编码器 CUDA Graph 的 token 预算列表，例如 [2048, 4096, 8192]；图像会被装入能容纳它的最小预算。'
           '为空时根据模型推算出 2 的幂次序列。'),
        _k('encoder_cudagraph_max_vision_items_per_batch', 'int', 0, None, 'vllm/config/compilation.py:542',
           "Most images or videos in one batch of an encoder CUDA graph; 0 derives it from the model's token budgets.",
           '编码器 CUDA Graph 每批最多容纳的图像或视频数；0 表示根据模型的 token 预算推算。'),
        _k('encoder_cudagraph_max_frames_per_batch', 'int', None, None, 'vllm/config/compilation.py:549',
           'Most video frames in one batch of an encoder CUDA graph; unset derives it from the items per batch and '
           "the model's frames per video.",
           '编码器 CUDA Graph 每批最多容纳的视频帧数；不设置时根据每批条目数和模型的每视频帧数推算。'),
        _k('cudagraph_decoder_replay', 'bool', True, None, 'vllm/config/compilation.py:559',
           'Run the decoder replay layers of YOCO models (e.g. DeepSeek-V4.1) in CUDA graphs of their own; needs '
           'breakable PIECEWISE graphs and is off with LoRA or prompt embeddings.',
           '让 YOCO 模型（例如 DeepSeek-V4.1）的解码器重放层在各自独立的 CUDA Graph 中运行；需要可切分的 PIECEWISE 图，'
           '使用 LoRA 或提示词嵌入时关闭。'),
        _k('decoder_replay_cudagraph_capture_sizes', 'list', [], None, 'vllm/config/compilation.py:565',
           'Batch sizes (in tokens, at most max_num_batched_tokens) of the decoder replay CUDA graphs of YOCO models; '
           'empty derives multiples of the sliding window.',
           'YOCO 模型解码器重放 CUDA Graph 的批大小（按 token 数，不超过 max_num_batched_tokens）；'
           '为空时按滑动窗口的倍数生成。'),
        _k('decoder_replay_trim_threshold', 'int', 768, None, 'vllm/config/compilation.py:571',
           'For YOCO models, PIECEWISE graph steps with at least this many padded tokens trim the decoder replay '
           'batch; must be above the replay window of 128.',
           '对 YOCO 模型，填充后 token 数不少于该值的 PIECEWISE 图步骤会裁剪解码器重放批次；须大于重放窗口 128。'),
        _k('compile_sizes', 'list', None, None, 'vllm/config/compilation.py:578',
           'Batch sizes Inductor compiles specially for; may include "cudagraph_capture_sizes" to reuse those sizes; '
           'unset compiles only the general shape.',
           'TorchInductor 专门编译的批大小；可写入 "cudagraph_capture_sizes" 以沿用 CUDA Graph 的捕获尺寸；'
           '不设置时只编译通用形状。'),
        _k('compile_ranges_endpoints', 'list', None, None, 'vllm/config/compilation.py:583',
           'Endpoints that cut the batch sizes up to max_num_batched_tokens into ranges Inductor compiles one graph '
           'each for; a compile_sizes entry wins over its range.',
           '将不超过 max_num_batched_tokens 的批大小切分成若干区间的端点，TorchInductor 为每个区间编译一个图；'
           'compile_sizes 中的尺寸优先于其所在区间。'),
        _k('inductor_compile_config', 'dict', {}, None, 'vllm/config/compilation.py:598',
           'Extra Inductor options, passed to it as they are.',
           '额外的 TorchInductor 选项，原样传给 TorchInductor。'),
        _k('inductor_passes', 'dict', {}, None, 'vllm/config/compilation.py:602',
           'Extra Inductor passes: pass name -> qualified name of the pass function.',
           '额外的 TorchInductor 优化遍：优化遍名称 -> 对应函数的完整限定名。'),
        _k('cudagraph_mode', 'enum', None,
           ('NONE', 'PIECEWISE', 'FULL', 'FULL_DECODE_ONLY', 'FULL_AND_PIECEWISE'),
           'vllm/config/compilation.py:610',
           'CUDA graph mode: NONE, PIECEWISE (attention outside the graph), FULL (every batch), FULL_DECODE_ONLY '
           '(decode batches only, saves memory on decode instances) or FULL_AND_PIECEWISE (full for decode, piecewise '
           'otherwise; the usual default); names in any case.',
           'CUDA Graph 模式：NONE、PIECEWISE（注意力在图外）、FULL（所有批次）、FULL_DECODE_ONLY（仅解码批次，'
           '可为解码实例节省内存）或 FULL_AND_PIECEWISE（解码用完整图，其余用分段图；通常的默认值）；'
           '名称不区分大小写。'),
        _k('cudagraph_num_of_warmups', 'int', 0, None, 'vllm/config/compilation.py:646',
           'Number of warm-up runs before a CUDA graph is recorded.',
           '录制 CUDA Graph 之前的预热运行次数。'),
        _k('cudagraph_capture_sizes', 'list', None, None, 'vllm/config/compilation.py:651',
           'Batch sizes (in tokens) to capture CUDA graphs for; unset derives them from the rest of the '
           'configuration. Same as --cudagraph-capture-sizes.',
           '要捕获 CUDA Graph 的批大小列表（按 token 数）；不设置时根据其余配置推算。与 --cudagraph-capture-sizes 相同。'),
        _k('cudagraph_copy_inputs', 'bool', False, None, 'vllm/config/compilation.py:655',
           'Copy inputs into buffers the graph owns, for callers that do not reuse the same input buffers; has effect '
           'only with cudagraph_mode PIECEWISE.',
           '将输入复制到 CUDA Graph 自有的缓冲区中，适用于调用方不能保证复用同一输入缓冲区的情况；'
           '仅在 cudagraph_mode 为 PIECEWISE 时生效。'),
        _k('cudagraph_specialize_lora', 'bool', True, None, 'vllm/config/compilation.py:663',
           'Capture separate CUDA graphs for batches with and without active LoRA adapters, faster at a little more '
           'start-up time and memory; no effect without LoRA.',
           '为有和没有活跃 LoRA 适配器的批次分别捕获 CUDA Graph，速度更快，但启动时间和内存略有增加；'
           '未启用 LoRA 时无效。'),
        _k('use_inductor_graph_partition', 'bool', None, None, 'vllm/config/compilation.py:672',
           'Split the graph at CUDA-graph-unsafe ops inside Inductor, after its passes, instead of before it; serves '
           'full and piecewise CUDA graphs from one compile.',
           '在 TorchInductor 内部（各优化遍之后）而非之前，于 CUDA Graph 不安全的算子处切分计算图；'
           '一次编译即可同时用于完整和分段 CUDA Graph。'),
        _k('pass_config', 'dict', None, None, 'vllm/config/compilation.py:692',
           "Settings of vLLM's custom fusion and transformation passes (vLLM's PassConfig).",
           'vLLM 自定义融合与变换优化遍的设置（vLLM 的 PassConfig）。'),
        _k('max_cudagraph_capture_size', 'int', None, None, 'vllm/config/compilation.py:695',
           'Largest batch size captured as a CUDA graph; unset: the largest of cudagraph_capture_sizes, otherwise 512 '
           '(1024 on data-centre Blackwell). Same as --max-cudagraph-capture-size.',
           '以 CUDA Graph 捕获的最大批大小；不设置时取 cudagraph_capture_sizes 中的最大值，否则为 512（数据中心级 '
           'Blackwell 上为 1024）。与 --max-cudagraph-capture-size 相同。'),
        _k('dynamic_shapes_config', 'dict', None, None, 'vllm/config/compilation.py:713',
           "Settings of how torch.compile treats dynamic shapes (vLLM's DynamicShapesConfig).",
           'torch.compile 处理动态形状的设置（vLLM 的 DynamicShapesConfig）。'),
        _k('local_cache_dir', 'str', None, None, 'vllm/config/compilation.py:718',
           'Compile cache directory of this rank; filled in by vLLM from cache_dir.',
           '本 rank 的编译缓存目录；由 vLLM 根据 cache_dir 填入。'),
        _k('fast_moe_cold_start', 'bool', None, None, 'vllm/config/compilation.py:721',
           "Shorten the cold start of MoE models by assuming only this model's decoder runs, its MoE layers in order; "
           'true/false force it, unset turns it off for speculative decoding.',
           '假定只运行本模型的解码器且其 MoE 层按顺序执行，以缩短 MoE 模型的冷启动；true/false 强制开关，'
           '不设置时在投机解码下关闭。'),
        _k('enabled_custom_ops', 'dict', {}, None, 'vllm/config/compilation.py:746',
           'Custom ops found enabled; recorded by vLLM, not meant to be set.',
           '已启用的自定义算子；由 vLLM 记录，不应手动设置。'),
        _k('disabled_custom_ops', 'dict', {}, None, 'vllm/config/compilation.py:748',
           'Custom ops found disabled; recorded by vLLM, not meant to be set.',
           '已禁用的自定义算子；由 vLLM 记录，不应手动设置。'),
        _k('traced_files', 'list', [], None, 'vllm/config/compilation.py:750',
           'Source files traced during compilation; recorded by vLLM, not meant to be set.',
           '编译时追踪过的源文件；由 vLLM 记录，不应手动设置。'),
        _k('compilation_time', 'float', 0.0, None, 'vllm/config/compilation.py:752',
           'Seconds spent compiling; recorded by vLLM, not meant to be set.',
           '编译耗时（秒）；由 vLLM 记录，不应手动设置。'),
        _k('encoder_compilation_time', 'float', 0.0, None, 'vllm/config/compilation.py:754',
           'Seconds spent compiling the multimodal encoder; recorded by vLLM, not meant to be set.',
           '多模态编码器的编译耗时（秒）；由 vLLM 记录，不应手动设置。'),
        _k('static_forward_context', 'dict', {}, None, 'vllm/config/compilation.py:757',
           'Layers reached from outside the model code, by layer name; filled in by vLLM, not meant to be set.',
           '按层名记录的、需在模型代码之外访问的层；由 vLLM 填入，不应手动设置。'),
        _k('static_all_moe_layers', 'list', [], None, 'vllm/config/compilation.py:762',
           "Names of the model's MoE layers; filled in by vLLM, not meant to be set.",
           '模型中所有 MoE 层的名称；由 vLLM 填入，不应手动设置。'),
    )),
    'diffusion_config': ('DiffusionConfig', 'vllm/config/diffusion.py:10', (
        _k('canvas_length', 'int', None, None, 'vllm/config/diffusion.py:20',
           'Length in tokens of the block a diffusion language model denoises at once; also the number of speculative '
           'tokens scheduled per step.',
           '扩散语言模型一次去噪的块长度（token 数）；也是每步调度的投机 token 数。'),
        _k('max_denoising_steps', 'int', None, None, 'vllm/config/diffusion.py:24',
           "Most denoising iterations per block; unset reads it from the model's generation_config.json.",
           '每个块最多的去噪迭代次数；不设置时从模型的 generation_config.json 读取。'),
    )),
    'ec_manager_config': ('EncoderCacheManagerConfig', 'vllm/config/ec_manager_config.py:12', (
        _k('encoder_cache_manager_cls', 'str', None, None, 'vllm/config/ec_manager_config.py:14',
           "Fully qualified class name of a custom encoder cache manager; unset uses vLLM's own.",
           '自定义编码器缓存管理器的完整类名；不设置时使用 vLLM 自带的管理器。'),
        _k('manager_config', 'dict', {}, None, 'vllm/config/ec_manager_config.py:17',
           'Settings passed as they are to the custom encoder cache manager.',
           '原样传给自定义编码器缓存管理器的设置。'),
    )),
    'ec_transfer_config': ('ECTransferConfig', 'vllm/config/ec_transfer.py:15', (
        _k('ec_connector', 'str', None, None, 'vllm/config/ec_transfer.py:19',
           'Connector that moves encoder (EC) caches between vLLM instances, e.g. ECExampleConnector (shared file '
           'system) or ECMooncakeConnector (Mooncake over RDMA); unset transfers nothing.',
           '在 vLLM 实例之间传输编码器（EC）缓存的连接器，例如 `ECExampleConnector`（共享文件系统）'
           '或 `ECMooncakeConnector`（基于 RDMA 的 Mooncake）；不设置时不传输。'),
        _k('engine_id', 'str', None, None, 'vllm/config/ec_transfer.py:30',
           'Engine ID used in encoder cache transfers; unset lets vLLM generate one.',
           '编码器缓存传输中使用的引擎 ID；不设置时由 vLLM 自动生成。'),
        _k('ec_buffer_device', 'str', 'cuda', None, 'vllm/config/ec_transfer.py:33',
           "Device on which the connector buffers the encoder cache; only 'cuda' is supported.",
           "连接器缓冲编码器缓存所用的设备；目前只支持 'cuda'。"),
        _k('ec_buffer_size', 'float', 1000000000.0, None, 'vllm/config/ec_transfer.py:37',
           'Size of the encoder cache transfer buffer, in bytes (1e9 is about 1 GB).',
           '编码器缓存传输缓冲区的大小（字节，1e9 约为 1 GB）。'),
        _k('ec_role', 'str', None, ('ec_producer', 'ec_both', 'ec_consumer'), 'vllm/config/ec_transfer.py:41',
           'Role of this instance in encoder cache transfer: ec_producer, ec_consumer or ec_both.',
           '本实例在编码器缓存传输中的角色：ec_producer、ec_consumer 或 ec_both。'),
        _k('ec_ip', 'str', '127.0.0.1', None, 'vllm/config/ec_transfer.py:45',
           'IP address the encoder cache connector uses to set up its connection.',
           '编码器缓存连接器建立连接所用的 IP 地址。'),
        _k('ec_port', 'int', 14579, None, 'vllm/config/ec_transfer.py:48',
           'Port the encoder cache connector uses to set up its connection.',
           '编码器缓存连接器建立连接所用的端口。'),
        _k('ec_connector_extra_config', 'dict', {}, None, 'vllm/config/ec_transfer.py:51',
           'Extra settings passed as they are to the encoder cache connector.',
           '原样传给编码器缓存连接器的额外设置。'),
        _k('ec_connector_module_path', 'str', None, None, 'vllm/config/ec_transfer.py:54',
           'Python module to load the encoder cache connector from, for a connector outside vLLM.',
           '加载编码器缓存连接器的 Python 模块路径，用于 vLLM 之外的连接器。'),
        _k('mm_encoder_output_widths', 'dict', {}, None, 'vllm/config/ec_transfer.py:58',
           'Width per token of the encoder output for each modality; measured by producers at start-up, not meant to '
           'be set.',
           '各模态编码器输出的每 token 宽度；由生产端在启动时测得，不应手动设置。'),
    )),
    'engram_config': ('EngramConfig', 'vllm/config/engram.py:33', (
        _k('cpu_offload', 'bool', True, None, 'vllm/config/engram.py:37',
           'Keep the Engram embedding weights in pinned CPU memory and look them up through unified virtual '
           'addressing.',
           '将 Engram 嵌入权重放在锁页 CPU 内存中，通过统一虚拟寻址查表。'),
        _k('embedding_across_dp', 'bool', False, None, 'vllm/config/engram.py:40',
           'Shard the Engram embeddings across the tensor-parallel and all data-parallel ranks, instead of one '
           'tensor-parallel copy per data-parallel rank.',
           '将 Engram 嵌入在张量并行和所有数据并行 rank 之间切分，而不是每个数据并行 rank 各存一份按张量并行切分的副本'
           '。'),
        _k('dp_shared_memory', 'bool', None, None, 'vllm/config/engram.py:44',
           'Let data-parallel replicas on one node share one copy of the offloaded Engram embeddings through '
           '/dev/shm; unset turns it on wherever possible.',
           '让同一节点上的数据并行副本通过 /dev/shm 共享一份卸载到 CPU 的 Engram 嵌入；不设置时在条件允许时自动开启。'),
        _k('use_thp', 'bool', False, None, 'vllm/config/engram.py:52',
           'Back the offloaded Engram tables with transparent huge pages (best effort); needs cpu_offload without '
           'dp_shared_memory and makes start-up slower.',
           '尽量使用透明大页存放卸载的 Engram 表；需要开启 cpu_offload 且不使用 dp_shared_memory，会使启动变慢。'),
    )),
    'eplb_config': ('EPLBConfig', 'vllm/config/parallel.py:62', (
        _k('window_size', 'int', 1000, None, 'vllm/config/parallel.py:66',
           'Number of steps over which expert load is recorded for load balancing.',
           '为负载均衡记录专家负载的步数窗口。'),
        _k('step_interval', 'int', 3000, None, 'vllm/config/parallel.py:68',
           'Steps between two rearrangements of the experts; only the last window_size steps are counted.',
           '两次重新排布专家之间间隔的步数；只统计最近 window_size 步的负载。'),
        _k('num_redundant_experts', 'int', 0, None, 'vllm/config/parallel.py:76',
           'Number of redundant expert copies added for expert-parallel load balancing.',
           '为专家并行负载均衡额外增加的冗余专家副本数。'),
        _k('log_balancedness', 'bool', False, None, 'vllm/config/parallel.py:79',
           'Log how balanced the expert load is at every step; costs extra communication.',
           '每步记录专家负载的均衡程度；会带来额外的通信开销。'),
        _k('log_balancedness_interval', 'int', 1, None, 'vllm/config/parallel.py:84',
           'Steps between two logs of expert load balancedness.',
           '两次记录专家负载均衡程度之间间隔的步数。'),
        _k('use_async', 'bool', True, None, 'vllm/config/parallel.py:88',
           'Rearrange experts without blocking inference.',
           '以非阻塞方式重新排布专家。'),
        _k('policy', 'str', 'default', ('default',), 'vllm/config/parallel.py:93',
           "Load-balancing policy; 'default' is the only one.",
           "负载均衡策略；目前只有 'default'。"),
        _k('communicator', 'str', None,
           ('torch_nccl', 'torch_gloo', 'torch_xccl', 'nixl', 'pynccl'),
           'vllm/config/parallel.py:96',
           'How expert weights are moved: torch_nccl, torch_gloo (staged through CPU), torch_xccl (XPU), nixl or '
           'pynccl; unset: torch_xccl on XPU, nixl on CUDA when available, otherwise torch_gloo.',
           '专家权重的传输方式：torch_nccl、torch_gloo（经 CPU 中转）、torch_xccl（XPU）、nixl 或 pynccl；不设置时：'
           'XPU 上为 torch_xccl，CUDA 上优先 nixl，否则为 torch_gloo。'),
        _k('enable_migration_batching', 'bool', False, None, 'vllm/config/parallel.py:108',
           'Move experts in rounds where each rank talks to at most one peer, less contention for more steps; '
           'asynchronous rearrangement only.',
           '分轮迁移专家，每轮每个 rank 最多与一个对端通信，以更多的步骤换取更少的网络争用；仅适用于异步重排。'),
    )),
    'fault_tolerance_config': ('FaultToleranceConfig', 'vllm/config/fault_tolerance.py:8', (
        _k('engine_recovery_timeout_sec', 'int', 120, None, 'vllm/config/fault_tolerance.py:12',
           'Seconds the engine core waits for instructions to recover from an error before it raises the error.',
           '引擎核心出错后等待恢复指令的秒数，超时则抛出原始错误。'),
    )),
    'ir_op_priority': ('IrOpPriorityConfig', 'vllm/config/kernel.py:20', (
        _k('rms_norm', 'list', [], None, 'vllm/config/kernel.py:31',
           "Implementations of the vLLM IR op rms_norm, in order of preference; the platform's defaults are appended.",
           'vLLM IR 算子 rms_norm 的实现，按优先顺序排列；平台默认实现会追加在后面。'),
        _k('fused_add_rms_norm', 'list', [], None, 'vllm/config/kernel.py:34',
           "Implementations of the vLLM IR op fused_add_rms_norm, in order of preference; the platform's defaults are "
           'appended.',
           'vLLM IR 算子 fused_add_rms_norm 的实现，按优先顺序排列；平台默认实现会追加在后面。'),
        _k('gelu_and_mul_sparse', 'list', [], None, 'vllm/config/kernel.py:37',
           "Implementations of the vLLM IR op gelu_and_mul_sparse, in order of preference; the platform's defaults "
           'are appended.',
           'vLLM IR 算子 gelu_and_mul_sparse 的实现，按优先顺序排列；平台默认实现会追加在后面。'),
    )),
    'kernel_config': ('KernelConfig', 'vllm/config/kernel.py:269', (
        _k('ir_op_priority', 'dict', None, None, 'vllm/config/kernel.py:273',
           "Preferred implementations of each vLLM IR op, the keys of --ir-op-priority; the platform's defaults are "
           'appended.',
           '每个 vLLM IR 算子的优先实现，即 --ir-op-priority 的各键；平台默认实现会追加在后面。'),
        _k('enable_flashinfer_autotune', 'bool', None, None, 'vllm/config/kernel.py:279',
           'Autotune FlashInfer kernels during kernel warm-up.',
           '在算子预热时对 FlashInfer 算子做自动调优。'),
        _k('enable_rocm_segmented_attn_autotune', 'bool', False, None, 'vllm/config/kernel.py:282',
           'Autotune ROCm segmented attention during kernel warm-up on RDNA GPUs.',
           '在 RDNA GPU 上于算子预热时对 ROCm 分段注意力做自动调优。'),
        _k('enable_cutedsl_warmup', 'bool', True, None, 'vllm/config/kernel.py:288',
           'Run the legacy CuTeDSL warm-up (deprecated).',
           '运行旧版 CuTeDSL 预热（已弃用）。'),
        _k('enable_jit_warmup', 'bool', True, None, 'vllm/config/kernel.py:291',
           'JIT-compile kernels during kernel warm-up.',
           '在算子预热时对算子做 JIT 编译。'),
        _k('moe_backend', 'str', 'auto',
           ('auto', 'triton', 'batched_triton', 'deep_gemm', 'deep_gemm_mega_moe', 'cutlass', 'flashinfer_trtllm',
            'flashinfer_cutlass', 'flashinfer_cutedsl', 'flashinfer_moe_ep_cutedsl', 'flashinfer_b12x', 'b12x',
            'flashinfer_moe_ep_mega_deep_gemm', 'marlin', 'humming', 'triton_unfused', 'aiter', 'aiter_mega_moe',
            'aiter_triton_mxfp4_bf16', 'flydsl', 'hpc', 'emulation', 'rdna3'),
           'vllm/config/kernel.py:294',
           'Kernels for MoE expert computation, e.g. triton, deep_gemm (FP8 block only), cutlass, flashinfer_trtllm, '
           "marlin (weight-only), aiter (ROCm); 'auto' picks one for the model and hardware.",
           'MoE 专家计算使用的算子，例如 triton、deep_gemm（仅 FP8 分块量化）、cutlass、flashinfer_trtllm、'
           "marlin（仅权重量化）、aiter（ROCm）；'auto' 按模型和硬件自动选择。"),
        _k('sparse_indexer_topk_backend', 'str', 'auto',
           ('auto', 'deep_select', 'cooperative', 'persistent', 'per_row', 'flashinfer', 'torch', 'aiter'),
           'vllm/config/kernel.py:333',
           'Kernel for the top-k of the DSA sparse indexer in decode, e.g. cooperative, persistent, per_row, '
           "flashinfer, torch (reference); 'auto' tries cooperative, persistent, per_row in turn.",
           'DSA 稀疏索引器解码阶段 top-k 使用的算子，例如 cooperative、persistent、per_row、flashinfer、'
           "torch（参考实现）；'auto' 依次尝试 cooperative、persistent、per_row。"),
        _k('linear_backend', 'str', 'auto',
           ('auto', 'cutlass', 'flashinfer_cutlass', 'flashinfer_cutedsl', 'flashinfer_trtllm', 'flashinfer_cudnn',
            'flashinfer_b12x', 'b12x', 'marlin', 'humming', 'triton', 'deep_gemm', 'torch', 'aiter', 'machete',
            'fbgemm', 'conch', 'exllama', 'emulation', 'xpu', 'xpu_woq'),
           'vllm/config/kernel.py:350',
           'Kernels for linear-layer GEMMs, e.g. cutlass, flashinfer_cutlass, marlin, triton, deep_gemm, torch; '
           "'auto' picks one for the model and hardware, as do layers the chosen one cannot run.",
           '线性层 GEMM 使用的算子，例如 cutlass、flashinfer_cutlass、marlin、triton、deep_gemm、torch；'
           "'auto' 按模型和硬件自动选择，所选算子不支持的层也会自动选择。"),
        _k('linear_backend_per_quant', 'dict', None, None, 'vllm/config/kernel.py:379',
           'Linear backend per quantization scheme, e.g. {"nvfp4_w4a16": "humming"}; takes precedence over '
           'linear_backend.',
           '按量化方案分别指定线性层后端，例如 {"nvfp4_w4a16": "humming"}；优先于 linear_backend。'),
    )),
    'kv_events_config': ('KVEventsConfig', 'vllm/config/kv_events.py:10', (
        _k('enable_kv_cache_events', 'bool', False, None, 'vllm/config/kv_events.py:14',
           'Emit an event whenever a KV cache block is stored or removed, for publishing outside.',
           '在 KV 缓存块被存入或移除时产生事件，以便对外发布。'),
        _k('publisher', 'str', None, ('null', 'zmq'), 'vllm/config/kv_events.py:19',
           'How KV cache events are published: zmq, or null to publish none.',
           'KV 缓存事件的发布方式：zmq，或 null 表示不发布。'),
        _k('endpoint', 'str', 'tcp://*:5557', None, 'vllm/config/kv_events.py:23',
           'ZeroMQ endpoint on which KV cache events are published.',
           '发布 KV 缓存事件的 ZeroMQ 端点。'),
        _k('replay_endpoint', 'str', None, None, 'vllm/config/kv_events.py:27',
           'ZeroMQ endpoint from which past KV cache events can be replayed; unset offers no replay.',
           '可重放历史 KV 缓存事件的 ZeroMQ 端点；不设置时不提供重放。'),
        _k('buffer_steps', 'int', 10000, None, 'vllm/config/kv_events.py:31',
           'Number of recent steps whose events are kept for the replay endpoint.',
           '为重放端点保留事件的最近步数。'),
        _k('hwm', 'int', 100000, None, 'vllm/config/kv_events.py:36',
           'ZeroMQ high-water mark: events queued beyond it are dropped when the consumer falls behind.',
           'ZeroMQ 高水位线：消费端跟不上时，排队超过该数量的事件会被丢弃。'),
        _k('max_queue_size', 'int', 100000, None, 'vllm/config/kv_events.py:41',
           'Most events queued while waiting to be published.',
           '等待发布时最多排队的事件数。'),
        _k('topic', 'str', '', None, 'vllm/config/kv_events.py:45',
           'Topic events are published under, which consumers subscribe to.',
           '发布事件所用的主题，消费端订阅该主题接收事件。'),
    )),
    'kv_transfer_config': ('KVTransferConfig', 'vllm/config/kv_transfer.py:56', (
        _k('kv_connector', 'str', None, None, 'vllm/config/kv_transfer.py:60',
           'Connector that moves KV caches between vLLM instances (e.g. NixlConnector, MooncakeConnector, '
           'LMCacheConnectorV1); unset transfers nothing.',
           '在 vLLM 实例之间传输 KV 缓存的连接器（例如 NixlConnector、MooncakeConnector、LMCacheConnectorV1）；'
           '不设置时不传输。'),
        _k('engine_id', 'str', None, None, 'vllm/config/kv_transfer.py:64',
           'Engine ID used in KV cache transfers; unset lets vLLM generate one.',
           'KV 缓存传输中使用的引擎 ID；不设置时由 vLLM 自动生成。'),
        _k('kv_buffer_device', 'str', 'cpu', None, 'vllm/config/kv_transfer.py:67',
           'Device on which the connector buffers the KV cache: cuda, cpu or xpu.',
           "连接器缓冲 KV 缓存所用的设备：'cuda'、'cpu' 或 'xpu'。"),
        _k('kv_role', 'str', None, ('kv_producer', 'kv_both', 'kv_consumer'), 'vllm/config/kv_transfer.py:71',
           'Role of this instance in KV cache transfer: kv_producer (prefill), kv_consumer (decode) or kv_both.',
           '本实例在 KV 缓存传输中的角色：kv_producer（预填充）、kv_consumer（解码）或 kv_both。'),
        _k('kv_port', 'int', 14579, None, 'vllm/config/kv_transfer.py:75',
           'Port the KV connector uses to set up its connection.',
           'KV 连接器建立连接所用的端口。'),
        _k('kv_connector_extra_config', 'dict', {}, None, 'vllm/config/kv_transfer.py:78',
           'Extra settings passed as they are to the KV connector.',
           '原样传给 KV 连接器的额外设置。'),
        _k('kv_connector_module_path', 'str', None, None, 'vllm/config/kv_transfer.py:81',
           'Python module to load the KV connector from, for a connector outside vLLM.',
           '加载 KV 连接器的 Python 模块路径，用于 vLLM 之外的连接器。'),
        _k('enable_permute_local_kv', 'bool', False, None, 'vllm/config/kv_transfer.py:85',
           'Transfer KV from the HND layout into the NHD layout (experimental).',
           '在传输时将 KV 从 HND 布局转换为 NHD 布局（实验特性）。'),
        _k('kv_load_failure_policy', 'str', 'fail', ('recompute', 'fail'), 'vllm/config/kv_transfer.py:88',
           'What to do when loading transferred KV fails: fail ends the request with an error, recompute reschedules '
           'it to recompute the missing blocks.',
           '加载传输来的 KV 失败时的处理方式：fail 以错误结束请求，recompute 重新调度请求以重算缺失的块。'),
    )),
    'logging_config': ('LoggingConfig', 'vllm/config/logging.py:15', (
        _k('log_level', 'str', 'INFO',
           ('CRITICAL', 'ERROR', 'WARNING', 'INFO', 'DEBUG', 'NOTSET'),
           'vllm/config/logging.py:26',
           "Log level of vLLM's built-in logging configuration; --log-level overrides it.",
           'vLLM 内置日志配置的日志级别；--log-level 会覆盖它。'),
        _k('formatter', 'str', 'text', ('text', 'json'), 'vllm/config/logging.py:31',
           "Format of vLLM's built-in log lines: text or json.",
           'vLLM 内置日志的行格式：text 或 json。'),
        _k('configure_logging', 'bool', True, None, 'vllm/config/logging.py:34',
           'Apply a Python logging configuration at all; false leaves logging as it is, and a custom '
           'pylogging_config_file needs it on.',
           '是否应用 Python 日志配置；设为 false 时不改动日志设置，使用自定义的 pylogging_config_file 时必须开启。'),
        _k('pylogging_config_file', 'str', None, None, 'vllm/config/logging.py:42',
           "Path to a JSON file in Python's dictConfig schema; it decides loggers, handlers and formats over "
           'log_level and formatter.',
           'Python `dictConfig` 格式的 JSON 文件路径；其中对日志器、处理器和格式的设置优先于 log_level 和 `formatter`'
           '。'),
    )),
    'pooler_config': ('PoolerConfig', 'vllm/config/pooler.py:29', (
        _k('task', 'str', None,
           ('embed', 'classify', 'token_embed', 'token_classify', 'plugin', 'embed&token_classify'),
           'vllm/config/pooler.py:33',
           'What the pooling model serves: embed, classify, token_embed, token_classify, plugin, or '
           "embed&token_classify; unset uses the model's own.",
           '池化模型提供的任务：embed、classify、token_embed、token_classify、plugin 或 embed&token_classify；'
           '不设置时使用模型自身的任务。'),
        _k('pooling_type', 'str', None, ('ALL', 'STEP', 'CLS', 'LAST', 'MEAN'), 'vllm/config/pooler.py:38',
           'Pooling method, a shorthand that fills seq_pooling_type (CLS, LAST, MEAN) or tok_pooling_type (ALL, '
           "STEP); unset uses the model's own.",
           '池化方法，是 seq_pooling_type（CLS、LAST、MEAN）或 tok_pooling_type（ALL、STEP）的简写；'
           '不设置时使用模型自身的方法。'),
        _k('seq_pooling_type', 'str', None, ('CLS', 'LAST', 'MEAN'), 'vllm/config/pooler.py:50',
           'How a sequence is pooled into one vector: CLS (first token), LAST (last token) or MEAN.',
           '将整个序列池化为一个向量的方式：CLS（首个 token）、LAST（最后一个 token）或 MEAN（平均）。'),
        _k('tok_pooling_type', 'str', None, ('ALL', 'STEP'), 'vllm/config/pooler.py:55',
           'How per-token outputs are pooled: ALL (every token) or STEP (the step-tag tokens only).',
           '逐 token 输出的池化方式：ALL（所有 token）或 STEP（仅步骤标记 token）。'),
        _k('use_activation', 'bool', None, None, 'vllm/config/pooler.py:60',
           "Apply the activation function to the pooler's outputs; unset uses the pooler's default, usually true.",
           '对池化输出应用激活函数；不设置时使用池化器的默认值，通常为 true。'),
        _k('enable_flash_late_interaction', 'bool', True, None, 'vllm/config/pooler.py:66',
           'Let the late-interaction scorer use the fused flash-maxsim Triton kernel; off when the server starts with '
           '--no-enable-flash-late-interaction.',
           '允许后期交互打分器使用融合的 `flash-maxsim` Triton 算子；服务以 --no-enable-flash-late-interaction 启动时'
           '关闭。'),
        _k('dimensions', 'int', None, None, 'vllm/config/pooler.py:75',
           'Shorten embeddings to this many dimensions, for models with Matryoshka representations; unset keeps the '
           'full size.',
           '将嵌入向量截短到该维数，适用于支持 Matryoshka 表示的模型；不设置时保留完整维数。'),
        _k('enable_chunked_processing', 'bool', False, None, 'vllm/config/pooler.py:80',
           "Split inputs longer than the model's position embeddings into chunks, embed each and average them with "
           'weights.',
           '将超过模型位置嵌入长度的输入切成若干块，分别计算嵌入后按权重取平均。'),
        _k('max_embed_len', 'int', None, None, 'vllm/config/pooler.py:88',
           'Longest input accepted for embedding, in tokens; unset: max_model_len, or no limit with '
           'enable_chunked_processing.',
           '嵌入允许的最大输入长度（token 数）；不设置时为 max_model_len，开启 enable_chunked_processing 时则不限。'),
        _k('logit_mean', 'float', None, None, 'vllm/config/pooler.py:98',
           'Value subtracted from classification logits before the activation, for Platt-scaling calibration; unset '
           'subtracts nothing.',
           '在激活之前从分类 logits 中减去的值，用于 Platt 缩放校准；不设置时不减。'),
        _k('logit_sigma', 'float', None, None, 'vllm/config/pooler.py:105',
           'Value the classification logits are divided by after logit_mean is subtracted, for Platt-scaling '
           'calibration; unset divides by nothing.',
           '减去 logit_mean 之后分类 logits 所除的值，用于 Platt 缩放校准；不设置时不除。'),
        _k('step_tag_id', 'int', None, None, 'vllm/config/pooler.py:113',
           'Token ID of the step tag whose scores are returned (process reward models); unset returns the scores of '
           'every token.',
           '只返回该步骤标记 token ID 处的分数（过程奖励模型）；不设置时返回所有 token 的分数。'),
        _k('returned_token_ids', 'list', None, None, 'vllm/config/pooler.py:119',
           'Vocabulary indices whose scores are returned, e.g. the IDs of the good and bad tokens of a process reward '
           'model; unset returns the whole vocabulary.',
           '返回分数的词表索引，例如过程奖励模型中“好”与“坏”两个 token 的 ID；不设置时返回整个词表。'),
    )),
    'profiler_config': ('ProfilerConfig', 'vllm/config/profiler.py:66', (
        _k('profiler', 'str', None, ('torch', 'cuda', 'proton'), 'vllm/config/profiler.py:70',
           'Profiler to use: torch (PyTorch profiler), cuda (CUDA profiler) or proton (Triton Proton); unset profiles '
           'nothing.',
           '使用的性能分析器：torch（PyTorch 分析器）、cuda（CUDA 分析器）或 proton（Triton Proton）；'
           '不设置时不做性能分析。'),
        _k('torch_profiler_dir', 'str', '', None, 'vllm/config/profiler.py:77',
           "Absolute path of the directory the torch profiler's traces of the front end and the workers are saved in.",
           '保存 torch 分析器前端与各工作进程追踪文件的目录，须为绝对路径。'),
        _k('torch_profiler_activities', 'list', None, None, 'vllm/config/profiler.py:82',
           "Activities the workers' torch profiler records (CPU, CUDA, XPU); unset uses the platform's default.",
           '各工作进程的 torch 分析器记录的活动（CPU、CUDA、XPU）；不设置时使用平台默认值。'),
        _k('proton_profiler_dir', 'str', '', None, 'vllm/config/profiler.py:88',
           'Directory the Triton Proton profiles are saved in, one file per rank.',
           '保存 Triton Proton 分析结果的目录，每个 rank 一个文件。'),
        _k('proton_context', 'str', 'shadow', ('shadow', 'python'), 'vllm/config/profiler.py:92',
           'What Proton records as context: shadow (explicit scopes, low overhead) or python (Python call stacks).',
           'Proton 记录的上下文来源：shadow（显式作用域，开销低）或 python（Python 调用栈）。'),
        _k('proton_data', 'str', 'tree', ('tree', 'trace'), 'vllm/config/profiler.py:96',
           'Kind of Proton output: tree (Hatchet data) or trace (a Chrome trace).',
           'Proton 输出的类型：tree（Hatchet 数据）或 trace（Chrome 追踪）。'),
        _k('proton_backend', 'str', None, ('cupti',), 'vllm/config/profiler.py:100',
           'GPU backend of Proton; cupti is the only one, and unset lets Proton pick it.',
           'Proton 的 GPU 后端；目前只有 cupti，不设置时由 Proton 自动选择。'),
        _k('proton_mode', 'str', None, None, 'vllm/config/profiler.py:103',
           "Backend-specific Proton mode, e.g. pcsampling; unset uses Proton's default.",
           'Proton 与后端相关的模式，例如 `pcsampling`；不设置时使用 Proton 的默认模式。'),
        _k('proton_hook', 'str', None, ('triton',), 'vllm/config/profiler.py:106',
           'Proton hook; triton adds Triton kernel launch metadata, unset adds none.',
           'Proton 钩子；triton 会附加 Triton 算子启动元数据，不设置时不附加。'),
        _k('proton_output_format', 'str', None,
           ('hatchet', 'hatchet_msgpack', 'chrome_trace'),
           'vllm/config/profiler.py:109',
           'File format Proton writes the profile in: hatchet, hatchet_msgpack or chrome_trace; unset follows '
           'proton_data.',
           'Proton 写出分析结果的文件格式：hatchet、hatchet_msgpack 或 chrome_trace；不设置时按 proton_data 决定。'),
        _k('proton_graph_attribution', 'bool', False, None, 'vllm/config/profiler.py:113',
           'Watch CUDA graph capture so that kernels replayed from a graph are attributed; needs Triton 3.7 or later '
           "and proton_data 'tree'.",
           "监视 CUDA Graph 捕获，使图重放的算子也能归因；需要 Triton 3.7 及以上且 proton_data 为 'tree'。"),
        _k('torch_profiler_with_stack', 'bool', True, None, 'vllm/config/profiler.py:117',
           'Record call stacks in the torch profiler.',
           '在 torch 分析器中记录调用栈。'),
        _k('torch_profiler_with_flops', 'bool', False, None, 'vllm/config/profiler.py:122',
           'Count FLOPs in the torch profiler.',
           '在 torch 分析器中统计浮点运算次数。'),
        _k('torch_profiler_use_gzip', 'bool', True, None, 'vllm/config/profiler.py:125',
           'Save torch profiler traces compressed with gzip.',
           '以 `gzip` 压缩保存 torch 分析器的追踪文件。'),
        _k('torch_profiler_dump_cuda_time_total', 'bool', True, None, 'vllm/config/profiler.py:128',
           'Write the total CUDA time into torch profiler traces.',
           '在 torch 分析器的追踪中写出 CUDA 总耗时。'),
        _k('torch_profiler_record_shapes', 'bool', False, None, 'vllm/config/profiler.py:131',
           'Record tensor shapes in the torch profiler.',
           '在 torch 分析器中记录张量形状。'),
        _k('torch_profiler_with_memory', 'bool', False, None, 'vllm/config/profiler.py:134',
           'Profile memory in the torch profiler.',
           '在 torch 分析器中分析内存使用。'),
        _k('capture_torch_profiler', 'bool', False, None, 'vllm/config/profiler.py:138',
           'Run the torch profiler on rank 0 while CUDA graphs are captured, saving into capture_traces under '
           "torch_profiler_dir; needs profiler 'torch'.",
           '在 rank 0 捕获 CUDA Graph 期间运行 torch 分析器，结果保存在 torch_profiler_dir 下的 capture_traces 中；'
           "需要 `profiler` 为 'torch'。"),
        _k('detailed_trace_annotation', 'bool', False, None, 'vllm/config/profiler.py:143',
           'Annotate trace events with roofline metrics instead of only request and token counts.',
           '在追踪事件中标注屋顶线模型指标，而不只是请求数和 token 数。'),
        _k('ignore_frontend', 'bool', False, None, 'vllm/config/profiler.py:149',
           'Do not profile the front end with the torch profiler, which cannot count iterations; use it with the '
           'delay and limit options.',
           '不对前端做 torch 性能分析（前端无法按迭代计数）；配合延迟与上限选项使用。'),
        _k('delay_iterations', 'int', 0, None, 'vllm/config/profiler.py:156',
           'Engine iterations skipped after /start_profile before profiling starts; 0 starts at once.',
           '收到 /start_profile 后开始分析前跳过的引擎迭代次数；0 表示立即开始。'),
        _k('max_iterations', 'int', 0, None, 'vllm/config/profiler.py:161',
           'Most engine iterations profiled; 0 means no limit.',
           '最多分析的引擎迭代次数；0 表示不限。'),
        _k('warmup_iterations', 'int', 0, None, 'vllm/config/profiler.py:176',
           'Warm-up iterations of the torch profiler schedule, whose data is discarded; 0 turns the schedule off and '
           'records every iteration.',
           'torch 分析器调度中的预热迭代次数，其数据会被丢弃；0 表示不使用调度，记录所有迭代。'),
        _k('active_iterations', 'int', 5, None, 'vllm/config/profiler.py:184',
           'Iterations of the torch profiler schedule whose data is recorded.',
           'torch 分析器调度中实际记录数据的迭代次数。'),
        _k('wait_iterations', 'int', 0, None, 'vllm/config/profiler.py:190',
           'Iterations of the torch profiler schedule spent fully off before warm-up.',
           'torch 分析器调度中预热之前完全关闭的迭代次数。'),
    )),
    'quantization_config': ('QuantizationConfigArgs', 'vllm/config/quantization.py:107', (
        _k('linear', 'dict', None, None, 'vllm/config/quantization.py:115',
           'Online quantization spec for linear layers, an object or a shorthand string; unset leaves them as they '
           'are.',
           '线性层的在线量化规格，可为对象或简写字符串；不设置时不量化线性层。'),
        _k('moe', 'dict', None, None, 'vllm/config/quantization.py:118',
           'Online quantization spec for MoE layers, an object or a shorthand string; unset leaves them as they are.',
           'MoE 层的在线量化规格，可为对象或简写字符串；不设置时不量化 MoE 层。'),
        _k('ignore', 'list', [], None, 'vllm/config/quantization.py:121',
           'Layers left unquantized, by name or by fnmatch pattern for online quantization.',
           '不做量化的层，可写层名，在线量化时也可写 `fnmatch` 通配模式。'),
        _k('targets', 'dict', None, None, 'vllm/config/quantization.py:125',
           "Online quantization per layer: layer name, 're:' regex or fnmatch pattern -> shorthand name; layers that "
           'match nothing stay unquantized. Cannot be combined with linear or moe.',
           "按层指定在线量化：层名、're:' 正则或 `fnmatch` 模式 -> 量化简写名；未匹配的层不量化。"
           '不能与 `linear` 或 `moe` 同时设置。'),
    )),
    'reasoning_config': ('ReasoningConfig', 'vllm/config/reasoning.py:12', (
        _k('reasoning_parser', 'str', '', None, 'vllm/config/reasoning.py:22',
           'Reasoning parser to use for this model, by name.',
           '该模型使用的推理解析器名称。'),
        _k('reasoning_start_str', 'str', '', None, 'vllm/config/reasoning.py:24',
           "Text that opens the model's reasoning.",
           '标志模型推理开始的文本。'),
        _k('reasoning_end_str', 'str', '', None, 'vllm/config/reasoning.py:26',
           'Text forced into the output to end reasoning when the thinking budget runs out.',
           '思考预算耗尽时强制写入输出以结束推理的文本。'),
        _k('_reasoning_start_token_ids', 'list', None, None, 'vllm/config/reasoning.py:29',
           'Token IDs of reasoning_start_str; filled in by vLLM, not meant to be set.',
           'reasoning_start_str 对应的 token ID；由 vLLM 填入，不应手动设置。'),
        _k('_reasoning_end_token_ids', 'list', None, None, 'vllm/config/reasoning.py:34',
           'Token IDs of reasoning_end_str; filled in by vLLM, not meant to be set.',
           'reasoning_end_str 对应的 token ID；由 vLLM 填入，不应手动设置。'),
        _k('_natural_reasoning_end_token_ids', 'list', None, None, 'vllm/config/reasoning.py:38',
           'Token IDs with which the parser sees reasoning end by itself; filled in by vLLM, not meant to be set.',
           '解析器认定推理自然结束的 token ID；由 vLLM 填入，不应手动设置。'),
        _k('_enabled', 'bool', False, None, 'vllm/config/reasoning.py:43',
           'Whether the reasoning token IDs have been filled in; set by vLLM, not meant to be set.',
           '推理相关的 token ID 是否已填入；由 vLLM 设置，不应手动设置。'),
    )),
    'speculative_config': ('SpeculativeConfig', 'vllm/config/speculative.py:386', (
        _k('enforce_eager', 'bool', None, None, 'vllm/config/speculative.py:390',
           "Run the draft model eagerly (true) or with CUDA graphs (false); unset follows the target model's "
           '--enforce-eager.',
           '草稿模型不使用 CUDA Graph 运行（true）或使用 CUDA Graph（false）；不设置时沿用目标模型的 --enforce-eager。'),
        _k('num_speculative_tokens', 'int', None, None, 'vllm/config/speculative.py:393',
           "Number of tokens drafted per step; unset takes it from the draft model's config, and it is required when "
           'that has none.',
           '每步起草的 token 数；不设置时取草稿模型配置中的值，若其中没有则必须设置。'),
        _k('model', 'str', None, None, 'vllm/config/speculative.py:396',
           'Draft model, EAGLE head or extra weights, as a Hugging Face ID or local path; unset for methods that need '
           'none (ngram, suffix, MTP heads inside the target).',
           "草稿模型、EAGLE 头或附加权重，写 Hugging Face ID 或本地路径；对不需要它的方法（'ngram'、'suffix'、"
           '目标模型自带的 MTP 头）可不设置。'),
        _k('method', 'str', None,
           ('ngram', 'medusa', 'mlp_speculator', 'draft_model', 'suffix', 'custom_class', 'eagle', 'eagle3',
            'extract_hidden_states', 'deepseek_mtp', 'dots3_note_mtp', 'mimo_mtp', 'mimo_v2_mtp', 'glm4_moe_mtp',
            'glm4_moe_lite_mtp', 'glm_ocr_mtp', 'ernie_mtp', 'nemotron_h_mtp', 'exaone_moe_mtp', 'exaone4_5_mtp',
            'qwen3_next_mtp', 'qwen4_exp_mtp', 'qwen3_5_mtp', 'longcat_flash_mtp', 'bailing_hybrid_v3_mtp',
            'minimax_m3_mtp', 'bailing_hybrid_mtp', 'mtp', 'kimi_k3_mtp', 'pangu_ultra_moe_mtp', 'step3p5_mtp',
            'hy_v3_mtp', 'hy_v4_mtp', 'gemma4_mtp', 'inkling_mtp', 'glm5_next_mtp', 'dflash', 'ngram_gpu', 'dspark'),
           'vllm/config/speculative.py:399',
           'Speculative decoding method, e.g. ngram, eagle, eagle3, draft_model, suffix, medusa, mtp or a '
           'model-specific *_mtp; unset detects it from model, required without one.',
           '投机解码方法，例如 ngram、eagle、eagle3、draft_model、suffix、medusa、mtp 或各模型专用的 *_mtp；'
           '不设置时根据 `model` 自动识别，未给出 `model` 时必须设置。'),
        _k('draft_tensor_parallel_size', 'int', None, None, 'vllm/config/speculative.py:407',
           "Tensor parallel size of the draft model: 1 or the target model's; unset uses the target's.",
           '草稿模型的张量并行规模：只能为 1 或与目标模型相同；不设置时与目标模型相同。'),
        _k('tensor_parallel_size', 'int', None, None, 'vllm/config/speculative.py:410',
           'Wrong spelling of draft_tensor_parallel_size, accepted only so that vLLM can warn about it; use '
           'draft_tensor_parallel_size.',
           'draft_tensor_parallel_size 的错误写法，仅为让 vLLM 给出警告而接受；请改用 draft_tensor_parallel_size。'),
        _k('quantization', 'str', None,
           ('awq', 'auto_awq', 'fp8', 'fbgemm_fp8', 'fp_quant', 'modelopt', 'modelopt_fp4', 'modelopt_mxfp8',
            'modelopt_mixed', 'auto_gptq', 'gptq', 'gptq_marlin', 'awq_marlin', 'humming', 'compressed-tensors',
            'experts_int8', 'quark', 'moe_wna16', 'torchao', 'inc', 'mxfp4', 'gpt_oss_mxfp4', 'deepseek_v4_fp8',
            'online', 'fp8_per_tensor', 'fp8_per_block', 'fp8_per_channel', 'int8_per_channel_weight_only',
            'nvfp4_per_token', 'mxfp8'),
           'vllm/config/speculative.py:415',
           "Quantization method of the draft model's weights, for draft-model methods; unset treats them as "
           'unquantized.',
           '草稿模型权重的量化方法，仅对基于草稿模型的方法生效；不设置时视为未量化。'),
        _k('moe_backend', 'str', None,
           ('auto', 'triton', 'batched_triton', 'deep_gemm', 'deep_gemm_mega_moe', 'cutlass', 'flashinfer_trtllm',
            'flashinfer_cutlass', 'flashinfer_cutedsl', 'flashinfer_moe_ep_cutedsl', 'flashinfer_b12x', 'b12x',
            'flashinfer_moe_ep_mega_deep_gemm', 'marlin', 'humming', 'triton_unfused', 'aiter', 'aiter_mega_moe',
            'aiter_triton_mxfp4_bf16', 'flydsl', 'hpc', 'emulation', 'rdna3'),
           'vllm/config/speculative.py:419',
           "MoE kernels of the draft model (values as --moe-backend); unset inherits the target model's.",
           '草稿模型使用的 MoE 算子（取值同 --moe-backend）；不设置时沿用目标模型的设置。'),
        _k('attention_backend', 'enum', None,
           ('FLASH_ATTN', 'FLASH_ATTN_DIFFKV', 'TRITON_ATTN', 'TRITON_ATTN_DIFFKV', 'TRITON_FLASH_ATTN', 'ROCM_ATTN',
            'ROCM_SEGMENTED_ATTN', 'ROCM_AITER_MLA', 'ROCM_AITER_TRITON_MLA', 'ROCM_AITER_FA', 'ROCM_AITER_MLA_SPARSE',
            'XPU_MLA_SPARSE', 'TORCH_SDPA', 'FLASHINFER', 'TRITON_FLASHINFER', 'FLASHINFER_MLA', 'TOKENSPEED_MLA',
            'FLASHINFER_MLA_SPARSE', 'FLASHINFER_MLA_SPARSE_SM120', 'FLASHINFER_MLA_SPARSE_SM90', 'TRITON_MLA',
            'CUTLASS_MLA', 'FLASHMLA', 'FLASHMLA_SPARSE', 'FLASHMLA_SPARSE_DSV4', 'FLASHINFER_MLA_SPARSE_DSV4',
            'ROCM_FLASHMLA_SPARSE_DSV4', 'FLASHMLA_SPARSE_DSV41', 'FLASHINFER_MLA_SPARSE_DSV41',
            'FLASHMLA_MEGA_ATTN_DSV41', 'B12X', 'FLASH_ATTN_MLA', 'FLASH_ATTN_MLA_SPARSE', 'MINIMAX_M3_SPARSE',
            'CUTLASS_MSA', 'TRITON_MSA', 'NO_ATTENTION', 'FLEX_ATTENTION', 'HPC_ATTN', 'ROCM_AITER_UNIFIED_ATTN',
            'CPU_ATTN', 'CPU_MLA', 'AMX_MLA', 'TURBOQUANT', 'ULTRAQUANT', 'CUSTOM'),
           'vllm/config/speculative.py:424',
           'Attention backend of the draft model (values as --attention-backend), e.g. one with non-causal attention '
           'for DFlash; unset picks one automatically.',
           '草稿模型的注意力后端（取值同 --attention-backend），例如为 DFlash 选用支持非因果注意力的后端；'
           '不设置时自动选择。'),
        _k('kv_cache_dtype', 'str', None,
           ('auto', 'float16', 'bfloat16', 'fp8', 'fp8_e4m3', 'fp8_e5m2', 'fp8_inc', 'fp8_ds_mla', 'nvfp4_ds_mla',
            'turboquant_k8v4', 'turboquant_4bit_nc', 'turboquant_k3v4_nc', 'turboquant_3bit_nc', 'ultraquant_4bit',
            'int4_per_token_head', 'int8_per_token_head', 'fp8_per_token_head', 'nvfp4', 'nvfp4_4over6'),
           'vllm/config/speculative.py:428',
           "KV cache data type of the draft model (values as --kv-cache-dtype); unset inherits the target model's.",
           '草稿模型的 KV 缓存数据类型（取值同 --kv-cache-dtype）；不设置时沿用目标模型的设置。'),
        _k('max_model_len', 'int', None, None, 'vllm/config/speculative.py:431',
           'Longest context of the draft model, in tokens; sequences beyond it are not speculated (mainly for '
           'testing).',
           '草稿模型的最大上下文长度（token 数）；超出的序列不做投机（主要用于测试）。'),
        _k('revision', 'str', None, None, 'vllm/config/speculative.py:434',
           'Version of the draft model to load: a branch, tag or commit; unset uses the default branch.',
           '要加载的草稿模型版本：分支、标签或提交；不设置时使用默认分支。'),
        _k('code_revision', 'str', None, None, 'vllm/config/speculative.py:438',
           "Version of the draft model's code on the Hugging Face Hub: a branch, tag or commit; unset uses the "
           'default branch.',
           '草稿模型代码在 Hugging Face 上的版本：分支、标签或提交；不设置时使用默认分支。'),
        _k('index_share_for_mtp_iteration', 'bool', None, None, 'vllm/config/speculative.py:442',
           "Whether MTP iterations reuse the sparse indices of the first step; unset takes it from the draft model's "
           'Hugging Face config.',
           'MTP 各次迭代是否复用第一步的稀疏索引；不设置时取草稿模型 Hugging Face 配置中的值。'),
        _k('disable_padded_drafter_batch', 'bool', False, None, 'vllm/config/speculative.py:447',
           'Do not pad draft batches, so they may hold sequences of different lengths; only some attention backends '
           'support it, and it affects only EAGLE.',
           '不对草稿批次做填充，批次中可包含不同长度的序列；仅部分注意力后端支持，且只影响 EAGLE。'),
        _k('disable_eagle_block_drop', 'bool', False, None, 'vllm/config/speculative.py:452',
           'Keep the last prefix cache block that EAGLE-like methods normally drop (experimental, for measuring '
           'acceptance rates).',
           '保留类 EAGLE 方法通常会丢弃的最后一个前缀缓存块（实验特性，用于测量接受率）。'),
        _k('use_local_argmax_reduction', 'bool', False, None, 'vllm/config/speculative.py:457',
           'Pick draft tokens by a vocabulary-parallel local argmax instead of gathering the full logits; greedy '
           'drafting without trees only.',
           '在词表并行的各分片上本地取最大值来选取草稿 token，而不是收集完整的 logits；仅适用于非树形的贪心起草。'),
        _k('use_heterogeneous_vocab', 'bool', False, None, 'vllm/config/speculative.py:463',
           'Allow a draft model with a different vocabulary, limiting its logits to the tokens both share; needs '
           'method draft_model.',
           "允许草稿模型使用不同的词表，并将其 logits 限制在两者共有的 token 上；需要 `method` 为 'draft_model'。"),
        _k('prompt_lookup_max', 'int', None, None, 'vllm/config/speculative.py:470',
           'Largest n-gram window, in tokens, the ngram method matches; required with method ngram.',
           "'ngram' 方法匹配的最大 n-gram 窗口（token 数）；`method` 为 'ngram' 时必须设置。"),
        _k('prompt_lookup_min', 'int', None, None, 'vllm/config/speculative.py:473',
           'Smallest n-gram window, in tokens, the ngram method matches; unset: 1.',
           "'ngram' 方法匹配的最小 n-gram 窗口（token 数）；不设置时为 1。"),
        _k('parallel_drafting', 'bool', False, None, 'vllm/config/speculative.py:478',
           'Draft all speculative tokens at once instead of one after another; needs a draft model trained for it, '
           'EAGLE or draft-model methods only.',
           '一次性并行起草所有投机 token，而不是逐个起草；需要为此训练过的草稿模型，仅适用于 EAGLE 和草稿模型方法。'),
        _k('target_model_config', 'dict', None, None, 'vllm/config/speculative.py:485',
           'Model configuration of the target model; filled in by vLLM, not meant to be set.',
           '目标模型的模型配置；由 vLLM 填入，不应手动设置。'),
        _k('target_parallel_config', 'dict', None, None, 'vllm/config/speculative.py:487',
           'Parallel configuration of the target model; filled in by vLLM, not meant to be set.',
           '目标模型的并行配置；由 vLLM 填入，不应手动设置。'),
        _k('num_speculative_tokens_per_batch_size', 'list', None, None, 'vllm/config/speculative.py:491',
           'Number of draft tokens by batch size, as [range_start, range_end, num_speculative_tokens] entries over '
           'inclusive ranges; unset always uses num_speculative_tokens.',
           '按批大小决定起草 token 数，每项为 [range_start, range_end, num_speculative_tokens]，区间含两端；'
           '不设置时始终使用 num_speculative_tokens。'),
        _k('draft_model_config', 'dict', None, None, 'vllm/config/speculative.py:499',
           'Model configuration of the draft model; filled in by vLLM, not meant to be set.',
           '草稿模型的模型配置；由 vLLM 填入，不应手动设置。'),
        _k('draft_parallel_config', 'dict', None, None, 'vllm/config/speculative.py:501',
           'Parallel configuration of the draft model; filled in by vLLM, not meant to be set.',
           '草稿模型的并行配置；由 vLLM 填入，不应手动设置。'),
        _k('suffix_decoding_max_tree_depth', 'int', 24, None, 'vllm/config/speculative.py:505',
           'Deepest level of the suffix trees, which bounds the matched prefix plus the speculated tokens.',
           '后缀树的最大深度，限制匹配前缀与投机 token 的长度之和。'),
        _k('suffix_decoding_max_cached_requests', 'int', 10000, None, 'vllm/config/speculative.py:509',
           'Most requests kept in the global suffix tree, evicted first in first out; 0 turns the global tree off and '
           'keeps only prompt trees.',
           '全局后缀树中最多缓存的请求数，超出时按 FIFO 淘汰；0 表示关闭全局后缀树，只使用提示词树。'),
        _k('suffix_decoding_max_spec_factor', 'float', 1.0, None, 'vllm/config/speculative.py:515',
           'Most tokens speculated per matched prefix token: at most this factor times the prefix match length.',
           '每个匹配前缀 token 对应的最大投机 token 数：最多为该系数乘以前缀匹配长度。'),
        _k('suffix_decoding_min_token_prob', 'float', 0.1, None, 'vllm/config/speculative.py:520',
           'Least estimated probability (from frequency counts) a token needs to be speculated by suffix decoding.',
           '后缀解码投机一个 token 所需的最低估计概率（基于频次统计）。'),
        _k('draft_load_config', 'dict', None, None, 'vllm/config/speculative.py:525',
           "Load settings of the draft model; unset uses the target model's.",
           '草稿模型的加载设置；不设置时沿用目标模型的设置。'),
        _k('rejection_sample_method', 'str', 'standard',
           ('standard', 'synthetic', 'block'),
           'vllm/config/speculative.py:529',
           'How drafted tokens are verified: standard (probabilistic rejection sampling), synthetic (accepted at set '
           'rates, for benchmarks) or block (the whole draft verified as one block).',
           '草稿 token 的验证方式：standard（概率拒绝采样）、synthetic（按设定的接受率接受，用于基准测试）'
           '或 block（将整段草稿作为一个块验证）。'),
        _k('synthetic_acceptance_rates', 'list', None, None, 'vllm/config/speculative.py:537',
           'For synthetic sampling: per position, the chance that all drafts up to it are accepted, '
           'num_speculative_tokens non-increasing values in [0, 1]; cannot be combined with '
           'synthetic_acceptance_length.',
           "仅在 rejection_sample_method 为 'synthetic' 时有效：每个位置之前（含该位置）的草稿全部被接受的概率，"
           '共 num_speculative_tokens 个 [0, 1] 内的非递增值；不能与 synthetic_acceptance_length 同时设置。'),
        _k('synthetic_acceptance_length', 'float', None, None, 'vllm/config/speculative.py:545',
           'For synthetic sampling: the mean acceptance length to reach, in [1, num_speculative_tokens + 1]; cannot '
           'be combined with synthetic_acceptance_rates.',
           "仅在 rejection_sample_method 为 'synthetic' 时有效：要达到的平均接受长度，取值范围为 [1, "
           'num_speculative_tokens + 1]；不能与 synthetic_acceptance_rates 同时设置。'),
        _k('enable_adaptive_verification', 'bool', False, None, 'vllm/config/speculative.py:551',
           'Size the verification budget of each request from its confidence; method dspark only.',
           "根据每个请求的置信度调整其验证预算；仅适用于 `method` 为 'dspark'。"),
        _k('draft_sample_method', 'str', 'greedy', ('greedy', 'probabilistic'), 'vllm/config/speculative.py:600',
           'How the draft model picks tokens: greedy (the most likely token) or probabilistic (sampled, verified '
           'against the full draft logits at the cost of more GPU memory).',
           '草稿模型选取 token 的方式：greedy（取概率最高的 token）或 probabilistic（随机采样，'
           '并用完整的草稿 logits 做验证，会占用更多 GPU 内存）。'),
        _k('dspark_draft_topk', 'int', None, None, 'vllm/config/speculative.py:608',
           'For Qwen3 DSpark drafting, evaluate the Markov projection for the top-k candidates only; needs a draft '
           'tensor parallel size of 1.',
           "Qwen3 以 'dspark' 方法起草时只对 top-k 个候选计算马尔可夫投影；需要草稿模型的张量并行规模为 1。"),
    )),
    'structured_outputs_config': ('StructuredOutputsConfig', 'vllm/config/structured_outputs.py:16', (
        _k('backend', 'str', 'auto',
           ('auto', 'xgrammar', 'guidance', 'outlines', 'lm-format-enforcer'),
           'vllm/config/structured_outputs.py:20',
           'Default engine for structured outputs (JSON schema, regex, ...): xgrammar, guidance, outlines or '
           "lm-format-enforcer; 'auto' chooses per request, which may change between releases.",
           '结构化输出（JSON Schema、正则等）默认使用的引擎：xgrammar、guidance、outlines 或 lm-format-enforcer；'
           "'auto' 按请求自动选择，具体行为可能随版本变化。"),
        _k('disable_any_whitespace', 'bool', False, None, 'vllm/config/structured_outputs.py:25',
           'Generate compact JSON with no whitespace between fields; xgrammar and guidance only.',
           '生成字段之间没有空白的紧凑 JSON；仅 xgrammar 和 `guidance` 支持。'),
        _k('disable_additional_properties', 'bool', False, None, 'vllm/config/structured_outputs.py:30',
           'Make guidance ignore additionalProperties in JSON schemas, to behave like outlines and xgrammar; guidance '
           'only.',
           '让 `guidance` 忽略 JSON Schema 中的 `additionalProperties`，使其行为与 outlines 和 xgrammar 一致；'
           '仅 `guidance` 支持。'),
        _k('reasoning_parser', 'str', '', None, 'vllm/config/structured_outputs.py:34',
           "Reasoning parser for the model, which splits the reasoning content into the OpenAI API's format; empty "
           'uses none.',
           '模型使用的推理解析器，将推理内容拆分为 OpenAI API 的格式；为空时不使用。'),
        _k('reasoning_parser_plugin', 'str', '', None, 'vllm/config/structured_outputs.py:37',
           'Path of a reasoning parser plugin to load and register at start-up.',
           '启动时加载并注册的推理解析器插件路径。'),
        _k('enable_in_reasoning', 'bool', False, None, 'vllm/config/structured_outputs.py:40',
           'Apply the structured output constraints to the reasoning part as well.',
           '对推理部分同样施加结构化输出约束。'),
    )),
    'watermark_config': ('WatermarkConfig', 'vllm/config/watermarking.py:26', (
        _k('key', 'int', None, None, 'vllm/config/watermarking.py:30',
           'Secret key of the text watermark, an integer from 0 to 2**64 - 1; vLLM requires it whenever '
           '--watermark-config is given.',
           '文本水印的密钥，取值为 0 到 2**64 - 1 的整数；只要给出 --watermark-config，vLLM 就要求设置该键。'),
        _k('algorithm', 'str', 'gumbel', ('gumbel', 'dual_key_gumbel'), 'vllm/config/watermarking.py:32',
           'Watermarking algorithm: gumbel or dual_key_gumbel.',
           '水印算法：gumbel 或 dual_key_gumbel。'),
        _k('alpha', 'float', 0.1, None, 'vllm/config/watermarking.py:34',
           'For dual_key_gumbel, the probability (0 to 1) of choosing the second key.',
           '用于 dual_key_gumbel：选择第二个密钥的概率（0 到 1）。'),
        _k('context_width', 'int', 4, None, 'vllm/config/watermarking.py:36',
           "Number of preceding tokens the watermark's pseudorandom function reads.",
           '水印伪随机函数读取的前序 token 数。'),
        _k('deduplicate_contexts', 'str', 'single_turn',
           ('none', 'single_turn', 'all'),
           'vllm/config/watermarking.py:38',
           'Where to look for a repeated context, which is then sampled without the watermark: none, single_turn '
           "(this request's output) or all (the prompt too).",
           '在何处查找重复的上下文（重复时该 token 不加水印采样）：none、single_turn（本请求的输出）'
           '或 all（同时包括提示词）。'),
        _k('deduplicate_contexts_max_history', 'int', 8192, None, 'vllm/config/watermarking.py:44',
           'Number of most recent positions searched for a repeated context, at least 1, or null for the whole scope; '
           'ignored with deduplicate_contexts none.',
           "查找重复上下文时搜索的最近位置数，至少为 1，设为 null 则搜索整个范围；deduplicate_contexts 为 'none' 时忽"
           '略。'),
        _k('prf', 'str', 'philox', ('philox',), 'vllm/config/watermarking.py:49',
           'Pseudorandom function of the watermark; philox is the only one.',
           '水印使用的伪随机函数；目前只有 philox。'),
        _k('allow_target_only_watermarking', 'bool', False, None, 'vllm/config/watermarking.py:51',
           'Allow speculative decoding with the watermark applied to target tokens only, not to drafted ones.',
           '允许在投机解码时只对目标模型的 token 加水印，不对草稿 token 加水印。'),
    )),
    'weight_transfer_config': ('WeightTransferConfig', 'vllm/config/weight_transfer.py:8', (
        _k('backend', 'str', 'nccl',
           None,  # Union[Literal[...], str]: other backends register themselves
           'vllm/config/weight_transfer.py:12',
           'How new weights are sent to the engine during RL training: nccl, ipc, sparse_nccl, sharded_rdt or '
           'nccl_m2n.',
           'RL 训练中向引擎传输新权重的方式：nccl、ipc、sparse_nccl、sharded_rdt 或 nccl_m2n。'),
    )),
    'watchdog_config': ('WatchdogConfig', 'vllm/config/watchdog_config.py:12', (
        _k('timeout', 'int', 300, None, 'vllm/config/watchdog_config.py:21',
           'Seconds without a feed from the main thread after which the stacks are dumped; above 0.',
           '主线程多少秒未喂狗即转储调用栈；须大于 0。'),
        _k('check_interval', 'int', 10, None, 'vllm/config/watchdog_config.py:25',
           'How often, in seconds, the watchdog checks.', '看门狗检查的间隔（秒）。'),
        _k('dump_dir', 'str', '', None, 'vllm/config/watchdog_config.py:28',
           'Folder the stack dumps go to; empty turns the watchdog off.', '调用栈转储文件所在目录；为空则关闭看门狗。'),
    )),
}
