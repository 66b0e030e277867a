"""MaskablePPO (sb3-contrib, on Stable-Baselines3) trained on a conjure game through its
PettingZoo AEC environment, one seat learning against random players, with its learning curve
saved as a picture. As PettingZoo's own Stable-Baselines3 tutorial does, the AEC environment is
wrapped as a one-agent Gymnasium environment whose action_masks() is the observation's action
mask; here the other seats are random players taking legal actions. Every ``--every`` steps
of training the policy plays ``--evaluate`` games against the random players, the same deals
each time, and its win rate is plotted with its 95% Wilson interval beside a random player's.

    pip install -e '.[train]'     # torch, matplotlib, sb3-contrib
    python bench/train_pettingzoo.py [--game sixty-six] [--option target=1] [--steps 30000]
        [--every 3000] [--evaluate 200] [--seed 0] [--out bench/out/ppo-sixty-six.png]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

from conjure.adapters.pettingzoo import ConjureEnv, env
from conjure.games.simulate import wilson
from train_dqn import plot  # beside this file


class OneSeat(gymnasium.Env):  # type: ignore[type-arg]
    """One agent of a PettingZoo AEC environment as a Gymnasium environment: the other agents
    take a legal action at random (from ``seed``) until it is this agent's turn again, and the
    reward is what this agent collected meanwhile (its return, at the end)."""

    def __init__(self, table: ConjureEnv, seat: int, seed: int) -> None:
        self.table = table
        self.me = table.possible_agents[seat]
        self.observation_space = table.observation_space(self.me)["observation"]
        self.action_space = table.action_space(self.me)
        self.others = np.random.default_rng(seed)
        self.deals = np.random.default_rng(seed + 1)
        self.mask = np.ones(self.action_space.n, dtype=bool)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        deal = int(self.deals.integers(2**31)) if seed is None else seed
        self.table.reset(seed=deal)
        observation, _, done = self._advance()
        assert not done, "the game ended before the learner's first move"
        return observation, {}

    def _advance(self) -> tuple[Any, float, bool]:
        """Play the others until this agent is to act or the game is over."""
        while self.table.agents:
            observation, reward, terminated, truncated, _ = self.table.last()
            if self.table.agent_selection == self.me:
                self.mask = observation["action_mask"].astype(bool)
                return observation["observation"], float(reward), terminated or truncated
            if terminated or truncated:
                self.table.step(None)
            else:
                legal = np.flatnonzero(observation["action_mask"])
                self.table.step(int(self.others.choice(legal)))
        return np.zeros(self.observation_space.shape, np.float32), 0.0, True

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self.table.step(int(action))
        observation, reward, done = self._advance()
        return observation, reward, done, False, {}

    def action_masks(self) -> np.ndarray:
        return self.mask


def win_rate(model: Any, seat: OneSeat, games: int, seed: int) -> tuple[float, float, float]:
    """How often the learner's seat ends with the best return, the same deals (and the same
    random players) each time; ``model`` None plays the seat at random."""
    seat.others = np.random.default_rng(seed)
    mine = np.random.default_rng(seed + 1)
    wins = 0
    for game in range(games):
        observation, _ = seat.reset(seed=seed * 100_000 + game)
        done = False
        while not done:
            if model is None:
                action = int(mine.choice(np.flatnonzero(seat.mask)))
            else:
                action = model.predict(observation, action_masks=seat.mask, deterministic=True)
                action = int(action[0])
            observation, _, done, _, _ = seat.step(action)
        returns = seat.table.table.state.returns()
        wins += returns[0] > max(returns[1:])
    return wilson(wins, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sixty-six")
    parser.add_argument("--option", action="append", default=["target=1"])
    parser.add_argument("--steps", type=int, default=30_000)
    parser.add_argument("--every", type=int, default=3_000)
    parser.add_argument("--evaluate", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    options = {k: int(v) for k, v in (o.split("=", 1) for o in args.option)}
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    learner = OneSeat(env(args.game, **options), 0, args.seed)
    judge = OneSeat(env(args.game, **options), 0, args.seed)  # evaluation, apart from training
    model = MaskablePPO(
        "MlpPolicy", learner, n_steps=1024, batch_size=128, seed=args.seed, verbose=0
    )
    size, actions = learner.observation_space.shape[0], learner.action_space.n
    print(f"{args.game} {options}: {size} numbers an observation, {actions} action ids")
    start = time.perf_counter()
    baseline = win_rate(None, judge, args.evaluate, args.seed + 7)[0]
    print(f"a random player in the first seat wins {baseline:.1%} of the same games")
    curve: list[tuple[int, float, float, float]] = []
    trained = 0
    while True:
        rate, low, high = win_rate(model, judge, args.evaluate, args.seed + 7)
        curve.append((trained, rate, low, high))
        seconds = time.perf_counter() - start
        print(f"{trained:7d} steps: wins {rate:.1%} [{low:.1%}, {high:.1%}] ({seconds:.0f} s)")
        if trained >= args.steps:
            break
        model.learn(total_timesteps=args.every, reset_num_timesteps=False)
        trained = model.num_timesteps
    out = Path(args.out or f"bench/out/ppo-{args.game}.png")
    out.parent.mkdir(parents=True, exist_ok=True)
    title = f"MaskablePPO through PettingZoo on conjure {args.game} against random players"
    plot(curve, baseline, title, out, "steps of training")
    seconds = time.perf_counter() - start
    summary = {"game": args.game, "options": options, "steps": args.steps}
    summary |= {"baseline": baseline, "curve": curve, "seconds": round(seconds, 1)}
    out.with_suffix(".json").write_text(json.dumps(summary, indent=1) + "\n")
    _, rate, low, high = curve[-1]
    print(f"after {trained} steps: wins {rate:.1%} [{low:.1%}, {high:.1%}], a random player")
    print(f"{baseline:.1%}; {seconds:.0f} s in all; wrote {out} and its .json")


if __name__ == "__main__":
    main()
