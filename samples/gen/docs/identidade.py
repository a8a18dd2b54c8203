"""Documento de identidade dos sócios (Art. 4º, X): the RS Carteira de Identidade (front and back
photocopied on one page) and the Carteira de Identidade Nacional (CIN)."""

from __future__ import annotations

from reportlab.lib import colors

from datetime import date

from samples.gen import ids, pdf, text
from samples.gen.world import Empresa, Pessoa

LAYOUTS = ("rg-rs", "cin", "rg-mg", "ctps", "condutor-der")  # the first two alternate for partners
ESTADO = {"RS": ["REPÚBLICA FEDERATIVA DO BRASIL", "ESTADO DO RIO GRANDE DO SUL",
                 "SECRETARIA DA SEGURANÇA PÚBLICA", "INSTITUTO-GERAL DE PERÍCIAS"],
          "MG": ["REPÚBLICA FEDERATIVA DO BRASIL", "ESTADO DE MINAS GERAIS",
                 "POLÍCIA CIVIL DE MINAS GERAIS", "INSTITUTO DE IDENTIFICAÇÃO"]}
ESTADO_NOME = {"RS": "ESTADO DO RIO GRANDE DO SUL", "MG": "ESTADO DE MINAS GERAIS", "SP": "ESTADO DE SÃO PAULO"}
CAPITAL = {"RS": "PORTO ALEGRE/RS", "MG": "BELO HORIZONTE/MG", "SP": "SÃO PAULO/SP"}
NONE_EXTRA = {"empregador_nome": None, "empregador_documento": None, "data_admissao": None, "data_desligamento": None}


def render(p: Pessoa, layout: str, uf: str = "RS", compact: bool = False) -> tuple[bytes, dict]:
    """An identity card copied front and back: on an A4 sheet, or (compact) cropped to the cards."""
    cw, ch = 400, 255
    if compact:
        page = (cw + 40, 2 * ch + 70)
        d = pdf.Doc("Documento de identidade", "Cópia", pagesize=page)
        x0, y_front = 20.0, page[1] - 20 - ch
        y_back = 50.0
    else:
        d = pdf.Doc("Documento de identidade", "Cópia")
        x0 = (pdf.W - cw) / 2
        y_front = pdf.H - 60 - ch
        y_back = y_front - 40 - ch
    c = d.c
    for y in (y_front, y_back):
        c.setLineWidth(1)
        c.setStrokeColor(colors.HexColor("#444444"))
        c.roundRect(x0, y, cw, ch, 10)
    c.setStrokeColor(colors.black)
    if layout.startswith("rg-"):
        numero = p.rg
        _rg_front(c, p, x0, y_front, cw, ch, uf)
        _rg_back(c, p, x0, y_back, cw, ch, uf)
    else:
        numero = text.cpf(p.cpf)
        _cin_front(c, p, x0, y_front, cw, ch, uf)
        _cin_back(c, p, x0, y_back, cw, ch, uf)
    c.setFont("Helvetica-Oblique", 8)
    c.drawString(x0, y_back - (18 if compact else 24), "Cópia simples - confere com o original.")
    return d.bytes(), {"titular_nome": p.nome, "titular_documento": p.cpf, "numero": numero,
                       "data_emissao": p.rg_expedicao.isoformat(), "data_nascimento": p.nascimento.isoformat(),
                       "tipo_documento": "rg" if layout.startswith("rg-") else "cin", **NONE_EXTRA}


def _photo(c, x, y, w, h):
    c.setFillColor(colors.HexColor("#bbbbbb"))
    c.rect(x, y, w, h, stroke=1, fill=1)
    c.setFillColor(colors.HexColor("#888888"))
    c.circle(x + w / 2, y + h * 0.62, w * 0.22, stroke=0, fill=1)
    c.ellipse(x + w * 0.15, y, x + w * 0.85, y + h * 0.45, stroke=0, fill=1)
    c.setFillColor(colors.black)


def _field(c, x, y, label, value, size=10):
    c.setFont("Helvetica", 6.5)
    c.drawString(x, y, label)
    c.setFont("Helvetica-Bold", size)
    c.drawString(x, y - size - 1, value)


