"""Comprovante de endereço: an electricity bill ("energia") and a water bill ("agua"), each with
the customer, the supply address, the reference month, due date and amount."""

from __future__ import annotations

from datetime import date, timedelta

from reportlab.lib import colors

from samples.gen import ids, pdf, text
from samples.gen.world import Endereco

LAYOUTS = ("energia", "agua")
MESES = ["JAN", "FEV", "MAR", "ABR", "MAI", "JUN", "JUL", "AGO", "SET", "OUT", "NOV", "DEZ"]
ENERGIA = {"RS": ("DISTRIBUIDORA GAÚCHA DE ENERGIA S.A.", "92.715.812/0001-31"),
           "MG": ("COMPANHIA ENERGÉTICA DO VALE DO RIO DOCE", "17.155.730/0001-64"),
           "SP": ("ENERGIA PAULISTA DISTRIBUIÇÃO S.A.", "61.695.227/0001-93")}
AGUA = {"RS": ("COMPANHIA RIOGRANDENSE DE ÁGUAS", "92.802.784/0001-90"),
        "MG": ("SANEAMENTO DO VALE DO AÇO - SAVA", "17.281.106/0001-03"),
        "SP": ("SERVIÇO AUTÔNOMO DE ÁGUA E ESGOTO DE GUARULHOS", "46.523.098/0001-40")}


def _masked(doc: str) -> str:
    """Personal bills print the CPF masked (LGPD); company bills print the CNPJ in full."""
    return f"***.{doc[3:6]}.{doc[6:9]}-**" if len(doc) == 11 else text.cnpj(doc)


def render(nome: str, doc: str, end: Endereco, emissao: date, layout: str, key: str) -> tuple[bytes, dict]:
    empresa, cnpj = (ENERGIA if layout == "energia" else AGUA)[end.uf]
    ref = f"{MESES[(emissao.month - 2) % 12]}/{emissao.year if emissao.month > 1 else emissao.year - 1}"
    venc = emissao + timedelta(days=12)
    r = ids.rng("conta:" + key)
    d = pdf.Doc("Conta " + ref, empresa)
    c = d.c
    x0, wd = 40, pdf.W - 80
    top = pdf.H - 40
    c.setFillColor(colors.HexColor("#e9eef5" if layout == "energia" else "#e6f2ec"))
    c.rect(x0, top - 60, wd, 60, stroke=0, fill=1)
    c.setFillColor(colors.black)
    c.setFont("Helvetica-Bold", 13)
    c.drawString(x0 + 10, top - 22, empresa)
    c.setFont("Helvetica", 8)
    c.drawString(x0 + 10, top - 35, f"CNPJ {cnpj}")
    fone = f"0800 {ids.digits('tel:' + empresa, 3)} {ids.digits('tel2:' + empresa, 4)}"
    c.drawString(x0 + 10, top - 46, "Atendimento 24h: " + fone)
    c.setFont("Helvetica-Bold", 11)
    title = "NOTA FISCAL / CONTA DE ENERGIA ELÉTRICA" if layout == "energia" else "CONTA DE ÁGUA E ESGOTO"
    c.drawString(x0, top - 80, title)
    c.setFont("Helvetica", 8.5)
    c.drawRightString(x0 + wd, top - 80, f"Nº {ids.digits('nf:' + key, 9)}  Série B")
    y = top - 106
    masked = _masked(doc)
    rows = [("NOME DO CLIENTE", nome), ("CPF/CNPJ", masked),
            ("ENDEREÇO", f"{end.logradouro}, {end.numero} - {end.bairro}".upper()),
            ("MUNICÍPIO", end.municipio.upper()), ("UF", end.uf), ("CEP", text.cep(end.cep))]
    for lab, val in rows:
        c.setFont("Helvetica-Bold", 9)
        c.drawString(x0, y, lab + ":")
        c.setFont("Helvetica", 10)
        c.drawString(x0 + 120, y, val)
        y -= 16
    y -= 10
    boxes = [(0.25, "REFERÊNCIA", ref), (0.25, "VENCIMENTO", text.dmy(venc)),
             (0.25, "DATA DE EMISSÃO", text.dmy(emissao)), (0.25, "TOTAL A PAGAR", "")]
    consumo = r.randint(140, 2600) if layout == "energia" else r.randint(9, 60)
    total = round(consumo * (0.92 if layout == "energia" else 7.4) + r.randint(0, 99) / 100, 2)
    boxes[3] = (0.25, "TOTAL A PAGAR", text.money(total))
    x = x0
    for f, lab, val in boxes:
        pdf.box(c, x, y, wd * f, 32, lab, val, value_size=11, label_size=6.5)
        x += wd * f
    y -= 50
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x0, y, "DEMONSTRATIVO DE CONSUMO")
    y -= 14
    unit = "kWh" if layout == "energia" else "m³"
    c.setFont("Helvetica", 9)
    for i in range(6):
        m = MESES[(emissao.month - 2 - i) % 12]
        q = max(1, int(consumo * (0.85 + r.random() * 0.3)))
        c.drawString(x0 + 10, y, f"{m}")
        c.rect(x0 + 50, y - 1, q / consumo * 160, 8, stroke=0, fill=1)
        c.drawString(x0 + 230, y, f"{q} {unit}")
        y -= 12
    y -= 16
    c.setFont("Helvetica", 8)
    pdf.para(c, x0, y, wd, "Conta com vencimento em débito automático não quitado até a data de vencimento estará "
             "sujeita a multa de 2% e juros de mora de 1% ao mês. Mantenha seus dados cadastrais atualizados.",
             "Helvetica", 8, 10.5)
    c.setFont("Courier", 9)
    c.drawString(x0, 120, f"8366{ids.digits('cb1:' + key, 7)} {ids.digits('cb2:' + key, 11)} "
                          f"{ids.digits('cb3:' + key, 11)} {ids.digits('cb4:' + key, 11)}")
    return d.bytes(), {"titular_nome": nome, "titular_documento": doc if len(doc) == 14 else None,
                       "endereco": rows[2][1], "municipio": end.municipio.upper(), "uf": end.uf,
                       "data_emissao": emissao.isoformat()}
