"""Ratings through the service, on each database: a game's end writes its results and moves
the ladders (its server's and the global one) exactly as openskill's Plackett-Luce model,
called here directly, computes for the finishing order; casual and short games change none."""

from __future__ import annotations

import asyncio
import random

import pytest
from openskill.models import PlackettLuce

import engine
from bot.service.ai_players import ai_id
from bot.service.facade import Service, ServiceError
from bot.service.ratings import (
    GLOBAL,
    placings,
    provisional,
    shown,
)
from tests.bot.discord.crashes import ending_moves
from tests.bot.people import ANN, BEN, CAT, DAN
from tests.bot.playing import play_out
from tests.bot.positions import reach

GUILD = 77


async def ladder(service: Service, key: str) -> dict[tuple[int, int], tuple[float, float]]:
    """Every row of the game's ladders: (guild, user) -> (mu, sigma), checking the columns
    derived from them."""
    rows = await service.storage.database.fetch(
        "SELECT guild_id, user_id, mu, sigma, rating, established FROM ratings WHERE game_key = ?",
        (key,),
    )
    for row in rows:
        assert row["rating"] == shown(row["mu"])
        assert row["established"] == int(not provisional(row["sigma"]))
    return {(r["guild_id"], r["user_id"]): (r["mu"], r["sigma"]) for r in rows}


def rated(before: list[tuple[float, float] | None], ranks: list[int]) -> list[tuple[float, float]]:
    """openskill itself: each seat a team of one, from its rating before (None: a new one)."""
    model = PlackettLuce()
    teams = [[model.rating() if b is None else model.rating(mu=b[0], sigma=b[1])] for b in before]
    return [(t[0].mu, t[0].sigma) for t in model.rate(teams, ranks=ranks)]


def expect(ladders, guilds, users, after):
    return {(g, u): after[i] for g in guilds for i, u in enumerate(users)} | ladders


def approx(found: dict, wanted: dict) -> None:
    assert found.keys() == wanted.keys()
    for key, (mu, sigma) in wanted.items():
        assert found[key] == (pytest.approx(mu, abs=1e-9), pytest.approx(sigma, abs=1e-9)), key


async def two_player(service: Service, key="icesickle", guild_id=GUILD, **settings):
    challenge = await service.challenge(
        key, ANN, BEN, settings=settings, channel_id=9, guild_id=guild_id
    )
    return await service.accept(challenge.id, BEN)


async def lobby_game(service: Service, key: str, players, guild_id=GUILD, **options):
    lobby = await service.lobbies.open(
        key, players[0], len(players), options=options, channel_id=9, guild_id=guild_id
    )
    for player in players[1:]:
        game = await service.lobbies.join(lobby.id, player)
    return game


async def play_moves(service: Service, game, count: int, rng: random.Random):
    for _ in range(count):
        mover = game.player_to_move
        game = (
            await service.play(game.id, mover.user_id, rng.choice(game.state.legal_moves()))
        ).game
    return game


async def test_a_two_player_game_moves_both_ladders_as_openskill_computes(services):
    service = await services()
    game = await play_out(service, await two_player(service), random.Random(3))
    users = [p.user_id for p in game.players]
    winners = game.outcome.winners
    ranks = [0 if s in winners else 1 for s in range(2)] if winners else [0, 0]
    first = rated([None, None], ranks)
    wanted = expect({}, [GUILD, GLOBAL], users, first)
    approx(await ladder(service, "icesickle"), wanted)
    # the next game starts from there; a game on another server moves only its own and the
    # global ladder
    again = await play_out(service, await two_player(service, guild_id=88), random.Random(4))
    users2 = [p.user_id for p in again.players]
    won = again.outcome.winners
    ranks2 = [0 if s in won else 1 for s in range(2)] if won else [0, 0]
    after = rated([wanted[GLOBAL, u] for u in users2], ranks2)
    on_88 = rated([None, None], ranks2)
    wanted |= {(GLOBAL, u): after[i] for i, u in enumerate(users2)}
    wanted |= {(88, u): on_88[i] for i, u in enumerate(users2)}
    approx(await ladder(service, "icesickle"), wanted)
    rows = await service.storage.database.fetch(
        "SELECT user_id, games, wins FROM ratings WHERE guild_id = ? ORDER BY user_id", (GLOBAL,)
    )
    wins = {u: sum(g.players[s].user_id == u for g in (game, again) for s in g.outcome.winners)
            for u in (ANN.user_id, BEN.user_id)}  # fmt: skip
    assert [tuple(r) for r in rows] == [(u, 2, wins[u]) for u in (ANN.user_id, BEN.user_id)]
    # one change row per game, ladder and player, with the rating before and after
    changes = await service.storage.rating_changes_of(again.id)
    assert [(r["guild_id"], r["user_id"]) for r in changes] == [
        (guild, user) for guild in (GLOBAL, 88) for user in sorted(users2)
    ]
    for row in changes:
        i = users2.index(row["user_id"])
        if row["guild_id"] == GLOBAL:
            was, now = first[users.index(row["user_id"])], after[i]
        else:
            was, now = (25.0, 25 / 3), on_88[i]
        assert (row["mu_before"], row["sigma_before"]) == pytest.approx(was)
        assert (row["mu"], row["sigma"]) == pytest.approx(now)


