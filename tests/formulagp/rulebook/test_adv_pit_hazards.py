"""[ADV] FGP 11.4 the Late Pit Bonus (with 3.2 f, 7.3.3.2, 8.1, 10.1, 11.3 and
13.4.5) and the Advanced hazard tokens (13.13.2 Debris, 13.13.3 Oil, with
13.4, 13.4.4 and 13.6), scenario by scenario: each test writes an Advanced
position (docs/rules/formulagp-positions.md), plays it through the protocol
and checks what the rulebook asks.

Track "fast", board "vireo" side A (rulebook/pitlane.py): GREEN 3 / RED 5 MP
in 8th gear, GREEN 1 / RED 2 in 2nd; medium tyres start on wear 3 (+2),
degrade on 7 (+1) and wear out on 13 (+0). The Fresh Tyres token lies on
radar space 17 on the green side of the panel, 18 on the red side (our
content, control.toml)."""
from __future__ import annotations

from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import parse_space, position

from .common import turn_over
from .pitlane import GAME, PIT_EXIT, S, kinds

ADV = 'rules = "advanced"\npanel_side = "green"\n'


def _mp(st, card="R01"):
    """Play the preparations and `card`; the movement points counted."""
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((card,)))
    return st.move["mp"]


def _boxed(flag: int, *, rules: str = "advanced", side: str = "green"):
    """Red starts its pit stop turn in its box with worn medium tyres."""
    return position(f"""
        rules = "{rules}"
        panel_side = "{side}"
        round = {flag - 8}
        flag = {flag}
        [[car]]
        name = "Red"
        at = "pit"
        tyre = "medium"
        wear = 10
        [[car]]
        name = "Blue"
        at = "10.2.1"
    """)


# ---- FGP 3.2 f / 11.4: the Fresh Tyres token on the radar, then in the boxes ---------------
def test_fgp_3_2_f_and_11_4_fresh_tyres_go_into_the_boxes_when_the_flag_reaches_them():
    """The Fresh Tyres token waits on its radar space (17 on the green side, 18 on the
    red); the round the Chequered Flag reaches it, a token goes into every pit box."""
    for side, space in (("green", 17), ("red", 18)):
        for flag in (space - 2, space - 1, space):
            st = position(f"""
                rules = "advanced"
                panel_side = "{side}"
                flag = {flag}
                [[car]]
                at = "10.2.1"
                hand = ["G01"]
            """)
            ev = turn_over(st, 0)                        # the next round starts
            assert st.flag == flag + 1
            got = [e for e in ev if e.kind == "fresh_tyres"]
            assert len(got) == (flag + 1 == space), (side, flag)


def test_fgp_11_4_a_standard_race_has_no_fresh_tyres():
    """In a Standard race nothing happens on the Fresh Tyres space and a late stop
    brings no token."""
    st = _boxed(18, rules="standard")
    GAME.apply(st, 0, A.PitStop("soft", (), "none"))
    assert not st.cars[0].fresh_tyres


# ---- FGP 11.4: a late stop with a new set takes the token ----------------------------------
def test_fgp_11_4_a_stop_from_the_fresh_tyres_round_on_takes_the_token():
    """A car stopping in the round the flag stands on the Fresh Tyres space, or later,
    takes a Fresh Tyres token with its new set; a stop one round earlier does not."""
    for flag, gets in ((16, False), (17, True), (21, True)):
        st = _boxed(flag)
        ev = GAME.apply(st, 0, A.PitStop("soft", (), "none"))
        assert st.cars[0].fresh_tyres is gets, flag
        assert ("late_pit_bonus" in kinds(ev)) is gets
    st = _boxed(17, side="red")                          # the red side marks 18
    GAME.apply(st, 0, A.PitStop("soft", (), "none"))
    assert not st.cars[0].fresh_tyres


def test_fgp_11_4_a_stop_that_keeps_the_old_set_takes_no_token():
    """A90: the bonus is for fresh tyres: a late stop keeping the worn set takes none."""
    st = _boxed(19)
    GAME.apply(st, 0, A.PitStop(None, (), "none"))
    assert not st.cars[0].fresh_tyres


