"""Parse, check, generate: the effect DSL compiler (abilities written as short strings in packs).

Stages, one module each: ``parse`` (lark grammar ``effects.lark`` -> ``nodes``; its tables kept per
user as signed data by ``parser_cache``), ``check``
(vocabulary registry ``vocabulary`` -> typed tree ``ir`` and located ``problems``), ``pygen``
(Python handlers, verified by ``verify``) and ``text`` (English rule text). Entry points:
``build.compile_effect(source, entity_kind, vocabulary)`` for one string,
``pack.compile_stack(stack, vocabulary)`` for a resolved pack (cached per user by ``cache``),
``pack.CHECKS`` for ``rulecraft check``, and ``reference.reference(vocabulary)`` for ``rulecraft
dsl-reference``. The words are each game's (``GameDefinition.vocabulary``), and handlers talk to the game
only through its effect context (``GameDefinition.effect_context``: ``Vocabulary.methods``).
"""
