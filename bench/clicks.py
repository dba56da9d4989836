"""A burst of clicks: how late the bot answers many component interactions arriving at once.

    python bench/clicks.py [--clicks 1000] [--games 20] [--seed 1] [--setup-moves 2]
                           [--profile FILE]

Starts the real bot (``bot.create_bot``) in this process against the fake Discord
(tests/fakediscord) on 127.0.0.1, with the per-user rate limit off (the bot's own handling
is measured, not its refusals) and the fake's answer deadline at 60 s (a late answer is still
recorded, so one sees how late). Opens ``--games`` two-player games by challenge and accept,
in turn: IceSickle (select menus), Pachisi at a table that presses Roll (``roll:button``),
Ice-Turn (its turn message updated in place) and Pach-Ice-i; plays ``--setup-moves`` moves in
each, so every game has older turn messages. Then sends ``--clicks`` component interactions
at once (one ``asyncio.gather``), shuffled, spread over the games:

- on turn: the player to act uses the current board (every game gets at least one); only
  one of these per game can be played, the others find the board out of date;
- seated: the other player uses the current board (not their turn);
- outsider: someone not in the game uses it (not playing);
- stale board: a player or an outsider uses an older turn message of the game, as their
  client still shows it.

Every click is sent as the player's client would have it at that moment: a copy of the
message taken before the burst (the bot edits the live ones meanwhile).

Per interaction it measures, from the fake sending it (``Interaction.sent_at``): the first
callback the bot made (the acknowledgement: type 4/7 when the bot answers at once, 5/6 when
it defers) and the final answer (that callback itself for types 4 and 7; else the first
followup or edit of the response). Prints the count, how many came within Discord's 3 s,
p50/p95/max of both, the next boards posted, what each kind of click was answered, the
event loop's lag, the CPU time of this process (bot, fake and players) and of its child
processes (the board-drawing workers) over the burst, and the machine's load at the start and
the end. Checks, by reading the database through ``bot.service.facade``, that exactly one move was
played per game (printed, not raised). ``--profile FILE`` runs cProfile over the burst (this
thread: the event loop), saves it to FILE and prints the top functions. Figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import copy
import cProfile
import dataclasses
import logging
import os
import pstats
import random
import re
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import percentile

from bot import create_bot
from tests.fakediscord import Channel, FakeDiscord, Interaction, Message, User, run_bot

DEADLINE = 3.0
"""Seconds Discord gives a bot to acknowledge an interaction."""
GAME_KINDS: tuple[tuple[str, dict[str, str]], ...] = (
    ("icesickle", {}),
    ("pachisi", {"roll": "button"}),
    ("ice-turn", {}),
    ("pach-ice-i", {}),
)
"""The games opened, in turn: /play subcommand and options."""
ON_TURN, SEATED, OUTSIDER, STALE = "on turn", "seated", "outsider", "stale board"
CLICK_KINDS = (ON_TURN, SEATED, OUTSIDER, STALE)
OUTSIDERS = 16
BOARD_ID = re.compile(r"^parlor:(?:mv|rl|do|pg|rm):(\d+):(\d+)")
"""A component of a game's board: its game id and version."""
PLAYS = re.compile(r"^parlor:(?:mv|rl|do):")
"""The components that play a move (menus, Roll, Undo/End/TIP; not paging nor removal)."""
ANSWERS = (4, 7)
"""Callback types that are the answer itself (a message, or the clicked message updated)."""


@dataclass(eq=False)
class Game:
    kind: str
    thread: Channel
    players: list[User]
    id: int = 0
    version: int = -1  # of the current board
    board: Message | None = None  # the current turn message (live)
    stale: list[Message] = field(default_factory=list)  # older turn messages, as they were
    mover: User | None = None
    moves_before: int = 0  # rows in its history before the burst


@dataclass(eq=False)
class Click:
    kind: str
    game: Game
    user: User
    board: Message  # a copy, as the user's client shows it
    custom_id: str
    values: list[str] | None  # None: a button
    rec: Interaction | None = None


