"""Joint phase tables over (attacker state, defender state) pairs, sampled with alias tables.

With both sides' per-phase tables in hand (``tables.py``), a phase maps a pair of states to a
distribution over next pairs. For small battles there are only a few hundred reachable pairs, so the
kernel can draw a phase with a single 32-bit uniform and no branches on hit counts (Walker's alias
method), which is what makes it fast. Larger battles fall back to the per-side tables.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import numpy as np

SCALE = 1 << 32


@dataclass(frozen=True)
class PairTables:
    n_pairs: np.ndarray  # [V]
    pair_state: np.ndarray  # [V, P, 4] attacker state, attacker card, defender state, defender card
    start: np.ndarray  # [V, 3, P] first alias slot of the pair's outcome list in phase p (-1 = unreachable)
    length: np.ndarray  # [V, 3, P] number of outcomes
    prob: np.ndarray  # [K] uint64 alias threshold × 2**32: below it take `keep`, else `alias`
    keep: np.ndarray  # [K] next pair index
    alias: np.ndarray  # [K] next pair index


def alias_table(probabilities: list[float]) -> tuple[list[int], list[int]]:
    """Walker/Vose alias table: (threshold × 2**32, alias index) per slot."""
    m = len(probabilities)
    scaled = [q * m for q in probabilities]
    threshold, alias = [SCALE] * m, list(range(m))
    small = [i for i, q in enumerate(scaled) if q < 1.0]
    large = [i for i, q in enumerate(scaled) if q >= 1.0]
    while small and large:
        lo, hi = small.pop(), large.pop()
        threshold[lo], alias[lo] = int(scaled[lo] * SCALE), hi
        scaled[hi] -= 1.0 - scaled[lo]
        (small if scaled[hi] < 1.0 else large).append(hi)
    return threshold, alias  # leftovers (rounding) keep threshold 2**32: always themselves


def build_pairs(alloc, outcomes_of: dict, reinforce: list[int], v_count: int, limit: int) -> PairTables | None:
    """Joint tables, or None when building them would take more than ``limit`` outcome combinations."""
    per_variant = []
    work = 0
    for v in range(v_count):
        start_pair = (0, reinforce[0], 0, reinforce[1])
        pairs, index = [start_pair], {start_pair: 0}
        current = [0]
        phases = []
        for phase in range(3):
            rows = {}
            nxt = set()
            for x in current:
                xa, ca, xd, cd = pairs[x]
                out_a, out_d = outcomes_of[(v, 0, phase, xa, ca)], outcomes_of[(v, 1, phase, xd, cd)]
                work += len(out_a) * len(out_d)
                if work > limit:
                    return None
                dist: dict[int, float] = defaultdict(float)
                for hits_a, used_a, p_a in out_a:
                    for hits_d, used_d, p_d in out_d:
                        key = (int(alloc[v, 0, phase, xa, hits_d]), int(ca and not used_a),
                               int(alloc[v, 1, phase, xd, hits_a]), int(cd and not used_d))  # fmt: skip
                        if key not in index:
                            index[key] = len(pairs)
                            pairs.append(key)
                        dist[index[key]] += p_a * p_d
                rows[x] = dist
                nxt.update(dist)
            phases.append(rows)
            current = sorted(nxt)
        per_variant.append((pairs, phases))
    p_max = max(len(pairs) for pairs, _ in per_variant)
    n_pairs = np.array([len(pairs) for pairs, _ in per_variant], np.int64)
    pair_state = np.zeros((v_count, p_max, 4), np.int64)
    start = np.full((v_count, 3, p_max), -1, np.int64)
    length = np.zeros((v_count, 3, p_max), np.int64)
    prob, keep, alias = [], [], []
    for v, (pairs, phases) in enumerate(per_variant):
        pair_state[v, : len(pairs)] = pairs
        for phase, rows in enumerate(phases):
            for x, dist in rows.items():
                targets = sorted(dist)
                threshold, other = alias_table([dist[t] for t in targets])
                start[v, phase, x], length[v, phase, x] = len(prob), len(targets)
                prob.extend(threshold)
                keep.extend(targets)
                alias.extend(targets[j] for j in other)
    return PairTables(
        n_pairs, pair_state, start, length,
        np.array(prob, np.uint64), np.array(keep, np.int64), np.array(alias, np.int64),
    )  # fmt: skip
