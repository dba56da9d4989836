"""``python -m bot replay ID --out FILE``: the animated replay of a game of a database, a GIF
with a frame for each board the game showed that differs from the one before; bad input is
one line on stderr and writes nothing."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from tests.bot.terminal import run


def _boards(folder: Path) -> list[Image.Image]:
    return [Image.open(p).convert("RGB") for p in sorted(folder.glob("move-*.png"))]


def _changes(boards: list[Image.Image]) -> int:
    return 1 + sum(
        ImageChops.difference(a, b).getbbox() is not None for a, b in itertools.pairwise(boards)
    )


def test_replay_writes_the_games_animation(tmp_path):
    db, shown = tmp_path / "games.db", tmp_path / "boards"
    played = run(
        ["play", "icesickle", "--db", str(db), "--ai", "all:easy", "--seed", "1"]
        + ["--out", str(shown)]
    )
    assert played.returncode == 0 and "Game over" in played.stdout, played.stderr
    boards = _boards(shown)  # what the terminal showed after each move, and the start
    out = tmp_path / "game.gif"
    result = run(["replay", "1", "--db", str(db), "--out", str(out)])
    assert result.returncode == 0, result.stderr
    gif = Image.open(io.BytesIO(out.read_bytes()))
    assert gif.format == "GIF" and gif.mode == "P"
    assert gif.n_frames == _changes(boards) > 20
    assert gif.size == (boards[0].width // 2, boards[0].height // 2)  # (half the board)
    assert result.stdout.strip().startswith(f"Wrote {out}: game 1, {gif.n_frames} frames")
    durations = []
    for k in range(gif.n_frames):
        gif.seek(k)
        durations.append(gif.info["duration"])
    assert durations[-1] == 5000 and all(800 <= d <= 2000 for d in durations[:-1])
    # the last frame is the final board made half as large, within the shared palette's few
    # levels and the stamps' edges (tests/render/test_scenes.py)
    small = boards[-1].reduce(2)
    difference = ImageChops.difference(gif.convert("RGB"), small).convert("L")
    apart = difference.point(lambda v: 255 if v > 48 else 0).histogram()[255]
    assert apart <= small.width * small.height // 100
    assert sum(ImageStat.Stat(difference).mean) < 1.5

    part = tmp_path / "part.gif"
    result = run(["replay", "1", "--db", str(db), "--out", str(part), "--from", "10", "--to", "20"])
    assert result.returncode == 0, result.stderr
    assert Image.open(part).n_frames == _changes(boards[10:21])


def test_bad_replays_are_one_line_and_write_nothing(tmp_path):
    db = tmp_path / "games.db"
    assert run(["play", "icesickle", "--db", str(db)], ["quit"]).returncode == 0
    out = tmp_path / "x.gif"
    cases = {
        ("1",): "replay: This game has no moves yet: there is nothing to replay.",
        ("9",): "replay: That game does not exist.",
        ("1", "--db", str(tmp_path / "none.db")): (
            f"replay: there is no database at {tmp_path / 'none.db'}"
        ),
    }
    for args, said in cases.items():
        argv = ["replay", *args, "--out", str(out)]
        if "--db" not in args:
            argv += ["--db", str(db)]
        result = run(argv)
        assert (result.returncode, result.stdout, result.stderr.strip()) == (2, "", said)
        assert not out.exists()
    helped = run(["replay", "--help"])
    assert "--from K" in helped.stdout and "animated replay" in helped.stdout
    assert "replay" in run(["--help"]).stdout
