"""What the terminal says about a position and about the dice: ``bot/words/terminal.py`` read
against positions reached through the real engine."""

from __future__ import annotations

import random
import re

import engine
from bot.words import terminal as words
from engine.pachicei_board import GOAL
from tests.bot.game_records import NAMES
from tests.bot.positions import reach


def previous(state: engine.State) -> engine.State:
    """The state before ``state``'s last move."""
    return state.game.replay(state.num_players, state.options, state.history[:-1])


def rolled(state: engine.State) -> bool:
    """The last move was a roll (nothing after it)."""
    return bool(state.history) and str(state.history[-1]).startswith("roll ")


def test_pachisi_opening_roll_and_a_roll_with_no_move():
    state = engine.get_game("pachisi").new_game(3)
    said = words.events(
        state, ["roll 4", "roll 6", "roll 6", "roll 2", "roll 5", "roll 2 6"], NAMES
    )
    assert said == [
        "Ann threw 4 for the opening roll.",
        "Ben threw 6 for the opening roll.",
        "Cat threw 6 for the opening roll.",
        "Ben and Cat tied: they throw again.",
        "Ben threw 2 for the opening roll.",
        "Cat threw 5 for the opening roll.",
        # the throws that decided it, a tie's again: why Cat starts
        "Cat won the opening roll with the highest die: 6 then 5 against Ann 4 and Ben 6 then "
        "2. Cat plays first.",
        "Cat rolled 2 6: no move.",  # every pawn in the nest and no 5
    ]


def test_pachisi_status_says_the_dice_left_and_the_doublets_in_a_row():
    def one_die_played(s):
        return s.phase == "play" and s.doublets == 1 and len(s.remaining) == len(s.parts) - 1

    state = reach("pachisi", 2, one_die_played)
    line = words.status(state, NAMES)
    who = NAMES[state.seat]
    left = " ".join(map(str, state.remaining))
    assert line.startswith(f"Move {len(state.history) + 1} · {who} to move · rolled ")
    assert f"left to play: {left}" in line
    assert "1st doublet in a row" in line and "doublet 1" not in line


def test_pach_ice_i_status_and_a_pass():
    state = reach("pach-ice-i", 2, lambda s: s.phase == "play" and len(s.remaining) == 2)
    line = words.status(state, NAMES)
    colour = ("Black", "White")[state.seat]
    assert f"{NAMES[state.seat]} ({colour}) to move · rolled " in line
    assert f"dice left: {' '.join(map(str, state.remaining))}" in line
    assert "in goal: Ann " in line and "/15, Ben " in line
    # A roll that leaves the roller no move passes the turn, and the terminal says so.
    for seed in range(50):
        try:
            passed = reach("pach-ice-i", 2, lambda s: s.is_chance_node() and rolled(s), seed)
            break
        except AssertionError:
            continue
    before = previous(passed)
    said = words.events(before, [str(passed.history[-1])], NAMES)
    assert said == [f"{NAMES[before.roller]} rolled {str(passed.history[-1])[5:]}: no move."]


def test_icesickle_round_end_is_said_with_the_round_scores():
    state = reach("icesickle", 2, lambda s: s.phase == "jump" and s.round == 1)
    before = state
    while state.round == 1:
        before, state = state, state.apply(random.Random(2).choice(state.legal_moves()))
    last = str(state.history[-1])
    ann, ben = state.round_scores()[0]
    assert words.events(before, [last], NAMES)[-1] == f"Round 1 over: Ann {ann}, Ben {ben}."
    line = words.status(state, NAMES)
    assert "Round 2 of 2 · Ben to place (15 left to place)" in line
    assert f"total: Ann {ann}, Ben {ben}" in line