def frozen(message: Message) -> Message:
    """The message as it is now, unaffected by later edits (a client that did not refresh)."""
    return dataclasses.replace(
        message,
        components=copy.deepcopy(message.components),
        attachments=list(message.attachments),
        revisions=[],
    )


def custom_ids(body: Any) -> list[str]:
    """Every custom_id in a JSON body."""
    found: list[str] = []
    stack = [body]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("custom_id"), str):
                found.append(item["custom_id"])
            stack.extend(v for v in item.values() if isinstance(v, dict | list))
        elif isinstance(item, list):
            stack.extend(v for v in item if isinstance(v, dict | list))
    return found


class Stamps:
    """Notes, in the fake's request handlers, when each interaction got its final answer and
    when each game's next board went out (times on the event loop's clock)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.final: dict[str, tuple[float, str]] = {}  # token -> (when, what)
        self.waiting: set[str] | None = None  # tokens still without a final answer
        self.all_final = asyncio.Event()
        self.next_version: dict[int, int] = {}  # game id -> version of the board awaited
        self.next_board: dict[int, float] = {}  # game id -> when it was sent
        self.all_boards = asyncio.Event()
        self._wrap("POST", "/interactions/{interaction_id}/{token}/callback", self._callback)
        self._wrap("POST", "/webhooks/{webhook_id}/{token}", self._followup)
        self._wrap("PATCH", "/webhooks/{webhook_id}/{token}/messages/{message_id}", self._edit)
        self._wrap("POST", "/channels/{channel_id}/messages", self._boards)
        self._wrap("PATCH", "/channels/{channel_id}/messages/{message_id}", self._boards)

    def _wrap(self, method: str, template: str, note: Callable[..., None]) -> None:
        routes = self.fake.router.routes
        for index, (m, t, regex, handler, auth) in enumerate(routes):
            if (m, t) == (method, template):
                routes[index] = (m, t, regex, self._stamped(handler, note), auth)
                return
        raise LookupError(f"the fake has no route {method} {template}")

    def _stamped(self, handler: Callable[..., Any], note: Callable[..., None]):
        async def stamped(req: Any, **params: str) -> Any:
            when = asyncio.get_running_loop().time()  # the request reached the fake
            result = await handler(req, **params)
            note(when, req, params)  # only requests the fake accepted
            return result

        return stamped

    def _finish(self, rec: Interaction, when: float, what: str) -> None:
        if rec.token in self.final:
            return
        self.final[rec.token] = (when, what)
        if self.waiting is not None and rec.token in self.waiting:
            self.waiting.discard(rec.token)
            if not self.waiting:
                self.all_final.set()

    def _callback(self, when: float, req: Any, params: dict[str, str]) -> None:
        rec = self.fake.interactions[int(params["interaction_id"])]
        callback = rec.callbacks[0]
        if callback.type in ANSWERS:
            said = callback.type == 4 or callback.message is None
            self._finish(rec, when, (callback.content or "") if said else "")
            self._boards(when, req, params)

    def _followup(self, when: float, req: Any, params: dict[str, str]) -> None:
        rec = self.fake.interactions_by_token[params["token"]]
        self._finish(rec, when, rec.followups[-1].content if rec.followups else "")

    def _edit(self, when: float, req: Any, params: dict[str, str]) -> None:
        rec = self.fake.interactions_by_token[params["token"]]
        source = params["message_id"] in ("@original", str(rec.source_message_id))
        board = source and rec.original_id == rec.source_message_id
        self._finish(rec, when, "" if board else str(req.body.get("content", "")))
        self._boards(when, req, params)

    def _boards(self, when: float, req: Any, params: dict[str, str]) -> None:
        if not self.next_version:
            return
        for custom_id in custom_ids(req.json):
            found = BOARD_ID.match(custom_id)
            if found is None:
                continue
            game_id, version = int(found[1]), int(found[2])
            if self.next_version.get(game_id) == version and game_id not in self.next_board:
                self.next_board[game_id] = when
                if len(self.next_board) == len(self.next_version):
                    self.all_boards.set()

    def start_waiting(self, recs: list[Interaction]) -> None:
        self.waiting = {r.token for r in recs} - self.final.keys()
        if not self.waiting:
            self.all_final.set()


def outcome(what: str) -> str:
    """A short name for the final answer's text ("" is the clicked board updated)."""
    lowered = what.lower()
    for words, name in (
        ("out of date", "refused: out of date"),
        ("board changed", "refused: out of date"),
        ("not your turn", "refused: not your turn"),
        ("not playing", "refused: not playing"),
        ("not in this game", "refused: not playing"),
        ("does not belong", "refused: not this board"),
        ("something went wrong", "failed (logged)"),
    ):
        if words in lowered:
            return name
    return "board updated (played)" if not what else what[:60]


