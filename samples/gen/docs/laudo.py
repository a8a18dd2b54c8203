"""Laudo de Inspeção Técnica de Segurança Veicular (METROPLAN) (Art. 4º, IV)."""

from __future__ import annotations

from datetime import date

from samples.gen import ids, pdf, text
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
    y = _rows(c, x0, y, wd, rows)
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
                       "placa": v.placa, "chassi": v.chassi, "renavam": v.renavam, "lotacao": v.lotacao,
                       "data_emissao": inspecao.isoformat(),
                       "validade": validade.isoformat(), "resultado": "aprovado", "emissor": "metroplan"}


# ---------------------------------------------------------------- the other acts' inspections

ORGAOS = {
    "itv-santa-maria": dict(
        head=["PREFEITURA MUNICIPAL DE SANTA MARIA", "SECRETARIA DE MUNICÍPIO DE MOBILIDADE URBANA",
              "Serviço de Cadastro e Fiscalização de Transportes"],
        title="LAUDO DE INSPEÇÃO TÉCNICA VEICULAR - ITV", sub="Transporte coletivo de passageiros sob regime de fretamento",
        numero_label="LAUDO / SELO Nº", emissor="municipio",
        vistoriador=("RICARDO P. BERTOLDI", "Fiscal de Transportes - Matrícula 24.118"),
        texto=("Certificamos que o veículo acima identificado foi submetido à inspeção técnica veicular (ITV) prevista no "
               "Art. 14 da Lei Municipal de 29/05/2018, tendo recebido o selo de vistoria com a validade indicada.")),
    "detra-ipatinga": dict(
        head=["PREFEITURA MUNICIPAL DE IPATINGA", "SECRETARIA MUNICIPAL DE SERVIÇOS URBANOS E MEIO AMBIENTE - SESUMA",
              "DEPARTAMENTO DE TRANSPORTE E TRÂNSITO - DETRA / SETREC"],
        title="LAUDO DE VISTORIA VEICULAR", sub="Transporte especial escolar - vistoria semestral (Art. 31)",
        numero_label="LAUDO Nº", emissor="municipio", vistoriador=("ANDERSON L. FAGUNDES", "Vistoriador DETRA - Matrícula 7.342"),
        texto=("Atestamos que o veículo acima identificado foi vistoriado pela Seção de Transportes Especiais e Coletivos "
               "(SETREC) e atende às exigências do Código de Trânsito Brasileiro (arts. 136 a 139) e da Lei Municipal "
               "do transporte especial escolar, recebendo o selo comprobatório do semestre.")),
    "emtu": dict(
        head=["EMTU/SP - EMPRESA METROPOLITANA DE TRANSPORTES URBANOS DE SÃO PAULO S.A.",
              "Secretaria de Estado dos Transportes Metropolitanos", "Gerência de Fiscalização - Fretamento"],
        title="CERTIFICADO DE VISTORIA", sub="Serviço de fretamento metropolitano",
        numero_label="CERTIFICADO Nº", emissor="emtu", vistoriador=("MÁRCIO T. YAMADA", "Vistoriador EMTU/SP - Credencial 3.905"),
        texto=("Certificamos que o veículo acima identificado foi vistoriado e aprovado para operar no serviço de "
               "fretamento metropolitano, conforme os Arts. 16 e 17 do Regulamento, estando equipado com tacógrafo "
               "em funcionamento.")),
}
ITENS_ESCOLAR = ["Faixa amarela lateral \"ESCOLAR\"", "Cintos de segurança", "Tacógrafo", "Lanternas e pisca-alerta",
                 "Pneus e rodas", "Freios", "Extintor de incêndio", "Saídas de emergência"]


def render_orgao(orgao: str, v: Veiculo, numero: str, inspecao: date, validade: date | None,
                 resultado: str = "aprovado") -> tuple[bytes, dict]:
    """An inspection report of a municipal body or the EMTU."""
    s = ORGAOS[orgao]
    d = pdf.Doc(f"{s['title']} {numero}", s["head"][0])
    c = d.c
    x0, wd = 40, pdf.W - 80
    y = pdf.H - 50
    pdf.brasao(c, x0 + 16, y - 10, 16)
    for i, t in enumerate(s["head"]):
        c.setFont("Helvetica-Bold" if i == 0 else "Helvetica", 9.5 if i == 0 else 8.5)
        c.drawString(x0 + 42, y - i * 12, t)
    y -= 60
    c.setFont("Helvetica-Bold", 14)
    c.drawCentredString(pdf.W / 2, y, s["title"])
    c.setFont("Helvetica", 9)
    c.drawCentredString(pdf.W / 2, y - 14, s["sub"])
    y -= 32
    rows = [[(0.34, s["numero_label"], numero), (0.33, "DATA DA VISTORIA", text.dmy(inspecao)),
             (0.33, "VALIDADE", text.dmy(validade) if validade else "-")],
            [(0.66, "PROPRIETÁRIO", v.owner_nome), (0.34, "CPF / CNPJ", text.doc(v.owner_doc))],
            [(0.25, "PLACA", v.placa), (0.4, "CHASSI", v.chassi), (0.35, "RENAVAM", v.renavam)],
            [(0.55, "MARCA / MODELO", v.marca_modelo), (0.2, "ANO FAB/MOD", f"{v.ano_fab}/{v.ano_mod}"),
             (0.25, "LOTAÇÃO", f"{v.lotacao} lugares")]]
    y = _rows(c, x0, y, wd, rows)
    y -= 16
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x0, y, "ITENS VISTORIADOS")
    items = ITENS_ESCOLAR if orgao == "detra-ipatinga" else ITENS[:8]
    half = len(items) // 2
    for i, item in enumerate(items):
        col, row = divmod(i, half)
        xx, yy = x0 + col * wd / 2, y - 16 * (row + 1)
        c.setFont("Helvetica", 9)
        c.drawString(xx + 4, yy, item)
        ok = resultado == "aprovado" or i not in (1, 5)
        c.drawRightString(xx + wd / 2 - 10, yy, "CONFORME" if ok else "NÃO CONFORME")
    y -= 16 * half + 26
    c.setLineWidth(1.2)
    c.rect(x0, y - 34, wd, 34)
    c.setFont("Helvetica-Bold", 12)
    c.drawString(x0 + 10, y - 22, f"RESULTADO: {resultado.upper()}")
    y -= 60
    texto = s["texto"] if resultado == "aprovado" else ("O veículo acima identificado foi REPROVADO na vistoria, "
                                                         "devendo ser reapresentado após a correção dos itens não conformes.")
    pdf.para(c, x0, y, wd, texto, "Helvetica", 9.5, 13)
    pdf.signature_line(c, pdf.W / 2 - 110, 130, 220, list(s["vistoriador"]), "laudo:" + orgao, size=8)
    return d.bytes(), {"titular_nome": v.owner_nome, "titular_documento": v.owner_doc, "numero": numero,
                       "placa": v.placa, "chassi": v.chassi, "renavam": v.renavam, "lotacao": v.lotacao,
                       "data_emissao": inspecao.isoformat(),
                       "validade": validade.isoformat() if validade else None, "resultado": resultado,
                       "emissor": s["emissor"]}


