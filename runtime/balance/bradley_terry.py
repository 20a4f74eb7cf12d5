"""Report: Bradley-Terry ratings by penalized maximum likelihood, with 95% profile-likelihood intervals.

Agent i beats agent j with probability sigmoid(theta_i - theta_j). The data are fractional win counts
(``wins[i][j]``: how often i beat j, a tie counting half to each side). Every pair also gets
:data:`PRIOR_TIES` virtual ties (BayesElo's prior, Coulom 2005): an agent that never lost, which the
heuristic against random nearly is, has an infinite maximum-likelihood rating, and with the prior a finite
one. Ratings are centred (their mean is 0), so each agent's interval says where it stands among these
agents. An interval is the profile-likelihood interval: the values t of an agent's rating whose best
likelihood (every other rating re-fitted with the agent's held at t) is within chi-square(1, 95%)/2 of
the maximum; unlike the Wald interval from the curvature it stays honest near a clean sweep, where the
likelihood is far from a parabola, and unlike a bootstrap it does not shrink to a point when a sample
has no losses to resample.

Written here with the standard library: the libraries that fit (``choix``) give the point estimate only
and bring numpy and scipy; the fits with one rating held fixed, which the intervals need, are a small
constrained Newton step over a handful of agents.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rulecraft.runtime.balance.stats import Z95

PRIOR_TIES = 1.0          # virtual ties between every pair of agents
ELO = 400 / math.log(10)  # one unit of log-odds in Elo points: 10x the odds is 400 points
_CHI2 = Z95 * Z95         # chi-square with 1 degree of freedom, 95th percentile (3.84)
_WIDEST = 64.0            # log-odds: an interval's end past this is reported as this (a 1e-28 chance)


@dataclass(frozen=True)
class Rating:
    """One agent's centred rating and its 95% interval, in log-odds units (``elo`` converts)."""

    value: float
    low: float
    high: float


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x)) if x >= 0 else math.exp(x) / (1 + math.exp(x))


def _log_sigmoid(x: float) -> float:
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


def _with_prior(wins: Sequence[Sequence[float]]) -> list[list[float]]:
    n = len(wins)
    return [[wins[i][j] + PRIOR_TIES / 2 if i != j else 0.0 for j in range(n)] for i in range(n)]


def log_likelihood(wins: Sequence[Sequence[float]], theta: Sequence[float]) -> float:
    n = len(theta)
    return sum(wins[i][j] * _log_sigmoid(theta[i] - theta[j]) for i in range(n) for j in range(n)
               if i != j and wins[i][j])


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the systems here are a few rows)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-300:
            raise ZeroDivisionError("singular system")
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def _fit(wins: list[list[float]], held: int | None = None, at: float = 0.0) -> tuple[list[float], float]:
    """The ratings of most likelihood with mean 0 (and agent ``held``'s rating fixed ``at``), by Newton's
    method on the constrained (KKT) system, halving a step that does not raise the likelihood; the
    log-likelihood is concave, so this finds the maximum."""
    n = len(wins)
    theta = [0.0] * n
    if held is not None:
        theta = [at if i == held else -at / (n - 1) for i in range(n)]
    rows = [[1.0] * n] + ([[1.0 if i == held else 0.0 for i in range(n)]] if held is not None else [])
    best = log_likelihood(wins, theta)
    for _ in range(100):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                games = wins[i][j] + wins[j][i]
                if i == j or not games:
                    continue
                p = _sigmoid(theta[i] - theta[j])
                grad[i] += wins[i][j] - games * p
                curve = games * p * (1 - p)
                hess[i][i] -= curve
                hess[i][j] += curve
        k = len(rows)
        system = [hess[i] + [rows[r][i] for r in range(k)] for i in range(n)]
        system += [rows[r] + [0.0] * k for r in range(k)]
        step = _solve(system, [-g for g in grad] + [0.0] * k)[:n]
        scale = 1.0
        while True:
            trial = [t + scale * s for t, s in zip(theta, step, strict=True)]
            value = log_likelihood(wins, trial)
            if value >= best or scale < 1e-6:
                break
            scale /= 2
        if value < best:        # no step raises it: this is the maximum, to rounding
            break
        theta, gain, best = trial, value - best, value
        if max(abs(s) for s in step) * scale < 1e-10 or gain < 1e-13:
            break
    return theta, best


def _end(wins: list[list[float]], agent: int, centre: float, top: float, side: int) -> float:
    """Where the profile likelihood of ``agent`` falls chi-square/2 below ``top`` on one ``side``."""
    def below(t: float) -> bool:
        return 2 * (top - _fit(wins, agent, t)[1]) > _CHI2

    inner, width = centre, 1.0
    while not below(centre + side * width):
        inner = centre + side * width
        width *= 2
        if width > _WIDEST:
            return centre + side * _WIDEST
    outer = centre + side * width
    for _ in range(40):
        middle = (inner + outer) / 2
        if below(middle):
            outer = middle
        else:
            inner = middle
    return (inner + outer) / 2


def ratings(wins: Sequence[Sequence[float]]) -> list[Rating]:
    """Each agent's centred rating with its profile interval (log-odds), from ``wins[i][j]``."""
    data = _with_prior(wins)
    theta, top = _fit(data)
    return [Rating(theta[k], _end(data, k, theta[k], top, -1), _end(data, k, theta[k], top, +1))
            for k in range(len(theta))]


def elo(value: float) -> float:
    """A log-odds rating on the Elo scale."""
    return ELO * value