# ---- FGP 7.3.3.2 / 8.1 / 7.3.3.5 step 5: +2 to the total movement each turn ---------------
def test_fgp_7_3_3_2_the_late_pit_bonus_adds_two_movement_points():
    """With the Fresh Tyres token on the board every move adds +2: RED in 8th gear 5,
    medium tyres +2, late pit bonus +2 = 9 (7 without the token)."""
    for token, mp in (("true", 9), ("false", 7)):
        st = position(ADV + f"""
            flag = 19
            [[car]]
            at = "3.2.1"
            tyre = "medium"
            fresh_tyres = {token}
            hand = ["R01"]
        """)
        assert _mp(st) == mp


def test_fgp_11_4_the_bonus_is_advanced_only():
    """A Fresh Tyres token written into a Standard position adds nothing."""
    st = position("""
        flag = 19
        [[car]]
        at = "3.2.1"
        tyre = "medium"
        fresh_tyres = true
        hand = ["R01"]
    """)
    assert _mp(st) == 7


def test_fgp_11_4_no_late_pit_bonus_with_dry_tyres_on_a_wet_track():
    """In the rain the Fresh Tyres token adds nothing to a car on dry (medium) tyres;
    a car on Wet tyres gets its +2 as usual."""
    def mp(tyre, token):
        return _mp(position(ADV + f"""
            flag = 19
            weather = "rainy"
            [[car]]
            at = "3.2.1"
            tyre = "{tyre}"
            fresh_tyres = {token}
            hand = ["R01"]
        """))
    assert mp("medium", "true") == mp("medium", "false")
    assert mp("wet", "true") == mp("wet", "false") + 2


# ---- FGP 11.3 / 11.4: not on the move out of the pit lane ------------------------------------
def test_fgp_11_3_no_late_pit_bonus_on_the_turn_out_of_the_pit_lane():
    """Leaving from the pit-exit space (2nd gear, RED 2 + medium +2) the Fresh Tyres
    token adds nothing; the turn after, on the track, it adds its +2 again."""
    st = position(ADV + """
        flag = 19
        [[car]]
        name = "Red"
        at = "pit_exit"
        tyre = "medium"
        fresh_tyres = true
        hand = ["R01", "R02"]
    """)
    assert st.cars[0].space == PIT_EXIT
    assert _mp(st) == 4
    st = position(ADV + """
        flag = 19
        [[car]]
        at = "1.2.1"
        tyre = "medium"
        fresh_tyres = true
        hand = ["R02"]
    """)
    assert _mp(st, "R02") == 9


# ---- FGP 10.1 / 11.4: the token degrades and goes with the tyre bonus ------------------------
def test_fgp_10_1_the_fresh_tyres_token_flips_and_goes_with_the_tyre_bonus():
    """Past the degrade icon both tokens show their lesser side (RED 5 + 1 + 1 = 7);
    past the worn-out icon both are gone (5)."""
    for wear, mp in ((6, 9), (7, 7), (13, 5)):
        st = position(ADV + f"""
            flag = 19
            [[car]]
            at = "3.2.1"
            tyre = "medium"
            wear = {wear}
            fresh_tyres = true
            hand = ["R01"]
        """)
        assert _mp(st) == mp, wear


# ---- FGP 13.4.5: no tyre bonus, Fresh Tyres included, when rejoining -------------------------
def test_fgp_13_4_5_a_rejoining_after_a_spin_without_the_fresh_tyres_bonus():
    """A spun car rejoins with one card and no tyre bonus, the Fresh Tyres bonus
    included: GREEN in 8th, 3 MP."""
    st = position(ADV + """
        flag = 19
        [[car]]
        at = "13.2.1"
        spun = true
        facing_back = true
        rejoin = "a"
        fresh_tyres = true
        hand = ["G01"]
    """)
    assert _mp(st, "G01") == 3


