"""The terminal's words read as a player reads them: each thing said once, in a sentence with
its verb, naming only what is at the table; laid out to read left to right; and the command
line's refusals saying what would work. Through the real ``python -m bot play`` where the words
are the program's own, else the functions that the ``board`` and ``moves`` commands print."""

from __future__ import annotations

import random
import re

import engine
from bot.service.facade import draw_chance
from bot.words import terminal as words
from tests.bot.game_records import NAMES
from tests.bot.positions import reach
from tests.bot.terminal import PROMPT, Terminal, listed_moves, run


def said_lines(result, start: str) -> list[str]:
    assert result.returncode == 0, result.stderr
    return [line for line in result.stdout.splitlines() if line.startswith(start)]


def test_ice_turns_deal_is_said_once_with_every_hand(tmp_path):
    result = run(["play", "ice-turn", "--names", *NAMES, "--db", str(tmp_path / "p.db")], ["quit"])
    (dealt,) = said_lines(result, "Tiles dealt: ")  # one line, not one more a seat dealt
    hands = dealt.removeprefix("Tiles dealt: ").removesuffix(".").split("; ")
    assert [hand.split()[0] for hand in hands] == NAMES, dealt
    tiles = sum(int(n) for n in re.findall(r"(\d+) (?:Q-Turner|double arrow|single arrow)", dealt))
    assert tiles == 16, dealt


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=\.)\s+(?=[A-Z])", text.replace("\n  ", " ")) if s]


def test_pachisi_board_after_a_roll_says_the_last_pawn_move_with_its_verb():
    def after_a_capture_then_a_roll(s):
        return s.phase == "play" and str(s.last_move).startswith("roll") and s.effects

    state = reach("pachisi", 3, after_a_capture_then_a_roll, seed=1)
    board = words.board_text(state, NAMES[:3])
    mover = NAMES[state.seat]
    last = board[board.index("Last move: ") :]
    first, second = sentences(last)
    assert re.fullmatch(rf"Last move: {mover} threw \d and \d\.", first), last
    # Not "Ann's pawn 2 from 4 past Ben's entry to ...": a sentence, saying the move was before.
    assert re.fullmatch(r"The last pawn move: \w+'s pawn \d (went from|entered).*\.", second), last


def test_pachisi_names_squares_from_the_entries_of_the_players_at_the_table():
    # Three players sit at the bottom, right and top arms: the left arm is nobody's, and a
    # square near it is named from a player's entry ("12 past Cat's entry").
    rng = random.Random(3)
    state = engine.get_game("pachisi").new_game(3)
    text = ""
    while not state.is_over() and len(state.history) < 600:
        if state.is_chance_node():
            state = state.apply(draw_chance(state, rng))
        else:
            state = state.apply(rng.choice(state.legal_moves()))
        text += words.board_text(state, NAMES[:3]) + "\n"
    assert "arm's entry" not in text
    named = re.findall(r"(?:(\d+) (?:past|before) )?(\w+)'s entry", text)
    assert {who for _, who in named} <= set(NAMES[:3]), named
    assert any(int(count or 0) > 8 for count, _ in named)  # squares by the empty arm too


def test_the_dice_are_said_once_when_none_is_played_yet():
    pachicei = reach("pach-ice-i", 2, lambda s: s.phase == "play" and s.remaining == s.dice)
    dice = ", ".join(map(str, pachicei.dice[:-1])) + f" and {pachicei.dice[-1]}"
    board = words.board_text(pachicei, NAMES)
    assert f"rolled {dice}, all three to play" in board.replace("\n  ", " "), board
    assert board.count(dice) == 1, board
    status = words.status(pachicei, NAMES)  # the line before the prompt, too
    assert f"rolled {' '.join(map(str, pachicei.dice))}, all three to play · " in status, status
    assert "dice left" not in status
    pachisi = reach("pachisi", 2, lambda s: s.phase == "play" and len(s.remaining) == 2)
    board = words.board_text(pachisi, NAMES)
    a, b = pachisi.dice
    assert f"rolled {a} and {b}, both to play." in board, board
    assert board.count(f"{a} and {b}") == 2, board  # the roll, and the last move's throw
    status = words.status(pachisi, NAMES)
    assert status.endswith(f" · rolled {a} {b}, both to play"), status


def test_lost_bonuses_are_counted_not_listed():
    def loses_two(s):
        return len(s.lost_bonuses) == 2 and s.phase != "play"

    state = reach("pachisi", 2, loses_two, seed=2)
    before = engine.get_game("pachisi").replay(2, state.options, state.history[:-1])
    said = words.events(before, [state.last_move], NAMES[:2], first=True)
    size = state.lost_bonuses[0]
    assert said[-1] == f"Lost: two bonuses of {size} (no pawn could take them whole).", said
    board = words.board_text(state, NAMES[:2]).replace("\n  ", " ")
    assert f"; two bonuses of {size} lost" in board, board  # the board's words too
    from render.pachisi_words import bonus_words

    assert bonus_words([20]) == "the bonus of 20"
    assert bonus_words([20], "a") == "a bonus of 20"
    assert bonus_words([10, 20]) == "bonuses of 20 and 10"


