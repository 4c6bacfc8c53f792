"""The modal kit of each look: ``get("dos" | "amiga" | "riscos")`` -> a ``Kit`` with the
eight factories every game scene uses (docs: the contract's section 1). Each factory
returns a scene, not yet pushed::

    kit = kits.get(scene.look.name)
    app.push(kit.confirm(scene, "Quit TriAxis?", on_yes=scene.quit))

The look module is imported on first use. Where a look has no class of its own for a
modal, its ``Skin`` is put in front of the behaviour in ``games.ui.modals``.
"""

from __future__ import annotations

import importlib
from typing import Callable, Sequence

from games.ui import modals

LOOKS = ("dos", "amiga", "riscos")
# the look's own class for a modal, by name, where it has one
OWN = {
    "dos": {"question": "Question", "menu": "MenuScene"},
    "amiga": {"menu": "MenuStripScene", "pages": "PagesScene"},
    "riscos": {"menu": "MenuScene", "pages": "PagesScene"},
}
BASES = {"question": modals.Question, "message": modals.Message, "table": modals.Table,
         "pages": modals.Pages, "title": modals.Title, "initials": modals.Initials,
         "menu": modals.Menu}

_KITS: dict = {}


class Kit:
    """The eight modals of one look."""

    def __init__(self, look: str):
        self.look = look
        module = importlib.import_module(f"games.ui.{look}")
        own = OWN.get(look, {})
        self.classes = {}
        for kind, base in BASES.items():
            if kind in own:
                cls = getattr(module, own[kind])
            else:
                cls = type(base.__name__, (module.Skin, base),
                           {"__module__": module.__name__, "__doc__": base.__doc__})
            self.classes[kind] = cls

    def confirm(self, game, text, on_yes: Callable | None, on_no: Callable | None = None,
                yes: str = "Yes", no: str = "No", default: int = 0):
        scene = self.classes["question"](game, text, [(yes, on_yes), (no, on_no)], default, 1)
        scene.name = "confirm"
        return scene

    def ask(self, game, text, choices: Sequence[tuple], default: int = 0,
            cancel: int | None = None):
        return self.classes["question"](game, text, choices, default, cancel)

    def message(self, game, lines, on_close: Callable | None = None, title: str = ""):
        return self.classes["message"](game, lines, on_close, title)

    def menu(self, game, model, title: str = "", pos=None):
        return self.classes["menu"](game, model, title, pos)

    def pages(self, game, pages: Sequence, title: str = "", on_close: Callable | None = None):
        return self.classes["pages"](game, pages, title, on_close)

    def title(self, game, draw: Callable, choices: Sequence[tuple], default: int = 0,
              footer: str = "", on_back: Callable | None = None):
        return self.classes["title"](game, draw, choices, default, footer, on_back)

    def initials(self, game, prompt_lines, default: str = "AAA",
                 on_done: Callable[[str], None] | None = None):
        return self.classes["initials"](game, prompt_lines, default, on_done)

    def table(self, game, title: str, header: Sequence, rows: Sequence, highlight=None,
              footer: str = "", on_close: Callable | None = None):
        return self.classes["table"](game, title, header, rows, highlight, footer, on_close)


def get(look_name: str) -> Kit:
    """The kit of a look ("dos", "amiga", "riscos"); KeyError for any other."""
    if look_name not in LOOKS:
        raise KeyError(f"no modal kit for the look {look_name!r} (known: {', '.join(LOOKS)})")
    kit = _KITS.get(look_name)
    if kit is None:
        kit = _KITS[look_name] = Kit(look_name)
    return kit