def test_fgp_13_4_5_b_rejoining_from_off_the_track_without_the_fresh_tyres_bonus():
    """Back from off the track: no tyre bonus, Fresh Tyres included (GREEN 3)."""
    st = position(ADV + """
        flag = 19
        [[car]]
        at = "off:13.0"
        rejoin = "b"
        fresh_tyres = true
        hand = ["G01"]
    """)
    assert _mp(st, "G01") == 3


def test_fgp_13_13_1_after_gravel_no_fresh_tyres_bonus_either():
    """A92: a move without the tyre bonus (lost grip on gravel) is also without the
    Fresh Tyres bonus (GREEN 3)."""
    st = position(ADV + """
        flag = 19
        [[car]]
        at = "3.2.1"
        fresh_tyres = true
        no_tyre_bonus_next = true
        hand = ["G01"]
    """)
    assert _mp(st, "G01") == 3


# ---- FGP 13.13.2 / 13.6: Debris --------------------------------------------------------------
def _drive(st, *names, card="G05"):
    """Car 0 plays `card` and steps through the named spaces; the rest of the turn
    with no further choices (no counter-steer, no extension)."""
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((card,)))
    ev = []
    for n in names:
        ev += GAME.apply(st, 0, A.Step(S(n)))
    if st.turn.pending.step == "extend":
        ev += GAME.apply(st, 0, A.Done())
    return ev


DEBRIS = ADV + """
flag = 10
hazards = {{"5" = "{token}"}}
forced = [{forced}]
[[car]]
at = "{at}"
wear = {wear}
hand = {hand}
[[car]]
name = "Blue"
at = "20.2.1"
"""


def test_fgp_13_13_2_straight_through_debris_damages_the_car_and_clears_it():
    """Through the debris tile without a lane change (GREEN 3 + 2 from 3.2.1 to
    6.2.1): a DAMAGE card, then the Debris token comes off the track."""
    st = position(DEBRIS.format(token="debris", forced='"card:D08"', at="3.2.1", wear=3,
                                hand='["G05"]'))
    ev = _drive(st, "3.2.2", "4.2.1", "4.2.2", "5.2.1", "6.2.1")
    ev += turn_over(st, 0)
    assert st.cars[0].damage == ["D08"] and 5 not in st.hazards
    assert "debris_hit" in kinds(ev)


def test_fgp_13_13_2_stopping_on_debris_without_changing_lanes_damages_too():
    """Worn tyres (GREEN 3): the car stops on the debris tile in its lane: damaged."""
    st = position(DEBRIS.format(token="debris", forced='"card:D08"', at="3.2.2", wear=13,
                                hand='["G05"]'))
    _drive(st, "4.2.1", "4.2.2", "5.2.1")
    turn_over(st, 0)
    assert st.cars[0].damage == ["D08"] and 5 not in st.hazards


def test_fgp_13_13_2_a_lane_change_on_the_tile_avoids_the_debris():
    """Shifting a lane on the debris tile avoids it: nothing happens, the token stays."""
    st = position(DEBRIS.format(token="debris", forced="", at="3.2.1", wear=3,
                                hand='["G05"]'))
    ev = _drive(st, "3.2.2", "4.2.1", "4.2.2", "5.2.1", "5.1.1")
    ev += turn_over(st, 0)
    assert st.cars[0].damage == [] and st.hazards.get(5) == "debris"
    assert "debris_avoided" in kinds(ev)
    st = position(DEBRIS.format(token="debris", forced='"card:D08"', at="3.2.1", wear=3,
                                hand='["G05"]'))
    _drive(st, "3.1.1", "3.1.2", "4.1.1", "4.1.2", "5.1.1")   # the lane change was on tile 3
    turn_over(st, 0)
    assert st.cars[0].damage == ["D08"] and 5 not in st.hazards


def test_fgp_13_6_debris_damage_is_once_a_round():
    """A car already damaged this round draws no second DAMAGE card for the debris;
    the token is still triggered and goes."""
    st = position(DEBRIS.format(token="debris", forced="", at="3.2.1", wear=3,
                                hand='["G05"]').replace('wear = 3', 'wear = 3\n'
                                                        'damaged_this_round = true'))
    _drive(st, "3.2.2", "4.2.1", "4.2.2", "5.2.1", "6.2.1")
    turn_over(st, 0)
    assert st.cars[0].damage == [] and 5 not in st.hazards


