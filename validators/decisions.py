"""An authority's decision on an item: where no field of the item fits a correction (the fee
receipt's plate not read, a passenger list checked against the original), the clerk decides the
item, with a note saying why. Only an item the automated judgement leaves at `review` takes the
decision: a `fail` or a `missing` found on the documents stands, and the decision is shown beside
it, not applied. The latest decision of an item stands; all are kept (Result.decisions)."""

from __future__ import annotations

from domain import wording
from domain.documents import Finding
from domain.result import Decision, Item

__all__ = ["Decision", "DecisionError", "apply", "make"]
STATUS_WORDS = {"ok": "conforme", "fail": "não conforme"}


class DecisionError(ValueError):
    """A decision that cannot be taken; its message is for people (Portuguese)."""


def make(items: list[Item], *, number: int, item: str, status: str, note: str | None, at: str) -> Decision:
    if not any(i.id == item for i in items):
        raise DecisionError("O regulamento do pacote não tem este item.")
    if status not in STATUS_WORDS:
        raise DecisionError("A decisão é conforme (ok) ou não conforme (fail).")
    if not note or not note.strip():
        raise DecisionError("Diga por que (ex.: conferido no original): a observação é obrigatória.")
    return Decision(id=f"k{number}", item=item, status=status, note=" ".join(note.split()), at=at)


def apply(items: list[Item], decisions: list[Decision]) -> list[Item]:
    """The items with each standing decision applied to a `review` item, and named on it."""
    standing = {d.item: d for d in decisions}
    for item in items:
        d = standing.get(item.id)
        if d is None:
            continue
        said = (f"Decisão do servidor do órgão em {wording.when(d.at)}: {STATUS_WORDS[d.status]}. "
                f"Observação: {d.note}")
        if item.status == "review":
            item.status = d.status
            item.findings.append(Finding(code="decisao.orgao", severity="info", message=said,
                                         value=d.status, expected="review"))
        else:
            item.findings.append(Finding(
                code="decisao.nao_aplicada", severity="info", value=d.status, expected="review",
                message=f"{said} Não aplicada: a avaliação automática do item não está em revisão."))
    return items
