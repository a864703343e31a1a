"""Checkpoint decryption: model configs read from decrypted files, plus the multimodal prefix cache switch kept here."""

from typing import Annotated

from ..meta import Arg, Group, Text

GROUP = Group('decryption', Text(en='For checkpoint decryption', zh='用于检查点解密'))


class DecryptionArgs:

    decrypted_config_file: Annotated[str | None, Arg(
        '--decrypted-config-file',
        help=Text(
            en=(
                "Model config file to read instead of the checkpoint's config.json, e.g. a decrypted copy when the "
                "shipped config is encrypted. A relative name is resolved inside the model directory."
            ),
            zh="代替检查点自带 config.json 读取的模型配置文件，例如配置加密时提供的解密副本；相对路径在模型目录内解析。",
        ),
    )] = None

    decrypted_draft_config_file: Annotated[str | None, Arg(
        '--decrypted-draft-config-file',
        help=Text(
            en="Like --decrypted-config-file, but for the draft model used in speculative decoding.",
            zh="作用同 --decrypted-config-file，但用于投机解码的草稿模型。",
        ),
    )] = None

    enable_prefix_mm_cache: Annotated[bool, Arg(
        '--enable-prefix-mm-cache',
        help=Text(
            en=(
                "Cache multimodal encoder outputs by content so repeated images or videos are not encoded again. "
                "Currently supported only on --encoder-only servers."
            ),
            zh="按内容缓存多模态编码结果，重复出现的图像或视频无需再次编码。目前仅支持 --encoder-only 编码实例。",
        ),
    )] = False
