"""What a document of each core type states, drawn apart from how it is laid out: a vehicle and
its owner (CRLV), a policy, a contract, a passenger list. The structural families
(samples/gen/perturb/families.py) lay these out; a packet draws them once so that its documents
agree with each other (the same carrier, vehicle, contratante and contract number), as a real
carrier's packet does.

Each drawer takes the document's `random.Random` and its `cm.World`; what it is given (a vehicle,
an owner, a contract) it keeps, what it is not given it draws. `expected()` gives the fields as
the samples' *.expected.json name them (null where the layout does not print them is the
layout's business: it passes what it left out).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

from samples.gen import ids, text
from samples.gen.perturb import common as cm
from samples.gen.perturb.common import Company, Person
from samples.gen.perturb.contrato import _itinerary, _numero


# --------------------------------------------------------------------------- CRLV

@dataclass
class Crlv:
    v: dict
    owner: Company | Person
    exercicio: int
    emissao: date
    categoria: str

    @property
    def pf(self) -> bool:
        return isinstance(self.owner, Person)

    @property
    def owner_nome(self) -> str:
        return self.owner.nome if isinstance(self.owner, Person) else self.owner.razao

    @property
    def owner_doc(self) -> str:
        return self.owner.cpf if isinstance(self.owner, Person) else self.owner.cnpj

    @property
    def town(self) -> cm.Town:
        return self.owner.endereco.town

    def expected(self) -> dict:
        v = self.v
        return {"placa": v["placa"], "renavam": v["renavam"], "chassi": v["chassi"], "exercicio": self.exercicio,
                "ano_fabricacao": v["ano_fab"], "ano_modelo": v["ano_mod"], "categoria": self.categoria,
                "especie_tipo": v["especie"], "tipo_veiculo": v["tipo"], "lotacao": v["lotacao"],
                "proprietario_nome": self.owner_nome, "proprietario_documento": self.owner_doc,
                "data_emissao": self.emissao.isoformat()}


def crlv(rng: random.Random, w: cm.World, v: dict | None = None, owner: Company | Person | None = None) -> Crlv:
    v = v or w.vehicle(("onibus", "onibus", "microonibus", "outro"))
    exercicio = rng.randint(max(2023, v["ano_fab"]), 2026)
    emissao = w.date_between(date(exercicio - 1, 11, 1), date(exercicio, 12, 20))
    if owner is None:
        owner = w.person() if rng.random() < 0.2 else w.carrier()
    categoria = "ALUGUEL" if rng.random() < 0.8 else rng.choice(["PARTICULAR", "OFICIAL"])
    return Crlv(v, owner, exercicio, emissao, categoria)


# --------------------------------------------------------------------------- policy

COVERAGES = {
    "terc_dm": ["RCF-V - Danos Materiais a Terceiros", "Danos Materiais a Terceiros", "RC Danos Materiais"],
    "terc_dc": ["RCF-V - Danos Corporais a Terceiros", "Danos Corporais a Terceiros", "RC Danos Corporais"],
    "morais": ["Danos Morais e Estéticos", "Danos Morais"],
    "rc_pax": ["RC Passageiros", "Responsabilidade Civil - Passageiros", "RCTR-VI - Passageiros",
               "Responsabilidade Civil do Transportador - Passageiros"],
    "ap_morte": ["APP - Morte Acidental", "Acidentes Pessoais de Passageiros - Morte", "Morte Acidental (APP)"],
    "ap_inv": ["APP - Invalidez Permanente", "Acidentes Pessoais de Passageiros - Invalidez Permanente",
               "Invalidez Permanente por Acidente (APP)"],
    "ap": ["APP - Morte ou Invalidez Permanente", "Acidentes Pessoais de Passageiros (Morte/Invalidez)"],
    "dmh": ["APP - Despesas Médico-Hospitalares", "DMH - Despesas Médicas e Hospitalares",
            "Despesas Médico-Hospitalares (DMH)"],
}
PER_PASSENGER = {"ap_morte", "ap_inv", "ap", "dmh"}


@dataclass
class Apolice:
    ins: Company
    brand: str
    susep: str
    segurado: Company | Person
    v: dict
    inicio: date
    fim: date
    emissao: date
    numero: str
    certificado: str  # a certificate's own number, printed beside the policy's by some insurers
    ap_morte: float
    ap_inv: float
    dmh: float
    rc: float
    terceiros: list[tuple[str, float]]
    print_renavam: bool
    print_assentos: bool
    names: dict[str, str] = field(default_factory=dict)  # coverage -> the name printed for it

    @property
    def pf(self) -> bool:
        return isinstance(self.segurado, Person)

    @property
    def seg_nome(self) -> str:
        return self.segurado.nome if isinstance(self.segurado, Person) else self.segurado.razao

    @property
    def seg_doc(self) -> str:
        return self.segurado.cpf if isinstance(self.segurado, Person) else self.segurado.cnpj

    @property
    def assentos(self) -> int:
        return int(self.v["lotacao"])

    @property
    def joint_ap(self) -> bool:
        return self.ap_morte == self.ap_inv

    def coverage_rows(self, rng: random.Random, joint: bool | None = None) -> list[tuple[str, float]]:
        """(coverage, limit) in a drawn order: third parties, passengers' RC, AP (one row or two), DMH."""
        joint = self.joint_ap and rng.random() < 0.5 if joint is None else joint
        ap = [("ap", self.ap_morte)] if joint and self.joint_ap else [("ap_morte", self.ap_morte),
                                                                      ("ap_inv", self.ap_inv)]
        groups = [list(self.terceiros), [("rc_pax", self.rc)], ap, [("dmh", self.dmh)]]
        rng.shuffle(groups)
        return [r for g in groups for r in g]

    def expected(self) -> dict:
        return {"numero_apolice": self.numero, "seguradora_nome": self.ins.razao, "seguradora_cnpj": self.ins.cnpj,
                "segurado_nome": self.seg_nome, "segurado_documento": self.seg_doc,
                "vigencia_inicio": self.inicio.isoformat(), "vigencia_fim": self.fim.isoformat(),
                "placa": self.v["placa"], "chassi": self.v["chassi"],
                "assentos": self.assentos if self.print_assentos else None,
                "ap_por_passageiro": min(self.ap_morte, self.ap_inv), "rc_por_veiculo": self.rc,
                "dmh_por_passageiro": self.dmh, "renavam": self.v["renavam"] if self.print_renavam else None}


