"""Race Pace rules, one module per part of the rulebook.

setup      Game Setup (prepare circuit, player boards, tyres), Campaign races
cards      Step 1: turning Weather and Race Situation cards, the forecast
safety_car Safety Car situations: when they happen and what they limit
actions    Step 2: the 11 actions, React, Team Play's A/B buttons, Bot actions
pace       Steering Wheel N and the Reference Card: counting the Race Pace
movement   Step 3b: tyres and cars, leaderboard, backmarkers, Defend, skills
finish     Winning the Game, Team Play points, Campaign standings, the result
steps      the decisions, one engine Step each (the table the machine runs)
resolve    Step 3 once everyone has selected, then the next round's Step 1
round      the order of a race: the machine's phase functions (who decides
           next, and what happens between decisions)
"""
