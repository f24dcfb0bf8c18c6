"""BOT 5 (Pro BOT pit stops), written from the BOT rules: a Pro BOT in its
pit box at its turn (`at = "pit"`), the WHITE rolls forced, played through
GAME.apply. A Standard race: round 10 is radar space 18 (A120). STR01 fits
Medium at the stop (its Weather Change tyres: Medium, then Hard); STR03 rolls
the WHITE die at the stop (face 5: Soft). Tyre lives: Soft 5, Medium 7, Hard
10; the radar's icons: Soft round 8, Medium 11, Hard 15."""
from __future__ import annotations

from chequered.games.formulagp.bot.pits import wants_pit

from .common import A, GAME, kinds, play, position

POS = """
round = {round}
rolls = {rolls}
bots = {{ tactics = ["TAC16"] }}
[[car]]
name = "vireo"
controller = "pro"
at = "{at}"
tyre = "soft"
{extra}
bot = {{ strategy = "{strategy}", tactics = "{tactics}", pit = {{ round = 9, icon = "pit"{entry} }}{stops}, tyre_token = "{token}" }}
[[car]]
name = "halcyon"
controller = "rookie"
at = "3.3.1"
"""


def pro(rolls=(), strategy="STR01", tactics="TAC11", stops=0, extra="", at="pit", entry=True,
        round=10, token="full"):
    return position(POS.format(rolls=list(rolls), strategy=strategy, tactics=tactics,
                               stops=f", stops = {stops}" if stops else "", extra=extra, at=at,
                               entry=", entry = true" if entry else "", round=round,
                               token=token))


def stop(st):
    """The Pro BOT is asked nothing at the stop; the fallback's hand refill is Done."""
    assert st.turn.pending.step == "pit_discard"
    return play(st, A.Done(), seat=0)


# ---- BOT 5.1 -----------------------------------------------------------------------------
def test_bot_5_1_a_pro_pits_when_its_token_is_on_the_entry_or_it_has_a_failure():
    assert wants_pit(pro(at="20.2.1"), 0)
    assert not wants_pit(pro(at="20.2.1", entry=False), 0)
    assert wants_pit(pro(at="20.2.1", entry=False, tactics="TAC29"), 0)     # a Failure card


def test_bot_5_1_never_from_round_22_and_never_a_rookie():
    """Round 14 of a Standard race is radar space 22 (A120): no more stops."""
    assert wants_pit(pro(at="20.2.1", round=13), 0)
    assert not wants_pit(pro(at="20.2.1", round=14), 0)
    assert not wants_pit(pro(at="20.2.1"), 1)


# ---- BOT 5.2 -----------------------------------------------------------------------------
def test_bot_5_2_the_strategy_tyre_a_new_pit_token_from_this_round_and_new_tactics():
    """Medium from STR01; WHITE 4: Medium 7 + 4 from round 10 = round 21, past
    the Medium icon: PIT side; TAC16 replaces TAC11; the tyre token is full."""
    st = pro(rolls=["white:4"], token="lower")
    assert GAME.to_act(st) == {0} and "pit_stop" != st.turn.pending.step
    rec = st.bots["cars"]["0"]
    assert st.cars[0].tyre == "medium" and rec["tactics"] == "TAC16"
    assert rec["pit"] == {"round": 21, "space": 29, "icon": "pit"} and rec["tyre_token"] == "full"
    ev = stop(st)
    assert "to_pit_exit" in kinds(ev) and st.cars[0].in_pit is False


def test_bot_5_2_the_die_icon_counts_zero():
    st = pro(rolls=["white:1"])
    assert st.bots["cars"]["0"]["pit"]["round"] == 10 + 7


def test_bot_1_3_1_a_strategy_card_that_waits_rolls_the_tyre_at_the_stop():
    """STR03: the WHITE die at the stop picks the tyre (5: Soft), then the next
    roll places the token (Soft 5 + 2 from round 10 = 17, past the Soft icon)."""
    st = pro(rolls=["white:5", "white:2"], strategy="STR03")
    assert st.cars[0].tyre == "soft"
    assert st.bots["cars"]["0"]["pit"] == {"round": 17, "space": 25, "icon": "pit"}


