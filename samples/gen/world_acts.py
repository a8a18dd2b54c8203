"""The world of the four municipal and state acts (Santa Maria/RS, DER/MG, Ipatinga/MG and
EMTU/SP): a carrier in each place with its partners, vehicles and drivers, the contractors of
the DER/MG and EMTU contracts, and the dates every packet is judged against.

One MG carrier (Ipatinga) serves both the DER/MG intermunicipal charter and Ipatinga's school
transport; its two drivers serve both too, and the first of them, who owns a minibus, is the
natural-person applicant of the Ipatinga PF packets. Every identifier passes its check digits.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from samples.gen import ids
from samples.gen.world import Empresa, Endereco, Instituicao, Passageiro, Pessoa, Veiculo, pessoa, person_name

REF = date(2026, 3, 2)  # the reference date of every packet of these acts


def rel(days: int) -> date:
    """A date relative to the reference date."""
    return REF + timedelta(days=days)


@dataclass(frozen=True)
class Habilitacao:
    """A driving licence (CNH)."""
    numero: str
    categoria: str
    primeira: date
    emissao: date
    validade: date
    observacoes: str | None  # as printed; "EAR" marks paid activity
    uf: str
    espelho: str  # the card's serial number

    @property
    def ear(self) -> bool:
        return bool(self.observacoes) and "EAR" in self.observacoes.split(";")[0].split()


@dataclass(frozen=True)
class Motorista:
    pessoa: Pessoa
    cnh: Habilitacao
    titulo: str  # título de eleitor
    reservista: str  # número do certificado militar (RA)

    @property
    def nome(self) -> str:
        return self.pessoa.nome

    @property
    def cpf(self) -> str:
        return self.pessoa.cpf


@dataclass
class Carrier:
    """A carrier and what belongs to it in these acts."""
    empresa: Empresa
    slug: str
    socios: list[Motorista]  # partners, with their voter and military numbers
    motoristas: list[Motorista]
    veiculos: dict[str, Veiculo] = field(default_factory=dict)


@dataclass
class ActsWorld:
    sm: Carrier
    mg: Carrier
    sp: Carrier
    mg_pf_micro: Veiculo  # the minibus of the Ipatinga natural-person applicant (MG driver 1)
    siderurgica: Instituicao  # DER/MG contractor
    metalurgica: Instituicao  # EMTU contractor
    empregados_sp: list[Passageiro]
    cooperados_sm: list[Passageiro]


def _end(key: str, logradouro: str, bairro: str, municipio: str, uf: str, cep: str) -> Endereco:
    return Endereco(logradouro, str(ids.rng("num:" + key).randint(40, 2400)), bairro, municipio, uf, cep)


def _rg(key: str, uf: str) -> str:
    """The RG number as printed by each state's identification institute."""
    d = ids.digits("rg:" + key, 10)
    if uf == "MG":
        return f"MG-{d[:2]}.{d[2:5]}.{d[5:8]}"
    if uf == "SP":  # SSP-SP: weights 2..9 on the eight digits, mod 11, 10 is X
        r = sum(int(ch) * w for ch, w in zip(d[:8], range(2, 10))) % 11
        dv = "X" if r == 10 else str(r)
        return f"{d[:2]}.{d[2:5]}.{d[5:8]}-{dv}"
    return d


def _person(key: str, born: date, end: Endereco, sexo: str, uf: str, **kw) -> Pessoa:
    p = pessoa(key, born, end, sexo, **kw)
    return replace(p, rg=_rg(key, uf))


def _habilitacao(key: str, p: Pessoa, uf: str, categoria: str, obs: str | None, emissao: date,
                 primeira: date | None = None) -> Habilitacao:
    age_at = emissao.year - p.nascimento.year
    years = 10 if age_at < 50 else 5
    validade = emissao.replace(year=emissao.year + years)
    return Habilitacao(ids.cnh(key), categoria, primeira or date(p.nascimento.year + 21, 6, 14), emissao,
                       validade, obs, uf, ids.digits("espelho:" + key, 10))


def _motorista(key: str, born: date, end: Endereco, uf: str, categoria: str = "D", obs: str | None = "EAR",
               emissao: date = date(2024, 1, 22), sexo: str = "M", **kw) -> Motorista:
    p = _person(key, born, end, sexo, uf, **kw)
    return Motorista(p, _habilitacao(key, p, uf, categoria, obs, emissao),
                     ids.titulo_eleitor(key, uf), ids.digits("ra:" + key, 12))


