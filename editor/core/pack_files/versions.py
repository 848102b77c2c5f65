"""Version ranges (``packaging``): which versions of a pack satisfy a dependency, and the
words for one that nothing satisfies."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from packaging.version import Version

from editor.core.packs import parse_range, parse_version


@dataclass(frozen=True)
class Offer:
    """One version of a pack that a design could use, and where it is (``bundled``,
    ``installed``, ``in this file``...)."""

    version: str
    where: str


def version_key(text: str) -> tuple[int, Version]:
    """A sort key: versions in order, one that cannot be compared before every other.

    >>> sorted(["1.10.0", "junk", "1.2.0", "1.2.0-beta.1"], key=version_key)
    ['junk', '1.2.0-beta.1', '1.2.0', '1.10.0']
    """
    version = parse_version(text)
    return (0, Version("0")) if version is None else (1, version)


def matches(range_text: str, version_text: str) -> bool:
    """Whether a version is in a range (pre-releases included, as a pack names them).

    >>> matches(">=1.0,<2", "1.4.0"), matches(">=1.0,<2", "2.0.0"), matches("*", "0.1.0")
    (True, False, True)
    >>> matches(">=1.0", "1.1.0-beta.1"), matches("nonsense", "1.0.0")
    (True, False)
    """
    spec = parse_range(range_text)
    version = parse_version(version_text)
    if spec is None or version is None:
        return False
    return spec.contains(version, prereleases=True)


def best_match(range_text: str, versions: Iterable[str]) -> str | None:
    """The highest version in the range, or None.

    >>> best_match(">=1.0,<2", ["0.9.0", "1.2.0", "1.10.0", "2.0.0"])
    '1.10.0'
    >>> best_match(">=3", ["1.0.0"]) is None
    True
    """
    fitting = [v for v in versions if matches(range_text, v)]
    return max(fitting, key=version_key) if fitting else None


def range_words(range_text: str) -> str:
    """A range as a message shows it: ``any version`` for ``''`` and ``'*'``.

    >>> range_words(">=1.0,<2"), range_words("*")
    ('>=1.0,<2', 'any version')
    """
    text = range_text.strip()
    return "any version" if text in ("", "*") else text


def unmet(pack_id: str, dep_id: str, range_text: str, offers: Sequence[Offer]) -> str | None:
    """Why no version on offer satisfies a dependency, naming what would; None when one does.

    >>> print(unmet("lava", "base", ">=2.0,<3", [Offer("1.0.0", "bundled")]))
    ... # doctest: +NORMALIZE_WHITESPACE
    pack 'lava' needs base >=2.0,<3, but only base 1.0.0 (bundled) is there;
    install a version of base that matches >=2.0,<3
    >>> print(unmet("lava", "rocks", ">=1.0,<2", []))  # doctest: +NORMALIZE_WHITESPACE
    pack 'lava' needs rocks >=1.0,<2, which is neither bundled nor installed;
    install a version of rocks that matches >=1.0,<2 first
    >>> unmet("lava", "base", "*", [Offer("1.0.0", "bundled")]) is None
    True
    """
    if parse_range(range_text) is None:
        return (
            f"pack {pack_id!r} names {range_text!r} as the versions of {dep_id} it needs, which"
            " is not a version range; write one like '>=1.0,<2'"
        )
    if any(matches(range_text, offer.version) for offer in offers):
        return None
    wanted = range_words(range_text)
    if not offers:
        return (
            f"pack {pack_id!r} needs {dep_id} {wanted}, which is neither bundled nor installed;"
            f" install a version of {dep_id} that matches {wanted} first"
        )
    there = ", ".join(
        f"{dep_id} {o.version} ({o.where})"
        for o in sorted(offers, key=lambda o: version_key(o.version))
    )
    verb = "is" if len(offers) == 1 else "are"
    return (
        f"pack {pack_id!r} needs {dep_id} {wanted}, but only {there} {verb} there;"
        f" install a version of {dep_id} that matches {wanted}"
    )
