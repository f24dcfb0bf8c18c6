"""What a FormulaGP player sees beside the board (engine/guide.py): a word on
each decision, the warnings before a choice that costs the player's own
race for good, and the first-race tutorial. The legend is legend.py, the
running order standings.py. All texts are ours, written for players."""
from __future__ import annotations

from ...engine.guide import Tutorial
from . import actions as A

# step name -> what is decided and how to choose well (every decision step
# of rules/steps.MACHINE, Standard, Advanced and optional rules alike)
EXPLAIN = {
    "tyre_sets": "Pick the dry tyre sets you race with: A gives two soft sets, B two mediums "
                 "(one hard in each). Soft-heavy plans stop more often but run faster; "
                 "nothing else is fitted later.",
    "start_tyre": "Choose the compound you start on; the others wait in your pit box. Softs "
                  "give the biggest speed bonus but wear out soonest, hards the reverse, so "
                  "match them to the number of stops you plan.",
    "returns": "You may put back, under your deck, some of the cards you just drew (as many "
               "as the LEDs beside your ERS charge) and draw as many again. Send back what "
               "you will not play soon: Draw Failure cannot go back, slow cards often should.",
    "quali_cards": "Pick your qualifying cards face down: one movement card or a pair, plus "
                   "Tyre Wear and Option cards for their LEDs. Each option shows the score it "
                   "gives; a higher score means a better grid spot, but the cards are spent.",
    "push": "Push the limit to add the WHITE die to your qualifying score on a green face; a "
            "red face needs a counter-steer card or you crash and start from the pit lane. "
            "Push when you hold a counter-steer card or the gain is worth the risk.",
    "quali_save": "Your push came up red: spend a counter-steer card to keep your score, or "
                  "crash and start from the pit lane with no score.",
    "pole_keep": "On pole you drew three cards: keep one, and choose which of the others go "
                 "on top of your deck (you draw them next) and which go under it.",
    "start_cards": "Choose your start play face down. The cars with the most LEDs move first "
                   "in the first round, all in 2nd gear, so strong cards buy an early lead.",
    "prep": "Before you move you may play Option cards, held EVENT cards, card pairs for "
            "their second function, a parameter token or a quick repair; then play your "
            "movement card(s). The menu shows the pace and movement points each play gives.",
    "play": "Play one movement card or a pair: the pace (GREEN, RED, BLUE) and the gear of "
            "your tile give your movement points, plus the tyre bonus. Faster pace wears "
            "more and some tiles forbid pairs or limit the colour.",
    "white": "The WHITE parameter token lets you throw away cards you do not want, one at a "
             "time, and draw back up to your hand limit. Keep the cards that fit the next "
             "corners; Tyre Wear and Draw Failure cards must stay.",
    "move": "Choose where your move ends: each line is a whole move with its cost in lane "
            "changes, tyre wear and ERS. Stopping behind a car keeps your points as OT for "
            "an attack; ending on a tricky space or in gravel costs you later.",
    "extend": "You may add a movement point: an ERS charge on a straight or a Tyre Wear card "
              "in a corner (+1 wear). Extend to reach a slipstream space or the car ahead.",
    "attack": "A car stopped you: attack it with the OT your points left you, or end your move "
              "and lose the OT. Attack when your OT and cards can beat its defence.",
    "ot_boost": "Add one OT before the battle with a card's second function or the RED "
                "parameter token. More OT means more LEDs for your attack.",
    "battle_cards": "Choose your battle cards face down: a movement card, a pair or a Tyre "
                    "Wear card, plus cards for their LEDs; the attacker adds OT. The menu "
                    "shows the LEDs each play brings; the side with more wins.",
    "battle_boost": "Both plays are revealed: you may still spend an ERS charge, your driver "
                    "skill or a battle EVENT card for more LEDs. Spend them when they turn the "
                    "battle.",
    "secondary": "You ended in a slipstream shadow behind a car: attack it with your OT left "
                 "plus two (it cannot defend), or stay behind.",
    "second_attempt": "The battle was a tie: you may try again with one OT less, using the "
                      "cards you have left, or stay behind.",
    "end_events": "Your move is over: play held EVENT cards or quick-repair a failure now, "
                  "or finish your turn.",
    "control": "You are losing control: spend a counter-steer card (you shift a lane by the "
               "WHITE die, +1 tyre wear) or spin and lose time. Counter-steer unless it would "
               "put you into a wall or another car.",
    "discard": "Throw away one card: a card effect asks for it or you hold more than your "
               "hand limit. Keep the cards for the corners ahead.",
    "rejoin": "Your car went off the track and comes back now: choose the space it rejoins "
              "on. Pick the one that suits your line into the next corner.",
    "pit_stop": "In your box: fit any compound you still have and choose repairs: one card "
                "(a die may make it a long repair) or all of them (you stay in the box next "
                "round). Fresh tyres and a clean car pay back over the laps left.",
    "pit_discard": "In the pits you may throw away cards (not Draw Failure) and draw back to "
                   "your hand limit: a chance to rebuild your hand.",
    "vsc_step": "Under the Virtual Safety Car every car drives the same distance one space at "
                "a time, without passing: choose the lane for each space.",
    "red_flag": "The race is stopped: you may fit new tyres and repair damage before the "
                "restart, free of the usual pit-stop cost.",
    "radio_pick": "Keep one of the two TEAM RADIO cards you drew, face down; the other goes "
                  "face up on the discard pile. Each card helps once in the race.",
    "radio_swap": "Change your TEAM RADIO card: take the top of the discard pile, or draw two "
                  "and keep one of the three.",
    "radio_keep": "Keep one TEAM RADIO card, a new one or the one you had; the others go face "
                  "up on the discard pile. Keep the one whose help you will need first.",
    "quali_wear": "Qualifying by the die: add tyre wear for points (each wear point is one "
                  "point), then the WHITE die is added. Each option shows the score before "
                  "the die; the wear stays with you into the race.",
    "quali_again": "Try again for +1 tyre wear and a new die; your best score counts. A second "
                   "failed attempt crashes you, so weigh the wear against the grid spot.",
    "defend_block": "The attack was a tie: you may block with a GREEN, RED or ORANGE card; "
                    "then the attacker takes +1 tyre wear and cannot try again.",
    "momentum_cards": "Cars sharing your tile show their movement cards together: the most "
                      "LEDs moves first. Pick the card you will move with.",
    "team_order": "Give your BOT teammate a team order (do not overtake me, do not defend "
                  "against me, move after me wheel to wheel) or none; the WHITE die decides "
                  "whether it obeys.",
}


