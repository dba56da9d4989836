"""``python -m bot play ... --ai``: Parlor in a terminal game, a hint, and resuming."""

from __future__ import annotations

import io
import re

import engine
import render
from bot.__main__ import parser
from bot.local import play as local
from tests.bot.terminal import Terminal
from tests.bot.terminal import run as play
from tests.render.images import same_picture


def test_parlor_plays_every_seat_to_the_end_printing_each_move(tmp_path):
    db, out = str(tmp_path / "parlor.db"), str(tmp_path / "images")
    result = play(["play", "icesickle", "--db", db, "--out", out, "--ai", "all:easy"])
    assert result.returncode == 0, result.stderr
    said = result.stdout
    assert "Parlor plays every seat: Parlor (easy) (seat 1), Parlor 2 (easy) (seat 2)." in said
    assert "to move>" not in said  # nobody is asked
    assert said.count("Parlor (easy) played ") >= 15 and "Game over:" in said


def test_a_player_against_parlor_asks_for_a_hint_and_plays_it(tmp_path):
    db, out = str(tmp_path / "parlor.db"), str(tmp_path / "images")
    args = ["play", "icesickle", "--db", db, "--out", out, "--names", "Ann", "--ai", "2:medium"]
    terminal = Terminal(args)
    try:
        text = terminal.read()
        assert "Ann (seat 1), Parlor (medium) (seat 2)" in text
        hint = terminal.type("hint")
        move = hint.split("Parlor would play ", 1)[1].split(":", 1)[0].split(".", 1)[0]
        assert engine.get_game("icesickle").new_game(2).parse(move)
        after = terminal.type(move)  # Ann's move, then Parlor's, then Ann's prompt again
        assert f"Ann played {move}." in after and "Parlor (medium) played " in after
        assert after.rstrip().endswith("Ann (seat 1) to move>")
        terminal.proc.stdin.write(b"quit\n")
        terminal.proc.stdin.flush()
        assert terminal.proc.wait(30) == 0
    finally:
        terminal.close()
    again = play(["play", "--resume", "--db", db], ["quit"])
    assert again.returncode == 0 and "Parlor (medium) (seat 2)" in again.stdout
    refused = play(["play", "--resume", "--db", db, "--ai", "1:hard"])
    assert refused.returncode == 2 and "--ai is for a new game" in refused.stderr


def test_bad_ai_seats_are_one_line_errors(tmp_path):
    db = str(tmp_path / "parlor.db")
    for given, said in (
        ("3:hard", "--ai names a seat from 1 to 2 (or all), not '3'."),
        ("1:genius", "--ai takes SEAT:LEVEL with a level of easy, medium, hard"),
        ("hard", "--ai takes SEAT:LEVEL"),
    ):
        result = play(["play", "icesickle", "--db", db, "--ai", given])
        assert result.returncode == 2 and said in result.stderr, result.stderr
        assert result.stderr.count("\n") == 1


def test_the_jump_ending_round_1_has_its_image_when_parlor_then_places_first(tmp_path):
    # Seed 1: Parlor 2 (seat 2) makes the jump that ends round 1, then places first in round 2
    # in the same turn; the round-end board (with its "Round 1 over" banner) gets an image.
    db, out = str(tmp_path / "parlor.db"), tmp_path / "images"
    args = ["play", "icesickle", "--db", db, "--out", str(out), "--seed", "1", "--ai", "all:easy"]
    result = play(args)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    over = next(i for i, line in enumerate(lines) if line.startswith("Round 1 over:"))
    moves = [  # "NAME played MOVE." or "NAME played MOVE: what it did."
        re.split(r"[:.]$|: ", line.split(" played ", 1)[1], maxsplit=1)[0]
        for line in lines[:over]
        if " played " in line
    ]
    assert lines[over - 1].startswith("Parlor 2 (easy) played ")  # the jump that ends it
    image = out / f"move-{len(moves):03d}.png"
    assert lines[over + 1] == f"Board image: {image}"
    assert lines[over + 2].startswith("Parlor 2 (easy) played ")  # and round 2's first piece
    state = engine.get_game("icesickle").new_game(2)
    for move in moves:
        state = state.apply(state.parse(move))
    assert state.round == 2 and state.round_boards  # the round is over: the image shows it
    names = ["Parlor (easy)", "Parlor 2 (easy)"]
    assert same_picture(image.read_bytes(), render.render(state, names=names))


def test_a_resumed_game_first_says_what_parlor_played_since_the_last_move_here(tmp_path):
    db, out = str(tmp_path / "parlor.db"), str(tmp_path / "images")
    args = ["play", "icesickle", "--db", db, "--out", out, "--names", "Ann", "--ai", "2:easy"]
    first = play(args, ["S@c3", "quit"])
    assert first.returncode == 0, first.stderr
    parlor = next(line for line in first.stdout.splitlines() if line.startswith("Parlor"))
    assert parlor.startswith("Parlor (easy) played ")
    again = play(["play", "--resume", "--db", db], ["quit"])
    assert again.returncode == 0, again.stderr
    said = again.stdout
    assert f"Since the last move made here:\n  {parlor}\n" in said
    assert said.count(" played ") == 1  # Ann's own move is not said again, nor Parlor's twice
    assert said.index(parlor) < said.index("Ann (seat 1) to move>")


class _Screen(io.StringIO):
    """What a terminal shows: output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_a_thinking_line_stands_at_a_terminal_while_the_hard_ai_thinks(tmp_path):
    db, out = str(tmp_path / "parlor.db"), str(tmp_path / "images")
    given = ["play", "icesickle", "--db", db, "--out", out, "--names", "Ann", "--ai", "2:hard"]
    screen = _Screen()
    assert local.main(parser().parse_args(given), io.StringIO("S@c3\nquit\n"), screen) == 0
    shown = screen.getvalue()
    # said before Parlor plays, and erased (carriage return, clear to the line's end) after
    assert "Parlor (hard) is thinking...\r\x1b[KParlor (hard) played " in shown
    given[3], given[5] = str(tmp_path / "piped.db"), str(tmp_path / "piped")  # output piped
    piped = play(given, ["S@c3", "quit"])
    assert piped.returncode == 0, piped.stderr
    assert "Parlor (hard) played " in piped.stdout and "is thinking" not in piped.stdout
