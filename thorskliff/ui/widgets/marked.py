"""Check boxes and radio buttons whose mark says on or off without colour:
Textual draws its X and its ● on and off alike, the colour alone differs
("▐X▌ Kurze Variante" looked the same both ways, #27 1; a plain terminal, a
colour-blind player or a screen reader could not tell)."""

from __future__ import annotations

from textual.widgets import Checkbox, RadioButton


class MarkedCheckbox(Checkbox):
    @property
    def _button(self):
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button


class MarkedRadioButton(RadioButton):
    @property
    def _button(self):
        self.BUTTON_INNER = "●" if self.value else " "
        return super()._button