def confirm(race, seat: int, action) -> str | None:
    """A warning before an action that costs the player's own race and cannot
    be taken back: no qualifying cards, a crash or spin when a counter-steer
    card could save the car, no battle cards, a long stop in the box."""
    p = race.turn.pending
    step = p.step if p is not None else None
    if step == "quali_cards" and isinstance(action, A.Cards) and not action.cards:
        return ("With no qualifying cards you score nothing and start at the back of the "
                "grid (FGP 6.2).")
    if step == "quali_save" and isinstance(action, A.CounterSteer) and action.card is None:
        return "Without a counter-steer card you crash: no score and a pit-lane start (FGP 6.2)."
    if step == "control" and isinstance(action, A.CounterSteer) and action.card is None:
        return "Without a counter-steer card your car spins and loses time (FGP 13.4.2)."
    if step == "battle_cards" and isinstance(action, A.Cards) and not action.cards:
        return ("With no battle cards only your OT counts: a defender does not defend, an "
                "attacker is unlikely to pass (FGP 9.3).")
    if step == "pit_stop" and isinstance(action, A.PitStop) and action.repair == "all":
        return ("Repairing everything keeps your car in the box for the next round "
                "(FGP 11.2.1).")
    return None


def tutorial() -> Tutorial:
    """A first race: one person against a Pro BOT on the fast ring."""
    return Tutorial(
        config={"seats": ["human", "pro"], "track": "fast"},
        seed=TUTORIAL_SEED,
        intro=("Your first FormulaGP race: you drive car #1 against one Pro BOT on the Fast "
               "ring. Each round you draw cards, play movement cards for speed, and drive "
               "space by space; tyres wear, ERS charges extend a move and OT wins battles. "
               "Every decision comes with a short word on how to choose."),
        outro=("That is a whole race: qualifying, the start, laps of cards, tyres and "
               "battles, and the chequered flag. Try a full grid of BOTs next, or the "
               "Advanced rules with weather and TEAM RADIO cards."),
        max_decisions=TUTORIAL_MAX,
        notes={"start_tyre": "Medium tyres are a safe first choice.",
               "move": "Each line is a whole move; the page marks where each one ends."})


TUTORIAL_SEED = 14
TUTORIAL_MAX = 60
