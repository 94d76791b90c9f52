"""The engine's memoised hot paths answer exactly as the plain computations they replace."""

from collections import Counter

from sim.games.dark_ages import costs
from sim.games.dark_ages.game.context import cached_context


def test_one_context_per_variant_however_it_is_asked_for():
    assert cached_context() is cached_context(()) is cached_context((), False)


def test_shortfall_and_pay_match_the_counter_definition():
    purse = {"wood": 1, "stone": 0, "iron": 2}
    for cost in [("wood", "stone", "stone"), ("iron", "iron", "iron"), (), ["wood", "wood"]]:
        want = sum(max(0, n - purse.get(r, 0)) for r, n in Counter(cost).items())
        assert costs.shortfall(cost, purse) == want
        assert costs.shortfall(cost, purse) == want  # memoised the second time (tuples)


def test_production_cost_memo_matches_the_board():
    ctx = cached_context()
    board, table = ctx.board, ctx.rules["costs"]
    for province in board.provinces:
        for resource in ("wood", "leather", "stone", "iron"):
            own = province.resource == resource
            near = any(board.province(q).resource == resource for q in province.neighbours)
            want = tuple(table["production_own"]) if own else tuple(table["production_neighbour"]) if near else None
            assert costs.production_building_cost(board, province.id, resource, table) == want
            assert costs.production_building_cost(board, province.id, resource, table) == want