def policy_number(rng: random.Random) -> str:
    d = cm.digits
    return rng.choice([f"{rng.randint(1, 99):02d}.{rng.randint(10, 99)}.{d(rng, 7)}-{rng.randint(0, 9)}",
                       f"10{rng.randint(10, 99)}{d(rng, 9)}", f"{rng.randint(100, 999)}-{rng.randint(2023, 2026)}-{d(rng, 6)}",
                       f"{d(rng, 4)}.{d(rng, 4)}.{d(rng, 5)}", f"APL{rng.randint(2023, 2026)}{d(rng, 6)}"])


def apolice(rng: random.Random, w: cm.World, v: dict | None = None, segurado: Company | Person | None = None,
            inicio: date | None = None) -> Apolice:
    ins, brand, susep = w.insurer()
    if segurado is None:
        segurado = w.person() if rng.random() < 0.15 else w.carrier()
    v = v or w.vehicle(("onibus", "onibus", "microonibus"))
    inicio = inicio or w.date_between(date(2024, 1, 1), date(2026, 6, 30))
    fim = date(inicio.year + 1, inicio.month, min(inicio.day, 28 if inicio.month == 2 else 31))
    emissao = inicio - timedelta(days=rng.randint(0, 20))
    numero = policy_number(rng)
    certificado = f"{rng.randint(1, 9999):04d}{cm.digits(rng, 5)}"
    ap_morte = float(rng.choice([50_000, 60_000, 80_000, 100_000, 120_000, 150_000, 200_000]))
    ap_inv = ap_morte if rng.random() < 0.6 else float(rng.choice([40_000, 50_000, 80_000, 100_000, 120_000]))
    dmh = float(rng.choice([10_000, 15_000, 20_000, 25_000, 30_000, 40_000]))
    rc = float(rng.choice([1_000_000, 1_200_000, 1_500_000, 2_000_000, 2_500_000, 3_000_000]))
    terceiros = [("terc_dm", float(rng.choice([100_000, 200_000, 300_000, 500_000]))),
                 ("terc_dc", float(rng.choice([200_000, 500_000, 1_000_000])))]
    if rng.random() < 0.6:
        terceiros.append(("morais", float(rng.choice([20_000, 50_000, 100_000]))))
    names = {k: rng.choice(opts) for k, opts in COVERAGES.items()}
    return Apolice(ins, brand, susep, segurado, v, inicio, fim, emissao, numero, certificado, ap_morte, ap_inv, dmh,
                   rc, terceiros, rng.random() < 0.55, rng.random() < 0.85, names)


