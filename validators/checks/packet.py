"""The packet as the rules see it: who the carrier and the contractor are, which vehicles there
are (one per CRLV) and which policy, receipt, inspection and fee belong to each, who the
drivers and partners are. Computed once per judgement."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from typing import Any

from domain.documents import CONFIDENT, Document
from domain.ids import chassi as chassi_id
from domain.ids import cnpj as cnpj_id
from domain.ids import cpf as cpf_id
from domain.ids import placa as placa_id
from domain.ids import renavam as renavam_id
from validators.checks.common import Read, doc_trusted, read, same_name, same_number
from validators.corroborate import FLOOR

# Where the carrier's CNPJ is printed, by precedence for choosing the reference value.
CARRIER_FIELDS: tuple[tuple[str, str], ...] = (
    ("cartao_cnpj", "titular_documento"),
    ("contrato_social", "titular_documento"),
    ("contrato_fretamento", "contratado_documento"),
    ("requerimento", "titular_documento"),
    ("inscricao_estadual", "titular_documento"),
    ("alvara", "titular_documento"),
)

# Documents that belong to one vehicle, and how they name it.
PAIRABLE: dict[str, tuple[str, ...]] = {
    "apolice_seguro": ("placa", "chassi", "renavam"),
    "laudo_inspecao": ("placa", "chassi", "renavam"),
    "comprovante_taxa": ("placa",),
    "crv": ("placa", "chassi"),
}


@dataclass
class Carrier:
    cnpj: str | None  # the reference: a CNPJ with valid check digits
    confident: bool
    source: Read | None
    reads: list[Read]  # every place the packet prints the carrier's CNPJ
    name: str | None
    cartao: Document | None


@dataclass
class Match:
    doc: Document
    by: list[str]  # fields that agree: placa, chassi
    conflicts: list[tuple[Read, Read]]  # (doc read, CRLV read) that disagree
    confident: bool


@dataclass
class Vehicle:
    crlv: Document
    placa: Read
    chassi: Read
    matches: dict[str, list[Match]] = field(default_factory=dict)

    @property
    def label(self) -> str:
        if self.placa.present:
            return placa_id.normalize(self.placa.value)
        return f"(CRLV {self.crlv.id})"

    def of(self, doc_type: str) -> list[Match]:
        return self.matches.get(doc_type, [])

    def key(self, name: str) -> Read:
        """The CRLV's read of an identifying field (placa, chassi, renavam)."""
        return {"placa": self.placa, "chassi": self.chassi}.get(name) or read(self.crlv, name)


@dataclass
class Driver:
    cnh: Document
    cpf: str | None
    name: str | None
    documents: list[Document]  # the driver's other documents (by CPF or name)

    @property
    def label(self) -> str:
        return self.name or f"(CNH {self.cnh.id})"

    def of(self, doc_type: str) -> list[Document]:
        return [d for d in self.documents if d.type == doc_type]


@dataclass(frozen=True)
class Decided:
    """A packet-level fact drawn from the documents: value None when it cannot be decided."""

    value: Any
    reason: str
    source: Read | None = None