class LoopLag:
    """How late a task that sleeps 50 ms at a time wakes up: the event loop's responsiveness."""

    def __init__(self, period: float = 0.05) -> None:
        self.period = period
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(self.period)
            self.lags.append((loop.time() - start - self.period) * 1000)

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


def children_cpu() -> float | None:
    """CPU seconds (user + system) used so far by this process's living descendants (the
    board workers, children of the forkserver), from Linux's /proc; None elsewhere."""
    try:
        pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        return None
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    used: dict[int, float] = {}
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        parent[pid] = int(fields[1])
        used[pid] = (int(fields[11]) + int(fields[12])) / tick
    children = collections.defaultdict(list)
    for pid, ppid in parent.items():
        children[ppid].append(pid)
    total, stack = 0.0, list(children[os.getpid()])
    while stack:
        pid = stack.pop()
        total += used.get(pid, 0.0)
        stack.extend(children[pid])
    return total


def machine() -> str:
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"load {load} (1, 5, 15 min) on {os.cpu_count()} cores ({usable} usable)"


# -- setting up the games --------------------------------------------------------------------


def playing(message: Message) -> list[dict[str, Any]]:
    """The enabled components of a board that play a move."""
    return [
        c
        for c in message.all_components()
        if PLAYS.match(c.get("custom_id", "")) and not c.get("disabled")
    ]


def choose(message: Message, rng: random.Random) -> tuple[str, list[str] | None]:
    """A component of the board and, for a menu, one of its options."""
    component = rng.choice(playing(message))
    if component["type"] == 2:
        return component["custom_id"], None
    return component["custom_id"], [rng.choice(component["options"])["value"]]


async def send(fake: FakeDiscord, user: User, board: Message, custom_id: str, values) -> Any:
    if values is None:
        return await fake.click(user, board, custom_id)
    return await fake.select(user, board, custom_id, values)


async def settle(fake: FakeDiscord, bot: Any, game: Game) -> None:
    """Wait for the game's board newer than ``game.version`` and for the bot to have stored it
    as the game's board; then the game's current board, version and player to act."""

    def newest() -> tuple[int, int, Message] | None:
        best = None
        for message in fake.messages_in(game.thread):
            for custom_id in message.custom_ids:
                found = BOARD_ID.match(custom_id)
                if found is None or (game.id and int(found[1]) != game.id):
                    continue
                version = int(found[2])
                if version > game.version and (best is None or version > best[1]):
                    best = (int(found[1]), version, message)
        return best

    game.id, game.version, game.board = await fake.wait_until(
        newest, f"a new board in {game.thread.name}"
    )
    loop = asyncio.get_running_loop()
    deadline = loop.time() + fake.timeout
    while True:
        record = await bot.service.game(game.id)
        posted = getattr(record, "posted_version", record.version)  # not in older bots
        if record.message_id == game.board.id and game.version == record.version == posted:
            break
        if loop.time() > deadline:
            raise TimeoutError(f"game {game.id}: board {game.board.id} never stored")
        await asyncio.sleep(0.02)
    if not playing(game.board) or record.player_to_move is None:
        raise RuntimeError(f"game {game.id} ({game.kind}) is over or has no moves to click")
    game.mover = next(u for u in game.players if u.id == record.player_to_move.user_id)


