"""The stock-car rules, one module per part of the rules (chapter and ours):
setup (Team Sheet, grid), turn (sequence of play), movement (race cards,
packs, pushing, corners), order (running order, lapping, finishing), events
(Team Bar, Event cards, yellow flags), pits, scoring."""
