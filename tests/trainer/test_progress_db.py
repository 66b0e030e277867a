"""The progress database: WAL, migrations, and files it must refuse without touching them."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from conjure.trainer.db import MIGRATIONS, SCHEMA_VERSION, Answer, Progress, ProgressError

NOW = datetime(2026, 1, 1, 10, tzinfo=UTC)


def answer(item: str = "s:AS", correct: bool = True) -> Answer:
    return Answer(item, "s", NOW, "where?", "7", "7", correct, 1.5, "position", 3)


def test_a_new_database_is_in_wal_mode_at_the_current_schema(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with Progress(path) as progress:
        assert progress.version == SCHEMA_VERSION
        mode = progress.conn.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"
        progress.ensure_items("s", [("s:AS", "7 AS"), ("s:KS", "8 KS")], NOW)
        progress.ensure_items("s", [("s:AS", "7 AS")], NOW)  # already there: kept as it is
        progress.record(answer(), '{"x": 1}', NOW)
    # another connection sees the answer: it was committed when it was recorded
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM answers").fetchone()[0] == 1
    assert conn.execute("SELECT memory FROM items WHERE id = 's:AS'").fetchone()[0] == '{"x": 1}'
    assert conn.execute("SELECT count(*) FROM items").fetchone()[0] == 2


def test_the_default_path_is_in_the_user_data_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    from conjure.trainer.db import default_path

    monkeypatch.setenv("XDG_DATA_HOME", "/somewhere/data")
    assert default_path() == Path("/somewhere/data/conjure/progress.sqlite3")


def test_the_default_database_makes_its_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with Progress() as progress:
        assert progress.path == tmp_path / "data" / "conjure" / "progress.sqlite3"
    assert progress.path.is_file()


def test_a_path_whose_directory_is_missing_is_refused_and_nothing_is_made(
    tmp_path: Path,
) -> None:
    missing = tmp_path / "missing" / "typo" / "p.db"
    with pytest.raises(ProgressError) as info:
        Progress(missing)
    said = info.value.text
    assert str(missing.parent) in said.en and "does not exist" in said.en
    assert str(missing.parent) in said.zh and "不存在" in said.zh
    assert not (tmp_path / "missing").exists()


def test_an_old_schema_is_migrated_and_keeps_its_answers(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    for sql in MIGRATIONS[0]:
        conn.execute(sql)
    conn.execute(
        "INSERT INTO items VALUES ('s:AS', 's', '7 AS', NULL, NULL, ?)", (NOW.isoformat(),)
    )
    conn.execute(
        "INSERT INTO answers (item, subject, asked_at, question, expected, given, correct, "
        "seconds) VALUES ('s:AS', 's', ?, 'q', '7', '8', 0, 2.0)",
        (NOW.isoformat(),),
    )
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    with Progress(path) as progress:
        assert progress.version == SCHEMA_VERSION
        (old,) = progress.answers("s")
        assert (old.given, old.correct, old.kind, old.rating) == ("8", False, "", 0)


def _unchanged(path: Path, make: bytes) -> None:
    assert path.read_bytes() == make


def test_a_newer_schema_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    with Progress(path):
        pass
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(ProgressError, match="newer conjure"):
        Progress(path)
    _unchanged(path, before)


def test_a_corrupt_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"this is not a database at all\n" * 200)
    before = path.read_bytes()
    with pytest.raises(ProgressError, match="not a conjure progress database or is damaged"):
        Progress(path)
    _unchanged(path, before)


def test_a_damaged_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "damaged.sqlite3"
    with Progress(path) as progress:
        progress.ensure_items("s", [(f"s:{i}", str(i)) for i in range(2000)], NOW)
        progress.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    data[4096 * 2 : 4096 * 2 + 200] = b"\xff" * 200  # scribble over a page of the items table
    path.write_bytes(bytes(data))
    with pytest.raises(ProgressError, match="damaged"):
        Progress(path)
    assert path.read_bytes() == bytes(data)


def test_someone_elses_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(ProgressError, match="not conjure's progress database"):
        Progress(path)
    _unchanged(path, before)


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ProgressError, match="is a directory"):
        Progress(tmp_path)


def test_a_database_another_drill_is_writing_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "busy.sqlite3"
    with Progress(path) as progress:
        progress.ensure_items("s", [("s:AS", "7 AS")], NOW)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        with Progress(path, timeout=0.05) as progress:
            with pytest.raises(ProgressError, match="another conjure"):
                progress.record(answer(), "{}", NOW)
            assert list(progress.answers()) == []
    finally:
        other.execute("ROLLBACK")
        other.close()
    with Progress(path) as progress:
        progress.record(answer(), "{}", NOW)
        assert len(list(progress.answers())) == 1