async def open_game(
    fake: FakeDiscord,
    bot: Any,
    channel: Channel,
    players: list[User],
    kind: str,
    options: dict[str, str],
    moves: int,
    rng: random.Random,
) -> Game:
    host, guest = players
    rec = await fake.slash(host, channel, "play", {"opponent": guest, **options}, subcommand=kind)
    challenge = await fake.wait_for_message(
        channel, lambda m: any(c.endswith(":accept") for c in m.custom_ids), after=rec
    )
    accept = next(c for c in challenge.custom_ids if c.endswith(":accept"))
    await (await fake.click(guest, challenge, accept)).response()
    game = Game(kind, await fake.wait_for_thread(channel, after=rec), players)
    await settle(fake, bot, game)
    for _ in range(moves):
        seen = frozen(game.board)
        await (await send(fake, game.mover, seen, *choose(seen, rng))).response()
        game.stale.append(seen)
        await settle(fake, bot, game)
    return game


def plan(games: list[Game], clicks: int, outsiders: list[User], seed: int) -> list[Click]:
    """``clicks`` clicks over the games, one kind each at random (the first on each game is
    its player on turn, so every game gets one), in random order. The kinds, players and
    order depend on ``seed`` alone; the components and moves also on the games' positions
    (the bot's own dice and seating)."""
    rng, pick = random.Random(seed), random.Random(seed + 1)
    kinds = [ON_TURN] * len(games)
    kinds += [rng.choice(CLICK_KINDS) for _ in range(clicks - len(games))]
    out = []
    boards = {game: frozen(game.board) for game in games}
    for index, kind in enumerate(kinds):
        game = games[index % len(games)]
        other = next(u for u in game.players if u is not game.mover)
        outsider = rng.choice(outsiders)
        board = boards[game]
        user = {ON_TURN: game.mover, SEATED: other, OUTSIDER: outsider}.get(kind)
        if kind == STALE:
            board = game.stale[rng.randrange(len(game.stale))]
            user = rng.choice([game.mover, other, outsider])
        out.append(Click(kind, game, user, board, *choose(board, pick)))
    rng.shuffle(out)
    return out


# -- the run ---------------------------------------------------------------------------------


def figures(label: str, values: list[float], total: int) -> str:
    if not values:
        return f"{label}: none of {total}"
    within = sum(v <= DEADLINE * 1000 for v in values)
    return (
        f"{label}: {len(values)}/{total}, within 3 s {within}, "
        f"p50 {statistics.median(values):.0f} ms, p95 {percentile(values, 95):.0f} ms, "
        f"max {max(values):.0f} ms"
    )


@dataclass
class Burst:
    """What one burst measured (wall times in seconds from the first send)."""

    recs: list[Interaction]
    sending: float  # all clicks sent
    answered: float  # all answered finally (or timed out)
    wall: float  # and the next boards sent
    cpu: float  # this process
    user: float
    system: float
    workers: float | None  # the board workers
    rss_mib: float
    lags: list[float]


