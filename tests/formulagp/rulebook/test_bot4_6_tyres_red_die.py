"""BOT 6.1 / 6.2: the RED die for BOTs, written from the BOT rules: hand-written
positions on the fast track (Vireo a Pro BOT, PRO01; tile 7's 7.2.1 starts the
skid marks of a tricky corner), the BOT's turn played through GAME.apply."""
from __future__ import annotations

from ._bot_help import at, bot_turn, pos


def _pro(card, at_, rolls, side="fast", extra=""):
    return pos(f'round = 4\nrolls = {rolls}\n{extra}[[car]]\nname = "vireo"\n'
               f'controller = "pro"\nat = "{at_}"\n'
               f'bot = {{ tactics = "{card}", side = "{side}" }}\n'
               '[[car]]\nname = "halcyon"\nat = "1.1.1"\n')


def reds(ev):
    return [(e.data["face"], e.rule) for e in ev if e.kind == "roll" and e.data["die"] == "red"]


def test_bot_6_1_a_rookie_never_rolls_the_red_die():
    """A Rookie ending its move where the skid marks start rolls nothing."""
    st = pos('round = 4\nbots = { rookie_tactics = "TAC01" }\n[[car]]\nname = "halcyon"\n'
             'controller = "rookie"\nat = "3.2.1"\n[[car]]\nname = "vireo"\nat = "1.1.1"\n')
    ev = bot_turn(st, 0)
    assert at(st, 0) == "7.2.1"
    assert not [e for e in ev if e.kind == "roll"] and any(e.kind == "bot_no_red" for e in ev)


def test_bot_6_1_a_pro_on_a_tricky_corner_rolls_and_other_faces_do_nothing():
    """The Pro (slower side, 7 MP) ends on the tricky corner: a RED die; a RISK face
    has no effect for a BOT (no RISK card)."""
    st = _pro("TAC11", "2.2.1", '["red:risk"]', side="slow")
    ev = bot_turn(st, 0)
    assert at(st, 0) == "7.2.1" and reds(ev) == [("risk", "BOT 6.1")]
    assert not [e for e in ev if e.kind == "draw"]


def test_bot_6_2_loss_of_control_then_a_successful_counter_steer():
    """A hazard roll shows loss of control: the second RED roll does not, so the Pro
    counter-steers: the WHITE die (red) shifts it one lane left, no spin."""
    st = _pro("TAC20", "3.2.2", '["red:loss_of_control", "red:tyre_wear", "white:red"]',
              extra='bots = { tactics = ["TAC11"] }\n')
    ev = bot_turn(st, 0)
    assert reds(ev) == [("loss_of_control", "BOT 2.4"), ("tyre_wear", "BOT 6.2")]
    assert [e.rule for e in ev if e.kind == "roll" and e.data["die"] == "white"] == ["BOT 6.2"]
    assert at(st, 0) == "8.3.1" and not st.cars[0].spun


def test_bot_6_2_loss_of_control_twice_is_a_spin():
    """Loss of control on both RED rolls: the Pro spins as a player does, the WHITE die
    (red) one lane to the left."""
    st = _pro("TAC20", "3.2.2", '["red:loss_of_control", "red:loss_of_control", "white:red"]',
              extra='bots = { tactics = ["TAC11"] }\n')
    ev = bot_turn(st, 0)
    assert reds(ev)[1] == ("loss_of_control", "BOT 6.2")
    assert st.cars[0].spun and at(st, 0) == "8.3.1"


# ---- BOT 1.6 [ADV] ---------------------------------------------------------------------
def _to_start(seed):
    """An Advanced race with two Pro BOTs and a Rookie, played to its track temperature."""
    from ._bot_help import GAME
    cfg = GAME.config(seats=["pro", "pro", "rookie"], rules="advanced")
    st, ev = GAME.start(cfg, seed)
    agents = {s: GAME.make_agent(k, s, seed) for s, k in enumerate(cfg.seats)}
    while st.weather["temperature"] is None and st.weather["card"] and GAME.to_act(st):
        s = min(GAME.to_act(st))
        ev += GAME.apply(st, s, agents[s].choose(GAME, st, s))
    placed = {e.data["seat"]: e.data["pit"]["round"] for e in ev if e.kind == "bot_pro"}
    return st, ev, placed


def _rounds(st):
    return {int(s): r["pit"]["round"] for s, r in st.bots["cars"].items() if r["kind"] == "pro"}


def test_bot_1_6_hot_moves_soft_and_medium_pit_tokens_one_round_earlier():
    """Hot: every Pro BOT on Soft or Medium tyres one round earlier; Hard: no change."""
    st, ev, placed = _to_start(25)
    assert st.weather["temperature"] == "hot"
    want = {s: placed[s] - (1 if st.cars[s].tyre in ("soft", "medium") else 0) for s in placed}
    assert _rounds(st) == want and want != placed
    assert any(st.cars[s].tyre == "hard" for s in placed)


def test_bot_1_6_extreme_two_rounds_normal_none():
    """Extreme: two rounds earlier; Normal: nothing moves."""
    st, ev, placed = _to_start(5)
    assert st.weather["temperature"] == "extreme"
    assert _rounds(st) == {s: placed[s] - 2 for s in placed}
    assert [e.rule for e in ev if e.kind == "bot_temperature"] == ["BOT 1.6"]
    st, ev, placed = _to_start(2)
    assert st.weather["temperature"] == "normal"
    assert _rounds(st) == placed and not [e for e in ev if e.kind == "bot_temperature"]


