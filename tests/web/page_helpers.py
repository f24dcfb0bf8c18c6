"""Helpers shared by the browser tests (a Playwright page on the race page)."""
from __future__ import annotations


def version(page) -> str:
    return page.get_attribute("#race", "data-version")


def wait_ready(page) -> None:
    """Wait until it is this seat's move or the race is over."""
    page.wait_for_selector("#race[data-myturn=true], #race[data-over=true]", timeout=30_000)


def wait_moved_on(page, before: str) -> None:
    # A CSS wait, not a script: the app's Content-Security-Policy forbids eval.
    page.wait_for_selector(f"#race:not([data-version='{before}'])", timeout=30_000)


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