def render_crea(v: Veiculo, numero: str, inspecao: date, validade: date, engenheiro: str, crea: str,
                cidade: str) -> tuple[bytes, dict]:
    """The DER/MG declaration by a mechanical engineer registered at the CREA (Art. 4º, II, d)."""
    d = pdf.Doc(f"Declaração {numero}", engenheiro)
    c = d.c
    x0, wd = 60, pdf.W - 120
    y = pdf.H - 60
    c.setFont("Helvetica-Bold", 11)
    c.drawString(x0, y, f"Eng. Mecânico {engenheiro}")
    c.setFont("Helvetica", 9)
    c.drawString(x0, y - 12, f"{crea} - Perícias e laudos técnicos veiculares - {cidade}")
    pdf.hrule(c, x0, x0 + wd, y - 20)
    y -= 60
    c.setFont("Helvetica-Bold", 13)
    c.drawCentredString(pdf.W / 2, y, "DECLARAÇÃO DE CONDIÇÕES TÉCNICAS DO VEÍCULO")
    c.setFont("Helvetica", 9.5)
    c.drawCentredString(pdf.W / 2, y - 14, f"Declaração nº {numero} - Decreto Estadual (DER/MG), Art. 4º, II, d")
    y -= 44
    rows = [("Proprietário", v.owner_nome), ("CPF/CNPJ", text.doc(v.owner_doc)), ("Placa", v.placa),
            ("Chassi", v.chassi), ("RENAVAM", v.renavam), ("Marca/Modelo", v.marca_modelo),
            ("Ano fab./mod.", f"{v.ano_fab}/{v.ano_mod}"), ("Lotação", f"{v.lotacao} lugares")]
    for lab, val in rows:
        c.setFont("Helvetica-Bold", 10)
        c.drawString(x0, y, lab + ":")
        c.setFont("Helvetica", 10.5)
        c.drawString(x0 + 110, y, val)
        y -= 16
    y -= 14
    y = pdf.para(c, x0, y, wd, f"Eu, {engenheiro}, engenheiro mecânico registrado no {crea}, DECLARO, para fins de "
                 "cadastramento no DER/MG, que vistoriei nesta data o veículo acima identificado e que são ADEQUADAS as "
                 "suas condições de manutenção, conservação, segurança e preservação de suas características técnicas, "
                 "estando APROVADO para o serviço fretado de transporte rodoviário intermunicipal de pessoas.",
                 "Helvetica", 11, 16) - 10
    y = pdf.para(c, x0, y, wd, "Esta declaração deve ser renovada a cada seis meses. Anotação de Responsabilidade "
                 f"Técnica (ART) nº {ids.digits('art:' + numero, 13)}.", "Helvetica", 11, 16) - 10
    c.setFont("Helvetica", 10.5)
    c.drawString(x0, y, f"Data da vistoria: {text.dmy(inspecao)}")
    c.drawString(x0, y - 16, f"Válida até: {text.dmy(validade)}")
    c.drawString(x0, y - 40, f"{cidade}, {text.longa(inspecao)}.")
    pdf.signature_line(c, pdf.W / 2 - 110, 150, 220, [engenheiro, crea], "crea:" + numero, size=8.5)
    return d.bytes(), {"titular_nome": v.owner_nome, "titular_documento": v.owner_doc, "numero": numero,
                       "placa": v.placa, "chassi": v.chassi, "renavam": v.renavam, "lotacao": v.lotacao,
                       "data_emissao": inspecao.isoformat(),
                       "validade": validade.isoformat(), "resultado": "aprovado", "emissor": "crea"}


def _rows(c, x0: float, y: float, wd: float, rows) -> float:
    """Rows of labelled boxes, each row's widths as fractions of `wd`; the y below them."""
    for r in rows:
        x = x0
        for f, lab, val in r:
            pdf.box(c, x, y, wd * f, 26, lab, val, value_size=9.5, label_size=6.5)
            x += wd * f
        y -= 26
    return y
