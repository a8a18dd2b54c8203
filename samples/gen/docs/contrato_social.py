"""Contrato social (alteração e consolidação) do transportador (Art. 4º, IX)."""

from __future__ import annotations

from datetime import date, timedelta

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Spacer

from samples.gen import ids, pdf, text
from samples.gen.world import Empresa

OBJETO = ("transporte rodoviário coletivo de passageiros, sob regime de fretamento, municipal, "
          "intermunicipal, interestadual e internacional; transporte escolar; locação de veículos com "
          "motorista; e agenciamento de viagens e turismo")


def render(e: Empresa, data: date) -> tuple[bytes, dict]:
    body = ParagraphStyle("b", fontName="Times-Roman", fontSize=11, leading=15, alignment=TA_JUSTIFY, spaceAfter=7)
    head = ParagraphStyle("h", fontName="Times-Bold", fontSize=11, leading=15, spaceBefore=4)
    title = ParagraphStyle("t", fontName="Times-Bold", fontSize=13, leading=17, alignment=TA_CENTER)
    n = len(e.socios)
    quota = e.capital / n
    quotas = f"{int(e.capital):,}".replace(",", ".")
    socios_txt = "; ".join(
        f"<b>{s.nome}</b>, {s.nacionalidade()}, {s.estado_civil}, {s.profissao}, nascido(a) em "
        f"{text.dmy(s.nascimento)}, portador(a) da Carteira de Identidade nº {s.rg} SSP/RS, inscrito(a) no "
        f"CPF sob o nº {text.cpf(s.cpf)}, residente e domiciliado(a) na {s.endereco.linha()}" for s in e.socios)
    story = [Paragraph(f"{e.razao}", title), Paragraph(f"CNPJ nº {text.cnpj(e.cnpj)} - NIRE {e.nire}", title),
             Spacer(1, 6), Paragraph("CONTRATO SOCIAL - 7ª ALTERAÇÃO E CONSOLIDAÇÃO", title), Spacer(1, 12),
             Paragraph(f"{socios_txt}; únicos sócios da sociedade empresária limitada denominada {e.razao}, com "
                       f"sede na {e.endereco.linha()}, registrada na Junta Comercial, Industrial e Serviços do "
                       f"Rio Grande do Sul sob o NIRE {e.nire}, resolvem alterar e consolidar o contrato social, "
                       "que passa a vigorar com a seguinte redação:", body),
             Paragraph("CLÁUSULA PRIMEIRA - DA DENOMINAÇÃO E SEDE", head),
             Paragraph(f"A sociedade gira sob a denominação social {e.razao}, nome de fantasia {e.fantasia}, "
                       f"com sede na {e.endereco.linha()}.", body),
             Paragraph("CLÁUSULA SEGUNDA - DO OBJETO SOCIAL", head),
             Paragraph(f"A sociedade tem por objeto social: {OBJETO}.", body),
             Paragraph("CLÁUSULA TERCEIRA - DO CAPITAL SOCIAL", head),
             Paragraph(f"O capital social é de {text.valor_extenso(e.capital)}, dividido em {quotas} quotas de "
                       "R$ 1,00 (um real) cada, totalmente integralizado em moeda corrente nacional, assim distribuído "
                       "entre os sócios:", body)]
    for s in e.socios:
        story.append(Paragraph(f"{s.nome} - CPF {text.cpf(s.cpf)}: {text.money(quota)} ({100 // n}%)", body))
    story += [Paragraph(f"Parágrafo único - Capital integralizado: {text.money(e.capital)}.", body),
              Paragraph("CLÁUSULA QUARTA - DA ADMINISTRAÇÃO", head),
              Paragraph(f"A administração da sociedade cabe ao sócio {e.socios[0].nome}, com os poderes e "
                        "atribuições de administrador, autorizado o uso do nome empresarial, vedado, no entanto, "
                        "em atividades estranhas ao interesse social.", body),
              Paragraph("CLÁUSULA QUINTA - DO PRAZO", head),
              Paragraph(f"A sociedade iniciou suas atividades em {text.dmy(e.abertura)} e seu prazo de duração é "
                        "indeterminado.", body),
              Paragraph("CLÁUSULA SEXTA - DO FORO", head),
              Paragraph(f"Fica eleito o foro de {e.endereco.municipio}/RS para o exercício e o cumprimento dos "
                        "direitos e obrigações resultantes deste contrato.", body),
              Paragraph(f"{e.endereco.municipio}, {text.longa(data)}.", body), Spacer(1, 10)]

    def sigs(c, w, h):
        for i, s in enumerate(e.socios):
            pdf.signature_line(c, i * 250, 40, 220, [s.nome, f"CPF {text.cpf(s.cpf)}"], "cs:" + s.cpf, size=8)

    registro = data + timedelta(days=12)

    def stamp(c, w, h):
        pdf.stamp(c, 180, 4, ["JUNTA COMERCIAL, INDUSTRIAL E SERVIÇOS DO RIO GRANDE DO SUL",
                              f"CERTIFICO O REGISTRO EM {text.dmy(registro)} SOB O Nº {e.registro_junta}",
                              f"PROTOCOLO 23/{e.registro_junta[:6]}-4 - {e.razao}"], angle=-2, size=6.5)

    story += [pdf.Drawn(480, 80, sigs), pdf.Drawn(480, 60, stamp)]
    out = pdf.build_story(story, f"Contrato social {e.razao}", e.razao, margins=(25, 22, 22, 20))
    return out, {"titular_nome": e.razao, "titular_documento": e.cnpj, "data_emissao": data.isoformat(),
                 "objeto_social": OBJETO, "capital_social": e.capital, "capital_integralizado": e.capital,
                 "socios": [{"nome": s.nome, "cpf": s.cpf} for s in e.socios],
                 "registro_junta": e.registro_junta}


