"""Comprovante de Inscrição e de Situação Cadastral (cartão CNPJ, Receita Federal)."""

from __future__ import annotations

from datetime import date

from samples.gen import pdf, text
from samples.gen.world import CNAE_DESC, Empresa


def _cnae_impresso(code: str) -> str:
    """4929-9/02 prints as 49.29-9-02."""
    return f"{code[:2]}.{code[2:4]}-{code[5]}-{code[7:]}"


def render(e: Empresa, emissao: date) -> tuple[bytes, dict]:
    d = pdf.Doc("Comprovante de Inscrição e de Situação Cadastral", "Receita Federal do Brasil")
    c = d.c
    x0, wd = 36, pdf.W - 72
    top = pdf.H - 36
    c.setLineWidth(1)
    c.rect(x0 - 4, 120, wd + 8, top - 116)
    pdf.brasao(c, x0 + 24, top - 26, 18)
    c.setFont("Helvetica-Bold", 11)
    c.drawCentredString(pdf.W / 2, top - 16, "REPÚBLICA FEDERATIVA DO BRASIL")
    c.drawCentredString(pdf.W / 2, top - 31, "CADASTRO NACIONAL DA PESSOA JURÍDICA")
    y = top - 52
    h = 25

    def row(cells):
        nonlocal y
        x = x0
        for f, lab, val in cells:
            pdf.box(c, x, y, wd * f, h, lab, val, value_size=8.5, label_size=5.8)
            x += wd * f
        y -= h

    c.rect(x0, y - 30, wd, 30)
    c.setFont("Helvetica-Bold", 10)
    c.drawCentredString(pdf.W / 2, y - 13, "COMPROVANTE DE INSCRIÇÃO E DE SITUAÇÃO")
    c.drawCentredString(pdf.W / 2, y - 25, "CADASTRAL")
    y -= 30
    row([(0.3, "NÚMERO DE INSCRIÇÃO", f"{text.cnpj(e.cnpj)}  MATRIZ"),
         (0.4, "", ""), (0.3, "DATA DE ABERTURA", text.dmy(e.abertura))])
    row([(1, "NOME EMPRESARIAL", e.razao)])
    row([(0.75, "TÍTULO DO ESTABELECIMENTO (NOME DE FANTASIA)", e.fantasia), (0.25, "PORTE", e.porte)])
    principal = f"{_cnae_impresso(e.cnae_principal)} - {CNAE_DESC[e.cnae_principal]}"
    pdf.box(c, x0, y, wd, 34, "CÓDIGO E DESCRIÇÃO DA ATIVIDADE ECONÔMICA PRINCIPAL", principal,
            value_size=8, value_font="Helvetica", label_size=5.8, value_lines=2)
    y -= 34
    sec = "\n".join(f"{_cnae_impresso(s)} - {CNAE_DESC[s]}" for s in e.cnae_secundarios)
    hh = 14 + 11 * len(pdf.lines(sec, "Helvetica", 8, wd - 6))
    pdf.box(c, x0, y, wd, hh, "CÓDIGO E DESCRIÇÃO DAS ATIVIDADES ECONÔMICAS SECUNDÁRIAS", sec,
            value_size=8, value_font="Helvetica", label_size=5.8, value_lines=5)
    y -= hh
    row([(1, "CÓDIGO E DESCRIÇÃO DA NATUREZA JURÍDICA", e.natureza)])
    a = e.endereco
    row([(0.6, "LOGRADOURO", a.logradouro.upper()), (0.15, "NÚMERO", a.numero), (0.25, "COMPLEMENTO", "********")])
    row([(0.2, "CEP", text.cep(a.cep)), (0.35, "BAIRRO/DISTRITO", a.bairro.upper()),
         (0.35, "MUNICÍPIO", a.municipio.upper()), (0.1, "UF", a.uf)])
    row([(0.6, "ENDEREÇO ELETRÔNICO", e.email.upper()), (0.4, "TELEFONE", e.telefone)])
    row([(1, "ENTE FEDERATIVO RESPONSÁVEL (EFR)", "*****")])
    row([(0.6, "SITUAÇÃO CADASTRAL", "ATIVA"), (0.4, "DATA DA SITUAÇÃO CADASTRAL", text.dmy(e.abertura))])
    row([(1, "MOTIVO DE SITUAÇÃO CADASTRAL", "")])
    row([(0.6, "SITUAÇÃO ESPECIAL", "********"), (0.4, "DATA DA SITUAÇÃO ESPECIAL", "********")])
    c.setFont("Helvetica", 7.5)
    c.drawString(x0, 100, "Aprovado pela Instrução Normativa RFB nº 2.119, de 06 de dezembro de 2022.")
    c.drawString(x0, 88, f"Emitido no dia {text.dmy(emissao)} às 10:14:33 (data e hora de Brasília).")
    c.drawRightString(x0 + wd, 88, "Página: 1/1")
    return d.bytes(), {
        "titular_nome": e.razao, "titular_documento": e.cnpj, "data_emissao": emissao.isoformat(),
        "data_abertura": e.abertura.isoformat(), "situacao": "ATIVA",
        "cnae": [e.cnae_principal, *e.cnae_secundarios], "natureza_juridica": e.natureza, "mei": None}
