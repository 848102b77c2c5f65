"""Snails rules examples through `seastack examples`: the encoded examples pass, wrong
expectations fail with the field that differed, and broken files stop with file:line:col."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from editor.cli import main
from editor.core.files import display_path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "snails"
FILES = sorted(p.name for p in EXAMPLES.glob("*.example.yaml"))

#: Examples the engine does not pass yet, with a part of the reason they fail. Each is a bug
#: to fix (in the engine or in the content), never an example to bend. While listed, such an
#: example must still run and fail for this reason only; once fixed it simply passes (then
#: remove it from here).
KNOWN_FAILURES: dict[str, str] = {}


def _cli(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main(["examples", *(str(a) for a in args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_rulebook_examples_and_the_required_ones_are_all_encoded() -> None:
    rulebook = {
        "rulebook-fire-tokens-and-defensive-stance",
        "rulebook-grapes-of-wrath-square",
        "rulebook-grapes-of-wrath-circle",
        "rulebook-gatling-gun-and-targeters",
        "rulebook-grunt",
        "rulebook-medic-1-crawl-to-the-medic",
        "rulebook-medic-2-jetpack",
        "rulebook-medic-3-deathglider",
        "rulebook-scout-1-hunting-rifle",
        "rulebook-scout-2-smg",
        "rulebook-scout-3-flaming-star",
        "rulebook-wind-revolver",
        "rulebook-wind-bazooka",
        "rulebook-wind-assault-rifle",
        "rulebook-wind-gatling-gun",
    }
    names = {name.removesuffix(".example.yaml") for name in FILES}
    assert rulebook <= names
    backs = ["twin-barrels", "fertilizers", "turnip", "turnip-with-card", "eggshells"]
    for back in [*backs, "salt-deposits"]:
        assert f"back-{back}" in names
    for ability in ["targeters", "oneness-with-the-land", "ace-in-the-hole", "pirates-at-sea"]:
        assert any(n.startswith(f"faction-{ability}") for n in names), ability
    assert any("defensive-stance" in n for n in names)
    for soldier in ["grunt", "scout", "medic"]:
        assert any(soldier in n for n in names), soldier
    assert {"wind-turns-in-drawing-phase", "token-dead-weight-falls"} <= names
    assert len([n for n in names if n.startswith("error-")]) >= 2


@pytest.mark.parametrize("name", FILES)
def test_example(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _cli(capsys, EXAMPLES / name)
    assert err.count("error") == 0, err
    (line,) = out.splitlines()
    if name in KNOWN_FAILURES and code == 1:
        assert line.startswith("FAIL ")
        assert KNOWN_FAILURES[name] in line
    else:
        assert code == 0, line
        assert line.startswith(f"PASS {display_path(EXAMPLES / name)}: ")


def test_the_whole_folder_in_one_run(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _cli(capsys, EXAMPLES)
    lines = out.splitlines()
    assert len(lines) == len(FILES)
    failed = {
        Path(line.split(":")[0].split(" ", 1)[1]).name for line in lines if line.startswith("FAIL")
    }
    assert failed <= set(KNOWN_FAILURES)
    assert code == (1 if failed else 0)
    assert f"{len(FILES)} examples: {len(FILES) - len(failed)} passed" in err


def _variant(tmp_path: Path, source: str, *replacements: tuple[str, str]) -> Path:
    text = (EXAMPLES / source).read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / source
    path.write_text(text, encoding="utf-8")
    return path


def test_a_wrong_expectation_fails_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _variant(
        tmp_path,
        "rulebook-grapes-of-wrath-square.example.yaml",
        ("B: {health: 15, at: F5}", "B: {health: 10, at: F5}"),
        ("terrain: {D5: [beach, meadow], F5: [beach]", "terrain: {D5: [beach], F5: [beach]"),
    )
    code, out, _ = _cli(capsys, path)
    assert code == 1
    assert out == (
        f"FAIL {path}: Grapes of Wrath, square result - the target space and one adjacent"
        " space are hit: snails.B.health: expected 10, got 15;"
        " terrain.D5: expected [beach], got [beach, meadow]\n"
    )


def test_a_wrong_expectation_after_a_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _variant(
        tmp_path,
        "rulebook-fire-tokens-and-defensive-stance.example.yaml",
        ("A: {health: 5, at: E5, alive: true}", "A: {health: 20, at: D5, alive: true}"),
    )
    code, out, _ = _cli(capsys, path)
    assert code == 1
    assert "after step 1 (A crawl): snails.A.health: expected 20, got 5;" in out
    assert "after step 1 (A crawl): snails.A.at: expected D5, got E5" in out


def test_refusals_expected_and_unexpected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    allowed = _variant(
        tmp_path,
        "error-crawl-too-steep.example.yaml",
        ("    path: [D6, D5]\n", "    path: [D6, D5]\n    expect_error: climb\n"),
    )
    code, out, _ = _cli(capsys, allowed)
    assert code == 1
    assert "step 4 (A crawl): expected a refusal mentioning 'climb', but it was allowed" in out
    (tmp_path / "b").mkdir()
    unexpected = _variant(
        tmp_path / "b", "error-crawl-too-steep.example.yaml", ("    expect_error: climb\n", "")
    )
    code, out, _ = _cli(capsys, unexpected)
    assert code == 1
    assert re.search(r"step 1 \(A crawl\): refused: .+", out), out
    (tmp_path / "c").mkdir()
    wrong_reason = _variant(
        tmp_path / "c",
        "error-crawl-too-steep.example.yaml",
        ("expect_error: climb", "expect_error: banana"),
    )
    code, out, _ = _cli(capsys, wrong_reason)
    assert code == 1
    assert "step 1 (A crawl): refused with" in out and "mentioning 'banana'" in out


BROKEN = [
    # (replacement in the fire example, expected diagnostic: line:col code and a message part)
    (
        ("A: {player: red, at: C5, health: 20}", "A: {player: red, at: C5, helth: 20}"),
        "18:30: error unknown-key: unknown key 'helth' in given.snails.A; did you mean 'health'?",
    ),
    (("  - snail: B ", "  - snail: Q "), "27:12: error unknown-id: no snail 'Q'"),
    (
        ("    action: crawl\n    path: [E5]", "    action: krawl\n    path: [E5]"),
        "28:13: error unknown-id: no action or card 'krawl'; did you mean 'crawl'?",
    ),
    (
        ("C5: [beach]", "C5: [beech]"),
        "9:10: error unknown-id: no tile type 'beech'; did you mean 'beach'?",
    ),
    (("path: [D5, E5]", "path: [D5, Z99]"), "23:16: error off-board: Z99 is not a space of board"),
    (
        ("blue: {faction: knights}", "blue: {faction: knigths}"),
        "16:21: error unknown-id: no faction 'knigths'; did you mean 'knights'?",
    ),
    (
        ("use: [defensive-stance]", "use: [defensive-stanse]"),
        "30:11: error unknown-id: no ability 'defensive-stanse'; did you mean 'defensive-stance'?",
    ),
    (
        ("tokens: {E5: {fire: 3}}", "tokens: {B9: {fire: 3}}"),
        "13:17: error bad-value: B9 is water: no fire token can lie there",
    ),
    (
        ("health: 20, shell: true}", "health: 20, shell: true, soldier: scout}"),
        "19:65: error bad-value: a scout belongs to the specialists module",
    ),
    (("example: Fire tokens", "example: [Fire tokens"), "error yaml-syntax"),
]


@pytest.mark.parametrize(("change", "expected"), BROKEN)
def test_a_broken_example_exits_2_with_file_line_and_column(
    change: tuple[str, str], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _variant(tmp_path, "rulebook-fire-tokens-and-defensive-stance.example.yaml", change)
    code, out, err = _cli(capsys, path)
    assert code == 2
    assert out == ""
    assert re.search(rf"^{re.escape(str(path))}:\d+:\d+: error ", err, re.M), err
    assert expected in err, err


KEYS_THAT_DO_NOT_FIT = [
    (
        "rulebook-grapes-of-wrath-square.example.yaml",
        ("target: F5", "target: B"),
        "24:13: error bad-value: grapes-of-wrath targets a space: give its label,"
        " not the snail 'B'",
    ),
    (
        "rulebook-wind-revolver.example.yaml",
        ("target: B", "target: E5"),
        "27:13: error bad-value: revolver targets a snail: name one of A, B, C, D, not 'E5'",
    ),
    (
        "rulebook-wind-gatling-gun.example.yaml",
        ("action: gatling-gun\n", "action: gatling-gun\n    target: E4\n"),
        "32:5: error bad-value: gatling-gun takes no target: it hits every space at its range",
    ),
    (
        "rulebook-medic-2-jetpack.example.yaml",
        ("target: E5", "target: E5\n    roll: [circle]"),
        "21:5: error bad-value: jetpack rolls no dice",
    ),
    (
        "back-turnip.example.yaml",
        ("action: dig", "action: dig\n    path: [D5]"),
        "17:5: error bad-value: dig does not crawl: it takes no path",
    ),
]


@pytest.mark.parametrize(("source", "change", "expected"), KEYS_THAT_DO_NOT_FIT)
def test_step_keys_must_fit_the_card(
    source: str,
    change: tuple[str, str],
    expected: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = _variant(tmp_path, source, change)
    code, out, err = _cli(capsys, path)
    assert (code, out) == (2, "")
    assert f"{path}:{expected}" in err, err


def test_validate_reports_the_snails_keys_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _variant(
        tmp_path,
        "rulebook-fire-tokens-and-defensive-stance.example.yaml",
        ("A: {player: red, at: C5, health: 20}", "A: {player: reed, at: C5, health: 20}"),
    )
    code = main(["validate", str(path)])
    out, _ = capsys.readouterr()
    assert code == 1
    assert f"{path}:18:17: error unknown-id: no player 'reed'; did you mean 'red'?" in out


def test_an_example_on_a_broken_pack_cannot_be_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad_dir: Path
) -> None:
    path = _variant(
        tmp_path,
        "back-turnip.example.yaml",
        ("game: snails\n", "game: snails\npacks: [bad-ruleset, snails-base]\n"),
    )
    code, out, err = _cli(capsys, bad_dir / "packs" / "bad-ruleset", path)
    assert (code, out) == (2, "")
    assert f"{path}:4:8: error bad-content: the packs in use cannot be played:" in err, err
    assert "have errors; fix them first (2; the first: " in err
    assert "bad-ruleset/ruleset.yaml:2:" in err


def test_unknown_packs_and_modules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _variant(
        tmp_path,
        "back-turnip.example.yaml",
        ("game: snails\n", "game: snails\npacks: [snails-bse]\n"),
    )
    code, _, err = _cli(capsys, path)
    assert code == 2
    assert f"{path}:4:9: error unknown-id: no pack 'snails-bse'; did you mean 'snails-base'?" in err
    path.write_text(path.read_text().replace("packs: [snails-bse]", "modules: [wnd]"))
    code, _, err = _cli(capsys, path)
    assert code == 2
    wanted = "error unknown-id: no Snails module 'wnd' in the packs in use; did you mean 'wind'?"
    assert f"{path}:4:11: {wanted}" in err
    path.write_text(
        path.read_text().replace("modules: [wnd]", "packs: [snails-base]\nmodules: [wind]")
    )
    code, _, err = _cli(capsys, path)
    assert code == 2
    assert "no Snails module 'wind' in the packs in use; known: specialists" in err


def test_a_push_entry_for_a_snail_that_is_not_pushed_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the Grunt is never pushed: a push entry for it would be silently meaningless
    grunt = _variant(
        tmp_path,
        "soldier-grunt-hit.example.yaml",
        ("    target: B\n", "    target: B\n    push: {B: E4}\n"),
    )
    code, out, _ = _cli(capsys, grunt)
    assert code == 1
    assert out.startswith(f"FAIL {grunt}: ")
    assert (
        "step 1 (A hit): refused: push names B, but B is not pushed or moved in this step;"
        " remove push: {B: E4}"
    ) in out
    # a snail pushed the only way there is: the entry must name where it went
    (tmp_path / "b").mkdir()
    elsewhere = _variant(
        tmp_path / "b",
        "soldier-grunt-hit.example.yaml",
        ("    target: C\n", "    target: C\n    push: {C: D4}\n"),
    )
    code, out, _ = _cli(capsys, elsewhere)
    assert code == 1
    assert "step 2 (A hit): refused: push sends C to D4, but C had no choice and went to E4" in out
    (tmp_path / "c").mkdir()
    right = _variant(
        tmp_path / "c",
        "soldier-grunt-hit.example.yaml",
        ("    target: C\n", "    target: C\n    push: {C: E4}\n"),
    )
    code, out, _ = _cli(capsys, right)
    assert (code, out.split(":")[0]) == (0, f"PASS {right}")


def test_a_move_of_several_steps_takes_one_push_space_per_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = "card-fishing-rod.example.yaml"
    cases = [
        ("[E5, C5]", "push: B cannot go to C5; it may go to D6, D5"),
        ("[E5]", "B may go on to D6, D5: push gives too few spaces for B"),
        ("[E5, D6, C6]", "push gives B 3 spaces, but B had 2 choice(s) to make; remove C6"),
        ("E5", "B may go on to D6, D5: push gives too few spaces for B"),
    ]
    for k, (spaces, message) in enumerate(cases):
        (tmp_path / str(k)).mkdir()
        path = _variant(tmp_path / str(k), source, ("{B: [E5, D6]}", f"{{B: {spaces}}}"))
        code, out, _ = _cli(capsys, path)
        assert code == 1, spaces
        assert f"step 1 (A fishing-rod): refused: {message}" in out, out
    (tmp_path / "bad").mkdir()
    path = _variant(tmp_path / "bad", source, ("{B: [E5, D6]}", "{B: [E5, Q6]}"))
    code, _, err = _cli(capsys, path)
    assert code == 2
    assert f"{path}:27:20: error off-board: Q6 is not a space of board" in err


# -- what the public format allows: no top-level expect, any refusal, several choices -------


def test_without_expect_the_steps_being_legal_is_the_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = "steps-without-expect.example.yaml"
    code, out, _ = _cli(capsys, EXAMPLES / source)
    assert code == 0 and out.startswith("PASS "), out
    (tmp_path / "refused").mkdir()  # a step refused that no expect_error expects: FAIL
    refused = _variant(tmp_path / "refused", source, ("path: [E5]", "path: [F5]"))
    code, out, _ = _cli(capsys, refused)
    assert code == 1
    assert "FAIL " in out and "step 1 (A crawl): refused: " in out, out
    (tmp_path / "allowed").mkdir()  # a step expected to be refused that is legal: FAIL
    allowed = _variant(
        tmp_path / "allowed",
        source,
        ("B: {player: red, at: D6}", "B: {player: red, at: D5}"),
    )
    code, out, _ = _cli(capsys, allowed)
    assert code == 1
    assert "step 2 (B dig): expected a refusal, but it was allowed" in out, out


def test_an_empty_expect_error_accepts_any_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = "error-any-refusal.example.yaml"
    code, out, _ = _cli(capsys, EXAMPLES / source)
    assert code == 0 and out.startswith("PASS "), out
    (tmp_path / "other").mkdir()  # refused for another reason (off its reach): still a PASS
    other = _variant(tmp_path / "other", source, ("path: [E5]", "path: [F5]"))
    code, out, _ = _cli(capsys, other)
    assert code == 0 and out.startswith("PASS "), out
    (tmp_path / "legal").mkdir()  # the step is legal: FAIL, and the run stops there
    legal = _variant(tmp_path / "legal", source, ("[beach, meadow, mountain]", "[beach, meadow]"))
    code, out, _ = _cli(capsys, legal)
    assert code == 1
    assert out.rstrip().endswith("step 1 (A crawl): expected a refusal, but it was allowed"), out


def _each_fails(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    source: str,
    original: str,
    form: str,
    cases: list[tuple[str, str]],
) -> None:
    """Each variant of an example (``original`` replaced by ``form`` filled with the case's
    value) fails with the case's message."""
    for k, (value, message) in enumerate(cases):
        (tmp_path / str(k)).mkdir()
        path = _variant(tmp_path / str(k), source, (original, form.format(value)))
        code, out, _ = _cli(capsys, path)
        assert code == 1, value
        assert message in out, out