JUNTAS = {"RS": "JUNTA COMERCIAL, INDUSTRIAL E SERVIÇOS DO RIO GRANDE DO SUL - JucisRS",
          "MG": "JUNTA COMERCIAL DO ESTADO DE MINAS GERAIS - JUCEMG",
          "SP": "JUNTA COMERCIAL DO ESTADO DE SÃO PAULO - JUCESP"}


def render_alteracao(e: Empresa, data: date, objeto: str, uf: str, integralizado: float | None = None,
                     alteracao: int = 3) -> tuple[bytes, dict]:
    """A short alteração contratual e consolidação on one page: parties, name and seat, object,
    capital (with the paid-in part when not all of it is paid), administration, term and forum,
    and the Junta's registration stamp."""
    integralizado = e.capital if integralizado is None else integralizado
    body = ParagraphStyle("b", fontName="Times-Roman", fontSize=10, leading=12.8, alignment=TA_JUSTIFY, spaceAfter=4)
    head = ParagraphStyle("h", fontName="Times-Bold", fontSize=10, leading=12.8, spaceBefore=2)
    title = ParagraphStyle("t", fontName="Times-Bold", fontSize=11.5, leading=14.5, alignment=TA_CENTER)
    socios_txt = "; ".join(
        f"<b>{s.nome}</b>, {s.nacionalidade()}, {s.estado_civil}, {s.profissao}, nascido(a) em {text.dmy(s.nascimento)}, "
        f"portador(a) da Carteira de Identidade nº {s.rg}, inscrito(a) no CPF sob o nº {text.cpf(s.cpf)}, residente na "
        f"{s.endereco.linha()}" for s in e.socios)
    quotas = f"{int(e.capital):,}".replace(",", ".")
    if integralizado >= e.capital:
        cap = (f"O capital social é de {text.valor_extenso(e.capital)}, dividido em {quotas} quotas de R$ 1,00 (um real) "
               "cada, totalmente integralizado em moeda corrente nacional, distribuído em partes iguais entre os sócios.")
    else:
        cap = (f"O capital social é de {text.valor_extenso(e.capital)}, dividido em {quotas} quotas de R$ 1,00 (um real) "
               f"cada, distribuído em partes iguais entre os sócios, dos quais {text.money(integralizado)} "
               f"({text.extenso_reais(integralizado)}) estão integralizados em moeda corrente nacional e o restante será "
               f"integralizado até 31/12/{data.year + 2}.")
    story = [Paragraph(e.razao, title), Paragraph(f"CNPJ nº {text.cnpj(e.cnpj)} - NIRE {e.nire}", title), Spacer(1, 3),
             Paragraph(f"{alteracao}ª ALTERAÇÃO CONTRATUAL E CONSOLIDAÇÃO DO CONTRATO SOCIAL", title), Spacer(1, 8),
             Paragraph(f"{socios_txt}; únicos sócios da sociedade empresária limitada acima, com sede na "
                       f"{e.endereco.linha()}, registrada na {JUNTAS[uf]} sob o NIRE {e.nire}, resolvem alterar e "
                       "consolidar o contrato social, que passa a vigorar com a seguinte redação:", body),
             Paragraph("CLÁUSULA PRIMEIRA - DA DENOMINAÇÃO E SEDE", head),
             Paragraph(f"A sociedade gira sob a denominação {e.razao}, nome de fantasia {e.fantasia}, com sede na "
                       f"{e.endereco.linha()}.", body),
             Paragraph("CLÁUSULA SEGUNDA - DO OBJETO SOCIAL", head),
             Paragraph(f"A sociedade tem por objeto social: {objeto}.", body),
             Paragraph("CLÁUSULA TERCEIRA - DO CAPITAL SOCIAL", head), Paragraph(cap, body),
             Paragraph(f"Parágrafo único - Capital integralizado: {text.money(integralizado)}.", body),
             Paragraph("CLÁUSULA QUARTA - DA ADMINISTRAÇÃO", head),
             Paragraph(f"A administração da sociedade cabe ao sócio {e.socios[0].nome}, isoladamente, com os poderes de "
                       "administrador, vedado o uso do nome empresarial em atividades estranhas ao objeto social.", body),
             Paragraph("CLÁUSULA QUINTA - DO PRAZO E DO FORO", head),
             Paragraph(f"A sociedade iniciou suas atividades em {text.dmy(e.abertura)}, por prazo indeterminado. Fica "
                       f"eleito o foro de {e.endereco.municipio}/{uf}.", body),
             Paragraph(f"{e.endereco.municipio}, {text.longa(data)}.", body), Spacer(1, 4)]

    def sigs(c, w, h):
        for i, s in enumerate(e.socios):
            pdf.signature_line(c, i * 250, 34, 220, [s.nome, f"CPF {text.cpf(s.cpf)}"], "cs:" + s.cpf, size=8)

    registro = data + timedelta(days=9)

    def stamp(c, w, h):  # the JucisRS stamp, as on the METROPLAN carriers' consolidations
        pdf.stamp(c, 120, 4, [JUNTAS[uf], f"CERTIFICO O REGISTRO EM {text.dmy(registro)} SOB O Nº {e.registro_junta}",
                              f"PROTOCOLO {data.year % 100}/{e.registro_junta[:6]}-2 - {e.razao}"], angle=-2, size=6.3)

    def footer(c, doc):
        # JUCEMG and JUCESP: the electronic registration printed along the foot of each page
        if uf == "RS":
            return
        c.setFont("Helvetica", 7.2)
        x = 22 * pdf.MM
        c.drawString(x, 39, JUNTAS[uf])
        c.drawString(x, 30, f"Certifico registro sob o nº {e.registro_junta} em {text.dmy(registro)} da empresa {e.razao},")
        c.drawString(x, 21, f"Nire {e.nire}, protocolo {data.year % 100}/{e.registro_junta[:6]}-2. "
                            f"Autenticação: {ids.code('junta:' + e.cnpj, 4, 4)}.")

    story += [pdf.Drawn(480, 64, sigs)] + ([pdf.Drawn(480, 50, stamp)] if uf == "RS" else [])
    out = pdf.build_story(story, f"Contrato social {e.razao}", e.razao, on_page=footer, margins=(22, 20, 16, 20))
    return out, {"titular_nome": e.razao, "titular_documento": e.cnpj, "data_emissao": data.isoformat(),
                 "objeto_social": objeto, "capital_social": e.capital, "capital_integralizado": integralizado,
                 "socios": [{"nome": s.nome, "cpf": s.cpf} for s in e.socios], "registro_junta": e.registro_junta}
