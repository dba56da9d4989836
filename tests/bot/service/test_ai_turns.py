"""Games against Parlor through the service, on a real SQLite file with the time moved by
hand: an AI's turn comes due, is played once, and the game goes on to its end; a lobby takes
AIs; an AI plays for a player whose time ran out until they come back; hints."""

from __future__ import annotations

import asyncio

import pytest

import engine
from bot.service.ai_players import ai_id
from bot.service.clocks import DAY
from bot.service.facade import NotAllowed, Service, ServiceError
from tests.bot.people import ANN, BEN, CAT


async def play_out(service: Service, game_id: int, human_moves=lambda legal: legal[0]):
    """Play the game to its end: the humans' moves by ``human_moves``, the AI's when due."""
    for _ in range(2_000):
        record = await service.game(game_id)
        if record.over:
            return record
        if record.ai_to_act:
            service.clock.now += service.ai_delay
            assert await service.ai.due() == [game_id]
            played = await service.ai.play(game_id)
            assert played is not None and played.moves
            assert await service.ai.due() == []  # played once: taken, then committed
            continue
        user = record.player_to_move.user_id
        await service.play(game_id, user, human_moves(record.state.legal_moves()))
    raise AssertionError("the game did not end")


async def test_a_game_against_parlor_starts_at_once_and_plays_to_its_end(services):
    service = await services()
    game = await service.ai.against("icesickle", ANN, "easy", channel_id=9)
    assert game.status == "active"
    parlor = next(p for p in game.players if p != ANN)
    assert parlor.name == "Parlor (easy)" and parlor.ai == "easy" and parlor.user_id < 0
    assert game.hints  # on by default against Parlor
    over = await play_out(service, game.id)
    assert over.over and over.outcome is not None
    moves = await service.storage.moves(game.id)
    ai_seat = over.seat_of(parlor.user_id)
    assert any(m.seat == ai_seat and m.user_id == parlor.user_id for m in moves)


async def test_an_ai_turn_waits_its_delay_and_has_no_clock(services):
    service = await services()
    service.seats_rng.seed(3)
    game = await service.ai.against(
        "icesickle", ANN, "easy", channel_id=9, settings={"clock": "1d"}
    )
    if not game.ai_to_act:  # Ann first: she moves, then it is Parlor's turn
        game = (await service.play(game.id, ANN.user_id, game.state.legal_moves()[0])).game
    assert game.ai_to_act == "easy" and game.deadline is None
    assert await service.ai.due() == []  # not yet: a player sees their own move land first
    service.clock.now += service.ai_delay
    assert await service.ai.due() == [game.id]
    assert await service.ai.due() == []  # taken: no other process plays it too
    played = await service.ai.play(game.id)
    assert played.game.player_to_move == ANN and played.game.deadline == service.clock() + DAY
    service.clock.now += 3600  # long after the turn's lease: Ann's turn is not Parlor's
    assert await service.ai.due() == []


async def test_parlor_is_never_reminded_and_never_out_of_time(services):
    service = await services()
    service.seats_rng.seed(3)
    day = {"clock": "1d"}
    game = await service.ai.against("icesickle", ANN, "easy", channel_id=9, settings=day)
    if not game.ai_to_act:
        game = (await service.play(game.id, ANN.user_id, game.state.legal_moves()[0])).game
    service.clock.now += 2 * DAY  # Parlor's turn, long overdue (a bot that was down)
    assert await service.timeouts.sweep() == []
    with pytest.raises(NotAllowed, match="no move clock"):
        await service.timeouts.claim(game.id, ANN.user_id)
    with pytest.raises(NotAllowed, match="Nobody here has run out of time"):
        await service.ai.stand_in(game.id, ANN.user_id)


async def test_parlor_plays_any_number_of_games(services):
    """A player's limit on active games is a person's: Parlor is in every game against it."""
    service = await services()
    service.games_per_user = 2
    for player in (ANN, BEN):
        for _ in range(2):
            await service.ai.against("icesickle", player, "hard", channel_id=9)
    with pytest.raises(ServiceError, match="You already play 2 active games"):
        await service.ai.against("icesickle", ANN, "hard", channel_id=9)


async def test_a_turn_taken_but_never_played_comes_due_again(services):
    """A bot that stopped after taking an AI turn: another (or the restarted one) plays it
    once the lease runs out."""
    service = await services()
    game = await service.ai.against("pachisi", ANN, "easy", channel_id=9, shuffle=False)
    game = await play_until_ai(service, game.id)
    service.clock.now += service.ai_delay
    assert await service.ai.due() == [game.id]  # taken, then the bot stopped
    await service.close()
    again = await services()
    assert await again.ai.due() == []
    again.clock.now += 61
    assert await again.ai.due() == [game.id]
    assert (await again.ai.play(game.id)).moves


async def play_until_ai(service: Service, game_id: int):
    for _ in range(200):
        record = await service.game(game_id)
        if record.ai_to_act:
            return record
        await service.play(game_id, record.player_to_move.user_id, record.state.legal_moves()[0])
    raise AssertionError("Parlor never got a turn")


