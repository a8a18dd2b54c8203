"""Documents that belong to no packet: a personal letter and a restaurant receipt (type unknown)."""

from __future__ import annotations

from samples.gen import pdf

MM = pdf.MM


def carta() -> tuple[bytes, dict]:
    d = pdf.Doc("Carta", "")
    c = d.c
    x0, wd = 70, pdf.W - 140
    y = pdf.H - 90
    c.setFont("Times-Italic", 12)
    c.drawRightString(x0 + wd, y, "Gramado, 8 de fevereiro de 2026.")
    y -= 40
    c.drawString(x0, y, "Querida tia Marlene,")
    y -= 26
    texto = (
        "Espero que esta carta a encontre bem e com saúde. Por aqui está tudo tranquilo: as hortênsias "
        "floresceram bonitas este ano e o pai finalmente terminou de consertar a cerca do pátio.\n\n"
        "A Júlia começou as aulas de piano e já toca uma musiquinha inteira, toda orgulhosa. O Pedro "
        "passou de ano e agora só fala no time de futebol da escola. Sentimos muita falta dos seus bolos "
        "de domingo e daquelas conversas compridas na varanda.\n\n"
        "Estamos pensando em visitar a senhora na Páscoa, se o tempo ajudar e a estrada estiver boa. "
        "Mande notícias e diga se precisa que a gente leve alguma coisa daqui da serra.\n\n"
        "Um abraço apertado de todos nós, com muito carinho,")
    y = pdf.para(c, x0, y, wd, texto, "Times-Italic", 12, 18)
    c.setFont("Times-Italic", 13)
    c.drawString(x0 + wd - 120, y - 20, "Beatriz")
    return d.bytes(), {}


def cupom() -> tuple[bytes, dict]:
    width = 80 * MM
    d = pdf.Doc("Cupom", "", pagesize=(width, 150 * MM))
    c = d.c
    y = 150 * MM - 20
    c.setFont("Courier-Bold", 9)
    for t in ["RESTAURANTE SABOR GAUCHO LTDA", "CNPJ 12.345.678/0001-95", "Av. Farrapos, 1520 - Porto Alegre/RS"]:
        c.drawCentredString(width / 2, y, t)
        y -= 11
    c.setFont("Courier", 8)
    y -= 4
    c.drawCentredString(width / 2, y, "DOCUMENTO AUXILIAR DA NOTA FISCAL")
    c.drawCentredString(width / 2, y - 10, "DE CONSUMIDOR ELETRONICA")
    y -= 26
    itens = [("BUFFET LIVRE", 1, 54.90), ("REFRIGERANTE LATA", 2, 6.50), ("SUCO NATURAL", 1, 9.90),
             ("SOBREMESA PUDIM", 2, 12.00), ("CAFE EXPRESSO", 2, 5.50)]
    c.drawString(8, y, "ITEM           QTD   VL.UN   TOTAL")
    y -= 11
    total = 0.0
    for nome, q, v in itens:
        total += q * v
        c.drawString(8, y, f"{nome[:14]:<14} {q:>3} {v:>7.2f} {q * v:>7.2f}".replace(".", ","))
        y -= 10
    y -= 6
    c.setFont("Courier-Bold", 9)
    c.drawString(8, y, f"TOTAL R$ {total:>21.2f}".replace(".", ","))
    c.setFont("Courier", 8)
    c.drawString(8, y - 12, f"CARTAO DE DEBITO {total:>15.2f}".replace(".", ","))
    c.drawString(8, y - 24, "GARCOM: 07   MESA: 12")
    c.drawCentredString(width / 2, y - 44, "CONSUMIDOR NAO IDENTIFICADO")
    c.drawCentredString(width / 2, y - 56, "OBRIGADO PELA PREFERENCIA!")
    c.drawCentredString(width / 2, y - 68, "07/02/2026 13:41:09")
    return d.bytes(), {}
