"""The shipped studies (studies/<game>/<study>/, sim.studies): each manifest's headline is what the study's own
records give, a superseded study is kept only because a current one reads it, the plans a study found are named
through it (configs/<game>/strategies holds only hand-written plans), ``sim studies`` lists them, and the README's
verdict at a glance and docs/studies/index.md are the ones the manifests render."""

import json
import re
from pathlib import Path

import pytest

from sim.config import CONFIG_DIR, read_yaml
from sim.studies import (
    ROOT,
    STUDIES_DIR,
    answer,
    glance_markdown,
    headline,
    index_markdown,
    studies,
    study,
    with_glance,  # fmt: skip
)

ALL = studies()
IDS = [f"{s.game}/{s.name}" for s in ALL]


def test_every_study_folder_has_a_manifest_and_current_ones_come_first():
    folders = {p for p in STUDIES_DIR.glob("*/*") if p.is_dir()}
    assert folders == {s.folder for s in ALL}
    statuses = [s.status for s in ALL]
    assert statuses == sorted(statuses, key=("current", "superseded").index) and "superseded" in statuses
    assert [s.name for s in ALL if s.status == "current" and s.headline["kind"] == "balance"] == [
        "ruler-balance-3p-pooled", "faction-balance-council-average", "faction-balance-full-council"]  # fmt: skip


@pytest.mark.parametrize("s", ALL, ids=IDS)
def test_the_headline_is_read_from_the_studys_records(s):
    assert s.manifest["headline"] == headline(s.folder, s.manifest.get("seeds", ()))
    assert s.question.endswith("?") and "\n" not in s.question and answer(s.headline)
    assert s.manifest["command"].startswith("sim ")


@pytest.mark.parametrize("s", [s for s in ALL if s.headline["kind"] == "balance"], ids=lambda s: s.name)
def test_a_balance_studys_manifest_names_its_command_and_seed(s):
    doc = json.loads((s.folder / "balance.json").read_text())
    first = (s.folder / "equilibrium.yaml").read_text().splitlines()[0]
    assert s.manifest["seed"] == doc["seed"]
    assert re.sub(r" --save \S+", "", first.split("found by: ", 1)[1]) == s.manifest["command"]
    for path in re.findall(r"studies/\S+/equilibrium\.yaml", s.manifest["command"]):
        if s.status == "current":  # what a current study read ships with it
            assert (ROOT / path).exists(), path


def _reads(game: str, folder) -> set[str]:
    """The studies a balance study reads: its --start and --library files, and the owners of every plan its
    equilibrium seats, followed through the plans' ``uses:``."""
    doc = json.loads((folder / "balance.json").read_text())
    options = doc["options"] if isinstance(doc["options"], dict) else {}
    read = {p.split("/")[-2] for p in options.get("start", []) + options.get("library", [])}
    names = [n for seat in read_yaml(folder / "equilibrium.yaml")["seats"].values() for n in seat["mix"]]
    while names:
        name = names.pop()
        if "/" in name:
            read.add(name.split("/")[0])
            uses = read_yaml(STUDIES_DIR / game / name.split("/")[0] / "plans" / f"{name.split('/')[1]}.yaml")["uses"]
            names.append(uses)
    return read - {folder.name}


def test_a_superseded_study_is_shipped_only_because_a_current_one_reads_it():
    wanted = set()
    todo = [(s.game, s.name) for s in ALL if s.status == "current" and (s.folder / "balance.json").exists()]
    while todo:  # every study a current one reads, directly or through the studies it reads
        game, name = todo.pop()
        for other in _reads(game, STUDIES_DIR / game / name):
            if (game, other) in {(s.game, s.name) for s in ALL} and (game, other) not in wanted:
                wanted.add((game, other))
                todo.append((game, other))
    superseded = {(s.game, s.name) for s in ALL if s.status == "superseded"}
    assert superseded == wanted - {(s.game, s.name) for s in ALL if s.status == "current"}
    for s in ALL:
        by = s.manifest.get("superseded_by")
        assert (by is not None) == (s.status == "superseded")
        if by:
            assert study(s.game, by).status == "current" and (s.name in study(s.game, by).manifest.get(
                "supersedes", []) or s.name in study(s.game, by).manifest.get("seeds", []))  # fmt: skip


def test_configs_hold_only_hand_written_plans():
    for game in ("principes", "dark_ages", "hussars"):
        for path in (CONFIG_DIR / game / "strategies").glob("*.yaml"):
            text = path.read_text()
            assert "Tuned by:" not in text and "best response found by" not in text, path
            assert "-br-" not in path.stem and not path.stem.startswith("tuned-"), path
    assert not list(CONFIG_DIR.glob("*/balance")) and not list(CONFIG_DIR.glob("*/experiments/solo-cells"))


