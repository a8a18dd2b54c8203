"""The passenger list: who is on it, how they are identified, whom it belongs to, how many."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from validators.checks.base import Context, Outcome, check
from validators.checks.common import (
    Read, fail, fold, joined, missing, name_similarity, ok, read, review, rows_named, same_name, same_number,
    uncertain,
)
from domain import wording
from domain.wording import plural
from domain.documents import CONFIDENT, Document
from domain.ids import cpf as cpf_id

if TYPE_CHECKING:
    from validators.checks.packet import Vehicle

ID_KINDS = ("rg", "cpf", "matricula", "certidao", "inscricao")
# each kind of document as a message names it
KIND_NAMES = {"rg": "RG", "cpf": "CPF", "matricula": "matrícula", "certidao": "certidão de nascimento",
              "inscricao": "inscrição"}


@dataclass(frozen=True)
class Passenger:
    nome: str | None
    documento_tipo: str | None
    documento: str | None
    confident: bool  # the whole row, the number's characters included
    entry: bool = False  # the row as an entry: name, kind and a number of that kind's shape
    row: int | None = None  # its place in the list field (1-based), for a finding's evidence


def passengers(lista: Document | None) -> tuple[list[Passenger], Read]:
    """The list's rows, each with how sure it is: from the field's per-row reads when the
    parser gave them, else the whole field's confidence for every row."""
    r = read(lista, "passageiros")
    rows = r.value if isinstance(r.value, list) else []
    f = lista.fields.get("passageiros") if lista is not None else None
    per_row = f.rows if f is not None and f.rows is not None and len(f.rows) == len(rows) else None
    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            continue
        if per_row is not None:
            entry = per_row[i].confidence >= CONFIDENT
            sure = entry and per_row[i].document_confidence >= CONFIDENT
        else:
            entry = sure = r.confident
        tipo = row.get("documento_tipo")
        out.append(Passenger(row.get("nome"), str(tipo).lower() if tipo else None,
                             str(row["documento"]) if row.get("documento") not in (None, "") else None,
                             sure, entry, i + 1))
    return out, r


def _entries_sure(rows: list[Passenger], r: Read) -> bool:
    """The list read well as a list: every row sure as an entry (a number's digits aside)."""
    return bool(rows) and (r.confident or all(p.entry for p in rows))


def count(lista: Document | None) -> tuple[int | None, Read]:
    """How many passengers, when known with confidence: the rows, else the printed total."""
    rows, r = passengers(lista)
    total = read(lista, "total_passageiros")
    if _entries_sure(rows, r):
        return len(rows), r
    if total.confident:
        try:
            return int(total.value), total
        except (TypeError, ValueError):
            pass
    return None, (r if r.present else total)


def _lista(ctx: Context) -> Document | None:
    return ctx.packet.lista


@check("passengers_minimum")
def passengers_minimum(ctx: Context, min: int = 2) -> list[Outcome]:  # noqa: A002
    """At least `min` passengers on the list."""
    lista = _lista(ctx)
    if lista is None:
        return [missing("lista_passageiros")]
    n, r = count(lista)
    if n is None:
        return [uncertain(r, f">= {min}")]
    if n >= min:
        return [ok(lista)]
    return [fail("lista_passageiros.abaixo_minimo", f"Lista com {plural(n, 'passageiro', 'passageiros')}; são exigidos ao menos {min}.", r, f">= {min}", value=n)]


