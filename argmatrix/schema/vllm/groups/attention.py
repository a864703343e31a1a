"""vLLM's attention flag (its AttentionConfig) that has a flag of its own: the attention backend. The
other attention settings are keys of `--attention-config` (`-ac`).
"""

from typing import Annotated

from ...meta import Arg, Group, Text

GROUP = Group('vllm_attention', Text(en='Attention', zh='注意力'))


class AttentionArgs:

    attention_backend: Annotated[str | None, Arg(
        '--attention-backend',
        help=Text(
            en="Attention backend, by vLLM's name: e.g. FLASH_ATTN, FLASHINFER, TRITON_ATTN, FLASHMLA, "
               "FLASH_ATTN_MLA, ROCM_ATTN. Unset (or 'auto') picks one for the model and device; on Ascend "
               "vLLM-Ascend uses its own. The names differ from SGLang's --attention-backend values.",
            zh="注意力后端，使用 vLLM 的名称：例如 FLASH_ATTN、FLASHINFER、TRITON_ATTN、FLASHMLA、FLASH_ATTN_MLA、"
               "ROCM_ATTN。不设置（或取 'auto'）时按模型和设备自动选择；昇腾上由 vLLM-Ascend 使用自己的后端。"
               "这些名称与 SGLang 的 --attention-backend 取值不同。",
        ),
    )] = None
