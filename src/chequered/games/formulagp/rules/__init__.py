"""FormulaGP rules, one module per chapter of the rulebook (FGP = the core
rulebook, BOT = the BOT rules). See docs/design/formulagp-digest.md for the
module split and the round state machine.

setup     FGP 3, 5: a fresh race (decks, control panel, pit boxes, boards)
cards     FGP 4.1-4.2, 4.10, 4.12: deck operations, hand limit, ERS, parameters
secondary FGP 4.2.2: spending cards for their secondary functions
draw      FGP 7.3.1: the draw phase, returns, the no-movement-card procedure
sequence  FGP 7.3.2: the driver sequence
movement  FGP 7.3.3, 8: movement
"""