def test_fgp_13_13_2_and_13_13_3_no_pairs_from_a_debris_or_oil_tile():
    """A move that starts on a Debris or Oil tile may not pair cards, and the car is not
    damaged for leaving it; elsewhere the pair is allowed."""
    for token in ("debris", "oil"):
        st = position(DEBRIS.format(token=token, forced="", at="5.2.1", wear=3,
                                    hand='["G05", "G06"]'))
        GAME.apply(st, 0, A.Done())
        plays = GAME.fine_actions(st, 0)
        assert plays and all(len(a.cards) == 1 for a in plays)
        GAME.apply(st, 0, A.Play(("G05",)))
        turn_over(st, 0)
        assert st.cars[0].damage == [] and st.hazards == {5: token}
    st = position(DEBRIS.format(token="debris", forced="", at="3.2.1", wear=3,
                                hand='["G05", "G06"]'))
    GAME.apply(st, 0, A.Done())
    assert any(len(a.cards) == 2 for a in GAME.fine_actions(st, 0))


def test_fgp_13_13_2_standard_race_ignores_a_debris_token():
    """Debris tokens are Advanced: a Standard position with one damages nobody."""
    st = position(DEBRIS.format(token="debris", forced="", at="3.2.1", wear=3,
                                hand='["G05"]').replace('rules = "advanced"\n', ''))
    _drive(st, "3.2.2", "4.2.1", "4.2.2", "5.2.1", "6.2.1")
    turn_over(st, 0)
    assert st.cars[0].damage == [] and st.hazards.get(5) == "debris"


# ---- FGP 13.13.3 / 13.4: Oil -----------------------------------------------------------------
def test_fgp_13_13_3_a_counter_steer_card_avoids_the_oil():
    """Through the oil tile the driver must spend a counter-steer card: the car keeps
    control (13.4.1: one lane over by the WHITE die, +1 wear) and the token stays."""
    st = position(DEBRIS.format(token="oil", forced='"white:green"', at="3.2.1", wear=3,
                                hand='["G05", "G01"]'))
    _drive(st, "3.2.2", "4.2.1", "4.2.2", "5.2.1", "6.2.1")
    assert st.turn.pending.step == "control"
    assert set(GAME.fine_actions(st, 0)) == {A.CounterSteer("G01"), A.CounterSteer(None)}
    ev = GAME.apply(st, 0, A.CounterSteer("G01"))
    car = st.cars[0]
    assert not car.spun and car.space == S("6.3.1") and car.wear == 4
    assert st.hazards == {5: "oil"} and "oil_hit" not in kinds(ev)


def test_fgp_13_13_3_no_counter_steer_the_car_spins_and_the_oil_goes():
    """Without a counter-steer card played the car hits the oil and spins (13.4.2: one
    lane over, turned round, +1 wear, +1 stress after the single GREEN's -1, a yellow
    flag); the token comes off."""
    for hand, choice in (('["G05", "G01"]', A.CounterSteer(None)), ('["G05"]', None)):
        st = position(DEBRIS.format(token="oil", forced='"white:green"', at="3.2.1", wear=3,
                                    hand=hand))
        ev = _drive(st, "3.2.2", "4.2.1", "4.2.2", "5.2.1", "6.2.1")
        if choice is not None:
            ev += GAME.apply(st, 0, choice)
        car = st.cars[0]
        assert car.spun and car.facing_back and car.space == S("6.3.1")
        assert car.wear == 4 and car.stress == 2 and 5 not in st.hazards
        assert "oil_hit" in kinds(ev) and [z["yellow_tile"] for z in st.yellow_flags] == [6]