async def main(args: argparse.Namespace) -> None:
    logging.getLogger("discord").setLevel(logging.ERROR)
    rng = random.Random(args.seed)
    load_start = machine()
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(callback_deadline=60.0, timeout=120.0) as fake:
            guild = fake.add_guild(name="bench")
            bot = create_bot(db_path=str(Path(tmp) / "clicks.db"), guild_ready_timeout=0.05)
            bot.rate_limit = (10**9, 10.0)  # the bot's handling is measured, not its refusals
            async with run_bot(fake, bot):
                kinds = [GAME_KINDS[i % len(GAME_KINDS)] for i in range(args.games)]
                started = time.perf_counter()
                games = await open_games(fake, bot, guild, kinds, args.setup_moves, rng)
                setup = time.perf_counter() - started
                outsiders = [fake.add_user(f"watcher{i}") for i in range(OUTSIDERS)]
                clicks = plan(games, args.clicks, outsiders, args.seed)
                await asyncio.sleep(0.5)  # let the setup's last edits and stores finish
                for game in games:
                    game.moves_before = len(await bot.service.history(game.id))
                stamps = Stamps(fake)
                stamps.next_version = {game.id: game.version + 1 for game in games}
                requests_before, errors_before = len(fake.requests), len(fake.pulse.errors)
                profile = cProfile.Profile() if args.profile else None
                burst = await run_burst(fake, clicks, stamps, profile)
                load_end = machine()
                print(f"Python {sys.version.split()[0]}, {time.strftime('%Y-%m-%d %H:%M')}")
                print(f"machine at start: {load_start}")
                print(f"machine at end:   {load_end}")
                print(
                    f"{len(games)} games ({describe_kinds(kinds)}) set up in {setup:.1f} s, "
                    f"{args.setup_moves} moves each; seed {args.seed}"
                )
                report(clicks, burst, stamps, len(games))
                burst_requests = fake.requests[requests_before:]
                failed = [r for r in burst_requests if r.status >= 400]
                errors = fake.pulse.errors[errors_before:]
                print(
                    f"requests to the fake: {len(burst_requests)}, refused {len(failed)}; "
                    f"late callbacks (> {fake.callback_deadline:g} s) "
                    f"{len(fake.late_interactions)}; errors logged by the bot {len(errors)}"
                )
                for error in errors[:3]:
                    print("  " + error.splitlines()[0][:200])
                await check_moves(bot, games, clicks, stamps)
                if profile is not None:
                    profile.dump_stats(args.profile)
                    print(f"profile of the burst (event loop thread) in {args.profile}; top:")
                    pstats.Stats(profile).sort_stats("tottime").print_stats(args.profile_lines)


async def open_games(fake, bot, guild, kinds, moves: int, rng: random.Random) -> list[Game]:
    """The games, opened and played ``moves`` moves at once, each in a channel of its own."""
    channels = [fake.add_text_channel(guild, f"games-{i}") for i in range(len(kinds))]
    seated = [[fake.add_user(f"p{i}a"), fake.add_user(f"p{i}b")] for i in range(len(kinds))]
    opening = [
        open_game(fake, bot, channel, players, key, options, moves, random.Random(rng.random()))
        for channel, players, (key, options) in zip(channels, seated, kinds, strict=True)
    ]
    return list(await asyncio.gather(*opening))


async def run_burst(
    fake: FakeDiscord, clicks: list[Click], stamps: Stamps, profile: cProfile.Profile | None
) -> Burst:
    """Send every click at once; wait for every final answer and every game's next board."""
    lag = LoopLag()
    lag.start()
    cpu0, usage0 = time.process_time(), resource.getrusage(resource.RUSAGE_SELF)
    workers0 = children_cpu()
    wall0 = time.perf_counter()
    if profile is not None:
        profile.enable()
    recs = list(
        await asyncio.gather(*(send(fake, c.user, c.board, c.custom_id, c.values) for c in clicks))
    )
    sending = time.perf_counter() - wall0
    for click, rec in zip(clicks, recs, strict=True):
        click.rec = rec
    stamps.start_waiting(recs)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stamps.all_final.wait(), fake.timeout)
    answered = time.perf_counter() - wall0
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stamps.all_boards.wait(), fake.timeout)
    wall = time.perf_counter() - wall0
    if profile is not None:
        profile.disable()
    cpu, usage = time.process_time() - cpu0, resource.getrusage(resource.RUSAGE_SELF)
    workers1 = children_cpu()
    await lag.stop()
    return Burst(
        recs=recs,
        sending=sending,
        answered=answered,
        wall=wall,
        cpu=cpu,
        user=usage.ru_utime - usage0.ru_utime,
        system=usage.ru_stime - usage0.ru_stime,
        workers=None if workers0 is None or workers1 is None else workers1 - workers0,
        rss_mib=usage.ru_maxrss / 1024,
        lags=lag.lags,
    )


def describe_kinds(kinds: list[tuple[str, dict[str, str]]]) -> str:
    return ", ".join(
        f"{key}{' roll:' + o['roll'] if 'roll' in o else ''} {kinds.count((key, o))}"
        for key, o in GAME_KINDS
        if (key, o) in kinds
    )


