"""Parse, check, generate: the effect DSL compiler (abilities written as short strings in packs).

Stages, one module each: ``parse`` (lark grammar ``effects.lark`` -> ``nodes``), ``check``
(vocabulary registry ``vocabulary`` -> typed tree ``ir`` and located ``problems``), ``pygen``
(Python handlers, verified by ``verify``) and ``text`` (English rule text). Entry points:
``build.compile_effect(source, entity_kind)`` for one string, ``pack.compile_stack(stack)`` for a
resolved pack (cached per user by ``cache``), ``pack.CHECKS`` for ``rulecraft check``, and
``reference.reference()`` for ``rulecraft dsl-reference``. Handlers talk to the game only through
``rulecraft.runtime.effect_context.EffectContext``.
"""
