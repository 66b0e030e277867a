"""The plugin host: the hooks a plugin implements (:mod:`~conjure.plugins.hookspecs`) and the
manager that loads every plugin of the ``conjure`` entry-point group
(:mod:`~conjure.plugins.host`)."""

from __future__ import annotations

from conjure.plugins.hookspecs import hookimpl

__all__ = ["hookimpl"]
