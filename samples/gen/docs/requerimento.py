"""Requerimento à METROPLAN de autorização para viagens especiais (Art. 4º, I)."""

from __future__ import annotations

from datetime import date

from samples.gen import pdf, text
from samples.gen.world import Contrato, Empresa, Pessoa, Veiculo

OBJETO = "Autorização para Viagens Especiais de Fretamento Contínuo Escolar"


def render(e: Empresa, k: Contrato, veiculos: list[Veiculo], data: date) -> tuple[bytes, dict]:
    d = pdf.Doc("Requerimento METROPLAN", e.razao)
    c = d.c
    x0, wd = 50, pdf.W - 100
    y = pdf.H - 60
    pdf.brasao(c, x0 + 16, y - 8, 16)
    c.setFont("Helvetica-Bold", 10)
    c.drawString(x0 + 42, y, "ESTADO DO RIO GRANDE DO SUL")
    c.drawString(x0 + 42, y - 12, "FUNDAÇÃO ESTADUAL DE PLANEJAMENTO METROPOLITANO E REGIONAL - METROPLAN")
    c.setFont("Helvetica", 9)
    c.drawString(x0 + 42, y - 24, "Diretoria de Transporte Metropolitano - Divisão de Cadastro e Fretamento (DCF)")
    y -= 60
    c.setFont("Helvetica-Bold", 14)
    c.drawCentredString(pdf.W / 2, y, "REQUERIMENTO")
    c.setFont("Helvetica-Bold", 10)
    c.drawCentredString(pdf.W / 2, y - 15, "FRETAMENTO CONTÍNUO ESCOLAR")
    y -= 40
    ct = k.contratante
    rows = [("REQUERENTE (RAZÃO SOCIAL)", e.razao), ("CNPJ", text.cnpj(e.cnpj)),
            ("ENDEREÇO", e.endereco.linha()), ("TELEFONE / E-MAIL", f"{e.telefone} / {e.email}"),
            ("OBJETO DO REQUERIMENTO", OBJETO),
            ("CONTRATO Nº / CONTRATANTE", f"{k.numero} - {ct.nome if isinstance(ct, Pessoa) else ct.razao}"),
            ("VIGÊNCIA DO CONTRATO", f"{text.dmy(k.inicio)} a {text.dmy(k.fim)}"),
            ("VEÍCULO(S) - PLACA", ", ".join(f"{v.placa} ({v.marca_modelo}, {v.lotacao} lugares)" for v in veiculos))]
    for lab, val in rows:
        pdf.box(c, x0, y, wd, 30, lab, val, value_size=9.5 if len(val) < 80 else 8, label_size=6.5)
        y -= 30
    y -= 18
    y = pdf.para(c, x0, y, wd, f"{e.razao}, acima qualificada, vem requerer à METROPLAN a concessão de "
                 f"{OBJETO} para o(s) veículo(s) acima relacionado(s), nos termos da Resolução do CETM que "
                 "disciplina o serviço, juntando para tanto a documentação exigida no seu Art. 4º. Declara, sob "
                 "as penas da lei, serem verdadeiras as informações prestadas.", "Helvetica", 10, 14)
    y -= 10
    c.setFont("Helvetica", 10)
    c.drawString(x0, y, "Nestes termos, pede deferimento.")
    c.drawString(x0, y - 30, f"{e.endereco.municipio}, {text.longa(data)}.")
    s = e.socios[0]
    pdf.signature_line(c, pdf.W / 2 - 120, y - 110, 240, [s.nome, f"Sócio-administrador - {e.razao}"],
                       "req:" + e.razao, size=8.5)
    pdf.stamp(c, pdf.W - 200, y - 190, [e.razao, f"CNPJ {text.cnpj(e.cnpj)}"], angle=-3, size=7)
    c.setFont("Helvetica", 7)
    c.drawString(x0, 40, "Formulário disponível em www.metroplan.rs.gov.br - protocolo na DCF/METROPLAN")
    return d.bytes(), {"titular_nome": e.razao, "titular_documento": e.cnpj,
                       "data_emissao": data.isoformat(), "objeto": OBJETO}