async def test_results_rows_say_each_seats_place_win_and_decisions(services):
    service = await services()
    game = await play_out(service, await two_player(service), random.Random(3))
    rows = await service.storage.results_of(game.id)
    history = await service.history(game.id)
    winners = game.outcome.winners
    assert [r["seat"] for r in rows] == [0, 1]
    for seat, row in enumerate(rows):
        assert row["user_id"] == game.players[seat].user_id
        assert row["game_key"] == "icesickle" and row["guild_id"] == GUILD
        assert row["players"] == 2 and row["rated"] == 1
        assert row["won"] == int(seat in winners)
        assert row["place"] == (1 if seat in winners or not winners else 2)
        assert row["decisions"] == sum(m.seat == seat and m.user_id is not None for m in history)
        assert row["finished_at"] == service.clock()


async def test_a_four_player_game_ranks_by_its_report_and_the_removed_last(services):
    """Pachisi at four: Dan leaves first, then Cat runs out of time (both removed, the game
    goes on); Ann and Ben play it out. The ranks: its report's order, Cat, then Dan."""
    service = await services()
    game = await lobby_game(service, "pachisi", [ANN, BEN, CAT, DAN], turn_timer=1)
    rng = random.Random(5)
    game = await play_moves(service, game, 12, rng)
    await service.resign(game.id, DAN.user_id)
    game = await service.game(game.id)
    while game.player_to_move != CAT:
        game = await play_moves(service, game, 1, rng)
    service.clock.now = game.deadline
    claimant = next(p for p in (ANN, BEN) if p in game.players)
    game = (await service.timeouts.claim(game.id, claimant.user_id)).game
    game = await play_out(service, game, rng)
    assert game.over
    seat = {p.user_id: s for s, p in enumerate(game.players)}
    report = game.state.report()
    assert [r.seat for r in report][-2:] == [seat[CAT.user_id], seat[DAN.user_id]]
    ranks = [0] * 4
    for place, row in enumerate(report):
        ranks[row.seat] = place
    users = [p.user_id for p in game.players]
    after = rated([None] * 4, ranks)
    approx(await ladder(service, "pachisi"), expect({}, [GUILD, GLOBAL], users, after))
    places = {r["user_id"]: r["place"] for r in await service.storage.results_of(game.id)}
    assert places[CAT.user_id] == 3 and places[DAN.user_id] == 4
    ended = await service.game(game.id)
    assert placings(ended.state, ended.result, ended.num_players) == ranks
    top = (await service.standings.ladder("pachisi", GUILD)).rows
    assert [s.user_id for s in top] == [users[s] for s in sorted(range(4), key=ranks.__getitem__)]
    assert all(s.games == 1 and s.provisional for s in top) and top[0].win_rate == 1.0


async def test_a_draw_ties_everyone_and_winners_tie_ahead_of_a_resignation(services):
    service = await services()
    # Ice-Turn to its round limit: a draw, both tie
    challenge = await service.challenge(
        "ice-turn", ANN, BEN, options={"round_limit": 20}, channel_id=9, guild_id=GUILD
    )
    draw = await play_out(service, await service.accept(challenge.id, BEN), random.Random(1))
    assert draw.over and draw.outcome.winners == ()
    users = [p.user_id for p in draw.players]
    wanted = expect({}, [GUILD, GLOBAL], users, rated([None, None], [0, 0]))
    approx(await ladder(service, "ice-turn"), wanted)
    assert {r["place"] for r in await service.storage.results_of(draw.id)} == {1}
    # three at Ice-Turn, where no one may leave and play go on: Cat resigns, Ann and Ben
    # win together (tied first), Cat last
    game = await lobby_game(service, "ice-turn", [ANN, BEN, CAT])
    game = await play_moves(service, game, 12, random.Random(2))
    await service.resign(game.id, CAT.user_id)
    game = await service.game(game.id)
    users = [p.user_id for p in game.players]
    ranks = [1 if u == CAT.user_id else 0 for u in users]
    before = [wanted.get((GUILD, u)) for u in users]
    after = rated(before, ranks)
    after_global = rated([wanted.get((GLOBAL, u)) for u in users], ranks)
    wanted |= {(GUILD, u): after[i] for i, u in enumerate(users)}
    wanted |= {(GLOBAL, u): after_global[i] for i, u in enumerate(users)}
    approx(await ladder(service, "ice-turn"), wanted)
    places = {r["user_id"]: r["place"] for r in await service.storage.results_of(game.id)}
    assert places == {ANN.user_id: 1, BEN.user_id: 1, CAT.user_id: 3}


