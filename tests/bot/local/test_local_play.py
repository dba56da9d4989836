"""``python -m bot play icesickle``, driven as a person at a terminal would drive it."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from shlex import quote

from PIL import Image

import engine
from tests.bot.terminal import ROOT
from tests.bot.terminal import run as play


def scripted_game(seed: int) -> tuple[list[str], engine.State]:
    """A whole IceSickle game's moves, chosen at random, and the state it ends in."""
    rng = random.Random(seed)
    state = engine.get_game("icesickle").new_game()
    moves = []
    while state.to_move is not None:
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state = state.apply(move)
    return moves, state


def test_a_whole_game_with_bad_input_along_the_way(tmp_path):
    moves, final = scripted_game(4)
    # Bad input at the start, in the middle of placing, and while jumping.
    lines = ["help", "moves", "c3-c5", "Q@c3", moves[0], moves[0], *moves[1:20]]
    lines += ["S@a1", "nonsense", "", "board", *moves[20:]]
    db = str(tmp_path / "parlor.db")
    args = ["play", "icesickle", "--db", db, "--out", str(tmp_path), "--names", "Ann", "Ben"]
    result = play(args, lines)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "Ann (seat 1) to move>" in out and "Ben (seat 2) to move>" in out
    assert "Legal moves (75):\n  S@a1 " in out  # in columns, one row a line
    assert "Not played: No jumping yet: 15 more pieces to place first" in out
    assert f"Not played: {moves[0][2:]} already holds a" in out
    assert "Not played: All 15 pieces are placed; now jump" in out
    assert out.count("Not played:") == 5
    # Each accepted move wrote one image, named by the move number, and said where.
    images = sorted(tmp_path.glob("move-*.png"))
    assert len(images) == len(moves) + 1
    said = out.split("Board image: ")[1:]
    assert len(said) == len(moves) + 1
    for number, move in enumerate(moves, start=1):  # what was played, then where its image is
        assert said[number - 1].split("\n", 1)[0] == str(tmp_path / f"move-{number - 1:03d}.png")
        # the move, then what it did: a jump says its captures ("...: captured a small on c3")
        assert re.search(rf" played {move}(: captured [^\n]+)?\.\n", said[number - 1])
    with Image.open(images[-1]) as im:
        assert im.format == "PNG" and im.width >= 900
    totals = final.totals()
    if final.outcome.winners:
        winner = "Ann" if final.outcome.winners == (0,) else "Ben"
        assert f"Game over: {winner} wins" in out
    else:
        assert "Game over: a draw" in out
    assert f"Scores: Ann {totals[0]}, Ben {totals[1]}." in out


def test_a_stopped_game_resumes_where_it_stopped(tmp_path, db_path):
    moves, _ = scripted_game(9)
    db = db_path  # an SQLite file, or a PostgreSQL database's URL
    out = str(tmp_path / "images")
    first = play(["play", "icesickle", "--db", db, "--out", out], [*moves[:20], "quit"])
    assert first.returncode == 0, first.stderr
    assert "Player 1 (seat 1)" in first.stdout and "Player 2 (seat 2) to move>" in first.stdout
    hint = f"Saved; continue with: python -m bot play --resume 1 --db {quote(db)} --out {out}"
    assert hint in first.stdout
    # Input running out also stops cleanly, and every accepted move is already saved.
    # --out is remembered: resumed without it, the images go on in the same folder.
    second = play(["play", "--resume", "--db", db], moves[20:25])
    assert second.returncode == 1 and "Input ended" in second.stdout
    assert re.search(
        rf" played {moves[24]}(: captured [^\n]+)?\.\nBoard image: {re.escape(out)}/move-025\.png",
        second.stdout,
    )
    assert f"continue with: python -m bot play --resume 1 --db {quote(db)}\n" in second.stdout
    third = play(["play", "--resume", "1", "--db", db, "--out", out], moves[25:])
    assert third.returncode == 0, third.stderr
    assert "Game over:" in third.stdout
    assert len(list(Path(out).glob("move-*.png"))) == len(moves) + 1
    again = play(["play", "--resume", "1", "--db", db, "--out", out], [])
    assert again.returncode == 2 and "already over" in again.stderr
    nothing = play(["play", "--resume", "--db", db, "--out", out], [])
    assert nothing.returncode == 2 and "No unfinished local game" in nothing.stderr


