"""The BOT components (content/bot.toml, bot/content.py): every count and
number the BOT rules give, and the schema refusing what they rule out."""
from __future__ import annotations

import shutil
import tomllib
from collections import Counter

import pytest

from chequered.engine.protocol import BadInput
from chequered.games.formulagp.bot.content import load_bot_content
from chequered.games.formulagp.content import load_content
from chequered.games.formulagp.schema import CONTENT_DIR

BC = load_bot_content()


def test_bot_1_2_component_counts():
    """BOT 1.2: 1 Rookie and 20 Pro control cards, 10 pit tokens, 2 pit-check
    tokens, 14 STRATEGY, 30 TACTICS and 30 BATTLE cards."""
    assert BC.rookie.id
    assert len(BC.pro) == 20 and len(BC.pit_tokens) == 10 and len(BC.pit_checks) == 2
    assert (len(BC.strategy), len(BC.tactics), len(BC.battle)) == (14, 30, 30)


def test_bot_1_1_ten_single_led_tactics_cards():
    """BOT 1.1: ten TACTICS cards carry the single-LED icon (the Rookie cards)."""
    assert sum(c.rookie for c in BC.tactics) == 10


def test_control_cards_two_sides_and_teams():
    """BOT 1.3 a-b / 1.4.1 a-b: a maximum OT and a faster and slower side; two Pro
    cards per team, one pit token per team number (FGP 16.5)."""
    boards = {b.key: b.number for b in load_content().boards}
    per_team = Counter(c.team for c in BC.pro)
    assert set(per_team) == set(boards) and set(per_team.values()) == {2}
    for c in BC.pro:
        assert c.number == boards[c.team]
        assert all(c.slow.mp(g, p) <= c.fast.mp(g, p) for g in (2, 4, 6, 8) for p in ("green", "red"))
    assert sorted(t.number for t in BC.pit_tokens) == sorted(boards.values())
    assert all(t.sides == ["tyre", "pit"] for t in BC.pit_tokens)       # BOT 1.3.2
    assert {s.side for s in BC.rookie.sides} == {"fast", "slow"}
    # BOT 1: Pro BOTs have unique performance, Rookies one card for all
    assert len({(c.fast.model_dump_json(), c.max_ot) for c in BC.pro}) > 10


def test_bot_numbers_the_book_gives():
    """BOT 1.3.2 lives 5 / 7 / 10, the Medium icon on round 11 and the Soft one on
    round 8 (BOT 6.5), the 1 bonus MP (1.3 f), +2 pole LEDs and 2nd gear (1.7.2.1),
    no stop from round 22 (4.1), the lower side of a tyre token (4.1)."""
    b = BC.bot
    assert b.tyre_life == {"soft": 5, "medium": 7, "hard": 10, "wet": 10}
    assert b.radar_icons["medium"] == 11 and b.radar_icons["soft"] == 8
    assert (b.difficulty_bonus, b.pole_leds, b.start_gear, b.no_pit_from) == (1, 2, 2, 22)
    # the 1.3.2 example: Medium, die 5 -> round 12, past the Medium icon
    assert b.tyre_life["medium"] + 5 == 12 > b.radar_icons["medium"]


def test_tyre_tokens_are_the_core_games():
    """The Pro BOT's Tyre space holds the core tyre tokens: the full and lower
    bonus most player boards show (the Wet token's lower side +1, FGP 10.2.1)."""
    for t, tok in BC.bot.tyre_tokens.items():
        sides = Counter((getattr(s.tyres, t).fresh, getattr(s.tyres, t).degraded)
                        for b in load_content().boards for s in b.sides)
        assert (tok.full, tok.lower) == sides.most_common(1)[0][0]
    assert BC.bot.tyre_tokens["wet"].lower == 1


def test_strategy_cards_read_for_every_die_face():
    """BOT 1.3.1: a starting tyre for every WHITE face, a pit tyre or a roll at
    the stop, and two Weather Change tyres."""
    assert any(c.pit == "roll" for c in BC.strategy)
    for c in BC.strategy:
        assert len(c.start) == 6 and len(c.weather) == 2
        assert (c.pit_roll is not None) == (c.pit == "roll")
    assert {t for c in BC.strategy for t in c.start} == {"soft", "medium", "hard"}


