"""judgekit.lean_dataclasses.dataclass makes classes that behave as dataclasses.dataclass's do: the same repr,
equality, hashes, frozenness, fields, replace and pickling (issue #16: only cheaper to define)."""
from __future__ import annotations

import dataclasses
import pickle

import pytest

from judgekit import lean_dataclasses


def _pair(frozen: bool):
    """The same class body, decorated by dataclasses and by lean_dataclasses."""
    made = []
    for decorate in (dataclasses.dataclass, lean_dataclasses.dataclass):
        class Sample:
            name: str
            power: int | None = None
            tags: tuple = ()
            hidden: str = dataclasses.field(default="secret", repr=False)
            cache: dict = dataclasses.field(default_factory=dict, compare=False)
            label: str = dataclasses.field(default="x", hash=False)

            @property
            def shout(self) -> str:
                return self.name.upper()

        made.append(decorate(Sample, frozen=frozen))
    return made


@pytest.mark.parametrize("frozen", [True, False])
def test_repr_is_the_generated_text(frozen):
    plain, lean = _pair(frozen)
    assert repr(lean("Yaiba", 3, ("Cyberware",))) == repr(plain("Yaiba", 3, ("Cyberware",)))
    assert "hidden" not in repr(lean("Yaiba"))


def test_a_recursive_repr_shows_an_ellipsis_as_the_generated_one_does():
    plain, lean = _pair(False)
    a, b = plain("a"), lean("a")
    a.tags, b.tags = [a], [b]
    assert repr(b) == repr(a)


@pytest.mark.parametrize("frozen", [True, False])
def test_equality_compares_the_compared_fields_of_the_very_same_class(frozen):
    plain, lean = _pair(frozen)
    assert lean("a", 1, cache={"x": 1}) == lean("a", 1, cache={"y": 2})  # compare=False is ignored
    assert lean("a", 1) != lean("a", 2)
    assert lean("a") != plain("a")  # another class with the same fields is not equal
    assert (lean("a").__eq__(object())) is NotImplemented
    nan = float("nan")
    assert (lean("a", nan) == lean("a", nan)) == (plain("a", nan) == plain("a", nan))


def test_a_frozen_class_hashes_as_the_generated_hash_does():
    plain, lean = _pair(True)
    assert hash(lean("a", 1, ("t",), label="one")) == hash(plain("a", 1, ("t",), label="other"))
    assert hash(lean("a", 1, label="one")) == hash(lean("a", 1, label="two"))  # hash=False is left out


def test_a_mutable_class_is_unhashable_as_the_generated_one_is():
    plain, lean = _pair(False)
    assert plain.__hash__ is None and lean.__hash__ is None
    with pytest.raises(TypeError):
        hash(lean("a"))


def test_a_frozen_class_refuses_assignment():
    _, lean = _pair(True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        lean("a").name = "b"


def test_fields_replace_and_pickle_are_the_dataclass_ones():
    _, lean = _pair(True)
    one = lean("a", 1)
    assert [f.name for f in dataclasses.fields(lean)] == ["name", "power", "tags", "hidden", "cache", "label"]
    assert dataclasses.replace(one, power=2) == lean("a", 2)
    assert dataclasses.asdict(one)["power"] == 1
    assert lean.__match_args__ == ("name", "power", "tags", "hidden", "cache", "label")


def test_pickling_round_trips():
    from judgekit.engine.state import CardDef, Effect
    card = CardDef("Yaiba", effects=(Effect("play", do=({"draw": 1},)),))
    assert pickle.loads(pickle.dumps(card)) == card
    plain = CardDef("Yaiba", tags=("Cyberware",))
    assert hash(pickle.loads(pickle.dumps(plain))) == hash(plain)


def test_a_class_asking_for_its_own_methods_is_left_to_dataclasses():
    @lean_dataclasses.dataclass(frozen=True)
    class Own:
        a: int

        def __repr__(self) -> str:
            return "own"

    assert repr(Own(1)) == "own"
    assert Own(1) == Own(1) and hash(Own(1)) == hash((1,))

    @lean_dataclasses.dataclass(eq=False)
    class Identity:
        a: int

    assert Identity(1) != Identity(1)


def test_the_engine_state_classes_use_the_shared_methods():
    from judgekit.engine import state
    for cls in (state.Effect, state.CardDef, state.Card, state.Player, state.GameState, state.Modifier):
        assert cls.__repr__ is lean_dataclasses._repr
        assert cls.__eq__ is lean_dataclasses._eq


@pytest.mark.parametrize("frozen", [True, False])
def test_init_takes_what_the_generated_init_takes(frozen):
    import inspect
    plain, lean = _pair(frozen)
    assert str(inspect.signature(lean)) == str(inspect.signature(plain))
    assert lean.__init__.__qualname__ == "_pair.<locals>.Sample.__init__"
    one, two = lean("a"), lean("a")
    assert one.cache == {} and one.cache is not two.cache  # a factory per instance
    assert lean("a", 2, hidden="h").hidden == "h" and lean("a", 2, ("t",)).tags == ("t",)
    with pytest.raises(TypeError):
        lean()
    with pytest.raises(TypeError):
        lean("a", unknown=1)


def test_init_sets_fields_left_out_of_it_and_calls_post_init():
    @lean_dataclasses.dataclass
    class Board:
        """A board."""

        name: str
        seen: list = dataclasses.field(default_factory=list, init=False)
        count: int = dataclasses.field(default=3, init=False)

        def __post_init__(self) -> None:
            self.seen.append(self.name)

    board = Board("b")
    assert (board.seen, board.count) == (["b"], 3)
    assert "seen" not in str(__import__("inspect").signature(Board))


def test_an_init_is_compiled_once_then_read_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path))
    first = lean_dataclasses._CompiledInits()
    source = "def __init__(self, a, b=_default):\n    self.a = a\n    self.b = b\n"
    code = first.code(source)
    first.save()
    assert list((tmp_path / "cache").glob("inits-*.marshal"))
    again = lean_dataclasses._CompiledInits()
    monkeypatch.setattr("builtins.compile", lambda *a, **k: pytest.fail("compiled again"))
    assert again.code(source) == code


def test_a_damaged_cache_of_inits_is_compiled_again(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path))
    inits = lean_dataclasses._CompiledInits()
    inits._path().parent.mkdir(parents=True)
    inits._path().write_bytes(b"\x00not marshal")
    assert inits.code("def __init__(self):\n    pass\n").co_name == "__init__"
