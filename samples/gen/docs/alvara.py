"""Alvará de localização e funcionamento municipal (Art. 2º, III, d; Art. 4º, XIII)."""

from __future__ import annotations

from datetime import date

from samples.gen import pdf, text
from samples.gen.world import CNAE_DESC, Empresa

ATIVIDADE = CNAE_DESC["4929-9/02"]


def render(e: Empresa, numero: str, emissao: date, validade: date, municipio: str | None = None,
           atividade: str = ATIVIDADE, cnae: str | None = None) -> tuple[bytes, dict]:
    """municipio: another city's alvará (a defect); the address printed stays the carrier's."""
    municipio = municipio or e.endereco.municipio
    d = pdf.Doc(f"Alvará {numero}", f"Prefeitura de {municipio}")
    c = d.c
    x0, wd = 55, pdf.W - 110
    y = pdf.H - 60
    c.setLineWidth(2)
    c.rect(35, 60, pdf.W - 70, pdf.H - 100)
    c.setLineWidth(0.5)
    c.rect(40, 65, pdf.W - 80, pdf.H - 110)
    pdf.brasao(c, pdf.W / 2, y - 10, 20)
    y -= 44
    c.setFont("Helvetica-Bold", 12)
    c.drawCentredString(pdf.W / 2, y, f"PREFEITURA MUNICIPAL DE {municipio.upper()}")
    c.setFont("Helvetica", 10)
    c.drawCentredString(pdf.W / 2, y - 14, "SECRETARIA MUNICIPAL DE DESENVOLVIMENTO ECONÔMICO")
    y -= 50
    c.setFont("Helvetica-Bold", 17)
    c.drawCentredString(pdf.W / 2, y, "ALVARÁ DE LOCALIZAÇÃO E FUNCIONAMENTO")
    c.setFont("Helvetica-Bold", 12)
    c.drawCentredString(pdf.W / 2, y - 22, f"Nº {numero}")
    y -= 60
    rows = [("RAZÃO SOCIAL", e.razao), ("NOME FANTASIA", e.fantasia), ("CNPJ", text.cnpj(e.cnpj)),
            ("INSCRIÇÃO MUNICIPAL", e.inscricao_municipal), ("ENDEREÇO", e.endereco.linha()),
            ("ATIVIDADE", atividade), ("CNAE", cnae or e.cnae_principal),
            ("DATA DE EMISSÃO", text.dmy(emissao)), ("VALIDADE", text.dmy(validade))]
    for lab, val in rows:
        c.setFont("Helvetica-Bold", 10)
        c.drawString(x0, y, lab + ":")
        yy = pdf.para(c, x0 + 130, y, wd - 130, val, "Helvetica", 10, 13)
        y = min(y - 20, yy - 7)
    y -= 14
    y = pdf.para(c, x0, y, wd, "O presente alvará é concedido a título precário e deverá ser afixado em local "
                 "visível no estabelecimento. A alteração de endereço ou de atividade exige novo licenciamento.",
                 "Helvetica", 9.5, 13)
    c.setFont("Helvetica", 10)
    c.drawString(x0, y - 20, f"{municipio}, {text.longa(emissao)}.")
    pdf.signature_line(c, pdf.W / 2 - 110, 140, 220, ["Secretário Municipal de Desenvolvimento Econômico"],
                       "alvara:" + municipio, size=8)
    return d.bytes(), {"titular_nome": e.razao, "titular_documento": e.cnpj, "numero": numero,
                       "municipio": municipio, "data_emissao": emissao.isoformat(),
                       "validade": validade.isoformat(), "atividade": atividade}