async def test_a_player_out_of_time_ranks_last(services):
    service = await services()
    game = await two_player(service, clock="1d")
    game = await play_moves(service, game, 8, random.Random(6))
    late = game.player_to_move
    other = next(p for p in game.players if p != late)
    service.clock.now = game.deadline
    game = (await service.timeouts.claim(game.id, other.user_id)).game
    users = [p.user_id for p in game.players]
    ranks = [1 if u == late.user_id else 0 for u in users]
    wanted = expect({}, [GUILD, GLOBAL], users, rated([None, None], ranks))
    approx(await ladder(service, "icesickle"), wanted)
    assert wanted[GLOBAL, other.user_id][0] > wanted[GLOBAL, late.user_id][0]


async def test_a_casual_table_and_a_short_game_change_no_rating_but_are_counted(services):
    service = await services()
    casual = await play_out(service, await two_player(service, rated="no"), random.Random(3))
    assert casual.over
    # five decisions in a game of two: fewer than three each, so not rated
    short = await two_player(service)
    short = await play_moves(service, short, 5, random.Random(1))
    await service.resign(short.id, short.player_to_move.user_id)
    history = await service.history(short.id)
    assert sum(m.user_id is not None for m in history) == 5
    assert await ladder(service, "icesickle") == {}
    assert await service.storage.database.fetch("SELECT * FROM rating_changes") == []
    for game in (casual, short):
        rows = await service.storage.results_of(game.id)
        assert len(rows) == 2 and {r["rated"] for r in rows} == {0}
    # the sixth decision makes it rated
    enough = await play_moves(service, await two_player(service), 6, random.Random(1))
    await service.resign(enough.id, enough.player_to_move.user_id)
    assert len(await ladder(service, "icesickle")) == 4


async def test_rated_is_a_table_setting_yes_or_no(services):
    service = await services()
    with pytest.raises(ServiceError, match="rated can be yes or no, not 'maybe'"):
        await service.challenge("icesickle", ANN, BEN, settings={"rated": "maybe"})
    assert await service.storage.database.fetch("SELECT * FROM challenges") == []


async def test_an_ai_level_has_its_own_ladder(services):
    service = await services()
    game = await service.ai.against("icesickle", ANN, "easy", channel_id=9, guild_id=GUILD)
    rng = random.Random(8)
    for _ in range(500):
        if game.over:
            break
        if game.ai_to_act:
            service.clock.now += service.ai_delay
            await service.ai.due()
            game = (await service.ai.play(game.id)).game
        else:
            move = rng.choice(game.state.legal_moves())
            game = (await service.play(game.id, ANN.user_id, str(move))).game
    assert game.over
    users = [ANN.user_id if p == ANN else ai_id("easy", 1) for p in game.players]
    winners = game.outcome.winners
    ranks = [0 if s in winners else 1 for s in range(2)] if winners else [0, 0]
    wanted = expect({}, [GUILD, GLOBAL], users, rated([None, None], ranks))
    approx(await ladder(service, "icesickle"), wanted)
    rows = await service.storage.results_of(game.id)
    assert sorted(r["user_id"] for r in rows) == sorted(users)


