"""Card and player references inside the effects a scenario's cards carry, resolved against its board: a card
named in an effect becomes its label (`this` stays the effect's own card), once per definition."""
from __future__ import annotations

from dataclasses import replace

from judgekit.engine.card_definition import CardDef, Effect

# Shipped card definitions whose effects name no card or player but by EFFECT_REFS, so resolving them gives
# the definition itself on any board: worked out once per process. Only shipped definitions (kept for the
# whole process by the pool) are listed, never a card a scenario defines.
_SELF_CONTAINED: dict[int, CardDef] = {}


class EffectReferences:
    """The scenario builder's resolution of the references in its cards' effects; it needs the builder's `ref`,
    `player_ref`, `asked`, `inline` and `_resolved`."""

    def _with_resolved_effects(self, definition: CardDef) -> CardDef:
        """Card references inside effects become labels (`this` stays the effect's own card); once per definition."""
        if not (definition.effects or definition.top_effects or definition.bottom_effects):
            return definition
        if _SELF_CONTAINED.get(id(definition)) is definition:
            return definition
        if id(definition) not in self._resolved:
            asked = self.asked
            resolved = self._resolved[id(definition)] = self._resolve_effects(definition)
            if resolved is definition and self.asked == asked and definition.full_name not in self.inline:
                _SELF_CONTAINED[id(definition)] = definition
        return self._resolved[id(definition)]

    def _resolve_effects(self, definition: CardDef) -> CardDef:
        """A copy with the references resolved; the definition itself when no reference needed resolving."""
        fix = self._fix_effects
        effects, top, bottom = fix(definition.effects), fix(definition.top_effects), fix(definition.bottom_effects)
        if effects is definition.effects and top is definition.top_effects and bottom is definition.bottom_effects:
            return definition
        return replace(definition, effects=effects, top_effects=top, bottom_effects=bottom)

    def _fix_effects(self, effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
        """The effects with their references resolved; the same tuple when none changed. (Methods, not nested
        functions calling each other: those would make a reference cycle holding the whole board.)"""
        fixed = tuple(self._fix_effect(e) for e in effects)
        return effects if all(a is b for a, b in zip(fixed, effects)) else fixed

    def _fix_effect(self, effect: Effect) -> Effect:
        do, modes = tuple(self._fix_instruction(i) for i in effect.do), self._fix_effects(effect.modes)
        return effect if do == effect.do and modes is effect.modes else replace(effect, do=do, modes=modes)

    def _fix_instruction(self, instruction: dict) -> dict:
        (verb, arg), = instruction.items()
        path = ("cards",)
        if verb == "move":
            return {verb: {**arg, "card": self.ref(arg["card"], path, allow_this=True)}}
        if verb == "bottom_deck":  # keeps its shape (one card or a list), so a shipped card stays equal to itself
            if isinstance(arg, list):
                return {verb: [self.ref(a, path, allow_this=True) for a in arg]}
            return {verb: self.ref(arg, path, allow_this=True)}
        if verb in ("defeat", "spend", "ready", "flip", "reveal", "sell", "call_free"):
            return {verb: self.ref(arg, path, allow_this=True)}
        if verb == "give":
            return {verb: {**arg, "card": self.ref(arg["card"], path, allow_this=True)}}
        if verb == "move_gear":
            return {verb: {"gear": self.ref(arg["gear"], path, allow_this=True),
                           "to": self.ref(arg["to"], path, allow_this=True)}}
        if verb == "adjust" and arg.get("of") not in ("you", "rival", "any"):
            return {verb: {**arg, "of": self.player_ref(arg["of"], path)}}
        if verb == "steal":
            return {verb: {**arg, "actor": self.ref(arg.get("actor", "this"), path, allow_this=True)}}
        if verb == "play_free":
            return {verb: {**arg, "card": self.ref(arg["card"], path, allow_this=True),
                           **({"equip_to": self.ref(arg["equip_to"], path, allow_this=True)} if arg.get("equip_to")
                              else {})}}
        if verb == "if_you_do":
            return {verb: {**arg, **{key: [self._fix_instruction(i) for i in arg.get(key, [])]
                                     for key in ("do", "then", "otherwise")}}}
        if verb in ("each_player", "next_time", "choose", "repeat", "for_each"):
            fixed = {**arg, "do": [self._fix_instruction(i) for i in arg["do"]]}
            if arg.get("card"):
                fixed["card"] = self.ref(arg["card"], path, allow_this=True)
            return {verb: fixed}
        if verb == "only_if":
            return {verb: {**arg, "do": [self._fix_instruction(i) for i in arg["do"]],
                           "otherwise": [self._fix_instruction(i) for i in arg.get("otherwise", [])]}}
        return instruction
