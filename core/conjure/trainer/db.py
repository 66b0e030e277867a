"""Progress that is never lost: an embedded SQLite database of items and answers.

The database lives in the user's data directory (:func:`default_path`, through
``platformdirs``) unless ``--db PATH`` names another. It runs in WAL mode and in autocommit:
every answer is committed the moment it is recorded, so a drill killed in the middle loses at
most the answer being typed.

The schema is versioned with SQLite's ``user_version``; :data:`MIGRATIONS` brings an older
database up to date in one transaction. A file that is not a conjure database, is corrupt, or
was written by a newer conjure is a clear :class:`ProgressError` and is never written to.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Final

import attrs

from conjure.errors import ConjureError
from conjure.text import Text

APP_NAME: Final = "conjure"
DB_NAME: Final = "progress.sqlite3"

#: each migration takes the schema from version ``i`` to ``i + 1``
MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    (
        """CREATE TABLE items (
            id TEXT PRIMARY KEY,
            subject TEXT NOT NULL,
            label TEXT NOT NULL,
            memory TEXT,
            due TEXT,
            created TEXT NOT NULL
        )""",
        """CREATE TABLE answers (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            item TEXT NOT NULL REFERENCES items(id),
            subject TEXT NOT NULL,
            asked_at TEXT NOT NULL,
            question TEXT NOT NULL,
            expected TEXT NOT NULL,
            given TEXT NOT NULL,
            correct INTEGER NOT NULL,
            seconds REAL NOT NULL
        )""",
    ),
    (
        # version 2: the kind of question (card->position, next, face card ...) and the rating
        # given to the scheduler, so that stats can be broken down by them
        "ALTER TABLE answers ADD COLUMN kind TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE answers ADD COLUMN rating INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX answers_subject ON answers(subject, asked_at)",
        "CREATE INDEX items_due ON items(subject, due)",
    ),
    (
        # version 3: runs (a speed run, a round of cut estimation) that answers belong to, and
        # how far off a cut was (signed: positive too deep), for records and the spread of
        # errors
        """CREATE TABLE runs (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            subject TEXT NOT NULL,
            mode TEXT NOT NULL,
            started_at TEXT NOT NULL,
            size INTEGER NOT NULL
        )""",
        "ALTER TABLE answers ADD COLUMN run INTEGER REFERENCES runs(id)",
        "ALTER TABLE answers ADD COLUMN off INTEGER",
    ),
)
SCHEMA_VERSION: Final = len(MIGRATIONS)
_TABLES: Final = frozenset({"items", "answers", "runs"})


class ProgressError(ConjureError):
    """The progress database cannot be used (corrupt, foreign, or from a newer conjure)."""


_SAID = {
    "directory": Text("progress database {path} is a directory", zh="进度数据库 {path} 是一个目录"),
    "no directory": Text(
        "progress database {path}: the directory {parent} does not exist; make it first, or "
        "choose another --db",
        zh="进度数据库 {path}：目录 {parent} 不存在；请先建立它，或另选 --db",
    ),
    "cannot create": Text(
        "cannot create the progress database at {path}: {why}",
        zh="无法在 {path} 建立进度数据库：{why}",
    ),
    "cannot open": Text(
        "cannot open progress database {path}: {why}", zh="无法打开进度数据库 {path}：{why}"
    ),
    "newer": Text(
        "progress database {path} has schema version {version}, written by a newer conjure "
        "(this one reads up to {known}); it was left as it is",
        zh="进度数据库 {path} 的结构版本是 {version}，由较新的 conjure 写入"
        "（本版本最多读 {known}）；文件未作任何改动",
    ),
    "tables": Text(
        "progress database {path} is missing its tables; it was left as it is",
        zh="进度数据库 {path} 缺少它的表；文件未作任何改动",
    ),
    "damaged": Text(
        "progress database {path} is damaged ({why}); it was left as it is",
        zh="进度数据库 {path} 已损坏（{why}）；文件未作任何改动",
    ),
}


def default_path() -> Path:
    """Where progress is kept unless told otherwise: the user's data directory."""
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False) / DB_NAME