def test_fgp_13_13_hazards_are_inactive_in_a_yellow_zone():
    """FGP 13.8.1: hazards do nothing inside a yellow zone: no damage, the token stays."""
    st = position(DEBRIS.format(token="debris", forced="", at="3.2.1", wear=3,
                                hand='["G05"]').replace(
        'flag = 10', 'flag = 10\nyellow_zones = [{yellow = 5, green = 8}]'))
    _drive(st, "3.2.2", "4.2.1", "4.2.2", "5.2.1", "6.2.1")
    turn_over(st, 0)
    assert st.cars[0].damage == [] and st.hazards.get(5) == "debris"


# ---- FGP 13.4.4: a wall hit leaves a Debris token ----------------------------------------------
WALL = """
rules = "{rules}"
track = "street"
round = 5
leader = "none"
forced = ["red:loss_of_control", "white:red", "card:D05", "white:3"]
[[car]]
name = "vireo"
at = "13.1.2"
wear = 17
ers = 0
hand = ["G01"]
"""


def test_fgp_13_4_4_a_spin_into_the_wall_leaves_debris_on_the_tile():
    """Spun into the wall (the tyres' RED die): DAMAGE, and in an Advanced race a
    Debris token on that tile; a Standard race has no Debris tokens."""
    for rules, hazards in (("advanced", {14: "debris"}), ("standard", {})):
        st = position(WALL.format(rules=rules))
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("G01",)))
        GAME.apply(st, 0, A.Step(parse_space("street", "14.1.1")))
        if st.turn.pending.step == "move":
            GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0)
                                   if isinstance(a, A.Reduce)))
        car = st.cars[0]
        assert car.spun and car.damage == ["D05"]
        assert st.hazards == hazards, rules


# ---- FGP 3.4 / 4.4 / 4.5: the Advanced EVENT and RISK cards that drop oil and debris ---------
def test_fgp_4_4_an_advanced_event_card_drops_oil_on_the_car_s_tile():
    """An Advanced race plays with every EVENT and RISK card (30 each); the Option
    card's EVENT 'Oil Trail' puts an Oil token on the tile of the car that drew it
    (resolved after its move, A80), where the next car meets it."""
    st = position(ADV + """
        flag = 10
        forced = ["card:E25"]
        [[car]]
        at = "3.2.1"
        hand = ["P01", "G05"]
        [[car]]
        name = "Blue"
        at = "20.2.1"
    """)
    assert len(st.decks["event"]) == 30 and len(st.decks["risk"]) == 30
    GAME.apply(st, 0, A.PlayCard("P01", "play"))
    _drive(st, "3.2.2", "4.2.1", "4.2.2", "5.2.1", "6.2.1")
    turn_over(st, 0)
    assert st.hazards.get(6) == "oil"


def test_fgp_4_4_and_4_5_every_card_that_drops_debris_or_oil_is_advanced_only():
    """The cards that drop Debris or Oil are the Advanced ones (removed from a Standard
    game, FGP 3.4), and each one drops a token the Advanced hazard rules resolve."""
    from chequered.games.formulagp.rules import cards as C
    from chequered.games.formulagp.rules.card_effects import _HANDLERS
    from chequered.games.formulagp.rules.hazards_adv import ADV_TOKENS
    content = C.content_of(position('[[car]]\nat = "3.2.1"'))
    drops = [(c, e) for deck in (content.event, content.risk) for c in deck.cards
             for e in c.effects if e.type == "hazard" and e.token in ADV_TOKENS]
    assert len(drops) >= 8 and all(c.mode == "advanced" for c, _ in drops)
    assert "hazard" in _HANDLERS                      # rules/card_effects.py resolves it


def test_fgp_11_4_every_seat_sees_the_fresh_tyres_token():
    """The Fresh Tyres token lies on the player board, in every seat's view."""
    st = position(ADV + """
        flag = 19
        [[car]]
        at = "3.2.1"
        fresh_tyres = true
        [[car]]
        name = "Blue"
        at = "20.2.1"
    """)
    for seat in (0, 1, None):
        cars = GAME.view(st, seat)["cars"]
        assert [c["fresh_tyres"] for c in cars] == [True, False]
