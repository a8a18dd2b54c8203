"""The fictional but valid world the samples describe: carriers, contractors, vehicles,
passengers, insurers, and the contracts and policies between them.

Every identifier passes its check digits (see ids.py). Each entity draws from its own seeded
generator, so adding an entity never changes the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date

from samples.gen import ids

# ---------------------------------------------------------------- names

NOMES_F = ["ANA", "BEATRIZ", "CAMILA", "DANIELA", "EDUARDA", "FERNANDA", "GABRIELA", "HELENA",
           "ISABELA", "JULIANA", "LARISSA", "LETÍCIA", "LUANA", "MARIANA", "NATÁLIA", "PAULA",
           "RAFAELA", "SOFIA", "TAÍS", "VALENTINA", "VITÓRIA", "YASMIN", "ALICE", "CLARA",
           "LAURA", "MANUELA", "LÍVIA", "HELOÍSA", "LORENA", "BRUNA"]
NOMES_M = ["ARTHUR", "BERNARDO", "CAIO", "DAVI", "ENZO", "FELIPE", "GABRIEL", "GUILHERME",
           "HEITOR", "JOÃO", "LEONARDO", "LUCAS", "MATHEUS", "MIGUEL", "NICOLAS", "OTÁVIO",
           "PEDRO", "RAFAEL", "SAMUEL", "THIAGO", "VINÍCIUS", "BRUNO", "EDUARDO", "GUSTAVO",
           "HENRIQUE", "LORENZO", "MURILO", "RICARDO", "TOMÁS", "DANIEL"]
NOMES_MEIO = ["", "", "", "LUIZA", "EDUARDO", "HENRIQUE", "CRISTINA", "AUGUSTO", "VITÓRIA",
              "GABRIEL", "FERNANDA", "ANTÔNIO"]
SOBRENOMES = ["SILVA", "SANTOS", "OLIVEIRA", "SOUZA", "RODRIGUES", "FERREIRA", "ALVES",
              "PEREIRA", "LIMA", "GOMES", "COSTA", "RIBEIRO", "MARTINS", "CARVALHO", "ROCHA",
              "SCHNEIDER", "WEBER", "MÜLLER", "BECKER", "SCHMITT", "FISCHER", "KLEIN",
              "MACHADO", "MOREIRA", "BORGES", "FAGUNDES", "TEIXEIRA", "DA ROSA", "DOS SANTOS",
              "DE OLIVEIRA", "FONTOURA", "BRUM", "PACHECO", "VARGAS", "CARDOSO", "NUNES",
              "MEDEIROS", "BITENCOURT", "GOULART", "ZANETTI", "BERTOLDI", "PICCOLI", "FRITZ",
              "KUHN", "HOFFMANN", "DUTRA", "FLORES", "SEVERO", "AZEVEDO", "PRESTES"]


def person_name(key: str, sexo: str | None = None) -> tuple[str, str]:
    r = ids.rng("nome:" + key)
    sexo = sexo or r.choice("FM")
    first = r.choice(NOMES_F if sexo == "F" else NOMES_M)
    meio = r.choice(NOMES_MEIO)
    if meio and ((sexo == "F") != (meio in {"LUIZA", "CRISTINA", "VITÓRIA", "FERNANDA"})):
        meio = ""
    s1, s2 = r.sample(SOBRENOMES, 2)
    parts = [first] + ([meio] if meio else []) + [s1, s2]
    return " ".join(parts), sexo


# ---------------------------------------------------------------- entities

@dataclass(frozen=True)
class Endereco:
    logradouro: str
    numero: str
    bairro: str
    municipio: str
    uf: str
    cep: str  # 8 digits

    def linha(self) -> str:
        return (f"{self.logradouro}, nº {self.numero}, Bairro {self.bairro}, "
                f"{self.municipio}/{self.uf}, CEP {self.cep[:5]}-{self.cep[5:]}")


@dataclass(frozen=True)
class Pessoa:
    nome: str
    cpf: str
    rg: str
    nascimento: date
    sexo: str
    endereco: Endereco
    estado_civil: str = "casado(a)"
    profissao: str = "empresário(a)"
    mae: str = ""
    pai: str = ""
    naturalidade: str = "PORTO ALEGRE/RS"
    rg_expedicao: date = date(2015, 3, 10)

    def nacionalidade(self) -> str:
        return "brasileira" if self.sexo == "F" else "brasileiro"


def pessoa(key: str, nascimento: date, endereco: Endereco, sexo: str | None = None,
           **kw) -> Pessoa:
    nome, sx = person_name(key, sexo)
    mae, _ = person_name(key + ":mae", "F")
    pai, _ = person_name(key + ":pai", "M")
    mae = mae.rsplit(" ", 1)[0] + " " + nome.rsplit(" ", 1)[1] if "mae" not in kw else kw.pop("mae")
    pai = pai.rsplit(" ", 1)[0] + " " + nome.rsplit(" ", 1)[1]
    kw.setdefault("mae", mae)
    kw.setdefault("pai", pai)
    return Pessoa(nome=kw.pop("nome", nome), cpf=ids.cpf(key), rg=ids.digits("rg:" + key, 10),
                  nascimento=nascimento, sexo=kw.pop("sexo", sx), endereco=endereco, **kw)


@dataclass(frozen=True)
class Empresa:
    razao: str
    fantasia: str
    cnpj: str
    endereco: Endereco
    abertura: date
    socios: tuple[Pessoa, ...]
    capital: float
    ie: str
    alvara: str
    inscricao_municipal: str
    nire: str
    registro_junta: str
    email: str
    telefone: str
    natureza: str = "206-2 - Sociedade Empresária Limitada"
    cnae_principal: str = "4929-9/02"
    cnae_secundarios: tuple[str, ...] = ("4929-9/01", "4923-0/02", "7911-2/00")
    porte: str = "EPP"


CNAE_DESC = {
    "4929-9/02": "Transporte rodoviário coletivo de passageiros, sob regime de fretamento, "
                 "intermunicipal, interestadual e internacional",
    "4929-9/01": "Transporte rodoviário coletivo de passageiros, sob regime de fretamento, "
                 "municipal",
    "4923-0/02": "Serviço de transporte de passageiros - locação de automóveis com motorista",
    "7911-2/00": "Agências de viagens",
    "4924-8/00": "Transporte escolar",
}


@dataclass(frozen=True)
class Instituicao:
    """A legal-person contractor or a destination: school, university, prefeitura."""
    razao: str
    fantasia: str
    cnpj: str
    endereco: Endereco
    categoria: str  # instituicao_ensino | prefeitura | entidade_estudantil | ...
    representante: Pessoa
    cargo: str


@dataclass(frozen=True)
class Veiculo:
    placa: str
    placa_anterior: str
    renavam: str
    chassi: str
    marca_modelo: str
    ano_fab: int
    ano_mod: int
    especie_tipo: str
    tipo_veiculo: str
    categoria: str
    lotacao: int
    owner_nome: str
    owner_doc: str
    owner_municipio: str
    cor: str = "BRANCA"
    combustivel: str = "DIESEL"
    potencia: str = "208CV/7200"
    pbt: str = "17.00"
    motor: str = ""
    cmt: str = "17.00"
    eixos: str = "2"
    capacidade: str = "*.*"
    carroceria: str = "NAO APLICAVEL"
    crv: str = ""
    cla: str = ""
    alf: str | None = None
    uf: str = "RS"  # state of registration (DETRAN that issues the CRLV)

    @property
    def lotacao_impressa(self) -> str:
        return f"{self.lotacao:02d}P"


@dataclass(frozen=True)
class Seguradora:
    nome: str
    cnpj: str
    susep: str
    endereco: Endereco
    telefone: str


@dataclass(frozen=True)
class Passageiro:
    nome: str
    documento_tipo: str  # cpf | rg | matricula | certidao | inscricao
    documento: str  # normalised: digits and letters only
    impresso: str  # as printed
    turma: str = ""


@dataclass(frozen=True)
class Apolice:
    numero: str
    proposta: str
    seguradora: Seguradora
    segurado: Empresa
    veiculo: Veiculo
    inicio: date
    fim: date
    emissao: date
    assentos: int
    ap_morte: float
    ap_invalidez: float
    rc_passageiros: float
    dmh: float
    premio_liquido: float
    parcelas: int
    rc_terceiros_dm: float = 200_000.0
    rc_terceiros_dc: float = 500_000.0
    danos_morais: float = 50_000.0

    @property
    def iof(self) -> float:
        return round(self.premio_liquido * 0.0738, 2)

    @property
    def premio_total(self) -> float:
        return round(self.premio_liquido + self.iof, 2)


@dataclass(frozen=True)
class Contrato:
    numero: str
    contratante: Instituicao | Pessoa
    contratado: Empresa
    instituicao: Instituicao | None  # destination institution
    assinatura: date
    inicio: date
    fim: date
    origem: str
    destino: str
    itinerario: str | None
    horarios: str | None
    locais_embarque: str | None
    valor: float
    valor_mensal: bool
    cidade: str
    contratado_doc_impresso: str | None = None  # a defect may print another number
    representa_menor: Pessoa | None = None  # parent contracting for a minor
    regime: str = "escolar"  # escolar (METROPLAN) | empresarial (employees of a company: DER/MG, EMTU)
    orgao: str = "METROPLAN"  # the body that authorises the service
    uf: str = "RS"

    @property
    def pf(self) -> bool:
        return isinstance(self.contratante, Pessoa)


# ---------------------------------------------------------------- the world

def _end(key: str, logradouro: str, bairro: str, municipio: str, cep: str) -> Endereco:
    return Endereco(logradouro, str(ids.rng("num:" + key).randint(12, 2900)), bairro,
                    municipio, "RS", cep)


@dataclass
class World:
    carrier: Empresa
    carrier_alfa: Empresa
    outra_empresa: Empresa
    escola: Instituicao
    faculdade: Instituicao
    prefeitura: Instituicao
    estudante: Pessoa  # PF contractor, on the list
    pai: Pessoa  # PF contractor representing a minor (pool only)
    pampa: Seguradora
    atlantico: Seguradora
    bus1: Veiculo
    bus2: Veiculo
    bus_alfa: Veiculo
    van: Veiculo
    micro9: Veiculo
    bus20: Veiculo
    micro_2020: Veiculo
    micro_papel: Veiculo
    bus_outro: Veiculo
    filho: Pessoa
    alunos_escola: list[Passageiro] = field(default_factory=list)
    alunos_faculdade: list[Passageiro] = field(default_factory=list)
    alunos_prefeitura: list[Passageiro] = field(default_factory=list)
    alunos_guaiba: list[Passageiro] = field(default_factory=list)


def _empresa(key: str, razao: str, fantasia: str, endereco: Endereco, abertura: date,
             socios: tuple[Pessoa, ...], capital: float, alfa: bool = False, **kw) -> Empresa:
    r = ids.rng("empresa:" + key)
    return Empresa(
        razao=razao, fantasia=fantasia, cnpj=ids.cnpj(key, alphanumeric=alfa),
        endereco=endereco, abertura=abertura, socios=socios, capital=capital,
        ie=ids.ie_rs(key), alvara=f"{r.randint(1000, 9999)}/{abertura.year + r.randint(1, 4)}",
        inscricao_municipal=ids.digits("im:" + key, 6), nire="432" + ids.digits("nire:" + key, 8),
        registro_junta=ids.digits("junta:" + key, 7),
        email=f"contato@{fantasia.split()[0].lower()}{fantasia.split()[-1].lower()}.com.br",
        telefone=f"(51) 3{r.randint(100, 999)}-{r.randint(1000, 9999)}", **kw)


def _vehicle(key: str, owner: Empresa, *, wmi: str, vds: str, ano: int, marca_modelo: str,
             especie: str, tipo: str, lotacao: int, categoria: str = "ALUGUEL",
             mercosul: bool = True, **kw) -> Veiculo:
    old = ids.placa_antiga(key)
    r = ids.rng("veic:" + key)
    return Veiculo(
        placa=ids.mercosul(old) if mercosul else old, placa_anterior=old if mercosul else "",
        renavam=ids.renavam(key), chassi=ids.chassi(key, wmi, vds, ano),
        marca_modelo=marca_modelo, ano_fab=ano, ano_mod=kw.pop("ano_mod", ano),
        especie_tipo=especie, tipo_veiculo=tipo, categoria=categoria, lotacao=lotacao,
        owner_nome=owner.razao, owner_doc=owner.cnpj, owner_municipio=owner.endereco.municipio,
        motor=kw.pop("motor", f"{r.randint(100, 999)}{r.choice('ABCDEFGH')}"
                              f"{r.randint(10, 99)}U{r.randint(1000000, 9999999)}"),
        crv=ids.digits("crv:" + key, 12), cla=ids.digits("cla:" + key, 11), **kw)


def _alunos(key: str, n: int, kinds: list[str], born: tuple[int, int], turmas: list[str]) -> list[Passageiro]:
    out, seen = [], set()
    r = ids.rng("alunos:" + key)
    i = 0
    while len(out) < n:
        i += 1
        nome, _ = person_name(f"{key}:{i}")
        if nome in seen:
            continue
        seen.add(nome)
        k = kinds[len(out) % len(kinds)]
        pk = f"{key}:{i}"
        if k == "cpf":
            d = ids.cpf(pk)
            imp = f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}"
        elif k == "rg":
            d = ids.digits("rg:" + pk, 10)
            imp = d
        elif k == "matricula":
            d = f"{r.randint(2016, 2025)}{r.randint(1000, 9999)}"
            imp = f"{d[:4]}.{d[4:]}"
        elif k == "certidao":
            d = ids.certidao(pk, r.randint(*born))
            imp = f"{d[:6]} {d[6:8]} {d[8:10]} {d[10:14]} {d[14]} {d[15:20]} {d[20:23]} {d[23:30]}-{d[30:]}"
        else:  # inscricao
            d = f"{r.randint(100000, 999999)}"
            imp = d
        out.append(Passageiro(nome, k, d, imp, r.choice(turmas)))
    return out


def build() -> World:
    socio1 = pessoa("socio1", date(1971, 8, 14), _end("s1", "Rua Joaquim Nabuco", "Centro", "Novo Hamburgo", "93310002"),
                    "M", estado_civil="casado", profissao="empresário", naturalidade="NOVO HAMBURGO/RS",
                    rg_expedicao=date(2018, 6, 4))
    socio2 = pessoa("socio2", date(1975, 2, 3), _end("s2", "Rua Bento Gonçalves", "Rio Branco", "Novo Hamburgo", "93310108"),
                    "F", estado_civil="casada", profissao="administradora", naturalidade="ESTÂNCIA VELHA/RS",
                    rg_expedicao=date(2024, 9, 16))
    carrier = _empresa("carrier", "TRANSPORTES VALE DO SINOS LTDA", "VALE DO SINOS TURISMO",
                       _end("carrier", "Avenida Victor Hugo Kunz", "Industrial", "Novo Hamburgo", "93347000"),
                       date(2011, 5, 16), (socio1, socio2), 300_000.0)
    socio3 = pessoa("socio3", date(1968, 11, 22), _end("s3", "Rua São José", "Centro", "Guaíba", "92500000"),
                    "M", estado_civil="casado", profissao="empresário", naturalidade="GUAÍBA/RS",
                    rg_expedicao=date(2016, 1, 20))
    socio4 = pessoa("socio4", date(1980, 4, 9), _end("s4", "Rua Nestor de Moura Jardim", "Colina", "Guaíba", "92500000"),
                    "F", estado_civil="casada", profissao="empresária", naturalidade="PORTO ALEGRE/RS",
                    rg_expedicao=date(2025, 2, 11))
    carrier_alfa = _empresa("carrier-alfa", "EXPRESSO GUAÍBA FRETAMENTO E TURISMO LTDA", "EXPRESSO GUAÍBA",
                            _end("carrier-alfa", "Avenida Sete de Setembro", "Centro", "Guaíba", "92500000"),
                            date(2018, 3, 5), (socio3, socio4), 180_000.0, alfa=True, porte="ME")
    outra = _empresa("outra", "TURISMO TRÊS COROAS LTDA", "TRÊS COROAS TURISMO",
                     _end("outra", "Avenida Dorival Cândido Luz de Oliveira", "São Vicente", "Gravataí", "94040000"),
                     date(2009, 9, 1), (), 500_000.0)

    diretora = pessoa("diretora", date(1969, 7, 30), _end("dir", "Rua Dona Laura", "Rio Branco", "Porto Alegre", "90430091"),
                      "F", estado_civil="casada", profissao="educadora")
    escola = Instituicao("SOCIEDADE EDUCACIONAL SANTA CLARA LTDA", "COLÉGIO SANTA CLARA", ids.cnpj("escola"),
                         _end("escola", "Avenida Protásio Alves", "Petrópolis", "Porto Alegre", "90410006"),
                         "instituicao_ensino", diretora, "Diretora")
    reitor = pessoa("reitor", date(1962, 1, 12), _end("rei", "Rua Mostardeiro", "Moinhos de Vento", "Porto Alegre", "90430001"),
                    "M", profissao="professor universitário")
    faculdade = Instituicao("ASSOCIAÇÃO EDUCACIONAL METROPOLITANA DO SUL", "FACULDADE METROPOLITANA DE PORTO ALEGRE",
                            ids.cnpj("faculdade"),
                            _end("fac", "Avenida Ipiranga", "Partenon", "Porto Alegre", "90619900"),
                            "instituicao_ensino", reitor, "Diretor-Geral")
    prefeito = pessoa("prefeito", date(1966, 5, 2), _end("pref", "Avenida Justino Camboim", "Centro", "Sapucaia do Sul", "93210000"),
                      "M", profissao="prefeito municipal")
    prefeitura = Instituicao("MUNICÍPIO DE SAPUCAIA DO SUL", "PREFEITURA MUNICIPAL DE SAPUCAIA DO SUL",
                             ids.cnpj("prefeitura"),
                             _end("pref-sede", "Avenida Leônidas de Souza", "Centro", "Sapucaia do Sul", "93212020"),
                             "prefeitura", prefeito, "Prefeito Municipal")
    estudante = pessoa("estudante", date(2003, 10, 19), _end("est", "Rua Independência", "Centro", "São Leopoldo", "93010001"),
                       "F", estado_civil="solteira", profissao="estudante universitária",
                       naturalidade="SÃO LEOPOLDO/RS", rg_expedicao=date(2019, 4, 25))
    pai = pessoa("pai", date(1979, 12, 1), _end("pai", "Rua Caramuru", "Centro", "Canoas", "92010000"),
                 "M", estado_civil="casado", profissao="comerciário", naturalidade="CANOAS/RS")

    ef = _end("pampa", "Avenida Carlos Gomes", "Auxiliadora", "Porto Alegre", "90480003")
    pampa = Seguradora("PAMPA SEGUROS GERAIS S.A.", ids.cnpj("pampa"), "05118", ef, "0800 051 4455")
    ea = Endereco("Avenida Paulista", "1842", "Bela Vista", "São Paulo", "SP", "01310200")
    atlantico = Seguradora("ATLÂNTICO SUL COMPANHIA DE SEGUROS", ids.cnpj("atlantico"), "06394", ea,
                           "0800 722 3030")

    bus1 = _vehicle("bus1", carrier, wmi="9BM", vds="384078", ano=2019,
                    marca_modelo="M.BENZ/OF 1721 MPOLO TORINO U", especie="PASSAGEIRO ONIBUS",
                    tipo="onibus", lotacao=44, capacidade="14.0", pbt="16.00", cmt="16.00")
    bus2 = _vehicle("bus2", carrier, wmi="9BW", vds="RF82W0", ano=2019, ano_mod=2020,
                    marca_modelo="VW/17.230 OD CAIO APACHE VIP", especie="PASSAGEIRO ONIBUS",
                    tipo="onibus", lotacao=44, potencia="230CV/6900", pbt="17.50", cmt="17.50",
                    alf="BANCO VOLKSWAGEN S.A.")
    bus_alfa = _vehicle("bus-alfa", carrier_alfa, wmi="9BM", vds="384067", ano=2019,
                        marca_modelo="M.BENZ/OF 1519 CAIO FOZ SUPER", especie="PASSAGEIRO ONIBUS",
                        tipo="onibus", lotacao=44, potencia="186CV/6370", pbt="15.00", cmt="15.00")
    van = _vehicle("van", carrier, wmi="8AC", vds="906657", ano=2019,
                   marca_modelo="M.BENZ/SPRINTER 415 CDI ESCOLAR", especie="PASSAGEIRO CAMIONETA",
                   tipo="outro", lotacao=15, potencia="143CV/2143", pbt="3.88", cmt="5.88",
                   carroceria="TRANSPORTE DE ESCOLARES")
    micro9 = _vehicle("micro9", carrier, wmi="93Z", vds="C2RMF0", ano=2019,
                      marca_modelo="IVECO/DAILY 45-170 MINIBUS", especie="PASSAGEIRO MICROONIBUS",
                      tipo="microonibus", lotacao=9, potencia="170CV/2998", pbt="4.50", cmt="7.50")
    bus20 = _vehicle("bus20", carrier, wmi="93P", vds="B58L0N", ano=2019,
                     marca_modelo="MARCOPOLO/VOLARE W9 ON", especie="PASSAGEIRO ONIBUS",
                     tipo="onibus", lotacao=20, potencia="156CV/4580", pbt="8.80", cmt="8.80")
    micro_2020 = _vehicle("micro2020", carrier, wmi="93P", vds="B46L0M", ano=2016,
                          marca_modelo="MARCOPOLO/VOLARE V8L ESC", especie="PASSAGEIRO MICROONIBUS",
                          tipo="microonibus", lotacao=28, potencia="156CV/4580", pbt="8.50",
                          cmt="8.50", carroceria="TRANSPORTE DE ESCOLARES",
                          alf="BANCO MERCEDES-BENZ DO BRASIL S/A")
    micro_papel = _vehicle("micro-papel", outra, wmi="9BM", vds="688270", ano=2012, ano_mod=2013,
                           marca_modelo="M.BENZ/LO 915 MARCOPOLO SENIOR", especie="PASSAG/MICROONIBUS",
                           tipo="microonibus", lotacao=31, mercosul=False, potencia="150CV/4249",
                           pbt="9.00", cmt="9.00")

    bus_outro = _vehicle("bus-outro", carrier, wmi="9BM", vds="384078", ano=2018,
                         marca_modelo="M.BENZ/OF 1721 MPOLO TORINO U", especie="PASSAGEIRO ONIBUS",
                         tipo="onibus", lotacao=44)
    filho = pessoa("filho", date(2014, 6, 7), pai.endereco, "M", estado_civil="solteiro", profissao="estudante")
    w = World(carrier=carrier, carrier_alfa=carrier_alfa, outra_empresa=outra, escola=escola,
              faculdade=faculdade, prefeitura=prefeitura, estudante=estudante, pai=pai,
              pampa=pampa, atlantico=atlantico, bus1=bus1, bus2=bus2, bus_alfa=bus_alfa, van=van,
              micro9=micro9, bus20=bus20, micro_2020=micro_2020, micro_papel=micro_papel, bus_outro=bus_outro, filho=filho)
    w.alunos_escola = _alunos("escola", 30, ["cpf", "rg", "cpf", "certidao", "matricula", "cpf", "rg"],
                              (2009, 2019), ["6º A", "7º B", "8º A", "9º C", "1º EM", "2º EM"])
    fac = _alunos("faculdade", 27, ["cpf", "cpf", "rg", "cpf"], (1995, 2006),
                  ["Administração", "Direito", "Enfermagem", "Pedagogia", "Engenharia Civil"])
    me = Passageiro(estudante.nome, "cpf", estudante.cpf,
                    f"{estudante.cpf[:3]}.{estudante.cpf[3:6]}.{estudante.cpf[6:9]}-{estudante.cpf[9:]}",
                    "Pedagogia")
    w.alunos_faculdade = [me] + fac
    w.alunos_prefeitura = _alunos("prefeitura", 45, ["cpf", "matricula", "rg", "cpf", "inscricao"],
                                  (2000, 2008), ["Técnico em Enfermagem", "Licenciatura", "Tecnólogo"])
    w.alunos_guaiba = _alunos("guaiba", 32, ["cpf", "certidao", "rg", "cpf", "matricula"], (2010, 2019),
                              ["5º A", "6º B", "7º A", "8º B"])
    return w


def variant(v: Veiculo, **kw) -> Veiculo:
    return replace(v, **kw)
