"""The child process of ``python -m bench search``: seeded games of search agents, one JSON line per game.

``python -m bench.search_games JOB`` with JOB a JSON object: ``game``, ``seatings`` (lists of agent names,
one per seat), ``seeds`` (the seeds to play, each once per seating) and ``pig`` (true: register the
test-only game Pig from the checkout first). It imports the compiled game loop when it is built and
current (``runtime.native.activate``, as the command line does) before anything else, and prints for each
game the seating, each seat's share of the win, and each search seat's decisions searched and CPU seconds.
"""

from __future__ import annotations

import json
import sys
import time


def main(job: dict) -> None:
    from rulecraft.runtime import native

    native.activate()
    if job.get("pig"):
        from bench.bench_fuzz import _register_pig

        _register_pig()
    from rulecraft.plugins.wiring import load_table
    from rulecraft.runtime.agents import make_agent
    from rulecraft.runtime.agents.search import SearchAgent
    from rulecraft.runtime.balance.batch import Config, table_for

    table = table_for(Config(load_table, game=job["game"], agents=tuple(job["seatings"][0])))
    print(json.dumps({"loop": native.running()}), flush=True)
    for seed in job["seeds"]:
        for seating in job["seatings"]:
            agents = [make_agent(name, f"{seed}/{seat}", table.agents) for seat, name in enumerate(seating)]
            timed = [Timed(agent) if isinstance(agent, SearchAgent) else agent for agent in agents]
            game = table.engine(table.ruleset, timed, seed=seed, hooks=table.hooks)
            game.play()
            shares = [0.0] * len(seating)
            for standing in game.standings or ():
                shares[standing.seat] = standing.share
            searched = {seat: [a.decisions, round(a.seconds, 3)] for seat, a in enumerate(timed)
                        if isinstance(a, Timed)}
            print(json.dumps({"seed": seed, "seating": seating, "shares": shares, "searched": searched,
                              "aborted": game.aborted}), flush=True)


class Timed:
    """A search agent with the CPU time of the decisions it searched (one legal answer: not searched)."""

    searches = needs_state = True

    def __init__(self, agent) -> None:
        self.agent, self.decisions, self.seconds = agent, 0, 0.0

    def decide(self, decision, view):
        start = time.process_time()
        answer = self.agent.decide(decision, view)
        if decision.pick > 1 or len(decision.options) > 1:
            self.decisions += 1
            self.seconds += time.process_time() - start
        return answer


if __name__ == "__main__":
    main(json.loads(sys.argv[1]))
