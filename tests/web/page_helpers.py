"""Helpers shared by the browser tests (a Playwright page on the race page)."""
from __future__ import annotations


def version(page) -> str:
    return page.get_attribute("#race", "data-version")


def wait_ready(page) -> None:
    """Wait until it is this seat's move or the race is over."""
    page.wait_for_selector("#race[data-myturn=true], #race[data-over=true]", timeout=30_000)


def wait_moved_on(page, before: str) -> None:
    # A CSS wait, not a script: the app's Content-Security-Policy forbids eval.
    from playwright.sync_api import TimeoutError as Timeout
    try:
        page.wait_for_selector(f"#race:not([data-version='{before}'])", timeout=30_000)
    except Timeout:
        # once seen in a clean clone's full run and not since: say what the page showed
        race = {k: page.get_attribute("#race", f"data-{k}") for k in ("version", "myturn", "over")}
        shown = {sel: page.locator(sel).inner_text()[:300] for sel in ("#status", "#error", "#turn")
                 if page.locator(sel).count()}
        raise AssertionError(
            f"the race stayed at version {before}: {race}, {shown}, chooser open: "
            f"{page.locator('#route-chooser:not([hidden])').count()}, confirm open: "
            f"{page.locator('#confirm:not([hidden])').count()}, "
            f"buttons: {page.locator('#actions button').all_inner_texts()[:5]}") from None


def confirm_if_asked(page) -> None:
    """Say yes when the page asks before a move that harms our own race
    (Game.confirm): the dialog opens in the click's own handler."""
    if page.locator("#confirm:not([hidden])").count():
        page.click("#confirm-yes")


def click_first(page) -> None:
    """The first listed choice, confirmed if the page asks."""
    before = version(page)
    page.locator("#actions button").first.click()
    confirm_if_asked(page)
    wait_moved_on(page, before)