@attrs.frozen
class Answer:
    """One answer as it was given."""

    item: str
    subject: str
    asked_at: datetime
    question: str
    expected: str
    given: str
    correct: bool
    seconds: float
    kind: str = ""
    rating: int = 0
    #: the run (a speed run) the answer belongs to, if any
    run: int | None = None
    #: how many cards off a cut was (cut estimation; positive: too deep)
    off: int | None = None


@attrs.frozen
class Run:
    """One speed run: every card of a stack (or of the positions chosen) asked once, timed."""

    id: int
    subject: str
    mode: str
    started_at: datetime
    size: int


@attrs.frozen
class Item:
    """One thing to remember (a card of a stack, a step of a routine) and its memory state."""

    id: str
    subject: str
    label: str
    #: the scheduler's state of this item, as JSON (``None`` until first answered)
    memory: str | None
    due: datetime | None


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


class Progress:
    """An open progress database. Use as a context manager, or call :meth:`close`."""

    def __init__(self, path: str | Path | None = None, timeout: float = 10.0) -> None:
        """Open the database at ``path``, or at :func:`default_path` (whose directory is made
        when it is missing). A ``path`` given whose directory does not exist is refused: a
        mistyped ``--db`` makes no directories and no fresh database somewhere unexpected."""
        self.path = Path(path) if path is not None else default_path()
        where = str(self.path)
        if self.path.is_dir():
            raise ProgressError(_SAID["directory"].format(path=repr(where)))
        existed = self.path.exists() and self.path.stat().st_size > 0
        if not existed and where != ":memory:":
            parent = self.path.parent
            if path is not None and not parent.is_dir():
                raise ProgressError(
                    _SAID["no directory"].format(path=repr(where), parent=repr(str(parent)))
                )
            try:
                parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise ProgressError(
                    _SAID["cannot create"].format(path=repr(where), why=exc.strerror or exc)
                ) from None
        try:
            self.conn = sqlite3.connect(self.path, isolation_level=None, timeout=timeout)
        except sqlite3.Error as exc:
            raise ProgressError(_SAID["cannot open"].format(path=repr(where), why=exc)) from None
        try:
            self._prepare(existed)
        except sqlite3.OperationalError as exc:
            self.conn.close()
            raise self._unavailable(exc) from None
        except sqlite3.DatabaseError as exc:
            self.conn.close()
            raise ProgressError(
                Text(
                    f"{str(self.path)!r} is not a conjure progress database or is damaged "
                    f"({exc}); it was left as it is",
                    zh=f"{str(self.path)!r} 不是 conjure 的进度数据库，或已损坏（{exc}）；"
                    "文件未作任何改动",
                )
            ) from None
        except ProgressError:
            self.conn.close()
            raise

    def _prepare(self, existed: bool) -> None:
        conn = self.conn
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if version > SCHEMA_VERSION:
            raise ProgressError(
                _SAID["newer"].format(
                    path=repr(str(self.path)), version=version, known=SCHEMA_VERSION
                )
            )
        if existed and version == 0 and tables - {"sqlite_sequence"}:
            raise ProgressError(
                Text(
                    f"{str(self.path)!r} is an SQLite database but not conjure's progress "
                    "database; it was left as it is",
                    zh=f"{str(self.path)!r} 是 SQLite 数据库，但不是 conjure 的进度数据库；"
                    "文件未作任何改动",
                )
            )
        if version > 0 and not tables >= (_TABLES if version >= 3 else _TABLES - {"runs"}):
            raise ProgressError(_SAID["tables"].format(path=repr(str(self.path))))
        if version > 0:
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise ProgressError(_SAID["damaged"].format(path=repr(str(self.path)), why=check))
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        if version < SCHEMA_VERSION:
            self._migrate(version)

    def _unavailable(self, exc: sqlite3.Error) -> ProgressError:
        return ProgressError(
            Text(
                f"progress database {str(self.path)!r} cannot be written ({exc}); "
                "is another conjure drilling with it? Nothing already saved was lost",
                zh=f"进度数据库 {str(self.path)!r} 无法写入（{exc}）；"
                "是否另有 conjure 正在用它练习？已保存的内容没有丢失",
            )
        )

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One transaction, committed (durably: WAL with full sync) when the block ends."""
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise self._unavailable(exc) from None
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        try:
            self.conn.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            self.conn.execute("ROLLBACK")
            raise self._unavailable(exc) from None

    def _migrate(self, version: int) -> None:
        with self._transaction():
            for statements in MIGRATIONS[version:]:
                for sql in statements:
                    self.conn.execute(sql)
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @property
    def version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- items --------------------------------------------------------------------------------

    def ensure_items(self, subject: str, items: Sequence[tuple[str, str]], now: datetime) -> None:
        """Add the items ``(id, label)`` of ``subject`` that are not there yet (new, unseen)."""
        with self._transaction():
            self.conn.executemany(
                "INSERT OR IGNORE INTO items (id, subject, label, memory, due, created) "
                "VALUES (?, ?, ?, NULL, NULL, ?)",
                [(item_id, subject, label, now.isoformat()) for item_id, label in items],
            )

    def items(self, subject: str | None = None) -> list[Item]:
        sql = "SELECT id, subject, label, memory, due FROM items"
        rows = (
            self.conn.execute(sql + " WHERE subject = ? ORDER BY rowid", (subject,))
            if subject is not None
            else self.conn.execute(sql + " ORDER BY rowid")
        )
        return [Item(r[0], r[1], r[2], r[3], _time(r[4])) for r in rows]

    def subjects(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT DISTINCT subject FROM items ORDER BY 1")]

    # -- answers ------------------------------------------------------------------------------

    def record(self, answer: Answer, memory: str | None, due: datetime | None) -> None:
        """Store ``answer`` and the item's new memory state, committed at once (one
        transaction, so the two never disagree). ``memory`` ``None`` leaves the item's
        schedule as it was (a cut estimation measures the hands, not the memory)."""
        with self._transaction():
            self.conn.execute(
                "INSERT INTO answers (item, subject, asked_at, question, expected, given, "
                "correct, seconds, kind, rating, run, off) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    answer.item,
                    answer.subject,
                    answer.asked_at.isoformat(),
                    answer.question,
                    answer.expected,
                    answer.given,
                    int(answer.correct),
                    answer.seconds,
                    answer.kind,
                    answer.rating,
                    answer.run,
                    answer.off,
                ),
            )
            if memory is not None and due is not None:
                self.conn.execute(
                    "UPDATE items SET memory = ?, due = ? WHERE id = ?",
                    (memory, due.isoformat(), answer.item),
                )

    def start_run(self, subject: str, mode: str, when: datetime, size: int) -> int:
        """A new run of ``size`` questions; its id, for the answers that belong to it."""
        with self._transaction():
            cursor = self.conn.execute(
                "INSERT INTO runs (subject, mode, started_at, size) VALUES (?, ?, ?, ?)",
                (subject, mode, when.isoformat(), size),
            )
        return int(cursor.lastrowid or 0)

    def runs(self, subject: str | None = None) -> list[Run]:
        sql = "SELECT id, subject, mode, started_at, size FROM runs"
        rows = (
            self.conn.execute(sql + " WHERE subject = ? ORDER BY id", (subject,))
            if subject is not None
            else self.conn.execute(sql + " ORDER BY id")
        )
        return [Run(r[0], r[1], r[2], datetime.fromisoformat(r[3]), r[4]) for r in rows]

    def answers(self, subject: str | None = None) -> Iterator[Answer]:
        sql = (
            "SELECT item, subject, asked_at, question, expected, given, correct, seconds, "
            "kind, rating, run, off FROM answers"
        )
        rows = (
            self.conn.execute(sql + " WHERE subject = ? ORDER BY id", (subject,))
            if subject is not None
            else self.conn.execute(sql + " ORDER BY id")
        )
        for r in rows:
            yield Answer(
                r[0], r[1], datetime.fromisoformat(r[2]), r[3], r[4], r[5], bool(r[6]), r[7],
                r[8], r[9], r[10], r[11],
            )  # fmt: skip
