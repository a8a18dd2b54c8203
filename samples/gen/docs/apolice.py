"""Apólice de seguro RCF-V / APP for a chartered bus, in two insurers' layouts."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from samples.gen import pdf, text
from samples.gen.world import Apolice

LAYOUTS = ("pampa", "atlantico")


def expected(a: Apolice) -> dict:
    v = a.veiculo
    return {
        "numero_apolice": a.numero, "seguradora_nome": a.seguradora.nome,
        "seguradora_cnpj": a.seguradora.cnpj, "segurado_nome": a.segurado.razao,
        "segurado_documento": a.segurado.cnpj, "vigencia_inicio": a.inicio.isoformat(),
        "vigencia_fim": a.fim.isoformat(), "placa": v.placa, "chassi": v.chassi, "renavam": v.renavam,
        "assentos": a.assentos, "ap_por_passageiro": min(a.ap_morte, a.ap_invalidez),
        "rc_por_veiculo": a.rc_passageiros, "dmh_por_passageiro": a.dmh,
        "veiculos": None,  # one vehicle, no fleet's table
    }


def vigencia(a: Apolice) -> str:
    return f"das 24h de {text.dmy(a.inicio)} às 24h de {text.dmy(a.fim)}"


def render(a: Apolice, layout: str) -> tuple[bytes, dict]:
    body = _pampa(a) if layout == "pampa" else _atlantico(a)
    return body, expected(a)


def _coverages(a: Apolice) -> list[tuple[str, float | None, str]]:
    return [
        ("RCF-V - Danos Materiais a Terceiros", a.rc_terceiros_dm, "por veículo"),
        ("RCF-V - Danos Corporais a Terceiros", a.rc_terceiros_dc, "por veículo"),
        ("RCF-V - Danos Corporais a Passageiros (RC Passageiros)", a.rc_passageiros, "por veículo"),
        ("Danos Morais e Estéticos", a.danos_morais, "por veículo"),
        ("APP - Morte Acidental", a.ap_morte, "por passageiro"),
        ("APP - Invalidez Permanente Total ou Parcial", a.ap_invalidez, "por passageiro"),
        ("APP - Despesas Médico-Hospitalares (DMH)", a.dmh, "por passageiro"),
        ("Assistência 24 horas - Ônibus", None, "incluída"),
    ]


def _pampa(a: Apolice) -> bytes:
    s, v, seg = a.seguradora, a.veiculo, a.segurado
    d = pdf.Doc(f"Apólice {a.numero}", s.nome)
    c = d.c
    x0, wd = 30, pdf.W - 60
    top = pdf.H - 30
    c.setFillColor(colors.HexColor("#0b5d3b"))
    c.rect(x0, top - 46, wd, 46, stroke=0, fill=1)
    c.setFillColor(colors.white)
    c.setFont("Helvetica-Bold", 16)
    c.drawString(x0 + 10, top - 22, "PAMPA SEGUROS")
    c.setFont("Helvetica", 7.5)
    c.drawString(x0 + 10, top - 35, f"{s.nome}")
    c.setFont("Helvetica-Bold", 10)
    c.drawRightString(x0 + wd - 10, top - 20, "APÓLICE DE SEGURO")
    c.setFont("Helvetica", 8)
    c.drawRightString(x0 + wd - 10, top - 32, "RCF-V ÔNIBUS E ACIDENTES PESSOAIS DE PASSAGEIROS")
    c.setFillColor(colors.black)
    c.setFont("Helvetica", 7.5)
    c.drawString(x0, top - 56, f"CNPJ {text.cnpj(s.cnpj)}   -   Código SUSEP {s.susep}   -   {s.endereco.linha()}")
    y = top - 64
    c.setFont("Helvetica-Bold", 11)
    c.drawString(x0, y - 8, "APÓLICE DE SEGURO DE RESPONSABILIDADE CIVIL FACULTATIVA DE VEÍCULOS - RCF-V / APP")
    y -= 16
    cells = [(0.24, "APÓLICE Nº", a.numero), (0.12, "ENDOSSO", "0"), (0.22, "PROPOSTA Nº", a.proposta),
             (0.14, "RAMO", "0553"), (0.14, "EMISSÃO", text.dmy(a.emissao)), (0.14, "SUCURSAL", "PORTO ALEGRE")]
    x = x0
    for f, lab, val in cells:
        pdf.box(c, x, y, wd * f, 24, lab, val, value_size=8.5)
        x += wd * f
    y -= 36
    c.setFont("Helvetica-Bold", 8.5)
    c.drawString(x0, y, "DADOS DO SEGURADO")
    y -= 4
    pdf.box(c, x0, y, wd * 0.66, 24, "NOME DO SEGURADO", seg.razao, value_size=8.5)
    pdf.box(c, x0 + wd * 0.66, y, wd * 0.34, 24, "CPF / CNPJ", text.cnpj(seg.cnpj), value_size=8.5)
    y -= 24
    pdf.box(c, x0, y, wd, 24, "ENDEREÇO", seg.endereco.linha(), value_size=8, value_font="Helvetica")
    y -= 32
    c.setFont("Helvetica-Bold", 8.5)
    c.drawString(x0, y, "VIGÊNCIA DO SEGURO")
    c.setFont("Helvetica", 9)
    c.drawString(x0 + 100, y, vigencia(a).capitalize())
    y -= 12
    c.setFont("Helvetica-Bold", 8.5)
    c.drawString(x0, y, "ITEM 1 - VEÍCULO SEGURADO")
    y -= 4
    row1 = [(0.5, "MARCA / MODELO", v.marca_modelo), (0.25, "ANO FAB. / MODELO", f"{v.ano_fab}/{v.ano_mod}"),
            (0.25, "PLACA", v.placa)]
    row2 = [(0.34, "CHASSI", v.chassi), (0.22, "RENAVAM", v.renavam),
            (0.22, "ASSENTOS (PASSAGEIROS)", str(a.assentos)), (0.22, "UTILIZAÇÃO", "FRETAMENTO")]
    for r in (row1, row2):
        x = x0
        for f, lab, val in r:
            pdf.box(c, x, y, wd * f, 24, lab, val, value_size=8.5)
            x += wd * f
        y -= 24
    y -= 10
    c.setFont("Helvetica-Bold", 8.5)
    c.drawString(x0, y, "COBERTURAS CONTRATADAS E LIMITES MÁXIMOS DE INDENIZAÇÃO (LMI)")
    y -= 4
    data = [["COBERTURA", "LMI (R$)", "BASE", "PRÊMIO (R$)"]]
    shares = [0.08, 0.12, 0.36, 0.04, 0.18, 0.08, 0.1, 0.04]
    for (nome, lmi, base), sh in zip(_coverages(a), shares):
        data.append([nome, text.money(lmi) if lmi else "-", base, text.money(a.premio_liquido * sh, False)])
    t = Table(data, colWidths=[wd * 0.5, wd * 0.19, wd * 0.15, wd * 0.16], rowHeights=15)
    t.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 7.5), ("FONT", (0, 1), (-1, -1), "Helvetica", 8),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.black), ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#d9e8df")),
        ("ALIGN", (1, 1), (1, -1), "RIGHT"), ("ALIGN", (3, 1), (3, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    tw, th = t.wrapOn(c, wd, 400)
    t.drawOn(c, x0, y - th)
    y -= th + 14
    c.setFont("Helvetica-Bold", 8.5)
    c.drawString(x0, y, "PRÊMIO")
    y -= 4
    parcela = a.premio_total / a.parcelas
    cells = [(0.25, "PRÊMIO LÍQUIDO", text.money(a.premio_liquido)), (0.2, "IOF (7,38%)", text.money(a.iof)),
             (0.25, "PRÊMIO TOTAL", text.money(a.premio_total)),
             (0.3, "FORMA DE PAGAMENTO", f"{a.parcelas}x de {text.money(parcela)} (boleto)" if a.parcelas > 1 else "À vista (boleto)")]
    x = x0
    for f, lab, val in cells:
        pdf.box(c, x, y, wd * f, 24, lab, val, value_size=8.5)
        x += wd * f
    y -= 40
    pdf.para(c, x0, y, wd, "Os limites de APP (Morte e Invalidez) e DMH são por passageiro, até o número de "
             "assentos indicado; o limite de RC Passageiros é por veículo e por evento. Este seguro é regido "
             "pelas Condições Gerais do RCF-V Ônibus, processo SUSEP nº 15414.900812/2019-33, disponíveis em "
             "pampaseguros.com.br.", "Helvetica", 7.5, 9.5)
    pdf.signature_line(c, pdf.W - 230, 70, 190, [s.nome, "Diretor de Produtos Automóvel"], "pampa-dir", size=7)
    c.setFont("Helvetica", 6.5)
    c.drawString(x0, 40, f"SAC {s.telefone} - Ouvidoria 0800 051 0001 - www.pampaseguros.com.br")
    c.drawRightString(pdf.W - 30, 40, "Página 1 de 2")
    c.showPage()
    # page 2: clauses summary
    y = pdf.H - 50
    c.setFont("Helvetica-Bold", 11)
    c.drawString(x0, y, f"APÓLICE Nº {a.numero} - CONDIÇÕES PARTICULARES")
    y -= 22
    clauses = [
        ("1. OBJETO", "Garantir ao Segurado, até os limites contratados, o reembolso das indenizações que for "
         "obrigado a pagar por danos corporais e materiais causados a terceiros e aos passageiros transportados "
         "pelo veículo descrito nesta apólice, em serviço de fretamento contínuo escolar."),
        ("2. ACIDENTES PESSOAIS DE PASSAGEIROS", "A cobertura de APP garante o pagamento de indenização por morte "
         "ou invalidez permanente e o reembolso de despesas médico-hospitalares de cada passageiro, limitado ao "
         "número de assentos do veículo."),
        ("3. PAGAMENTO DO PRÊMIO", "O atraso no pagamento de qualquer parcela sujeita a apólice ao cancelamento "
         "ou ao ajuste proporcional da vigência, conforme tabela de prazo curto."),
        ("4. FRANQUIAS", "Não há franquia para as coberturas de RCF-V e APP."),
        ("5. FORO", "Fica eleito o foro do domicílio do Segurado para dirimir questões oriundas deste contrato."),
    ]
    for head, body in clauses:
        c.setFont("Helvetica-Bold", 9)
        c.drawString(x0, y, head)
        y = pdf.para(c, x0, y - 12, wd, body, "Helvetica", 9, 12) - 8
    c.setFont("Helvetica", 8)
    c.drawString(x0, y - 10, f"Porto Alegre, {text.longa(a.emissao)}.")
    c.setFont("Helvetica", 6.5)
    c.drawRightString(pdf.W - 30, 40, "Página 2 de 2")
    return d.bytes()


def _atlantico(a: Apolice) -> bytes:
    s, v, seg = a.seguradora, a.veiculo, a.segurado
    st = ParagraphStyle("b", fontName="Times-Roman", fontSize=10, leading=13)
    sb = ParagraphStyle("h", fontName="Times-Bold", fontSize=10.5, leading=14, spaceBefore=6)
    title = ParagraphStyle("t", fontName="Times-Bold", fontSize=14, leading=18, alignment=1)
    small = ParagraphStyle("s", fontName="Times-Roman", fontSize=8, leading=10)
    story = [
        Paragraph(s.nome, title),
        Paragraph(f"CNPJ: {text.cnpj(s.cnpj)} &nbsp;&nbsp; Código SUSEP: {s.susep} &nbsp;&nbsp; "
                  f"{s.endereco.linha()}", ParagraphStyle("c", parent=small, alignment=1)),
        Spacer(1, 10),
        Paragraph("ESPECIFICAÇÃO DA APÓLICE - SEGURO DE ÔNIBUS (RCF-V E APP)", title),
        Spacer(1, 6),
    ]
    info = [
        ["Apólice:", a.numero, "Proposta:", a.proposta],
        ["Data de emissão:", text.dmy(a.emissao), "Ramo:", "0531 - Automóvel / RCF-V"],
    ]
    t = Table(info, colWidths=[85, 160, 65, 190])
    t.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Times-Roman", 10),
                           ("FONT", (0, 0), (0, -1), "Times-Bold", 10), ("FONT", (2, 0), (2, -1), "Times-Bold", 10)]))
    story += [t, Paragraph("Segurado", sb),
              Paragraph(f"<b>Nome:</b> {seg.razao}<br/><b>CNPJ:</b> {text.cnpj(seg.cnpj)}<br/>"
                        f"<b>Endereço:</b> {seg.endereco.linha()}", st),
              Paragraph("Período de vigência", sb),
              Paragraph(f"O presente seguro vigora {vigencia(a)}.", st),
              Paragraph("Veículo segurado", sb)]
    veh = [["Marca/Modelo", "Ano", "Placa", "Chassi", "Renavam", "Lotação"],
           [v.marca_modelo, f"{v.ano_fab}/{v.ano_mod}", v.placa, v.chassi, v.renavam, f"{a.assentos} assentos"]]
    t = Table(veh, colWidths=[140, 50, 55, 115, 75, 65])
    t.setStyle(TableStyle([("FONT", (0, 0), (-1, 0), "Times-Bold", 9), ("FONT", (0, 1), (-1, -1), "Times-Roman", 8.5),
                           ("GRID", (0, 0), (-1, -1), 0.5, colors.grey)]))
    story += [t, Paragraph("Garantias contratadas", sb)]
    rows = [["Garantia", "Limite Máximo de Indenização", "Âmbito"]]
    for nome, lmi, base in _coverages(a):
        nome = nome.replace("RCF-V - Danos Corporais a Passageiros (RC Passageiros)",
                            "Responsabilidade Civil - Passageiros (danos corporais)")
        rows.append([nome, text.money(lmi) if lmi else "Incluída", base])
    t = Table(rows, colWidths=[250, 150, 100])
    t.setStyle(TableStyle([("FONT", (0, 0), (-1, 0), "Times-Bold", 10), ("FONT", (0, 1), (-1, -1), "Times-Roman", 10),
                           ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                           ("LINEBELOW", (0, -1), (-1, -1), 0.8, colors.black), ("ALIGN", (1, 1), (1, -1), "RIGHT")]))
    parcela = a.premio_total / a.parcelas
    story += [t, Paragraph("Prêmio", sb),
              Paragraph(f"Prêmio líquido: {text.money(a.premio_liquido)} &nbsp; IOF: {text.money(a.iof)} &nbsp; "
                        f"Prêmio total: {text.money(a.premio_total)}, pagável em {a.parcelas} parcela(s) mensal(is) "
                        f"de {text.money(parcela)}, com vencimento da primeira em {text.dmy(a.inicio)}.", st),
              Spacer(1, 8),
              Paragraph("As garantias de Acidentes Pessoais de Passageiros (morte acidental, invalidez permanente e "
                        "despesas médico-hospitalares) são concedidas por passageiro, limitadas à lotação indicada. "
                        "A garantia de Responsabilidade Civil - Passageiros é concedida por veículo e por evento.", st),
              Spacer(1, 30),
              Paragraph(f"São Paulo, {text.longa(a.emissao)}.", st), Spacer(1, 30),
              Paragraph("_______________________________________<br/>" + s.nome, st)]
    return pdf.build_story(story, f"Apólice {a.numero}", s.nome, margins=(18, 18, 16, 16))
