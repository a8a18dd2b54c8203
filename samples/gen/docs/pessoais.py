"""A person's certificates other than certidões: the atestado de antecedentes criminais (the RS
Alvará de Folha Corrida; the MG Polícia Civil's atestado), the atestado médico of fitness and
the certificate of the specialised drivers' course."""

from __future__ import annotations

from datetime import date

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, A5, landscape

from samples.gen import ids, pdf, text
from samples.gen.world import Pessoa

MM = pdf.MM

ANTECEDENTES = {
    "RS": dict(head=["ESTADO DO RIO GRANDE DO SUL", "PODER JUDICIÁRIO", "TRIBUNAL DE JUSTIÇA - Serviço de Certidões"],
               title="ALVARÁ DE FOLHA CORRIDA",
               nada=("CERTIFICO que, revendo os registros de distribuição criminal das Comarcas do Estado do Rio Grande "
                     "do Sul e os assentamentos do Instituto-Geral de Perícias, NADA CONSTA contra a pessoa acima "
                     "identificada até a presente data."),
               consta=("CERTIFICO que, revendo os registros de distribuição criminal das Comarcas do Estado do Rio "
                       "Grande do Sul, CONSTA contra a pessoa acima identificada o processo criminal nº "
                       "027/2.24.0004517-3, em tramitação na 2ª Vara Criminal da Comarca de Santa Maria."),
               label="Nº do alvará", city="Porto Alegre"),
    "MG": dict(head=["GOVERNO DO ESTADO DE MINAS GERAIS", "POLÍCIA CIVIL DE MINAS GERAIS",
                     "INSTITUTO DE IDENTIFICAÇÃO"],
               title="ATESTADO DE ANTECEDENTES CRIMINAIS",
               nada=("ATESTAMOS, para fins de cadastro de condutor de transporte escolar, que revendo os arquivos deste "
                     "Instituto de Identificação, NADA CONSTA em nome da pessoa acima qualificada até a presente data."),
               consta=("ATESTAMOS que, revendo os arquivos deste Instituto de Identificação, CONSTA registro criminal em "
                       "nome da pessoa acima qualificada."),
               label="Número do atestado", city="Belo Horizonte"),
}


def antecedentes(p: Pessoa, uf: str, emissao: date, validade: date | None, key: str,
                 resultado: str = "nada_consta") -> tuple[bytes, dict]:
    s = ANTECEDENTES[uf]
    numero = f"{ids.digits('ant:' + key, 7)}/{emissao.year}"
    d = pdf.Doc(s["title"], s["head"][1])
    c = d.c
    x0, wd = 65, pdf.W - 130
    y = pdf.H - 62
    pdf.brasao(c, x0 + 18, y - 12, 18)
    for i, t in enumerate(s["head"]):
        c.setFont("Helvetica-Bold" if i < 2 else "Helvetica", 10)
        c.drawString(x0 + 48, y - i * 13, t)
    y -= 80
    c.setFont("Helvetica-Bold", 16)
    c.drawCentredString(pdf.W / 2, y, s["title"])
    c.setFont("Helvetica", 10)
    c.drawCentredString(pdf.W / 2, y - 16, f"{s['label']}: {numero}")
    y -= 46
    rows = [("NOME", p.nome), ("CPF", text.cpf(p.cpf)), ("RG", p.rg), ("DATA DE NASCIMENTO", text.dmy(p.nascimento)),
            ("NATURALIDADE", p.naturalidade), ("FILIAÇÃO", f"{p.mae} e {p.pai}")]
    for lab, val in rows:
        c.setFont("Helvetica-Bold", 10)
        c.drawString(x0, y, lab + ":")
        y = pdf.para(c, x0 + 130, y, wd - 130, val, "Helvetica", 10.5, 14) - 6
    y -= 14
    y = pdf.para(c, x0, y, wd, s["nada"] if resultado == "nada_consta" else s["consta"], "Helvetica", 11, 16) - 14
    c.setFont("Helvetica", 10.5)
    c.drawString(x0, y, f"Data de emissão: {text.dmy(emissao)}")
    if validade:
        c.drawString(x0, y - 16, f"Validade: {text.dmy(validade)}")
    c.drawString(x0, y - 40, f"{s['city']}, {text.longa(emissao)}.")
    pdf.signature_line(c, pdf.W / 2 - 100, 150, 200, ["Chefe do Serviço de Certidões"], "ant-chefe:" + uf, size=8.5)
    c.setFont("Helvetica-Oblique", 8)
    c.drawString(x0, 60, "Documento emitido eletronicamente. A autenticidade pode ser confirmada no sítio do órgão emissor.")
    return d.bytes(), {"titular_nome": p.nome, "titular_documento": p.cpf, "numero": numero, "resultado": resultado,
                       "data_emissao": emissao.isoformat(), "validade": validade.isoformat() if validade else None}


