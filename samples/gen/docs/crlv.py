"""CRLV: the CRLV-e of 2025 (SENATRAN, "- DIGITAL") and of 2020 (DENATRAN, "- ELETRÔNICO"),
and the older paper CRLV ("LABEL: value" lines)."""

from __future__ import annotations

from datetime import date

from samples.gen import pdf, text
from samples.gen.world import Veiculo

LAYOUTS = ("crlve-2025", "crlve-2020", "crlv-papel")
DETRAN = {"RS": "DEPARTAMENTO ESTADUAL DE TRÂNSITO DO RIO GRANDE DO SUL - DETRAN/RS",
          "MG": "DEPARTAMENTO DE TRÂNSITO DE MINAS GERAIS - DETRAN/MG",
          "SP": "DEPARTAMENTO ESTADUAL DE TRÂNSITO DE SÃO PAULO - DETRAN/SP"}


def expected(v: Veiculo, exercicio: int, emissao: date, municipio: str, qr: bool) -> dict:
    obs = f"ALF: {v.alf}" if v.alf else None
    return {
        "placa": v.placa, "renavam": v.renavam, "chassi": v.chassi, "exercicio": exercicio,
        "ano_fabricacao": v.ano_fab, "ano_modelo": v.ano_mod, "categoria": v.categoria,
        "especie_tipo": v.especie_tipo, "tipo_veiculo": v.tipo_veiculo, "lotacao": v.lotacao,
        "proprietario_nome": v.owner_nome, "proprietario_documento": v.owner_doc,
        "data_emissao": emissao.isoformat(), "observacoes": obs, "alienacao": bool(v.alf),
        "municipio": municipio, "qr_code": qr,
    }


def render(v: Veiculo, layout: str, *, exercicio: int, emissao: date, key: str) -> tuple[bytes, dict]:
    municipio = v.owner_municipio.upper()
    if layout == "crlv-papel":
        return _papel(v, exercicio, emissao, municipio), expected(v, exercicio, emissao, municipio, False)
    return _digital(v, layout, exercicio, emissao, municipio, key), expected(v, exercicio, emissao, municipio, True)


