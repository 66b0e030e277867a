"""The pages in a real browser (headless Chromium driven by Playwright): every step renders, each
place holds as many cards as the model says, the keys move between steps, nothing is logged as
an error. One screenshot per page is kept in ``tests/view/artifacts/``.

The browser is the system's Chromium (Debian's ``chromium`` package; ``CONJURE_CHROMIUM`` names
another); nothing is downloaded. Where none is installed the tests are skipped, unless
``CONJURE_REQUIRE_BROWSER`` is set (CI sets it), where they fail.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conjure.deck import DeckState, owner
from conjure.games.bots import make_bot
from conjure.magic import Outcome
from conjure.magic.rehearse import perform_for_rehearsal
from conjure.plugins.host import load_plugins
from conjure.view.replay import Record, play_game, replay_page
from conjure.view.storyboard import all_places, storyboard

ARTIFACTS = Path(__file__).parent / "artifacts"


def chromium() -> str | None:
    for name in (os.environ.get("CONJURE_CHROMIUM"), "chromium", "chromium-browser"):
        if name and (found := shutil.which(name)):
            return found
    return None


def missing() -> str:
    """Why the browser tests cannot run here, or ``""`` when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[browser]')"
    if chromium() is None:
        return "no Chromium on this machine (apt-get install chromium, or set CONJURE_CHROMIUM)"
    return ""


def test_without_a_browser_the_reason_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("playwright.sync_api", reason="the other reason is tested below")
    monkeypatch.setenv("PATH", "")
    monkeypatch.delenv("CONJURE_CHROMIUM", raising=False)
    assert missing().startswith("no Chromium on this machine")


def test_without_playwright_the_reason_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "playwright.sync_api", None)
    assert missing().startswith("Playwright is not installed")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    why = missing()
    if why:
        if os.environ.get("CONJURE_REQUIRE_BROWSER"):
            pytest.fail(f"CONJURE_REQUIRE_BROWSER is set but {why}")
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), headless=True)
        yield b
        b.close()


class Page:
    """A page opened in the browser, with every console error and page error it logged."""

    def __init__(self, browser: Any, path: Path) -> None:
        self.page = browser.new_page(viewport={"width": 1200, "height": 900})
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(path.resolve().as_uri())

    def js(self, code: str) -> Any:
        return self.page.evaluate(code)

    def current(self) -> int:
        return int(self.js("document.body.dataset.current"))

    def press(self, key: str) -> int:
        self.page.keyboard.press(key)
        return self.current()

    def shot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"))

    def close(self) -> None:
        self.page.close()


# Each block's places and how many cards are drawn in each, per view; whether every drawing
# has a size; whether every card drawing it refers to exists and draws something.
_COUNTS = """() => {
  const count = (f, view) => Object.fromEntries(
    [...f.querySelectorAll(view + ' g.place')].map(
      p => [p.dataset.place, p.querySelectorAll('g.card').length]));
  return [...document.querySelectorAll('section.frame.step')].map(f => ({
    index: Number(f.dataset.index),
    performer: count(f, 'figure.performer'),
    audience: count(f, 'figure.audience'),
    sized: [...f.querySelectorAll('svg.scene')].every(s => {
      const r = s.getBoundingClientRect(); return r.width > 100 && r.height > 40; }),
    scenes: f.querySelectorAll('svg.scene').length,
  }));
}"""
_REFS = """() => [...document.querySelectorAll('use')].every(u => {
  const target = document.getElementById(u.getAttribute('href').slice(1));
  return target !== null && u.getBBox().width > 0;
})"""


