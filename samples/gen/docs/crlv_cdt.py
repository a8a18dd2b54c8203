"""CRLV-e as the Carteira Digital de Trânsito issues it, drawn on the grid measured from real
pages (shared/domain/crlv-e-layout.md): every label at its measured position (A4 portrait, mm
from the top-left corner), its value printed below it and left-aligned with it, the other
column's labels on the same text rows, the QR code between the columns with its caption
rotated 90° (set as a producer sets it: one text object turned by its text matrix, drawn after
the owner's name), the masked DPVAT block, and the text layer in the real order (the labels of
a row, then their values).

Layouts:
  cdt-senatran  2024-2026, MINISTÉRIO DOS TRANSPORTES / SENATRAN, "... - DIGITAL", MENSAGENS SENATRAN
  cdt-denatran  2020-2023, MINISTÉRIO DA INFRAESTRUTURA / DENATRAN, same grid, MENSAGENS DENATRAN
  cdt-sp        São Paulo's DENATRAN page, "... - ELETRÔNICO": rows moved, CAPACIDADE/CMT/EIXOS
                elsewhere, the RENAVAM again beside "DETRAN- SP" and under "ASSINADO DIGITALMENTE
                PELO DETRAN". Rows the layout notes do not measure for SP are placed on its
                row pitch (marked "inferred" below).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from samples.gen import ids, pdf, text
from samples.gen.world import Veiculo

LAYOUTS = ("cdt-senatran", "cdt-denatran", "cdt-sp")
MM = pdf.MM
H = pdf.H

# the observations that mean the vehicle is financed or leased (crlv-e-layout.md, "Observações")
_LIEN = re.compile(r"AL FID|ALF\b|ALIENA|Arr\.Merc|ARRENDAMENTO|R DOM|RESERVA DE DOM", re.I)

STYLES = {  # font, size (pt), height of the measured word box (mm)
    "label": ("Helvetica", 5.4, 2.8),
    "head": ("Helvetica-Bold", 6.0, 3.1),
    "small": ("Helvetica", 4.6, 2.2),
}
VALUE_FONT, VALUE_SIZE = "Helvetica-Bold", 8.0
VALUE_DROP = 6.8  # mm from a label's top to its value's baseline


@dataclass(frozen=True)
class L:
    """A printed label: its text, left x and top y in mm, the value printed below it."""
    text: str
    x: float
    y: float
    value: str | None = None
    x1: float | None = None  # measured right end: the label is fitted to it
    style: str = "label"
    h: float | None = None  # measured height of the word box, when not the style's


def expected(v: Veiculo, exercicio: int, emissao: date, municipio: str, obs: list[str]) -> dict:
    observacoes = " ".join(obs) if obs else None
    return {
        "placa": v.placa, "renavam": v.renavam, "chassi": v.chassi, "exercicio": exercicio,
        "ano_fabricacao": v.ano_fab, "ano_modelo": v.ano_mod, "categoria": v.categoria,
        "especie_tipo": v.especie_tipo, "tipo_veiculo": v.tipo_veiculo, "lotacao": v.lotacao,
        "proprietario_nome": v.owner_nome, "proprietario_documento": v.owner_doc,
        "data_emissao": emissao.isoformat(), "observacoes": observacoes,
        "alienacao": bool(observacoes and _LIEN.search(observacoes)),
        "municipio": municipio, "qr_code": True,
    }


def render(v: Veiculo, layout: str, *, exercicio: int, emissao: date, key: str, obs: list[str],
           emitido: datetime | None = None, caption_dy: float = 0.0) -> tuple[bytes, dict]:
    """obs: the lines of OBSERVAÇÕES DO VEÍCULO as printed (`S/REST; NAC`, `AL FID:<CREDOR>`,
    `Eixos Fixos:3`, ...). emitido: when the PDF was generated (the footer line); default the
    DATA of the CRLV at a time drawn from the key. caption_dy: mm the QR caption is set lower
    than measured (another state's or year's page places it a little elsewhere; 0 for the
    samples)."""
    assert layout in LAYOUTS, layout
    municipio = v.owner_municipio.upper()
    if emitido is None:
        r = ids.rng("emitido:" + key)
        emitido = datetime(emissao.year, emissao.month, emissao.day, r.randint(7, 19), r.randint(0, 59),
                           r.randint(0, 59))
    body = _draw(v, layout, exercicio, emissao, municipio, key, obs, emitido, caption_dy)
    return body, expected(v, exercicio, emissao, municipio, obs)


# ---------------------------------------------------------------- the grids


def _anterior(v: Veiculo) -> str:
    return f"{v.placa_anterior}/{v.uf}" if v.placa_anterior else "*******/**"


def _rows_rs(v: Veiculo, exercicio: int, emissao: date, municipio: str,
             footer: str) -> list[list[L]]:
    """The RS grid (SENATRAN 2024-2026; the DENATRAN 2020-2023 page is the same to 0.1 mm)."""
    title = "CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO - DIGITAL"
    return [
        [L(title, 10.9, 22.0, x1=83.6, style="head"),
         L("CATEGORIA", 111.7, 22.2, v.categoria, x1=122.7),
         L("CAPACIDADE", 180.1, 22.2, v.capacidade, x1=192.4)],
        [L("CÓDIGO RENAVAM", 10.9, 31.4, v.renavam, x1=29.0)],
        [L("POTÊNCIA/CILINDRADA", 111.7, 35.7, v.potencia, x1=134.0),
         L("PESO BRUTO TOTAL", 180.0, 35.7, v.pbt)],
        [L("PLACA", 10.9, 40.6, v.placa, x1=17.1), L("EXERCÍCIO", 36.2, 40.6, str(exercicio))],
        [L("MOTOR", 111.7, 45.0, v.motor, x1=119.1), L("CMT", 159.8, 45.0, v.cmt),
         L("EIXOS", 177.8, 45.0, v.eixos), L("LOTAÇÃO", 189.9, 45.0, v.lotacao_impressa)],
        [L("ANO FABRICAÇÃO", 10.9, 49.9, str(v.ano_fab), x1=28.1),
         L("ANO MODELO", 36.2, 49.9, str(v.ano_mod))],
        [L("CARROCERIA", 111.7, 54.2, v.carroceria, x1=123.9)],
        [L("NÚMERO DO CRV", 10.9, 59.1, v.crv, x1=27.6)],
        [L("NOME", 111.7, 63.5, v.owner_nome, x1=117.8)],
        [L("CPF / CNPJ", 163.3, 74.0, text.doc(v.owner_doc), x1=173.2)],
        [L("CÓDIGO DE SEGURANÇA DO CLA", 10.9, 83.3, v.cla, x1=42.1), L("CAT", 57.1, 83.3, "***"),
         L("LOCAL", 111.7, 83.3, f"{municipio} {v.uf}"), L("DATA", 179.9, 83.3, text.dmy(emissao))],
        [L("MARCA / MODELO / VERSÃO", 10.9, 95.8, v.marca_modelo, x1=37.7),
         L("ASSINADO DIGITALMENTE PELO DETRAN", 135.2, 95.8)],
        [L("DADOS DO SEGURO DPVAT", 111.2, 101.5, x1=140.7, style="head")],
        [L("ESPÉCIE / TIPO", 10.9, 108.2, v.especie_tipo, x1=24.8), L("CAT. TARIF", 111.7, 108.2, "*"),
         L("DATA DE QUITAÇÃO", 137.1, 108.2, "*"), L("PAGAMENTO", 164.8, 108.2, "*")],
        [L("REPASSE OBRIGATÓRIO AO", 111.7, 118.8), L("CUSTO DO", 150.6, 118.8),
         L("CUSTO EFETIVO", 173.4, 118.8),
         L("PLACA ANTERIOR / UF", 10.9, 120.6, _anterior(v), x1=31.6),
         L("CHASSI", 46.0, 120.6, v.chassi, x1=52.9),
         L("FUNDO NACIONAL DE SAÚDE (R$)", 111.7, 122.2, "*"), L("BILHETE (R$)", 150.6, 122.2, "*"),
         L("DO SEGURO (R$)", 173.4, 122.2, "*")],
        [L("REPASSE OBRIGATÓRIO AO", 111.7, 131.3), L("VALOR TOTAL A SER PAGO", 173.4, 131.3, x1=197.6),
         L("COR PREDOMINANTE", 10.9, 133.1, v.cor, x1=31.3), L("COMBUSTÍVEL", 36.1, 133.1, v.combustivel),
         L("DEPARTAMENTO NACIONAL DE TRÂNSITO (R$)", 111.7, 134.7, "*", x1=153.6),
         L("VALOR DO IOF (R$)", 155.2, 134.7, "*", x1=171.7), L("PELO SEGURADO (R$)", 173.4, 134.7, "*")],
        [L(footer, 11.0, 145.2, style="small")],
        [L("OBSERVAÇÕES DO VEÍCULO", 9.8, 149.9, x1=40.0, style="head", h=3.2),
         L("INFORMAÇÕES DO SEGURO DPVAT", 111.2, 149.9, style="head", h=3.2)],
    ]


def _rows_sp(v: Veiculo, exercicio: int, emissao: date, municipio: str, footer: str) -> list[list[L]]:
    """São Paulo's DENATRAN "- ELETRÔNICO" page (2020). Measured: the title row (18.5),
    CÓDIGO RENAVAM 32.1, PLACA 46.6, ANO FABRICAÇÃO 61.0, ESPÉCIE / TIPO 80.7, PLACA ANTERIOR
    / UF and CHASSI 110.4, COR PREDOMINANTE 125.2 (COMBUSTÍVEL at x 46.0), CAPACIDADE at x
    169.3, CMT 154.0, EIXOS 171.9. Inferred on the page's row pitch: NÚMERO DO CRV 70.9, the
    CLA row 90.6, MARCA / MODELO / VERSÃO 100.5, and the right column from 27.8 down by 9.3 mm
    (so CARROCERIA shares PLACA's row and CAT. TARIF shares MARCA's)."""
    title = "CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO - ELETRÔNICO"
    return [
        [L(title, 10.9, 18.3, style="head"),
         L("CATEGORIA", 111.7, 18.5, v.categoria, x1=122.7),
         L("CAPACIDADE", 169.3, 18.5, v.capacidade)],
        [L("POTÊNCIA/CILINDRADA", 111.7, 27.8, v.potencia, x1=134.0),
         L("PESO BRUTO TOTAL", 180.0, 27.8, v.pbt)],
        [L("CÓDIGO RENAVAM", 10.9, 32.1, v.renavam, x1=29.0)],
        [L("MOTOR", 111.7, 37.1, v.motor, x1=119.1), L("CMT", 154.0, 37.1, v.cmt),
         L("EIXOS", 171.9, 37.1, v.eixos), L("LOTAÇÃO", 189.9, 37.1, v.lotacao_impressa)],
        [L("PLACA", 10.9, 46.6, v.placa, x1=17.1), L("EXERCÍCIO", 36.2, 46.6, str(exercicio)),
         L("CARROCERIA", 111.7, 46.4, v.carroceria, x1=123.9)],
        [L("NOME", 111.7, 55.7, v.owner_nome, x1=117.8)],
        [L("ANO FABRICAÇÃO", 10.9, 61.0, str(v.ano_fab), x1=28.1),
         L("ANO MODELO", 36.2, 61.0, str(v.ano_mod))],
        [L("CPF / CNPJ", 163.3, 66.2, text.doc(v.owner_doc), x1=173.2)],
        [L("NÚMERO DO CRV", 10.9, 70.9, v.crv, x1=27.6)],
        [L("LOCAL", 111.7, 75.5, f"{municipio} {v.uf}"), L("DATA", 179.9, 75.5, text.dmy(emissao))],
        [L("ESPÉCIE / TIPO", 10.9, 80.7, v.especie_tipo, x1=24.8)],
        [L("ASSINADO DIGITALMENTE PELO DETRAN", 135.2, 84.8, v.renavam)],
        [L("CÓDIGO DE SEGURANÇA DO CLA", 10.9, 90.6, v.cla, x1=42.1), L("CAT", 57.1, 90.6, "***")],
        [L("DADOS DO SEGURO DPVAT", 111.2, 94.5, x1=140.7, style="head")],
        [L("CAT. TARIF", 111.7, 99.9, "*"), L("DATA DE QUITAÇÃO", 137.1, 99.9, "*"),
         L("PAGAMENTO", 164.8, 99.9, "*"),
         L("MARCA / MODELO / VERSÃO", 10.9, 100.5, v.marca_modelo, x1=37.7)],
        [L("REPASSE OBRIGATÓRIO AO", 111.7, 108.6), L("CUSTO DO", 150.6, 108.6),
         L("CUSTO EFETIVO", 173.4, 108.6),
         L("PLACA ANTERIOR / UF", 10.9, 110.4, _anterior(v), x1=31.6),
         L("CHASSI", 46.0, 110.4, v.chassi, x1=52.9),
         L("FUNDO NACIONAL DE SAÚDE (R$)", 111.7, 112.0, "*"), L("BILHETE (R$)", 150.6, 112.0, "*"),
         L("DO SEGURO (R$)", 173.4, 112.0, "*")],
        [L("REPASSE OBRIGATÓRIO AO", 111.7, 123.4), L("VALOR TOTAL A SER PAGO", 173.4, 123.4, x1=197.6),
         L("COR PREDOMINANTE", 10.9, 125.2, v.cor, x1=31.3), L("COMBUSTÍVEL", 46.0, 125.2, v.combustivel),
         L("DEPARTAMENTO NACIONAL DE TRÂNSITO (R$)", 111.7, 126.8, "*", x1=153.6),
         L("VALOR DO IOF (R$)", 155.2, 126.8, "*", x1=171.7), L("PELO SEGURADO (R$)", 173.4, 126.8, "*")],
        [L(footer, 11.0, 137.3, style="small")],
        [L("OBSERVAÇÕES DO VEÍCULO", 9.8, 142.0, x1=40.0, style="head", h=3.2),
         L("INFORMAÇÕES DO SEGURO DPVAT", 111.2, 142.0, style="head", h=3.2)],
    ]


# ---------------------------------------------------------------- drawing


def _y(mm: float) -> float:
    return H - mm * MM


def _baseline(lab: L) -> float:
    """Baseline (mm from the top) that centres the capitals in the measured word box."""
    _, size, h = STYLES[lab.style]
    h = lab.h or h
    cap = 0.718 * size / MM
    return lab.y + h / 2 + cap / 2


def _text(c, s: str, x_mm: float, base_mm: float, font: str, size: float, width_mm: float | None = None):
    t = c.beginText(x_mm * MM, _y(base_mm))
    t.setFont(font, size)
    if width_mm:
        t.setHorizScale(100.0 * width_mm * MM / stringWidth(s, font, size))
    t.textOut(s)
    c.drawText(t)


def _label(c, lab: L):
    font, size, _ = STYLES[lab.style]
    _text(c, lab.text, lab.x, _baseline(lab), font, size, (lab.x1 - lab.x) if lab.x1 else None)


def _value(c, lab: L):
    _text(c, lab.value, lab.x, lab.y + VALUE_DROP, VALUE_FONT, VALUE_SIZE)


CAPTION = "Valide este QRCode com app Vio"
CAPTION_FONT, CAPTION_SIZE = "Helvetica", 8.0  # its glyphs' depth is the measured 3.3 mm (x 96.8-100.1)
ASCENT = 0.956  # of the size: how far a Helvetica glyph box reaches above its baseline (PDFium's box)


def _caption(c, s: str, x0: float, y0: float, y1: float):
    """The QR caption as the CDT's producer sets it: one text object turned 90° by its text
    matrix (it reads upwards), its origin at the foot of the baseline, condensed to the measured
    run (y0 to y1). A text layer gives it one glyph at a time, each glyph's box lying on its
    side and level with a row of the left column ('o' beside CÓDIGO RENAVAM, 'm' beside PLACA,
    'C' beside ANO FABRICAÇÃO)."""
    scale = 100.0 * (y1 - y0) * MM / stringWidth(s, CAPTION_FONT, CAPTION_SIZE)
    base = x0 + ASCENT * CAPTION_SIZE / MM  # the baseline, the glyphs' ascent to its left
    t = c.beginText(0, 0)
    t.setFont(CAPTION_FONT, CAPTION_SIZE)
    t.setHorizScale(scale)
    t.setTextTransform(0, 1, -1, 0, base * MM, _y(y1))
    t.textOut(s)
    c.drawText(t)


def _frame(c, x0: float, y0: float, x1: float, y1: float):
    c.rect(x0 * MM, _y(y1), (x1 - x0) * MM, (y1 - y0) * MM)


def _draw(v: Veiculo, layout: str, exercicio: int, emissao: date, municipio: str, key: str,
          obs: list[str], emitido: datetime, caption_dy: float = 0.0) -> bytes:
    sp = layout == "cdt-sp"
    senatran = layout == "cdt-senatran"
    d = pdf.Doc("CRLV-e", "CDT")
    c = d.c
    code = ids.digits("cdt-unidade:" + v.uf + key, 6)
    footer = (f"Documento emitido por DETRAN {v.uf} ({code}) em {emitido.strftime('%d/%m/%Y')} às "
              f"{emitido.strftime('%H:%M:%S')}.")
    rows = _rows_sp(v, exercicio, emissao, municipio, footer) if sp else \
        _rows_rs(v, exercicio, emissao, municipio, footer)
    dy = -3.7 if sp else 0.0  # the SP page starts higher

    # frames (thin, grey, clear of the text)
    c.setStrokeColor(colors.HexColor("#7a7a7a"))
    c.setLineWidth(0.4)
    obs_top = 140.8 if sp else 148.7
    mid = 136.0 if sp else 143.9
    _frame(c, 8.3, 20.2 + dy, 104.2, mid)
    _frame(c, 109.3, 20.2 + dy, 201.7, mid)
    _frame(c, 8.3, obs_top, 104.2, 236.6)
    _frame(c, 109.3, obs_top, 201.7, 236.6)
    _frame(c, 8.3, 237.8, 201.7, 262.0)
    c.setStrokeColor(colors.black)

    # header
    pdf.brasao(c, 15.0 * MM, _y(11.6 + dy / 2), 4.6 * MM)
    hdr = (["REPÚBLICA FEDERATIVA DO BRASIL", "MINISTÉRIO DOS TRANSPORTES",
            "SECRETARIA NACIONAL DE TRÂNSITO - SENATRAN"] if senatran else
           ["REPÚBLICA FEDERATIVA DO BRASIL", "MINISTÉRIO DA INFRAESTRUTURA",
            "DEPARTAMENTO NACIONAL DE TRÂNSITO - DENATRAN"])
    for i, t in enumerate(hdr):
        _text(c, t, 22.5, 8.2 + dy / 2 + i * 3.3, "Helvetica-Bold", 6.6)
    if sp:
        _text(c, "DETRAN- SP", 150.0, 8.4, "Helvetica-Bold", 7.0)
        _text(c, v.renavam, 166.0, 8.4, VALUE_FONT, VALUE_SIZE)

    # the rows: the labels of a row, then their values (the order of the real text layer)
    qr_top = 31.0
    for i, row in enumerate(rows):
        for lab in row:
            _label(c, lab)
        for lab in row:
            if lab.value:
                _value(c, lab)
        if i == 0:  # the QR code between the columns
            pdf.qr(c, pdf.opaque_payload("cdt:" + key), 59.0 * MM, _y(qr_top + 35.5), 35.5 * MM)
        if any(lab.text == "NOME" for lab in row):  # its caption: in the real text order, after the owner's name
            _caption(c, CAPTION, 96.8, 31.8 + caption_dy, 68.2 + caption_dy)

    # the DETRAN's signature above its caption (RS grid: room between LOCAL's value and it)
    if not sp:
        pdf.signature(c, 147.0 * MM, _y(94.9), 30 * MM, "cdt-detran:" + v.uf)

    # observations, the DPVAT information, the messages
    otop = (142.0 if sp else 149.9) + 3.2
    for i, ln in enumerate(obs):
        _text(c, ln, 10.9, otop + 5.2 + i * 4.4, VALUE_FONT, VALUE_SIZE)
    _text(c, "*", 111.7, otop + 5.2, VALUE_FONT, VALUE_SIZE)
    msg = "MENSAGENS SENATRAN" if senatran else "MENSAGENS DENATRAN"
    m = L(msg, 9.8, 239.1, x1=36.3 if senatran else None, style="head", h=3.2)
    _label(c, m)
    for i, ln in enumerate(["O PORTE DESTE DOCUMENTO É OBRIGATÓRIO, PODENDO SER APRESENTADO EM MEIO DIGITAL "
                            "OU IMPRESSO EM PAPEL A4.",
                            "A AUTENTICIDADE PODE SER CONFERIDA PELA LEITURA DO QR CODE."]):
        _text(c, ln, 10.9, 247.0 + i * 3.6, "Helvetica", 6.2)
    return d.bytes()
