"""LMCache: offloading and reusing the KV cache through the external LMCache library."""

from typing import Annotated

from ..meta import Arg, Group, Text

GROUP = Group('lmcache', Text(en='LMCache', zh='LMCache'))


class LmcacheArgs:

    enable_lmcache: Annotated[bool, Arg(
        '--enable-lmcache',
        help=Text(
            en=(
                "Use the LMCache library to store and reuse KV cache across memory tiers, as an alternative to the "
                "built-in hierarchical cache. Requires LMCache to be installed."
            ),
            zh="改用 LMCache 库在多级存储中保存和复用 KV 缓存，替代内置的分层缓存（HiCache）。需要事先安装 LMCache。",
        ),
    )] = False

    lmcache_config_file: Annotated[str | None, Arg(
        '--lmcache-config-file',
        help=Text(
            en=(
                "Path to an LMCache YAML configuration file (storage tiers, chunk size and similar), used with "
                "--enable-lmcache. Unset leaves LMCache to its own configuration sources."
            ),
            zh="LMCache 的 YAML 配置文件路径（存储层级、分块大小等），配合 --enable-lmcache 使用。不设置时由 LMCache 按其自身的配置来源读取。",
        ),
    )] = None
