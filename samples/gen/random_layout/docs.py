"""What each random document prints, and where: the facts come from samples/gen/perturb/facts.py
(the same vehicles, policies, contracts and lists the perturbed layouts draw), the arrangement of
every section is drawn here, beside decoys of every shape under other labels.

A builder records, for each expected field, the string printed for it and where its label came
from (`vocabulary`, `synonym`, or `none` where a sentence, a letterhead or a table states it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from samples.gen import text
from samples.gen.perturb import clauses, facts
from samples.gen.perturb import common as cm
from samples.gen.perturb.common import Company, Person
from samples.gen.random_layout import labels
from samples.gen.random_layout.page import KV_ARRANGEMENTS, Block, Gap, Heading, Item, Pairs, Prose, Table

# Every arrangement the generator draws (a document uses several): the KV ones, and
ARRANGEMENTS = KV_ARRANGEMENTS + ("prose", "boxed", "grouped_table", "fleet_table", "letterhead", "stop_groups")


@dataclass
class Built:
    title: str
    blocks: list[Block]
    expected: dict
    printed: dict  # field -> the string printed for it
    sources: dict  # field -> vocabulary / synonym / none
    arrangements: set[str]
    decoys: list[str]  # decoy kinds printed (other_date, other_amount, other_cnpj, other_plate, other_name)
    letterhead: list[str] = field(default_factory=list)
    footer: list[str] = field(default_factory=list)
    landscape: bool = False
    filler: list[Block] = field(default_factory=list)  # general conditions: dropped first when too long
    filler_at: int | None = None  # where the filler goes among the blocks (None: at the end)
    features: dict = field(default_factory=dict)  # what else was drawn (a list's table), for analyses


class Builder:
    def __init__(self, doc_type: str, rng: random.Random, st: cm.Style):
        self.t = doc_type
        self.r = rng
        self.st = st
        self.synonym_share = rng.choice([0.0, 0.25, 0.5, 0.75])
        self.printed: dict[str, str] = {}
        self.sources: dict[str, str] = {}
        self.arr: set[str] = set()
        self.decoy_kinds: list[str] = []

    def lab(self, s: str) -> str:
        return self.st.label(s)

    def item(self, name: str, value: str, wide: bool = False) -> Item:
        spelling, src = labels.pick(self.r, self.t, name, self.synonym_share)
        self.printed[name] = value
        self.sources[name] = src
        return Item(self.lab(spelling), value, name, wide)

    def said(self, name: str, value: str) -> str:
        """A value stated without its own label (a sentence, a letterhead, a table's cell)."""
        self.printed[name] = value
        self.sources.setdefault(name, "none")
        return value

    def decoy(self, label: str, value: str, kind: str, wide: bool = False) -> Item:
        self.decoy_kinds.append(kind)
        return Item(self.lab(label), value, None, wide)

    def section(self, title: str | None, items: list[Item], *, arrangement: str | None = None,
                prose_ok: bool = True, intro: str = "") -> list[Block]:
        """A section in a drawn arrangement: labelled values, a framed box, or one sentence."""
        items = [i for i in items if i]
        if not items:
            return []
        r = self.r
        if arrangement is None:
            if prose_ok and r.random() < 0.18:
                arrangement = "prose"
            else:
                arrangement = r.choice(KV_ARRANGEMENTS)
        if arrangement == "prose":
            self.arr.add("prose")
            for it in items:
                if it.field:
                    self.sources[it.field] = "none"
            parts = [f"{cm.drop_accents(it.label).lower() if r.random() < 0.3 else it.label.lower()} {it.value}"
                     for it in items]
            body = ", ".join(parts[:-1]) + (" e " if len(parts) > 1 else "") + parts[-1]
            lead = intro or r.choice(["Consta(m) nesta via:", "Os dados são os seguintes:", "Informamos:",
                                      "Registra-se:"])
            out: list[Block] = []
            if title:
                out.append(Heading(self.lab(title), 1.0, "left", r.choice(["plain", "underline"])))
            out.append(Prose(f"{lead} {body}."))
            return out
        self.arr.add(arrangement)
        framed = r.random() < 0.25 and arrangement not in ("header_table",)
        if framed:
            self.arr.add("boxed")
        if arrangement in ("header_table",) and r.random() < 0.7:
            items = cm.shuffled(r, items)
        return [Pairs(items, arrangement, self.lab(title) if title else None, framed)]


def fmt_date(rng: random.Random, d: date) -> str:
    return rng.choice([text.dmy(d), text.dmy(d), text.dmy(d), text.longa(d), d.strftime("%d.%m.%Y")])


def other_dates(rng: random.Random, around: date, n: int) -> list[date]:
    """Dates a document prints beside its own: n - 1 before it (an acquisition, an inspection),
    the last after it (the day it was looked up or printed)."""
    return [around - timedelta(days=rng.randint(1, 900)) for _ in range(n - 1)] + \
        [around + timedelta(days=rng.randint(0, 300))]


def broker(w: cm.World, rng: random.Random) -> Company:
    x = w.place()
    razao = rng.choice(["{X} CORRETORA DE SEGUROS LTDA", "{X} ADMINISTRADORA E CORRETORA DE SEGUROS LTDA",
                        "CORRETORA DE SEGUROS {X} LTDA - ME"]).format(X=x)
    return w._company(razao, razao, None, "empresa")


def _doc_label(d: str) -> str:
    return "CPF" if len(d) == 11 else "CNPJ"


# --------------------------------------------------------------------------- CRLV

def crlv(rng: random.Random, st: cm.Style, w: cm.World) -> Built:
    f = facts.crlv(rng, w)
    v = f.v
    b = Builder("crlv", rng, st)
    placa = cm.placa_fmt(v["placa"], rng)
    lot = rng.choice([str(v["lotacao"]), f"{v['lotacao']:03d}P", f"{v['lotacao']} LUGARES"])
    veic = [b.item("placa", placa), b.item("renavam", v["renavam"]), b.item("chassi", v["chassi"], wide=True),
            b.decoy("MARCA/MODELO", v["marca_modelo"], "other_text", wide=True), b.decoy("COR", v["cor"], "other_text"),
            b.decoy("COMBUSTÍVEL", v["combustivel"], "other_text"), b.item("especie_tipo", v["especie"]),
            b.item("lotacao", lot), b.decoy("MOTOR", v["motor"], "other_code")]
    if rng.random() < 0.35:  # one box for both years: 'ANO FAB/MOD 2019/2020'
        b.said("ano_fabricacao", str(v["ano_fab"]))
        b.said("ano_modelo", str(v["ano_mod"]))
        veic.append(Item(b.lab(rng.choice(cm.field_labels("crlv", "ano_fab_mod"))), f"{v['ano_fab']}/{v['ano_mod']}"))
    else:
        veic += [b.item("ano_fabricacao", str(v["ano_fab"])), b.item("ano_modelo", str(v["ano_mod"]))]
    if v["placa_anterior"]:
        veic.append(b.decoy(rng.choice(["PLACA ANTERIOR", "PLACA ANTERIOR / UF"]),
                            f"{v['placa_anterior']}/{w.uf}", "other_plate"))
    owner = [b.item("proprietario_nome", f.owner_nome, wide=True),
             b.item("proprietario_documento", cm.fmt_doc(f.owner_doc)),
             b.decoy("ENDEREÇO", f.owner.endereco.short(), "other_text", wide=True)]
    if rng.random() < 0.5:  # the previous owner: another name, another document
        prev = w.person() if rng.random() < 0.5 else w.carrier()
        pdoc = prev.cpf if isinstance(prev, Person) else prev.cnpj
        pn = prev.nome if isinstance(prev, Person) else prev.razao
        owner += [b.decoy("PROPRIETÁRIO ANTERIOR", pn, "other_name", wide=True),
                  b.decoy(f"{_doc_label(pdoc)} DO PROPRIETÁRIO ANTERIOR", cm.fmt_doc(pdoc), "other_cnpj")]
    dd = other_dates(rng, f.emissao, 3)
    lic = [b.item("exercicio", str(f.exercicio)), b.item("categoria", f.categoria),
           b.item("data_emissao", fmt_date(rng, f.emissao)),
           b.decoy(rng.choice(["DATA DE AQUISIÇÃO", "ADQUIRIDO EM"]), text.dmy(dd[0]), "other_date"),
           b.decoy(rng.choice(["ÚLTIMA VISTORIA", "DATA DA ÚLTIMA VISTORIA"]), text.dmy(dd[1]), "other_date"),
           b.decoy("NÚMERO DO CRV", v["crv"], "other_code"),
           b.decoy("CÓDIGO DE SEGURANÇA DO CLA", v["cla"], "other_code"),
           b.decoy(rng.choice(["VALOR VENAL", "VALOR DO IPVA", "TAXA DE LICENCIAMENTO"]),
                   text.money(round(rng.uniform(80, 450000), 2)), "other_amount")]
    groups = [("IDENTIFICAÇÃO DO VEÍCULO", cm.shuffled(rng, veic)), ("PROPRIETÁRIO", owner),
              ("LICENCIAMENTO", cm.shuffled(rng, lic))]
    blocks: list[Block] = []
    title = "CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO" if rng.random() < 0.6 else rng.choice(
        ["DOCUMENTO DE LICENCIAMENTO DO VEÍCULO", "COMPROVANTE DE REGISTRO E LICENCIAMENTO", "CRLV - CONSULTA DE VEÍCULO",
         "CERTIFICADO DE LICENCIAMENTO ANUAL"])
    blocks.append(Heading(title, 1.3, rng.choice(["left", "center"]), rng.choice(["plain", "bar", "boxed"])))
    for t, items in cm.shuffled(rng, groups):  # a register states no vehicle in sentences
        blocks += b.section(t if rng.random() < 0.8 else None, items, prose_ok=False)
    consulta = dd[2]
    footer = [f"{rng.choice(['Consulta realizada em', 'Impresso em', 'Data da impressão:'])} {text.dmy(consulta)} "
              f"{rng.randint(7, 19):02d}:{rng.randint(0, 59):02d}"]
    b.decoy_kinds.append("other_date")
    exp = f.expected()
    return Built(title, blocks, exp, b.printed, b.sources, b.arr, b.decoy_kinds,
                 letterhead=[rng.choice(["DEPARTAMENTO ESTADUAL DE TRÂNSITO", "SECRETARIA NACIONAL DE TRÂNSITO"]),
                             f"Estado: {w.uf}"] if rng.random() < 0.6 else [],
                 footer=footer, landscape=rng.random() < 0.3)


# --------------------------------------------------------------------------- policy

def _coverages(b: Builder, f: facts.Apolice) -> list[Block]:
    """The coverages: a table (header columns in any order), a table of groups over columns, or
    sentences."""
    r = b.r
    money = lambda v: text.money(v, symbol=r.random() < 0.4)  # noqa: E731
    kind = r.choice(["table", "grouped", "grouped", "prose"])
    pp = r.choice(["por passageiro", "por pessoa", "p/ passageiro"])
    pv = r.choice(["por veículo", "por evento", "total do veículo"])
    b.printed.update({"ap_por_passageiro": text.money(min(f.ap_morte, f.ap_inv), symbol=False),
                      "dmh_por_passageiro": text.money(f.dmh, symbol=False),
                      "rc_por_veiculo": text.money(f.rc, symbol=False)})
    for k in ("ap_por_passageiro", "dmh_por_passageiro", "rc_por_veiculo"):
        b.sources[k] = "none"
    if kind == "grouped":
        b.arr.add("grouped_table")
        ap_cols = [("Morte", f.ap_morte), ("Invalidez", f.ap_inv), ("DMH", f.dmh)]
        if r.random() < 0.5:
            ap_cols = [("Morte Acidental", f.ap_morte), ("Invalidez Permanente", f.ap_inv),
                       ("Despesas Médicas", f.dmh)]
        terc = [(n, v) for k, v in f.terceiros for n in [{"terc_dm": "DM", "terc_dc": "DC", "morais": "Danos Morais"}[k]]]
        groups = [(f"APP {pp}", ap_cols), (f"RCF-V {pv}", terc),
                  (r.choice(["RC Passageiros", "RCTR-VI", "RC do Transportador"]) + f" {pv}", [("Limite", f.rc)])]
        groups = cm.shuffled(r, groups)
        heads, vals, spans = [], [], []
        for g, cols in groups:
            spans.append((b.lab(g) if r.random() < 0.5 else g, len(cols)))
            heads += [b.lab(c) if r.random() < 0.5 else c for c, _ in cols]
            vals += [money(v) for _, v in cols]
        b.decoy_kinds += ["other_amount"] * len(terc)
        return [Heading(b.lab(r.choice(["COBERTURAS CONTRATADAS", "LIMITES DE INDENIZAÇÃO (R$)", "GARANTIAS"])), 1.0),
                Table(heads, [vals], groups=spans, repeat_header=False, grid="full")]
    rows = [(f.names[k], v) for k, v in f.coverage_rows(r)]
    per = {f.names[k]: (pp if k in facts.PER_PASSENGER else pv) for k in facts.COVERAGES}
    if kind == "prose":
        b.arr.add("prose")
        parts = [f"{n} até {text.money(v)} {per[n]}" for n, v in rows]
        b.decoy_kinds += ["other_amount"] * len(f.terceiros)
        return [Heading(b.lab("COBERTURAS"), 1.0),
                Prose("O seguro garante as seguintes coberturas e limites: " + "; ".join(parts) + ".")]
    cols = ["cobertura", "limite", "base"] + (["premio"] if r.random() < 0.6 else []) + \
        (["franquia"] if r.random() < 0.3 else [])
    cols = cm.shuffled(r, cols)
    if cols[0] != "cobertura" and r.random() < 0.6:
        cols.remove("cobertura")
        cols.insert(0, "cobertura")
    voc = cm.table_columns("apolice_seguro", "coberturas")
    heads = [b.lab(r.choice(voc[c])) for c in cols]
    body = []
    for n, v in rows:
        cell = {"cobertura": n, "limite": money(v), "base": per[n],
                "premio": money(round(v * r.uniform(0.0005, 0.004), 2)),
                "franquia": "Não há" if r.random() < 0.6 else money(round(r.uniform(500, 5000), 2))}
        body.append([cell[c] for c in cols])
    b.decoy_kinds += ["other_amount"] * (len(f.terceiros) + ("premio" in cols) * len(rows))
    return [Heading(b.lab(r.choice(["COBERTURAS", "COBERTURAS E LIMITES", "QUADRO DE COBERTURAS"])), 1.0),
            Table(heads, body, grid=r.choice(["full", "rules", "none"]))]


def apolice(rng: random.Random, st: cm.Style, w: cm.World) -> Built:
    f = facts.apolice(rng, w)
    v = f.v
    b = Builder("apolice_seguro", rng, st)
    ins = f.ins
    blocks: list[Block] = []
    title = rng.choice(["APÓLICE DE SEGURO", "SEGURO DE RESPONSABILIDADE CIVIL DO TRANSPORTADOR",
                        "ESPECIFICAÇÃO DA APÓLICE - SEGURO DE ÔNIBUS", "CERTIFICADO DE SEGURO - FROTA DE PASSAGEIROS"])
    blocks.append(Heading(title, 1.3, rng.choice(["left", "center"]), rng.choice(["plain", "bar"])))
    letterhead: list[str] = []
    footer: list[str] = []
    where = rng.choice(["section", "section", "letterhead", "footer"])
    ins_line = f"{b.said('seguradora_nome', ins.razao)} - CNPJ {b.said('seguradora_cnpj', cm.fmt_doc(ins.cnpj))}"
    if where == "letterhead":
        b.arr.add("letterhead")
        letterhead = [ins.razao, f"CNPJ {cm.fmt_doc(ins.cnpj)} - {ins.endereco.short()}, {ins.endereco.town}",
                      f"SAC {ins.telefone} - Processo SUSEP {f.susep}"]
    elif where == "footer":
        b.arr.add("letterhead")
        letterhead = [ins.fantasia] if rng.random() < 0.5 else []
        footer = [ins_line + f" - {ins.endereco.short()}, {ins.endereco.town}"]
    pol = [b.item("numero_apolice", f.numero), b.decoy("PROPOSTA Nº", cm.digits(rng, 9), "other_code"),
           b.decoy("DATA DE EMISSÃO", text.dmy(f.emissao), "other_date"),
           b.decoy(rng.choice(["DATA DA PROPOSTA", "DATA DE PROTOCOLO"]),
                   text.dmy(f.emissao - timedelta(days=rng.randint(2, 30))), "other_date")]
    if rng.random() < 0.5:
        pol.append(b.decoy("CERTIFICADO Nº", f.certificado, "other_code"))
    ini, fim = fmt_date(rng, f.inicio), fmt_date(rng, f.fim)
    if rng.random() < 0.6:
        pol += [b.item("vigencia_inicio", ini), b.item("vigencia_fim", fim)]
    else:  # one label for the period: 'Vigência: das 24h de ... às 24h de ...'
        lab = rng.choice(cm.field_labels("apolice_seguro", "vigencia") + ["PERÍODO DE COBERTURA"])
        b.said("vigencia_inicio", ini)
        b.said("vigencia_fim", fim)
        pol.append(Item(b.lab(lab), rng.choice([f"das 24h de {ini} às 24h de {fim}", f"{ini} a {fim}",
                                                f"de {ini} até {fim}"]), None, True))
    blocks += b.section(rng.choice(["DADOS DA APÓLICE", "IDENTIFICAÇÃO", None]), pol, prose_ok=False)
    if where == "section":
        blocks += b.section(rng.choice(["SEGURADORA", "DADOS DA SEGURADORA"]),
                            [b.item("seguradora_nome", ins.razao, wide=True),
                             b.item("seguradora_cnpj", cm.fmt_doc(ins.cnpj)),
                             b.decoy("CÓDIGO SUSEP", f.susep, "other_code")])
    seg = [b.item("segurado_nome", f.seg_nome, wide=True), b.item("segurado_documento", cm.fmt_doc(f.seg_doc)),
           b.decoy("ENDEREÇO", f.segurado.endereco.line(), "other_text", wide=True)]
    brk = broker(w, rng)
    cor = [b.decoy(rng.choice(["CORRETOR", "CORRETORA", "NOME DO CORRETOR"]), brk.razao, "other_name", wide=True),
           b.decoy(rng.choice(["CNPJ DO CORRETOR", "CNPJ"]), cm.fmt_doc(brk.cnpj), "other_cnpj"),
           b.decoy("SUSEP DO CORRETOR", f"{rng.randint(10, 99)}.{cm.digits(rng, 6)}", "other_code")]
    parties = [(rng.choice(["SEGURADO", "DADOS DO SEGURADO"]), seg),
               (rng.choice(["CORRETOR", "DADOS DO CORRETOR"]), cor)]
    for t, items in cm.shuffled(rng, parties):
        blocks += b.section(t, items)
    # (drawn apart, so every other policy is drawn as before)
    extra = random.Random(repr(rng.getstate()))
    if extra.random() < FLEET_SHARE:
        blocks += _fleet(b, f, w, extra)
        f = replace(f, print_renavam=False, print_assentos=True)
        return _apolice_end(rng, b, f, title, blocks, letterhead, footer, features={"fleet": True})
    veic = [b.item("placa", cm.placa_fmt(v["placa"], rng)), b.item("chassi", v["chassi"], wide=True),
            b.decoy("MARCA/MODELO", v["marca_modelo"], "other_text", wide=True),
            b.decoy("ANO FAB/MOD", f"{v['ano_fab']}/{v['ano_mod']}", "other_text")]
    if f.print_renavam:
        veic.append(b.item("renavam", v["renavam"]))
    if f.print_assentos:
        veic.append(b.item("assentos", str(f.assentos)))
    blocks += b.section(rng.choice(["VEÍCULO SEGURADO", "DADOS DO VEÍCULO", "ITEM SEGURADO"]), cm.shuffled(rng, veic))
    if rng.random() < 0.45:  # the fleet's other vehicles: other plates
        others = [w.plate()[0] for _ in range(rng.randint(2, 5))]
        b.decoy_kinds.append("other_plate")
        blocks.append(Prose(rng.choice(["Demais veículos da frota (apólices próprias): ",
                                        "Outros veículos do segurado, não cobertos por esta apólice: "])
                            + ", ".join(others) + "."))
    blocks += _coverages(b, f)
    return _apolice_end(rng, b, f, title, blocks, letterhead, footer)


def _apolice_end(rng: random.Random, b: Builder, f: facts.Apolice, title: str, blocks: list[Block],
                 letterhead: list[str], footer: list[str], features: dict | None = None) -> Built:
    premio = round(rng.uniform(2500, 30000), 2)
    prem = [b.decoy("PRÊMIO LÍQUIDO", text.money(premio), "other_amount"),
            b.decoy("IOF", text.money(round(premio * 0.0738, 2)), "other_amount"),
            b.decoy("PRÊMIO TOTAL", text.money(round(premio * 1.0738, 2)), "other_amount"),
            b.decoy("FORMA DE PAGAMENTO", f"{rng.randint(1, 10)} parcela(s)", "other_text")]
    blocks += b.section(rng.choice(["PRÊMIO", "DEMONSTRATIVO DO PRÊMIO"]), prem, prose_ok=False)
    n = rng.choice([0, 0, 1, 3, 6, 12, 24])
    filler = [Heading(b.lab("CONDIÇÕES GERAIS"), 1.0)] + [Prose(_CONDICOES[i % len(_CONDICOES)])
                                                         for i in range(n)] if n else []
    footer.append(f"Impresso em {text.dmy(f.emissao + timedelta(days=rng.randint(1, 90)))}")
    b.decoy_kinds.append("other_date")
    return Built(title, blocks, f.expected(), b.printed, b.sources, b.arr, b.decoy_kinds, letterhead, footer,
                 landscape=rng.random() < 0.25, filler=filler, features=features or {})


# a fleet policy: its vehicles one row each of a table, their coverages in columns under groups
FLEET_SHARE = 0.2
_SEATS_HEADS = ["LUGARES", "ASSENTOS", "LOTAÇÃO", "Nº DE LUGARES", "QTDE. ASSENTOS", "LUG. SEGURADOS"]


def _fleet(b: Builder, f: facts.Apolice, w: cm.World, r: random.Random) -> list[Block]:
    """The insured vehicles as a table's rows (two to six; the packet's vehicle one of them, at any
    place), each with its plate, chassis and seats and its coverages' amounts in columns under
    group headers ('APP por passageiro' over Morte / Invalidez / DMH ...): which row is the
    packet's vehicle only the packet's CRLV says."""
    b.arr.add("fleet_table")
    n = r.randint(2, 6)
    at = r.randrange(n)
    same = r.random() < 0.6  # every vehicle insured for the same amounts
    pp = r.choice(["por passageiro", "por pessoa", "p/ passageiro"])
    pv = r.choice(["por veículo", "por evento"])
    money = lambda v: text.money(v, symbol=False)  # noqa: E731
    rows = []
    for i in range(n):
        v = f.v if i == at else w.vehicle(("onibus", "microonibus"))
        ap_m, ap_i, dmh, rc = f.ap_morte, f.ap_inv, f.dmh, f.rc
        if i != at and not same:
            ap_m = ap_i = float(r.choice([50_000, 80_000, 100_000, 150_000]))
            dmh = float(r.choice([10_000, 20_000, 30_000]))
            rc = float(r.choice([1_000_000, 2_000_000, 3_000_000]))
        terc = [a for _, a in f.terceiros[:2]]
        rows.append({"item": str(i + 1), "placa": cm.placa_fmt(v["placa"], r), "chassi": v["chassi"],
                     "modelo": v["marca_modelo"], "ano": f"{v['ano_fab']}/{v['ano_mod']}",
                     "assentos": str(v["lotacao"]), "cov": [ap_m, ap_i, dmh, *terc, rc]})
        if i == at:
            b.said("placa", rows[-1]["placa"])
            b.said("chassi", v["chassi"])
            b.said("assentos", rows[-1]["assentos"])
            b.printed.update({"ap_por_passageiro": money(min(ap_m, ap_i)), "dmh_por_passageiro": money(dmh),
                              "rc_por_veiculo": money(rc)})
            for k in ("ap_por_passageiro", "dmh_por_passageiro", "rc_por_veiculo"):
                b.sources[k] = "none"
        else:
            b.decoy_kinds += ["other_plate", "other_amount"]
    vcols = [c for c in ("placa", "chassi", "modelo", "ano") if c in ("placa", "chassi") or r.random() < 0.5]
    vcols = cm.shuffled(r, vcols + ["assentos"]) if r.random() < 0.4 else vcols + ["assentos"]
    if r.random() < 0.7:
        vcols.insert(0, "item")
    vheads = {"item": r.choice(["ITEM", "Nº", "SEQ."]), "placa": "PLACA", "chassi": r.choice(["CHASSI", "CHASSI/VIN"]),
              "modelo": r.choice(["MARCA/MODELO", "MODELO"]), "ano": "ANO", "assentos": r.choice(_SEATS_HEADS)}
    ap_cols = ["Morte", "Invalidez", "DMH"] if r.random() < 0.5 else ["Morte Acidental", "Invalidez Permanente",
                                                                        "Despesas Médicas"]
    terc_cols = ["DM", "DC"][:len(f.terceiros[:2])]
    groups = [(r.choice(["VEÍCULO", "VEÍCULOS SEGURADOS", ""]), len(vcols)), (f"APP {pp}", 3),
              (f"RCF-V {pv}", len(terc_cols)), (r.choice(["RC Passageiros", "RCTR-VI", "RC do Transportador"])
                                                 + f" {pv}", 1)]
    heads = [b.lab(vheads[c]) for c in vcols] + [b.lab(c) for c in ap_cols + terc_cols] + [b.lab("Limite")]
    body = [[row[c] for c in vcols] + [money(a) for a in row["cov"]] for row in rows]
    return [Heading(b.lab(r.choice(["ITENS SEGURADOS", "RELAÇÃO DE VEÍCULOS E COBERTURAS", "FROTA SEGURADA"])), 1.0),
            Table(heads, body, groups=[(b.lab(g) if g else g, k) for g, k in groups], repeat_header=True,
                  grid=r.choice(["full", "rules"]))]


_CONDICOES = [
    "Este seguro garante ao segurado o reembolso das quantias pelas quais vier a ser responsável civilmente, em "
    "sentença judicial transitada em julgado ou em acordo autorizado de modo expresso pela seguradora, relativas a "
    "danos causados a terceiros e a passageiros, observados os limites contratados.",
    "Em caso de sinistro, o segurado deverá comunicar o fato à seguradora tão logo dele tenha conhecimento, "
    "fornecendo os documentos e informações solicitados para a regulação.",
    "Os limites de indenização são independentes e não se somam; a indenização de uma cobertura não reduz as "
    "demais, salvo disposição em contrário nas condições especiais.",
    "Estão excluídos os danos decorrentes de atos dolosos, de guerra, de tumultos e de uso do veículo em "
    "competições, bem como os causados a bens de propriedade do segurado.",
    "A aceitação do seguro estará sujeita à análise do risco; o registro deste plano na SUSEP não implica, por "
    "parte da autarquia, incentivo ou recomendação à sua comercialização.",
]


# --------------------------------------------------------------------------- contract

def _party_items(b: Builder, p: Company | Person, role: str) -> list[Item]:
    nome_f, doc_f = f"{role}_nome", f"{role}_documento"
    doc = p.cpf if isinstance(p, Person) else p.cnpj
    items = [b.item(nome_f, p.nome if isinstance(p, Person) else p.razao, wide=True),
             b.item(doc_f, cm.fmt_doc(doc)),
             b.decoy("ENDEREÇO", p.endereco.line(), "other_text", wide=True)]
    if isinstance(p, Company) and b.r.random() < 0.7:
        items += [b.decoy("REPRESENTANTE", p.representante.nome, "other_name", wide=True),
                  b.decoy("CPF DO REPRESENTANTE", text.cpf(p.representante.cpf), "other_cnpj")]
    return items


def contrato(rng: random.Random, st: cm.Style, w: cm.World) -> Built:
    f = facts.contrato(rng, w)
    b = Builder("contrato_fretamento", rng, st)
    title = rng.choice(clauses.TITLES_ESCOLAR if f.escolar else clauses.TITLES)
    blocks: list[Block] = [Heading(title, 1.25, "center", rng.choice(["plain", "boxed"]))]
    head = [b.item("numero_contrato", f.numero),
            b.decoy(rng.choice(["DATA DO PROTOCOLO", "PROTOCOLADO EM"]),
                    text.dmy(f.assinatura + timedelta(days=rng.randint(1, 60))), "other_date")]
    blocks += b.section(None, head, prose_ok=False)
    roles = {"contratante": f.ct, "contratado": f.carrier}
    for role in cm.shuffled(rng, list(roles)) if rng.random() < 0.3 else list(roles):
        p = roles[role]
        word = "CONTRATANTE" if role == "contratante" else f.cd_word
        if rng.random() < 0.3:  # the party qualified in a sentence, as contracts write it
            b.arr.add("prose")
            nome = p.nome if isinstance(p, Person) else p.razao
            doc = cm.fmt_doc(p.cpf if isinstance(p, Person) else p.cnpj)
            b.said(f"{role}_nome", nome)
            b.said(f"{role}_documento", doc)
            blocks.append(Prose(f"{clauses._qualify(rng, p, False)}, doravante denominad"
                                f"{'a' if isinstance(p, Company) else 'o(a)'} {word}."))
        else:
            blocks += b.section(rng.choice([word, f"DADOS DA {word}" if word.endswith("A") else f"DADOS DO {word}",
                                            f"{word} (QUALIFICAÇÃO)"]),
                                _party_items(b, p, role), prose_ok=False)
    serv = [b.item("origem", str(f.o)), b.item("destino", str(f.d))]
    if f.inst:
        serv.append(b.item("instituicao_destino", f.inst, wide=True))
    serv.append(b.decoy(rng.choice(["VEÍCULO (PLACA)", "PLACA DO VEÍCULO", "VEÍCULO"]),
                        cm.placa_fmt(f.v["placa"], rng), "other_plate"))
    if f.itinerario:
        serv.append(b.decoy("ITINERÁRIO", f.itinerario, "other_text", wide=True))
    ini, fim = fmt_date(rng, f.inicio), fmt_date(rng, f.fim)
    valor = text.money(f.valor)
    if rng.random() < 0.65:
        serv += [b.item("vigencia_inicio", ini), b.item("vigencia_fim", fim), b.item("valor", valor)]
        blocks += b.section(rng.choice(["DO OBJETO", "DADOS DO SERVIÇO", "QUADRO RESUMO", "CONDIÇÕES DO SERVIÇO"]),
                            cm.shuffled(rng, serv))
    else:
        b.arr.add("prose")
        blocks += b.section(rng.choice(["DO OBJETO", "DADOS DO SERVIÇO"]), serv)
        b.said("vigencia_inicio", ini)
        b.said("vigencia_fim", fim)
        b.said("valor", valor)
        mens = "mensal" if f.mensal else "global"
        blocks += [Heading(b.lab("DO PRAZO E DO PREÇO"), 1.0),
                   Prose(f"O presente contrato vigorará de {ini} a {fim}. Pelos serviços, a CONTRATANTE pagará o "
                         f"valor {mens} de {text.valor_extenso(f.valor)}, até o quinto dia útil de cada mês.")]
    extra = [b.decoy(rng.choice(["MULTA POR ATRASO", "MULTA RESCISÓRIA"]),
                     text.money(round(f.valor * rng.uniform(0.05, 0.3), 2)), "other_amount"),
             b.decoy(rng.choice(["VALOR POR KM EXCEDENTE", "VALOR DA DIÁRIA EXTRA"]),
                     text.money(round(rng.uniform(3, 900), 2)), "other_amount"),
             b.decoy(rng.choice(["DATA-BASE DO REAJUSTE", "PRIMEIRO REAJUSTE EM"]),
                     text.dmy(f.inicio + timedelta(days=365)), "other_date")]
    blocks += b.section(rng.choice(["DISPOSIÇÕES FINANCEIRAS", "OUTRAS CONDIÇÕES", None]), extra)
    n = rng.choice([0, 0, 2, 4, 8, 20])
    filler = [Heading(b.lab("DAS OBRIGAÇÕES"), 1.0)] + [Prose(_CLAUSULAS[i % len(_CLAUSULAS)])
                                                       for i in range(n)] if n else []
    assin = fmt_date(rng, f.assinatura)
    if rng.random() < 0.6:
        closing: list[Block] = [Prose(f"{f.cidade.nome}/{f.cidade.uf}, {b.said('data_assinatura', assin)}.",
                                      align=rng.choice(["left", "center"]))]
    else:
        closing = b.section(None, [b.item("data_assinatura", assin),
                                   b.decoy("LOCAL", str(f.cidade), "other_text")], prose_ok=False)
    wit = [w.person() for _ in range(2)]
    closing += [Gap(st.size * 2), Prose("______________________________   ______________________________"),
                Prose(f"CONTRATANTE{' ' * 40}{f.cd_word}"), Gap(st.size),
                Prose(f"Testemunhas: 1) {wit[0].nome}, CPF {text.cpf(wit[0].cpf)}; 2) {wit[1].nome}, "
                      f"CPF {text.cpf(wit[1].cpf)}.")]
    b.decoy_kinds += ["other_name", "other_cnpj"]
    footer = [f"Documento gerado em {text.dmy(f.assinatura - timedelta(days=rng.randint(1, 20)))}"] \
        if rng.random() < 0.5 else []
    exp = f.expected()
    return Built(title, blocks + closing, exp, b.printed, b.sources, b.arr, b.decoy_kinds, [], footer,
                 landscape=rng.random() < 0.15, filler=filler, filler_at=len(blocks))


_CLAUSULAS = [
    "A CONTRATADA obriga-se a manter os veículos em perfeitas condições de conservação, segurança e higiene, "
    "com a documentação exigida pelo órgão concedente em dia.",
    "A CONTRATADA responderá pelos danos causados aos passageiros e a terceiros durante a execução do serviço, "
    "mantendo o seguro de responsabilidade civil exigido pela regulamentação.",
    "A CONTRATANTE obriga-se a efetuar os pagamentos nas datas ajustadas e a comunicar com antecedência "
    "qualquer alteração de horários ou de locais de embarque.",
    "O presente contrato poderá ser rescindido por qualquer das partes mediante aviso prévio de trinta dias, "
    "sem prejuízo das obrigações vencidas.",
    "Fica eleito o foro da comarca do domicílio da CONTRATANTE para dirimir as questões oriundas deste "
    "contrato, com renúncia de qualquer outro, por mais privilegiado que seja.",
]


# --------------------------------------------------------------------------- passenger list

# Columns of someone a list's rows are not (a minor's guardian): same-shaped decoys in every row.
GUARDIAN_HEADS = {"x_resp": ["NOME DO RESPONSÁVEL", "RESPONSÁVEL", "NOME DA MÃE", "PAI/MÃE OU RESPONSÁVEL"],
                  "x_resp_doc": ["CPF DO RESPONSÁVEL", "CPF RESPONSÁVEL", "DOC. DO RESPONSÁVEL", "CPF DA MÃE"]}


def lista(rng: random.Random, st: cm.Style, w: cm.World) -> Built:
    f = facts.lista(rng, w)
    b = Builder("lista_passageiros", rng, st)
    # what later drew is drawn from its own generator, so the rest of the list is drawn as before
    extra = random.Random(repr(rng.getstate()))
    guardians = f.escolar and extra.random() < 0.3
    two_up = extra.random() < 0.15
    title = rng.choice(["LISTA DE PASSAGEIROS", "RELAÇÃO DE PASSAGEIROS", "RELAÇÃO NOMINAL DE PASSAGEIROS",
                        "LISTA DE ESTUDANTES TRANSPORTADOS" if f.escolar else "RELAÇÃO DE COLABORADORES"])
    blocks: list[Block] = [Heading(title, 1.3, rng.choice(["left", "center"]), rng.choice(["plain", "bar"]))]
    head = [b.item("contrato_numero", f.numero), b.item("contratante_nome", f.ct_nome, wide=True)]
    if f.inst:
        head.append(b.item("instituicao", f.inst, wide=True))
    head += [b.decoy(rng.choice(["TRANSPORTADORA", "CONTRATADA"]), f.carrier.razao, "other_name", wide=True),
             b.decoy("CNPJ", cm.fmt_doc(f.carrier.cnpj), "other_cnpj"),
             b.decoy(rng.choice(["VEÍCULO (PLACA)", "PLACA"]), f.placa, "other_plate"),
             b.decoy(rng.choice(["DATA DA VIAGEM", "DATA", "EMITIDA EM"]), text.dmy(f.ref), "other_date")]
    if rng.random() < 0.6:
        mot = w.person()
        head += [b.decoy("MOTORISTA", mot.nome, "other_name", wide=True),
                 b.decoy("CNH", cm.digits(rng, 11), "other_code")]
    blocks += b.section(None, head, prose_ok=False)
    # the table: columns in any order, headers from the vocabulary or not
    voc = cm.table_columns("lista_passageiros", "passageiros")
    doc_mode = rng.choice(["kind_col", "kind_col", "prefix", "per_kind"])
    cols = ["nome"] + (["tipo", "doc"] if doc_mode == "kind_col" else ["doc"] if doc_mode == "prefix"
                       else [f"doc_{k}" for k in f.kinds])
    cols += rng.sample(["x_nasc", "x_curso", "x_end"], rng.randint(0, 2))
    cols = cm.shuffled(rng, cols)
    numbered = rng.random() < 0.75
    if numbered:
        cols.insert(0, "n")
    if guardians:
        at = extra.randint(cols.index("nome") + 1, len(cols))
        cols[at:at] = extra.choice([["x_resp", "x_resp_doc"], ["x_resp_doc", "x_resp"], ["x_resp_doc"]])
        b.decoy_kinds.append("other_cpf")

    header_sources: list[str] = []

    def head_of(c: str) -> str:
        if c in GUARDIAN_HEADS:
            return extra.choice(GUARDIAN_HEADS[c])
        syn = labels.header_synonyms("lista_passageiros", c)
        if syn and rng.random() < b.synonym_share:
            header_sources.append(c)
            return syn[0] if len(syn) == 1 else rng.choice(syn)
        return rng.choice(voc[c])

    heads = [b.lab(head_of(c)) for c in cols]
    by_stop = rng.random() < 0.5
    pax = list(f.pax)
    if by_stop:
        b.arr.add("stop_groups")
        pax.sort(key=lambda p: p["stop"])
    subheads: dict[int, str] = {}
    after: dict[int, str] = {}
    per_group = by_stop and rng.random() < 0.5
    rows = []
    k = 0
    for i, p in enumerate(pax):
        if by_stop and (i == 0 or pax[i - 1]["stop"] != p["stop"]):
            s = f.stops[p["stop"]]
            subheads[i] = rng.choice([f"Ponto de embarque: {s.nome} - {s.hora}", f"EMBARQUE {p['stop'] + 1}: {s.nome}",
                                      f"{s.nome} ({s.hora})"])
            if per_group:
                k = 0
        k += 1
        cell = {"n": f"{k:02d}" if rng.random() < 0.3 else str(k), "nome": p["nome"],
                "tipo": facts.KINDS[p["tipo"]], "doc": p["printed"],
                "x_nasc": text.dmy(p["nasc"]), "x_curso": p["turma"], "x_end": p["bairro"],
                "x_resp": f"{extra.choice(cm.NOMES_F + cm.NOMES_M)} {p['nome'].split()[-1]}",
                "x_resp_doc": cm.fmt_doc(cm.cpf(extra))}
        if doc_mode == "prefix":
            cell["doc"] = f"{facts.KINDS[p['tipo']]} {p['printed']}"
        for kd in f.kinds:
            cell[f"doc_{kd}"] = p["printed"] if p["tipo"] == kd else ""
        rows.append([cell[c] for c in cols])
        nxt = pax[i + 1]["stop"] if i + 1 < len(pax) else None
        if by_stop and nxt != p["stop"] and rng.random() < 0.4:
            n_here = sum(1 for q in pax if q["stop"] == p["stop"])
            after[i] = f"Subtotal: {n_here}"
            b.decoy_kinds.append("other_amount")
    exp = f.expected(pax)
    b.printed["passageiros"] = "; ".join(f"{p['nome']} {p['printed']}" for p in pax)
    b.sources["passageiros"] = "none"
    table = Table(heads, rows, subheads=subheads, after=after, repeat_header=rng.random() < 0.6,
                  grid=rng.choice(["full", "full", "rules"]))
    two_up = two_up and not by_stop and len(cols) <= 4 and len(rows) <= 40
    if two_up:
        # the table set twice side by side, its rows going on in the right half
        half = (len(rows) + 1) // 2
        blank = [""] * len(cols)
        table.headers = heads + heads
        table.rows = [rows[i] + (rows[i + half] if i + half < len(rows) else blank) for i in range(half)]
    blocks.append(table)
    if rng.random() < 0.85:
        blocks += b.section(None, [b.item("total_passageiros", str(len(pax)))],
                            arrangement=rng.choice(["inline", "left"]))
    footer = [f"Emitido em {text.dmy(f.ref - timedelta(days=rng.randint(0, 10)))} - {f.carrier.razao}"] \
        if rng.random() < 0.5 else []
    return Built(title, blocks, exp, b.printed, b.sources, b.arr, b.decoy_kinds, [], footer,
                 landscape=rng.random() < 0.45,
                 features={"title": title, "columns": cols, "documents": doc_mode, "by_stop": by_stop,
                           "numbered_per_stop": per_group, "header_synonyms": header_sources,
                           "subtotals": bool(after), "two_up": two_up})


BUILDERS = {"crlv": crlv, "apolice_seguro": apolice, "contrato_fretamento": contrato, "lista_passageiros": lista}
