"""Text for people is a value: equal and hashed by its languages, immutable, and the same
after a trip through pickle (to a worker) or a copy."""

from __future__ import annotations

import copy
import pickle

import pytest

from conjure.text import Text


def test_texts_are_equal_and_hashed_by_every_language() -> None:
    a = Text("deal", zh="发", more={"fr": "donne", "de": "gib"})
    same = Text("deal", "发", (("de", "gib"), ("fr", "donne")))
    assert a == same and hash(a) == hash(same) and len({a, same}) == 1
    for other in (
        Text("deal!", zh="发", more={"fr": "donne", "de": "gib"}),
        Text("deal", zh="发牌", more={"fr": "donne", "de": "gib"}),
        Text("deal", zh="发", more={"fr": "donne"}),
    ):
        assert a != other and len({a, other}) == 2
    assert Text("deal") != "deal" and Text("deal") != ("deal", "", ())


def test_a_text_cannot_be_changed() -> None:
    t = Text("deal", zh="发")
    for name in ("en", "zh", "more", "other"):
        with pytest.raises(AttributeError):
            setattr(t, name, "x")
    with pytest.raises(AttributeError):
        del t.en
    assert (t.en, t.zh, t.more) == ("deal", "发", ())


def test_a_text_survives_pickle_and_copies() -> None:
    t = Text("deal {n}", zh="发{n}张", more={"fr": "donne {n}"})
    for again in (pickle.loads(pickle.dumps(t)), copy.copy(t), copy.deepcopy(t)):
        assert again == t and again.get("fr") == "donne {n}"
        assert again.format(n=3).get("zh") == "发3张"


def test_the_walk_compares_texts_by_their_words() -> None:
    from conjure.magic.abstraction import Canon
    from conjure.magic.frames import freeze

    canon = Canon(None, {}, ())
    key = freeze(Text("a", zh="甲"), canon, None, "x")  # type: ignore[arg-type]
    assert key == freeze(Text("a", zh="甲"), canon, None, "x")  # type: ignore[arg-type]
    assert key != freeze(Text("a", zh="乙"), canon, None, "x")  # type: ignore[arg-type]
    hash(key)
