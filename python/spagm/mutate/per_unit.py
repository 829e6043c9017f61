# SPDX-License-Identifier: Apache-2.0
"""Options of the formal step that may differ per unit (ruling N554).

The three units' proofs differ by orders of magnitude: the pixel unit's
whole-unit proof fits in minutes, the attribute and texture units' do not
fit at all and are proven on the module that holds each mutant. One
`--all-units` campaign therefore takes each of `--prove-scope`,
`--prove-budget` and `--prove-timeout` either as one value for every unit
or as a comma-separated list of `UNIT=VALUE` items with at most one bare
`VALUE`, the value of every unit the list does not name:

    --prove-scope module,pix=both --prove-budget 20,pix=900

The value is read when the unit's run starts (`settle`), so everything
after it sees a plain value.
"""
import argparse

from .rtl import UNITS


class PerUnit:
    """A value per unit, with a default for the units not named."""

    def __init__(self, default, by_unit, text):
        self.default, self.by_unit, self.text = default, dict(by_unit), text

    def of(self, unit):
        return self.by_unit.get(unit, self.default)

    def __repr__(self):
        return f"PerUnit({self.text!r})"


def option(convert, what, default=None):
    """An argparse `type` reading VALUE or UNIT=VALUE,...: each VALUE goes
    through `convert`, which raises ValueError with the reason; `default`
    is the value of the units the text does not name when it has no bare
    VALUE."""
    def parse(text):
        base, seen, by_unit = default, False, {}
        for item in text.split(","):
            unit, eq, value = item.strip().rpartition("=")
            if not eq:
                if seen:
                    raise argparse.ArgumentTypeError(
                        f"'{text}': two values for every unit; name the unit of one (UNIT=VALUE)")
                seen, base = True, _convert(convert, value, what, text)
                continue
            if unit not in UNITS:
                raise argparse.ArgumentTypeError(
                    f"'{text}': '{unit}' is not a unit (one of {', '.join(UNITS)})")
            if unit in by_unit:
                raise argparse.ArgumentTypeError(f"'{text}': two values for {unit}")
            by_unit[unit] = _convert(convert, value, what, text)
        return PerUnit(base, by_unit, text)
    return parse


def _convert(convert, value, what, text):
    try:
        return convert(value)
    except ValueError as e:
        where = "" if value == text else f"'{text}': "
        raise argparse.ArgumentTypeError(f"{where}'{value}' is not {what}: {e}") from None


# The options `option` reads, by their argparse name.
OPTIONS = ("prove_scope", "prove_budget", "prove_timeout")


def settle(args, unit):
    """Replaces each per-unit option of `args` by the value of `unit`."""
    for name in OPTIONS:
        value = getattr(args, name, None)
        if isinstance(value, PerUnit):
            setattr(args, name, value.of(unit))
