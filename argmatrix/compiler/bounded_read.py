"""Reading files a user names (config files, a model's config.json) with bounded work, whatever they hold.

A path may be a FIFO that never ends, a symlink to ``/dev/zero``, a 2 GB file, binary data, UTF-16 text, JSON
nested 50,000 levels deep or YAML whose aliases expand to billions of values (a 333-byte "billion laughs").
Every one of them becomes a :class:`UnreadableFile` carrying a bilingual reason, never a hang, a traceback or a
crash of the C parser.  Only the standard library (the YAML check uses PyYAML, already the reader's).
"""
from __future__ import annotations

import codecs
import os
import re
import stat
from pathlib import Path
from typing import Any

from ..schema.meta import Text

MAX_FILE_BYTES = 4 * 2**20          # a config file or config.json larger than this is not one
MAX_NESTING = 64                    # objects/arrays inside each other (a JSON schema needs far fewer)
MAX_YAML_VALUES = 100_000           # values a YAML document may expand to through its aliases

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
# a quoted string, or an unterminated one to the end: always matches, so the scan is linear
_QUOTED = re.compile(r'"(?:[^"\\\n]|\\.)*(?:"|\\?$)|\'(?:[^\'\n]|\'\')*(?:\'|$)', re.MULTILINE)


class UnreadableFile(ValueError):
    """Why a file cannot be used, in both languages."""

    def __init__(self, text: Text):
        super().__init__(text.en)
        self.text = text


def read_text(path: str | os.PathLike[str]) -> str:
    """The file's text: a regular file of at most :data:`MAX_FILE_BYTES`, UTF-8 (or UTF-16/32 with a BOM)."""
    p = Path(path)
    st = p.stat()                                  # follows symlinks: /dev/zero behind a .yaml is a device
    if not stat.S_ISREG(st.st_mode):
        kind = ("a FIFO (named pipe)", "命名管道（FIFO）") if stat.S_ISFIFO(st.st_mode) else \
            ("a device", "设备文件") if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else \
            ("a directory", "目录") if stat.S_ISDIR(st.st_mode) else ("not a regular file", "非普通文件")
        raise UnreadableFile(Text(f"{path} is {kind[0]}, not a regular file", f"{path} 是{kind[1]}，不是普通文件"))
    # O_NONBLOCK: a file swapped for a FIFO after the stat above still cannot block the open
    fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        data = f.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise UnreadableFile(Text(f"{path} is larger than {MAX_FILE_BYTES // 2**20} MiB; a configuration file is "
                                  "far smaller", f"{path} 超过 {MAX_FILE_BYTES // 2**20} MiB，不像是配置文件"))
    encoding = next((enc for bom, enc in _BOMS if data.startswith(bom)), "utf-8")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise UnreadableFile(Text(f"{path} is not UTF-8 text (byte {exc.start} is 0x{data[exc.start]:02x}); save it "
                                  "as UTF-8", f"{path} 不是 UTF-8 文本（第 {exc.start} 字节为 0x{data[exc.start]:02x}）；"
                                  "请以 UTF-8 编码保存")) from None
    if "\x00" in text:
        raise UnreadableFile(Text(f"{path} holds binary data (a NUL character), not text",
                                  f"{path} 含二进制数据（NUL 字符），不是文本文件"))
    return text


def nesting_depth(text: str) -> int:
    """How deep ``[``/``{`` nest outside quoted strings (linear; no recursion)."""
    bare = _QUOTED.sub("", text)
    depth = deepest = 0
    for ch in re.findall(r"[\[\]{}]", bare):
        depth = depth + 1 if ch in "[{" else max(0, depth - 1)
        deepest = max(deepest, depth)
    return deepest


def check_nesting(text: str, path: str, limit: int = MAX_NESTING) -> None:
    depth = nesting_depth(text)
    if depth > limit:
        raise UnreadableFile(Text(f"{path} nests lists and objects {depth} levels deep; argmatrix reads at most "
                                  f"{limit}", f"{path} 中列表与对象嵌套了 {depth} 层，argmatrix 最多读取 {limit} 层"))


def check_yaml_expansion(node: Any, limit: int = MAX_YAML_VALUES) -> None:
    """Refuse a composed YAML document whose aliases make it expand to more than ``limit`` values.

    Sizes are counted once per node (aliases share nodes), iteratively, so counting costs the file's size.
    """
    sizes: dict[int, int] = {}
    stack: list[tuple[Any, bool]] = [(node, False)]
    on_path: set[int] = set()
    while stack:
        current, done = stack.pop()
        key = id(current)
        children = _children(current)
        if done:
            on_path.discard(key)
            sizes[key] = min(limit + 1, 1 + sum(sizes.get(id(c), 0) for c in children))
            continue
        if key in sizes or key in on_path:
            continue                               # counted, or a recursive alias (PyYAML refuses those)
        on_path.add(key)
        stack.append((current, True))
        stack.extend((c, False) for c in children if id(c) not in sizes)
    total = sizes.get(id(node), 0)
    if total > limit:
        raise UnreadableFile(Text(f"the YAML expands to more than {limit:,} values through its aliases "
                                  "(&anchor / *alias); write the values out", "该 YAML 通过别名（&锚点 / *别名）"
                                  f"展开后超过 {limit:,} 个值；请直接写出各个值"))


def _children(node: Any) -> list[Any]:
    value = getattr(node, "value", None)
    if not isinstance(value, list):
        return []
    out: list[Any] = []
    for item in value:
        out.extend(item if isinstance(item, tuple) else (item,))
    return out