def test_ice_turn_status_gives_points_and_the_treehouse_face():
    state = reach("ice-turn", 2, lambda s: s.phase == "move" and s.action is None)
    line = words.status(state, NAMES)
    assert f"rolled {state.rolled}" in line
    assert f"{state.points} point{'s' if state.points != 1 else ''} left" in line
    assert f"Treehouse: {state.face.upper()}" in line and "not used yet" in line
    roll = str(state.history[-1])
    before = previous(state)
    said = words.events(before, [roll], NAMES)
    points, face = roll.split()[1:]
    assert said == [
        f"{NAMES[before.roller]} rolled {points} and {face.upper()} on the Treehouse die."
    ]


def test_moves_are_listed_whole_in_aligned_columns():
    state = reach("ice-turn", 2, lambda s: any(str(m).startswith("aim ") for m in s.legal_moves()))
    legal = [str(m) for m in state.legal_moves()]
    lines = words.moves_text(state).split("\n")
    assert lines[0] == f"Legal moves ({len(legal)}):"
    rows = lines[1:]
    assert all(len(row) <= words.WIDTH for row in rows)
    listed = [m for row in rows for m in re.split(r" {3,}", row.strip())]
    assert sorted(listed) == sorted(legal)  # every move whole: none cut across lines
    starts = {m.start() for row in rows for m in re.finditer(r"(?:^ {2}|(?<= {3}))\S", row)}
    assert len(starts) <= max(len(re.split(r" {3,}", row.strip())) for row in rows)  # columns


def test_rules_and_board_in_plain_words():
    for key in engine.GAMES:
        text = words.rules_text(key)
        assert "**" not in text and "`" not in text
        assert all(len(line) <= words.WIDTH for line in text.split("\n"))
    state = reach("icesickle", 2, lambda s: s.placed == 3)
    board = words.board_text(state, NAMES)
    assert all(len(line) <= words.WIDTH for line in board.split("\n"))
    assert "Ann" in board


def test_pachisi_third_doublet_sends_the_leading_pawn_back():
    state = engine.get_game("pachisi").new_game(2, {"first_pawn_out": "on"})
    state = state.apply("roll 6").apply("roll 1")  # Ann starts
    moves = ["roll 3 3", "1+3", "1+3", "roll 2 2", "1+2", "1+2", "roll 4 4"]
    said = words.events(state, moves, NAMES)
    assert said[0] == "Ann rolled 3 3 (1st doublet in a row: Ann rolls again after this)."
    assert said[-1] == (
        "Ann rolled 4 4: a 3rd doublet in a row, so pawn 1 goes back to the nest and the turn "
        "passes."
    )


def test_pachisi_third_doublet_with_every_pawn_in_the_nest_only_passes_the_turn():
    state = engine.get_game("pachisi").new_game(2).apply("roll 6").apply("roll 1")
    said = words.events(state, ["roll 3 3", "roll 3 3", "roll 3 3"], NAMES)
    assert said == [
        "Ann rolled 3 3: no move.",
        "Ann rolled 3 3: no move.",
        "Ann rolled 3 3: a 3rd doublet in a row, so the turn passes.",
    ]


# -- the move line says what the move did ---------------------------------------------------


def moved(key: str, players: int, did, **options) -> tuple[engine.State, engine.State]:
    """A player's move (not a roll) of a random game for which ``did(before, after)`` holds:
    the states before and after it."""
    for seed in range(40):
        try:
            after = reach(
                key,
                players,
                lambda s: (
                    bool(s.history)
                    and not rolled(s)
                    and not previous(s).is_chance_node()
                    and did(previous(s), s)
                ),
                seed,
                **options,
            )
        except AssertionError:
            continue
        return previous(after), after
    raise AssertionError("not reached")


def said_move(before: engine.State, after: engine.State) -> str:
    """The move line ``events`` prints for the move from ``before`` to ``after``."""
    return words.events(before, [after.history[-1]], NAMES, first=True)[0]


def test_pachisi_move_line_says_the_capture_and_its_bonus():
    def captured(before, after):
        return any(e.kind == "capture" for e in after.effects)

    before, after = moved("pachisi", 2, captured)
    (victim,) = [e for e in after.effects if e.kind == "capture"]
    who, other = NAMES[before.seat], NAMES[victim.seat]
    line = f"{who} played {after.history[-1]}: captured {other}'s pawn {victim.pawn} (bonus 20)."
    assert said_move(before, after) == line


