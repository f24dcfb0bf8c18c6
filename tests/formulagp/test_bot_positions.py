"""BOT cars in hand-written positions (bot/position.py; formulagp-positions.md)."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import BadInput
from chequered.games.formulagp.position import position

HEAD = 'format = "formulagp-position/1"\n'
CARS = '''
[[car]]
name = "vireo"
controller = "pro"
at = "3.2.1"
bot = { strategy = "STR07", tactics = "TAC20", pit = { round = 9, icon = "pit" } }
[[car]]
name = "halcyon"
controller = "rookie"
at = "2.3.1"
[[car]]
name = "lumen"
at = "2.1.1"
'''


def test_a_position_with_a_pro_and_a_rookie():
    """The cards given are the BOTs'; the decks hold the rest; the Pro of a round-2
    position draws its new TACTICS card from the listed top (BOT 1.7.2.2)."""
    st = position(HEAD + 'round = 4\nbots = { rookie_tactics = "TAC05" }\n' + CARS)
    pro = st.bots["cars"]["0"]
    assert (pro["strategy"], pro["tactics"], pro["pit"]) == \
        ("STR07", "TAC20", {"round": 9, "space": 17, "icon": "pit"})
    assert st.bots["rookie"] == {"tactics": "TAC05", "side": "fast"}
    assert "TAC20" not in st.decks["tactics"].pile and len(st.decks["tactics"].pile) == 19
    st = position(HEAD + 'round = 2\nbots = { tactics = ["TAC15"] }\n' + CARS)
    assert st.bots["cars"]["0"]["tactics"] == "TAC15"
    assert "TAC20" in st.decks["tactics"].discards


@pytest.mark.parametrize("extra,words", [
    ('bots = { rookie_tactics = "TAC20" }\n', "single-LED"),
    ('bots = { tactics = ["TAC03"] }\n', "TAC03"),
    ('bots = { jokers = 1 }\n', "unknown"),
])
def test_bad_bot_positions_are_one_clear_line(extra, words):
    with pytest.raises(BadInput) as exc:
        position(HEAD + extra + CARS)
    assert words.lower() in str(exc.value).lower()


def test_a_bot_table_needs_a_bot_car():
    with pytest.raises(BadInput):
        position(HEAD + '[[car]]\nname = "vireo"\nat = "3.2.1"\nbot = { side = "slow" }\n')


def test_bot_1_7_2_2_from_a_position_exact_movement_points():
    """Round 2, the Pro (Vireo: PRO01, faster side: 8th gear GREEN 4) on a tile of
    8th gear, Medium tyres (+2), the WHITE die green: 6 MP, new TACTICS card TAC15."""
    st = position(HEAD + 'round = 2\nrolls = ["white:3"]\nbots = { tactics = ["TAC15"] }\n'
                  + CARS)
    assert st.move["seat"] == 0 and st.move["gear"] == 8
    assert (st.move["pace"], st.move["mp"]) == ("green", 4 + 2)
    assert st.bots["cars"]["0"]["tactics"] == "TAC15"
