"""The web app of ``sim serve``: one calculator page per game and a JSON API over the battle engines.

Routes (``GAME`` is principes, dark_ages or hussars; every POST body is a scenario file's mapping as JSON):

- ``GET /``, ``GET /GAME``: the calculator pages; ``GET /api/GAME/form``: the fields a page shows.
- ``POST /api/GAME/battle[?exact=true]``: the object ``sim battle FILE --json [--exact]`` prints.
- ``POST /api/GAME/odds[?exact=true]``: that object plus loss and survival distributions and the assumed rules.
- ``POST /api/GAME/solve?solve_for=SIDE.UNIT&target=P``: ``sim battle FILE --solve-for … --target … --json``.
- ``POST /api/hussars/tactics``: ``sim tactics hussars --json`` (payoff matrix, equilibrium mixes).
- ``POST /api/GAME/scenario``: the scenario file (YAML) that ``sim battle FILE`` answers with the same numbers.
- ``POST /api/GAME/report``: builds the designer report into the report folder; ``GET /reports/…`` serves it.

Every body goes through the engines' own validation: a bad field answers 422 with its key path. Bodies, army
sizes and trial counts are capped, and each request has a time limit (504 when it runs over).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from sim.armies import SIDES, unit_path
from sim.config import MAX_DIGITS
from sim.games import GAMES
from sim.serve import balance_routes, forms, work
from sim.serve.pool import Busy, Gone, TimeLimit, Workers

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("sim.serve")


@dataclass(frozen=True)
class Limits:
    body_bytes: int = 64 * 1024  # a scenario is a few hundred bytes
    units_per_side: int = 20  # more than any board game army in sim (Dark Ages caps a side at 16)
    count: int = 50  # any other number in a scenario (cards in hand, bonuses, Keep levels, trophies)
    trials: int = 5_000_000  # per request: well under a second for every engine
    solve_trials: int = 200_000  # per army of a --solve-for scan (up to 21 armies)
    time_limit: float = 10.0  # seconds per request
    report_time_limit: float = 120.0  # a report also runs its 7 × 7 army-size heatmap
    waiting: int = 64  # requests waiting for a worker before the server answers 503
    whatif_games: int = 10_000  # games each of A and B in a balance what-if: the page's last refinement
    whatif_time_limit: float = 60.0  # 2 × 10,000 full games: about 10 s on this 2-core machine, more when busy


class BadRequest(Exception):
    def __init__(self, key: str, expected: str, found: Any):
        self.key, self.expected, self.found = key, expected, found


def _error(status: int, message: str, key: str = "", expected: str = "", found: Any = None, source: str = "request"):
    body = {"error": {"message": message, "source": source, "key": key, "expected": expected, "found": found}}
    return JSONResponse(body, status_code=status)


def _largest(count: Any) -> int | None:
    """The largest count a count spec allows: 3, "2..5", "2/3/3" or {2: 0.5, 3: 0.5}; None if unreadable."""
    try:
        if isinstance(count, bool):
            return None
        if isinstance(count, int):
            return count
        if isinstance(count, dict):
            return max(int(c) for c in count)
        if isinstance(count, str):
            parts = count.split("..") if ".." in count else count.split("/")
            return max(int(p) for p in parts)
    except (TypeError, ValueError):
        return None
    return None


def check_sizes(body: dict, limits: Limits) -> None:
    """Cap each army before any engine sees it (the engines' own validation comes after)."""
    for side in (*SIDES, "barbarian"):
        node: Any = body
        path = unit_path(body, side) if side in SIDES else (side,)
        for part in path:
            node = node.get(part) if isinstance(node, dict) else None
        if not isinstance(node, dict):
            continue
        total = sum(n for n in (_largest(c) for c in node.values()) if n is not None and n > 0)
        if total > limits.units_per_side:
            raise BadRequest(".".join(path), f"at most {limits.units_per_side} units per side on this server", total)


def check_counts(node: Any, limits: Limits, path: str = "") -> None:
    """Cap every number of the scenario itself (the engines' tables grow with cards in hand, for example)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if not path and key in ("rules", "seed", "trials"):
                continue  # rules values are the engines' to check; seed and trials have their own bounds
            check_counts(value, limits, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            check_counts(value, limits, f"{path}[{i}]")
    elif isinstance(node, (int, float)) and not isinstance(node, bool) and node > limits.count:
        raise BadRequest(path, f"at most {limits.count} on this server", node)


MAX_JSON_DEPTH = 64  # a scenario nests 4 levels; Python's parser would recurse (and fail) on thousands


class _Bad:
    """What the parser leaves where a body holds a value sim refuses (NaN, 1e400, a number of 5,000 digits)."""

    def __init__(self, expected: str, found: str):
        self.expected, self.found = expected, found


class _Repeated(dict):
    """An object that gave a key twice (``repeated``): refused as the YAML loader refuses it."""

    repeated: str = ""


def _pairs(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out and not isinstance(out, _Repeated):
            out = _Repeated(out)
            out.repeated = key
        out[key] = value
    return out


def _int(text: str) -> Any:
    if len(text.lstrip("-")) > MAX_DIGITS:  # int() of thousands of digits: refused by Python, and slow
        return _Bad(f"a whole number of at most {MAX_DIGITS} digits", f"a number of {len(text.lstrip('-')):,} digits")
    return int(text)


def _float(text: str) -> Any:
    value = float(text)
    return value if math.isfinite(value) else _Bad("a finite number", text)


def _depth(data: bytes) -> int:
    """The deepest nesting of JSON arrays and objects (brackets inside strings do not count)."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            escaped, in_string = (False, True) if escaped else (byte == 0x5C, byte != 0x22)
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def parse_json(data: bytes) -> Any:
    """A request body as JSON, held to what a scenario file may hold: each key once in an object, finite numbers
    (no NaN or Infinity), whole numbers of at most ``MAX_DIGITS`` digits, at most ``MAX_JSON_DEPTH`` levels. A
    problem is a ``BadRequest`` naming the field."""
    if _depth(data) > MAX_JSON_DEPTH:
        raise BadRequest("", f"JSON nested at most {MAX_JSON_DEPTH} levels deep", "deeper nesting")
    try:
        value = json.loads(data, object_pairs_hook=_pairs, parse_int=_int, parse_float=_float,
                           parse_constant=lambda name: _Bad("a finite number", name))  # fmt: skip
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError
        raise BadRequest("", "a JSON object", f"invalid JSON ({exc})") from None
    _refuse_marks(value, "")
    return value


def _refuse_marks(node: Any, path: str) -> None:
    if isinstance(node, _Bad):
        raise BadRequest(path, node.expected, node.found)
    if isinstance(node, _Repeated):
        key = f"{path}.{node.repeated}" if path else node.repeated
        raise BadRequest(key, "each key once (as in a scenario file)", f"{node.repeated} again")
    if isinstance(node, dict):
        for key, value in node.items():
            _refuse_marks(value, f"{path}.{key}" if path else key)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _refuse_marks(value, f"{path}[{i}]")


def check_body(game: str, body: Any, limits: Limits) -> dict:
    if not isinstance(body, dict):
        raise BadRequest("", "a JSON object: the fields of a scenario file", type(body).__name__)
    if body.get("game", game) != game:
        raise BadRequest("game", f"{game} (the game of this URL) or nothing", body.get("game"))
    trials = body.get("trials")
    if isinstance(trials, int) and not isinstance(trials, bool) and trials > limits.trials:
        raise BadRequest("trials", f"at most {limits.trials:,} trials a request on this server", trials)
    check_sizes(body, limits)
    check_counts(body, limits)
    return {k: v for k, v in body.items() if k != "game"}


def _flag(request: Request, name: str) -> bool:
    value = request.query_params.get(name, "false").lower()
    if value not in ("true", "false", "1", "0", "yes", "no"):
        raise BadRequest(f"?{name}", "true or false", value)
    return value in ("true", "1", "yes")


class BodyLimit:
    """ASGI middleware: answer 413 to a request body over ``limit`` bytes, declared or streamed."""

    def __init__(self, app, limit: int):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or []).get(b"content-length")
        too_big = JSONResponse(
            {"error": {"message": f"request body over {self.limit:,} bytes", "source": "request", "key": "",
                       "expected": f"at most {self.limit:,} bytes", "found": None}}, status_code=413)  # fmt: skip
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            return await too_big(scope, receive, send)
        seen = 0

        async def counted():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooBig
            return message

        started = False

        async def tracked(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, tracked)
        except _TooBig:
            if not started:
                await too_big(scope, receive, send)