def test_pachisi_move_line_says_a_pawn_reached_home_and_its_bonus():
    def home(before, after):
        return any(e.end == 71 for e in after.effects) and not after.is_over()

    before, after = moved("pachisi", 2, home)
    (pawn,) = [e.pawn for e in after.effects if e.end == 71]
    line = f"{NAMES[before.seat]} played {after.history[-1]}: pawn {pawn} reached HOME (bonus 10)."
    assert said_move(before, after) == line


def test_pachisi_plain_move_line_says_only_the_move():
    def plain(before, after):
        return after.effects and after.effects[0].kind == "move" and len(after.effects) == 1

    before, after = moved("pachisi", 2, lambda b, a: plain(b, a) and a.effects[0].end < 64)
    assert said_move(before, after) == f"{NAMES[before.seat]} played {after.history[-1]}."


def _changes(before, after):
    done = after.turn_log or (after.last_turn.changes if after.last_turn else ())
    return done[len(before.turn_log) :]


def test_pach_ice_i_move_line_says_a_piece_knocked_into_its_goal():
    def knocked(before, after):
        return any(c.displaced and c.displaced[3] for c in _changes(before, after))

    before, after = moved("pach-ice-i", 2, knocked)
    line = said_move(before, after)
    (owner, size, _, _) = next(c.displaced for c in _changes(before, after) if c.displaced)
    size_word = ("small", "medium", "large")[size - 1]
    assert line.startswith(f"{NAMES[before.seat]} played {after.history[-1]}: ")
    assert f"knocked {NAMES[owner]}'s {size_word} into its goal" in line


def test_pach_ice_i_move_line_says_a_piece_knocked_back_to_its_pad():
    def knocked(before, after):
        return any(c.displaced and not c.displaced[3] for c in _changes(before, after))

    before, after = moved("pach-ice-i", 2, knocked)
    (owner, size, _, _) = next(c.displaced for c in _changes(before, after) if c.displaced)
    size_word = ("small", "medium", "large")[size - 1]
    assert f": knocked {NAMES[owner]}'s {size_word} back to its pad" in said_move(before, after)


def test_pach_ice_i_move_line_says_the_movers_own_piece_reached_the_goal_without_naming_them():
    def own(before, after):
        return any(c.end == GOAL and c.owner == before.seat for c in _changes(before, after))

    before, after = moved("pach-ice-i", 2, own)
    line = said_move(before, after)
    assert line.startswith(f"{NAMES[before.seat]} played {after.history[-1]}: ")
    assert " reached the goal" in line and f"{NAMES[before.seat]}'s" not in line


def test_icesickle_move_line_says_the_pieces_captured_and_the_pips():
    before, after = moved("icesickle", 2, lambda b, a: len(a.last_captured) >= 1)
    pieces = [f"a {size.word} on {sq_name}" for sq_name, size in _named(after.last_captured)]
    gained = sum(int(size) for _, size in after.last_captured)
    line = said_move(before, after)
    assert line.startswith(f"{NAMES[before.seat]} played {after.history[-1]}: captured ")
    assert line.endswith(f" (+{gained}).")
    for piece in pieces:
        assert piece in line


def _named(captured):
    from engine.icesickle import GRID

    return [(GRID.name(sq), size) for sq, size in captured]


def test_ice_turn_move_line_says_a_piece_reaching_the_goal():
    def reached(before, after):
        seat = before.seat
        return after.at_goal(seat) > before.at_goal(seat)

    before, after = moved("ice-turn", 2, reached, round_limit=20)
    now = after.at_goal(before.seat)
    who = NAMES[before.seat]
    line = said_move(before, after)
    assert line.startswith(f"{who} played {after.history[-1]}: ")
    assert f"{who} now has {now} of 3 pieces on the goal" in line