def _digital(v: Veiculo, layout: str, exercicio: int, emissao: date, municipio: str, key: str) -> bytes:
    era2025 = layout == "crlve-2025"
    d = pdf.Doc("CRLV-e " + v.placa, f"DETRAN-{v.uf}")
    c = d.c
    x0, top = 22, pdf.H - 24
    lw = 318  # left column
    rx, rw = x0 + lw + 8, pdf.W - 22 - (x0 + lw + 8)
    # header
    c.setLineWidth(0.8)
    c.rect(x0, top - 62, lw, 62)
    pdf.brasao(c, x0 + 26, top - 31, 17)
    c.setFont("Helvetica-Bold", 7.5)
    hdr = (["REPÚBLICA FEDERATIVA DO BRASIL", "MINISTÉRIO DOS TRANSPORTES",
            "SECRETARIA NACIONAL DE TRÂNSITO - SENATRAN"] if era2025 else
           ["REPÚBLICA FEDERATIVA DO BRASIL", "MINISTÉRIO DA INFRAESTRUTURA",
            "DEPARTAMENTO NACIONAL DE TRÂNSITO - DENATRAN"])
    for i, t in enumerate(hdr):
        c.drawCentredString(x0 + lw / 2 + 20, top - 12 - i * 9, t)
    c.setFont("Helvetica-Bold", 8.6)
    c.drawCentredString(x0 + lw / 2 + 20, top - 45, "CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO")
    c.drawCentredString(x0 + lw / 2 + 20, top - 55, "- DIGITAL" if era2025 else "- ELETRÔNICO")
    y = top - 62
    rh = 23.5

    def row(cells):
        # labels of the row first, then its values: the order the real CRLV-e's text layer has
        nonlocal y
        x = x0
        for frac, label, _ in cells:
            pdf.box(c, x, y, lw * frac, rh, label)
            x += lw * frac
        x = x0
        c.setFont("Helvetica-Bold", 9.5)
        for frac, _, value in cells:
            c.drawString(x + 3, y - 5.6 - 9.5 - 3, value)
            x += lw * frac
        y -= rh

    anterior = f"{v.placa_anterior}/{v.uf}" if v.placa_anterior else "*******"
    row([(1, "CÓDIGO RENAVAM", v.renavam)])
    row([(0.5, "PLACA", v.placa), (0.5, "EXERCÍCIO", str(exercicio))])
    row([(0.5, "ANO FABRICAÇÃO", str(v.ano_fab)), (0.5, "ANO MODELO", str(v.ano_mod))])
    row([(1, "NÚMERO DO CRV", v.crv)])
    row([(0.7, "CÓDIGO DE SEGURANÇA DO CLA", v.cla), (0.3, "CAT", "***")])
    row([(1, "MARCA / MODELO / VERSÃO", v.marca_modelo)])
    row([(1, "ESPÉCIE / TIPO", v.especie_tipo)])
    row([(0.4, "PLACA ANTERIOR / UF", anterior), (0.6, "CHASSI", v.chassi)])
    row([(0.5, "COR PREDOMINANTE", v.cor), (0.5, "COMBUSTÍVEL", v.combustivel)])
    row([(0.25, "CATEGORIA", v.categoria), (0.2, "CAPACIDADE", v.capacidade),
         (0.3, "POTÊNCIA/CILINDRADA", v.potencia), (0.25, "PESO BRUTO TOTAL", v.pbt)])
    row([(0.4, "MOTOR", v.motor), (0.2, "CMT", v.cmt), (0.2, "EIXOS", v.eixos),
         (0.2, "LOTAÇÃO", v.lotacao_impressa)])
    row([(1, "CARROCERIA", v.carroceria)])
    row([(1, "NOME", v.owner_nome)])
    row([(0.4, "CPF / CNPJ", text.doc(v.owner_doc)), (0.38, "LOCAL", f"{municipio} {v.uf}"),
         (0.22, "DATA", text.dmy(emissao))])
    # digital signature block
    c.rect(x0, y - 50, lw, 50)
    c.setFont("Helvetica-Bold", 7)
    c.drawString(x0 + 6, y - 12, "ASSINATURA DIGITAL DO DETRAN")
    c.setFont("Helvetica", 6.2)
    c.drawString(x0 + 6, y - 22, "Documento assinado digitalmente conforme MP nº 2.200-2/2001, que institui a ICP-Brasil.")
    c.drawString(x0 + 6, y - 31, DETRAN[v.uf])
    c.drawString(x0 + 6, y - 40, "Código de autenticidade: " + pdf.opaque_payload(key + ":auth", 24))
    y_left_end = y - 50

    # right column
    ry = top
    pdf.box(c, rx, ry, rw, 132, "OBSERVAÇÕES DO VEÍCULO",
            (f"ALF: {v.alf}" if v.alf else ""), value_lines=3, value_size=8.5)
    ry -= 132
    msg_label = "MENSAGENS SENATRAN" if era2025 else "MENSAGENS DENATRAN"
    pdf.box(c, rx, ry, rw, 70, msg_label,
            "O PORTE DESTE DOCUMENTO É OBRIGATÓRIO. VERIFIQUE A AUTENTICIDADE PELO QR CODE.",
            value_lines=3, value_size=6.8, value_font="Helvetica")
    ry -= 70
    c.rect(rx, ry - 150, rw, 150)
    pdf.qr(c, pdf.opaque_payload(key), rx + (rw - 118) / 2, ry - 134, 118)
    c.setFont("Helvetica", 6)
    c.drawCentredString(rx + rw / 2, ry - 144, "Consulte a autenticidade no app Carteira Digital de Trânsito")
    ry -= 150
    if era2025:
        pdf.box(c, rx, ry, rw, max(40, ry - y_left_end),
                "INFORMAÇÕES DO SEGURO DPVAT", "*****", value_size=8)
    else:
        h = 16
        c.setFont("Helvetica-Bold", 7)
        c.rect(rx, ry - 14, rw, 14)
        c.drawString(rx + 4, ry - 10, "DADOS DO SEGURO DPVAT")
        ry -= 14
        for (lab, val) in [("CAT. TARIF.", "10"), ("DATA DE QUITAÇÃO", f"12/01/{exercicio}"),
                           ("REPASSE OBRIGATÓRIO AO FUNDO NACIONAL DE SAÚDE", "R$ 4,72"),
                           ("VALOR TOTAL", "R$ 10,57")]:
            pdf.box(c, rx, ry, rw, h + 6, lab, val, value_size=7.5)
            ry -= h + 6
    # cut line and instructions below
    c.setDash(3, 3)
    c.line(22, y_left_end - 18, pdf.W - 22, y_left_end - 18)
    c.setDash()
    c.setFont("Helvetica", 7)
    c.drawString(24, y_left_end - 32, "Este documento deve ser impresso em papel A4 em branco, sem redução ou alteração, "
                 "e pode ser portado em meio digital.")
    return d.bytes()


