"""Two text columns: a contract whose parties and clauses run down one column and on into the next,
and a policy whose blocks (insurer, insured, term, vehicle, coverages, premium, conditions) stand
side by side. Lines of the two columns share their heights, so a reader that goes across the
page joins words of both; a label and its value are in one column."""

from __future__ import annotations

import random

from reportlab.lib import colors
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle
from reportlab.platypus.flowables import BalancedColumns

from samples.gen import pdf, text
from samples.gen.perturb import clauses, coverage, facts
from samples.gen.perturb import common as cm


def build(head: list, body: list, tail: list, st: cm.Style, rng: random.Random, title: str, author: str) -> bytes:
    """`head` across the page's width, `body` balanced in two columns (on as many pages as it
    takes), then `tail` across the width again."""
    gutter = rng.uniform(10, 22)
    rule = rng.random() < 0.4
    cols = BalancedColumns(body, nCols=2, innerPadding=gutter, leftPadding=0, rightPadding=0, topPadding=0,
                           bottomPadding=0, spaceBefore=4, spaceAfter=st.size,
                           vLinesStrokeWidth=0.4 if rule else None, vLinesStrokeColor=colors.black if rule else None)
    footer = rng.random() < 0.5

    def on_page(c, doc):
        if footer:
            c.saveState()
            c.setFont(st.regular, 7)
            c.drawRightString(doc.leftMargin + doc.width, doc.bottomMargin * 0.5, f"Página {doc.page}")
            c.restoreState()

    return cm.build(head + [cols] + tail, st, title, author, on_page=on_page)


def _sig(st: cm.Style, cw: float, caps: list[list[str]], key: str) -> list:
    """Signature lines one under another, as a column has room for."""
    out: list = []
    for k, cap in enumerate(caps):
        size = cm.fit_size(cap, st.regular, max(7.0, st.size * 0.85), cw - 20)

        def draw(c, wd, h, cap=cap, k=k, size=size):
            pdf.signature_line(c, 10, 30, wd - 20, cap, f"{key}:{k}" if k < 2 else None, size=size, font=st.regular)

        out.append(pdf.Drawn(cw, 58, draw))
    return out


def contrato(seed: int, f: facts.Contrato | None = None, rng: random.Random | None = None) -> cm.Rendered:
    rng = rng or random.Random(f"columns:contrato_fretamento:{seed}")
    st = cm.draw_style(rng, (8, 10.5))
    w = cm.World(rng)
    f = f or facts.contrato(rng, w)
    wd = clauses.words(rng, st, f, labelled_service=rng.random() < 0.9)
    head = [cm.P(wd.title, st.para_style(size=min(13, st.size * 1.35), bold=True, align="center", space_after=2))]
    if wd.number_line:
        head.append(cm.P(wd.number_line, st.para_style(bold=True, align="center")))
    body_st = st.para_style(space_after=st.size * 0.4, align=rng.choice(["justify", "justify", "left"]))
    head_st = st.para_style(bold=True, align="left", space_after=1.5)
    body: list = [cm.P(x, body_st) for x in wd.parties]
    for c in wd.clauses:
        body.append(cm.P(c.heading, head_st))
        body += [cm.P(x, body_st) for x in c.texts]
    body.append(cm.P(wd.closing, body_st))
    tail: list = [cm.P(wd.place_date, st.para_style(align=rng.choice(["left", "right"]))), Spacer(1, st.size)]
    if rng.random() < 0.5:  # the place and date close the second column
        body.append(tail.pop(0))
    aw = pdf.W - st.margins[0] - st.margins[1]
    sigs = _sig(st, aw / 2 - 12, clauses.signature_captions(f, w, rng), f"col{seed}")
    tail.append(Table([[sigs[0], sigs[1]], [sigs[2], sigs[3]]], colWidths=[aw / 2, aw / 2]))
    out = build(head, body, [KeepTogether(tail)], st, rng, "Contrato de fretamento", f.carrier.razao)
    exp = f.expected()
    for k in ("itinerario", "horarios", "locais_embarque", "instituicao_destino"):
        if k not in wd.printed:
            exp[k] = None
    return cm.Rendered(out, {"type": "contrato_fretamento", "layout": "columns", "seed": seed, "fields": exp},
                       wd.printed)