@check("passengers_identified")
def passengers_identified(ctx: Context, accepted: list[str] = list(ID_KINDS),
                          doubtful: list[str] = []) -> list[Outcome]:  # noqa: B006
    """Every passenger by full name plus RG, CPF, matrícula, certidão or inscrição (the accepted
    kinds); a CPF must be valid. A `doubtful` kind (e.g. CPF where the act asks for the RG "or
    an equivalent document") is a reason to look, not a failure."""
    lista = _lista(ctx)
    if lista is None:
        return [missing("lista_passageiros")]
    rows, r = passengers(lista)
    if not _entries_sure(rows, r):
        return [uncertain(r, "passageiros com nome completo e documento")]
    outs: list[Outcome] = []
    notes: list[tuple[str, Passenger]] = []  # entries sure, their numbers' digits not
    total = read(lista, "total_passageiros")
    if total.confident and str(total.value).isdigit() and int(total.value) != len(rows):
        outs.append(review("lista_passageiros.total_diverge",
                           f"A lista declara {total.value} passageiros, mas {len(rows)} foram lidos.",
                           total, len(rows)))
    want = wording.joined([KIND_NAMES.get(k, k) for k in accepted], "ou")
    for i, p in enumerate(rows, start=1):
        where = f"passageiro {i}"
        # a finding about one row carries that row (`row`) and its number as read (or the row,
        # where none was), never the list
        value = p.documento or rows_named([i])
        field_r = Read(lista, "passageiros", value, r.confidence)
        if p.entry and not p.documento and not p.confident:
            # a number not read is not a number absent: only a list whose number column was read
            # with confidence, the cell empty, shows that the passenger has no document
            outs.append(review("lista_passageiros.documento_nao_lido",
                               f"Documento do {where} da lista ({lista.id}) não lido.", field_r,
                               f"nome completo e {want}", value=value, row=p.row))
            continue
        if not p.entry or (not p.confident and p.documento_tipo in (None, "cpf")):
            # a CPF's check digits are part of what is judged: unsure digits, unsure verdict
            outs.append(review("lista_passageiros.passageiro_incerto",
                               f"Leitura incerta do {where} da lista ({lista.id}).", field_r,
                               f"nome completo e {want}", value=value, row=p.row))
            continue
        if not p.confident:
            notes.append((where, p))
        problems = []
        if not p.nome or len(fold(p.nome).split()) < 2:
            problems.append("nome completo ausente")
        kind = p.documento_tipo
        if kind is None and p.documento and cpf_id.is_valid(p.documento):
            kind = "cpf"
        if not p.documento:
            problems.append("documento de identificação ausente")
        elif kind is None:
            outs.append(review("lista_passageiros.documento_tipo_incerto",
                               f"Tipo do documento do {where} não identificado: {p.documento}.", field_r,
                               want, value=value, row=p.row))
        elif kind not in accepted and kind not in doubtful:
            problems.append(f"documento {kind} não aceito ({want})")
        elif kind == "cpf" and not cpf_id.is_valid(p.documento):
            problems.append(f"CPF {cpf_id.mask(p.documento)} inválido")
        elif kind in doubtful:
            outs.append(review("lista_passageiros.documento_equivalente_incerto",
                               f"{where.capitalize()} ({p.nome or 'sem nome'}) identificado por {KIND_NAMES.get(kind, kind)}: "
                               f"conferir se equivale ao exigido ({want}).", field_r, want, value=value, row=p.row))
        if problems:
            outs.append(fail("lista_passageiros.identificacao_invalida",
                             f"{where.capitalize()} ({p.nome or 'sem nome'}): {'; '.join(problems)}.",
                             field_r, f"nome completo e {want} válido", value=value, row=p.row))
    if outs:
        return outs
    if notes:
        # a noted entry's kind was read (an unsure row of no kind, or a CPF, is reviewed above)
        named = rows_named([cast(int, p.row) for _, p in notes])
        kinds = joined(sorted({KIND_NAMES.get(k, k.upper()) for k in (cast(str, p.documento_tipo) for _, p in notes)}))
        unsure = Read(lista, "passageiros", named, r.confidence)
        return [ok(lista, code="lista_passageiros.numero_leitura_incerta", r=unsure, expected=want,
                   row=notes[0][1].row,
                   info=f"Documento presente em todas as linhas, mas com dígitos de leitura incerta na"
                        f"{'s' if len(notes) > 1 else ''} {named} ({kinds}). A identificação exigida está "
                        f"presente; conferir o número se for usado.")]
    return [ok(lista)]


@check("list_matches_contract")
def list_matches_contract(ctx: Context) -> list[Outcome]:
    """The list names the contract's number or its contractor, and they agree with the contract."""
    lista = _lista(ctx)
    if lista is None:
        return [missing("lista_passageiros")]
    c = ctx.packet.contract
    if c is None:
        return [missing("contrato_fretamento", "Contrato ausente: não há a que vincular a lista.")]
    ln, cn = read(lista, "contrato_numero"), read(c, "numero_contrato")
    lc, cc = read(lista, "contratante_nome"), read(c, "contratante_nome")
    outs = []
    if ln.present and cn.present:
        if same_number(ln.value, cn.value):
            # (the side read unsure is the one to look at)
            outs.append(ok(lista, c) if ln.confident and cn.confident else
                        uncertain(cn, ln.value, lista) if ln.confident else uncertain(ln, cn.value, c))
        elif ln.confident and cn.confident:
            outs.append(fail("lista_passageiros.contrato_diverge",
                             f"A lista indica o contrato {ln.value}; o contrato apresentado é o {cn.value}.",
                             ln, cn.value, c))
        else:
            outs.append(uncertain(ln, cn.value, c))
    if lc.present and cc.present:
        if same_name(lc.value, cc.value):
            outs.append(ok(lista, c) if lc.confident and cc.confident else
                        uncertain(cc, lc.value, lista) if lc.confident else uncertain(lc, cc.value, c))
        elif lc.confident and cc.confident and name_similarity(lc.value, cc.value) < 0.5:
            outs.append(fail("lista_passageiros.contratante_diverge",
                             f"A lista indica o contratante {lc.value}; o contrato é de {cc.value}.", lc, cc.value, c))
        else:
            outs.append(review("lista_passageiros.contratante_parecido",
                               f"Contratante na lista ({lc.value}) e no contrato ({cc.value}) não coincidem exatamente.",
                               lc, cc.value, c))
    if outs:
        return outs
    r = ln if not lc.present else lc
    return [review("lista_passageiros.vinculo_not_found",
                   f"A lista ({lista.id}) não mostra o número do contrato nem o nome do contratante.",
                   r, "número do contrato ou nome do contratante")]