async def test_a_lobby_takes_two_ais_and_plays_with_them(services):
    service = await services()
    lobby = await service.lobbies.open("pachisi", ANN, 4, channel_id=9)
    with pytest.raises(NotAllowed, match="Only the host"):
        await service.lobbies.add_ai(lobby.id, BEN, "easy")
    with pytest.raises(ServiceError, match="no AI level 'genius'"):
        await service.lobbies.add_ai(lobby.id, ANN, "genius")
    await service.lobbies.join(lobby.id, BEN)
    await service.lobbies.add_ai(lobby.id, ANN, "easy")
    game = await service.lobbies.add_ai(lobby.id, ANN, "medium")  # the fourth seat starts it
    names = sorted(p.name for p in game.players)
    assert names == sorted(["Ann", "Ben", "Parlor (easy)", "Parlor 2 (medium)"])
    over = await play_out(service, game.id)
    assert over.over


async def test_parlor_may_play_for_a_player_out_of_time_until_they_are_back(services):
    service = await services()
    challenge = await service.challenge(
        "icesickle", ANN, BEN, channel_id=9, settings={"clock": "1d"}
    )
    game = await service.accept(challenge.id, BEN)
    late = game.player_to_move
    other = next(p for p in game.players if p != late)
    with pytest.raises(NotAllowed, match="still has"):
        await service.ai.stand_in(game.id, other.user_id)
    service.clock.now += DAY
    with pytest.raises(NotAllowed, match="That's you"):
        await service.ai.stand_in(game.id, late.user_id)
    taken = (await service.ai.stand_in(game.id, other.user_id)).game
    assert taken.stand_ins == {taken.seat_of(late.user_id): "hard"}
    assert taken.ai_to_act == "hard" and taken.deadline is None
    assert taken.absent_to_act  # the turn is still theirs to play for a while
    service.clock.now += service.ai_delay
    assert await service.ai.due() == []
    service.clock.now += service.stand_in_grace - service.ai_delay
    assert await service.ai.due() == [game.id]
    played = await service.ai.play(
        game.id,
    )
    moves = await service.storage.moves(game.id)
    assert moves[-1].user_id == ai_id("hard", 0)  # Parlor's move, for the absent player
    assert played.game.player_to_move == other
    back = (await service.ai.back(game.id, late.user_id)).game
    assert back.stand_ins == {} and back.ai_to_act is None
    with pytest.raises(NotAllowed, match="own seat already"):
        await service.ai.back(game.id, late.user_id)


async def test_a_player_who_plays_on_their_turn_takes_the_seat_back(services):
    service = await services()
    challenge = await service.challenge(
        "icesickle", ANN, BEN, channel_id=9, settings={"clock": "1d"}
    )
    game = await service.accept(challenge.id, BEN)
    late = game.player_to_move
    other = next(p for p in game.players if p != late)
    service.clock.now += DAY
    game = (await service.ai.stand_in(game.id, other.user_id)).game
    played = await service.play(game.id, late.user_id, game.state.legal_moves()[0])
    assert played.game.stand_ins == {}
    assert await service.ai.due() == []


async def test_hints_only_where_the_table_has_them_and_only_on_your_turn(services):
    service = await services()
    challenge = await service.challenge("icesickle", ANN, BEN, channel_id=9)
    game = await service.accept(challenge.id, BEN)
    with pytest.raises(NotAllowed, match="Hints are off"):
        await service.ai.hint(game.id, game.player_to_move.user_id)
    challenge = await service.challenge(
        "icesickle", ANN, CAT, channel_id=9, settings={"hints": "on"}
    )
    game = await service.accept(challenge.id, CAT)
    waiting = next(p for p in game.players if p != game.player_to_move)
    with pytest.raises(NotAllowed, match="not your turn"):
        await service.ai.hint(game.id, waiting.user_id)
    move, _ = await service.ai.hint(game.id, game.player_to_move.user_id)
    assert engine.get_game("icesickle").new_game(2).parse(move) in game.state.legal_moves()


async def test_a_player_who_comes_back_while_parlor_thinks_keeps_their_move(services):
    """Parlor's moves are worked out outside the game's lock: a move the player makes
    meanwhile wins, and Parlor's is dropped, not played on top of it."""
    service = await services()
    day = {"clock": "1d"}
    challenge = await service.challenge("icesickle", ANN, BEN, channel_id=9, settings=day)
    game = await service.accept(challenge.id, BEN)
    late = game.player_to_move
    other = next(p for p in game.players if p != late)
    service.clock.now += DAY
    game = (await service.ai.stand_in(game.id, other.user_id)).game
    move = game.state.legal_moves()[0]

    async def think_while_the_player_moves(fn, *args):
        await service.play(game.id, late.user_id, move)
        return fn(*args)

    assert await service.ai.play(game.id, think_while_the_player_moves) is None
    after = await service.game(game.id)
    assert after.state.history[-1] == move and after.stand_ins == {}
    assert after.player_to_move == other


