"""Replay one match of a batch, decision by decision, for the editor's Replay tab.

A match is fixed by its spec and its choices, and the bots' choices by their seeded
generators, so a match of a batch replays from the batch's plan and its index exactly as the
runner played it: the same spec (:func:`~editor.sim.runner.match_spec`), the same bots with
the same generators (:func:`~editor.sim.runner.bot_rng`). A failed match replays from its
spec and the choices the runner recorded (``GameResult.choices``) up to its error. Each step
keeps the choice taken, the events it produced and, with a game's ``replay_frame`` hook, the
board after it. The final outcome and :func:`~editor.sim.runner.event_digest` of the log are
what the runner reported, which :func:`differences` checks. No game is named here.

A failed match also replays from its JSON record (``GameResult.to_json`` with the engine's
encoder, after ``json.dumps`` and ``json.loads`` or from another machine): the engine's
``choice_from_json`` reads its choices back. A choice without the game's words is shown in
its JSON text (:func:`~editor.core.engine.choice_text`), not as a Python object.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from editor.core.engine import (
    JSON,
    Bot,
    ChoiceEncoder,
    Decision,
    Engine,
    GameState,
    MatchSpec,
    Outcome,
    choice_text,
)
from editor.core.registry import Frame, ReplayWords
from editor.sim.runner import (
    MAX_STEPS,
    BatchPlan,
    GameResult,
    bot_rng,
    describe_error,
    event_digest,
    factions_for,
    match_spec,
    over_budget,
)

#: Turns a match in progress into a frame to draw (a game's ``replay_frame`` hook).
FrameOf = Callable[[Any], Frame]


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: step 0 is the set-up, then one step per decision taken."""

    number: int
    #: The seat that chose (None for the set-up).
    seat: int | None
    #: The decision's kind and prompt (empty for the set-up).
    kind: str
    prompt: str
    #: The choice taken (None for the set-up).
    choice: Hashable | None
    #: The events this step produced, in order.
    events: tuple[tuple[Any, ...], ...]
    #: The board after this step (None without a frame hook, or when the step failed).
    frame: Frame | None
    #: The error this step raised, if it did.
    error: str | None = None
    #: The choice and the events in the game's words (empty without a ``replay_words`` hook).
    choice_text: str = ""
    event_texts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Replay:
    """A replayed match: its spec, its steps, how it ended (or failed) and its log's digest."""

    spec: MatchSpec
    steps: tuple[ReplayStep, ...]
    outcome: Outcome | None
    error: str | None
    #: :func:`event_digest` of the whole event log.
    digest: str
    #: Every choice taken, in order (the failing one last when a step failed).
    choices: tuple[Hashable, ...]
    #: Decisions taken without an error (the runner's ``steps``).
    decisions: int

    def frames(self) -> list[Frame | None]:
        """The board after each step, step 0 (the set-up) first."""
        return [step.frame for step in self.steps]


def bots_for(engine: Engine, plan: BatchPlan, seed: int) -> list[Bot]:
    """The plan's bots for the match with this seed, each with the runner's generator."""
    factories = engine.bots()
    return [factories[name](seat, bot_rng(seed, seat)) for seat, name in enumerate(plan.bots)]


def replay(
    engine: Engine,
    prepared: Any,
    spec: MatchSpec,
    *,
    bots: Sequence[Bot] | None = None,
    choices: Sequence[Hashable] = (),
    frame: FrameOf | None = None,
    words: ReplayWords | None = None,
    max_steps: int = MAX_STEPS,
) -> Replay:
    """Play a match from its spec, taking ``choices`` in order and then the bots' choices.

    With bots and choices both, each bot still chooses at every decision (its generator
    advances as it did in the batch) but the recorded choice is the one taken, so a failed
    match's choices reach its error even when the error came from a bot. Without bots, the
    replay stops when the choices run out. Errors are recorded, never raised.
    """
    steps: list[ReplayStep] = []
    taken: list[Hashable] = []
    encode = engine.choice_to_json
    try:
        state = engine.new_match(prepared, spec)
    except Exception as exc:  # a match that cannot even be set up is a replay of its error
        failure = describe_error(exc)
        steps.append(ReplayStep(0, None, "", "", None, (), None, failure))
        return Replay(spec, tuple(steps), None, failure, event_digest(()), (), 0)
    seen = len(state.events)
    setup = tuple(state.events)
    told = _told(words, state, setup)
    steps.append(ReplayStep(0, None, "", "", None, setup, _frame(frame, state), None, "", told))
    looks = [bot.uses_view for bot in bots or ()]
    error: str | None = None
    applied = 0
    decision: Decision | None = state.decision()
    while decision is not None:
        number = len(taken) + 1
        seat = decision.player
        choice: Hashable | None = None
        said = ""
        try:
            if bots is not None:
                view = state.view(seat) if looks[seat] else None
                choice = bots[seat].choose(decision, view)
            if len(taken) < len(choices):
                choice = choices[len(taken)]
            elif bots is None:
                break  # the recorded choices end here
            taken.append(choice)
            said = _said(words, state, decision, choice, encode)
            state.apply(choice)
            applied += 1
            if len(taken) >= max_steps:
                raise over_budget(len(taken), decision.kind)
        except Exception as exc:  # the engine's or a bot's error, as the runner reports it
            error = describe_error(exc)
        events = tuple(state.events[seen:])
        seen = len(state.events)
        shown = _frame(frame, state) if error is None else _frame_after_error(frame, state)
        told = _told(words, state, events)
        steps.append(
            ReplayStep(
                number,
                seat,
                decision.kind,
                decision.prompt,
                choice,
                events,
                shown,
                error,
                said,
                told,
            )
        )
        decision = state.decision() if error is None else None
    outcome = state.outcome() if error is None else None
    digest = event_digest(list(state.events))
    return Replay(spec, tuple(steps), outcome, error, digest, tuple(taken), applied)


