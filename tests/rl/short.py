"""Short races of every game for the RL tests (a few seconds each)."""

SHORT = {
    "racepace": {"track": "italy"},
    "stockcar": {"track": "short", "laps": 1},
    "bolide": {"track": "ring", "turn_limit": 20},
    "formulagp": {"track": "fast"},
}
# the same against each game's own bots, for the one-seat environment
AGAINST_BOTS = {
    "racepace": {**SHORT["racepace"], "seats": ["human", "bot", "bot"]},
    "stockcar": {**SHORT["stockcar"], "seats": ["human", "bot"]},
    "bolide": {**SHORT["bolide"], "seats": ["human", "club"]},
    "formulagp": {**SHORT["formulagp"], "seats": ["human", "heuristic"]},
}
GAMES = sorted(SHORT)
