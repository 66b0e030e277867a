"""OpenSpiel's DQN (PyTorch) trained on a conjure trick game through rl_environment, in the
first seat against a random player, with its learning curve saved as a picture: every
``--every`` training games the agent plays ``--evaluate`` games against the random player, the
same deals each time, and its win rate is plotted with its 95% Wilson interval beside a random
player's on the same deals.

    pip install -e '.[train]'     # torch, matplotlib, dm-tree (OpenSpiel's DQN needs it)
    python bench/train_dqn.py [--game sixty-six] [--option target=1] [--episodes 3000]
        [--every 250] [--evaluate 200] [--seed 0] [--out bench/out/dqn-sixty-six.png]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import random_agent
from open_spiel.python.pytorch import dqn

from conjure.adapters.openspiel import load_game
from conjure.games.simulate import wilson


def play(env: Any, agents: list[Any], train: bool) -> list[float]:
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([agents[player].step(step, is_evaluation=not train).action])
    if train:
        for agent in agents:
            agent.step(step)
    return list(step.rewards)


def win_rate(env: Any, agents: list[Any], games: int, seed: int) -> tuple[float, float, float]:
    """How often the first seat wins against the others; ``env`` reseeded so that every
    evaluation deals the same games."""
    env.seed(seed)
    wins = 0
    for _ in range(games):
        rewards = play(env, agents, train=False)
        wins += rewards[0] > max(rewards[1:])
    return wilson(wins, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sixty-six")
    parser.add_argument("--option", action="append", default=["target=1"])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--every", type=int, default=250)
    parser.add_argument("--evaluate", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    options = {k: int(v) for k, v in (o.split("=", 1) for o in args.option)}
    np.random.seed(args.seed)  # the random players' draws
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # a small network: one thread does as well, the others stay free
    game = load_game(args.game, **options)
    sampler = rl_environment.ChanceEventSampler(args.seed)  # the deals, from the seed
    env = rl_environment.Environment(game, chance_event_sampler=sampler)
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    agent = dqn.DQN(
        player_id=0,
        state_representation_size=size,
        num_actions=actions,
        hidden_layers_sizes=[256, 128],
        replay_buffer_capacity=50_000,
        batch_size=64,
        learning_rate=1e-3,
        optimizer_str="adam",
        update_target_network_every=500,
        learn_every=4,
        min_buffer_size_to_learn=1000,
        epsilon_decay_duration=args.episodes * 10,
        epsilon_end=0.05,
        seed=args.seed,
    )
    opponents = [random_agent.RandomAgent(p, actions) for p in range(game.num_players())]
    curve: list[tuple[int, float, float, float]] = []
    start = time.perf_counter()
    print(f"{args.game} {options}: {size} numbers an information state, {actions} action ids")
    baseline = win_rate(env, opponents, args.evaluate, args.seed + 1)[0]
    print(f"a random player in the first seat wins {baseline:.1%} of the same games")
    for episode in range(args.episodes + 1):
        if episode % args.every == 0:
            rate, low, high = win_rate(env, [agent, *opponents[1:]], args.evaluate, args.seed + 1)
            curve.append((episode, rate, low, high))
            seconds = time.perf_counter() - start
            print(f"{episode:6d} games: wins {rate:.1%} [{low:.1%}, {high:.1%}] ({seconds:.0f} s)")
            env.seed(args.seed + 2 + episode)
        if episode < args.episodes:
            play(env, [agent, *opponents[1:]], train=True)
    out = Path(args.out or f"bench/out/dqn-{args.game}.png")
    out.parent.mkdir(parents=True, exist_ok=True)
    plot(curve, baseline, f"OpenSpiel DQN on conjure {args.game} against a random player", out)
    seconds = time.perf_counter() - start
    summary = {"game": args.game, "options": options, "episodes": args.episodes}
    summary |= {"baseline": baseline, "curve": curve, "seconds": round(seconds, 1)}
    out.with_suffix(".json").write_text(json.dumps(summary, indent=1) + "\n")
    episode, rate, low, high = curve[-1]
    print(f"after {episode} games: wins {rate:.1%} [{low:.1%}, {high:.1%}], a random player")
    print(f"{baseline:.1%}; {seconds:.0f} s in all; wrote {out} and its .json")


def plot(
    curve: list[tuple[int, float, float, float]],
    baseline: float,
    title: str,
    out: Path,
    xlabel: str = "training games",
) -> None:
    """The win rate after each stretch of training, its 95% interval shaded, and a random
    player's on the same games as a dashed line."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [c[0] for c in curve]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(x, [c[1] for c in curve], marker="o", label="win rate")
    ax.fill_between(x, [c[2] for c in curve], [c[3] for c in curve], alpha=0.2, label="95%")
    ax.axhline(baseline, color="grey", linestyle="--", linewidth=1, label="a random player")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games won against a random player")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out, dpi=120)


if __name__ == "__main__":
    main()