async def test_parlor_rolls_at_once_at_a_table_that_presses_roll(services):
    service = await services()
    button = {"roll": "button"}
    game = await service.ai.against("pachisi", ANN, "easy", channel_id=9, settings=button)
    for _ in range(50):  # whenever the dice are Parlor's, nobody waits for it to press Roll
        assert not (game.awaiting_roll and game.ai_to_act)
        if game.over:
            break
        if game.ai_to_act:
            game = (await service.ai.play(game.id)).game
        elif game.awaiting_roll:
            game = (await service.play(game.id, ANN.user_id, "roll")).game
        else:
            game = (await service.play(game.id, ANN.user_id, game.state.legal_moves()[0])).game
    moves = await service.storage.moves(game.id)
    rolled_by_parlor = [m for m in moves if m.seat == engine.CHANCE and m.user_id is None]
    assert rolled_by_parlor and any(m.user_id == ANN.user_id for m in moves)


async def test_parlor_never_plays_a_turn_twice(services):
    """Two bots took the same turn (one stopped, its lease ran out, another took it): the one
    that commits second finds the game moved on, and plays nothing."""
    service = await services()
    challenge = await service.challenge("icesickle", ANN, BEN, channel_id=9)
    game = await service.accept(challenge.id, BEN)
    game = await service.ai.seat(game.id, {0: "easy", 1: "easy"})  # Parlor on both sides

    async def another_bot_plays_first(fn, *args):
        assert (await service.ai.play(game.id)).moves
        return fn(*args)

    assert await service.ai.play(game.id, another_bot_plays_first) is None
    assert len((await service.game(game.id)).state.history) == len(game.state.history) + 1


async def test_the_sweep_never_reminds_parlor(services):
    service = await services()
    game = await service.ai.against("icesickle", ANN, "easy", channel_id=9, shuffle=False)
    game = (await service.play(game.id, ANN.user_id, game.state.legal_moves()[0])).game
    assert game.ai_to_act
    # whatever is due (here a look written by hand), the sweep has nothing for Parlor
    async with service.storage.transaction() as tx:
        await tx.execute("UPDATE games SET wake_at = 0, reminded_at = NULL")
    service.clock.now += 3 * 86_400
    assert await service.timeouts.sweep() == []


def test_parlor_thinks_within_its_time():
    # IceSickle's first placement, where the hard search has far more to look at than it can:
    # out of time at once, Parlor plays what its search had after its first positions; with
    # its time, the level's own move (the budget of positions ends the search first)
    from bot.service.ai_turns import ai_rng, plan_turn

    state = engine.get_game("icesickle").new_game(2)
    args = ("icesickle", state.position_json(), [], 0, "hard", 11)
    rng = ai_rng(11, 0)
    hurried = engine.ai.choose(state, "hard", rng, engine.ai.Budget(out_of_time=lambda: True))
    assert plan_turn(*args, seconds=0.0) == [str(hurried)]
    assert plan_turn(*args) == [str(engine.ai.choose(state, "hard", ai_rng(11, 0)))]
    assert hurried != engine.ai.choose(state, "hard", ai_rng(11, 0))


async def test_two_processes_taking_due_ai_turns_at_once_take_each_once(services):
    first, second = await services(), await services()
    games = []
    for host in (ANN, BEN, CAT):
        game = await first.ai.against("icesickle", host, "easy", channel_id=9, shuffle=False)
        games.append((await first.play(game.id, host.user_id, game.state.legal_moves()[0])).game)
    assert all(game.ai_to_act for game in games)
    first.clock.now = second.clock.now = first.clock.now + 60
    taken = await asyncio.gather(first.ai.due(), second.ai.due())
    assert sorted(taken[0] + taken[1]) == sorted(game.id for game in games)  # each once
    assert await first.ai.due() == [] and await second.ai.due() == []  # held: nothing more


async def test_a_restart_takes_over_at_once_the_turns_its_last_run_had_taken(services):
    """A process killed holding AI turns: its next run frees them as it starts (they are due
    at once, not when the lease runs out), but not those of a process of other shards, which
    still lives; nor a later start frees its own turns."""
    shard_0, shard_1 = await services(), await services()
    await shard_0.ai.take_over("2:0")
    await shard_1.ai.take_over("2:1")
    taken = []
    for host, process in ((ANN, shard_0), (BEN, shard_1)):
        game = await process.ai.against("icesickle", host, "easy", channel_id=9, shuffle=False)
        game = (await process.play(game.id, host.user_id, game.state.legal_moves()[0])).game
        process.clock.now += process.ai_delay
        assert await process.ai.due() == [game.id]
        taken.append(game.id)
    await shard_0.close()  # killed while Parlor thought: its lease holds for a minute
    again = await services()
    assert await again.ai.due() == []
    assert await again.ai.take_over("2:0") == 1  # its last run's turn, at once
    assert await again.ai.due() == [taken[0]]
    assert await again.ai.take_over("2:0") == 0  # the turn it holds now is its own
    assert (await again.ai.play(taken[0])).moves
    assert await again.ai.due() == []  # shard 1 still holds its turn, playing it
    assert (await shard_1.ai.play(taken[1])).moves