class Packet:
    def __init__(self, documents: list[Document], reference_date: date, facts: dict[str, Any]):
        self.all = list(documents)
        self.docs = [d for d in documents if d.type != "unknown"]
        self.reference_date = reference_date
        self.facts = facts

    def of(self, doc_type: str) -> list[Document]:
        return [d for d in self.docs if d.type == doc_type]

    def first(self, doc_type: str) -> Document | None:
        docs = self.of(doc_type)
        return docs[0] if docs else None

    def has(self, *doc_types: str) -> bool:
        return any(d.type in doc_types for d in self.docs)

    # --- contract parties -----------------------------------------------------------------

    @cached_property
    def contract(self) -> Document | None:
        return self.first("contrato_fretamento")

    @cached_property
    def lista(self) -> Document | None:
        return self.first("lista_passageiros")

    @cached_property
    def contractor_type(self) -> Decided:
        c = self.contract
        if c is None:
            return Decided(None, "sem contrato de fretamento no pacote")
        tipo = read(c, "contratante_tipo")
        doc = read(c, "contratante_documento")
        by_doc = None
        if doc.confident:
            if cpf_id.is_valid(doc.value):
                by_doc = "pf"
            elif cnpj_id.is_valid(doc.value):
                by_doc = "pj"
        if tipo.confident and tipo.value in ("pj", "pf"):
            if by_doc and by_doc != tipo.value:
                return Decided(None, f"o contrato indica contratante {tipo.value.upper()}, mas o documento do "
                                     f"contratante é {'CPF' if by_doc == 'pf' else 'CNPJ'}", tipo)
            return Decided(tipo.value, f"contratante {tipo.value.upper()} segundo o contrato", tipo)
        if by_doc:
            return Decided(by_doc, f"contratante {by_doc.upper()} pelo documento ({'CPF' if by_doc == 'pf' else 'CNPJ'})", doc)
        return Decided(None, "tipo de contratante (PF/PJ) não lido com confiança no contrato", tipo)

    @cached_property
    def contractor_cnpj(self) -> str | None:
        r = read(self.contract, "contratante_documento")
        n = cnpj_id.normalize(r.value) if r.present else ""
        return n if len(n) == 14 else None

    # --- carrier --------------------------------------------------------------------------

    @cached_property
    def carrier_cartoes(self) -> list[Document]:
        """Cartões CNPJ that are not the contractor's."""
        theirs = self.contractor_cnpj
        out = []
        for d in self.of("cartao_cnpj"):
            r = read(d, "titular_documento")
            if theirs and r.present and cnpj_id.normalize(r.value) == theirs:
                continue
            out.append(d)
        return out

    @cached_property
    def carrier(self) -> Carrier:
        reads: list[Read] = []
        for doc_type, field_name in CARRIER_FIELDS:
            docs = self.carrier_cartoes if doc_type == "cartao_cnpj" else self.of(doc_type)
            for d in docs:
                r = read(d, field_name)
                if r.present:
                    reads.append(r)
        ref = next((r for r in reads if r.confident and cnpj_id.is_valid(r.value)), None)
        confident = ref is not None
        if ref is None:
            ref = next((r for r in reads if cnpj_id.is_valid(r.value)), None)
        value = cnpj_id.normalize(ref.value) if ref else None
        cartao = None
        for d in self.carrier_cartoes:
            if value and cnpj_id.normalize(read(d, "titular_documento").value) == value:
                cartao = d
                break
        if cartao is None and self.carrier_cartoes:
            cartao = self.carrier_cartoes[0]
        name: str | None = None
        for doc, fname in ((cartao, "titular_nome"), (self.first("contrato_social"), "titular_nome"),
                           (self.contract, "contratado_nome")):
            r = read(doc, fname)
            if r.present:
                name = str(r.value)
                break
        # The policy's insured party, where it is the carrier (same name).
        for d in self.of("apolice_seguro"):
            r = read(d, "segurado_documento")
            if r.present and name and same_name(read(d, "segurado_nome").value, name):
                reads.append(r)
        return Carrier(value, confident, ref, reads, name, cartao)

    @cached_property
    def mei(self) -> Decided:
        declared = self.facts.get("mei")
        cartao = self.carrier.cartao
        r = read(cartao, "mei")
        if declared is True:
            if r.confident and r.value is False:
                return Decided(None, "declarado MEI, mas o cartão CNPJ não indica MEI", r)
            return Decided(True, "transportador declarado MEI", r if r.present else None)
        if r.confident:
            return Decided(bool(r.value), "cartão CNPJ indica MEI" if r.value else "cartão CNPJ não indica MEI", r)
        if r.present and r.value:
            return Decided(None, "leitura incerta do indicador MEI no cartão CNPJ", r)
        return Decided(False, "transportador não declarado MEI", r if r.present else None)

    @cached_property
    def partners(self) -> Decided:
        """The partners of the carrier: [(nome, cpf)] from the contrato social."""
        cs = self.first("contrato_social")
        r = read(cs, "socios")
        if cs is None:
            return Decided(None, "sem contrato social no pacote")
        if not r.present or not isinstance(r.value, list):
            return Decided(None, "sócios não encontrados no contrato social", r)
        people = []
        for row in r.value:
            if isinstance(row, dict):
                people.append((row.get("nome"), cpf_id.normalize(row.get("cpf")) or None))
        return Decided(people, "sócios do contrato social", r)

    # --- vehicles -------------------------------------------------------------------------

    @cached_property
    def vehicles(self) -> list[Vehicle]:
        vehicles: list[Vehicle] = []
        for crlv in self.of("crlv"):
            v = Vehicle(crlv, read(crlv, "placa"), read(crlv, "chassi"))
            twin = next((o for o in vehicles if _same_vehicle(o, v)), None)
            if twin is not None:
                # Two CRLVs of one vehicle: keep the latest exercise.
                if _exercicio(crlv) > _exercicio(twin.crlv):
                    vehicles[vehicles.index(twin)] = v
                continue
            vehicles.append(v)
        for doc_type, keys in PAIRABLE.items():
            for d in self.of(doc_type):
                for v in vehicles:
                    m = _match(d, v, keys)
                    if m is not None:
                        v.matches.setdefault(doc_type, []).append(m)
        for v in vehicles:
            _corroborate_lotacao(v)
        return vehicles

    @cached_property
    def unpaired(self) -> dict[str, list[Document]]:
        """Documents of one vehicle that name a vehicle no CRLV in the packet is."""
        paired = {m.doc.id for v in self.vehicles for ms in v.matches.values() for m in ms}
        out: dict[str, list[Document]] = {}
        for doc_type, keys in PAIRABLE.items():
            for d in self.of(doc_type):
                if d.id in paired or not any(read(d, k).present for k in keys):
                    continue
                if doc_type == "comprovante_taxa" and read(d, "taxa").value == "requerimento":
                    continue
                out.setdefault(doc_type, []).append(d)
        return out

    def payments_for(self, policy: Document) -> list[tuple[Document, bool]]:
        """Payment receipts of a policy, by policy number: (receipt, confidently paired)."""
        num = read(policy, "numero_apolice")
        out = []
        # A DPVAT ticket is a receipt of another insurance: never the policy's payment.
        receipts = [p for p in self.of("comprovante_pagamento_seguro") if read(p, "dpvat").value is not True]
        for p in receipts:
            pn = read(p, "numero_apolice")
            if num.present and pn.present and same_number(num.value, pn.value):
                out.append((p, num.confident and pn.confident))
        if not out and len(receipts) == 1 and len(self.of("apolice_seguro")) == 1:
            # One policy, one receipt, the number missing on one side: likely the same, not sure.
            if not (num.present and read(receipts[0], "numero_apolice").present):
                out.append((receipts[0], False))
        return out

    # --- drivers --------------------------------------------------------------------------

    @cached_property
    def drivers(self) -> list[Driver]:
        people_types = ("documento_identidade", "atestado_antecedentes", "atestado_medico",
                        "certificado_curso", "certidao", "comprovante_endereco")
        out = []
        for cnh in self.of("cnh"):
            cpf = cpf_id.normalize(read(cnh, "titular_documento").value) or None
            name = read(cnh, "titular_nome").value
            mine = []
            for d in self.docs:
                if d.type not in people_types:
                    continue
                dc = cpf_id.normalize(read(d, "titular_documento").value) or None
                if (cpf and dc == cpf) or (not (cpf and dc) and same_name(read(d, "titular_nome").value, name)):
                    mine.append(d)
            out.append(Driver(cnh, cpf, str(name) if name else None, mine))
        return out