class _TooBig(Exception):
    pass


def create_app(reports: str | Path = "out/serve", workers: int = 2, limits: Limits | None = None) -> FastAPI:
    """The app; ``reports`` is the only folder any request writes to (designer reports)."""
    limits = limits or Limits()
    reports = Path(reports).resolve()
    reports.mkdir(parents=True, exist_ok=True)
    pool = Workers(workers, limits.waiting)

    @asynccontextmanager
    async def lifespan(app):
        await pool.start()
        yield
        pool.close()

    app = FastAPI(title="sim serve", lifespan=lifespan, docs_url=None, redoc_url=None)  # docs pages load a CDN
    app.add_middleware(BodyLimit, limit=limits.body_bytes)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.mount("/reports", StaticFiles(directory=reports, html=True), name="reports")

    @app.exception_handler(BadRequest)
    async def bad_request(request: Request, exc: BadRequest):
        where = f"request: {exc.key}" if exc.key else "request"
        return _error(422, f"{where}: expected {exc.expected}, found {exc.found!r}", exc.key, exc.expected, exc.found)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception):  # a bug in sim, never the user's input: no traceback
        log.exception("internal error on %s", request.url.path)
        return _error(500, f"internal error ({type(exc).__name__}); the server log has the details")

    async def body_of(request: Request, game: str) -> dict:
        if game not in GAMES:
            raise BadRequest("game", f"one of {', '.join(GAMES)}", game)
        return check_body(game, parse_json(await request.body() or b"{}"), limits)

    async def compute(request: Request, task: str, kwargs: dict, time_limit: float | None = None) -> Any:
        limit = time_limit or limits.time_limit
        try:
            answer = await pool.call(task, kwargs, limit, request.is_disconnected)
        except Busy:
            return _error(503, f"busy: {limits.waiting} requests already waiting; try again")
        except TimeLimit:
            return _error(504, f"time limit: the answer took longer than {limit:g} s on this server")
        except Gone:
            return Response(status_code=499)
        if "error" in answer:
            e = answer["error"]
            return _error(422, e["message"], e["key"], e["expected"], e["found"], e["source"])
        return JSONResponse(answer["ok"]) if isinstance(answer["ok"], dict) else answer["ok"]

    balance_routes.add_routes(app, compute, limits, parse_json, _error)  # the balance page: /balance/GAME

    @app.get("/api/health")
    async def health():
        return {"ready": pool.ready, "workers": pool.workers, "waiting": pool.waiting, **pool.counts}

    @app.get("/api/{game}/form")
    async def form(game: str):
        if game not in forms.FORMS:
            raise BadRequest("game", f"one of {', '.join(GAMES)}", game)
        return forms.FORMS[game]()

    @app.post("/api/{game}/battle")
    async def battle(game: str, request: Request):
        body = await body_of(request, game)
        return await compute(request, "battle", {"game": game, "body": body, "exact": _flag(request, "exact")})

    @app.post("/api/{game}/odds")
    async def odds(game: str, request: Request):
        body = await body_of(request, game)
        return await compute(request, "odds", {"game": game, "body": body, "exact": _flag(request, "exact")})

    @app.post("/api/{game}/solve")
    async def solve(game: str, request: Request):
        body = await body_of(request, game)
        keys = request.query_params.get("solve_for", "")
        try:
            target = float(request.query_params.get("target", forms.TARGET))
        except ValueError:
            target = math.nan
        if not 0 < target <= 1:  # NaN too
            raise BadRequest("?target", "a win probability in (0, 1]", request.query_params.get("target"))
        trials = body.pop("trials", 20_000)
        if isinstance(trials, bool) or not isinstance(trials, int) or not 1 <= trials <= limits.solve_trials:
            raise BadRequest("trials", f"an integer in 1..{limits.solve_trials:,} for a solve", trials)
        kwargs = {"game": game, "body": body, "keys": keys, "target": target, "exact": _flag(request, "exact"),
                  "trials": trials}  # fmt: skip
        return await compute(request, "solve", kwargs)

    @app.post("/api/hussars/tactics")
    async def tactics(request: Request):
        body = await body_of(request, "hussars")
        return await compute(request, "tactics", {"body": body})

    @app.post("/api/{game}/scenario")
    async def scenario(game: str, request: Request):
        body = await body_of(request, game)
        headers = {"Content-Disposition": f'attachment; filename="{game}-battle.yaml"'}
        return PlainTextResponse(work.scenario_yaml(game, body), media_type="application/yaml", headers=headers)

    @app.post("/api/{game}/report")
    async def report(game: str, request: Request):
        body = await body_of(request, game)
        digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]
        name = f"{game}-{digest}"  # made here from a known game and a digest, never taken from the request
        folder = reports / name
        if not (folder / "report.html").exists():
            answer = await compute(request, "report", {"game": game, "body": body, "folder": str(folder)},
                                   limits.report_time_limit)  # fmt: skip
            if isinstance(answer, Response):
                return answer
        return {"url": f"/reports/{name}/report.html", "folder": name}

    @app.get("/")
    async def index():
        return FileResponse(STATIC / "index.html")

    @app.get("/{game}")
    async def page(game: str):
        if game not in GAMES:
            return _error(404, f"no page {game!r}: one of {', '.join(GAMES)}")
        return FileResponse(STATIC / "index.html")

    return app