# --------------------------------------------------------------------------- contract

@dataclass
class Contrato:
    escolar: bool
    o: cm.Town
    d: cm.Town
    carrier: Company
    school: Company | None
    ct: Company | Person
    assinatura: date
    inicio: date
    fim: date
    numero: str
    itinerario: str | None
    horarios: str | None
    locais: str | None
    mensal: bool
    valor: float
    cidade: cm.Town
    cd_word: str  # how the text names the carrier: CONTRATADA, CONTRATADO, TRANSPORTADORA...
    v: dict  # the vehicle it names (a distractor: a contract prints no field of it)

    @property
    def pf(self) -> bool:
        return isinstance(self.ct, Person)

    @property
    def ct_nome(self) -> str:
        return self.ct.nome if isinstance(self.ct, Person) else self.ct.razao

    @property
    def ct_doc(self) -> str:
        return self.ct.cpf if isinstance(self.ct, Person) else self.ct.cnpj

    @property
    def inst(self) -> str | None:
        return self.school.fantasia if self.school else None

    @property
    def fem(self) -> bool:
        return self.cd_word.endswith("A")

    def expected(self) -> dict:
        return {"numero_contrato": self.numero, "contratante_nome": self.ct_nome, "contratante_documento": self.ct_doc,
                "contratante_tipo": "pf" if self.pf else "pj", "contratado_nome": self.carrier.razao,
                "contratado_documento": self.carrier.cnpj, "data_assinatura": self.assinatura.isoformat(),
                "vigencia_inicio": self.inicio.isoformat(), "vigencia_fim": self.fim.isoformat(),
                "origem": str(self.o), "destino": str(self.d), "instituicao_destino": self.inst,
                "itinerario": self.itinerario, "horarios": self.horarios, "locais_embarque": self.locais,
                "valor": self.valor}


def contratante(rng: random.Random, w: cm.World, escolar: bool, o: cm.Town, d: cm.Town,
                school: Company | None) -> Company | Person:
    if not escolar:
        return w.employer(d)
    kind = rng.choice(["school", "school", "prefeitura", "union", "pf"])
    if kind == "school" and school is not None:
        return school
    if kind == "prefeitura":
        return w.prefeitura(o)
    if kind == "union":
        return w.student_union(o)
    p = w.person(o, rng.choice(["estudante", "comerciante", "servidor público", "agricultor"]))
    if p.profissao == "estudante":
        p.profissao = "estudante universitário" if p.sexo == "M" else "estudante universitária"
    return p


