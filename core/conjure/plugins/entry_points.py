"""The ``conjure`` entry points of the installed distributions, read from the
``*.dist-info`` and ``*.egg-info`` folders on :data:`sys.path` as :mod:`importlib.metadata`
finds them (the first distribution of a name on the path wins), without importing that module:
it brings the ``email`` package, ``zipfile`` and ``socket`` with it, which cost more than the
whole of ``conjure --version``, and every command lists the plugins.

A path entry that is a file (a zip archive, which may hold distributions) is read by
:mod:`importlib.metadata` itself, so nothing is missed there.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from typing import Any


class Distribution:
    """What a plugin's label names of the distribution that declares it."""

    __slots__ = ("name", "version")

    def __init__(self, name: str, version: str) -> None:
        self.name = name
        self.version = version


class EntryPoint:
    """One ``name = module:attribute`` line of a distribution's ``entry_points.txt``."""

    __slots__ = ("dist", "group", "name", "value")

    def __init__(self, name: str, value: str, group: str, dist: Distribution | None) -> None:
        self.name = name
        self.value = value
        self.group = group
        self.dist = dist

    def load(self) -> Any:
        """The object the entry point names (its module imported)."""
        target = self.value.split("[", 1)[0]  # extras do not change what is loaded
        module, _, attribute = target.partition(":")
        found: Any = importlib.import_module(module.strip())
        for part in attribute.strip().split(".") if attribute.strip() else ():
            found = getattr(found, part)
        return found


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _header(folder: str) -> Distribution | None:
    """Name and version from a distribution's METADATA (PKG-INFO for an egg-info)."""
    for file in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(folder, file), encoding="utf-8", errors="replace") as lines:
                fields: dict[str, str] = {}
                for line in lines:
                    if not line.strip():
                        break  # the headers end at the first blank line
                    key, colon, value = line.partition(":")
                    if colon and key in ("Name", "Version") and key not in fields:
                        fields[key] = value.strip()
        except OSError:
            continue
        if "Name" in fields:
            return Distribution(fields["Name"], fields.get("Version", "?"))
    return None


def _declared(folder: str, group: str) -> list[EntryPoint]:
    try:
        with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as text:
            lines = text.read().splitlines()
    except OSError:
        return []
    found = []
    section = None
    for line in lines:
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group and "=" in line:
            name, _, value = line.partition("=")
            found.append(EntryPoint(name.strip(), value.strip(), group, None))
    return found


def entry_points(group: str) -> list[EntryPoint]:
    """Every entry point of ``group``, in the order of the path, one distribution of a name."""
    if any(os.path.isfile(entry) for entry in sys.path if entry):
        from importlib import metadata

        return [
            EntryPoint(
                ep.name,
                ep.value,
                group,
                None if ep.dist is None else Distribution(ep.dist.name, ep.dist.version),
            )
            for ep in metadata.entry_points(group=group)
        ]
    seen: set[str] = set()
    found: list[EntryPoint] = []
    for entry in sys.path:
        folder = entry or "."
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            # the name as importlib.metadata reads it for this purpose, from the folder's
            # name (``name-version.dist-info``): the headers are read only of a distribution
            # that declares entry points of ``group``, not of every one installed
            key = _normalised(name.rpartition(".")[0].partition("-")[0])
            info = os.path.join(folder, name)
            if key in seen or not os.path.isdir(info):
                continue
            declared = _declared(info, group)
            dist = _header(info) if declared else None
            if declared and dist is None:
                continue  # no headers: not a distribution importlib.metadata would read
            seen.add(key)
            for point in declared:
                point.dist = dist
            found.extend(declared)
    return found