def _socio(key: str, born: date, end: Endereco, uf: str, sexo: str, **kw) -> Motorista:
    return _motorista(key, born, end, uf, sexo=sexo, **kw)


def _empresa(key: str, razao: str, fantasia: str, end: Endereco, abertura: date, socios: list[Pessoa],
             capital: float, ie: str, telefone: str, **kw) -> Empresa:
    r = ids.rng("empresa:" + key)
    return Empresa(
        razao=razao, fantasia=fantasia, cnpj=ids.cnpj(key), endereco=end, abertura=abertura, socios=tuple(socios),
        capital=capital, ie=ie, alvara=f"{r.randint(1000, 9999)}/{abertura.year + 1}",
        inscricao_municipal=ids.digits("im:" + key, 7), nire=ids.digits("nire:" + key, 11),
        registro_junta=ids.digits("junta:" + key, 11),
        email=f"contato@{fantasia.split()[0].lower()}{fantasia.split()[-1].lower()}.com.br",
        telefone=telefone, **kw)


def _vehicle(key: str, owner_nome: str, owner_doc: str, municipio: str, uf: str, prefix: str, *, wmi: str,
             vds: str, ano: int, marca_modelo: str, especie: str, tipo: str, lotacao: int, mercosul: bool = True,
             **kw) -> Veiculo:
    old = ids.placa_uf(key, prefix)
    r = ids.rng("veic:" + key)
    return Veiculo(
        placa=ids.mercosul(old) if mercosul else old, placa_anterior=old if mercosul else "",
        renavam=ids.renavam(key), chassi=ids.chassi(key, wmi, vds, kw.pop("ano_mod", ano)),
        marca_modelo=marca_modelo, ano_fab=ano, ano_mod=ano, especie_tipo=especie, tipo_veiculo=tipo,
        categoria="ALUGUEL", lotacao=lotacao, owner_nome=owner_nome, owner_doc=owner_doc, owner_municipio=municipio,
        motor=f"{r.randint(100, 999)}{r.choice('ABCDEFGH')}{r.randint(10, 99)}U{r.randint(1000000, 9999999)}",
        crv=ids.digits("crv:" + key, 12), cla=ids.digits("cla:" + key, 11), uf=uf, **kw)


