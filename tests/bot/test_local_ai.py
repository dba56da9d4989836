"""``python -m bot play ... --ai``: Parlor in a terminal game, a hint, and resuming."""

from __future__ import annotations

import engine

from .terminal import Terminal
from .terminal import run as play


def test_parlor_plays_every_seat_to_the_end_printing_each_move(tmp_path):
    db, out = str(tmp_path / "parlor.db"), str(tmp_path / "images")
    result = play(["play", "icesickle", "--db", db, "--out", out, "--ai", "all:easy"])
    assert result.returncode == 0, result.stderr
    said = result.stdout
    assert "hot-seat: Parlor (easy) (seat 1), Parlor 2 (easy) (seat 2)." in said
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
