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

from conjure.deck import CARDS, DeckState, owner
from conjure.games.bots import make_bot
from conjure.magic import Outcome
from conjure.magic.rehearse import perform_for_rehearsal
from conjure.plugins.host import load_plugins
from conjure.view.replay import Record, play_game, replay_page
from conjure.view.storyboard import all_places, storyboard, untouched_places

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


#: the sizes every page is checked at: a desktop window and a phone (touch, 390 px wide)
DESKTOP = (1400, 1000)
PHONE = (390, 844)


class Page:
    """A page opened in the browser, with every console error and page error it logged."""

    def __init__(self, browser: Any, path: Path, size: tuple[int, int] = DESKTOP) -> None:
        touch = size == PHONE
        self.page = browser.new_page(
            viewport={"width": size[0], "height": size[1]}, has_touch=touch, is_mobile=touch
        )
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
    performer: count(f, ':scope > .views figure.performer'),
    audience: count(f, ':scope > .views figure.audience'),
    sized: [...f.querySelectorAll(':scope > .views svg.scene')].every(s => {
      const r = s.getBoundingClientRect(); return r.width > 100 && r.height > 40; }),
    scenes: f.querySelectorAll(':scope > .views svg.scene').length,
  }));
}"""
_REFS = """() => [...document.querySelectorAll('use')].every(u => {
  const target = document.getElementById(u.getAttribute('href').slice(1));
  const drawn = !u.closest('[hidden], details:not([open])');
  return target !== null && (!drawn || u.getBBox().width > 0);
})"""


def model_counts(
    state: DeckState, hands: list[str], folded: list[str]
) -> tuple[dict[str, int], dict[str, int]]:
    """How many cards each view draws of each place: all of them, but a few of a place no move
    touches, and none of a place behind a back in the audience's view."""
    from conjure.view.svg import FOLDED_CARDS

    places = sorted(set(state.places()) | set(hands))

    def drawn(p: str) -> int:
        n = len(state.faces(p))
        return min(n, FOLDED_CARDS) if p in folded else n

    performer = {p: drawn(p) for p in places}
    audience = {
        p: 0 if (who := owner(p)) is not None and who in state.behind else drawn(p) for p in places
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
            performer, audience = model_counts(state, hands, untouched_places(perf))
            assert d["performer"] == performer, f"performer's view, block {d['index']}"
            assert d["audience"] == audience, f"audience's view, block {d['index']}"
        assert page.js(_REFS), "a card drawing refers to nothing or draws nothing"
        failed = page.js("document.querySelectorAll('section.frame.failed').length")
        assert failed == (0 if outcome.ok else 1)
        # the keys move between the blocks, and the current block comes into view
        last = len(states)  # the verdict follows the last step
        from conjure.view.storyboard import failing_step

        assert page.current() == (failing_step(outcome) or 0)  # a failure opens the page
        assert page.press("Home") == 0
        assert page.press("ArrowRight") == 1
        assert page.press("j") == 2
        assert page.press("End") == last
        assert page.press("ArrowRight") == last
        assert page.press("Home") == 0
        assert page.press("n") == 1
        assert page.press("ArrowRight") == 2
        top = page.js("document.querySelector('section.frame.current').getBoundingClientRect().top")
        assert 0 <= top < DESKTOP[1]
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


def model_zones(state: Any) -> dict[str, int]:
    """The places a replay draws: every zone that holds cards, and how many."""
    return {z: len(c) for z, c in state.zones.items() if c}


_STAGE = """() => Object.fromEntries([...document.querySelectorAll('#stage g.place')].map(
    p => [p.dataset.place, p.querySelectorAll('g.card').length]))"""


def test_replay_in_a_browser(browser: Any, tmp_path: Path) -> None:
    game = load_plugins().game("sixty-six")()
    record: Record = play_game(game, 1, [make_bot("random"), make_bot("random")])
    path = tmp_path / "replay.html"
    path.write_text(replay_page(record, "en"), encoding="utf-8")
    page = Page(browser, path)
    try:
        positions = list(record.positions())
        model = [model_zones(p.state) for p in positions]
        # a walk through the first moves by key and some further ones by the slider, each
        # drawn on the stage with as many cards in each place as the model holds
        for k in range(12):
            if k:
                assert page.press("ArrowRight") == k
            assert page.js(_STAGE) == model[k], f"move {k}"
            assert page.js(_REFS), f"move {k} refers to a card drawing that draws nothing"
        for k in (40, len(model) // 2, len(model) - 1):
            page.page.locator("#slider").fill(str(k))
            assert page.current() == k
            assert page.js("document.querySelector('#stage section').id") == f"move-{k}"
            assert page.js(_STAGE) == model[k], f"move {k}"
        assert page.press("ArrowLeft") == len(model) - 2
        assert page.js("document.getElementById('slider').value") == str(len(model) - 2)
        assert page.press("Home") == 0
        # the card turned up for trump is drawn face up in the stock, the rest of it face down
        k = next(i for i, p in enumerate(positions) if p.state.zones.get("stock"))
        page.page.locator("#slider").fill(str(k))
        stock = positions[k].state.zones["stock"]
        turned = [c for c in stock if positions[k].state.known.get(c, 0) == -1]
        assert turned, "sixty-six turns up a trump card"
        faces = page.js(
            "[...document.querySelectorAll('#stage g.place[data-place=stock] g.card.face')]"
            ".map(c => c.dataset.card)"
        )
        assert faces == [CARDS[c].ascii for c in turned]
        facts = page.js("document.querySelector('#stage .facts').textContent")
        assert "points" in facts and "game points" in facts and "trump" in facts
        assert "scores" not in facts
        page.page.locator("#slider").fill("12")
        page.shot("replay-sixty-six")
        assert page.errors == []
    finally:
        page.close()


def test_a_five_player_replay_puts_every_hand_on_screen(browser: Any, tmp_path: Path) -> None:
    game = load_plugins().game("find-friends")()
    record = play_game(game, 1, [make_bot("random")] * game.num_players)
    positions = list(record.positions())
    path = tmp_path / "find-friends.html"
    path.write_text(replay_page(record, "en"), encoding="utf-8")
    # a position of the play: the declarer known, the friend found, five hands held
    k = next(
        i for i, p in enumerate(positions)
        if p.state.vars.partner >= 0 and all(p.state.zones[f"hand{s}"] for s in range(5))
    )  # fmt: skip
    for size in (DESKTOP, PHONE):
        page = Page(browser, path, size)
        try:
            page.page.locator("#slider").fill(str(k))
            assert page.js(_STAGE) == model_zones(positions[k].state)
            facts = page.js("document.querySelector('#stage .facts').textContent")
            v = positions[k].state.vars
            assert f"declarer: player {v.declarer + 1}" in facts
            assert f"friend: player {v.partner + 1}" in facts and "declarer's side" in facts
            hands = page.js(
                """() => [...document.querySelectorAll('#stage g.place')]
                .filter(p => p.dataset.place.startsWith('hand')).map(p => {
                  const r = p.getBoundingClientRect();
                  return [p.dataset.place, r.top, r.bottom, r.left, r.right]; })"""
            )
            assert len(hands) == 5
            if size == DESKTOP:  # every hand on the screen at once, round the table
                for name, top, bottom, left, right in hands:
                    assert top >= 0 and bottom <= size[1] - 40, (name, top, bottom)
                    assert left >= 0 and right <= size[0], name
            check_phone_sized(page, size)
            page.shot(f"replay-find-friends-{size[0]}")
            assert page.errors == []
        finally:
            page.close()
    over = positions[-1].state
    assert over.is_terminal()
    last = replay_page(record, "en")
    assert "won by player" in last or "won by players" in last


#: the smallest a card is drawn on any page, in CSS pixels (its height): big enough to name
MIN_CARD = 40


def check_phone_sized(page: Page, size: tuple[int, int]) -> None:
    """No sideways scroll; every card drawn in the current frame big enough to name; on a
    phone, controls a finger can hit and no key hint."""
    width = page.js("document.scrollingElement.scrollWidth")
    assert width <= size[0], f"the page scrolls sideways: {width} px at {size[0]}"
    assert page.js("innerWidth") == size[0]
    heights = page.js(
        """() => [...document.querySelectorAll(
            '.frame.current g.card, #stage g.card')].filter(
            c => !c.closest('[hidden]') && !c.closest('.by-move > .views')).map(
            c => c.getBoundingClientRect().height).filter(h => h > 0)"""
    )
    assert heights, "no card drawn"
    assert min(heights) >= MIN_CARD, f"a card is drawn {min(heights):.0f} px tall"
    if size == PHONE:
        buttons = page.js(
            "[...document.querySelectorAll('nav.bar button')].map(b => "
            "[b.getBoundingClientRect().width, b.getBoundingClientRect().height])"
        )
        assert all(w >= 44 and h >= 44 for w, h in buttons), buttons
        hint = page.js("getComputedStyle(document.querySelector('nav.bar .hint')).display")
        assert hint == "none"
        bar = page.js("document.querySelector('nav.bar').getBoundingClientRect().height")
        assert bar <= 70, f"the bar wraps: {bar} px"


_SWIPE = """(dx) => {
  const t = (x) => new Touch({identifier: 1, target: document.body, clientX: x, clientY: 400});
  document.body.dispatchEvent(new TouchEvent('touchstart',
      {touches: [t(200)], changedTouches: [t(200)], bubbles: true}));
  document.body.dispatchEvent(new TouchEvent('touchend',
      {touches: [], changedTouches: [t(200 + dx)], bubbles: true}));
}"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_storyboard_reads_at_every_size(
    browser: Any, tmp_path: Path, size: tuple[int, int]
) -> None:
    routine = load_plugins().routine("courting-kings")
    path = tmp_path / "ck.html"
    path.write_text(storyboard(perform_for_rehearsal(routine), "en"), encoding="utf-8")
    page = Page(browser, path, size)
    try:
        for k in (0, 3, 6, 8):
            page.js(f"location.hash = '#step-{k}'")  # the address moves an open page
            page.page.wait_for_timeout(50)
            assert page.current() == k
            check_phone_sized(page, size)
        if size == PHONE:  # a swipe moves between steps
            page.js("location.hash = '#step-2'")
            page.page.wait_for_timeout(300)
            page.js(f"({_SWIPE})(-120)")
            assert page.current() == 3
            page.js(f"({_SWIPE})(120)")
            assert page.current() == 2
        # scrolling by hand makes the step at the top the current one, and the keys go on
        # from there
        page.js("location.hash = '#step-7'")
        page.page.wait_for_timeout(50)
        page.js("document.getElementById('step-2').scrollIntoView({block: 'start'})")
        page.page.wait_for_timeout(400)
        assert page.current() == 2
        assert page.press("ArrowRight") == 3
        page.shot(f"storyboard-courting-kings-{size[0]}")
        assert page.errors == []
    finally:
        page.close()


def test_a_step_walks_move_by_move(browser: Any, tmp_path: Path) -> None:
    routine = load_plugins().routine("courting-kings")
    outcome = perform_for_rehearsal(routine)
    path = tmp_path / "ck.html"
    path.write_text(storyboard(outcome, "en"), encoding="utf-8")
    page = Page(browser, path)
    try:
        page.js("location.hash = '#step-4'")
        page.page.wait_for_timeout(50)
        assert page.current() == 4
        shown = "[...document.querySelectorAll('.frame.current .moveframe')].map(m => !m.hidden)"
        assert not any(page.js(shown))
        page.press("m")
        assert page.js(shown) == [True, False, False, False, False]
        head = page.js("document.querySelector('.frame.current .moveframe:not([hidden]) h3')"
                       ".textContent")  # fmt: skip
        assert head.startswith("Biddle steal")
        # the steal's frame: the left hand keeps two Kings, the right holds the Queens and the
        # two Kings under them, both marked as changed
        first = page.js(
            """() => Object.fromEntries([...document.querySelectorAll(
              '.frame.current .moveframe:not([hidden]) figure.performer g.place')].map(
              p => [p.dataset.place, [p.classList.contains('changed'),
                    [...p.querySelectorAll('g.card')].map(c => c.dataset.card)]]))"""
        )
        assert first["left"] == [True, ["KS", "KD"]]  # drawn bottom first
        assert first["right"] == [True, ["KH", "KC", "QC", "QH", "QS", "QD"]]
        assert "the break under 2 cards is gone" in page.js(
            "document.querySelector('.frame.current .moveframe:not([hidden])').textContent"
        )
        for k in range(1, 5):
            assert page.press("ArrowRight") == 4
            assert page.js(shown) == [j == k for j in range(5)]
        assert page.press("ArrowRight") == 5  # past the last move, on to the next step
        page.shot("storyboard-by-move")
        assert page.errors == []
    finally:
        page.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_counterexample_opens_on_its_failure(
    browser: Any, tmp_path: Path, size: tuple[int, int]
) -> None:
    from conjure.magic.verifier import verify
    from conjure.view.storyboard import failing_step

    routine = load_plugins().routine("each-gets-two")
    report = verify(routine, {"rounds": 3}, examples=200, seed=1, workers=1)
    assert report.counterexample is not None
    marked = failing_step(report.counterexample)
    assert marked
    path = tmp_path / "cx.html"
    path.write_text(storyboard(report.counterexample, "en", counterexample=True), "utf-8")
    page = Page(browser, path, size)
    try:
        assert page.current() == marked
        banner = page.js(
            "(() => { const r = document.querySelector('.banner').getBoundingClientRect();"
            " return [r.top, r.bottom]; })()"
        )
        assert 0 <= banner[0] < 20 and banner[1] < size[1] / 4
        assert page.js("document.querySelector('.banner a').getAttribute('href')") == (
            f"#step-{marked}"
        )
        failed = page.js(
            "(() => { const f = document.querySelector('section.frame.failed');"
            " const r = f.querySelector('.failure').getBoundingClientRect();"
            " return [f.id, r.top, r.bottom]; })()"
        )
        assert failed[0] == f"step-{marked}"
        assert banner[1] <= failed[1] and failed[2] <= size[1] - 60, failed  # in sight
        check_phone_sized(page, size)
        page.shot(f"counterexample-{size[0]}")
        assert page.errors == []
    finally:
        page.close()