def test_tactics_cards_hold_every_field_the_rules_read():
    """BOT 2.2 lane arrows and blocked responses, 2.3.1 corner modifiers of both
    signs, 2.4 hazards in all three places, 3.2.2 both kinds of decision, 5.4
    Failure cards; no hazard or failure on a Rookie card (BOT 5.3, 6.1)."""
    assert {c.tile for c in BC.tactics} == {"straight", "curve"}
    assert {c.arrow for c in BC.tactics} == {"left", "right"}
    assert any(c.lane == 0 for c in BC.tactics)
    assert {c.hazard for c in BC.tactics} == {None, "move", "corner", "battle"}
    assert min(c.corner for c in BC.tactics) < 0 < max(c.corner for c in BC.tactics)
    assert {c.attack for c in BC.tactics} >= {"yes", "roll"}
    assert {c.defend for c in BC.tactics} >= {"yes", "roll"}
    responses = {r for c in BC.tactics for r in (c.blocked.green, c.blocked.red)}
    assert responses == {"surrender", "not_aggressive", "aggressive"}
    assert any(c.failure for c in BC.tactics)
    assert not any(c.rookie and (c.failure or c.hazard) for c in BC.tactics)


def test_battle_cards_aggression_leds_ot():
    """BOT 3.2.3 / 3.2.3.1: every aggression symbol, LEDs, 1-3 OT; some cards with
    no LEDs (BOT 1.5.1 redraws)."""
    assert {c.aggression for c in BC.battle} == {"leds", "die", "join", "lose", "best",
                                                 "worst", "cross"}
    assert any(c.leds == 0 for c in BC.battle)
    assert all(1 <= c.ot <= 3 for c in BC.battle)


def test_bot_ids_never_clash_with_core_card_ids():
    """The log names a card by its id: a BOT card id is no ACTION/EVENT/... id."""
    core = load_content()
    ids = {c.id for c in core.action.cards}
    for deck in (core.event, core.risk, core.damage, core.failure, core.driver, core.champions):
        ids |= {c.id for c in deck.cards}
    bot = [c.id for c in (*BC.pro, *BC.strategy, *BC.tactics, *BC.battle)] + [BC.rookie.id]
    assert not ids & set(bot)


def _broken(tmp_path, edit):
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    text = (d / "bot.toml").read_text()
    (d / "bot.toml").write_text(edit(text))
    load_bot_content.cache_clear()
    return str(d)


@pytest.mark.parametrize("edit,words", [
    (lambda t: t.replace('id = "BAT30"', 'id = "BAT29"'), "duplicate"),
    (lambda t: t.replace('[[battle]]\nid = "BAT30"', '[[battle_x]]\nid = "BAT30"', 1), "battle_x"),
    (lambda t: t.replace("\nrookie = true", "\nrookie = false", 1), "single-led"),
    (lambda t: t.replace("medium = 7", "medium = 12", 1), "radar icon"),
    (lambda t: t.replace("source =", "nosource =", 1), "source"),
])
def test_schema_refuses_what_the_book_rules_out(tmp_path, edit, words):
    """The loader names the file and the problem."""
    d = _broken(tmp_path, edit)
    try:
        with pytest.raises(BadInput) as exc:
            load_bot_content(d)
        assert "bot.toml" in str(exc.value) and words.lower() in str(exc.value).lower()
    finally:
        load_bot_content.cache_clear()


def test_every_number_is_commented_with_its_source():
    """The TOML header says it is our reconstruction."""
    text = (CONTENT_DIR / "bot.toml").read_text()
    assert "reconstruction" in tomllib.loads(text)["source"]
    for rule in ("BOT 1.3.2", "6.5", "BOT 1.7.2.1", "BOT 4.1", "BOT 1.2"):
        assert rule in text
