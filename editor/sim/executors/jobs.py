"""A batch's work as JSON: the design's texts, the plan and a range of match indices.

A job says everything a worker needs to play its matches and nothing of an engine's state:

``{"job": 1, "digest": ..., "content": {...}, "plan": {...}, "start": i, "stop": j}``

``content`` (a :class:`Content`) is the design as texts: the layout file, its board and
every file of the packs it uses. A worker rebuilds the prepared content from it once per
``digest`` (in a temporary folder, through the one workspace loader and the game's engine
from the registry) and keeps it; a job for a digest the worker already holds may leave
``content`` out. Results go back as :meth:`GameResult.to_json` records.

Only the local process pool can also install a set-up given as Python objects
(:func:`install`), for engines that no registry knows (a caller's own); its jobs are the
same JSON and name that set-up by its digest.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import orjson

from editor.core import registry
from editor.core.engine import Engine
from editor.core.layouts import Layout
from editor.core.workspace import Workspace
from editor.sim.design import Design, Invalid, prepare_design
from editor.sim.plan import BatchPlan
from editor.sim.play import MatchPlayer, Measure, RunnerError, settle_worker_memory
from editor.sim.results import GameResult

#: The version of the job format; a worker refuses a job of another.
JOB_FORMAT = 1
#: How many prepared designs a worker keeps (a sweep plays a few designs in turn).
CACHE_SIZE = 8


class JobError(RunnerError):
    """A job a worker cannot play at all: malformed, or a design it cannot set up."""


@dataclass(frozen=True)
class Content:
    """A design as texts: what a worker rebuilds the prepared content from.

    ``files`` maps a relative path to a file's text: ``layout/<name>`` (the layout),
    ``boards/<name>`` (its board) and ``packs/<pack id>/<path in the pack>`` (every file of
    the packs in use). ``packs`` lists those packs' ids, dependencies first, as the sender
    found them, so that a worker whose own bundled packs would change them refuses.
    """

    game: str
    layout: str
    files: Mapping[str, str]
    packs: tuple[str, ...]
    #: A hash of everything above: equal texts, equal digests, on any machine.
    digest: str = field(init=False)

    def __post_init__(self) -> None:
        for path in self.files:
            _check_path(path)
        if self.layout not in self.files:
            raise JobError(f"the job's layout {self.layout!r} is not among its files")
        text = json.dumps(self._fields(), sort_keys=True, ensure_ascii=False)
        digest = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
        object.__setattr__(self, "digest", digest)

    def _fields(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "layout": self.layout,
            "files": dict(self.files),
            "packs": list(self.packs),
        }

    def to_json(self) -> dict[str, Any]:
        """Plain data, with the digest."""
        return {**self._fields(), "digest": self.digest}

    @classmethod
    def from_json(cls, data: Any) -> Content:
        """The content a :meth:`to_json` record describes; :class:`JobError` when it is not
        one, or when its texts do not have the digest it claims."""
        if not isinstance(data, Mapping):
            raise JobError("a job's content is an object")
        files = data.get("files")
        if not isinstance(files, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in files.items()
        ):
            raise JobError("a job's content 'files' maps paths to texts")
        packs = data.get("packs")
        if not isinstance(packs, list) or not all(isinstance(p, str) for p in packs):
            raise JobError("a job's content 'packs' is a list of pack ids")
        game, layout = data.get("game"), data.get("layout")
        if not isinstance(game, str) or not isinstance(layout, str):
            raise JobError("a job's content names its game and its layout file")
        content = cls(game, layout, dict(files), tuple(packs))
        if data.get("digest") != content.digest:
            raise JobError("a job's content does not have the digest it claims")
        return content


def _check_path(path: str) -> None:
    """A content path stays inside the folder it is written to: relative, no ``..``."""
    parts = PurePosixPath(path).parts
    if (
        not parts
        or PurePosixPath(path).as_posix() != path  # one spelling per file: no "a//b"
        or path.startswith("/")
        or "\\" in path
        or "\x00" in path
        or any(part in ("", ".", "..") for part in parts)
        or parts[0] not in ("layout", "boards", "packs")
    ):
        raise JobError(f"a job's file path {path!r} is not one of its own")


def content_of(ws: Workspace, layout: Layout) -> Content:
    """The texts of a loaded design: its layout, its board and the packs it uses."""
    if layout.document is None:
        raise ValueError(f"the layout {layout.id!r} has no document to send")
    name = f"layout/{PurePosixPath(Path(layout.document.path).name)}"
    files = {name: layout.document.text}
    board = ws.boards.get(layout.board)
    if board is not None:
        files[f"boards/{Path(board.document.path).name}"] = board.document.text
    packs = ws.packs_in_use(layout)
    for pack in packs:
        files[f"packs/{pack.id}/pack.yaml"] = pack.manifest.text
        for _kind, document in pack.documents:
            inside = Path(document.path).relative_to(pack.folder).as_posix()
            files[f"packs/{pack.id}/{inside}"] = document.text
    return Content(layout.game, name, files, tuple(pack.id for pack in packs))


def plan_to_json(plan: BatchPlan) -> dict[str, Any]:
    """A plan as plain data."""
    return {
        "games": plan.games,
        "players": plan.players,
        "bots": list(plan.bots),
        "seed": plan.seed,
        "modules": sorted(plan.modules),
        "faction_mode": plan.faction_mode,
        "factions": list(plan.factions),
        "max_steps": plan.max_steps,
        "memory_limit": plan.memory_limit,
        "digest": plan.digest,
    }


def plan_from_json(data: Any) -> BatchPlan:
    """The plan :func:`plan_to_json` wrote; :class:`JobError` when it is not one."""
    if not isinstance(data, Mapping):
        raise JobError("a job's plan is an object")
    try:
        return BatchPlan(
            games=_int(data["games"]),
            players=_int(data["players"]),
            bots=_names(data["bots"]),
            seed=_int(data["seed"]),
            modules=frozenset(_names(data["modules"])),
            faction_mode=data["faction_mode"]
            if data["faction_mode"] in ("fixed", "random", "rotate")
            else _bad("faction_mode", data["faction_mode"]),
            factions=_names(data["factions"]),
            max_steps=_int(data["max_steps"]),
            memory_limit=None if data["memory_limit"] is None else _int(data["memory_limit"]),
            digest=data["digest"] is True,
        )
    except KeyError as exc:
        raise JobError(f"a job's plan needs its {exc.args[0]!r}") from None
    except ValueError as exc:  # the plan's own checks
        raise JobError(f"a job's plan is not one: {exc}") from None


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise JobError(f"a job's plan holds {value!r} where a whole number goes")
    return value


def _names(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise JobError(f"a job's plan holds {value!r} where a list of names goes")
    return tuple(value)


def _bad(key: str, value: Any) -> Any:
    raise JobError(f"a job's plan has no {key} {value!r}")


def job_json(
    digest: str, plan: BatchPlan, start: int, stop: int, content: Content | None = None
) -> dict[str, Any]:
    """The job of matches ``start`` to ``stop - 1`` of a plan on the design ``digest``."""
    job: dict[str, Any] = {
        "job": JOB_FORMAT,
        "digest": digest,
        "plan": plan_to_json(plan),
        "start": start,
        "stop": stop,
    }
    if content is not None:
        job["content"] = content.to_json()
    return job


@dataclass(frozen=True)
class Built:
    """A design set up in a worker: what its matches are played with."""

    engine: Engine
    prepared: Any
    measure: Measure | None


#: The designs this process has set up, by digest, the newest last.
_BUILT: OrderedDict[str, Built] = OrderedDict()


def install(digest: str, built: Built) -> None:
    """Keep a set-up under a digest (the local pool's Python set-ups, and rebuilt designs)."""
    _BUILT[digest] = built
    _BUILT.move_to_end(digest)
    while len(_BUILT) > CACHE_SIZE:
        _BUILT.popitem(last=False)


def holds(digest: object) -> bool:
    """Whether this process keeps the set-up of a design."""
    return isinstance(digest, str) and digest in _BUILT


def forget_all() -> None:
    """Let every kept set-up go (a forked worker starts without its parent's)."""
    _BUILT.clear()


def built_for(job: Mapping[str, Any]) -> Built:
    """The set-up a job names: kept from before, or rebuilt from its content once."""
    digest = job.get("digest")
    if not isinstance(digest, str):
        raise JobError("a job names its design by a digest")
    if digest in _BUILT:
        _BUILT.move_to_end(digest)
        return _BUILT[digest]
    if "content" not in job:
        raise JobError(f"this worker does not hold the design {digest} and the job has no texts")
    content = Content.from_json(job["content"])
    if content.digest != digest:
        raise JobError("a job's content is not the design its digest names")
    built = rebuild(content)
    install(digest, built)
    return built


#: How the temporary folders of rebuilt designs start; the process id follows.
TEMP_PREFIX = "seastack-job-"


def sweep_leftovers(pid: int | None = None) -> None:
    """Remove the temporary folders that a worker killed while it rebuilt a design left:
    those of ``pid``, or (by default) of every process that is gone. Only Seastack's own
    folders (:data:`TEMP_PREFIX`, a process id, then ``-``), never a link."""
    for path in Path(tempfile.gettempdir()).glob(f"{TEMP_PREFIX}*-*"):
        owner = path.name.removeprefix(TEMP_PREFIX).split("-", 1)[0]
        if not owner.isdigit() or path.is_symlink() or not path.is_dir():
            continue
        if int(owner) == pid or (pid is None and not _running(int(owner))):
            shutil.rmtree(path, ignore_errors=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):  # someone else's, or no way to tell: leave it
        return True
    return True


def rebuild(content: Content) -> Built:
    """Set a design up from its texts, as the sender did: written to a temporary folder,
    loaded by the one loader, compiled by the game's engine from the registry."""
    sweep_leftovers()  # of workers killed while they rebuilt, on this machine
    prefix = f"{TEMP_PREFIX}{os.getpid()}-"
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        root = Path(folder)
        for relative, text in content.files.items():
            path = root.joinpath(*PurePosixPath(relative).parts)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        layout = root.joinpath(*PurePosixPath(content.layout).parts)
        folders = tuple(root / part for part in ("packs", "boards") if (root / part).is_dir())
        ready = prepare_design(Design(layout, content.files[content.layout], folders))
        if isinstance(ready, Invalid):
            lines = [line.replace(f"{root}/", "") for line in ready.lines()]
            raise JobError(f"the design does not set up on this worker: {'; '.join(lines)}")
        used = tuple(pack.id for pack in ready.loaded.workspace.packs_in_use(ready.layout))
    if ready.game_id != content.game:
        raise JobError(f"the design is for {content.game!r}, the layout says {ready.game_id!r}")
    if used != content.packs:
        raise JobError(
            f"this worker would play the design with the packs {', '.join(used) or 'none'},"
            f" not {', '.join(content.packs) or 'none'}: is its Seastack another version?"
        )
    play = registry.playable(ready.game_id)
    metrics = play.metrics if play is not None else None
    return Built(ready.engine, ready.prepared, metrics.measure if metrics else None)


def play_job(job: Mapping[str, Any]) -> Iterator[bytes]:
    """Play a job's matches in index order; each one's record as JSON, as it ends.

    :class:`JobError` before the first record when the job cannot be played at all.
    """
    if not isinstance(job, Mapping) or job.get("job") != JOB_FORMAT:
        raise JobError(f"not a job of format {JOB_FORMAT}")
    start, stop = job.get("start"), job.get("stop")
    if not isinstance(start, int) or not isinstance(stop, int) or not 0 <= start <= stop:
        raise JobError(f"a job's range is two whole numbers, not {start!r} to {stop!r}")
    built = built_for(job)
    plan = plan_from_json(job.get("plan"))
    # after the set-up, which is the worker's own memory, not its matches'
    settle_worker_memory(plan.memory_limit)
    player = MatchPlayer(built.engine, built.prepared, plan, built.measure)
    for index in range(start, stop):
        yield result_record(player.play(index), built.engine)


def result_record(result: GameResult, engine: Engine) -> bytes:
    """A result's record as JSON (UTF-8 bytes), its choices in the engine's JSON when it
    failed.

    Records are strict JSON, written and read by orjson (several times faster than the
    standard library's json, which matters in the batch's process: it reads every record
    while sharing the cores with the workers). Choices the engine cannot encode, or
    measures that are not strict JSON (keys that are not strings, integers beyond 64 bits,
    objects JSON has no form for), make the record say so, a failed game, rather than lose
    it. A measure's NaN or infinity, which JSON cannot write, is written as null.
    """
    try:
        data = result.to_json(engine.choice_to_json)
    except ValueError as exc:  # choices the engine's encoder refuses
        note = f"{result.error} (its choices are not the engine's JSON: {exc})"
        data = {**result.to_json(), "error": note}
    try:
        return orjson.dumps(data)
    except TypeError as exc:  # orjson.JSONEncodeError
        return orjson.dumps(_failed_record(result, exc))


def _failed_record(result: GameResult, exc: TypeError) -> dict[str, Any]:
    """The record of a result orjson cannot write: a failed game that says why, without
    its measures or choices, its text made valid UTF-8 (an error message may hold lone
    surrogates, which JSON text cannot)."""
    try:
        orjson.dumps(dict(result.metrics))
    except TypeError:  # a bug of the game's metrics
        error = f"TypeError: the game's measures are not JSON: {exc}"
    else:
        error = f"TypeError: the match's record is not JSON: {exc}"
        error += f" ({result.error})" if result.error else ""
    failed = {**result.to_json(), "metrics": {}, "error": error}
    return {key: _valid_text(value) for key, value in failed.items()}


def _valid_text(value: Any) -> Any:
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, list):
        return [_valid_text(item) for item in value]
    return value


def read_result(record: bytes | str, engine: Engine) -> GameResult:
    """The result a :func:`result_record` describes."""
    try:
        return GameResult.from_json(orjson.loads(record), engine.choice_from_json)
    except ValueError as exc:  # orjson.JSONDecodeError is one too
        raise RunnerError(f"a worker sent a result that is not one: {exc}") from None