def _corroborate_lotacao(v: Vehicle) -> None:
    """An unsure lotação ('44P' at 0.74) that another document of the vehicle, surely paired,
    states the same counts as confident: the policy's seats or the inspection report's lotação.
    Read apart (another printer, another scan) both at FLOOR or above, the two agreeing on the
    same number is the evidence (see validators/corroborate.py); one unsure read alone is not."""
    lot = read(v.crlv, "lotacao")
    if not lot.present or lot.confident or lot.confidence < FLOOR:
        return
    for doc_type, seats_field in (("apolice_seguro", "assentos"), ("laudo_inspecao", "lotacao")):
        for m in v.of(doc_type):
            seats = read(m.doc, seats_field)
            if m.confident and seats.present and seats.confidence >= FLOOR and seats.value == lot.value:
                f = v.crlv.fields["lotacao"].model_copy(update={"confidence": CONFIDENT})
                v.crlv = v.crlv.model_copy(update={"fields": {**v.crlv.fields, "lotacao": f}})
                return


def _exercicio(crlv: Document) -> int:
    v = read(crlv, "exercicio").value
    try:
        return int(v)
    except (TypeError, ValueError):
        return 0


def _same_vehicle(a: Vehicle, b: Vehicle) -> bool:
    if a.placa.present and b.placa.present and placa_id.same_vehicle(a.placa.value, b.placa.value):
        return True
    return (a.chassi.present and b.chassi.present
            and chassi_id.normalize(a.chassi.value) == chassi_id.normalize(b.chassi.value))


def _match(doc: Document, v: Vehicle, keys: tuple[str, ...]) -> Match | None:
    by, conflicts = [], []
    sure = False  # one field read with confidence on both sides and agreeing is enough
    for k in keys:
        mine, theirs = read(doc, k), v.key(k)
        if not (mine.present and theirs.present):
            continue
        if k == "placa":
            same = placa_id.same_vehicle(mine.value, theirs.value)
            # an unsure read off by a look-alike 5th character is no evidence either way
            comparable = placa_id.is_valid(placa_id.repair(mine.value)) and not (
                placa_id.lookalike(mine.value, theirs.value) and not (mine.confident and theirs.confident))
        elif k == "renavam":  # one check digit: a read that fails it compares with nothing
            same = renavam_id.normalize(mine.value) == renavam_id.normalize(theirs.value)
            comparable = renavam_id.is_valid(mine.value)
        else:
            same = chassi_id.normalize(mine.value) == chassi_id.normalize(theirs.value)
            comparable = True
        if same:
            by.append(k)
            sure = sure or (mine.confident and theirs.confident)
        elif comparable:
            conflicts.append((mine, theirs))
    if not by:
        return None
    if sure:
        # another field agrees with confidence: an unsure read one or two characters off is a
        # misread of the same value, not a sign of another vehicle
        conflicts = [(m, t) for m, t in conflicts if m.confident or not _near_miss(m.value, t.value)]
    return Match(doc, by, conflicts, sure and doc_trusted(doc) and not conflicts)


def _near_miss(a: object, b: object) -> bool:
    x, y = str(a or "").upper(), str(b or "").upper()
    return len(x) == len(y) and 0 < sum(c != d for c, d in zip(x, y)) <= 2