def test_undo_says_which_move_it_took_back(tmp_path):
    db = str(tmp_path / "p.db")
    args = ["play", "pachisi", "--option", "undo=on", "--option", "first_pawn_out=on"]
    term = Terminal([*args, "--names", "Ann", "Ben", "--seed", "3", "--db", db])
    try:
        out = term.read()
        mover = PROMPT.search(out).group(1)
        move = listed_moves(term.type("moves"))[0]
        assert f"{mover} played {move}" in term.type(move)
        out = term.type("undo")
        board = term.type("board")
    finally:
        term.close()
    assert f"{mover} took back {move}." in out, out
    assert "played undo" not in out
    assert f"Last move: {mover} took back {move}." in board, board  # not "played undo: ."


def test_moves_read_left_to_right_row_by_row():
    state = reach("ice-turn", 2, lambda s: len(s.legal_moves()) > 40)
    legal = [str(m) for m in state.legal_moves()]
    rows = words.moves_text(state).split("\n")[1:]
    assert len(rows) > 1
    read = [m for row in rows for m in re.split(r" {3,}", row.strip())]
    assert read == legal  # in order along each row, then the next row


def test_the_first_line_says_who_plays_not_hot_seat_when_parlor_does(tmp_path):
    db = str(tmp_path / "p.db")
    watched = run(["play", "icesickle", "--ai", "all:easy", "--db", db])
    (head,) = said_lines(watched, "IceSickle game 1")
    assert head == (
        "IceSickle game 1, Parlor plays every seat: Parlor (easy) (seat 1), "
        "Parlor 2 (easy) (seat 2)."
    )
    assert "Type a move" not in watched.stdout  # nobody types in it
    against = run(["play", "icesickle", "--names", "Ann", "--ai", "2:easy", "--db", db], ["quit"])
    (head,) = said_lines(against, "IceSickle game 2")
    assert head == "IceSickle game 2, Ann against Parlor: Ann (seat 1), Parlor (easy) (seat 2)."
    people = run(["play", "icesickle", "--names", "Ann", "Ben", "--db", db], ["quit"])
    (head,) = said_lines(people, "IceSickle game 3")
    assert head == "IceSickle game 3, hot-seat: Ann (seat 1), Ben (seat 2)."


def one_line_error(result) -> str:
    assert result.returncode == 2, (result.stdout, result.stderr)
    (line,) = result.stderr.strip().split("\n")
    return line


def test_resuming_a_game_not_there_names_the_games_that_are(tmp_path):
    db = str(tmp_path / "p.db")
    line = one_line_error(run(["play", "--resume", "999", "--db", db]))
    assert line == (
        f"error: There is no game 999 in {db}, and no unfinished local game to resume; "
        "start one (python -m bot play pachisi)."
    )
    run(["play", "icesickle", "--names", "Ann", "Ben", "--db", db], ["quit"])
    run(["play", "pachisi", "--names", "Cat", "Dan", "Eve", "--db", db], ["quit"])
    line = one_line_error(run(["play", "--resume", "999", "--db", db], env={"TZ": "UTC0"}))
    when = r"\d{4}-\d\d-\d\d \d\d:\d\d UTC"
    assert re.fullmatch(
        rf"error: There is no game 999 in {re.escape(db)}; games to resume: "
        rf"game 2, Pachisi with Cat, Dan and Eve, last move {when}; "
        rf"game 1, IceSickle with Ann and Ben, last move {when} "
        rf"\(python -m bot play --resume 2 --db {re.escape(db)}\)\.",
        line,
    ), line


def test_too_many_names_say_how_many_players_the_game_takes(tmp_path):
    db = str(tmp_path / "p.db")
    line = one_line_error(run(["play", "icesickle", "--names", "A", "B", "C", "--db", db]))
    assert line == "error: IceSickle is for 2 players, not 3: give at most 2 names."
    line = one_line_error(run(["play", "pachisi", "--names", *"ABCDE", "--db", db]))
    assert line == "error: Pachisi is for 2-4 players, not 5: give at most 4 names."
    line = one_line_error(run(["play", "pachisi", "--players", "2", "--names", *"ABC", "--db", db]))
    assert line == (
        "error: 3 names for --players 2: give at most 2 names, or --players 3 "
        "(Pachisi is for 2-4 players)."
    )
    nothing = one_line_error(run(["play", "--resume", "1", "--db", db]))
    assert "no unfinished local game to resume" in nothing  # no game was made