def test_several_adjacent_spaces_are_taken_in_the_order_chosen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = "faction-oneness-with-grapes-of-wrath.example.yaml"
    cases = [
        # the ability's space is not next to the tile it answers
        ("[G5, H9]", "refused: "),
        # a space more than the step's choices take
        ("[G5, E5, C5]", "adjacent gives 1 space(s) more than this step chose"),
        # the ability used without its space
        ("[G5]", "missing key 'adjacent' for the tile it damages"),
    ]
    _each_fails(tmp_path, capsys, source, "adjacent: [G5, E5]", "adjacent: {}", cases)


def test_a_carried_miss_asks_for_its_own_adjacent_space(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = "wind-grapes-of-wrath-adjacent-chosen-anew.example.yaml"
    cases = [
        ("G5", "missing key 'adjacent'"),
        ("[G5, H5]", "adjacent: H5 is not next to the wind's new target"),
    ]
    _each_fails(tmp_path, capsys, source, "adjacent: [G5, E4]", "adjacent: {}", cases)


def test_choose_takes_die_results_and_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = "basic-swap-two-cards.example.yaml"
    (tmp_path / "unknown").mkdir()
    path = _variant(tmp_path / "unknown", source, ("[revolver, mine]", "[revolver, mien]"))
    code, _, err = _cli(capsys, path)
    assert code == 2
    assert "error unknown-id: no die result or card 'mien'; did you mean 'mine'?" in err, err
    (tmp_path / "result").mkdir()
    path = _variant(
        tmp_path / "result",
        "faction-oneness-with-grapes-of-wrath.example.yaml",
        ("choose: square", "choose: triangle"),
    )
    code, out, _ = _cli(capsys, path)
    assert code == 1
    assert "choose: triangle is not one of the results that apply (circle, square)" in out, out
