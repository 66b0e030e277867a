"""The plugin host: the hooks a plugin implements (:mod:`~conjure.plugins.hookspecs`), the
manager that loads every plugin of the ``conjure`` entry-point group
(:mod:`~conjure.plugins.host`), and items listed without importing them
(:mod:`~conjure.plugins.catalog`)."""

from __future__ import annotations

from typing import Any

from conjure.plugins.hookspecs import hookimpl

__all__ = ["hookimpl", "listed"]


def __getattr__(name: str) -> Any:
    # imported on use, so that ``python -m conjure.plugins.catalog`` runs a fresh module
    if name == "listed":
        from conjure.plugins.catalog import listed

        return listed
    raise AttributeError(f"module 'conjure.plugins' has no attribute {name!r}")
