"""Vehicle papers other than the CRLV: the Certificado de Registro de Veículo (CRV, the old
security-paper title of ownership) and the carrier's relação de veículos."""

from __future__ import annotations

from datetime import date

from reportlab.lib import colors
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle
from reportlab.lib.styles import ParagraphStyle

from samples.gen import pdf, text
from samples.gen.world import Empresa, Veiculo

ESTADO = {"RS": "ESTADO DO RIO GRANDE DO SUL", "MG": "ESTADO DE MINAS GERAIS", "SP": "ESTADO DE SÃO PAULO"}
TIPO = {"onibus": "ÔNIBUS", "microonibus": "MICRO-ÔNIBUS", "outro": "OUTRO"}


def crv(v: Veiculo, emissao: date) -> tuple[bytes, dict]:
    """The CRV as DETRANs printed it on security paper (boxes, labels above values)."""
    municipio = v.owner_municipio.upper()
    d = pdf.Doc("CRV " + v.placa, f"DETRAN-{v.uf}")
    c = d.c
    x0, wd = 40, pdf.W - 80
    top = pdf.H - 50
    c.setLineWidth(1.2)
    c.rect(x0 - 8, top - 520, wd + 16, 540)
    pdf.brasao(c, x0 + 20, top - 18, 18)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x0 + 48, top - 6, "REPÚBLICA FEDERATIVA DO BRASIL")
    c.drawString(x0 + 48, top - 18, f"{ESTADO[v.uf]} - DEPARTAMENTO ESTADUAL DE TRÂNSITO - DETRAN/{v.uf}")
    c.setFont("Helvetica-Bold", 12.5)
    c.drawString(x0 + 48, top - 36, "CERTIFICADO DE REGISTRO DE VEÍCULO")
    c.setFont("Helvetica", 7.5)
    c.drawRightString(x0 + wd, top - 6, f"Nº {v.crv}")
    c.drawRightString(x0 + wd, top - 16, "VIA 1")
    y = top - 52
    h = 30

    def row(cells):
        nonlocal y
        x = x0
        for f, lab, val in cells:
            pdf.box(c, x, y, wd * f, h, lab, val, value_size=10, label_size=6.2)
            x += wd * f
        y -= h

    anterior = f"{v.placa_anterior}/{v.uf}" if v.placa_anterior else "*******"
    row([(0.34, "CÓDIGO RENAVAM", v.renavam), (0.33, "PLACA", v.placa), (0.33, "PLACA ANTERIOR / UF", anterior)])
    row([(0.6, "CHASSI", v.chassi), (0.4, "ESPÉCIE / TIPO", v.especie_tipo)])
    row([(0.6, "MARCA / MODELO", v.marca_modelo), (0.2, "ANO FAB.", str(v.ano_fab)), (0.2, "ANO MOD.", str(v.ano_mod))])
    row([(0.3, "COMBUSTÍVEL", v.combustivel), (0.3, "COR PREDOMINANTE", v.cor), (0.4, "CATEGORIA", v.categoria)])
    row([(0.4, "CAP / POT / CIL", f"{v.lotacao}P / {v.potencia}"), (0.3, "PESO BRUTO TOTAL", v.pbt), (0.3, "MOTOR", v.motor)])
    row([(1, "NOME", v.owner_nome)])
    row([(0.4, "CPF / CNPJ", text.doc(v.owner_doc)), (0.4, "LOCAL", f"{municipio} {v.uf}"),
         (0.2, "DATA", text.dmy(emissao))])
    pdf.box(c, x0, y, wd, 60, "OBSERVAÇÕES", f"ALF: {v.alf}" if v.alf else "*****", value_size=9, label_size=6.2)
    y -= 78
    c.setFont("Helvetica", 8)
    pdf.para(c, x0, y, wd, "Este certificado comprova a propriedade do veículo acima descrito. Em caso de transferência "
             "de propriedade, preencher a Autorização para Transferência de Propriedade de Veículo (ATPV) no verso, "
             "com firma reconhecida por autenticidade.", "Helvetica", 8.5, 11.5)
    pdf.signature_line(c, x0 + wd - 220, top - 490, 200, [f"DIRETOR(A) DO DETRAN/{v.uf}"], "crv:" + v.uf, size=7.5)
    return d.bytes(), {"placa": v.placa, "renavam": v.renavam, "chassi": v.chassi, "ano_fabricacao": v.ano_fab,
                       "ano_modelo": v.ano_mod, "proprietario_nome": v.owner_nome, "proprietario_documento": v.owner_doc,
                       "municipio": municipio, "data_emissao": emissao.isoformat()}


def relacao(e: Empresa, veiculos: list[Veiculo], data: date, uf: str, orgao: str) -> tuple[bytes, dict]:
    """The carrier's own list of the vehicles available for the service (a table on its letterhead)."""
    st = ParagraphStyle("s", fontName="Helvetica", fontSize=10, leading=14)
    hd = ParagraphStyle("h", fontName="Helvetica-Bold", fontSize=13, leading=17, alignment=1)
    story = [Paragraph(f"<b>{e.razao}</b>", ParagraphStyle("r", parent=st, fontSize=12, alignment=1)),
             Paragraph(f"CNPJ {text.cnpj(e.cnpj)} - {e.endereco.linha()}", ParagraphStyle("a", parent=st, fontSize=8.5,
                                                                                       alignment=1)),
             Spacer(1, 24), Paragraph("RELAÇÃO DE VEÍCULOS", hd),
             Paragraph(f"disponíveis para o serviço de fretamento - {orgao}", ParagraphStyle("x", parent=st, alignment=1)),
             Spacer(1, 14), Paragraph(f"<b>Empresa:</b> {e.razao}", st),
             Paragraph(f"<b>CNPJ:</b> {text.cnpj(e.cnpj)}", st), Spacer(1, 10)]
    rows = [["Nº", "PLACA", "RENAVAM", "MARCA / MODELO", "TIPO", "LOTAÇÃO"]]
    for i, v in enumerate(veiculos, 1):
        rows.append([str(i), v.placa, v.renavam, v.marca_modelo, TIPO.get(v.tipo_veiculo, v.tipo_veiculo),
                     str(v.lotacao)])
    t = Table(rows, colWidths=[24, 62, 82, 200, 80, 52], rowHeights=20)
    t.setStyle(TableStyle([("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8.5), ("FONT", (0, 1), (-1, -1), "Helvetica", 8.5),
                           ("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                           ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dddddd"))]))
    story += [t, Spacer(1, 12), Paragraph(f"Total: {len(veiculos)} veículo(s), todos de propriedade da empresa.", st),
              Spacer(1, 30), Paragraph(f"{e.endereco.municipio}, {text.longa(data)}.", st)]
    s = e.socios[0]

    def sig(c, w, h):
        pdf.signature_line(c, 130, 20, 220, [s.nome, f"Sócio-administrador - {e.razao}"], "rel:" + e.cnpj, size=8)

    story.append(pdf.Drawn(480, 70, sig))
    out = pdf.build_story(story, "Relação de veículos", e.razao, margins=(22, 22, 25, 20))
    return out, {"titular_nome": e.razao, "titular_documento": e.cnpj, "data_emissao": data.isoformat(),
                 "veiculos": [{"placa": v.placa, "tipo": TIPO.get(v.tipo_veiculo, v.tipo_veiculo), "ano_fabricacao": None,
                               "lotacao": v.lotacao} for v in veiculos]}
