"""The turn timer and leaving a game, through the service against a real SQLite file."""

from __future__ import annotations

import random

import pytest

import engine
from bot.service.facade import Closed, Conflict, NotAllowed, Service
from tests.bot.people import ANN, BEN, CAT, DAN, Clock
from tests.bot.playing import pachisi_lobby


@pytest.fixture
async def service(db_path):
    svc = await Service.open(db_path, clock=Clock(), seats_rng=random.Random(3))
    yield svc
    await svc.close()


async def test_a_timed_out_player_is_removed_by_another_and_the_others_play_on(service):
    game = await pachisi_lobby(service, [ANN, BEN, CAT], turn_timer=1)
    assert game.options["turn_timer"] == 1
    mover = game.player_to_move
    others = [p for p in game.players if p != mover]
    service.clock.now += 59
    with pytest.raises(NotAllowed, match=rf"{mover.name} still has 0:01 for this move"):
        await service.timeouts.claim(game.id, others[0].user_id)
    service.clock.now += 1
    with pytest.raises(NotAllowed, match="can't remove yourself"):
        await service.timeouts.claim(game.id, mover.user_id)
    with pytest.raises(NotAllowed, match="Only the other players"):
        await service.timeouts.claim(game.id, DAN.user_id)
    with pytest.raises(Conflict):
        await service.timeouts.claim(game.id, others[0].user_id, version=game.version - 1)
    played = await service.timeouts.claim(game.id, others[0].user_id, version=game.version)
    after = played.game
    gone = game.players.index(mover)
    assert str(played.moves[0]) == f"remove {gone}" and after.gone == {gone}
    assert not after.over and after.player_to_move in others
    # the move is in the record with the remover as its author; a replay agrees
    rows = await service.history(game.id)
    assert any(r.move == f"remove {gone}" and r.user_id == others[0].user_id for r in rows)
    replayed = engine.get_game("pachisi").replay(3, after.options, [r.move for r in rows])
    assert replayed == after.state
    # the removed player can no longer act, remove others or resign, and the game left /games
    with pytest.raises(NotAllowed):
        await service.timeouts.claim(game.id, mover.user_id)
    with pytest.raises(Closed, match="already left"):
        await service.resign(game.id, mover.user_id)
    assert [g.id for g in await service.games_of(mover.user_id)] == []
    assert [g.id for g in await service.games_of(others[0].user_id)] == [game.id]
    # the timer starts afresh for the next player
    with pytest.raises(NotAllowed, match="still has 1:00"):
        waiting = next(p for p in others if p != after.player_to_move)
        await service.timeouts.claim(game.id, waiting.user_id)


async def test_removing_the_only_opponent_wins_the_game(service):
    game = await pachisi_lobby(service, [ANN, BEN], turn_timer=2)
    mover = game.player_to_move
    other = next(p for p in game.players if p != mover)
    service.clock.now += 120
    after = (await service.timeouts.claim(game.id, other.user_id)).game
    assert after.over
    assert after.outcome.winners == (game.players.index(other),)
    assert after.outcome.reason == f"{mover.name} ran out of time"
    assert after.result["timeout"] == game.players.index(mover)
    assert (await service.game(game.id)).over


async def test_no_timer_no_clock_no_removal(service):
    game = await pachisi_lobby(service, [ANN, BEN], settings={"clock": "none"})
    other = next(p for p in game.players if p != game.player_to_move)
    service.clock.now += 10**6
    with pytest.raises(NotAllowed, match="no move clock"):
        await service.timeouts.claim(game.id, other.user_id)


async def test_resigning_at_a_table_of_three_lets_the_others_play_on(service):
    game = await pachisi_lobby(service, [ANN, BEN, CAT])
    quitter = next(p for p in game.players if p != game.player_to_move)
    after = await service.resign(game.id, quitter.user_id)
    assert not after.over and after.gone == {game.players.index(quitter)}
    second = next(p for p in after.players if p != quitter and p != after.player_to_move)
    over = await service.resign(game.id, second.user_id)
    assert over.over
    last = next(p for p in over.players if p not in (quitter, second))
    assert over.outcome.winners == (over.players.index(last),)
    report = over.state.report()
    assert [over.players[r.seat] for r in report] == [last, second, quitter]