def _rg_front(c, p, x, y, w, h, uf="RS"):
    c.setFont("Helvetica-Bold", 9)
    for i, t in enumerate(ESTADO[uf]):
        c.drawCentredString(x + w / 2 + 40, y + h - 22 - i * 11, t)
    pdf.brasao(c, x + 40, y + h - 40, 20)
    _photo(c, x + 20, y + 40, 95, 120)
    c.setFont("Helvetica-Bold", 14)
    c.drawCentredString(x + w / 2 + 60, y + 110, "CARTEIRA DE IDENTIDADE")
    pdf.signature_line(c, x + 150, y + 55, 220, ["ASSINATURA DO TITULAR"], "rg:" + p.cpf, size=7)


def _rg_back(c, p, x, y, w, h, uf="RS"):
    top = y + h - 24
    _field(c, x + 16, top, "REGISTRO GERAL", p.rg, 12)
    _field(c, x + 230, top, "DATA DE EXPEDIÇÃO", text.dmy(p.rg_expedicao))
    _field(c, x + 16, top - 34, "NOME", p.nome)
    _field(c, x + 16, top - 66, "FILIAÇÃO", p.pai, 9)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x + 16, top - 88, p.mae)
    _field(c, x + 16, top - 112, "NATURALIDADE", p.naturalidade, 9)
    _field(c, x + 230, top - 112, "DATA DE NASCIMENTO", text.dmy(p.nascimento))
    rg = "".join(ch for ch in p.rg if ch.isdigit())
    _field(c, x + 16, top - 144, "DOC. ORIGEM", f"C.NASC. LV A-{rg[:3]} FL {rg[3:6]}", 8.5)
    _field(c, x + 230, top - 144, "CPF", text.cpf(p.cpf))
    c.setFont("Helvetica", 7)
    c.drawString(x + 16, y + 16, "ASSINATURA DO DIRETOR")
    c.drawRightString(x + w - 16, y + 16, "LEI Nº 7.116 DE 29/08/83")
    pdf.signature(c, x + 16, y + 22, 120, "diretor-igp")


def _cin_front(c, p, x, y, w, h, uf="RS"):
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x + 16, y + h - 20, "REPÚBLICA FEDERATIVA DO BRASIL")
    c.setFont("Helvetica-Bold", 12)
    c.drawString(x + 16, y + h - 36, "CARTEIRA DE IDENTIDADE NACIONAL")
    c.setFont("Helvetica", 7)
    c.drawRightString(x + w - 14, y + h - 20, ESTADO_NOME[uf])
    _photo(c, x + 16, y + 30, 90, 115)
    xx = x + 125
    _field(c, xx, y + h - 62, "Nome / Name", p.nome, 9.5)
    _field(c, xx, y + h - 94, "Sexo / Sex", p.sexo, 9)
    _field(c, xx + 80, y + h - 94, "Nacionalidade / Nationality", "BRA", 9)
    _field(c, xx, y + h - 126, "Data de Nascimento / Date of Birth", text.dmy(p.nascimento), 9)
    _field(c, xx, y + h - 158, "Registro Geral - CPF / Personal Number", text.cpf(p.cpf), 11)
    pdf.signature(c, xx, y + 30, 160, "cin:" + p.cpf)
    c.setFont("Helvetica", 6.5)
    c.drawString(xx, y + 22, "Assinatura do titular / Signature")


def _cin_back(c, p, x, y, w, h, uf="RS"):
    top = y + h - 24
    _field(c, x + 16, top, "Filiação / Filiation", p.mae, 9)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x + 16, top - 22, p.pai)
    _field(c, x + 16, top - 50, "Naturalidade / Place of Birth", p.naturalidade, 9)
    _field(c, x + 16, top - 82, "Órgão Expedidor / Issuing Authority", f"SSP/{uf}", 9)
    _field(c, x + 200, top - 82, "Local de Emissão / Place of Issue", CAPITAL[uf], 9)
    _field(c, x + 16, top - 114, "Data de Emissão / Date of Issue", text.dmy(p.rg_expedicao), 9)
    _field(c, x + 200, top - 114, "Validade / Date of Expiry", text.dmy(p.rg_expedicao.replace(year=p.rg_expedicao.year + 10)), 9)
    c.setFont("Courier", 9)
    mrz = f"IDBRA{p.cpf}<<<<<<<<<<<<<<<"[:30]
    c.drawString(x + 16, y + 34, mrz)
    c.drawString(x + 16, y + 22, (p.nome.replace(" ", "<") + "<" * 30)[:30])


