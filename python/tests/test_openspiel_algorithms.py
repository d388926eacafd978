"""OpenSpiel's own Python algorithms, run unchanged on every game: MCTSBot
(with OpenSpiel's RandomRolloutEvaluator and with this package's Rust
RolloutEvaluator), ISMCTSBot on the games with hidden information,
rl_environment with a tabular Q-learner, sample_some_states, and the generic
game test sim_game. Game counts and simulations are bounded so that the
file runs in seconds."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterator

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts, sample_some_states, tabular_qlearner
from open_spiel.python.tests import games_sim_test

import tabletop_engines as te

GAMES = ["age-of-war", "armadora(players=2)", "era(players=2)", "pig"]
HIDDEN = ["armadora(players=2)", "era(players=2)"]
#: Tables with something hidden, larger ones and Liar's Dice included.
RESAMPLED = [
    *HIDDEN,
    "armadora(players=3,advanced=true)",
    "era(players=3)",
    "liars-dice(players=2,numdice=2)",
]


def play(state: te.State, bots: dict[int, object], decisions: int, seed: int) -> te.State:
    """Steps ``state`` with ``bots[player].step`` for up to ``decisions``
    decisions, chance drawn from ``DiceRng(seed)``."""
    rng = te.DiceRng(seed)
    while not state.is_terminal() and decisions > 0:
        if state.is_chance_node():
            state.apply_sampled_chance(rng)
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions -= 1
    return state


@pytest.mark.parametrize("name", GAMES)
def test_get_type_has_openspiels_fields_and_enums(name: str) -> None:
    game = te.load_game(name)
    ours = game.get_type()
    theirs = pyspiel.load_game("kuhn_poker").get_type()
    fields = [f for f in dir(theirs) if not f.startswith("_") and f not in ("pretty_print",)]
    fields = [f for f in fields if not f[0].isupper()]
    for field in fields:
        assert hasattr(ours, field), field
    assert ours.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert pyspiel.GameType.Dynamics.SEQUENTIAL == ours.dynamics
    assert ours.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert ours.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert ours.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    hidden = name in HIDDEN
    information = pyspiel.GameType.Information
    assert ours.information == (information.IMPERFECT_INFORMATION if hidden else information.PERFECT_INFORMATION)
    assert ours.provides_information_state_tensor == (not hidden)
    assert ours.short_name == game.name
    assert ours.min_num_players == 2 and ours.max_num_players >= 4
    assert pickle.loads(pickle.dumps(ours)) == ours
    assert game.min_utility() == 0.0 and game.max_utility() == 1.0 and game.utility_sum() == 1.0
    assert game.max_game_length() == game.max_move_number() == 2**31 - 1
    state = game.new_initial_state()
    assert not state.is_mean_field_node()
    assert state.get_game() == game and state.get_game().get_type() == ours


def test_max_chance_outcomes_bounds_every_chance_event() -> None:
    assert te.load_game("pig").max_chance_outcomes() == 6
    assert te.load_game("age-of-war").max_chance_outcomes() == 792
    for name in GAMES:
        game = te.load_game(name)
        bound = game.max_chance_outcomes()
        for seed in range(2):
            state = game.new_initial_state()
            rng = te.DiceRng(seed)
            for _ in range(3000):
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    assert len(state.chance_outcomes()) <= bound
                    state.apply_sampled_chance(rng)
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.below(len(legal))])


def test_information_state_tensor_where_the_game_has_one() -> None:
    for name in GAMES:
        game = te.load_game(name)
        state = game.new_initial_state()
        if name in HIDDEN:
            with pytest.raises(te.SpielError, match="no information state tensor"):
                game.information_state_tensor_shape()
            with pytest.raises(RuntimeError):
                state.information_state_tensor(0)
        else:
            assert game.information_state_tensor_shape() == game.observation_tensor_shape()
            assert game.information_state_tensor_size() == game.observation_tensor_size()
            assert np.array_equal(state.information_state_tensor(0), state.observation_tensor(0))


@pytest.mark.parametrize("name", GAMES)
def test_mcts_bot_with_the_rust_rollout_evaluator(name: str) -> None:
    game = te.load_game(name)
    bots = {
        p: mcts.MCTSBot(game, 2.0, 20, te.RolloutEvaluator(1, seed=p), random_state=np.random.RandomState(p))
        for p in range(game.num_players())
    }
    state = play(game.new_initial_state(), bots, decisions=15, seed=1)
    assert state.move_number() >= 15


def test_mcts_bot_with_openspiels_own_rollout_evaluator() -> None:
    game = te.load_game("pig(winscore=20)")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = {p: mcts.MCTSBot(game, 2.0, 10, evaluator, random_state=np.random.RandomState(p)) for p in range(2)}
    state = play(game.new_initial_state(), bots, decisions=10_000, seed=3)
    assert state.is_terminal()


def test_mcts_plays_pig_better_than_random() -> None:
    """The Rust evaluator's values steer the search: MCTS at 50 simulations
    beats a uniformly random player in most of 10 short games."""
    game = te.load_game("pig(winscore=20)")

    class Random:
        def __init__(self, seed: int) -> None:
            self.rng = np.random.RandomState(seed)

        def step(self, state: te.State) -> int:
            return int(self.rng.choice(state.legal_actions()))

    wins = 0.0
    for seed in range(10):
        bot = mcts.MCTSBot(game, 2.0, 50, te.RolloutEvaluator(1, seed), random_state=np.random.RandomState(seed))
        wins += te.evaluate_bots(game.new_initial_state(), [bot, Random(seed)], seed)[0]
    assert wins >= 7


def test_rollout_evaluator_means_and_prior() -> None:
    game = te.load_game("pig(winscore=20)")
    state = game.new_initial_state()
    values = te.RolloutEvaluator(200, seed=0).evaluate(state)
    assert values.dtype == np.float64 and values.shape == (2,)
    assert values.sum() == pytest.approx(1.0)
    assert te.RolloutEvaluator(5, seed=9).evaluate(state).tolist() == te.RolloutEvaluator(5, seed=9).evaluate(state).tolist()
    prior = te.RolloutEvaluator().prior(state)
    assert [a for a, _ in prior] == state.legal_actions()
    assert sum(p for _, p in prior) == pytest.approx(1.0)
    state.apply_action(state.string_to_action("roll"))
    assert [a for a, _ in te.RolloutEvaluator().prior(state)] == [a for a, _ in state.chance_outcomes()]
    with pytest.raises(ValueError, match="n_rollouts"):
        te.RolloutEvaluator(2**70)


def seeded_resampler(seed: int) -> Callable[[te.State, int], te.State]:
    """``ISMCTSBot.set_resampler``'s callback: what the bot does by itself
    (``resample_from_infostate`` with a ``UniformProbabilitySampler``), with
    a sampler seeded here. The bot's own sampler is made afresh for each
    draw from the system's entropy, so that its searches differ from run to
    run whatever the seeds given."""
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    return lambda state, player: state.resample_from_infostate(player, sampler)


@pytest.mark.parametrize("name", HIDDEN)
def test_ismcts_bot(name: str) -> None:
    game = te.load_game(name)
    evaluator = te.RolloutEvaluator(1, seed=0)
    bots = {}
    for p in range(game.num_players()):
        bots[p] = ismcts.ISMCTSBot(
            game,
            evaluator,
            2.0,
            10,
            random_state=np.random.RandomState(p),
            use_observation_string=True,
        )
        bots[p].set_resampler(seeded_resampler(p))
    state = play(game.new_initial_state(), bots, decisions=40, seed=2)
    # Forty legal decisions (each checked in `play`), or a game that ended
    # sooner: in Armadöra both players may pass early.
    assert state.is_terminal() or state.move_number() >= 40


def decision_states(game: te.Game, seed: int, every: int) -> Iterator[te.State]:
    """The states of a random game (chance and moves drawn from
    ``DiceRng(seed)``) at every ``every``-th decision."""
    state, rng = game.new_initial_state(), te.DiceRng(seed)
    turn = 0
    while True:
        while state.is_chance_node():
            state.apply_sampled_chance(rng)
        if state.is_terminal():
            return
        if turn % every == 0:
            yield state.clone()
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
        turn += 1


def spread(game: te.Game, seed: int, count: int) -> list[te.State]:
    """About ``count`` decision states spread over a random game, from its
    first decision to its last."""
    states = list(decision_states(game, seed, every=1))
    return states[:: max(1, len(states) // count)]


@pytest.mark.parametrize("name", RESAMPLED)
def test_ismcts_bot_keys_its_tree_by_information_state(name: str) -> None:
    """OpenSpiel's ISMCTSBot as it comes (information-state keys, its own
    RandomRolloutEvaluator, its own resampling) at states all through random
    games: each of its simulations asserts that the resampled root tells
    the player the same information state (``ismcts.py``: ``assert
    root_infostate_key == self.get_state_key(sampled_root_state)``), and
    every decision is legal. The bot's draws differ from run to run (its
    sampler is seeded from the system), and hold for any."""
    game = te.load_game(name)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    searches = 0
    for seed in range(3):
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(seed))
        for state in spread(game, seed, count=4):
            action = bot.step(state)
            assert action in state.legal_actions()
            searches += 1
    assert searches >= 9


@pytest.mark.parametrize("name", GAMES)
def test_resample_from_infostate_keeps_what_the_player_sees(name: str) -> None:
    game = te.load_game(name)
    sampler = pyspiel.UniformProbabilitySampler(4, 0.0, 1.0)
    state = game.new_initial_state()
    rng = te.DiceRng(4)
    drew_afresh = False
    for _ in range(120):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_sampled_chance(rng)
            continue
        player = state.current_player()
        draws = set()
        for _ in range(4):
            sampled = state.resample_from_infostate(player, sampler)
            assert sampled.observation_string(player) == state.observation_string(player)
            assert sampled.information_state_string(player) == state.information_state_string(player)
            assert sampled.current_player() == player
            assert sampled.legal_actions() == state.legal_actions()
            draws.add(str(sampled))
        drew_afresh |= len(draws) > 1
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    # Something hidden is drawn afresh, in the games that hide something.
    assert drew_afresh == (name in HIDDEN)


@pytest.mark.parametrize("name", RESAMPLED)
def test_resample_from_infostate_keeps_every_seats_information_state(name: str) -> None:
    """What ISMCTSBot asserts at each simulation, at every decision of
    random games and for every seat, not only the one to move: the state
    ``resample_from_infostate(seat)`` returns tells the seat the same
    information state and observation, has the same player to move (with
    the same legal actions for that seat), and some draws differ from the
    original in what the seat never saw."""
    game = te.load_game(name)
    sampler = pyspiel.UniformProbabilitySampler(0, 0.0, 1.0)
    checked = drawn_afresh = 0
    # Whole games, until 300 resampled states or 100 games.
    for seed in range(100):
        if checked >= 300:
            break
        for state in decision_states(game, seed, every=1):
            mover = state.current_player()
            for seat in range(game.num_players()):
                sampled = state.resample_from_infostate(seat, sampler)
                at = f"seed {seed}, seat {seat}, history {state.history_str()}"
                assert sampled.information_state_string(seat) == state.information_state_string(seat), at
                assert sampled.observation_string(seat) == state.observation_string(seat), at
                assert sampled.current_player() == mover, at
                if seat == mover:
                    assert sampled.legal_actions() == state.legal_actions(), at
                checked += 1
                drawn_afresh += sampled.history() != state.history()
    assert checked >= 300
    assert drawn_afresh > 0


class _First:
    def step(self, state: te.State) -> int:
        return state.legal_actions()[0]


@pytest.mark.parametrize("name", GAMES)
def test_rl_environment_with_a_tabular_q_learner(name: str) -> None:
    game = te.load_game(name)
    env = rl_environment.Environment(game, observation_type=rl_environment.ObservationType.OBSERVATION)
    env.seed(0)
    players = env.num_players
    actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=actions) for p in range(players)]
    steps = 0
    for _ in range(2):
        time_step = env.reset()
        while not time_step.last() and steps < 3000:
            player = time_step.observations["current_player"]
            output = agents[player].step(time_step)
            time_step = env.step([output.action])
            steps += 1
        if time_step.last():
            for agent in agents:
                agent.step(time_step)
    assert steps > 0
    assert env.max_game_length == game.max_game_length()


@pytest.mark.parametrize("name", GAMES)
def test_sample_some_states(name: str) -> None:
    states = sample_some_states.sample_some_states(te.load_game(name), max_states=40)
    assert len(states) == 40
    assert all(isinstance(s, te.State) for s in states)


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_generic_sim_game(name: str) -> None:
    """OpenSpiel's own generic game test (up to 1000 actions a game), less
    pyspiel's C++ serialisation, which takes only pyspiel's games."""
    np.random.seed(0)
    games_sim_test.GamesSimTest().sim_game(te.load_game(name), check_pyspiel_serialization=False)


def test_evaluate_bots_plays_bots_written_against_this_package() -> None:
    game = te.load_game("pig(winscore=20,players=3)")
    informed: list[tuple[int, int]] = []

    class Holder:
        def __init__(self) -> None:
            self.restarted = False

        def restart(self) -> None:
            self.restarted = True

        def inform_action(self, state: te.State, player: int, action: int) -> None:
            informed.append((player, action))

        def step(self, state: te.State) -> int:
            return state.legal_actions()[-1]

    bots = [Holder(), Holder(), Holder()]
    start = game.new_initial_state()
    returns = te.evaluate_bots(start, bots, 7)
    assert sum(returns) == pytest.approx(1.0)
    assert all(bot.restarted for bot in bots)
    assert start.move_number() == 0
    assert te.CHANCE_PLAYER_ID in {p for p, _ in informed}
    assert returns == te.evaluate_bots(start, [Holder(), Holder(), Holder()], 7)
    with pytest.raises(ValueError, match="2 bots for 3 seats"):
        te.evaluate_bots(start, bots[:2], 0)


def test_pyspiels_own_evaluate_bots_takes_only_pyspiels_states() -> None:
    """What the README says: pyspiel's C++ helpers refuse these states."""
    game = te.load_game("pig")
    with pytest.raises(TypeError):
        pyspiel.evaluate_bots(game.new_initial_state(), [pyspiel.make_uniform_random_bot(p, 0) for p in range(2)], 0)


@pytest.mark.parametrize("name", ["age-of-war", "pig"])
def test_ismcts_bot_refuses_games_of_perfect_information_by_its_own_check(name: str) -> None:
    """ISMCTSBot asserts IMPERFECT_INFORMATION (as it does for pyspiel's
    games): on Pig and Age of War it is MCTSBot that applies."""
    game = te.load_game(name)
    bot = ismcts.ISMCTSBot(game, te.RolloutEvaluator(), 2.0, 5, random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    dice = te.DiceRng(0)
    while state.is_chance_node():
        state.apply_sampled_chance(dice)
    with pytest.raises(AssertionError):
        bot.step(state)
