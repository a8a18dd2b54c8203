"""Contrato de fretamento contínuo escolar: a clause-by-clause layout ("clausulas") and a
summary-table layout ("quadro")."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

from samples.gen import ids, pdf, text
from samples.gen.world import Contrato, Instituicao, Pessoa

LAYOUTS = ("clausulas", "quadro")
ORDINAIS = ["PRIMEIRA", "SEGUNDA", "TERCEIRA", "QUARTA", "QUINTA", "SEXTA", "SÉTIMA", "OITAVA",
            "NONA", "DÉCIMA"]


def expected(k: Contrato) -> dict:
    ct = k.contratante
    pf = isinstance(ct, Pessoa)
    return {
        "numero_contrato": k.numero,
        "contratante_nome": ct.nome if pf else ct.razao,
        "contratante_documento": ct.cpf if pf else ct.cnpj,
        "contratante_tipo": "pf" if pf else "pj",
        "contratado_nome": k.contratado.razao,
        "contratado_documento": k.contratado_doc_impresso or k.contratado.cnpj,
        "data_assinatura": k.assinatura.isoformat(),
        "vigencia_inicio": k.inicio.isoformat(), "vigencia_fim": k.fim.isoformat(),
        "origem": k.origem, "destino": k.destino,
        "instituicao_destino": k.instituicao.fantasia if k.instituicao else None,
        "itinerario": k.itinerario, "horarios": k.horarios, "locais_embarque": k.locais_embarque,
        "valor": k.valor,
        "contratante_categoria": None if pf else ct.categoria,
        "contratante_rg": (ct.rg or None) if pf else None,
        "passageiros_relacao": False,
        "itinerario_descrito": True if k.itinerario else None,
    }


def render(k: Contrato, layout: str) -> tuple[bytes, dict]:
    if k.regime == "empresarial":
        body = _clausulas_empresa(k) if layout == "clausulas" else _quadro_empresa(k)
    else:
        body = _clausulas(k) if layout == "clausulas" else _quadro(k)
    return body, expected(k)


def _cnpj_contratado(k: Contrato) -> str:
    return text.cnpj(k.contratado_doc_impresso or k.contratado.cnpj)


def _qualifica_pessoa(p: Pessoa) -> str:
    return (f"<b>{p.nome}</b>, {p.nacionalidade()}, {p.estado_civil}, {p.profissao}, portador(a) da "
            f"Carteira de Identidade nº {p.rg} SSP/RS e inscrito(a) no CPF sob o nº {text.cpf(p.cpf)}, "
            f"residente e domiciliado(a) na {p.endereco.linha()}")


def _qualifica_contratante(k: Contrato) -> str:
    ct = k.contratante
    if isinstance(ct, Pessoa):
        out = _qualifica_pessoa(ct)
        if k.representa_menor:
            out += (f", neste ato na qualidade de pai e representante legal do menor "
                    f"<b>{k.representa_menor.nome}</b>, integrante da Lista de Passageiros")
        return out + ", representante do grupo de passageiros relacionado na Lista de Passageiros anexa"
    natureza = ("pessoa jurídica de direito público interno" if ct.categoria == "prefeitura"
                else f"pessoa jurídica de direito privado, mantenedora do {ct.fantasia}")
    r = ct.representante
    return (f"<b>{ct.razao}</b>, {natureza}, inscrita no CNPJ sob o nº {text.cnpj(ct.cnpj)}, com sede na "
            f"{ct.endereco.linha()}, neste ato representada por seu(sua) {ct.cargo}, {r.nome}, "
            f"inscrito(a) no CPF sob o nº {text.cpf(r.cpf)}")


def _qualifica_contratada(k: Contrato) -> str:
    e = k.contratado
    s = e.socios[0]
    return (f"<b>{e.razao}</b>, pessoa jurídica de direito privado, inscrita no CNPJ sob o nº "
            f"{_cnpj_contratado(k)}, inscrição estadual nº {e.ie[:3]}/{e.ie[3:]}, com sede na "
            f"{e.endereco.linha()}, neste ato representada por seu sócio-administrador {s.nome}, "
            f"inscrito no CPF sob o nº {text.cpf(s.cpf)}")


def _destino_txt(k: Contrato) -> str:
    if k.instituicao:
        i = k.instituicao
        return f"até a instituição de ensino <b>{i.fantasia}</b>, situada na {i.endereco.linha()}"
    return "até as instituições de ensino frequentadas pelos estudantes relacionados na Lista de Passageiros"


def _nome(ct: Instituicao | Pessoa) -> str:
    return ct.nome if isinstance(ct, Pessoa) else ct.razao


def _doc(ct: Instituicao | Pessoa) -> str:
    return f"CPF {text.cpf(ct.cpf)}" if isinstance(ct, Pessoa) else f"CNPJ {text.cnpj(ct.cnpj)}"


def _valor_txt(k: Contrato) -> str:
    if k.valor_mensal:
        return (f"o valor mensal de {text.valor_extenso(k.valor)}, a ser pago até o dia 10 (dez) do mês "
                f"subsequente ao da prestação dos serviços, mediante emissão de nota fiscal")
    return (f"o valor total de {text.valor_extenso(k.valor)}, pago em 10 (dez) parcelas mensais e "
            f"sucessivas, com vencimento no dia 10 (dez) de cada mês, mediante emissão de nota fiscal")


def _signatures(k: Contrato, font: str) -> list:
    ct = k.contratante
    sty = ParagraphStyle("sig", fontName=font, fontSize=9, leading=11, alignment=TA_CENTER)

    def cell(name, sub, key):
        line = pdf.Drawn(230, 34, lambda c, w, h: pdf.signature_line(c, 15, 4, 200, [], f"{k.numero}:{key}"))
        return [Spacer(1, 8), line, Paragraph(f"<b>{name}</b>", sty), Paragraph(sub, sty)]

    t1 = ("TESTEMUNHA 1: " + "MARCOS " + k.contratado.socios[-1].nome.split()[-1],
          "CPF " + text.cpf(ids.cpf("testemunha1:" + k.contratado.razao)))
    t2 = ("TESTEMUNHA 2: " + "CLÁUDIA REGINA FLORES", "CPF " + text.cpf(ids.cpf("testemunha2")))
    data = [[cell(_nome(ct), f"CONTRATANTE - {_doc(ct)}", "ct"),
             cell(k.contratado.razao, f"CONTRATADA - CNPJ {_cnpj_contratado(k)}", "cd")],
            [cell(*t1, "t1"), cell(*t2, "t2")]]
    t = Table(data, colWidths=[245, 245])
    t.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return [KeepTogether([t])]


def _clausulas(k: Contrato) -> bytes:
    F = "Times-Roman"
    body = ParagraphStyle("b", fontName=F, fontSize=11, leading=15, alignment=TA_JUSTIFY, spaceAfter=6)
    head = ParagraphStyle("h", fontName="Times-Bold", fontSize=11, leading=15, spaceBefore=6, spaceAfter=3)
    title = ParagraphStyle("t", fontName="Times-Bold", fontSize=13, leading=17, alignment=TA_CENTER)
    story = [Paragraph("CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE TRANSPORTE COLETIVO DE PASSAGEIROS "
                       "SOB REGIME DE FRETAMENTO CONTÍNUO ESCOLAR", title),
             Spacer(1, 4), Paragraph(f"CONTRATO Nº {k.numero}", title), Spacer(1, 12),
             Paragraph("Pelo presente instrumento particular, de um lado, como <b>CONTRATANTE</b>, "
                       + _qualifica_contratante(k) + "; e, de outro lado, como <b>CONTRATADA</b>, "
                       + _qualifica_contratada(k) + "; têm entre si justo e contratado o que segue, "
                       "mediante as cláusulas e condições abaixo.", body)]
    n = iter(ORDINAIS)
    obj = (f"O presente contrato tem por objeto a prestação, pela CONTRATADA, de serviço de transporte "
           f"coletivo de passageiros sob regime de fretamento contínuo escolar, em circuito fechado, dos "
           f"passageiros relacionados na Lista de Passageiros anexa, com origem no Município de "
           f"<b>{k.origem}</b> e destino no Município de <b>{k.destino}</b>, {_destino_txt(k)}.")
    story += [Paragraph(f"CLÁUSULA {next(n)} – DO OBJETO", head), Paragraph(obj, body)]
    story.append(Paragraph(f"CLÁUSULA {next(n)} – DO ITINERÁRIO, DOS HORÁRIOS E DOS LOCAIS DE EMBARQUE", head))
    if k.itinerario:
        story += [Paragraph(f"Parágrafo primeiro – Itinerário: {k.itinerario}.", body),
                  Paragraph(f"Parágrafo segundo – Horários: {k.horarios}.", body),
                  Paragraph(f"Parágrafo terceiro – Locais de embarque: {k.locais_embarque}.", body)]
    else:
        story.append(Paragraph("O itinerário, os horários e os locais de embarque e desembarque são os "
                               "constantes da Grade de Itinerário anexa, que integra o presente contrato.", body))
    story += [Paragraph(f"CLÁUSULA {next(n)} – DO PRAZO", head),
              Paragraph(f"O presente contrato vigorará de {text.longa(k.inicio)} a {text.longa(k.fim)} "
                        f"({text.dmy(k.inicio)} a {text.dmy(k.fim)}), podendo ser prorrogado mediante termo "
                        f"aditivo firmado pelas partes.", body),
              Paragraph(f"CLÁUSULA {next(n)} – DO PREÇO E DA FORMA DE PAGAMENTO", head),
              Paragraph(f"Pelos serviços prestados, a CONTRATANTE pagará à CONTRATADA {_valor_txt(k)}.", body),
              Paragraph(f"CLÁUSULA {next(n)} – DAS OBRIGAÇÕES DA CONTRATADA", head),
              Paragraph("a) executar o transporte com veículo do tipo ônibus ou microônibus, em perfeitas "
                        "condições de segurança, licenciado na categoria aluguel e autorizado pela METROPLAN; "
                        "b) manter seguro de Acidentes Pessoais de Passageiros (APP), Responsabilidade Civil "
                        "(RC) e Despesas Médico-Hospitalares (DMH) nos valores mínimos exigidos; c) empregar "
                        "motoristas habilitados na categoria D ou E, com curso de condutor de transporte "
                        "escolar; d) não transportar passageiros em número superior à lotação do veículo.", body),
              Paragraph(f"CLÁUSULA {next(n)} – DAS OBRIGAÇÕES DA CONTRATANTE", head),
              Paragraph("a) efetuar os pagamentos nas datas acordadas; b) comunicar à CONTRATADA, com "
                        "antecedência mínima de 48 (quarenta e oito) horas, qualquer alteração na Lista de "
                        "Passageiros ou no calendário escolar.", body),
              Paragraph(f"CLÁUSULA {next(n)} – DA RESCISÃO", head),
              Paragraph("O presente contrato poderá ser rescindido por qualquer das partes, mediante "
                        "notificação por escrito com antecedência mínima de 30 (trinta) dias, ou de imediato "
                        "em caso de descumprimento de qualquer de suas cláusulas.", body),
              Paragraph(f"CLÁUSULA {next(n)} – DO FORO", head),
              Paragraph(f"Fica eleito o Foro da Comarca de {k.cidade}/RS para dirimir quaisquer dúvidas "
                        "oriundas do presente contrato, com renúncia a qualquer outro, por mais privilegiado "
                        "que seja.", body),
              Paragraph("E, por estarem assim justas e contratadas, as partes assinam o presente instrumento "
                        "em 2 (duas) vias de igual teor e forma, na presença das testemunhas abaixo.", body),
              Spacer(1, 6),
              Paragraph(f"{k.cidade}, {text.longa(k.assinatura)}.",
                        ParagraphStyle("d", parent=body, alignment=2))]
    story += _signatures(k, F)

    def footer(c, doc):
        c.setFont("Times-Italic", 8)
        c.drawCentredString(pdf.W / 2, 22, f"Contrato nº {k.numero} - página {doc.page}")

    return pdf.build_story(story, f"Contrato {k.numero}", k.contratado.razao, on_page=footer,
                           margins=(25, 22, 22, 20))


def _quadro(k: Contrato) -> bytes:
    F = "Helvetica"
    body = ParagraphStyle("b", fontName=F, fontSize=9.5, leading=13, alignment=TA_JUSTIFY, spaceAfter=5)
    cellst = ParagraphStyle("c", fontName=F, fontSize=9, leading=11.5)
    labst = ParagraphStyle("l", fontName="Helvetica-Bold", fontSize=8.5, leading=11)
    title = ParagraphStyle("t", fontName="Helvetica-Bold", fontSize=12.5, leading=16, alignment=TA_CENTER)
    ct = k.contratante
    pf = isinstance(ct, Pessoa)
    if pf:
        contratante = (f"{ct.nome}<br/>CPF: {text.cpf(ct.cpf)} &nbsp; RG: {ct.rg} SSP/RS<br/>"
                       f"Endereço: {ct.endereco.linha()}")
    else:
        contratante = (f"{ct.razao}<br/>CNPJ: {text.cnpj(ct.cnpj)}<br/>Endereço: {ct.endereco.linha()}<br/>"
                       f"Representante: {ct.representante.nome} ({ct.cargo})")
    e = k.contratado
    rows = [
        ("1. CONTRATANTE", contratante),
        ("2. CONTRATADA", f"{e.razao}<br/>CNPJ: {_cnpj_contratado(k)}<br/>Endereço: {e.endereco.linha()}"),
        ("3. INSTITUIÇÃO DE DESTINO", k.instituicao.fantasia if k.instituicao else None),
        ("4. ORIGEM", k.origem),
        ("5. DESTINO", k.destino),
        ("6. ITINERÁRIO", k.itinerario or "Conforme Grade de Itinerário anexa"),
        ("7. HORÁRIOS", k.horarios or "Conforme Grade de Itinerário anexa"),
        ("8. LOCAIS DE EMBARQUE", k.locais_embarque or "Conforme Grade de Itinerário anexa"),
        ("9. VIGÊNCIA", f"{text.dmy(k.inicio)} a {text.dmy(k.fim)}"),
        ("10. VALOR", (text.valor_extenso(k.valor) + (" por mês" if k.valor_mensal else
                                                       " (valor total, em 10 parcelas mensais)"))),
    ]
    data = [[Paragraph(a, labst), Paragraph(b, cellst)] for a, b in rows if b]
    t = Table(data, colWidths=[130, 370])
    t.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.HexColor("#555555")),
                           ("BACKGROUND", (0, 0), (0, -1), colors.HexColor("#eeeeee")),
                           ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    items = [
        "O objeto deste instrumento é o transporte coletivo dos passageiros constantes da Lista de Passageiros, "
        "sob regime de fretamento contínuo escolar, em circuito fechado, nas condições do Quadro Resumo.",
        "A CONTRATADA declara possuir autorização da METROPLAN para viagens especiais de fretamento contínuo "
        "escolar e manter seguro APP, RC e DMH vigente para o veículo utilizado.",
        "O passageiro representante do grupo " + ("(CONTRATANTE) integra a Lista de Passageiros" if pf else
                                                  "é indicado pela CONTRATANTE") +
        "; alterações na lista serão comunicadas por escrito à CONTRATADA.",
        "Os valores serão reajustados apenas em caso de prorrogação, pelo IPCA acumulado no período.",
        "Qualquer das partes poderá rescindir este contrato mediante aviso prévio de 30 (trinta) dias.",
        f"Fica eleito o foro da Comarca de {k.cidade}/RS.",
    ]
    story = [Paragraph("INSTRUMENTO PARTICULAR DE CONTRATO DE FRETAMENTO CONTÍNUO", title),
             Paragraph(f"Contrato nº {k.numero}", title), Spacer(1, 10),
             Paragraph("<b>QUADRO RESUMO</b>", body), t, Spacer(1, 10),
             Paragraph("<b>CONDIÇÕES GERAIS</b>", body)]
    story += [Paragraph(f"{i}. {s}", body) for i, s in enumerate(items, 1)]
    story += [Spacer(1, 6), Paragraph(f"{k.cidade}, {text.longa(k.assinatura)}.", body)]
    story += _signatures(k, F)
    return pdf.build_story(story, f"Contrato {k.numero}", k.contratado.razao, margins=(20, 20, 18, 18))


# ---------------------------------------------------------------- fretamento contínuo of a company's employees

IE_FMT = {"MG": lambda ie: f"{ie[:3]}.{ie[3:9]}.{ie[9:11]}-{ie[11:]}",
          "SP": lambda ie: f"{ie[:3]}.{ie[3:6]}.{ie[6:9]}.{ie[9:]}",
          "RS": lambda ie: f"{ie[:3]}/{ie[3:]}"}


def _parte_empresa(i: Instituicao) -> str:
    r = i.representante
    return (f"<b>{i.razao}</b>, sociedade anônima inscrita no CNPJ sob o nº {text.cnpj(i.cnpj)}, com sede na "
            f"{i.endereco.linha()}, neste ato representada por seu(sua) {i.cargo}, {r.nome}, inscrito(a) no CPF sob o "
            f"nº {text.cpf(r.cpf)}")


def _parte_pessoa(k: Contrato, p: Pessoa) -> str:
    return (f"<b>{p.nome}</b>, {p.nacionalidade()}, {p.estado_civil}, {p.profissao}, portador(a) da Carteira de "
            f"Identidade (RG) nº {p.rg} e inscrito(a) no CPF sob o nº {text.cpf(p.cpf)}, residente e domiciliado(a) na "
            f"{p.endereco.linha()}")


def _contratada_empresa(k: Contrato) -> str:
    e = k.contratado
    s = e.socios[0]
    return (f"<b>{e.razao}</b>, sociedade empresária limitada inscrita no CNPJ sob o nº {_cnpj_contratado(k)}, "
            f"inscrição estadual nº {IE_FMT[k.uf](e.ie)}, com sede na {e.endereco.linha()}, neste ato representada por "
            f"seu sócio-administrador {s.nome}, inscrito no CPF sob o nº {text.cpf(s.cpf)}")


def _clausulas_empresa(k: Contrato) -> bytes:
    """Clauses that state what DER/MG Art. 7º asks: start and end points, itinerary, times, term."""
    F = "Times-Roman"
    body = ParagraphStyle("b", fontName=F, fontSize=10, leading=12.4, alignment=TA_JUSTIFY, spaceAfter=2.5)
    head = ParagraphStyle("h", fontName="Times-Bold", fontSize=10, leading=12.4, spaceBefore=3, spaceAfter=1)
    title = ParagraphStyle("t", fontName="Times-Bold", fontSize=12, leading=15, alignment=TA_CENTER)
    ct = k.contratante
    parte = _parte_pessoa(k, ct) if isinstance(ct, Pessoa) else _parte_empresa(ct)
    story = [Paragraph("CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE TRANSPORTE RODOVIÁRIO INTERMUNICIPAL DE PESSOAS SOB "
                       "REGIME DE FRETAMENTO CONTÍNUO", title),
             Spacer(1, 4), Paragraph(f"CONTRATO Nº {k.numero}", title), Spacer(1, 10),
             Paragraph(f"Pelo presente instrumento particular, de um lado, como <b>CONTRATANTE</b>, {parte}; e, de outro "
                       f"lado, como <b>CONTRATADA</b>, {_contratada_empresa(k)}; têm entre si justo e contratado o que "
                       "segue.", body)]
    n = iter(ORDINAIS)
    story += [Paragraph(f"CLÁUSULA {next(n)} – DO OBJETO", head),
              Paragraph("O presente contrato tem por objeto a prestação, pela CONTRATADA, de serviço fretado de transporte "
                        "rodoviário intermunicipal dos empregados da CONTRATANTE, em circuito fechado, sob regime de "
                        f"fretamento contínuo, com veículo cadastrado no {k.orgao}.", body),
              Paragraph(f"CLÁUSULA {next(n)} – DA VIAGEM", head),
              Paragraph(f"Parágrafo primeiro – Ponto de início da viagem: {k.origem}.", body),
              Paragraph(f"Parágrafo segundo – Ponto de término da viagem: {k.destino}.", body)]
    extra = [("Itinerário", k.itinerario), ("Horários", k.horarios), ("Locais de embarque e desembarque", k.locais_embarque)]
    ords = iter(["terceiro", "quarto", "quinto"])
    for lab, val in extra:
        if val:
            story.append(Paragraph(f"Parágrafo {next(ords)} – {lab}: {val}.", body))
    story += [Paragraph(f"CLÁUSULA {next(n)} – DA VIGÊNCIA", head),
              Paragraph(f"O presente contrato vigorará de {text.longa(k.inicio)} a {text.longa(k.fim)} "
                        f"({text.dmy(k.inicio)} a {text.dmy(k.fim)}), podendo ser prorrogado por termo aditivo.", body),
              Paragraph(f"CLÁUSULA {next(n)} – DO PREÇO", head),
              Paragraph(f"Pelos serviços a CONTRATANTE pagará à CONTRATADA {_valor_txt(k)}.", body),
              Paragraph(f"CLÁUSULA {next(n)} – DAS OBRIGAÇÕES DA CONTRATADA", head),
              Paragraph("a) executar o transporte com ônibus licenciado na categoria aluguel e manter vigentes o cadastro e a "
                        f"autorização do {k.orgao}; b) manter seguro de acidentes pessoais a favor das pessoas "
                        "transportadas; c) empregar condutores habilitados na categoria D ou E, cadastrados no órgão.", body),
              Paragraph(f"CLÁUSULA {next(n)} – DA RESCISÃO E DO FORO", head),
              Paragraph("Qualquer das partes poderá rescindir este contrato mediante aviso prévio de 30 (trinta) dias. "
                        f"Fica eleito o Foro da Comarca de {k.cidade}/{k.uf}.", body),
              Spacer(1, 4), Paragraph(f"{k.cidade}, {text.longa(k.assinatura)}.",
                                      ParagraphStyle("d", parent=body, alignment=2))]
    story += _signatures(k, F)

    def footer(c, doc):
        c.setFont("Times-Italic", 8)
        c.drawCentredString(pdf.W / 2, 22, f"Contrato nº {k.numero} - página {doc.page}")

    return pdf.build_story(story, f"Contrato {k.numero}", k.contratado.razao, on_page=footer, margins=(22, 20, 14, 12))


def _quadro_empresa(k: Contrato) -> bytes:
    """A summary table and general conditions (EMTU/SP Art. 10, § 2º: destination, operating
    hours, boarding and alighting places; the contractor's identification)."""
    F = "Helvetica"
    body = ParagraphStyle("b", fontName=F, fontSize=9.5, leading=13, alignment=TA_JUSTIFY, spaceAfter=5)
    cellst = ParagraphStyle("c", fontName=F, fontSize=9, leading=11.5)
    labst = ParagraphStyle("l", fontName="Helvetica-Bold", fontSize=8.5, leading=11)
    title = ParagraphStyle("t", fontName="Helvetica-Bold", fontSize=12.5, leading=16, alignment=TA_CENTER)
    ct = k.contratante
    if isinstance(ct, Pessoa):
        contratante = (f"{ct.nome}<br/>RG: {ct.rg} &nbsp; CPF: {text.cpf(ct.cpf)}<br/>Endereço: {ct.endereco.linha()}"
                       if ct.rg else f"{ct.nome}<br/>CPF: {text.cpf(ct.cpf)}<br/>Endereço: {ct.endereco.linha()}")
    else:
        contratante = (f"{ct.razao}<br/>CNPJ: {text.cnpj(ct.cnpj)}<br/>Endereço: {ct.endereco.linha()}<br/>"
                       f"Representante: {ct.representante.nome} ({ct.cargo})")
    e = k.contratado
    rows = [
        ("1. CONTRATANTE", contratante),
        ("2. CONTRATADA", f"{e.razao}<br/>CNPJ: {_cnpj_contratado(k)}<br/>Endereço: {e.endereco.linha()}"),
        ("3. ORIGEM", k.origem),
        ("4. DESTINO", k.destino),
        ("5. ITINERÁRIO", k.itinerario),
        ("6. HORÁRIO DE OPERAÇÃO", k.horarios),
        ("7. LOCAIS DE EMBARQUE E DESEMBARQUE", k.locais_embarque),
        ("8. VIGÊNCIA", f"{text.dmy(k.inicio)} a {text.dmy(k.fim)}"),
        ("9. VALOR", text.valor_extenso(k.valor) + (" por mês" if k.valor_mensal else "")),
    ]
    data = [[Paragraph(a, labst), Paragraph(b, cellst)] for a, b in rows if b]
    t = Table(data, colWidths=[140, 360])
    t.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.HexColor("#555555")),
                           ("BACKGROUND", (0, 0), (0, -1), colors.HexColor("#eeeeee")),
                           ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    items = [
        "O objeto deste instrumento é o transporte dos empregados da CONTRATANTE relacionados na Relação de Passageiros "
        "anexa (nome e RG), sob regime de fretamento contínuo, com destino único, nas condições do Quadro Resumo.",
        f"A CONTRATADA declara estar registrada no serviço de fretamento da {k.orgao} e que os veículos utilizados estão "
        "cadastrados e com o certificado de vistoria em dia.",
        "As operações de embarque não serão realizadas em locais utilizados por prestadoras de serviço regular de "
        "transporte coletivo de passageiros.",
        "Os serviços serão faturados mensalmente, com emissão de nota fiscal.",
        f"Qualquer das partes poderá rescindir este contrato mediante aviso prévio de 30 (trinta) dias. Fica eleito o "
        f"foro da Comarca de {k.cidade}/{k.uf}.",
    ]
    story = [Paragraph("INSTRUMENTO PARTICULAR DE CONTRATO DE FRETAMENTO CONTÍNUO", title),
             Paragraph(f"Contrato nº {k.numero}", title), Spacer(1, 10),
             Paragraph("<b>QUADRO RESUMO</b>", body), t, Spacer(1, 10), Paragraph("<b>CONDIÇÕES GERAIS</b>", body)]
    story += [Paragraph(f"{i}. {s}", body) for i, s in enumerate(items, 1)]
    story += [Spacer(1, 6), Paragraph(f"{k.cidade}, {text.longa(k.assinatura)}.", body)]
    story += _signatures(k, F)
    return pdf.build_story(story, f"Contrato {k.numero}", k.contratado.razao, margins=(20, 20, 18, 18))
