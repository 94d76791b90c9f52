"""random_legal: the baseline. Every choice is uniform over the legal ones (an action type, then one of its moves;
Pass as one more option when allowed), drawn from the game's own stream."""

from __future__ import annotations

from strategies.dark_ages.base import Strategy


class RandomLegal(Strategy):
    name = "random_legal"

    def choose_action(self, game, seat, options, can_pass):
        kinds = sorted(options) + (["pass"] if can_pass else [])
        kind = game.rng.choice(kinds)
        return None if kind == "pass" else game.rng.choice(options[kind])

    def repeat_with_title(self, game, seat, action, options):
        return game.rng.choice(options) if options and game.rng.random() < 0.5 else None

    def settle(self, game, seat, options):
        return game.rng.choice(options) if game.rng.random() < 0.5 else None

    def react(self, game, seat, options):
        return game.rng.choice(options)

    def upkeep_gold(self, game, seat, excess):
        return game.rng.randint(0, excess)

    def hire_commander(self, game, seat):
        return game.rng.random() < 0.5

    def wyrd_activate(self, game, seat, card, forced):
        return forced or game.rng.random() < 0.5

    def counterattack(self, game, seat, provinces):
        return game.rng.choice(provinces) if game.rng.random() < 0.2 else None

    def claim_title(self, game, seat, titles):
        return game.rng.choice(titles + [None])

    def sell(self, game, seat, n):
        p = game.players[seat]
        pool = [r for r, k in p.res.items() for _ in range(k)]
        return game.rng.sample(pool, game.rng.randint(0, min(n, len(pool))))

    def discard_resource(self, game, seat):
        p = game.players[seat]
        return game.rng.choice([r for r, k in p.res.items() if k > 0])

    def discard_card(self, game, seat):
        return game.rng.choice(game.players[seat].hand)
