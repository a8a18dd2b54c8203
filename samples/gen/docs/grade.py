"""Grade de itinerário (modelo METROPLAN, Anexo III) (Art. 4º, VII; Art. 7º)."""

from __future__ import annotations

from samples.gen import pdf
from samples.gen.world import Contrato


def render(k: Contrato, itinerario: str, horarios: str, locais: str) -> tuple[bytes, dict]:
    d = pdf.Doc(f"Grade de itinerário {k.numero}", "METROPLAN")
    c = d.c
    x0, wd = 45, pdf.W - 90
    y = pdf.H - 55
    c.setFont("Helvetica-Bold", 10)
    c.drawCentredString(pdf.W / 2, y, "FUNDAÇÃO ESTADUAL DE PLANEJAMENTO METROPOLITANO E REGIONAL - METROPLAN")
    c.setFont("Helvetica-Bold", 13)
    c.drawCentredString(pdf.W / 2, y - 20, "ANEXO III - GRADE DE ITINERÁRIO")
    c.setFont("Helvetica", 9.5)
    c.drawCentredString(pdf.W / 2, y - 34, "Fretamento Contínuo Escolar")
    y -= 60
    rows = [("TRANSPORTADORA", k.contratado.razao), ("CONTRATO Nº", k.numero),
            ("MUNICÍPIO DE ORIGEM", k.origem), ("MUNICÍPIO DE DESTINO", k.destino),
            ("INSTITUIÇÃO DE DESTINO", k.instituicao.fantasia if k.instituicao else "-")]
    for lab, val in rows:
        pdf.box(c, x0, y, wd, 28, lab, val, label_size=6.5)
        y -= 28
    for lab, val in [("ITINERÁRIO", itinerario), ("HORÁRIOS", horarios), ("LOCAIS DE EMBARQUE", locais)]:
        n = len(pdf.lines(val, "Helvetica-Bold", 9.5, wd - 6))
        h = 16 + 12 * n
        pdf.box(c, x0, y, wd, h, lab, val, label_size=6.5, value_lines=n)
        y -= h
    y -= 40
    c.setFont("Helvetica", 9)
    c.drawString(x0, y, "Dias de operação: segunda a sexta-feira, conforme calendário letivo.")
    s = k.contratado.socios[0]
    pdf.signature_line(c, pdf.W / 2 - 110, y - 80, 220, [s.nome, k.contratado.razao], "grade", size=8)
    return d.bytes(), {"contrato_numero": k.numero, "origem": k.origem, "destino": k.destino,
                       "itinerario": itinerario, "horarios": horarios}