def _frame(frame: FrameOf | None, state: GameState) -> Frame | None:
    return frame(state) if frame is not None else None


def _said(
    words: ReplayWords | None,
    state: GameState,
    decision: Decision,
    choice: Any,
    encode: ChoiceEncoder,
) -> str:
    """The choice in the game's words; its JSON text when the game has none or they fail."""
    if words is not None:
        try:
            return words.choice(state, decision, choice)
        except Exception:  # wording is a courtesy: a bug in it must not break the replay
            pass
    try:
        return choice_text(encode(choice))
    except Exception:  # no choice of the engine (a bad record): the value as it is
        return str(choice)


def _told(
    words: ReplayWords | None, state: GameState, events: Sequence[tuple[Any, ...]]
) -> tuple[str, ...]:
    """The events in the game's words (none without a hook; plain text where wording fails)."""
    if words is None:
        return ()
    told = []
    for event in events:
        try:
            told.append(words.event(state, event))
        except Exception:  # as above
            told.append(" ".join(str(x) for x in event))
    return tuple(told)


def _frame_after_error(frame: FrameOf | None, state: GameState) -> Frame | None:
    """The board as a failed step left it, when the broken state can still be read."""
    try:
        return _frame(frame, state)
    except Exception:  # a state an engine bug left half-changed may not draw: show none
        return None


def replay_index(
    engine: Engine,
    prepared: Any,
    plan: BatchPlan,
    index: int,
    *,
    frame: FrameOf | None = None,
    words: ReplayWords | None = None,
) -> Replay:
    """Replay match ``index`` of a batch exactly as the runner played it."""
    spec = match_spec(plan, index)
    bots = bots_for(engine, plan, spec.seed)
    return replay(
        engine, prepared, spec, bots=bots, frame=frame, words=words, max_steps=plan.max_steps
    )


def seed_spec(plan: BatchPlan, seed: int, index: int = 0) -> MatchSpec:
    """The spec of a match of this plan played with a seed the user chose."""
    factions = factions_for(plan, index, seed)
    return MatchSpec(players=plan.players, factions=factions, modules=plan.modules, seed=seed)


def replay_seed(
    engine: Engine,
    prepared: Any,
    plan: BatchPlan,
    seed: int,
    *,
    index: int = 0,
    frame: FrameOf | None = None,
    words: ReplayWords | None = None,
) -> Replay:
    """Play a match of this plan with the bots from a seed the user entered."""
    spec = seed_spec(plan, seed, index)
    bots = bots_for(engine, plan, seed)
    return replay(
        engine, prepared, spec, bots=bots, frame=frame, words=words, max_steps=plan.max_steps
    )


def replay_result(
    engine: Engine,
    prepared: Any,
    plan: BatchPlan,
    result: GameResult | Mapping[str, Any],
    *,
    frame: FrameOf | None = None,
    words: ReplayWords | None = None,
) -> Replay:
    """Replay a match of a batch: by its index, and a failed one along its recorded choices.

    ``result`` is the runner's :class:`GameResult` or its JSON record (``to_json`` with the
    engine's encoder), whose choices the engine decodes (``ValueError`` for a bad record).
    """
    if not isinstance(result, GameResult):
        result = result_from_json(engine, result)
    if result.ok or not result.choices:
        return replay_index(engine, prepared, plan, result.index, frame=frame, words=words)
    spec = MatchSpec(plan.players, tuple(result.factions), plan.modules, result.seed)
    bots = bots_for(engine, plan, result.seed)
    return replay(
        engine,
        prepared,
        spec,
        bots=bots,
        choices=result.choices,
        frame=frame,
        words=words,
        max_steps=plan.max_steps,
    )


def result_to_json(engine: Engine, result: GameResult) -> dict[str, Any]:
    """A match's JSON record with its choices (when it failed) encoded by the engine."""
    return result.to_json(engine.choice_to_json)


def result_from_json(engine: Engine, data: Mapping[str, Any]) -> GameResult:
    """The :class:`GameResult` of a JSON record, its choices decoded by the engine."""
    return GameResult.from_json(data, engine.choice_from_json)


def choices_json(engine: Engine, choices: Sequence[Hashable]) -> list[JSON]:
    """Choices (a replay's, a result's) as the engine's JSON, e.g. to save a replay."""
    encode = engine.choice_to_json
    return [encode(choice) for choice in choices]


def differences(played: Replay, result: GameResult) -> list[str]:
    """How a replay differs from the runner's record of the match; empty when it is the same.

    Errors are compared without their place (``file:line``), which names the runner's or the
    replay's own loop for a match that never ended.
    """
    found = []
    if played.spec.seed != result.seed:
        found.append(f"seed {played.spec.seed} != {result.seed}")
    if result.error is not None or played.error is not None:
        if _bare(played.error) != _bare(result.error):
            found.append(f"error {played.error!r} != {result.error!r}")
        return found
    outcome = played.outcome
    if outcome is None:
        return [*found, "the replay did not reach the end"]
    mine = (tuple(outcome.winners), outcome.reason, outcome.rounds, played.decisions)
    theirs = (tuple(result.winners), result.reason, result.rounds, result.steps)
    for name, a, b in zip(("winners", "reason", "rounds", "steps"), mine, theirs, strict=True):
        if a != b:
            found.append(f"{name} {a!r} != {b!r}")
    if result.digest and played.digest != result.digest:
        found.append("the event logs differ (digests)")
    return found


def _bare(error: str | None) -> str | None:
    """An error without its ``(file:line)`` tail."""
    if error is None:
        return None
    head, sep, tail = error.rpartition(" (")
    return head if sep and tail.endswith(")") else error
