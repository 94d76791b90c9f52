"""The meta-game's equilibrium: one mixture of plans per faction, from OpenSpiel's projected replicator dynamics.

The payoff table of F factions with k_f plans each is F tensors of shape (k_1, …, k_F): tensor f holds faction f's
win rate under each profile. Projected replicator dynamics (Lanctot et al. 2017, the meta-solver PSRO uses for
many-player general-sum games; ``open_spiel.python.algorithms.projected_replicator_dynamics``) moves every
faction's mixture towards its better plans at once and returns the average of the trajectory. It is not guaranteed
to reach a Nash equilibrium in every general-sum game, so ``regrets`` measures what each faction would gain by its
best plan in the table. ``solve`` polishes the dynamics' answer on its support (``polish``: least squares on the
indifference conditions). When the total regret (``nash_conv``) still exceeds ``TOLERANCE`` it tries every pure
profile; failing that, the logit quantal-response path (pygambit's ``logit_solve``, McKelvey & Palfrey's tracing
procedure: one equilibrium, the same for the same table), which finds the mixed equilibria the dynamics circle
around; failing that too, the dynamics from each faction's best reply, keeping the candidate with the smallest
total.
"""

from __future__ import annotations

import itertools

import numpy as np

ITERATIONS, DT, GAMMA = 10_000, 1e-2, 1e-7
CUTOFF = 1e-3  # probabilities below this are dropped (then renormalised): a plan played 0.1% of the time is noise
TOLERANCE = 1e-3  # default nash_conv on the table above which other starting points are tried


def values(tensors: list[np.ndarray], sigma: list[np.ndarray], f: int, of: int | None = None) -> np.ndarray:
    """Faction ``f``'s payoff (or faction ``of``'s) for each of ``f``'s plans against the others' mixtures."""
    t = np.moveaxis(tensors[f if of is None else of], f, 0)
    for g in reversed([g for g in range(len(sigma)) if g != f]):
        t = t @ sigma[g]
    return t


def regrets(tensors: list[np.ndarray], sigma: list[np.ndarray]) -> np.ndarray:
    """Per faction: its best plan's payoff minus its mixture's payoff, both against the others' mixtures."""
    out = []
    for f in range(len(sigma)):
        v = values(tensors, sigma, f)
        out.append(float(v.max() - v @ sigma[f]))
    return np.array(out)


def payoffs(tensors: list[np.ndarray], sigma: list[np.ndarray]) -> np.ndarray:
    return np.array([float(values(tensors, sigma, f) @ sigma[f]) for f in range(len(sigma))])


def _clean(sigma: list[np.ndarray]) -> list[np.ndarray]:
    out = []
    for s in sigma:
        s = np.where(s < CUTOFF, 0.0, s)
        out.append(s / s.sum())
    return out


def _prd(tensors, start, iterations):
    from open_spiel.python.algorithms.projected_replicator_dynamics import projected_replicator_dynamics

    sigma = projected_replicator_dynamics(
        tensors, prd_initial_strategies=[s.copy() for s in start], prd_iterations=iterations, prd_dt=DT,
        prd_gamma=GAMMA,
    )  # fmt: skip
    return _clean([np.asarray(s, float) for s in sigma])


def _logit(tensors):
    """The equilibrium the logit quantal-response path of the table leads to (pygambit), or None if it fails."""
    import pygambit as gbt

    game = gbt.StrategicGame.from_arrays(*tensors)
    result = gbt.nash.logit_solve(game)
    if not result.success or result.equilibrium is None:
        return None
    return _clean([np.array([p for _, p in result.equilibrium[player]], float) for player in game.players])


def polish(tensors: list[np.ndarray], sigma: list[np.ndarray]) -> list[np.ndarray]:
    """Solve the indifference conditions on ``sigma``'s support (every plan a faction mixes earns the same against
    the others' mixtures) by least squares: the dynamics find the support, this finds the exact point on it."""
    from scipy.optimize import least_squares

    support = [np.flatnonzero(s > 0) for s in sigma]
    sizes = [len(s) for s in support]
    if all(n == 1 for n in sizes):
        return sigma

    def unpack(x):
        out, i = [], 0
        for s, n, k in zip(support, sizes, (len(t) for t in sigma), strict=True):
            v = np.zeros(k)
            v[s] = x[i : i + n]
            out.append(v)
            i += n
        return out

    def residuals(x):
        mix = unpack(x)
        res = []
        for f, s in enumerate(support):
            v = values(tensors, mix, f)[s]
            res.extend(v[1:] - v[0])
            res.append(mix[f].sum() - 1.0)
        return np.array(res)

    x0 = np.concatenate([s[idx] for s, idx in zip(sigma, support, strict=True)])
    fit = least_squares(residuals, x0, bounds=(0.0, 1.0), xtol=1e-12, ftol=1e-12, gtol=1e-12)
    return _clean([np.clip(v, 0, None) for v in unpack(fit.x)])


def solve(
    tensors: list[np.ndarray], iterations: int = ITERATIONS, tolerance: float = TOLERANCE, logit: bool = True
) -> tuple[list[np.ndarray], np.ndarray]:
    """(mixture per faction, regret per faction) of the table ``tensors``: the dynamics from uniform play, polished;
    when its total regret exceeds ``tolerance``, the best of that and every pure profile (small tables); then the
    logit path's equilibrium (unless ``logit`` is False); then the dynamics leaning towards each faction's best
    reply."""
    tensors = [np.asarray(t, float) for t in tensors]
    shape = tensors[0].shape
    uniform = [np.full(k, 1.0 / k) for k in shape]
    candidates = [polish(tensors, _prd(tensors, uniform, iterations))]
    if regrets(tensors, candidates[0]).sum() > tolerance and np.prod(shape) <= 4096:
        candidates += [
            [np.eye(k)[i] for k, i in zip(shape, p, strict=True)] for p in itertools.product(*map(range, shape))
        ]
    best = min(candidates, key=lambda s: regrets(tensors, s).sum())
    if logit and regrets(tensors, best).sum() > tolerance:
        traced = _logit(tensors)
        if traced is not None:  # compared with the best so far, not every pure profile again
            candidates.append(polish(tensors, traced))
            if regrets(tensors, candidates[-1]).sum() < regrets(tensors, best).sum():
                best = candidates[-1]
    if regrets(tensors, best).sum() > tolerance:
        for f in range(len(shape)):  # the dynamics again, leaning towards each faction's best reply to uniform play
            lean = [u.copy() for u in uniform]
            lean[f] = 0.5 * lean[f] + 0.5 * np.eye(shape[f])[int(np.argmax(values(tensors, uniform, f)))]
            candidates.append(polish(tensors, _prd(tensors, lean, iterations)))
        best = min(candidates, key=lambda s: regrets(tensors, s).sum())
    return best, regrets(tensors, best)


def near_equilibria(tensors: list[np.ndarray], threshold: float) -> list[tuple[int, ...]]:
    """Every pure profile at which no faction gains more than ``threshold`` by switching to another plan of the
    table: with ``threshold`` the cells' noise, the profiles that the table cannot tell from an equilibrium. When
    there are several, which one a run selects can depend on its seed (equilibrium selection under noise)."""
    ok = np.ones(tensors[0].shape, bool)
    for f, t in enumerate(tensors):
        ok &= np.asarray(t).max(axis=f, keepdims=True) - t <= threshold
    return [tuple(int(i) for i in p) for p in np.argwhere(ok)]