@check("contractor_on_list")
def contractor_on_list(ctx: Context) -> list[Outcome]:
    """A natural-person contractor is on the passenger list (name or document)."""
    lista, c = _lista(ctx), ctx.packet.contract
    if c is None:
        return [missing("contrato_fretamento")]
    if lista is None:
        return [missing("lista_passageiros")]
    nome, doc, rg = read(c, "contratante_nome"), read(c, "contratante_documento"), read(c, "contratante_rg")
    rows, r = passengers(lista)
    if not rows:
        return [uncertain(r, "contratante na lista")]
    for p in rows:
        name_hit = nome.present and same_name(p.nome, nome.value)
        doc_hit = bool(p.documento) and (_same_id(p.documento, doc) or _same_id(p.documento, rg))
        if name_hit or doc_hit:
            sure = ((name_hit and p.entry and nome.confident)
                    or (doc_hit and p.confident and (doc.confident or rg.confident)))
            return [ok(lista, c)] if sure else [uncertain(nome, "contratante na lista de passageiros", lista)]
    # absent only when every name was read sure, and every number too where a number could match
    numbers_sure = all(p.confident for p in rows) or not (doc.present or rg.present)
    if not (nome.confident and _entries_sure(rows, r) and numbers_sure):
        return [uncertain(nome if not nome.confident else r, "contratante na lista de passageiros", lista)]
    if ctx.fact("representante_legal"):
        return [review("lista_passageiros.contratante_representante",
                       f"O contratante {nome.value} não está na lista: representação por pai ou responsável "
                       f"legal declarada (Art. 2º, § 2º) — conferir.", nome, "contratante ou menor representado na lista", lista)]
    return [fail("lista_passageiros.contratante_fora_da_lista",
                 f"O contratante pessoa física {nome.value} não consta da lista de passageiros ({lista.id}).",
                 nome, "contratante na lista de passageiros", lista)]


def _same_id(documento: str | None, r: Read) -> bool:
    if not r.present:
        return False
    a, b = fold(documento).replace(" ", ""), fold(r.value).replace(" ", "")
    return bool(a) and a == b


def _lotacao(v: Vehicle) -> tuple[int | None, Read]:
    r = read(v.crlv, "lotacao")
    try:
        return (int(r.value) if r.confident else None), r
    except (TypeError, ValueError):
        return None, r


@check("passengers_within_lotacao")
def passengers_within_lotacao(ctx: Context) -> list[Outcome]:
    """Passengers on the list not above the CRLV capacity (several vehicles: their sum)."""
    lista = _lista(ctx)
    if lista is None:
        return [missing("lista_passageiros")]
    vehicles = ctx.packet.vehicles
    if not vehicles:
        return [missing("crlv")]
    n, r = count(lista)
    caps = [_lotacao(v) for v in vehicles]
    unsure = [lr for cap, lr in caps if cap is None]
    if unsure:
        return [uncertain(unsure[0], "lotação do veículo")]
    if n is None:
        return [uncertain(r, "número de passageiros")]
    total = sum(cast(int, cap) for cap, _ in caps)  # none is None: `unsure` returned above
    docs = [v.crlv for v in vehicles]
    if n <= total:
        return [ok(lista, *docs)]
    plates = ", ".join(v.label for v in vehicles)
    return [fail("lista_passageiros.acima_lotacao",
                 f"{n} passageiros na lista; lotação no CRLV ({plates}): {total}.", r, f"<= {total}", *docs, value=n)]


@check("off_list_tolerance")
def off_list_tolerance(ctx: Context, percent: int = 10) -> list[Outcome]:
    """Informs how many passengers off the list the act tolerates (a share of the lotação)."""
    outs = []
    for v in ctx.packet.vehicles:
        cap, r = _lotacao(v)
        if cap is None:
            outs.append(ok(v.crlv, code="crlv.tolerancia_fora_lista", r=r,
                           info=f"Tolerância de passageiros fora da lista: até {percent}% da lotação do veículo."))
        else:
            k = math.floor(cap * percent / 100)
            outs.append(ok(v.crlv, code="crlv.tolerancia_fora_lista", r=r, expected=k,
                           info=f"Tolerância de passageiros fora da lista: até {percent}% da lotação ({cap}) = {k}."))
    return outs or [ok(info=f"Tolerância de passageiros fora da lista: até {percent}% da lotação do veículo.",
                       code="crlv.tolerancia_fora_lista")]
