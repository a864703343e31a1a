"""LMCache: offloading and reusing the KV cache through the external LMCache library."""

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('lmcache', Text(en='LMCache', zh='LMCache'))


class LmcacheArgs:

    enable_lmcache: Annotated[bool, Arg(
        '--enable-lmcache',
        help=Text(
            en=(
                "Use the LMCache library to store and reuse KV cache across memory tiers, as an alternative to the "
                "built-in hierarchical cache. Requires LMCache to be installed."
            ),
            zh="改用 LMCache 库在多级存储中保存和复用 KV 缓存，替代内置的层级缓存（HiCache）。需要事先安装 LMCache。",
        ),
        npu=Support.GPU_ONLY,
    )] = False
