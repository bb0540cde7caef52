"""The kit's value classes are plain classes (rulings_lib/values.py, so that `rulings run` needs no
`dataclasses`): they keep what the dataclasses they were gave -- repr, ==, the hash of the frozen
ones, immutability, copy and pickle, replace."""

import copy
import dataclasses
import pickle
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulings_lib.cards import card
from rulings_lib.events import Outcome
from rulings_lib.readings import reading
from rulings_lib.scenario import Check, Scenario, Step, load_scenario
from rulings_lib.values import Value, field, replace
from rulings_lib.verbs import Param, Verb
from rulings_lib.wrgp.tables import PHASES, SPEED_WORLD_EFFECTS
from rulings_lib.wrgp.verbs import VERB_TABLE


@dataclasses.dataclass
class _Step:        # the dataclass Step was, for its repr
    number: int
    verb: str
    args: object
    line: int
    raw: object = None


def test_repr_and_equality_as_a_dataclass_s():
    s = Step(1, "damage", {"by": "A"}, 3)
    assert repr(s) == repr(_Step(1, "damage", {"by": "A"}, 3)).replace("_Step", "Step")
    assert s == Step(1, "damage", {"by": "A"}, 3, None) and s != Step(2, "damage", {"by": "A"}, 3)
    assert s != _Step(1, "damage", {"by": "A"}, 3)          # another class is never equal
    with pytest.raises(TypeError):
        hash(s)                                             # mutable: unhashable, as a dataclass with eq
    s.args = {"by": "B"}                                    # and its fields can be set
    assert s.args == {"by": "B"}
    with pytest.raises(AttributeError):
        s.other = 1                                         # only its fields (slots)


def test_outcome_compares_and_hashes_without_its_message():
    a = Outcome("A", "WRGP-F4", "team A wins", "wrgp.x", {"n": 1})
    b = Outcome("A", "WRGP-F4", "team A wins")
    assert a == b and hash(a) == hash(b) and a != Outcome("B", "WRGP-F4", "team A wins")
    assert repr(b) == "Outcome(winner='A', termination='WRGP-F4', text='team A wins', code=None, args=None)"


@pytest.mark.parametrize("value", [
    Outcome("A", "WRGP-F4", "team A wins", "wrgp.x", {"n": 1}), reading("team-count-by-name"), PHASES[0],
    SPEED_WORLD_EFFECTS[4], card("Power Bond", "wrgp.yaml"), VERB_TABLE["damage"], VERB_TABLE["damage"].params[0],
], ids=lambda v: type(v).__name__)
def test_frozen_values_are_immutable_and_copy_and_pickle(value):
    name = type(value)._FIELDS[0]
    with pytest.raises(AttributeError):
        setattr(value, name, "x")
    with pytest.raises(AttributeError):
        delattr(value, name)
    for other in (copy.copy(value), copy.deepcopy(value)):
        assert other == value and type(other) is type(value)
    if type(value) is not Verb and type(value) is not Param:      # (their checks are local functions)
        assert pickle.loads(pickle.dumps(value)) == value
    assert replace(value) == value


def test_frozen_values_hash_as_frozen_dataclasses():
    assert len({PHASES[0], PHASES[0], PHASES[1]}) == 2
    r = reading("team-count-by-name")
    assert hash(r) == hash(tuple(getattr(r, f) for f in type(r)._FIELDS))
    with pytest.raises(TypeError):
        hash(card("Power Bond", "wrgp.yaml"))       # a field is a dict, as with the dataclass


def test_checks_of_the_constructors_and_a_verb_s_cached_names():
    with pytest.raises(ValueError, match="unknown type"):
        Param("x", "float")
    with pytest.raises(ValueError, match="unknown shape"):
        Verb("x", "blob")
    v = VERB_TABLE["damage"]
    assert v.api_names == ("by", "to", "amount", "card") and v.api_names is v.api_names
    assert "_api_names" not in repr(v) and replace(v) == v      # a cache, not a field


def test_replace_a_scenario_s_steps():
    from pathlib import Path

    import rulings_lib

    sc = load_scenario(Path(rulings_lib.__file__).parent / "scenarios" / "wrgp" / "power-bond-handover.yaml")
    part = replace(sc, steps=sc.steps[:1], expect={})
    assert type(part) is Scenario and part.steps == sc.steps[:1] and part.expect == {} and part.title == sc.title
    assert sc.steps != part.steps
    with pytest.raises(TypeError, match="no field"):
        replace(sc, nonsense=1)
    assert Check("k", 1, 1, True) == Check("k", 1, 1, True, 0)


# ---------------------------------------------------------------------- as a dataclass, for any values


class _Frozen(Value, frozen=True):
    kind: ClassVar[str] = "frozen"      # not a field
    a: int
    b: str = "x"
    c: tuple = ()
    d: object = field(default=None, compare=False)


@dataclasses.dataclass(frozen=True)
class _FrozenDC:
    a: int
    b: str = "x"
    c: tuple = ()
    d: object = dataclasses.field(default=None, compare=False)


class _Mutable(Value):
    a: int
    b: list = field(default_factory=list)


@dataclasses.dataclass
class _MutableDC:
    a: int
    b: list = dataclasses.field(default_factory=list)


_ARGS = st.tuples(st.integers(), st.text(max_size=5), st.tuples(st.integers()), st.none() | st.integers())


@given(_ARGS, _ARGS, st.integers(0, 4))
def test_a_value_class_behaves_as_the_same_dataclass(one, other, given_n):
    # The same fields as a dataclass: the same repr (but the name), ==, hash, replace, copy and pickle,
    # whether the fields are given by position, by name, or left to their defaults.
    def both(args):
        kw = dict(zip("abcd", args, strict=True))
        names = list(kw)[given_n:]
        pos = [kw[n] for n in list(kw)[:given_n]]
        return (_Frozen(*pos, **{n: kw[n] for n in names}), _FrozenDC(*pos, **{n: kw[n] for n in names}))

    (v, dc), (w, dw) = both(one), both(other)
    assert repr(v).replace("_Frozen", "_FrozenDC") == repr(dc)
    assert (v == w) == (dc == dw) and (hash(v) == hash(w)) >= (v == w)
    assert hash(v) == hash(dc)      # the hash of the compared fields' tuple, as a dataclass's
    assert pickle.loads(pickle.dumps(v)) == v and copy.deepcopy(v) == v
    assert replace(v, a=one[0] + 1) == _Frozen(one[0] + 1, *one[1:])
    with pytest.raises(AttributeError):
        v.a = 0
    m, n = _Mutable(one[0]), _Mutable(one[0])
    assert m == n and m.b is not n.b and repr(m).replace("_Mutable", "_MutableDC") == repr(_MutableDC(one[0]))
    m.b.append(1)
    assert m != n


def test_value_class_refusals_name_the_field():
    assert _Frozen._FIELDS == ("a", "b", "c", "d") and _Frozen.kind == "frozen"
    with pytest.raises(TypeError, match="missing an argument: 'a'"):
        _Frozen()
    with pytest.raises(TypeError, match="multiple values for argument 'a'"):
        _Frozen(1, a=2)
    with pytest.raises(TypeError, match="unexpected keyword argument 'e'"):
        _Frozen(1, e=2)
    with pytest.raises(TypeError, match="takes 4 positional arguments but 5"):
        _Frozen(1, "x", (), None, 5)
    with pytest.raises(TypeError, match="one value class does not derive from another"):
        class _Sub(_Frozen):
            e: int
