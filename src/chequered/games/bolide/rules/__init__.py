"""Bolide rules, one module per part of the rulebook.

moves        1 Moves, 2 Moves Off the Track, 4 Sharp Brakings, 5 protecting points
             and slipstream: which arrival points a car has
outlook      what a move leads to, for players: its kind, speed and risks, and what
             the next turn offers after it (the rules' own move lists)
order        3 Turns of the Game: ranking by sector and red arrow, laps
engagements  6 Engages and the Safety Car
requests     7 Superior Performances: Booster and Brake requests, 8 Half Spin
pitlane      9 Pit Lane, 15 Repairs
advanced     10 Weather, 11 Race Strategy, 13 Rain, 14 Start tables
qualifying   12 Qualifying Session
championship 16 Championship
steps        the decision machine: every decision step and the automatic step of
             every phase (engine/steps.Machine)
turn         the car's move and what follows it (the move, joker, reposition, pit
             lane decisions)
phases       between decisions: each car in race order, the end of a turn, the
             Safety Car re-grid, strategies, the end of a race and its result
setup        Preparation: the grid by the die, the weather, the cars on the grid
decide       asking a car for a decision of the table
dice_tables  the Appendix tables
"""
