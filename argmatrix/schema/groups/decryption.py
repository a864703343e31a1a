"""For checkpoint decryption: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('decryption', Text(en='For checkpoint decryption', zh='用于检查点解密'))


class DecryptionArgs:

    decrypted_config_file: Annotated[str | None, Arg(
        '--decrypted-config-file',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    decrypted_draft_config_file: Annotated[str | None, Arg(
        '--decrypted-draft-config-file',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    enable_prefix_mm_cache: Annotated[bool, Arg(
        '--enable-prefix-mm-cache',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False
