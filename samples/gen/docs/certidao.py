"""Certidões of a company or a person, each kind with the issuer's own heading, title, wording,
control code and validity: federal (RFB/PGFN), estadual (RS, MG), municipal, FGTS (CRF),
falência, execuções, protesto, trabalhista (feitos trabalhistas), criminal (distribuição),
eleitoral (quitação), militar (dispensa de incorporação), CNH pontuação / nada consta.

One layout ("orgao"): a centred heading, the title, a qualification box, the issuer's text and
a footer with issue date, validity and control code, as the web-issued certificates print."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from samples.gen import ids, pdf, text
from samples.gen.world import Empresa, Pessoa

RESULTADO_TXT = {"negativa": "NEGATIVA", "positiva": "POSITIVA", "positiva_efeito_negativa": "POSITIVA COM EFEITOS DE NEGATIVA"}


@dataclass(frozen=True)
class Holder:
    nome: str
    documento: str | None  # CPF or CNPJ digits; None: not printed
    endereco: str | None = None
    nascimento: date | None = None
    mae: str | None = None
    pai: str | None = None

    @staticmethod
    def of_empresa(e: Empresa) -> "Holder":
        return Holder(e.razao, e.cnpj, e.endereco.linha())

    @staticmethod
    def of_pessoa(p: Pessoa, with_doc: bool = True) -> "Holder":
        return Holder(p.nome, p.cpf if with_doc else None, p.endereco.linha(), p.nascimento, p.mae, p.pai)


def _doc_label(d: str) -> str:
    return "CPF" if len(d) == 11 else "CNPJ"


# What each issuer prints: heading lines, title, the certifying text ({nome} {doc} {municipio}),
# the label of the control code, and how the validity prints ('ate' or 'periodo').
SPECS: dict[str, dict] = {
    "federal": dict(
        head=["MINISTÉRIO DA FAZENDA", "Secretaria da Receita Federal do Brasil", "Procuradoria-Geral da Fazenda Nacional"],
        title="CERTIDÃO NEGATIVA DE DÉBITOS RELATIVOS AOS TRIBUTOS FEDERAIS E À DÍVIDA ATIVA DA UNIÃO",
        positiva="CERTIDÃO POSITIVA DE DÉBITOS RELATIVOS AOS TRIBUTOS FEDERAIS E À DÍVIDA ATIVA DA UNIÃO",
        body=("Ressalvado o direito de a Fazenda Nacional cobrar e inscrever quaisquer dívidas de responsabilidade do "
              "sujeito passivo acima identificado que vierem a ser apuradas, é certificado que não constam pendências "
              "em seu nome, relativas a créditos tributários administrados pela Secretaria da Receita Federal do Brasil "
              "(RFB) e a inscrições em Dívida Ativa da União (DAU) junto à Procuradoria-Geral da Fazenda Nacional (PGFN).\n"
              "Esta certidão é válida para o estabelecimento matriz e suas filiais e refere-se à situação do sujeito "
              "passivo no âmbito da RFB e da PGFN, abrangendo inclusive as contribuições sociais previstas nas alíneas "
              "'a' a 'd' do parágrafo único do art. 11 da Lei nº 8.212, de 24 de julho de 1991.\n"
              "A aceitação desta certidão está condicionada à verificação de sua autenticidade na Internet, nos "
              "endereços <http://rfb.gov.br> ou <http://www.pgfn.gov.br>.\n"
              "Certidão emitida gratuitamente com base na Portaria Conjunta RFB/PGFN nº 1.751, de 2/10/2014."),
        body_positiva=("Certifica-se que constam pendências em nome do sujeito passivo acima identificado, relativas a "
                       "créditos tributários administrados pela Secretaria da Receita Federal do Brasil (RFB) e a "
                       "inscrições em Dívida Ativa da União (DAU), sem exigibilidade suspensa.\n"
                       "Certidão emitida com base na Portaria Conjunta RFB/PGFN nº 1.751, de 2/10/2014."),
        code_label="Código de controle da certidão", code=(4, 4, "0123456789ABCDEF"), days=180, style="ate"),
    "estadual-RS": dict(
        head=["ESTADO DO RIO GRANDE DO SUL", "SECRETARIA DA FAZENDA", "RECEITA ESTADUAL"],
        title="CERTIDÃO DE SITUAÇÃO FISCAL - NEGATIVA DE DÉBITOS",
        body=("A Receita Estadual CERTIFICA, com base nos registros da Secretaria da Fazenda do Estado do Rio Grande "
              "do Sul, que NÃO CONSTAM débitos de ICMS, ITCD, IPVA ou quaisquer outros tributos estaduais, inscritos ou "
              "não em dívida ativa, em nome do contribuinte acima identificado.\n"
              "Ressalva-se o direito da Fazenda Pública Estadual de cobrar quaisquer débitos que venham a ser "
              "apurados.\nSITUAÇÃO: NEGATIVA"),
        code_label="Código de autenticidade", code=(3, 5, "0123456789"), days=60, style="ate"),
    "estadual-MG": dict(
        head=["GOVERNO DO ESTADO DE MINAS GERAIS", "SECRETARIA DE ESTADO DE FAZENDA DE MINAS GERAIS",
              "Superintendência de Arrecadação e Informações Fiscais"],
        title="CERTIDÃO DE DÉBITOS TRIBUTÁRIOS - NEGATIVA",
        body=("Certificamos, para os devidos fins, que NÃO CONSTAM, até a presente data, débitos tributários, "
              "inscritos ou não em dívida ativa, de responsabilidade do contribuinte acima identificado, relativos a "
              "tributos administrados pela Secretaria de Estado de Fazenda de Minas Gerais.\n"
              "Esta certidão refere-se exclusivamente à situação do contribuinte no âmbito da SEF/MG e da Advocacia-"
              "Geral do Estado."),
        code_label="Código de controle", code=(4, 4, "0123456789ABCDEF"), days=90, style="ate"),
    "municipal-Santa Maria": dict(
        head=["PREFEITURA MUNICIPAL DE SANTA MARIA", "SECRETARIA DE MUNICÍPIO DE FINANÇAS",
              "Superintendência da Receita Municipal"],
        title="CERTIDÃO NEGATIVA DE DÉBITOS MUNICIPAIS",
        body=("Certificamos que, revendo os cadastros e registros da Fazenda Municipal, NÃO CONSTAM débitos de "
              "tributos municipais (ISSQN, IPTU, taxas e contribuições), inscritos ou não em dívida ativa, em nome "
              "do contribuinte acima identificado, até a presente data.\nFica ressalvado o direito da Fazenda "
              "Municipal de cobrar débitos que venham a ser apurados."),
        code_label="Número de controle", code=(2, 6, "0123456789"), days=90, style="ate"),
    "municipal-Ipatinga": dict(
        head=["PREFEITURA MUNICIPAL DE IPATINGA", "SECRETARIA MUNICIPAL DA FAZENDA", "Departamento de Tributos"],
        title="CERTIDÃO NEGATIVA DE DÉBITOS MUNICIPAIS",
        body=("Certifico, para os devidos fins, que NÃO CONSTAM débitos relativos a tributos municipais, inscritos "
              "ou não em dívida ativa, em nome do contribuinte acima identificado, nos cadastros da Fazenda Pública "
              "Municipal de Ipatinga até a presente data."),
        code_label="Código de autenticação", code=(3, 4, "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"), days=90, style="ate"),
    "fgts": dict(
        head=["CAIXA ECONÔMICA FEDERAL"],
        title="Certificado de Regularidade do FGTS - CRF",
        body=("A Caixa Econômica Federal, no uso da atribuição que lhe confere o Art. 7, da Lei 8.036, de 11 de maio "
              "de 1990, certifica que, nesta data, a empresa acima identificada encontra-se em situação regular "
              "perante o Fundo de Garantia do Tempo de Serviço - FGTS.\n"
              "O presente Certificado não servirá de prova contra cobrança de quaisquer débitos referentes a "
              "contribuições e/ou encargos devidos, decorrentes das obrigações com o FGTS."),
        code_label="Certificação Número", code=(1, 22, "0123456789"), days=30, style="periodo"),
    "falencia-RS": dict(
        head=["PODER JUDICIÁRIO", "TRIBUNAL DE JUSTIÇA DO ESTADO DO RIO GRANDE DO SUL", "Comarca de Santa Maria"],
        title="CERTIDÃO JUDICIAL CÍVEL NEGATIVA - FALÊNCIA, CONCORDATA E RECUPERAÇÃO JUDICIAL",
        body=("Certificamos que, pesquisando os registros de distribuição de feitos cíveis desta Comarca e do sistema "
              "eletrônico do Tribunal de Justiça, NADA CONSTA contra a pessoa acima identificada quanto a pedidos de "
              "falência, concordata ou recuperação judicial, até a presente data.\n"
              "A presente certidão não abrange processos em segredo de justiça."),
        code_label="Código de autenticidade", code=(4, 4, "0123456789ABCDEF"), days=30, style="ate"),
    "execucoes-RS": dict(
        head=["PODER JUDICIÁRIO", "TRIBUNAL DE JUSTIÇA DO ESTADO DO RIO GRANDE DO SUL", "Comarca de Santa Maria"],
        title="CERTIDÃO JUDICIAL CÍVEL NEGATIVA - EXECUÇÕES",
        body=("Certificamos que, pesquisando os registros de distribuição de feitos cíveis desta Comarca, NADA CONSTA "
              "contra a pessoa acima identificada quanto a ações de execução (execuções forenses, execuções fiscais e "
              "cumprimentos de sentença) até a presente data."),
        code_label="Código de autenticidade", code=(4, 4, "0123456789ABCDEF"), days=30, style="ate"),
    "protesto-Santa Maria": dict(
        head=["TABELIONATO DE PROTESTO DE TÍTULOS", "Comarca de Santa Maria - Estado do Rio Grande do Sul"],
        title="CERTIDÃO NEGATIVA DE PROTESTO",
        body=("Certifico, a pedido verbal de parte interessada, que revendo os livros e arquivos deste Tabelionato de "
              "Protesto de Títulos, nos últimos 5 (cinco) anos, NÃO CONSTA protesto lavrado contra a pessoa acima "
              "identificada. O referido é verdade e dou fé."),
        code_label="Selo digital", code=(3, 5, "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"), days=30, style="ate"),
    "trabalhista-MG": dict(
        head=["PODER JUDICIÁRIO", "JUSTIÇA DO TRABALHO", "TRIBUNAL REGIONAL DO TRABALHO DA 3ª REGIÃO"],
        title="CERTIDÃO NEGATIVA DE DISTRIBUIÇÃO DE FEITOS TRABALHISTAS",
        body=("Certifico que, pesquisando os registros de distribuição das Varas do Trabalho do Foro de Coronel "
              "Fabriciano (jurisdição de Ipatinga), NADA CONSTA de ação trabalhista distribuída contra a pessoa acima "
              "identificada, em tramitação, até a presente data.\nCertidão expedida nos termos do Provimento "
              "Geral Consolidado do TRT da 3ª Região."),
        code_label="Código de validação", code=(4, 4, "0123456789ABCDEF"), days=30, style="ate"),
    "criminal-MG": dict(
        head=["PODER JUDICIÁRIO DO ESTADO DE MINAS GERAIS", "TRIBUNAL DE JUSTIÇA", "Comarca de Ipatinga"],
        title="CERTIDÃO NEGATIVA CRIMINAL - DISTRIBUIÇÃO",
        body=("Certifico que, revendo os registros de distribuição criminal desta Comarca e do sistema eletrônico do "
              "Tribunal de Justiça, NADA CONSTA contra a pessoa acima qualificada, até a presente data.\n"
              "Esta certidão é expedida para fins de cadastro de condutor junto ao DER/MG."),
        code_label="Código de autenticação", code=(4, 4, "0123456789ABCDEF"), days=90, style="ate"),
    "eleitoral": dict(
        head=["JUSTIÇA ELEITORAL", "TRIBUNAL SUPERIOR ELEITORAL"],
        title="CERTIDÃO DE QUITAÇÃO ELEITORAL",
        body=("Certifica-se que o(a) eleitor(a) acima qualificado(a) está QUITE com a Justiça Eleitoral na presente "
              "data.\nA certidão de quitação eleitoral abrange exclusivamente a plenitude do gozo dos direitos "
              "políticos, o regular exercício do voto, o atendimento a convocações da Justiça Eleitoral e a "
              "inexistência de multas aplicadas em caráter definitivo pela Justiça Eleitoral e não remitidas."),
        code_label="Código de autenticação", code=(4, 4, "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"), days=None, style=None),
    "militar": dict(
        head=["MINISTÉRIO DA DEFESA", "EXÉRCITO BRASILEIRO", "Serviço Militar"],
        title="CERTIFICADO DE DISPENSA DE INCORPORAÇÃO",
        body=("Certifico que o cidadão acima qualificado foi dispensado de incorporação em {dispensa}, por ter sido "
              "incluído no excesso do contingente, estando QUITE com o Serviço Militar inicial, nos termos da Lei "
              "nº 4.375, de 17 de agosto de 1964 (Lei do Serviço Militar)."),
        code_label="Número do certificado", code=(1, 12, "0123456789"), days=None, style=None),
    "cnh_pontuacao-RS": dict(
        head=["ESTADO DO RIO GRANDE DO SUL", "DEPARTAMENTO ESTADUAL DE TRÂNSITO - DETRAN/RS"],
        title="CERTIDÃO NEGATIVA DE PONTUAÇÃO E PENALIDADES",
        body=("Certificamos que, consultado o prontuário do condutor acima identificado, NÃO CONSTAM pontos por "
              "infrações de trânsito nos últimos 12 (doze) meses nem penalidades de suspensão do direito de dirigir ou "
              "de cassação da Carteira Nacional de Habilitação (CTB, art. 138, IV).\nNADA CONSTA."),
        code_label="Código de verificação", code=(3, 4, "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"), days=30, style="ate"),
    "cnh_pontuacao-MG": dict(
        head=["GOVERNO DO ESTADO DE MINAS GERAIS", "DEPARTAMENTO DE TRÂNSITO DE MINAS GERAIS - DETRAN/MG"],
        title="CERTIDÃO DE NADA CONSTA - PRONTUÁRIO DO CONDUTOR",
        body=("Certificamos que, no prontuário do condutor acima identificado, NADA CONSTA relativo a penalidades de "
              "suspensão do direito de dirigir ou de cassação da CNH, nem infrações de natureza grave ou gravíssima "
              "nos últimos 12 (doze) meses."),
        code_label="Código de verificação", code=(3, 4, "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"), days=30, style="ate"),
    "cadastur": dict(
        head=["MINISTÉRIO DO TURISMO", "Cadastro de Prestadores de Serviços Turísticos - CADASTUR"],
        title="CERTIFICADO DE CADASTRO - TRANSPORTADORA TURÍSTICA",
        body=("Certificamos que o prestador de serviços turísticos acima identificado encontra-se regularmente "
              "cadastrado no Ministério do Turismo (Cadastur), nos termos da Lei nº 11.771, de 17 de setembro de 2008, "
              "na atividade de Transportadora Turística (fretamento eventual para excursões e passeios).\n"
              "Número do cadastro: {cadastro}."),
        code_label="Código de verificação", code=(4, 4, "0123456789ABCDEF"), days=730, style="ate"),
    "inscricao_inss": dict(
        head=["MINISTÉRIO DA PREVIDÊNCIA SOCIAL", "INSTITUTO NACIONAL DO SEGURO SOCIAL - INSS"],
        title="COMPROVANTE DE INSCRIÇÃO - CONTRIBUINTE INDIVIDUAL",
        body=("Comprovamos que a pessoa acima identificada está inscrita no Regime Geral de Previdência Social como "
              "contribuinte individual (autônomo), na ocupação de motorista de ônibus (CBO 7824-10), desde "
              "{inscricao}.\nNúmero de Inscrição do Trabalhador (NIT): {nit}."),
        code_label="Código de autenticação", code=(3, 5, "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"), days=None, style=None),
}


def spec_key(kind: str, uf: str | None = None, municipio: str | None = None) -> str:
    for k in (f"{kind}-{municipio}", f"{kind}-{uf}", kind):
        if k in SPECS:
            return k
    raise KeyError((kind, uf, municipio))


def render(kind: str, spec: str, h: Holder, emissao: date, validade: date | None, key: str,
           resultado: str | None = "negativa", extra: dict | None = None) -> tuple[bytes, dict]:
    s = SPECS[spec]
    extra = extra or {}
    groups, size, alphabet = s["code"]
    numero = ids.code(key, groups, size, alphabet)
    d = pdf.Doc(s["title"], s["head"][0])
    c = d.c
    x0, wd = 60, pdf.W - 120
    y = pdf.H - 60
    pdf.brasao(c, pdf.W / 2, y - 6, 17)
    y -= 36
    for i, t in enumerate(s["head"]):
        c.setFont("Helvetica-Bold" if i == 0 else "Helvetica", 10 if i == 0 else 9.5)
        c.drawCentredString(pdf.W / 2, y - i * 13, t)
    y -= 13 * len(s["head"]) + 22
    title = s.get("positiva") if resultado == "positiva" and s.get("positiva") else s["title"]
    y = pdf.para(c, x0, y, wd, title, "Helvetica-Bold", 12.5, 16, align="center") - 10
    # the qualification box
    rows = [("Nome" if kind in ("eleitoral", "militar", "cnh_pontuacao", "criminal", "inscricao_inss")
             else "Nome/Razão social", h.nome)]
    if h.documento:
        rows.append((_doc_label(h.documento), text.doc(h.documento)))
    if kind == "eleitoral":
        rows += [("Inscrição", extra["titulo"]), ("Zona / Seção", extra["zona"])]
    if kind == "militar":
        rows += [("RA (registro de alistamento)", extra["ra"])]
    if kind == "cnh_pontuacao":
        rows += [("Registro da CNH", extra["cnh"])]
    if h.nascimento and kind in ("eleitoral", "militar", "criminal", "cnh_pontuacao", "inscricao_inss"):
        rows.append(("Data de nascimento", text.dmy(h.nascimento)))
    if h.mae and kind in ("eleitoral", "militar", "criminal"):
        rows.append(("Filiação", f"{h.mae} e {h.pai}"))
    if h.endereco and kind in ("fgts", "municipal", "estadual", "protesto", "falencia", "execucoes"):
        rows.append(("Endereço", h.endereco))
    bh = 10 + 15 * len(rows) + 14 * sum(len(pdf.lines(v, "Helvetica", 10, wd - 150)) - 1 for _, v in rows)
    c.setLineWidth(0.7)
    c.rect(x0, y - bh, wd, bh)
    yy = y - 16
    for lab, val in rows:
        c.setFont("Helvetica-Bold", 10)
        c.drawString(x0 + 8, yy, lab + ":")
        yy = pdf.para(c, x0 + 150, yy, wd - 158, val, "Helvetica", 10, 14) - 1
    y -= bh + 24
    body = s["body_positiva"] if resultado == "positiva" and s.get("body_positiva") else s["body"]
    body = body.format(**extra)
    for part in body.split("\n"):
        y = pdf.para(c, x0, y, wd, part, "Helvetica", 10.5, 14.5) - 8
    y -= 10
    c.setFont("Helvetica", 10.5)
    if s["style"] == "periodo":
        c.drawString(x0, y, f"Validade: {text.dmy(emissao)} a {text.dmy(validade)}")
        c.drawString(x0, y - 18, f"{s['code_label']}: {numero}")
        c.drawString(x0, y - 36, f"Informação obtida em {text.dmy(emissao)} às 09:42:17")
    else:
        c.drawString(x0, y, f"Emitida às 10:{ids.digits('min:' + key, 2)[:1]}4:51 do dia {text.dmy(emissao)} "
                            f"(hora e data de Brasília).")
        line2 = (f"Válida até {text.dmy(validade)}." if validade else
                 "Certidão válida para a data de sua emissão." if kind == "eleitoral" else
                 "Documento emitido pelo Meu INSS." if kind == "inscricao_inss" else "")
        c.drawString(x0, y - 18, line2)
        c.drawString(x0, y - 36, f"{s['code_label']}: {numero}")
    c.setFont("Helvetica-Oblique", 8.5)
    c.drawString(x0, 60, "Qualquer rasura ou emenda invalidará este documento. Autenticidade verificável no sítio do órgão emissor.")
    fields = {"titular_nome": h.nome, "titular_documento": h.documento, "numero": numero, "tipo_certidao": kind,
              "resultado": resultado, "data_emissao": emissao.isoformat(),
              "validade": validade.isoformat() if validade else None}
    return d.bytes(), fields
