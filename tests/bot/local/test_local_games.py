"""Whole games of every game played through ``python -m bot play`` as a person would: read the
status line, list the moves, pick one, until the game is over; and Ctrl-C at the prompt."""

from __future__ import annotations

import random
import re

import pytest

from tests.bot.terminal import PROMPT, Terminal, first_screen, listed_moves

GAMES = [
    # game, players, what a player is told along the way (each must show up in a whole game)
    (
        "pachisi",
        2,
        [
            "won the opening roll with the highest die: ",
            " plays first.",
            "left to play: ",
            ": no move.",
            "(bonus 20).",
        ],
    ),
    ("pach-ice-i", 2, ["(Black) to move · rolled ", "dice left: ", "in goal: Ann ", ": knocked "]),
    (
        "icesickle",
        2,
        ["Round 1 of 2 · Ann to place (15 left to place)", "Round 1 over: Ann ", ": captured a "],
    ),
    (
        "ice-turn",
        3,
        [
            "Tiles dealt: Ann ",
            "to place a tile",
            "on the Treehouse die.",
            "Treehouse:",
            " of 3 pieces on the goal.",
        ],
    ),
]


@pytest.mark.parametrize(("game", "players", "told"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_in_the_terminal(tmp_path, game, players, told):
    rng = random.Random(game)
    names = ["Ann", "Ben", "Cat", "Dan"][:players]
    args = ["play", game, "--seed", "3", "--db", str(tmp_path / "p.db"), "--names", *names]
    args += ["--option", "round_limit=20"] if game == "ice-turn" else []
    term = Terminal(args)
    try:
        out = term.read()
        turns = 0
        while "Game over" not in out:
            turns += 1
            assert turns < 3000, "the game does not end"
            # Before every prompt: a status line naming the player on turn.
            *_, status, prompt = out.split("\n")
            mover = PROMPT.search(prompt).group(1)
            assert re.match(rf"Move \d+ · .*\b{mover}\b", status), status
            listing = term.type("moves")
            choice = rng.choice(sorted(listed_moves(listing)))  # whatever the layout
            out = term.type(choice)
            assert "Not played" not in out, (choice, out)  # every listed move plays
            # The move line says the move, then what it did ("...: captured Ben's pawn 1").
            said = re.search(rf"{mover} played {re.escape(choice)}[.:]", out)
            assert said or choice.startswith("roll"), (choice, out)
        assert term.proc.wait(timeout=30) == 0
    finally:
        term.close()
    for words in told:
        assert words in term.transcript, words
    images = sorted((tmp_path / "p-play").glob(f"{game}-1/move-*.png"))
    assert len(images) >= turns


def test_ctrl_c_at_the_prompt_ends_at_once_and_saves(tmp_path):
    db = str(tmp_path / "p.db")
    term = Terminal(["play", "icesickle", "--db", db])
    try:
        term.read()
        term.type("S@c3")
        status, out, err = term.interrupt()
    finally:
        term.close()
    assert status == 130
    assert f"Saved; continue with: python -m bot play --resume 1 --db {db}" in out
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    out = first_screen(["play", "--resume", "1", "--db", db])
    assert "Move 2 · Round 1 of 2 · Player 2 to place (14 left to place)" in out
