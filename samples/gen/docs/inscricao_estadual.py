"""Comprovante de inscrição estadual (CGC/TE, SEFAZ-RS) com CNAE 4929-9/02 (Art. 4º, XIV)."""

from __future__ import annotations

from datetime import date

from samples.gen import pdf, text
from samples.gen.world import CNAE_DESC, Empresa


def render(e: Empresa, emissao: date) -> tuple[bytes, dict]:
    d = pdf.Doc("Comprovante de Inscrição Estadual", "SEFAZ-RS")
    c = d.c
    x0, wd = 45, pdf.W - 90
    y = pdf.H - 55
    pdf.brasao(c, x0 + 18, y - 10, 18)
    c.setFont("Helvetica-Bold", 10.5)
    c.drawString(x0 + 46, y, "ESTADO DO RIO GRANDE DO SUL")
    c.drawString(x0 + 46, y - 13, "SECRETARIA DA FAZENDA - RECEITA ESTADUAL")
    y -= 48
    c.setFont("Helvetica-Bold", 12.5)
    c.drawCentredString(pdf.W / 2, y, "COMPROVANTE DE INSCRIÇÃO ESTADUAL")
    c.setFont("Helvetica", 9.5)
    c.drawCentredString(pdf.W / 2, y - 14, "Cadastro Geral de Contribuintes de Tributos Estaduais - CGC/TE")
    y -= 34
    ie = f"{e.ie[:3]}/{e.ie[3:]}"
    a = e.endereco
    rows = [[(0.4, "INSCRIÇÃO ESTADUAL (CGC/TE)", ie), (0.35, "CNPJ", text.cnpj(e.cnpj)),
             (0.25, "SITUAÇÃO", "ATIVO")],
            [(1, "NOME EMPRESARIAL", e.razao)],
            [(0.7, "ENDEREÇO", f"{a.logradouro}, {a.numero} - {a.bairro}"), (0.3, "MUNICÍPIO/UF", f"{a.municipio}/{a.uf}")],
            [(0.4, "DATA DE INÍCIO DAS ATIVIDADES", text.dmy(e.abertura)), (0.6, "REGIME DE APURAÇÃO", "GERAL")],
            [(1, "CNAE FISCAL PRINCIPAL", f"{e.cnae_principal} - {CNAE_DESC[e.cnae_principal]}")]]
    y = _grid(c, x0, y, wd, rows, e)
    c.setFont("Helvetica", 8.5)
    c.drawString(x0, y, f"Documento emitido em {text.dmy(emissao)} via internet. A autenticidade pode ser "
                 "confirmada no portal da Receita Estadual.")
    return d.bytes(), {"titular_nome": e.razao, "titular_documento": e.cnpj, "numero": ie,
                       "data_emissao": emissao.isoformat(), "situacao": "ATIVO",
                       "cnae": [e.cnae_principal, *e.cnae_secundarios]}


def render_uf(e: Empresa, emissao: date, uf: str, situacao: str = "HABILITADO") -> tuple[bytes, dict]:
    """The MG (SEF/MG, "Comprovante de Inscrição Estadual") or SP (Cadesp) registration proof."""
    if uf == "MG":
        head = ["GOVERNO DO ESTADO DE MINAS GERAIS", "SECRETARIA DE ESTADO DE FAZENDA"]
        title, sub = "COMPROVANTE DE INSCRIÇÃO ESTADUAL", "Cadastro de Contribuintes do ICMS - SIARE"
        ie = f"{e.ie[:3]}.{e.ie[3:9]}.{e.ie[9:11]}-{e.ie[11:]}"
    else:
        head = ["GOVERNO DO ESTADO DE SÃO PAULO", "SECRETARIA DA FAZENDA E PLANEJAMENTO"]
        title, sub = "COMPROVANTE DE INSCRIÇÃO ESTADUAL", "Cadastro de Contribuintes do ICMS - Cadesp"
        ie = f"{e.ie[:3]}.{e.ie[3:6]}.{e.ie[6:9]}.{e.ie[9:]}"
    d = pdf.Doc(title, head[1])
    c = d.c
    x0, wd = 45, pdf.W - 90
    y = pdf.H - 55
    pdf.brasao(c, x0 + 18, y - 10, 18)
    c.setFont("Helvetica-Bold", 10.5)
    c.drawString(x0 + 46, y, head[0])
    c.drawString(x0 + 46, y - 13, head[1])
    y -= 48
    c.setFont("Helvetica-Bold", 12.5)
    c.drawCentredString(pdf.W / 2, y, title)
    c.setFont("Helvetica", 9.5)
    c.drawCentredString(pdf.W / 2, y - 14, sub)
    y -= 34
    a = e.endereco
    rows = [[(0.4, "INSCRIÇÃO ESTADUAL", ie), (0.35, "CNPJ", text.cnpj(e.cnpj)), (0.25, "SITUAÇÃO", situacao)],
            [(1, "NOME EMPRESARIAL", e.razao)],
            [(0.7, "LOGRADOURO", f"{a.logradouro}, {a.numero} - {a.bairro}"), (0.3, "MUNICÍPIO/UF", f"{a.municipio}/{a.uf}")],
            [(0.4, "DATA DE INÍCIO DAS ATIVIDADES", text.dmy(e.abertura)), (0.6, "REGIME DE RECOLHIMENTO", "DÉBITO E CRÉDITO")],
            [(1, "CNAE FISCAL PRINCIPAL", f"{e.cnae_principal} - {CNAE_DESC[e.cnae_principal]}")]]
    y = _grid(c, x0, y, wd, rows, e)
    c.setFont("Helvetica", 8.5)
    c.drawString(x0, y, f"Comprovante emitido em {text.dmy(emissao)}. A autenticidade pode ser confirmada no portal da "
                 "Secretaria de Fazenda.")
    return d.bytes(), {"titular_nome": e.razao, "titular_documento": e.cnpj, "numero": ie,
                       "data_emissao": emissao.isoformat(), "situacao": situacao,
                       "cnae": [e.cnae_principal, *e.cnae_secundarios]}


def _grid(c, x0: float, y: float, wd: float, rows, e) -> float:
    """The rows of labelled boxes and the secondary CNAE box both states' layouts share; the y below them."""
    for r in rows:
        x = x0
        for f, lab, val in r:
            fs = 9 if len(val) < 70 else 7.3
            pdf.box(c, x, y, wd * f, 27, lab, val, value_size=fs, label_size=6.3)
            x += wd * f
        y -= 27
    sec = "\n".join(f"{s} - {CNAE_DESC[s]}" for s in e.cnae_secundarios)
    h = 14 + 11 * len(pdf.lines(sec, "Helvetica", 8, wd - 6))
    pdf.box(c, x0, y, wd, h, "CNAE FISCAL SECUNDÁRIA", sec, value_font="Helvetica", value_size=8,
            label_size=6.3, value_lines=5)
    return y - h - 24