def _pax(key: str, n: int, kind: str, uf: str) -> list[Passageiro]:
    out, seen, i = [], set(), 0
    while len(out) < n:
        i += 1
        nome, _ = person_name(f"{key}:{i}")
        if nome in seen:
            continue
        seen.add(nome)
        pk = f"{key}:{i}"
        if kind == "rg":
            imp = _rg(pk, uf)
            out.append(Passageiro(nome, "rg", "".join(ch for ch in imp if ch.isalnum()), imp))
        else:
            d = ids.cpf(pk)
            out.append(Passageiro(nome, "cpf", d, f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}"))
    return out


def build() -> ActsWorld:
    # ---------------------------------------------------------------- Santa Maria/RS
    sm_end = _end("sm", "Avenida Hélvio Basso", "Medianeira", "Santa Maria", "RS", "97060000")
    sm_s1 = _socio("sm-socio1", date(1968, 4, 21), _end("sm-s1", "Rua Venâncio Aires", "Centro", "Santa Maria", "RS", "97010001"),
                   "RS", "M", estado_civil="casado", profissao="empresário", naturalidade="SANTA MARIA/RS",
                   rg_expedicao=date(2017, 8, 9))
    sm_s2 = _socio("sm-socio2", date(1973, 10, 5), _end("sm-s2", "Rua Floriano Peixoto", "Centro", "Santa Maria", "RS", "97015370"),
                   "RS", "M", estado_civil="casado", profissao="empresário", naturalidade="SÃO SEPÉ/RS",
                   rg_expedicao=date(2023, 11, 28))
    sm_emp = _empresa("sm", "TRANSPORTES MEDIANEIRA LTDA", "MEDIANEIRA TURISMO", sm_end, date(2009, 7, 13),
                      [sm_s1.pessoa, sm_s2.pessoa], 240_000.0, ids.ie_rs("sm"), "(55) 3221-4780",
                      cnae_secundarios=("4929-9/02", "4923-0/02", "7911-2/00"),
                      cnae_principal="4929-9/01")
    sm_d1 = _motorista("sm-mot1", date(1979, 8, 12), _end("sm-m1", "Rua Tuiuti", "Nossa Senhora do Rosário",
                       "Santa Maria", "RS", "97010260"), "RS", categoria="D", emissao=date(2023, 9, 18))
    sm_d2 = _motorista("sm-mot2", date(1984, 2, 27), _end("sm-m2", "Rua Pinheiro Machado", "Camobi",
                       "Santa Maria", "RS", "97105000"), "RS", categoria="AD", emissao=date(2025, 4, 3))
    sm = Carrier(sm_emp, "medianeira", [sm_s1, sm_s2], [sm_d1, sm_d2])
    nm, doc = sm_emp.razao, sm_emp.cnpj
    sm.veiculos["onibus"] = _vehicle("sm-onibus", nm, doc, "Santa Maria", "RS", "I", wmi="9BM", vds="634011",
                                     ano=2018, marca_modelo="M.BENZ/O 500 RS MPOLO PARADISO 1050",
                                     especie="PASSAGEIRO ONIBUS", tipo="onibus", lotacao=44, potencia="360CV/11967",
                                     pbt="18.00", cmt="18.00", capacidade="*.*")
    sm.veiculos["micro"] = _vehicle("sm-micro", nm, doc, "Santa Maria", "RS", "I", wmi="953", vds="E82G2B",
                                    ano=2015, marca_modelo="VW/9.160 OD NEOBUS THUNDER+", especie="PASSAGEIRO MICROONIBUS",
                                    tipo="microonibus", lotacao=28, potencia="160CV/3900", pbt="9.20", cmt="9.20")

    # ---------------------------------------------------------------- Ipatinga/MG (DER/MG and Ipatinga)
    mg_end = _end("mg", "Avenida Maanaim", "Cidade Nobre", "Ipatinga", "MG", "35162385")
    mg_s1 = _socio("mg-socio1", date(1970, 12, 2), _end("mg-s1", "Rua Diamantina", "Horto", "Ipatinga", "MG", "35160141"),
                   "MG", "M", estado_civil="casado", profissao="empresário", naturalidade="IPATINGA/MG",
                   rg_expedicao=date(2016, 3, 30))
    mg_s2 = _socio("mg-socio2", date(1976, 6, 18), _end("mg-s2", "Rua Uberlândia", "Cidade Nobre", "Ipatinga", "MG", "35162089"),
                   "MG", "F", estado_civil="casada", profissao="administradora", naturalidade="CORONEL FABRICIANO/MG",
                   rg_expedicao=date(2022, 5, 10))
    mg_emp = _empresa("mg", "VIAÇÃO VALE DO AÇO FRETAMENTO E TURISMO LTDA", "VALE DO AÇO TURISMO", mg_end,
                      date(2012, 2, 27), [mg_s1.pessoa, mg_s2.pessoa], 350_000.0, ids.ie_mg("mg"), "(31) 3822-6140",
                      cnae_secundarios=("4924-8/00", "4929-9/01", "7911-2/00"))
    escolar = "EAR; TRANSPORTE ESCOLAR"
    mg_d1 = _motorista("mg-mot1", date(1981, 5, 1), _end("mg-m1", "Rua Itabira", "Bom Retiro", "Ipatinga", "MG", "35160272"),
                       "MG", categoria="D", obs=escolar, emissao=date(2023, 7, 11))
    mg_d2 = _motorista("mg-mot2", date(1986, 9, 23), _end("mg-m2", "Rua Santo Antônio", "Canaã", "Ipatinga", "MG", "35164240"),
                       "MG", categoria="AD", obs=escolar, emissao=date(2024, 10, 8))
    mg = Carrier(mg_emp, "valedoaco", [mg_s1, mg_s2], [mg_d1, mg_d2])
    nm, doc = mg_emp.razao, mg_emp.cnpj
    mg.veiculos["onibus"] = _vehicle("mg-onibus", nm, doc, "Ipatinga", "MG", "H", wmi="9BM", vds="382177",
                                     ano=2016, marca_modelo="M.BENZ/O 500 R MPOLO VIAGGIO 1050",
                                     especie="PASSAGEIRO ONIBUS", tipo="onibus", lotacao=46, potencia="310CV/11967",
                                     pbt="17.70", cmt="17.70")
    mg.veiculos["micro"] = _vehicle("mg-micro", nm, doc, "Ipatinga", "MG", "H", wmi="93P", vds="B58M0M",
                                    ano=2012, marca_modelo="MARCOPOLO/VOLARE W9 ESC", especie="PASSAGEIRO MICROONIBUS",
                                    tipo="microonibus", lotacao=24, potencia="156CV/4580", pbt="8.50", cmt="8.50",
                                    carroceria="TRANSPORTE DE ESCOLARES")
    d1 = mg_d1.pessoa
    pf_micro = _vehicle("mg-pf-micro", d1.nome, d1.cpf, "Ipatinga", "MG", "H", wmi="93Z", vds="C2RMF0",
                        ano=2013, marca_modelo="IVECO/CITYCLASS 70C17 ESC", especie="PASSAGEIRO MICROONIBUS",
                        tipo="microonibus", lotacao=22, potencia="170CV/2998", pbt="7.00", cmt="7.00",
                        carroceria="TRANSPORTE DE ESCOLARES")

    # ---------------------------------------------------------------- Guarulhos/SP (EMTU)
    sp_end = _end("sp", "Rua Harry Simonsen", "Vila Galvão", "Guarulhos", "SP", "07071000")
    sp_s1 = _socio("sp-socio1", date(1972, 1, 30), _end("sp-s1", "Rua Capitão Gabriel", "Centro", "Guarulhos", "SP", "07011040"),
                   "SP", "M", naturalidade="SÃO PAULO/SP")
    sp_s2 = _socio("sp-socio2", date(1978, 7, 7), _end("sp-s2", "Rua Dom Pedro II", "Centro", "Guarulhos", "SP", "07011000"),
                   "SP", "F", naturalidade="GUARULHOS/SP")
    sp_emp = _empresa("sp", "EXPRESSO GUARULHOS FRETAMENTO E TURISMO LTDA", "EXPRESSO GUARULHOS", sp_end,
                      date(2015, 9, 14), [sp_s1.pessoa, sp_s2.pessoa], 150_000.0, ids.ie_sp("sp"), "(11) 2408-3371")
    sp = Carrier(sp_emp, "guarulhos", [sp_s1, sp_s2], [])
    nm, doc = sp_emp.razao, sp_emp.cnpj
    sp.veiculos["onibus1"] = _vehicle("sp-onibus1", nm, doc, "Guarulhos", "SP", "F", wmi="9BM", vds="382188",
                                      ano=2023, marca_modelo="M.BENZ/O 500 RSD MPOLO PARADISO G8",
                                      especie="PASSAGEIRO ONIBUS", tipo="onibus", lotacao=46, potencia="360CV/12800",
                                      pbt="19.50", cmt="19.50")
    sp.veiculos["onibus2"] = _vehicle("sp-onibus2", nm, doc, "Guarulhos", "SP", "F", wmi="9BW", vds="RF82W0",
                                      ano=2018, marca_modelo="VW/17.230 OD CAIO FOZ SUPER", especie="PASSAGEIRO ONIBUS",
                                      tipo="onibus", lotacao=44, potencia="230CV/6900", pbt="17.50", cmt="17.50")
    sp.veiculos["micro"] = _vehicle("sp-micro", nm, doc, "Guarulhos", "SP", "F", wmi="93P", vds="B58L0N",
                                    ano=2014, marca_modelo="MARCOPOLO/VOLARE W8 ON", especie="PASSAGEIRO MICROONIBUS",
                                    tipo="microonibus", lotacao=28, potencia="156CV/4580", pbt="8.80", cmt="8.80")

    # ---------------------------------------------------------------- contractors
    dir_sid = pessoa("sid-dir", date(1965, 3, 12), _end("sid-d", "Rua Lima Duarte", "Castelo", "Ipatinga", "MG", "35160001"),
                     "M", profissao="engenheiro")
    siderurgica = Instituicao("SIDERÚRGICA VALE DO PIRACICABA S.A.", "SIDERÚRGICA VALE DO PIRACICABA",
                              ids.cnpj("siderurgica"),
                              _end("sid", "Avenida Pedro Linhares Gomes", "Usiminas", "Ipatinga", "MG", "35160900"),
                              "empresa", dir_sid, "Diretor Administrativo")
    dir_met = pessoa("met-dir", date(1969, 11, 8), _end("met-d", "Rua Antônio Agú", "Centro", "Osasco", "SP", "06013000"),
                     "F", profissao="administradora")
    metalurgica = Instituicao("METALÚRGICA TIETÊ INDÚSTRIA DE AUTOPEÇAS S.A.", "METALÚRGICA TIETÊ",
                              ids.cnpj("metalurgica"),
                              _end("met", "Avenida dos Autonomistas", "Vila Yara", "Osasco", "SP", "06020010"),
                              "empresa", dir_met, "Gerente de Recursos Humanos")
    return ActsWorld(sm=sm, mg=mg, sp=sp, mg_pf_micro=pf_micro, siderurgica=siderurgica, metalurgica=metalurgica,
                     empregados_sp=_pax("metalurgica", 24, "rg", "SP"),
                     cooperados_sm=_pax("sm-cooperados", 75, "cpf", "RS"))