# ---------------------------------------------------------------- CTPS and the DER/MG driver's card

def ctps(p: Pessoa, employer: Empresa, admissao: date, emissao: date, desligamento: date | None = None,
         anterior: tuple[str, str, date, date] | None = None) -> tuple[bytes, dict]:
    """The Carteira de Trabalho Digital as exported to PDF: personal data and the employment
    contracts, the latest first (an earlier, ended contract may follow)."""
    d = pdf.Doc("Carteira de Trabalho Digital", "Ministério do Trabalho e Emprego")
    c = d.c
    x0, wd = 50, pdf.W - 100
    y = pdf.H - 55
    pdf.brasao(c, x0 + 16, y - 8, 15)
    c.setFont("Helvetica-Bold", 10)
    c.drawString(x0 + 40, y, "MINISTÉRIO DO TRABALHO E EMPREGO")
    c.setFont("Helvetica-Bold", 15)
    c.drawString(x0 + 40, y - 20, "CARTEIRA DE TRABALHO DIGITAL")
    y -= 56
    c.setFont("Helvetica-Bold", 10.5)
    c.drawString(x0, y, "DADOS PESSOAIS")
    pdf.hrule(c, x0, x0 + wd, y - 5)
    y -= 24
    rows = [[(0.6, "NOME CIVIL", p.nome), (0.4, "CPF", text.cpf(p.cpf))],
            [(0.3, "DATA DE NASCIMENTO", text.dmy(p.nascimento)), (0.2, "SEXO", "Masculino" if p.sexo == "M" else "Feminino"),
             (0.5, "NACIONALIDADE", "Brasileira")]]
    for r in rows:
        x = x0
        for f, lab, val in r:
            pdf.box(c, x, y, wd * f, 28, lab, val, value_size=10, label_size=6.3, stroke=0.4)
            x += wd * f
        y -= 28
    y -= 24
    c.setFont("Helvetica-Bold", 10.5)
    c.drawString(x0, y, "CONTRATOS DE TRABALHO")
    pdf.hrule(c, x0, x0 + wd, y - 5)
    y -= 22
    contratos = [(employer.razao, employer.cnpj, admissao, desligamento, "MOTORISTA DE ÔNIBUS RODOVIÁRIO", "7824-10")]
    if anterior:
        contratos.append((anterior[0], anterior[1], anterior[2], anterior[3], "MOTORISTA DE CAMINHÃO", "7825-10"))
    for nome, cnpj, adm, desl, cargo, cbo in contratos:
        rows = [[(0.65, "EMPREGADOR", nome), (0.35, "CNPJ", text.cnpj(cnpj))],
                [(0.5, "OCUPAÇÃO", cargo), (0.2, "CBO", cbo), (0.3, "TIPO DE CONTRATO", "Prazo indeterminado")],
                [(0.5, "DATA DE ADMISSÃO", text.dmy(adm)), (0.5, "DATA DE DESLIGAMENTO", text.dmy(desl) if desl else "-")]]
        for r in rows:
            x = x0
            for f, lab, val in r:
                pdf.box(c, x, y, wd * f, 28, lab, val, value_size=10, label_size=6.3, stroke=0.4)
                x += wd * f
            y -= 28
        y -= 16
    c.setFont("Helvetica", 8.5)
    c.drawString(x0, 80, f"Documento emitido em {text.dmy(emissao)} às 18:22 pelo aplicativo Carteira de Trabalho Digital.")
    c.drawString(x0, 68, "Informações do eSocial. A validade pode ser conferida em servicos.mte.gov.br com o código "
                 + ids.code("ctps:" + p.cpf, 3, 4, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"))
    return d.bytes(), {"titular_nome": p.nome, "titular_documento": p.cpf, "numero": None,
                       "data_emissao": emissao.isoformat(), "data_nascimento": p.nascimento.isoformat(),
                       "tipo_documento": "ctps", "empregador_nome": employer.razao, "empregador_documento": employer.cnpj,
                       "data_admissao": admissao.isoformat(),
                       "data_desligamento": desligamento.isoformat() if desligamento else None}


def condutor_der(p: Pessoa, autorizatario: Empresa, cadastro: str, codigo: str, certidao_em: date) -> tuple[bytes, dict]:
    """The DER/MG "Documento de Condutor de Veículo de Aluguel" (Anexo Único of the decree), front
    and back, copied and cropped."""
    cw, ch = 420, 230
    page = (cw + 40, 2 * ch + 60)
    d = pdf.Doc("Documento de Condutor de Veículo de Aluguel", "DER/MG", pagesize=page)
    c = d.c
    x, yf, yb = 20, page[1] - 20 - ch, 20
    for y in (yf, yb):
        c.setLineWidth(1)
        c.rect(x, y, cw, ch)
    c.setFont("Helvetica-Bold", 10)
    c.drawCentredString(x + cw / 2, yf + ch - 18, "DOCUMENTO DE CONDUTOR DE VEÍCULO DE ALUGUEL")
    c.setFont("Helvetica-Bold", 8.5)
    c.drawCentredString(x + cw / 2, yf + ch - 31, "TRANSPORTE INTERMUNICIPAL DE PESSOAS - DER/MG")
    _photo(c, x + cw - 92, yf + 58, 76, 96)
    c.setFont("Helvetica", 6)
    c.drawCentredString(x + cw - 54, yf + 50, "foto 3x4")
    tx = x + 14
    _field(c, tx, yf + ch - 52, "CONDUTOR", p.nome, 9.5)
    _field(c, tx, yf + ch - 84, "CPF", text.cpf(p.cpf), 9.5)
    _field(c, tx, yf + ch - 116, "AUTORIZATÁRIO", autorizatario.razao, 7.8)
    _field(c, tx, yf + ch - 148, "CNPJ DO AUTORIZATÁRIO", text.cnpj(autorizatario.cnpj), 9)
    _field(c, tx + 170, yf + ch - 148, "CÓD.", codigo, 9)
    pdf.signature(c, tx, yf + 22, 130, "der-aut:" + autorizatario.cnpj)
    pdf.signature(c, tx + 150, yf + 22, 110, "der-cond:" + p.cpf)
    c.setFont("Helvetica", 6.5)
    c.drawString(tx, yf + 12, "Assinatura do Autorizatário")
    c.drawString(tx + 150, yf + 12, "Assinatura do Condutor")
    verso = (f"O portador apresentou ao DER/MG certidão negativa expedida em {text.dmy(certidao_em)} por Cartório de "
             "Distribuição Criminal, disciplina pelo art. 329 do Código de Trânsito Brasileiro. A condução de veículos "
             "de aluguel para transporte de passageiros ou de escolares está condicionada ao atendimento de todas as "
             "exigências previstas no Código de Trânsito Brasileiro. O portador deste não tem vínculo empregatício de "
             "qualquer natureza com o DER/MG. O Autorizatário é responsável pelo recolhimento deste documento, quando "
             "cessar o vínculo com o Condutor.")
    yy = pdf.para(c, x + 14, yb + ch - 20, cw - 28, verso, "Helvetica", 8, 10.5)
    _field(c, x + 14, yy - 16, "Nº DO CADASTRO", cadastro, 10)
    pdf.signature(c, x + 230, yb + 22, 120, "der-visto")
    pdf.stamp(c, x + 220, yb + 40, ["DER/MG", "COORDENADORIA REGIONAL - IPATINGA"], angle=4, size=6.5)
    c.setFont("Helvetica", 6.5)
    c.drawString(x + 230, yb + 12, "Visto do DER/MG")
    return d.bytes(), {"titular_nome": p.nome, "titular_documento": p.cpf, "numero": cadastro, "data_emissao": None,
                       "data_nascimento": None, "tipo_documento": "condutor_fretado",
                       "empregador_nome": autorizatario.razao, "empregador_documento": autorizatario.cnpj,
                       "data_admissao": None, "data_desligamento": None}
