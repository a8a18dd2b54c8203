"""Requerimento à METROPLAN de autorização para viagens especiais (Art. 4º, I)."""

from __future__ import annotations

from datetime import date

from samples.gen import pdf, text
from samples.gen.world import Contrato, Empresa, Pessoa, Veiculo

OBJETO = "Autorização para Viagens Especiais de Fretamento Contínuo Escolar"


def render(e: Empresa, k: Contrato, veiculos: list[Veiculo], data: date) -> tuple[bytes, dict]:
    d = pdf.Doc("Requerimento METROPLAN", e.razao)
    c = d.c
    x0, wd = 50, pdf.W - 100
    y = pdf.H - 60
    pdf.brasao(c, x0 + 16, y - 8, 16)
    c.setFont("Helvetica-Bold", 10)
    c.drawString(x0 + 42, y, "ESTADO DO RIO GRANDE DO SUL")
    c.drawString(x0 + 42, y - 12, "FUNDAÇÃO ESTADUAL DE PLANEJAMENTO METROPOLITANO E REGIONAL - METROPLAN")
    c.setFont("Helvetica", 9)
    c.drawString(x0 + 42, y - 24, "Diretoria de Transporte Metropolitano - Divisão de Cadastro e Fretamento (DCF)")
    y -= 60
    c.setFont("Helvetica-Bold", 14)
    c.drawCentredString(pdf.W / 2, y, "REQUERIMENTO")
    c.setFont("Helvetica-Bold", 10)
    c.drawCentredString(pdf.W / 2, y - 15, "FRETAMENTO CONTÍNUO ESCOLAR")
    y -= 40
    ct = k.contratante
    rows = [("REQUERENTE (RAZÃO SOCIAL)", e.razao), ("CNPJ", text.cnpj(e.cnpj)),
            ("ENDEREÇO", e.endereco.linha()), ("TELEFONE / E-MAIL", f"{e.telefone} / {e.email}"),
            ("OBJETO DO REQUERIMENTO", OBJETO),
            ("CONTRATO Nº / CONTRATANTE", f"{k.numero} - {ct.nome if isinstance(ct, Pessoa) else ct.razao}"),
            ("VIGÊNCIA DO CONTRATO", f"{text.dmy(k.inicio)} a {text.dmy(k.fim)}"),
            ("VEÍCULO(S) - PLACA", ", ".join(f"{v.placa} ({v.marca_modelo}, {v.lotacao} lugares)" for v in veiculos))]
    for lab, val in rows:
        pdf.box(c, x0, y, wd, 30, lab, val, value_size=9.5 if len(val) < 80 else 8, label_size=6.5)
        y -= 30
    y -= 18
    y = pdf.para(c, x0, y, wd, f"{e.razao}, acima qualificada, vem requerer à METROPLAN a concessão de "
                 f"{OBJETO} para o(s) veículo(s) acima relacionado(s), nos termos da Resolução do CETM que "
                 "disciplina o serviço, juntando para tanto a documentação exigida no seu Art. 4º. Declara, sob "
                 "as penas da lei, serem verdadeiras as informações prestadas.", "Helvetica", 10, 14)
    y -= 10
    c.setFont("Helvetica", 10)
    c.drawString(x0, y, "Nestes termos, pede deferimento.")
    c.drawString(x0, y - 30, f"{e.endereco.municipio}, {text.longa(data)}.")
    s = e.socios[0]
    pdf.signature_line(c, pdf.W / 2 - 120, y - 110, 240, [s.nome, f"Sócio-administrador - {e.razao}"],
                       "req:" + e.razao, size=8.5)
    pdf.stamp(c, pdf.W - 200, y - 190, [e.razao, f"CNPJ {text.cnpj(e.cnpj)}"], angle=-3, size=7)
    c.setFont("Helvetica", 7)
    c.drawString(x0, 40, "Formulário disponível em www.metroplan.rs.gov.br - protocolo na DCF/METROPLAN")
    return d.bytes(), {"titular_nome": e.razao, "titular_documento": e.cnpj,
                       "data_emissao": data.isoformat(), "objeto": OBJETO}


# ---------------------------------------------------------------- the other acts