def test_every_seat_of_a_shipped_file_resolves_to_a_study_plan_or_a_hand_written_one():
    from strategies.dark_ages import resolve as dark_ages
    from strategies.principes import resolve as principes

    resolve = {"principes": principes, "dark_ages": dark_ages}
    files = [*STUDIES_DIR.glob("*/*/equilibrium.yaml"), *CONFIG_DIR.glob("[pd]*/experiments/*.yaml")]
    named = 0
    for path in files:
        raw = read_yaml(path)
        seats = raw.get("seats") or {}
        for seat in seats.values() if isinstance(seats, dict) else seats:
            for name in seat["mix"] if isinstance(seat, dict) and "mix" in seat else [seat]:
                label = resolve[raw["game"]](name)[0]
                if isinstance(name, str) and "/" in name:
                    assert label == name  # a study's plan keeps the name it is seated by
                    named += 1
    assert named > 100


@pytest.mark.parametrize(("name", "expected"), [
    ("faction-balance-full-council/br-masovia-r9", "no plan br-masovia-r9 in studies/principes/"
     "faction-balance-full-council/plans"),
    ("no-such-study/br-masovia-r1", "no shipped principes study no-such-study (sim studies principes lists them)"),
])  # fmt: skip
def test_an_unknown_study_plan_is_one_line_naming_the_seat(capsys, tmp_path, name, expected):
    from sim.cli import main

    exp = tmp_path / "e.yaml"
    exp.write_text(f"game: principes\nseats: [builder, conqueror, politician, {name}]\n")
    with pytest.raises(SystemExit) as stop:
        main(["run", str(exp), "--games", "4"])
    err = capsys.readouterr().err.strip()
    assert stop.value.code == 2 and len(err.splitlines()) == 1
    assert str(exp) in err and "seats" in err and expected in err


def test_sim_studies_lists_current_first_with_each_answer(capsys):
    from sim.cli import main

    main(["studies", "dark_ages"])
    lines = capsys.readouterr().out.splitlines()
    shipped = [s for s in ALL if s.game == "dark_ages"]
    assert len(lines) == len(shipped) and lines[0].startswith("current     dark_ages/")
    assert all(answer(s.headline) in line for s, line in zip(shipped, lines, strict=True))
    main(["studies", "principes", "--json"])
    listed = json.loads(capsys.readouterr().out)
    assert [d["study"] for d in listed] == [s.name for s in ALL if s.game == "principes"]
    assert listed[0]["headline"] == study("principes", listed[0]["study"]).headline
    main(["studies", "--markdown"])
    assert capsys.readouterr().out == glance_markdown()


@pytest.mark.parametrize("argv", [["studies", "chess"], ["studies", "--json", "--markdown"]])
def test_bad_input_to_sim_studies_is_one_line(capsys, argv):
    from sim.cli import main

    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err.strip()
    assert stop.value.code == 2 and len(err.splitlines()) == 1 and "sim studies" in err


def test_the_glance_table_has_one_row_per_current_verdict_from_its_headline():
    rows = glance_markdown().splitlines()[2:]
    current = [s for kind in ("ladder", "balance") for s in ALL if s.status == "current" and s.headline["kind"] == kind]
    assert len(rows) == len(current)
    for s, row in zip(current, rows, strict=True):
        h = s.headline
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert s.name in cells[1] and cells[3] == f"{h['fair_share']:.1%}"
        assert cells[4].endswith(f"{h['win_rate'][h['strongest']]:.1%}")
        assert cells[5].endswith(f"{h['win_rate'][h['weakest']]:.1%}")
        assert cells[6].startswith(f"{h['largest_gap']['points']:+.1f} points")
        assert ("converged" in cells[7]) == (h["kind"] == "ladder")


def test_the_readme_glance_block_is_the_generated_one():
    text = (ROOT / "README.md").read_text()
    assert "<!-- studies:glance -->" in text and with_glance(text) == text, (
        "the README's verdict at a glance differs from the manifests: run python -m sim.studies"
    )


def test_the_studies_index_is_the_generated_one():
    assert (ROOT / "docs" / "studies" / "index.md").read_text() == index_markdown(), (
        "docs/studies/index.md differs from the manifests: run python -m sim.studies"
    )


LADDERS = [s for s in studies() if s.status == "current" and "--plans" in s.manifest["command"]]


@pytest.mark.parametrize("ladder", LADDERS, ids=[f"{s.game}/{s.name}" for s in LADDERS])
def test_a_plan_verdict_says_how_far_it_is_from_its_ladder(ladder, tmp_path):
    """sim balance and its report set the plans beside the ladder that plays the same study: found by its command,
    both from the study file and from the plan verdict's folder, with the ladder's own comparison mirrored."""
    from sim.studies import from_ladder, ladder_of

    words = ladder.manifest["command"].split()
    plans = Path(words[words.index("--plans") + 1])
    assert ladder_of(words[2]) == ladder and ladder_of(plans.parent) == ladder
    compared = from_ladder(json.loads(plans.read_text())["win_rate"], ladder)
    shipped = ladder.manifest["against_plans"]
    assert compared["kendall_tau"] == pytest.approx(shipped["kendall_tau"], abs=1e-3)
    for faction, points in shipped["difference_points"].items():
        assert compared["difference_points"][faction] == pytest.approx(-points, abs=0.11)
    assert ladder_of(tmp_path / "study.yaml") is None