# ---- BOT 4.1 [Pro BOT] -------------------------------------------------------------------
def _check(pit, rolls, tyre_token="full"):
    """Round 12 begins (Standard: the flag moves onto radar space 20, game round 12)
    with the Pro's Pit token on round 12."""
    from ._bot_help import pos as _pos
    return _pos(f'phase = "round_start"\nround = 12\nrolls = {rolls}\n[[car]]\nname = "vireo"\n'
                f'controller = "pro"\nat = "3.2.1"\nbot = {{ tactics = "TAC11", pit = {pit}, '
                f'tyre_token = "{tyre_token}" }}\n[[car]]\nname = "halcyon"\nat = "1.1.1"\n')


def _pit(st):
    return st.bots["cars"]["0"]["pit"], st.bots["cars"]["0"]["tyre_token"]


def test_bot_4_1_tyre_side_green_moves_the_token_by_the_score_and_shows_pit():
    """TYRE side, a green WHITE face: the token moves on by the score and shows PIT;
    the tyre token stays."""
    from ._util import white
    st = _check('{ round = 12, icon = "tyre" }', f'["white:{white("green", 3)}"]')
    tok, tyre = _pit(st)
    assert (tok["round"], tok["space"], tok["icon"], tok.get("entry"), tyre) == \
        (15, 23, "pit", None, "full")


def test_bot_4_1_tyre_side_red_lower_tyre_bonus_and_a_stop_due():
    """TYRE side, a red face: the tyre token's lower side, the Pit token to the pit
    lane entry (PIT side)."""
    st = _check('{ round = 12, icon = "tyre" }', '["white:red"]')
    tok, tyre = _pit(st)
    assert (tok["icon"], tok["entry"], tyre) == ("pit", True, "lower")


def test_bot_4_1_pit_side_to_the_entry_and_a_degradation_roll():
    """PIT side: to the pit lane entry; with the full tyre token a WHITE roll, red:
    the lower side; green: it stays."""
    st = _check('{ round = 12, icon = "pit" }', '["white:red"]')
    assert _pit(st)[0]["entry"] and _pit(st)[1] == "lower"
    st = _check('{ round = 12, icon = "pit" }', '["white:green"]')
    assert _pit(st)[0]["entry"] and _pit(st)[1] == "full"


def test_bot_4_1_pit_side_with_the_lower_tyre_token_no_roll():
    """PIT side and the tyre token already on its lower side: no die, just the entry."""
    st = _check('{ round = 12, icon = "pit" }', '[]', tyre_token="lower")
    assert _pit(st)[0]["entry"]
    assert st.chance.script in (None, [], ())


def test_bot_4_1_a_stop_due_the_pro_changes_lanes_and_enters_the_pits():
    """The Pit token on the entry: on the tile before the pit entry tile the Pro leaves
    its preferred lane for the pit lane's and drives into the pit lane."""
    st = pos('round = 12\n[[car]]\nname = "vireo"\ncontroller = "pro"\nat = "38.2.1"\n'
             'bot = { tactics = "TAC11", pit = { round = 11, entry = true } }\n'
             '[[car]]\nname = "halcyon"\nat = "1.1.1"\n')
    ev = bot_turn(st, 0)
    from ._bot_help import path
    assert path(st, ev, 0)[:3] == ["39.2.1", "39.3.1", "39.4.1"]
    assert st.cars[0].in_pit and not st.bots["cars"]["0"]["pit"]["entry"]


def test_bot_4_1_no_stop_on_the_red_filled_radar_spaces():
    """The flag on the red-filled radar space 22 (Standard: round 14): the Pro passes
    the pit entry even with its token on it."""
    st = pos('round = 14\n[[car]]\nname = "vireo"\ncontroller = "pro"\nat = "38.4.1"\n'
             'bot = { tactics = "TAC11", pit = { round = 20, entry = true } }\n'
             '[[car]]\nname = "halcyon"\nat = "1.1.1"\n')
    ev = bot_turn(st, 0)
    assert not st.cars[0].in_pit and st.cars[0].space is not None


# ---- BOT 4.2 [ADV] -----------------------------------------------------------------------
def _wet(weather, rolls, tyre="medium"):
    return pos(f'rules = "advanced"\nweather = "{weather}"\nround = 6\nrolls = {rolls}\n'
               f'[[car]]\nname = "vireo"\ncontroller = "pro"\nat = "3.2.1"\ntyre = "{tyre}"\n'
               'bot = { tactics = "TAC11", pit = { round = 15 } }\n'
               '[[car]]\nname = "halcyon"\nat = "1.1.1"\n')


def test_bot_4_2_dry_tyres_in_the_rain_red_pace_then_the_red_die():
    """Dry tyres on a wet track: the tyre token flips, a stop is due; the WHITE die
    sets the pace: red, the RED pace and a RED die after the move."""
    st = _wet("rainy", '["white:red", "red:tyre_wear"]')
    rec = st.bots["cars"]["0"]
    assert (rec["tyre_token"], rec["pit"]["entry"], st.move["pace"]) == ("lower", True, "red")
    ev = bot_turn(st, 0)
    assert reds(ev) == [("tyre_wear", "BOT 6.1")]


def test_bot_4_2_dry_tyres_in_the_rain_green_pace_no_red_die():
    """A green WHITE face: the GREEN pace and no RED die."""
    st = _wet("rainy", '["white:green"]')
    assert st.move["pace"] == "green"
    assert reds(bot_turn(st, 0)) == []


def test_bot_4_2_wet_tyres_on_a_dry_track_a_stop_due_red_pace():
    """Wet tyres on a dry track: lower tyre token and a stop due; the RED pace, no die."""
    st = _wet("sunny", '[]', tyre="wet")
    rec = st.bots["cars"]["0"]
    assert (rec["tyre_token"], rec["pit"]["entry"], st.move["pace"]) == ("lower", True, "red")