def contrato(rng: random.Random, w: cm.World, carrier: Company | None = None, ct: Company | Person | None = None,
             school: Company | None = None, escolar: bool | None = None, o: cm.Town | None = None,
             d: cm.Town | None = None, v: dict | None = None, numero: str | None = None,
             assinatura: date | None = None) -> Contrato:
    escolar = rng.random() < 0.75 if escolar is None else escolar
    o = o or w.town()
    d = d or w.town(avoid=(o.nome,))
    carrier = carrier or w.carrier(o if rng.random() < 0.5 else None)
    if escolar and school is None:
        school = w.school(d)
    school = school if escolar else None
    ct = ct or contratante(rng, w, escolar, o, d, school)
    assinatura = assinatura or w.date_between(date(2024, 1, 5), date(2026, 6, 30))
    inicio = assinatura + timedelta(days=rng.randint(0, 35))
    fim = min(inicio + timedelta(days=rng.randint(150, 365)), date(inicio.year + 1, 12, 20))
    numero = numero or _numero(rng, assinatura.year)
    itinerario, horarios, locais = _itinerary(rng, o, d)
    mensal = rng.random() < 0.7
    valor = round(rng.uniform(1800, 18000) if mensal else rng.uniform(18000, 160000), rng.choice([0, 0, 2]))
    if rng.random() < 0.5:
        valor = round(valor, -2)
    cd_word = rng.choice(cm.values("contrato_fretamento", "contratado") or ["CONTRATADA"])
    return Contrato(escolar, o, d, carrier, school, ct, assinatura, inicio, fim, numero,
                    itinerario if rng.random() < 0.85 else None, horarios if rng.random() < 0.8 else None,
                    locais if rng.random() < 0.75 else None, mensal, float(valor),
                    rng.choice([o, d, carrier.endereco.town]), cd_word, v or w.vehicle())


# --------------------------------------------------------------------------- passenger list

KINDS = {"cpf": "CPF", "rg": "RG", "matricula": "MATRÍCULA", "certidao": "CERTIDÃO", "inscricao": "INSCRIÇÃO"}


def passenger_doc(rng: random.Random, kind: str, year: int) -> tuple[str, str]:
    """(printed, normalised) number of a passenger's document of this kind."""
    if kind == "cpf":
        d = cm.cpf(rng)
        return text.cpf(d), d
    if kind == "rg":
        f = rng.choice(["plain", "sp", "sc"])
        if f == "plain":
            d = cm.digits(rng, 10)
            return d, d
        if f == "sp":
            d = cm.digits(rng, 8)
            dv = rng.choice("0123456789X")
            return f"{d[:2]}.{d[2:5]}.{d[5:]}-{dv}", d + dv
        d = cm.digits(rng, 7)
        return f"{d[0]}.{d[1:4]}.{d[4:]}", d
    if kind == "matricula":
        y, n = rng.randint(2016, 2025), rng.randint(1, 9999)
        return rng.choice([(f"{y}.{n:04d}", f"{y}{n:04d}"), (f"{y}{n:04d}", f"{y}{n:04d}")])
    if kind == "certidao":
        d = ids.certidao(cm.key(rng), year)
        return text.certidao(d), d
    d = cm.digits(rng, rng.choice([6, 7]))
    return d, d


@dataclass
class Stop:
    """A boarding point of a route: where, and when the bus passes."""

    nome: str
    hora: str


@dataclass
class Lista:
    escolar: bool
    o: cm.Town
    carrier: Company
    ct: Company | Person
    school: Company | None
    ref: date
    numero: str
    kinds: list[str]
    pax: list[dict]  # nome, tipo, printed, doc, nasc, turma, turno, stop (index), fone, bairro
    stops: list[Stop]
    placa: str

    @property
    def pf(self) -> bool:
        return isinstance(self.ct, Person)

    @property
    def ct_nome(self) -> str:
        return self.ct.nome if isinstance(self.ct, Person) else self.ct.razao

    @property
    def inst(self) -> str | None:
        return self.school.fantasia if self.school else None

    def expected(self, order: list[dict] | None = None) -> dict:
        rows = order if order is not None else self.pax
        return {"contrato_numero": self.numero, "contratante_nome": self.ct_nome, "instituicao": self.inst,
                "passageiros": [{"nome": p["nome"], "documento_tipo": p["tipo"], "documento": p["doc"]} for p in rows],
                "total_passageiros": len(rows)}