def apolice(seed: int, f: facts.Apolice | None = None, rng: random.Random | None = None) -> cm.Rendered:
    rng = rng or random.Random(f"columns:apolice_seguro:{seed}")
    st = cm.draw_style(rng, (7, 9.5))
    w = cm.World(rng)
    f = f or facts.apolice(rng, w)
    T = "apolice_seguro"
    L = st.label
    lab = lambda name, ok=lambda s: True: st.pick(T, name, ok)  # noqa: E731
    placa = cm.placa_fmt(f.v["placa"], rng)
    printed = {"numero_apolice": f.numero, "seguradora_nome": f.ins.razao, "seguradora_cnpj": cm.fmt_doc(f.ins.cnpj),
               "segurado_nome": f.seg_nome, "segurado_documento": cm.fmt_doc(f.seg_doc), "placa": placa,
               "chassi": f.v["chassi"], "vigencia_inicio": text.dmy(f.inicio), "vigencia_fim": text.dmy(f.fim)}
    printed.update(coverage.printed(f))
    align = rng.choice(["left", "center"])
    head: list = [cm.P(f.brand.upper(), st.para_style(size=min(16, st.size * 1.8), bold=True, align=align)),
                  cm.P(L(rng.choice(["APÓLICE DE SEGURO", "APÓLICE DE SEGURO - RCF-V / APP",
                                     "APÓLICE DE SEGURO DE ÔNIBUS"])),
                       st.para_style(size=min(12, st.size * 1.3), bold=True, align=align, space_after=2))]
    # the policy's number on one line with the certificate's, the endorsement's and the proposal's
    nums = [f"{L('APÓLICE Nº')} {f.numero}", f"{L('ENDOSSO')} 0", f"{L('PROPOSTA')} {cm.digits(rng, 8)}"]
    if rng.random() < 0.6:
        nums.insert(1, f"{L('CERTIFICADO Nº')} {f.certificado}")
    sep = rng.choice([" | ", "   ", " - "])
    head.append(cm.P(sep.join(nums), st.para_style(align=align, space_after=2)))
    body_st = st.para_style(align="left", space_after=1)
    sec_st = st.para_style(bold=True, align="left", space_after=2)

    def lines(items: list[tuple[str, str]]) -> list:
        return [cm.P(f"[[b]]{a}:[[/b]] {b}" if st.label_bold else f"{a}: {b}", body_st) for a, b in items]

    doc_ok = (lambda s: "CPF" in s.upper()) if f.pf else (lambda s: "CNPJ" in s.upper())
    blocks = {
        "seguradora": (L(rng.choice(["SEGURADORA", "DADOS DA SEGURADORA"])),
                       [(lab("seguradora_nome"), f.ins.razao), (lab("seguradora_cnpj"), cm.fmt_doc(f.ins.cnpj)),
                        (L("CÓDIGO SUSEP"), f.susep)]),
        "segurado": (L(rng.choice(["SEGURADO", "DADOS DO SEGURADO"])),
                     [(lab("segurado_nome", lambda s: not (f.pf and "RAZÃO" in s.upper())), f.seg_nome),
                      (lab("segurado_documento", doc_ok), cm.fmt_doc(f.seg_doc)),
                      (L("ENDEREÇO"), f.segurado.endereco.short()),
                      (L("MUNICÍPIO"), f"{f.segurado.endereco.town.nome}/{f.segurado.endereco.town.uf}")]),
        "vigencia": (L(rng.choice(["VIGÊNCIA", "PERÍODO DE VIGÊNCIA"])),
                     [(lab("vigencia_inicio"), f"24h de {text.dmy(f.inicio)}"),
                      (lab("vigencia_fim"), f"24h de {text.dmy(f.fim)}")] if rng.random() < 0.5 else
                     [(lab("vigencia_inicio"), text.dmy(f.inicio)), (lab("vigencia_fim"), text.dmy(f.fim))]),
    }
    veic = [(lab("placa"), placa), (lab("chassi"), f.v["chassi"]), (L("MARCA/MODELO"), f.v["marca_modelo"]),
            (L("ANO FAB/MOD"), f"{f.v['ano_fab']}/{f.v['ano_mod']}")]
    if f.print_renavam:
        veic.insert(2, (lab("renavam"), f.v["renavam"]))
        printed["renavam"] = f.v["renavam"]
    if f.print_assentos:
        ass = rng.choice([str(f.assentos), f"{f.assentos} passageiros", f"{f.assentos:02d}"])
        veic.append((lab("assentos"), ass))
        printed["assentos"] = ass
    blocks["veiculo"] = (L(rng.choice(["VEÍCULO SEGURADO", "DADOS DO VEÍCULO", "ITEM SEGURADO"])), veic)
    aw = pdf.W - st.margins[0] - st.margins[1]
    # the blocks side by side: the parties and the term in one column, the vehicle, the coverages
    # and the premium in the other (a table of two cells, so that neither column runs on)
    gutter = rng.uniform(10, 22)
    cw = (aw - gutter) / 2
    left: list = []
    right: list = []
    keys = ["seguradora"] + cm.shuffled(rng, ["segurado", "vigencia"])
    for key in keys:
        t, items = blocks[key]
        left += [cm.P(t, sec_st)] + lines(items) + [Spacer(1, st.size * 0.8)]
    t, items = blocks["veiculo"]
    right += [cm.P(t, sec_st)] + lines(items) + [Spacer(1, st.size * 0.8)]
    cov, note = coverage.table(rng, st, f, cw, size=max(6.5, st.size * 0.9), looks=("rules", "none", "grid"))
    right += [cm.P(L(rng.choice(["COBERTURAS", "COBERTURAS CONTRATADAS", "GARANTIAS"])), sec_st), cov]
    if note:
        right.append(cm.P(coverage.NOTE, st.para_style(size=max(6.5, st.size * 0.85))))
    liq = round(rng.uniform(3000, 16000), 2)
    prem = [Spacer(1, st.size * 0.8), cm.P(L("PRÊMIO"), sec_st)] + lines(
        [(L("PRÊMIO LÍQUIDO"), text.money(liq)), (L("IOF"), text.money(round(liq * 0.0738, 2))),
         (L("PRÊMIO TOTAL"), text.money(round(liq * 1.0738, 2)))])
    (left if rng.random() < 0.5 else right).extend(prem)
    if rng.random() < 0.4:
        left, right = right, left
    side = Table([[left, right]], colWidths=[cw + gutter / 2, cw + gutter / 2])
    ts: list = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (0, 0), 0),
          ("RIGHTPADDING", (0, 0), (0, 0), gutter / 2), ("LEFTPADDING", (1, 0), (1, 0), gutter / 2),
          ("RIGHTPADDING", (1, 0), (1, 0), 0)]
    if rng.random() < 0.4:
        ts.append(("LINEAFTER", (0, 0), (0, 0), 0.4, colors.black))
    side.setStyle(TableStyle(ts))
    head.append(side)
    body: list = []
    cond = [("OBJETO DO SEGURO", "Garantir ao Segurado, até os limites contratados, o reembolso das indenizações que "
             "for obrigado a pagar por danos causados a terceiros e aos passageiros transportados pelo veículo descrito "
             "nesta apólice, em serviço de fretamento."),
            ("SINISTROS", "Em caso de sinistro, comunique imediatamente a Seguradora pelos canais de atendimento "
             "indicados nesta apólice, apresentando o boletim de ocorrência e os documentos do veículo."),
            ("PAGAMENTO DO PRÊMIO", "O atraso no pagamento de qualquer parcela sujeita a apólice ao cancelamento ou ao "
             "ajuste da vigência, conforme a tabela de prazo curto."),
            ("CONDIÇÕES GERAIS", "Este seguro é regido pelas Condições Gerais registradas na SUSEP, que o Segurado "
             "declara ter recebido e com as quais concorda.")]
    jst = st.para_style(space_after=st.size * 0.4, size=max(6.5, st.size * 0.9))
    for i, (h, b) in enumerate(cm.shuffled(rng, cond)[: rng.randint(2, 4)], 1):
        body.append(cm.P(f"[[b]]{i}. {L(h)}[[/b]] - {b}", jst))
    tail = [cm.P(f"{f.ins.endereco.town.nome}, {text.dmy(f.emissao)}.", st.para_style(align="left"))]
    tail += _sig(st, cw, [[f.brand, "Diretor Técnico"]], f"colap{seed}")
    out = build(head, body, [KeepTogether(tail)], st, rng, f"Apólice {f.numero}", f.brand)
    return cm.Rendered(out, {"type": "apolice_seguro", "layout": "columns", "seed": seed, "fields": f.expected()},
                       printed)