def medico(p: Pessoa, emissao: date, key: str, apto: bool = True, cidade: str = "Ipatinga") -> tuple[bytes, dict]:
    """An atestado médico on the clinic's A5 letterhead."""
    doctor = {"nome": "Dra. RENATA MOREIRA DUTRA", "crm": "CRM-MG 48.217", "esp": "Medicina do Tráfego"}
    d = pdf.Doc("Atestado médico", "Clínica", pagesize=A5)
    c = d.c
    w, h = A5
    x0, wd = 36, w - 72
    y = h - 42
    c.setFont("Helvetica-Bold", 11)
    c.drawCentredString(w / 2, y, "CLÍNICA DE MEDICINA DO TRÁFEGO VALE DO AÇO")
    c.setFont("Helvetica", 7.5)
    c.drawCentredString(w / 2, y - 11, "Rua Diamantina, 145, Centro, Ipatinga/MG - (31) 3824-5590")
    pdf.hrule(c, x0, x0 + wd, y - 18)
    y -= 50
    c.setFont("Helvetica-Bold", 15)
    c.drawCentredString(w / 2, y, "ATESTADO MÉDICO")
    y -= 30
    concl = ("encontra-se em pleno gozo de saúde física e mental, estando APTO(A) para o exercício da atividade de "
             "condutor de veículo de transporte escolar." if apto else
             "NÃO apresenta, nesta data, condições de saúde física e mental para o exercício da atividade de "
             "condutor de veículo de transporte escolar, estando INAPTO(A).")
    y = pdf.para(c, x0, y, wd, f"Atesto, para fins de cadastro junto ao Departamento de Transporte e Trânsito (DETRA) "
                 f"de Ipatinga, que o(a) Sr(a). {p.nome}, portador(a) do CPF nº {text.cpf(p.cpf)}, foi por mim "
                 f"examinado(a) nesta data e {concl}", "Helvetica", 10.5, 15)
    y -= 20
    c.setFont("Helvetica", 10)
    c.drawString(x0, y, f"{cidade}, {text.longa(emissao)}.")
    pdf.signature_line(c, w / 2 - 90, 80, 180, [doctor["nome"], f"{doctor['crm']} - {doctor['esp']}"],
                       "medico:" + key, size=8)
    pdf.stamp(c, w / 2 - 70, 22, [doctor["nome"], doctor["crm"]], angle=-4, size=7)
    return d.bytes(), {"titular_nome": p.nome, "titular_documento": p.cpf, "apto": apto, "medico_crm": doctor["crm"],
                       "data_emissao": emissao.isoformat(), "validade": None}


CURSOS = {
    "coletivo": "Curso Especializado para Condutores de Veículos de Transporte Coletivo de Passageiros",
    "escolar": "Curso Especializado para Condutores de Veículos de Transporte de Escolares",
    "perigosos": "Curso Especializado para Condutores de Veículos de Transporte de Produtos Perigosos",
}
ESCOLAS = {"RS": ("CENTRO DE FORMAÇÃO DE CONDUTORES CORAÇÃO DO RIO GRANDE LTDA", "Santa Maria/RS", "DETRAN/RS"),
           "MG": ("INSTITUTO DE EDUCAÇÃO PARA O TRÂNSITO VALE DO AÇO", "Ipatinga/MG", "DETRAN/MG")}


def curso(p: Pessoa, uf: str, tipo: str, emissao: date, validade: date | None, key: str) -> tuple[bytes, dict]:
    """A landscape course certificate (Resolução CONTRAN nº 168/2004 / 789/2020)."""
    nome_curso = CURSOS[tipo]
    escola, cidade, detran = ESCOLAS[uf]
    numero = f"{ids.digits('curso:' + key, 5)}/{emissao.year}"
    page = landscape(A4)
    d = pdf.Doc("Certificado de curso", escola, pagesize=page)
    c = d.c
    w, h = page
    c.setLineWidth(3)
    c.setStrokeColor(colors.HexColor("#555555"))
    c.rect(28, 28, w - 56, h - 56)
    c.setLineWidth(0.8)
    c.rect(36, 36, w - 72, h - 72)
    c.setStrokeColor(colors.black)
    y = h - 80
    c.setFont("Helvetica-Bold", 12)
    c.drawCentredString(w / 2, y, escola)
    c.setFont("Helvetica", 9)
    c.drawCentredString(w / 2, y - 13, f"Entidade credenciada pelo {detran} - {cidade}")
    y -= 60
    c.setFont("Times-Bold", 30)
    c.drawCentredString(w / 2, y, "CERTIFICADO")
    y -= 40
    y = pdf.para(c, 90, y, w - 180, f"Certificamos que {p.nome}, CPF {text.cpf(p.cpf)}, concluiu com aproveitamento o "
                 f"curso abaixo, com carga horária de 50 (cinquenta) horas-aula, nos termos da Resolução CONTRAN nº "
                 f"789/2020.", "Times-Roman", 14, 20, align="center")
    y -= 16
    c.setFont("Helvetica-Bold", 12)
    c.drawCentredString(w / 2, y, f"Curso: {nome_curso}")
    y -= 36
    c.setFont("Helvetica", 11)
    c.drawString(110, y, f"Data de conclusão: {text.dmy(emissao)}")
    if validade:
        c.drawString(110, y - 18, f"Validade: {text.dmy(validade)}")
    c.drawRightString(w - 110, y, f"Certificado nº {numero}")
    c.drawRightString(w - 110, y - 18, f"Registro no {detran}: RENACH {ids.digits('renach:' + key, 9)}")
    pdf.signature_line(c, w / 2 - 240, 80, 200, ["Diretor(a) de Ensino"], "curso-dir:" + uf, size=9)
    pdf.signature_line(c, w / 2 + 40, 80, 200, ["Instrutor(a) credenciado(a)"], "curso-inst:" + key, size=9)
    return d.bytes(), {"titular_nome": p.nome, "titular_documento": p.cpf, "curso": nome_curso, "numero": numero,
                       "data_emissao": emissao.isoformat(), "validade": validade.isoformat() if validade else None}