def test_bot_4_2_a_second_stop_in_a_dry_race_fits_the_last_weather_change_tyre():
    st = pro(rolls=["white:2"], stops=1)
    assert st.cars[0].tyre == "hard" and st.bots["cars"]["0"]["stops"] == 2


def test_bot_5_2_penalties_are_served_first():
    """One Penalty token: the car stays in its box a round, the tokens go."""
    st = pro(extra="penalties = 1")
    assert st.cars[0].penalties == 0 and st.cars[0].tyre == "soft"
    assert st.bots["cars"]["0"]["tactics"] == "TAC11"


# ---- BOT 5.3 -----------------------------------------------------------------------------
def test_bot_5_3_one_damage_repaired_while_changing_tyres_a_one_costs_a_round():
    """One DAMAGE card: repaired; the WHITE die shows 1: a second round in the box."""
    st = pro(rolls=["white:4", "white:1"], extra='damage = ["D01"]')
    ev = stop(st)
    assert st.cars[0].damage == [] and "to_pit_exit" not in kinds(ev)
    assert st.cars[0].box_wait == 1


def test_bot_5_3_one_damage_and_a_good_roll_it_leaves():
    st = pro(rolls=["white:4", "white:3"], extra='damage = ["D01"]')
    ev = stop(st)
    assert st.cars[0].damage == [] and "to_pit_exit" in kinds(ev)


def test_bot_5_3_two_problems_always_one_extra_round():
    st = pro(rolls=["white:4"], extra='damage = ["D01", "D02"]')
    ev = stop(st)
    assert st.cars[0].damage == [] and "to_pit_exit" not in kinds(ev) and st.cars[0].box_wait == 1


def test_bot_5_3_the_failure_card_goes_back_into_the_shuffled_tactics_deck():
    """TACTICS Failure card TAC29: repaired (WHITE 3, no delay), back into the
    deck; the new TACTICS card is drawn from the shuffled deck."""
    st = pro(rolls=["white:3", "white:4"], tactics="TAC29", entry=False)
    rec = st.bots["cars"]["0"]
    assert rec["tactics"] != "TAC29" and rec["tactics"] is not None
    assert "TAC29" in st.decks["tactics"].pile + [rec["tactics"]]
    ev = stop(st)
    assert "to_pit_exit" in kinds(ev)


# ---- BOT 5.4 -----------------------------------------------------------------------------
def test_bot_5_4_a_pro_leaving_the_pits_gets_the_cold_tyres_token():
    """As for players: the turn from the pit exit carries the Cold Tyres token
    (this round and the next), in 2nd gear."""
    from chequered.games.formulagp.position import space_name
    from chequered.games.formulagp.rules.plays import gear_for
    first = pro(rolls=["white:4"])
    from chequered.games.formulagp.rules.where import track_of
    trk = track_of(first)
    exit_name = space_name(trk, trk.pit.exit_space)
    st = pro(at=exit_name, entry=False)
    assert st.move["seat"] == 0 and st.cars[0].cold_tyres == 2
    assert gear_for(st, st.cars[0]) == 2


def _drive_bot(st, seat=0, limit=40):
    """The BOT's move: at each movement point its one legal action (BOT 2)."""
    ev = []
    for _ in range(limit):
        if seat not in GAME.to_act(st) or st.turn.pending.step != "move":
            break
        legal = GAME.fine_actions(st, seat)
        assert len(legal) == 1, legal
        ev += GAME.apply(st, seat, legal[0])
    return ev


def test_bot_5_1_the_pro_takes_the_pit_lane_only_when_a_stop_is_due():
    """Beside the pit entry (the fast track's tile 39, lane 4) a Pro BOT with a
    Failure card drives into the pit lane; the same BOT with nothing due drives
    past it (the pit lane is not among its steps)."""
    st = pro(at="39.4.1", entry=False, tactics="TAC29")
    ev = _drive_bot(st)
    assert "pit_entry" in kinds(ev)
    st = pro(at="39.4.1", entry=False)
    ev = _drive_bot(st)
    assert "pit_entry" not in kinds(ev)
