"""vLLM Attention: the `vllm serve` flags of its AttentionConfig group."""

from typing import Annotated

from ...meta import Arg, Group, Text

GROUP = Group('vllm_attention', Text(en='Attention', zh='注意力'))


class AttentionArgs:

    attention_backend: Annotated[str | None, Arg(
        '--attention-backend',
        help=Text(en='', zh=''),
    )] = None
