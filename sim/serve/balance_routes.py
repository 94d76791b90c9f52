"""The balance page's routes (``sim.serve.balance`` has the data, ``sim.serve.whatif`` the worker tasks):

- ``GET /balance/GAME``: the page; ``GET /api/GAME/balance``: the verdict and what a what-if may change;
- ``POST /api/GAME/whatif``: ``sim compare FILE --set … --games N --json`` for the body
  ``{"field": "verdict"|"rotated", "players": 3, "set": ["KEY=VALUE", …], "games": 2000, "seed": S}``;
- ``POST /api/GAME/whatif/study``: FILE, the study file that command answers with the same numbers;
- ``POST /api/GAME/whatif/field``: the field's own win rates (``sim run FILE --json``);
- ``GET /studies/GAME/STUDY/…``: the shipped studies' reports and plots (read only).

Games are capped (``Limits.whatif_games``), each request has its own time limit and runs in the worker pool; a bad
key or value answers 422 naming it. Searched players are never run from here: a field is an experiment of
scripted or tuned plans.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from sim.errors import ConfigError
from sim.serve import balance
from sim.studies import STUDIES_DIR

HELD = 32  # questions whose A runs the server keeps (a run of 10,000 games: about 300 kB)
PAGE = Path(__file__).parent / "static" / "balance.html"


def add_routes(app: FastAPI, compute, limits, parse_json, error) -> None:
    """``compute(request, task, kwargs, time_limit)`` runs a worker task; ``parse_json`` is the server's strict JSON
    reader; ``error(status, message, key, expected, found, source)`` its error answer."""
    app.mount("/studies", StaticFiles(directory=STUDIES_DIR), name="studies")

    def game_of(game: str) -> str:
        if game not in balance.PAGES:
            raise ConfigError(balance.SOURCE, "game", f"one of {', '.join(balance.PAGES)}", game)
        return game

    async def body_of(request: Request) -> dict:
        body = parse_json(await request.body() or b"{}")
        if not isinstance(body, dict):
            raise ConfigError(balance.SOURCE, "", "a JSON object: field, players, set, games, seed",
                              type(body).__name__)  # fmt: skip
        return body

    @app.exception_handler(ConfigError)
    async def config_error(request: Request, exc: ConfigError):
        return error(422, str(exc), exc.key, exc.expected, exc.found, exc.source)

    @app.get("/balance/{game}")
    async def page(game: str):
        game_of(game)
        return FileResponse(PAGE)

    @app.get("/api/{game}/balance")
    async def verdict(game: str):
        return balance.page(game_of(game))

    held: OrderedDict[tuple, dict] = OrderedDict()  # A's runs by question without its changes: {run key: result}

    async def ask(request: Request, game: str, task: str):
        body = await body_of(request)
        q = balance.question(game_of(game), body, limits.whatif_games)  # a bad question answers before any worker
        base = (q.game, q.field, q.players, q.games, q.seed)
        kwargs = {"game": game, "body": body, "max_games": limits.whatif_games, "baselines": held.get(base, {})}
        out = await compute(request, task, kwargs, limits.whatif_time_limit)
        if isinstance(out, Response):  # an error, a time limit, a client gone
            return out
        answer, fresh = out
        held[base] = {**held.pop(base, {}), **fresh}
        while len(held) > HELD:
            held.popitem(last=False)
        return answer

    @app.post("/api/{game}/whatif")
    async def whatif(game: str, request: Request):
        return await ask(request, game, "whatif")

    @app.post("/api/{game}/whatif/field")
    async def field(game: str, request: Request):
        return await ask(request, game, "field_rates")

    @app.post("/api/{game}/whatif/study")
    async def study(game: str, request: Request):
        q = balance.question(game_of(game), await body_of(request), limits.whatif_games)
        headers = {"Content-Disposition": f'attachment; filename="{game}-whatif.yaml"'}
        return PlainTextResponse(balance.study_yaml(q), media_type="application/yaml", headers=headers)