def model_counts(state: DeckState, hands: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    places = sorted(set(state.places()) | set(hands))
    performer = {p: len(state.faces(p)) for p in places}
    audience = {
        p: 0 if (who := owner(p)) is not None and who in state.behind else len(state.faces(p))
        for p in places
    }
    return performer, audience


def check_storyboard(browser: Any, outcome: Outcome, name: str, lang: str, tmp: Path) -> None:
    path = tmp / f"{name}.html"
    path.write_text(
        storyboard(outcome, lang, counterexample=outcome.failure is not None), encoding="utf-8"
    )
    page = Page(browser, path)
    try:
        perf = outcome.performance
        hands = all_places(perf)
        states = [perf.initial, *(s.state for s in perf.steps)]
        drawn = page.js(_COUNTS)
        assert [d["index"] for d in drawn] == list(range(len(states)))
        for d, state in zip(drawn, states, strict=True):
            assert state is not None
            assert d["scenes"] == 2 and d["sized"], f"block {d['index']} is not drawn"
            performer, audience = model_counts(state, hands)
            assert d["performer"] == performer, f"performer's view, block {d['index']}"
            assert d["audience"] == audience, f"audience's view, block {d['index']}"
        assert page.js(_REFS), "a card drawing refers to nothing or draws nothing"
        failed = page.js("document.querySelectorAll('section.frame.failed').length")
        assert failed == (0 if outcome.ok else 1)
        # the keys move between the blocks, and the current block comes into view
        last = len(states)  # the verdict follows the last step
        assert page.current() == 0
        assert page.press("ArrowRight") == 1
        assert page.press("j") == 2
        assert page.press("End") == last
        assert page.press("ArrowRight") == last
        assert page.press("Home") == 0
        assert page.press("n") == 1
        assert page.press("ArrowRight") == 2
        top = page.js("document.querySelector('section.frame.current').getBoundingClientRect().top")
        assert 0 <= top < 900
        assert page.js("location.hash") == "#step-2"
        page.shot(name)
        # printed, the bar goes and no block is split across pages
        page.page.emulate_media(media="print")
        assert page.js("getComputedStyle(document.querySelector('nav.bar')).display") == "none"
        split = page.js(
            "[...document.querySelectorAll('section.frame')]"
            ".filter(f => getComputedStyle(f).breakInside !== 'avoid').length"
        )
        assert split == 0
        assert page.errors == []
    finally:
        page.close()


@pytest.mark.parametrize(
    ("routine_id", "lang"), [("courting-kings", "en"), ("each-gets-two", "zh")]
)
def test_storyboard_in_a_browser(browser: Any, tmp_path: Path, routine_id: str, lang: str) -> None:
    routine = load_plugins().routine(routine_id)
    check_storyboard(
        browser, perform_for_rehearsal(routine), f"storyboard-{routine_id}", lang, tmp_path
    )


def test_counterexample_storyboard_in_a_browser(browser: Any, tmp_path: Path) -> None:
    from conjure.magic.verifier import verify

    routine = load_plugins().routine("each-gets-two")
    report = verify(routine, {"rounds": 3}, examples=200, seed=1, workers=1)
    assert report.counterexample is not None
    check_storyboard(browser, report.counterexample, "counterexample-each-gets-two", "en", tmp_path)


def test_replay_in_a_browser(browser: Any, tmp_path: Path) -> None:
    game = load_plugins().game("sixty-six")()
    record: Record = play_game(game, 1, [make_bot("random"), make_bot("random")])
    path = tmp_path / "replay.html"
    path.write_text(replay_page(record, "en"), encoding="utf-8")
    page = Page(browser, path)
    try:
        model = [{z: len(c) for z, c in p.state.zones.items()} for p in record.positions()]
        # every position as the page holds it, then a walk through the first moves by key and
        # some further ones by the slider, each drawn on the stage
        kept = page.js(
            """() => [...document.querySelectorAll('template.frame-t')].map(t => Object.fromEntries(
            [...t.content.querySelectorAll('g.place')].map(
              p => [p.dataset.place, p.querySelectorAll('g.card').length])))"""
        )
        assert kept == model
        stage = """() => Object.fromEntries([...document.querySelectorAll('#stage g.place')].map(
            p => [p.dataset.place, p.querySelectorAll('g.card').length]))"""
        for k in range(12):
            if k:
                assert page.press("ArrowRight") == k
            assert page.js(stage) == model[k], f"move {k}"
            assert page.js(_REFS), f"move {k} refers to a card drawing that draws nothing"
        for k in (40, len(model) // 2, len(model) - 1):
            page.page.locator("#slider").fill(str(k))
            assert page.current() == k
            assert page.js("document.querySelector('#stage section').id") == f"move-{k}"
            assert page.js(stage) == model[k], f"move {k}"
        assert page.press("ArrowLeft") == len(model) - 2
        assert page.js("document.getElementById('slider').value") == str(len(model) - 2)
        assert page.press("Home") == 0
        page.page.locator("#slider").fill("12")
        page.shot("replay-sixty-six")
        assert page.errors == []
    finally:
        page.close()
