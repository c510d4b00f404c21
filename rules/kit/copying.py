"""A copy of a game state that shares nothing the game changes in place, made quickly.

The computer's search copies a state for every world it imagines, so the copy is its hottest
step. A deep copy (`model_copy(deep=True)`) walks every value in Python; a JSON round trip
validates everything again. This one reads each state class's field types once, then copies
only what can change in place: a list of numbers or of frozen events is one `list.copy`; a
number, a string, a tuple of them or a frozen model is shared. A field whose type it cannot
read (Any, a class of its own) gets a deep copy, so the copy is always independent.

Field types are trusted, as the type checker holds them: a field declared a tuple must never
be given a list that is then changed in place.
"""

from __future__ import annotations

import copy
import enum
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
Copier = Callable[[Any], Any]

#: Types whose values never change: shared, not copied.
_VALUES: frozenset[type] = frozenset({int, str, bool, float, type(None), bytes, frozenset})
#: One copier per model class, built the first time a model of that class is copied.
_MODEL_COPIERS: dict[type, Copier] = {}


def copy_model(model: M, *, items_kept: frozenset[str] = frozenset()) -> M:
    """A copy of `model` sharing nothing that can change in place (frozen parts are shared).

    `items_kept`: list fields whose items the caller knows never change in place (a record that
    only grows): the copy gets a list of its own holding the same items."""
    copier = _model_copier(type(model)) if not items_kept else _keeping_copier(type(model), items_kept)
    copied: M = copier(model)
    return copied


#: One copier per (model class, fields whose items are kept), see `copy_model`.
_KEEPING_COPIERS: dict[tuple[type, frozenset[str]], Copier] = {}


def _keeping_copier(cls: type, items_kept: frozenset[str]) -> Copier:
    found = _KEEPING_COPIERS.get((cls, items_kept))
    if found is None:
        if not issubclass(cls, BaseModel) or not items_kept <= cls.model_fields.keys():
            raise TypeError(f"{cls.__name__} has no fields {sorted(items_kept)}")
        found = _KEEPING_COPIERS[(cls, items_kept)] = _fields_copier(cls, items_kept)
    return found


def _model_copier(cls: type) -> Copier:
    found = _MODEL_COPIERS.get(cls)
    if found is not None:
        return found
    if not issubclass(cls, BaseModel):
        raise TypeError(f"{cls.__name__} is not a pydantic model")
    if cls.model_config.get("frozen"):
        _MODEL_COPIERS[cls] = _same
        return _same
    copy_fields = _fields_copier(cls, frozenset())
    _MODEL_COPIERS[cls] = copy_fields
    return copy_fields


def _fields_copier(cls: type[BaseModel], items_kept: frozenset[str]) -> Copier:
    fields = [
        (name, list.copy if name in items_kept else how)
        for name, info in cls.model_fields.items()
        if (how := _copier(info.annotation))
    ]

    def copy_fields(model: Any) -> Any:
        copied = model.__copy__()  # a new __dict__ (and fields-set, extras, privates)
        values = copied.__dict__
        for name, copy_field in fields:
            value = values[name]
            if value is not None:
                values[name] = copy_field(value)
        return copied

    return copy_fields


def _same(value: Any) -> Any:
    return value


def _copier(annotation: Any) -> Copier | None:
    """How to copy a value of this type; None when such a value never changes (share it)."""
    if annotation in _VALUES:
        return None
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal or origin is frozenset:
        return None
    if origin is typing.Union or origin is types.UnionType:
        others = [arg for arg in args if arg is not type(None)]
        copiers = [_copier(arg) for arg in others]
        if all(c is None for c in copiers):
            return None
        only = copiers[0]
        # `X | None`: None is skipped by the model copier, so X's copier serves.
        return only if len(copiers) == 1 and only is not None else _any
    if origin is list:
        item = _copier(args[0]) if args else _any
        if item is None:
            return list.copy
        return lambda value: [item(element) for element in value]
    if origin is dict:
        entry = _copier(args[1]) if len(args) == 2 else _any
        if entry is None:
            return dict.copy
        return lambda value: {key: entry(element) for key, element in value.items()}
    if origin is tuple:
        return None if all(_copier(arg) is None for arg in args if arg is not Ellipsis) else _any
    if origin is set:
        return set.copy if args and _copier(args[0]) is None else _any
    if isinstance(annotation, type):
        if issubclass(annotation, enum.Enum):
            return None
        if issubclass(annotation, BaseModel):
            if annotation.model_config.get("frozen"):
                return None
            # The value may be of a subclass, with fields of its own.
            return lambda value: _model_copier(type(value))(value)
    return _any


def _any(value: Any) -> Any:
    """A copy of a value whose declared type says too little: by what it holds."""
    kind = type(value)
    if kind in _VALUES or isinstance(value, enum.Enum):
        return value
    if kind is list:
        return [_any(element) for element in value]
    if kind is dict:
        return {key: _any(element) for key, element in value.items()}
    if kind is tuple:
        return tuple(_any(element) for element in value)
    if isinstance(value, BaseModel):
        return _model_copier(kind)(value)
    return copy.deepcopy(value)
