"""The argument tables, stored: a surface's ``ArgSpec``s are introspected from their ``Annotated`` declarations once,
then read back as data by every later process.

Introspecting SGLang's 579 declarations (importing 36 modules of ``*Args`` classes and walking their hints) cost a
third of a cold ``check-config``; reading them back costs a fraction of it.  The table is a pickle beside the package,
like Python's own bytecode (``argmatrix/schema/__pycache__/``), or in the user's cache directory where the package
is read-only (``$XDG_CACHE_HOME/argmatrix``, else ``~/.cache/argmatrix``); where neither can be written, the
tables are introspected in every process, as before.

It is never stale: its name carries a digest of every source the declarations are built from (the name, size and
modification time of each ``.py`` of the surface's package and of ``DECLARATION_SOURCES``, as Python's bytecode is
keyed), of the Python version and of ``FORMAT``, so an edited declaration
names another file and the old one is not read (it is removed when the new one is written).  A fresh clone has no
file and writes it on its first run.  ``tests/schema/test_stored_tables.py`` requires the stored specs to equal
the introspected ones field by field, and the digest to cover every module a declaration imports.
``ARGMATRIX_NO_STORED_TABLES=1`` introspects without reading or writing any file.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .registry import ArgSpec, Groups

    # the specs in their groups, and the three lookups over them (registry.index): field, key spelling, flag
    Table = tuple[Groups, dict[str, ArgSpec], dict[str, str], dict[str, str]]

FORMAT = 3  # bump when the stored shape changes without a source change (e.g. what is pickled)
SCHEMA_DIR = os.path.dirname(os.path.abspath(__file__))
# the schema modules a declaration is built from, besides its own package's (the test checks none is missing)
DECLARATION_SOURCES = ("meta.py", "types.py", "type_errors.py", "values.py", "choices.py", "registry.py",
                       "stored.py", os.path.join(os.pardir, "records.py"))
DISABLE_ENV = "ARGMATRIX_NO_STORED_TABLES"


def package_dir(package: str) -> str:
    """``argmatrix.schema.groups`` -> its directory (the package is this one's, or below it)."""
    below = package.split(".")[2:]  # argmatrix.schema.<below...>
    return os.path.join(SCHEMA_DIR, *below)


def digest(package: str) -> str:
    """A digest of every source the declarations of ``package`` are built from: each file's name, size and
    modification time, as Python keys its bytecode (reading the sources' text cost more than the table saves)."""
    try:
        from _blake2 import blake2b  # what hashlib.blake2b is, without loading OpenSSL's bindings at start-up
    except ImportError:  # pragma: no cover  (an interpreter built without it)
        from hashlib import blake2b
    h = blake2b(digest_size=16)
    h.update(f"{FORMAT} {sys.version_info[:2]} {package}".encode())
    here = package_dir(package)
    files = [os.path.join(here, n) for n in sorted(os.listdir(here)) if n.endswith(".py")]
    files += [os.path.join(SCHEMA_DIR, n) for n in DECLARATION_SOURCES]
    for path in files:
        st = os.stat(path)
        h.update(f"\0{os.path.basename(path)}\0{st.st_size}\0{st.st_mtime_ns}".encode())
    return h.hexdigest()


def cache_dirs() -> list[str]:
    """Where a stored table may be: beside the package, then the user's cache directory."""
    user = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return [os.path.join(SCHEMA_DIR, "__pycache__"), os.path.join(user, "argmatrix")]


def load(key: str, package: str, introspect: Callable[[], Table]) -> Table:
    """The argument table of surface ``key`` (declared in ``package``): stored, or ``introspect()``-ed (the
    registry reads the declarations; this module never imports it) and stored for the next process."""
    if os.environ.get(DISABLE_ENV):
        return introspect()
    try:
        name = f"argspecs-{key}-{digest(package)}.pickle"
    except OSError:  # sources that cannot be listed or read as files (a zip import): nothing to key a table by
        return introspect()
    import pickle

    for folder in cache_dirs():
        try:
            with open(os.path.join(folder, name), "rb") as f:
                stored: Table = pickle.load(f)
            return stored
        except FileNotFoundError:
            continue
        except Exception:  # noqa: BLE001  (a truncated or foreign file: introspect, and write a good one)
            break
    table = introspect()
    _store(table, key, name)
    return table


def _store(table: Table, key: str, name: str) -> None:
    import pickle

    data = pickle.dumps(table, protocol=pickle.HIGHEST_PROTOCOL)
    for folder in cache_dirs():
        try:
            os.makedirs(folder, exist_ok=True)
            tmp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, os.path.join(folder, name))  # whole or not at all, whoever writes at the same time
        except OSError:
            continue  # read-only: try the next place
        for old in os.listdir(folder):  # the tables of sources that are no more
            if old.startswith(f"argspecs-{key}-") and old != name:
                try:
                    os.remove(os.path.join(folder, old))
                except OSError:
                    pass
        return
