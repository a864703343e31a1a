"""The stored argument tables (schema/stored.py) are the introspected ones, and are never stale."""
from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from argmatrix.schema import stored
from argmatrix.schema.registry import index, load_groups, load_table
from argmatrix.schema.surface import SURFACES

# what every consumer reads from a spec, besides its fields
DERIVED = ("flag", "flags", "names", "base_type", "optional", "is_bool", "is_list", "is_object", "choices",
           "human_int", "type_label", "type_label_zh")


@pytest.mark.parametrize("key", sorted(SURFACES))
def test_the_stored_specs_are_the_introspected_ones_field_by_field(key, tmp_path, monkeypatch):
    surface = SURFACES[key]
    monkeypatch.setattr(stored, "cache_dirs", lambda: [str(tmp_path)])
    introspected = load_groups(surface.package, surface.modules)
    load_table(key, surface.package, surface.modules)  # writes the file
    (path,) = tmp_path.glob(f"argspecs-{key}-*.pickle")
    table = pickle.loads(path.read_bytes())
    assert table == load_table(key, surface.package, surface.modules)  # what a later process reads
    read_back, specs, names, flags = table
    assert (specs, names, flags) == index(introspected)  # the lookups, stored with the specs they point at
    assert all(specs[s.name] is s for _, group_specs in read_back for s in group_specs)
    assert len(read_back) == len(introspected)
    count = 0
    for (group, specs), (group_back, specs_back) in zip(introspected, read_back, strict=True):
        assert group == group_back
        assert [s.name for s in specs] == [s.name for s in specs_back]
        for spec, back in zip(specs, specs_back, strict=True):
            for name in ("name", "group", "arg", "annotation", "default"):
                assert getattr(spec, name) == getattr(back, name), (spec.name, name)
            assert type(spec.default) is type(back.default), spec.name
            for name in DERIVED:
                assert getattr(spec, name) == getattr(back, name), (spec.name, name)
            count += 1
    assert count == len(surface.specs) > 300


def test_the_digest_covers_every_module_a_declaration_imports():
    """A module the declarations import but the digest does not read could change them unseen: list them all."""
    code = ("import sys; import argmatrix.schema.registry as r; from argmatrix.schema.surface import VLLM; VLLM.specs; "
            "print(' '.join(m for m in sys.modules if m.startswith('argmatrix')))")
    env = {**os.environ, stored.DISABLE_ENV: "1"}  # introspected, so every declaration module is imported
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env=env).stdout.split()
    covered = {"argmatrix", "argmatrix.schema", "argmatrix.schema.surface", "argmatrix.schema.vllm"}
    package_root = Path(stored.SCHEMA_DIR).parent.parent
    covered |= {".".join((Path(stored.SCHEMA_DIR) / n).resolve().relative_to(package_root).with_suffix("").parts)
                for n in stored.DECLARATION_SOURCES}
    for surface in SURFACES.values():
        here = Path(stored.package_dir(surface.package))
        covered |= {surface.package} | {f"{surface.package}.{p.stem}" for p in here.glob("*.py")}
    assert set(loaded) - covered == set()


def test_an_edited_declaration_names_another_table(tmp_path, monkeypatch):
    copy = tmp_path / "schema"
    shutil.copytree(stored.SCHEMA_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(Path(stored.SCHEMA_DIR).parent / "records.py", tmp_path / "records.py")
    monkeypatch.setattr(stored, "SCHEMA_DIR", str(copy))
    for key, module in (("argmatrix.schema.groups", "scheduling.py"), ("argmatrix.schema.vllm.groups", "cache.py"),
                        ("argmatrix.schema.groups", "../types.py"), ("argmatrix.schema.groups", "../../records.py")):
        before = stored.digest(key)
        path = Path(stored.package_dir(key)) / module
        path.write_text(path.read_text(encoding="utf-8").replace("(", "( ", 1), encoding="utf-8")
        assert stored.digest(key) != before, module


def test_a_read_only_install_writes_to_the_user_cache_or_nowhere(tmp_path, monkeypatch):
    surface = SURFACES["sglang"]
    # a place no one can write into, whoever runs the test (root ignores a directory's mode): a plain file
    unwritable, user = tmp_path / "package", tmp_path / "user"
    unwritable.write_text("not a directory")
    monkeypatch.setattr(stored, "cache_dirs", lambda: [str(unwritable), str(user)])
    groups = load_table("sglang", surface.package, surface.modules)
    assert len(list(user.glob("argspecs-sglang-*.pickle"))) == 1
    assert load_table("sglang", surface.package, surface.modules) == groups  # read back from the user cache
    monkeypatch.setattr(stored, "cache_dirs", lambda: [str(unwritable)])
    assert load_table("sglang", surface.package, surface.modules) == groups  # nowhere to write: introspected


def test_a_broken_table_is_replaced(tmp_path, monkeypatch):
    surface = SURFACES["sglang"]
    monkeypatch.setattr(stored, "cache_dirs", lambda: [str(tmp_path)])
    name = f"argspecs-sglang-{stored.digest(surface.package)}.pickle"
    (tmp_path / name).write_bytes(b"\x80\x05truncated")
    (tmp_path / "argspecs-sglang-0000.pickle").write_bytes(b"an older table")
    groups = load_table("sglang", surface.package, surface.modules)
    assert pickle.loads((tmp_path / name).read_bytes()) == groups
    assert [p.name for p in tmp_path.iterdir()] == [name]  # the older table went with it


def test_sources_that_cannot_be_read_are_introspected(tmp_path, monkeypatch):
    """A package imported from a zip has no files to digest: the tables are introspected, nothing is written."""
    surface = SURFACES["sglang"]
    monkeypatch.setattr(stored, "SCHEMA_DIR", str(tmp_path / "no-such-dir"))
    monkeypatch.setattr(stored, "cache_dirs", lambda: [str(tmp_path)])
    table = load_table("sglang", surface.package, surface.modules)
    assert table[1].keys() == surface.specs.keys() and not list(tmp_path.iterdir())
