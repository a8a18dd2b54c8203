"""Laudo de Inspeção Técnica de Segurança Veicular (METROPLAN) (Art. 4º, IV)."""

from __future__ import annotations

from datetime import date

from samples.gen import pdf, text
from samples.gen.world import Veiculo

ITENS = ["Sistema de freios", "Direção e suspensão", "Pneus e rodas", "Iluminação e sinalização",
         "Cintos de segurança", "Saídas de emergência", "Extintor de incêndio", "Tacógrafo",
         "Vidros e para-brisa", "Bancos e fixações", "Limpadores de para-brisa", "Carroceria e pintura"]


def render(v: Veiculo, numero: str, inspecao: date, validade: date) -> tuple[bytes, dict]:
    d = pdf.Doc(f"Laudo de Inspeção {numero}", "METROPLAN")
    c = d.c
    x0, wd = 40, pdf.W - 80
    y = pdf.H - 50
    pdf.brasao(c, x0 + 16, y - 8, 16)
    c.setFont("Helvetica-Bold", 9.5)
    c.drawString(x0 + 42, y, "FUNDAÇÃO ESTADUAL DE PLANEJAMENTO METROPOLITANO E REGIONAL - METROPLAN")
    c.setFont("Helvetica", 8.5)
    c.drawString(x0 + 42, y - 12, "Diretoria de Transporte Metropolitano - Gerência de Vistorias")
    y -= 45
    c.setFont("Helvetica-Bold", 13)
    c.drawCentredString(pdf.W / 2, y, "LAUDO DE INSPEÇÃO TÉCNICA DE SEGURANÇA VEICULAR")
    c.setFont("Helvetica", 9)
    c.drawCentredString(pdf.W / 2, y - 14, "Fretamento Contínuo Escolar - veículo homologado")
    y -= 30
    rows = [
        [(0.34, "LAUDO Nº", numero), (0.33, "DATA DA INSPEÇÃO", text.dmy(inspecao)),
         (0.33, "VÁLIDO ATÉ", text.dmy(validade))],
        [(0.66, "PROPRIETÁRIO", v.owner_nome), (0.34, "CPF / CNPJ", text.doc(v.owner_doc))],
        [(0.25, "PLACA", v.placa), (0.4, "CHASSI", v.chassi), (0.35, "RENAVAM", v.renavam)],
        [(0.55, "MARCA / MODELO", v.marca_modelo), (0.2, "ANO FAB/MOD", f"{v.ano_fab}/{v.ano_mod}"),
         (0.25, "LOTAÇÃO", f"{v.lotacao} passageiros")],
    ]
    for r in rows:
        x = x0
        for f, lab, val in r:
            pdf.box(c, x, y, wd * f, 26, lab, val, value_size=9.5, label_size=6.5)
            x += wd * f
        y -= 26
    y -= 16
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x0, y, "ITENS INSPECIONADOS")
    y -= 6
    half = len(ITENS) // 2
    for i, item in enumerate(ITENS):
        col, row = divmod(i, half)
        xx, yy = x0 + col * wd / 2, y - 16 * (row + 1)
        c.setFont("Helvetica", 9)
        c.drawString(xx + 4, yy, item)
        c.drawRightString(xx + wd / 2 - 10, yy, "CONFORME")
    y -= 16 * half + 24
    c.setLineWidth(1.2)
    c.rect(x0, y - 34, wd, 34)
    c.setFont("Helvetica-Bold", 12)
    c.drawString(x0 + 10, y - 22, "RESULTADO: APROVADO")
    c.setFont("Helvetica", 9)
    c.drawRightString(x0 + wd - 10, y - 22, f"Validade: {text.dmy(validade)}")
    y -= 60
    pdf.para(c, x0, y, wd, "Certificamos que o veículo acima identificado foi submetido à inspeção técnica de "
             "segurança veicular, conforme regulamentação da METROPLAN, e encontra-se em condições de "
             "segurança para o transporte de passageiros em regime de fretamento contínuo escolar.",
             "Helvetica", 9.5, 13)
    pdf.signature_line(c, pdf.W / 2 - 110, 130, 220, ["Eng. Mecânico RODRIGO A. ZANETTI",
                                                     "CREA-RS 158.442 - Vistoriador METROPLAN"], "laudo", size=8)
    c.setFont("Helvetica", 7)
    c.drawString(x0, 40, "Este laudo deve acompanhar o requerimento de autorização. Porte obrigatório de cópia no veículo.")
    return d.bytes(), {"titular_nome": v.owner_nome, "titular_documento": v.owner_doc, "numero": numero,
                       "placa": v.placa, "chassi": v.chassi, "data_emissao": inspecao.isoformat(),
                       "validade": validade.isoformat(), "resultado": "aprovado", "emissor": "metroplan"}