async def test_a_game_parlor_played_for_an_absent_player_is_still_theirs(services):
    """Parlor plays Ben's seat for him (``stand_ins``) to the end: the result and the rating
    are Ben's, and no AI ladder moves."""
    service = await services()
    challenge = await service.challenge("icesickle", ANN, BEN, guild_id=GUILD)
    game = await service.accept(challenge.id, BEN)
    game = await service.ai.seat(game.id, {game.seat_of(BEN.user_id): "easy"})
    rng = random.Random(8)
    for _ in range(500):
        if game.over:
            break
        if game.ai_to_act:
            game = (await service.ai.play(game.id)).game
        else:
            move = rng.choice(game.state.legal_moves())
            game = (await service.play(game.id, ANN.user_id, str(move))).game
    assert game.over and game.stand_ins
    moves = await service.history(game.id)
    bens = {m.user_id for m in moves if m.seat == game.seat_of(BEN.user_id) and m.user_id}
    assert bens == {ai_id("easy", 0)}  # every choice of his seat was Parlor's
    users = [p.user_id for p in game.players]
    winners = game.outcome.winners
    ranks = [0 if s in winners else 1 for s in range(2)] if winners else [0, 0]
    wanted = expect({}, [GUILD, GLOBAL], users, rated([None, None], ranks))
    approx(await ladder(service, "icesickle"), wanted)
    rows = await service.storage.results_of(game.id)
    assert [r["user_id"] for r in rows] == users


async def test_an_ai_level_seated_twice_is_rated_once_as_the_mean_of_its_seats(services):
    service = await services()
    lobby = await service.lobbies.open("ice-turn", ANN, 3, channel_id=None, guild_id=None)
    await service.lobbies.add_ai(lobby.id, ANN, "easy")
    game = await service.lobbies.add_ai(lobby.id, ANN, "easy")
    rng = random.Random(9)
    for _ in range(40):
        if game.ai_to_act:
            game = (await service.ai.play(game.id)).game
        else:
            move = rng.choice(game.state.legal_moves())
            game = (await service.play(game.id, ANN.user_id, str(move))).game
    game = await service.resign(game.id, ANN.user_id)
    users = [p.user_id for p in game.players]
    ranks = [1 if u == ANN.user_id else 0 for u in users]
    after = rated([None] * 3, ranks)
    level = [after[s] for s, u in enumerate(users) if u != ANN.user_id]
    mean = (sum(m for m, _ in level) / 2, sum(s for _, s in level) / 2)
    me = after[users.index(ANN.user_id)]
    # a terminal-like game (no server): the global ladder only
    approx(
        await ladder(service, "ice-turn"),
        {(GLOBAL, ANN.user_id): me, (GLOBAL, ai_id("easy", 1)): mean},
    )


def test_placings_from_reports_outcomes_and_results():
    # Pachisi's report: the order it gives, the removed last, the last to leave first
    state = reach("pachisi", 4, lambda s: s.is_over(), seed=0)
    order = [r.seat for r in state.report()]
    ranks = placings(state, {"winners": list(state.outcome.winners)}, 4)
    assert [ranks[s] for s in order] == [0, 1, 2, 3]
    # a full tie drawn at random is a tie
    rows = [engine.Placing(1, 2), engine.Placing(2, 0, True), engine.Placing(3, 1, True),
            engine.Placing(4, 3, False, True)]  # fmt: skip

    class Reported:
        gone = frozenset({3})

        def is_over(self):
            return True

        def report(self):
            return rows

    assert placings(Reported(), {"winners": [2]}, 4) == [1, 1, 0, 2]
    # partners win together
    assert placings(Reported(), {"winners": [2, 0]}, 4) == [0, 1, 0, 2]
    # a resignation where the game could not go on: last
    two = reach("icesickle", 2, lambda s: len(s.history) > 4)
    assert placings(two, {"resigned": 0, "winners": [1]}, 2) == [1, 0]
    assert placings(two, {"winners": []}, 2) == [0, 0]


async def test_a_game_two_processes_end_at_once_is_rated_once(services):
    """One process plays the winning move while another takes the loser's resignation, both
    on the version they read: one ends the game, the other is refused, and the ladders move
    once (on each database; PostgreSQL's queued race is in tests/bot/store)."""
    first, second = await services(), await services()
    game = await two_player(first)
    rng = random.Random(3)
    while not (ending := ending_moves(game.state)):
        others = [m for m in game.state.legal_moves() if m not in ending]
        game = (await first.play(game.id, game.player_to_move.user_id, rng.choice(others))).game
    mover = game.player_to_move
    loser = next(p for p in game.players if p != mover)
    done = await asyncio.gather(
        first.play(game.id, mover.user_id, str(ending[0])),
        second.resign(game.id, loser.user_id),
        return_exceptions=True,
    )
    assert sum(not isinstance(d, BaseException) for d in done) == 1, done
    assert all(isinstance(d, ServiceError) for d in done if isinstance(d, BaseException))
    changes = await first.storage.rating_changes_of(game.id)
    assert len(changes) == 4
    games = await first.storage.database.fetch("SELECT games FROM ratings")
    assert [r["games"] for r in games] == [1, 1, 1, 1]
    assert len(await first.storage.results_of(game.id)) == 2