def _papel(v: Veiculo, exercicio: int, emissao: date, municipio: str) -> bytes:
    """The pre-2021 security-paper CRLV, printed by dot-matrix in another label order."""
    d = pdf.Doc("CRLV " + v.placa, f"DETRAN-{v.uf}")
    c = d.c
    x0, top = 50, pdf.H - 60
    c.setLineWidth(1)
    c.rect(x0 - 12, top - 420, pdf.W - 2 * (x0 - 12), 440)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x0, top, "REPÚBLICA FEDERATIVA DO BRASIL")
    c.drawString(x0, top - 11, f"DEPARTAMENTO ESTADUAL DE TRÂNSITO - DETRAN/{v.uf}")
    c.setFont("Helvetica-Bold", 10.5)
    c.drawString(x0, top - 27, "CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO")
    c.setFont("Helvetica", 7)
    c.drawRightString(pdf.W - x0, top, "Nº 0" + v.crv[:9])
    c.drawRightString(pdf.W - x0, top - 11, "VIA 01")
    rows = [
        ("COD. RENAVAM", v.renavam), ("EXERCICIO", str(exercicio)),
        ("NOME", v.owner_nome), ("CPF/CNPJ", text.doc(v.owner_doc)),
        ("PLACA", v.placa + f"   UF: {v.uf}"), ("CHASSI", v.chassi),
        ("ESPECIE/TIPO", v.especie_tipo), ("COMBUSTIVEL", v.combustivel),
        ("MARCA/MODELO", v.marca_modelo), ("ANO FAB", str(v.ano_fab)),
        ("ANO MOD", str(v.ano_mod)), ("CAP/POT/CIL", f"{v.capacidade}/{v.potencia}"),
        ("CATEGORIA", v.categoria), ("COR PREDOMINANTE", v.cor),
        ("LOTACAO", f"{v.lotacao}P"), ("PESO BRUTO TOTAL", v.pbt),
        ("LOCAL", f"{municipio} {v.uf}"), ("DATA", text.dmy(emissao)),
        ("PREMIO TARIFARIO DPVAT", "R$ 10,57"), ("DATA QUITACAO", text.dmy(emissao)),
    ]
    if v.alf:
        rows.insert(16, ("OBSERVACOES", f"ALF: {v.alf}"))
    y = top - 50
    c.setFont("Courier-Bold", 10)
    for lab, val in rows:
        c.drawString(x0, y, f"{lab}: {val}")
        y -= 17
    c.setFont("Helvetica", 6.5)
    c.drawString(x0, top - 405, "DOCUMENTO DE PORTE OBRIGATÓRIO - VÁLIDO SOMENTE NO ORIGINAL SEM EMENDAS OU RASURAS")
    return d.bytes()