def test_unknown_game_and_bad_option_are_one_line_errors(tmp_path):
    common = ["--db", str(tmp_path / "parlor.db"), "--out", str(tmp_path)]
    result = play(["play", "chess", *common], [])
    assert result.returncode == 2 and "There is no game 'chess'" in result.stderr
    assert "Traceback" not in result.stderr
    result = play(["play", "icesickle", "--option", "rules=classic", *common], [])
    assert result.returncode == 2 and "no option 'rules'" in result.stderr
    result = play(["play", "icesickle", "--players", "3", *common], [])
    assert result.returncode == 2 and "for 2 players, not 3" in result.stderr
    result = play(["play", "--resume", "7", *common], [])
    assert result.returncode == 2 and "There is no game 7 in " in result.stderr


def test_running_the_bot_without_a_token_is_a_one_line_error():
    env_less = subprocess.run(
        [sys.executable, "-c", "import os, sys, runpy; os.environ.pop('DISCORD_TOKEN', None); "
         "sys.argv = ['bot']; runpy.run_module('bot', run_name='__main__')"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert env_less.returncode == 2
    assert env_less.stderr.strip() == "error: set DISCORD_TOKEN to the bot's token to run Parlor"


def test_a_three_player_pachisi_game_in_the_terminal(tmp_path):
    args = ["play", "pachisi", "--players", "3", "--option", "rules=classic", "--seed", "5"]
    args += ["--db", str(tmp_path / "parlor.db"), "--out", str(tmp_path), "--names", "Ann", "Ben"]
    result = play(args, ["moves", "9+9", "board", "quit"])
    assert result.returncode == 0, result.stderr
    out = result.stdout
    # Names given, and one made up for the seat left: seats in the order named.
    assert "hot-seat: Ann (seat 1), Ben (seat 2), Player 3 (seat 3)." in out
    assert "Legal moves (" in out or "The only legal move:" in out
    assert "Not played: Pawns are numbered 1 to 4." in out
    assert "classic rules, 3 players" in out  # the board in words
    (image,) = sorted(tmp_path.glob("move-*.png"))
    with Image.open(image) as board:
        assert board.width >= 1000


def test_a_postgresql_game_keeps_its_images_here_named_for_the_database(tmp_path, pg_server):
    """Without --out, a game of a PostgreSQL database draws into ./NAME-play/GAME-ID (no
    folder is named after the URL, and its marker never holds the password)."""
    import asyncio

    from tests.bot.databases import new_database

    db = asyncio.run(new_database(pg_server))
    name = db.split("?")[0].rsplit("/", 1)[1]
    moves, _ = scripted_game(3)
    done = play(["play", "icesickle", "--db", db], [*moves[:2], "quit"], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    folder = tmp_path / f"{name}-play" / "icesickle-1"
    assert sorted(p.name for p in folder.glob("move-*.png")) == [
        "move-000.png",
        "move-001.png",
        "move-002.png",
    ]
    assert [p.name for p in tmp_path.iterdir()] == [f"{name}-play"]


def test_ice_turn_refusals_name_the_problem_and_echo_what_was_typed(tmp_path):
    db = str(tmp_path / "parlor.db")
    args = ["play", "ice-turn", "--db", db, "--out", str(tmp_path), "--names", "Ann", "Ben"]
    result = play(args, ["Q@E5", "D@a1", "q a1", "Fly B2", "quit"])
    assert result.returncode == 0, result.stderr
    refusals = [line for line in result.stdout.splitlines() if "Not played:" in line]
    assert len(refusals) == 4, result.stdout
    assert refusals[0].endswith("Not played: e5 is not on the board (squares a1-d4).")
    assert refusals[1].endswith("Not played: A double arrow needs an axis: D@a1n or D@a1e.")
    assert refusals[2].endswith("Not played: Put @ between the tile and the square: Q@a1.")
    assert "Not played: 'Fly B2' is not Ice-Turn notation (Q@b2, " in refusals[3]
    assert "deal" not in refusals[3] and "roll" not in refusals[3]