TURMAS = ["6º ANO A", "7º ANO B", "8º ANO A", "9º ANO C", "1º ANO EM", "2º ANO EM", "3º ANO EM"]
CURSOS = ["ADMINISTRAÇÃO", "DIREITO", "PEDAGOGIA", "ENFERMAGEM", "ENGENHARIA CIVIL", "CIÊNCIAS CONTÁBEIS"]
SETORES = ["PRODUÇÃO", "MANUTENÇÃO", "EXPEDIÇÃO", "ADMINISTRATIVO", "QUALIDADE", "ALMOXARIFADO"]
TURNOS = ["MANHÃ", "TARDE", "NOITE"]


def lista(rng: random.Random, w: cm.World, carrier: Company | None = None, ct: Company | Person | None = None,
          school: Company | None = None, escolar: bool | None = None, o: cm.Town | None = None,
          numero: str | None = None, ref: date | None = None, placa: str | None = None,
          n: tuple[int, int] = (8, 44)) -> Lista:
    escolar = rng.random() < 0.8 if escolar is None else escolar
    o = o or w.town()
    carrier = carrier or w.carrier(o)
    if escolar and school is None:
        school = w.school()
    school = school if escolar else None
    if ct is None:
        ct = contratante(rng, w, escolar, o, school.endereco.town if school else o, school)
    ref = ref or w.date_between(date(2024, 1, 10), date(2026, 6, 30))
    numero = numero or _numero(rng, ref.year)
    kinds = rng.choice([["cpf", "rg"], ["cpf", "rg", "certidao"], ["cpf"], ["rg", "cpf", "matricula"],
                        ["cpf", "rg", "matricula", "certidao", "inscricao"]] if escolar else [["cpf", "rg"], ["cpf"]])
    universitario = escolar and school is not None and school.fantasia.split()[0] in ("CENTRO", "FACULDADE",
                                                                                      "UNIVERSIDADE")
    bairros = cm.shuffled(rng, cm.BAIRROS)
    h0 = rng.randint(5, 7) * 60 + rng.choice([0, 10, 20, 30])
    stops = [Stop(rng.choice([f"{b}", f"Praça do {b}", f"{rng.choice(cm.RUAS)} ({b})", f"Terminal {b}"]),
                  f"{(h0 + 8 * i) // 60:02d}h{(h0 + 8 * i) % 60:02d}")
             for i, b in enumerate(bairros[:rng.randint(2, 5)])]
    groups = CURSOS if universitario else (TURMAS if escolar else SETORES)
    group_pool = rng.sample(groups, rng.randint(2, min(4, len(groups))))
    pax = []
    for _ in range(rng.randint(*n)):
        nome, _sexo = w.person_name()
        kind = rng.choice(kinds)
        born = (rng.randint(1998, 2006) if universitario else rng.randint(2008, 2019)) if escolar else \
            rng.randint(1970, 2004)
        printed, norm = passenger_doc(rng, kind, born)
        pax.append({"nome": nome, "tipo": kind, "printed": printed, "doc": norm,
                    "nasc": date(born, rng.randint(1, 12), rng.randint(1, 28)), "turma": rng.choice(group_pool),
                    "turno": rng.choice(TURNOS[:2] if escolar and not universitario else TURNOS),
                    "stop": rng.randrange(len(stops)), "bairro": rng.choice(cm.BAIRROS),
                    "fone": f"({rng.randint(11, 99)}) 9{rng.randint(1000, 9999)}-{rng.randint(1000, 9999)}"})
    return Lista(escolar, o, carrier, ct, school, ref, numero, kinds, pax, stops, placa or w.plate()[0])