def outcomes(clicks: list[Click], stamps: Stamps) -> dict[str, collections.Counter[str]]:
    """Per kind of click: how many got each answer."""
    by_kind: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for click in clicks:
        said = stamps.final.get(click.rec.token) if click.rec is not None else None
        by_kind[click.kind][outcome(said[1]) if said else "no answer"] += 1
    return by_kind


def report(clicks: list[Click], burst: Burst, stamps: Stamps, games: int) -> None:
    recs = burst.recs
    first = min(r.sent_at for r in recs)
    acks = [(r.callbacks[0].at - r.sent_at) * 1000 for r in recs if r.callbacks]
    finals = [
        (stamps.final[r.token][0] - r.sent_at) * 1000 for r in recs if r.token in stamps.final
    ]
    boards = [(t - first) * 1000 for t in stamps.next_board.values()]
    ack_types = collections.Counter(r.callbacks[0].type for r in recs if r.callbacks)
    mix = ", ".join(f"{k} {sum(c.kind == k for c in clicks)}" for k in CLICK_KINDS)
    print(
        f"{len(clicks)} clicks at once ({mix}), bot in this process: all sent in "
        f"{burst.sending:.2f} s, answered by {burst.answered:.1f} s, quiet by {burst.wall:.1f} s"
    )
    print("first callback types: " + ", ".join(f"{t}: {n}" for t, n in sorted(ack_types.items())))
    print(figures("first ack (callback)", acks, len(recs)))
    print(figures("final answer", finals, len(recs)))
    if boards:
        print(
            f"next board sent (from the first click sent): {len(boards)}/{games} games, "
            f"p50 {statistics.median(boards):.0f} ms, max {max(boards):.0f} ms"
        )
    told = outcomes(clicks, stamps)
    for kind in CLICK_KINDS:
        print(f"  {kind}: " + ", ".join(f"{name} {n}" for name, n in told[kind].most_common()))
    lags = burst.lags or [0.0]
    print(
        f"event loop lag (50 ms sleeps, {len(burst.lags)}): "
        f"p50 {statistics.median(lags):.0f} ms, p95 {percentile(lags, 95):.0f} ms, "
        f"max {max(lags):.0f} ms"
    )
    workers = "" if burst.workers is None else f"; board workers {burst.workers:.1f} s"
    print(
        f"CPU over the burst ({burst.wall:.1f} s): this process {burst.cpu:.1f} s "
        f"(user {burst.user:.1f} s, system {burst.system:.1f} s; "
        f"{burst.cpu / burst.wall:.0%} of one core){workers}; max RSS {burst.rss_mib:.0f} MiB"
    )


async def check_moves(bot, games: list[Game], clicks: list[Click], stamps: Stamps) -> None:
    """Exactly one move played per game (read back from the database)."""
    wrong = []
    for game in games:
        record = await bot.service.game(game.id)
        rows = (await bot.service.history(game.id))[game.moves_before :]
        mine = [r for r in rows if r.user_id == game.mover.id]
        played = record.version - game.version
        if played != 1:
            wrong.append(f"game {game.id} ({game.kind}): {played} moves")
        elif not mine:
            wrong.append(f"game {game.id} ({game.kind}): no move by the player on turn")
    applied = outcomes(clicks, stamps)[ON_TURN]["board updated (played)"]
    if wrong:
        print(f"CHECK FAILED: not exactly one move per game: {'; '.join(wrong)}")
    else:
        print(
            f"check: exactly one move played in each of the {len(games)} games "
            f"({applied} on-turn clicks answered as played)"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=1000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="the players' choices")
    parser.add_argument("--setup-moves", type=int, default=2, help="moves before the burst")
    parser.add_argument("--profile", metavar="FILE", help="cProfile the burst into FILE")
    parser.add_argument("--profile-lines", type=int, default=25, help="functions printed")
    args = parser.parse_args()
    if args.games < 1 or args.clicks < args.games or args.setup_moves < 1:
        parser.error("need --games >= 1, --clicks >= --games and --setup-moves >= 1")
    asyncio.run(main(args))
