"""``python -m bot`` and ``python -m bot play``: what a newcomer types and gets back. Each
mistake is one clear line on stderr (never a traceback) and changes nothing; the resume command
printed is one that works; image folders are never shared between games or databases."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from tests.bot.terminal import ROOT, run


def one_line_error(result, status: int = 2) -> str:
    assert result.returncode == status, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    (line,) = result.stderr.strip().split("\n")
    assert line.startswith("error: ")
    return line


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "p.db")


def test_bad_arguments_are_one_line_and_create_nothing(tmp_path, db):
    cases = [
        (["--resume", "abc"], "--resume takes a game number such as 3"),
        (["icesickle", "--players", "0"], "for 2 players, not 0"),
        (["pachisi", "--players", "0"], "for 2-4 players, not 0"),
        (["icesickle", "--names", "Ann", "Ben", "Cat"], "IceSickle is for 2 players, not 3"),
        (["pachisi", "--players", "2", "--names", "A", "B", "C"], "or --players 3 (Pachisi"),
        (["chess"], "There is no game 'chess'; games: pachisi, pach-ice-i"),
        (["--resume", "7"], "There is no game 7 in"),
    ]
    for args, words in cases:
        line = one_line_error(run(["play", *args, "--db", db, "--out", str(tmp_path / "i")]))
        assert words in line, (args, line)
    assert not (tmp_path / "i").exists()  # nothing was started
    # A game of another kind than the one named.
    assert run(["play", "pachisi", "--db", db], ["quit"]).returncode == 0
    line = one_line_error(run(["play", "icesickle", "--resume", "1", "--db", db]))
    assert "Game 1 is Pachisi, not IceSickle" in line
    line = one_line_error(run(["play", "icesickle", "--resume", "--db", db]))
    assert "No unfinished IceSickle game to resume" in line


def test_a_game_name_in_any_case_or_without_hyphens(db):
    for number, name in enumerate(("Pachisi", "ICESICKLE", "iceturn", "Pach-Ice-I"), start=1):
        result = run(["play", name, "--db", db], ["quit"])
        assert result.returncode == 0, result.stderr
        assert f"game {number}, hot-seat:" in result.stdout


def test_a_clock_is_accepted_and_shown_with_each_turn(db):
    # When the move is due, in the terminal's time, its zone named (POSIX TZ strings: no tzdata).
    for tz, zone in (("UTC0", "UTC"), ("JST-9", "JST"), ("<+03>-3", "UTC+03")):
        result = run(["play", "icesickle", "--clock", "3d", "--db", db], ["quit"], {"TZ": tz})
        assert result.returncode == 0, result.stderr
        status = next(line for line in result.stdout.splitlines() if line.startswith("Move 1 "))
        due = rf" · 3 days per move, due \d{{4}}-\d\d-\d\d \d\d:\d\d \({re.escape(zone)}\)$"
        assert re.search(due, status), status
    plain = run(["play", "icesickle", "--db", db], ["quit"])  # none by default: no clock shown
    assert "per move" not in plain.stdout
    line = one_line_error(run(["play", "icesickle", "--clock", "4d", "--db", db]))
    assert "clock can be none, 1d, 2d, 3d, 5d, 7d, 14d, not '4d'" in line


def test_default_names_follow_the_seats(db):
    result = run(["play", "pachisi", "--players", "4", "--db", db], ["quit"])
    assert result.returncode == 0, result.stderr
    seats = ", ".join(f"Player {n} (seat {n})" for n in range(1, 5))
    assert f"hot-seat: {seats}." in result.stdout
    # Names given are seated in the order given; as many players as names.
    result = run(["play", "ice-turn", "--names", "Ann", "Ben", "Cat", "--db", db], ["quit"])
    assert "hot-seat: Ann (seat 1), Ben (seat 2), Cat (seat 3)." in result.stdout


def test_a_very_long_line_is_refused_without_echoing_it(db):
    result = run(["play", "icesickle", "--db", db], ["x" * 10_000, "quit"])
    assert result.returncode == 0
    assert "Not played: That is too long to be a move (10,000 characters)" in result.stdout
    assert max(map(len, result.stdout.split("\n"))) < 300


def test_help_mentions_undo_only_where_the_game_has_it(db):
    with_undo = run(["play", "pachisi", "--option", "undo=on", "--db", db], ["help", "quit"])
    without = run(["play", "pachisi", "--db", db], ["help", "quit"])
    assert "  undo    take back your last move" in with_undo.stdout
    help_text = without.stdout.split("Commands:")[1].split("> ")[0]
    assert "moves   the legal moves" in help_text and "undo" not in help_text
    assert "rules   how this game is played" in without.stdout


def test_the_resume_command_printed_works_and_images_stay_in_their_folder(tmp_path):
    db = str(tmp_path / "games.db")
    first = run(["play", "icesickle", "--db", db], ["S@a1", "quit"])
    hint = first.stdout.strip().split("\n")[-1].split("> ")[-1]
    assert hint == f"Saved; continue with: python -m bot play --resume 1 --db {db}"
    # Followed from another directory, it finds the game and its images' folder.
    words = hint.removeprefix("Saved; continue with: python -m bot ").split()
    resumed = run(words, ["M@b1", "quit"], cwd=tmp_path / "..")
    assert resumed.returncode == 0, resumed.stderr
    folder = tmp_path / "games-play" / "icesickle-1"
    assert f"Board image: {folder}/move-002.png" in resumed.stdout
    assert sorted(p.name for p in folder.glob("move-*.png")) == [
        "move-000.png",
        "move-001.png",
        "move-002.png",
    ]
    assert not (tmp_path / ".." / "parlor.db").exists()


def test_two_databases_never_share_an_image_folder(tmp_path):
    shared = str(tmp_path / "images")
    a, b = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    assert run(["play", "icesickle", "--db", a, "--out", shared], ["S@a1", "quit"]).returncode == 0
    line = one_line_error(run(["play", "icesickle", "--db", b, "--out", shared], ["quit"]))
    assert "already holds another game's board images" in line
    # Nor do two games of one database: game 2 cannot be resumed into game 1's folder.
    assert run(["play", "icesickle", "--db", a], ["quit"]).returncode == 0
    line = one_line_error(run(["play", "--resume", "2", "--db", a, "--out", shared]))
    assert "already holds another game's board images" in line
    # Default folders are named for their database...
    run(["play", "icesickle", "--db", b], ["S@a1", "S@a2", "S@a3", "quit"])
    assert len(list((tmp_path / "b-play" / "icesickle-1").glob("move-*.png"))) == 4
    # ... and a new file of the same name starts a fresh folder, not the stale one.
    os.remove(b)
    fresh = run(["play", "icesickle", "--db", b], ["quit"])
    assert f"Board image: {tmp_path}/b-play/icesickle-1-2/move-000.png" in fresh.stdout
    assert len(list((tmp_path / "b-play" / "icesickle-1-2").glob("move-*.png"))) == 1


def test_bot_help_says_how_to_run_it_and_what_it_reads():
    result = run(["--help"])
    assert result.returncode == 0
    assert "With no subcommand, python -m bot runs the Discord bot" in result.stdout
    names = ("DISCORD_TOKEN", "PARLOR_DB", "PARLOR_GUILD", "PARLOR_MAX_GAMES_PER_SERVER")
    scale = ("PARLOR_DB_POOL", "PARLOR_SHARDS", "PARLOR_SHARD_IDS", "PARLOR_BOARD_WORKERS")
    for name in (*names, "PARLOR_WORKER_NICENESS", *scale, "PARLOR_AI_WORKERS", "PARLOR_LOG_LEVEL"):
        assert name in result.stdout
    play_help = run(["play", "--help"]).stdout
    for key, game in engine.GAMES.items():
        assert f"  {key} " in play_help
        for option in game.options:
            assert f"      {option}=" in play_help
    assert "notation" in play_help and "'rules' explains it" in play_help


def test_an_unreadable_parlor_guild_ends_the_bot_with_one_line(tmp_path):
    env = {"DISCORD_TOKEN": "x", "PARLOR_GUILD": "my server", "PARLOR_DB": str(tmp_path / "d")}
    line = one_line_error(run([], env=env))
    assert "PARLOR_GUILD must be a server id" in line and "'my server'" in line
    assert not (tmp_path / "d").exists()  # said before anything started


def test_the_installed_parlor_command_is_python_m_bot():
    script = Path(sys.executable).parent / "parlor"
    if not script.exists():
        pytest.skip("the package is not installed with its scripts here")
    ours = subprocess.run([script, "play", "--help"], capture_output=True, text=True, timeout=60)
    assert ours.returncode == 0 and ours.stdout == run(["play", "--help"]).stdout
    assert "`parlor play icesickle`" in (ROOT / "README.md").read_text()  # as the README says


def test_rules_and_board_are_commands_at_the_prompt(db):
    result = run(
        ["play", "icesickle", "--db", db, "--names", "Ann", "Ben"],
        ["S@c3", "board", "rules", "quit"],
    )
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "IceSickle (2 players, two rounds)" in out  # the rules, as plain text
    assert "**" not in out and "`" not in out
    board = out.split("to move> ")[2]  # what the prompt after the move printed for "board"
    assert board.startswith("IceSickle, round 1 of 2") and "c3" in board, board


def test_names_over_the_limit_stay_told_apart(db):
    """Two long names that differ only near their end: each is shortened to 32 characters so
    that it still reads as its player (not both cut to the same 32 letters)."""
    smithson = "Alexandra Catherine Montgomery-Smithson"
    smithers = "Alexandra Catherine Montgomery-Smithers"
    result = run(["play", "icesickle", "--db", db, "--names", smithson, smithers], ["quit"])
    assert result.returncode == 0, result.stderr
    header = result.stdout.split("\n", 1)[0]
    seats = re.findall(r"(.+?) \(seat \d\)(?:, |\.)", header.split("hot-seat: ", 1)[1])
    assert len(seats) == 2 and seats[0] != seats[1], header
    for shown, full in zip(seats, (smithson, smithers), strict=True):
        assert len(shown) <= 32
        assert shown.endswith(full[-8:]), shown  # what tells them apart is kept


def test_an_unknown_log_level_ends_the_bot_with_one_line(tmp_path):
    env = {"DISCORD_TOKEN": "x", "PARLOR_LOG_LEVEL": "chatty", "PARLOR_DB": str(tmp_path / "d")}
    line = one_line_error(run([], env=env))
    assert "PARLOR_LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR" in line
    assert "'chatty'" in line
    assert not (tmp_path / "d").exists()  # said before anything started