REQUERIMENTOS = {
    "der-mg": dict(
        head=["GOVERNO DO ESTADO DE MINAS GERAIS", "DEPARTAMENTO DE EDIFICAÇÕES E ESTRADAS DE RODAGEM - DER/MG",
              "Coordenadoria Regional de Ipatinga - Transporte Fretado"],
        title="REQUERIMENTO", sub="CADASTRAMENTO E AUTORIZAÇÃO DE FRETAMENTO CONTÍNUO",
        objeto="Cadastramento do autorizatário, do veículo e dos condutores e autorização de fretamento contínuo",
        texto=("vem requerer ao DER/MG o seu cadastramento para a prestação de serviço fretado de transporte rodoviário "
               "intermunicipal de pessoas e a autorização para o fretamento contínuo objeto do contrato anexo, "
               "juntando os documentos exigidos pelos Arts. 4º e 7º do Decreto. Declara, sob as penas da lei, serem "
               "verdadeiras as informações prestadas."), label="REQUERENTE (AUTORIZATÁRIO)"),
    "emtu": dict(
        head=["GOVERNO DO ESTADO DE SÃO PAULO", "SECRETARIA DE ESTADO DOS TRANSPORTES METROPOLITANOS",
              "EMTU/SP - Gerência de Fretamento"],
        title="REQUERIMENTO", sub="REGISTRO NO SERVIÇO DE FRETAMENTO METROPOLITANO",
        objeto=("Registro da empresa no serviço de transporte coletivo de passageiros de interesse metropolitano sob "
                "regime de fretamento"),
        texto=("vem requerer à Secretaria de Estado dos Transportes Metropolitanos o seu registro no serviço de "
               "fretamento metropolitano, nos termos do Art. 5º do Regulamento, juntando a relação de veículos, a prova "
               "de capital integralizado e os demais documentos de personalidade jurídica, capacidade técnica e "
               "idoneidade financeira. Declara, sob as penas da lei, serem verdadeiras as informações prestadas."),
        label="REQUERENTE (RAZÃO SOCIAL)"),
    "declaracao-estacionamento": dict(
        head=None, title="DECLARAÇÃO", sub="ÁREA PARA ESTACIONAMENTO DOS VEÍCULOS",
        objeto="Declaração de instalação com área apropriada para estacionamento dos veículos",
        texto=("DECLARA, sob as penas da lei, para fins de autorização do serviço de transporte especial escolar junto ao "
               "Departamento de Transporte e Trânsito - DETRA de Ipatinga (Art. 24, IV), que possui instalação com área "
               "apropriada para estacionamento dos veículos, situada em seu endereço sede, com capacidade para 12 "
               "(doze) veículos, coberta e cercada."), label="DECLARANTE"),
}


def render_orgao(kind: str, e: Empresa, data: date, extra_rows: list[tuple[str, str]] = ()) -> tuple[bytes, dict]:
    s = REQUERIMENTOS[kind]
    d = pdf.Doc(s["title"], e.razao)
    c = d.c
    x0, wd = 50, pdf.W - 100
    y = pdf.H - 60
    if s["head"]:
        pdf.brasao(c, x0 + 16, y - 8, 16)
        c.setFont("Helvetica-Bold", 10)
        c.drawString(x0 + 42, y, s["head"][0])
        c.drawString(x0 + 42, y - 12, s["head"][1])
        c.setFont("Helvetica", 9)
        c.drawString(x0 + 42, y - 24, s["head"][2])
    else:  # on the carrier's letterhead
        c.setFont("Helvetica-Bold", 12)
        c.drawCentredString(pdf.W / 2, y, e.razao)
        c.setFont("Helvetica", 8.5)
        c.drawCentredString(pdf.W / 2, y - 12, f"CNPJ {text.cnpj(e.cnpj)} - {e.endereco.linha()}")
        c.drawCentredString(pdf.W / 2, y - 23, f"{e.telefone} - {e.email}")
    y -= 62
    c.setFont("Helvetica-Bold", 14)
    c.drawCentredString(pdf.W / 2, y, s["title"])
    c.setFont("Helvetica-Bold", 10)
    c.drawCentredString(pdf.W / 2, y - 15, s["sub"])
    y -= 40
    rows = [(s["label"], e.razao), ("CNPJ", text.cnpj(e.cnpj)), ("ENDEREÇO", e.endereco.linha()),
            ("TELEFONE / E-MAIL", f"{e.telefone} / {e.email}"), ("OBJETO", s["objeto"]), *extra_rows]
    for lab, val in rows:
        n = len(pdf.lines(val, "Helvetica-Bold", 9.5, wd - 6))
        pdf.box(c, x0, y, wd, 18 + 12 * n, lab, val, value_size=9.5, label_size=6.5, value_lines=n)
        y -= 18 + 12 * n
    y -= 18
    y = pdf.para(c, x0, y, wd, f"{e.razao}, acima qualificada, {s['texto']}", "Helvetica", 10, 14)
    y -= 10
    c.setFont("Helvetica", 10)
    if s["head"]:
        c.drawString(x0, y, "Nestes termos, pede deferimento.")
        y -= 30
    c.drawString(x0, y, f"{e.endereco.municipio}, {text.longa(data)}.")
    so = e.socios[0]
    pdf.signature_line(c, pdf.W / 2 - 120, y - 80, 240, [so.nome, f"Sócio-administrador - {e.razao}"],
                       f"req-{kind}:" + e.razao, size=8.5)
    return d.bytes(), {"titular_nome": e.razao, "titular_documento": e.cnpj, "data_emissao": data.isoformat(),
                       "objeto": s["objeto"]}
