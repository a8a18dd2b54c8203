"""What the perturbed layouts share: the label vocabularies, a drawn style (font, sizes, margins,
label case), a fresh random world (people, companies, towns, vehicles) and a form engine that
lays labelled values out in grid boxes or label-to-the-left rows, in one or two columns.

Everything is drawn from one `random.Random` per document, so a seed gives the same bytes on
every run (reportlab `invariant=1`). Identifiers come from samples/gen/ids.py (valid check
digits) with keys drawn from that generator.
"""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import cache
from pathlib import Path
from typing import Callable
from xml.sax.saxutils import escape

import yaml
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Flowable, Paragraph

from samples.gen import ids, pdf, text

ROOT = Path(__file__).resolve().parents[3]
VOCAB_DIR = ROOT / "intake" / "doctypes"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")

# --------------------------------------------------------------------------- vocabularies


@cache
def vocab(doc_type: str) -> dict:
    """intake/doctypes/<doc_type>.yaml (read only)."""
    return yaml.safe_load((VOCAB_DIR / f"{doc_type}.yaml").read_text(encoding="utf-8")) or {}


def vocabulary_fingerprint() -> str:
    """A hash of the vocabulary files: the layouts a seed draws depend on their label lists."""
    import hashlib

    h = hashlib.sha256()
    for p in sorted(VOCAB_DIR.glob("*.yaml")):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:12]


def field_labels(doc_type: str, name: str) -> list[str]:
    return list(((vocab(doc_type).get("fields") or {}).get(name) or {}).get("labels") or [])


def other_labels(doc_type: str) -> list[str]:
    return list(vocab(doc_type).get("labels") or [])


def table_columns(doc_type: str, table: str) -> dict[str, list[str]]:
    return dict(((vocab(doc_type).get("tables") or {}).get(table) or {}).get("columns") or {})


def values(doc_type: str, name: str) -> list[str]:
    return list((vocab(doc_type).get("values") or {}).get(name) or [])


# --------------------------------------------------------------------------- fonts and style

FAMILIES = {
    "Helvetica": ("Helvetica", "Helvetica-Bold", "Helvetica-Oblique"),
    "Times-Roman": ("Times-Roman", "Times-Bold", "Times-Italic"),
    "Courier": ("Courier", "Courier-Bold", "Courier-Oblique"),
    "DejaVuSans": ("DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"),
}


@cache
def families() -> tuple[str, ...]:
    """The font families available: the PDF base fonts, and DejaVu Sans where installed."""
    out = ["Helvetica", "Times-Roman", "Courier"]
    files = {n: DEJAVU / f"{n}.ttf" for n in FAMILIES["DejaVuSans"]}
    if all(p.is_file() for p in files.values()):
        for n, p in files.items():
            pdfmetrics.registerFont(TTFont(n, str(p)))
        pdfmetrics.registerFontFamily("DejaVuSans", normal="DejaVuSans", bold="DejaVuSans-Bold",
                                      italic="DejaVuSans-Oblique", boldItalic="DejaVuSans-Bold")
        out.append("DejaVuSans")
    return tuple(out)


_SMALL = {"de", "da", "do", "das", "dos", "e", "a", "o", "ao", "à", "por", "para", "em", "no", "na", "ou", "com"}
_ACRONYMS = {"CPF", "CNPJ", "RENAVAM", "CRV", "CLA", "VIN", "UF", "CEP", "SUSEP", "LMI", "IS", "APP", "DMH",
             "RC", "IOF", "DPVAT", "CMT", "RG", "CI", "SSP", "RCF", "RCTR", "VI", "DN", "CRLV", "ME", "EPP",
             "LTDA", "S.A", "SA", "PF", "PJ", "CNH", "SENATRAN", "DENATRAN", "DETRAN", "MF", "QR", "IPA", "DMHO",
             "EIRELI", "POS", "SEQ", "ALF", "N", "Nº", "N°"}


def title_case(s: str) -> str:
    """'NOME DO(A) ESTUDANTE' -> 'Nome do(a) Estudante'; acronyms stay in capitals."""
    out = []
    first = True
    for tok in re.split(r"([^\wÀ-ÿºª°]+)", s):
        if not tok or not re.search(r"[A-Za-zÀ-ÿ]", tok):
            out.append(tok)
            continue
        if tok.upper() in _ACRONYMS or any(ch.isdigit() for ch in tok):
            out.append(tok.upper())
        elif tok.lower() in _SMALL and not first:
            out.append(tok.lower())
        else:
            out.append(tok[:1].upper() + tok[1:].lower())
        first = False
    return "".join(out)


def drop_accents(s: str) -> str:
    """Accents off, 'º' kept (what a system without accented capitals prints)."""
    return "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))


@dataclass
class Style:
    """One document's typography, drawn from its seed."""

    family: str
    size: float  # body and value size, 7..11 pt
    label_size: float  # labels above values (grid boxes)
    upper: bool  # labels in capitals (else title case)
    accent_drop: float  # chance that a label loses its accents
    margins: tuple[float, float, float, float]  # left, right, top, bottom in pt
    label_bold: bool
    value_bold: bool
    rng: random.Random

    @property
    def regular(self) -> str:
        return FAMILIES[self.family][0]

    @property
    def bold(self) -> str:
        return FAMILIES[self.family][1]

    @property
    def italic(self) -> str:
        return FAMILIES[self.family][2]

    @property
    def label_font(self) -> str:
        return self.bold if self.label_bold else self.regular

    @property
    def value_font(self) -> str:
        return self.bold if self.value_bold else self.regular

    def label(self, s: str) -> str:
        """A label as this document prints it: case, and now and then without accents."""
        s = s.upper() if self.upper else title_case(s)
        if self.rng.random() < self.accent_drop:
            s = drop_accents(s)
        return s

    def pick(self, doc_type: str, name: str, ok: Callable[[str], bool] = lambda s: True) -> str:
        """A spelling of a field's label from the vocabulary, as printed."""
        opts = [s for s in field_labels(doc_type, name) if ok(s)]
        return self.label(self.rng.choice(opts))

    def para_style(self, size: float | None = None, bold: bool = False, align: str = "justify",
                   leading: float | None = None, space_after: float = 0, italic: bool = False) -> ParagraphStyle:
        size = size or self.size
        font = self.bold if bold else (self.italic if italic else self.regular)
        al = {"justify": TA_JUSTIFY, "left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}[align]
        return ParagraphStyle(f"p{size}{bold}{align}", fontName=font, fontSize=size,
                              leading=leading or size * 1.32, alignment=al, spaceAfter=space_after)


def draw_style(rng: random.Random, sizes: tuple[float, float] = (7, 11)) -> Style:
    fam = rng.choice(families())
    size = round(rng.uniform(*sizes), 1)
    if fam == "Courier":
        size = min(size, 10)
    mm = pdf.MM
    margins = (rng.uniform(12, 28) * mm, rng.uniform(12, 26) * mm, rng.uniform(10, 22) * mm,
               rng.uniform(12, 20) * mm)
    return Style(family=fam, size=size, label_size=round(min(size, max(7.0, size * rng.uniform(0.62, 0.85))), 1),
                 upper=rng.random() < 0.7, accent_drop=rng.choice([0.0, 0.0, 0.1, 0.3]),
                 margins=margins, label_bold=rng.random() < 0.5, value_bold=rng.random() < 0.4,
                 rng=rng)


def P(s: str, style: ParagraphStyle) -> Paragraph:
    """A Paragraph of plain text (escaped); <b>...</b> written as [[b]]...[[/b]]."""
    body = escape(s).replace("[[b]]", "<b>").replace("[[/b]]", "</b>").replace("\n", "<br/>")
    return Paragraph(body, style)


def width(s: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(s, font, size)


def fit_size(lines: list[str], font: str, size: float, avail: float) -> float:
    """The size at which every line fits the width (never larger than size)."""
    widest = max((width(t, font, size) for t in lines), default=0.0)
    return size if widest <= avail else size * avail / widest * 0.98


# --------------------------------------------------------------------------- what is printed

@dataclass
class Rendered:
    pdf: bytes
    expected: dict  # {"type", "layout", "seed", "fields"}
    printed: dict = field(default_factory=dict)  # field -> the string printed for it (tests)


# --------------------------------------------------------------------------- the world

NOMES_F = ["ADRIANA", "BIANCA", "CAROLINA", "DÉBORA", "ELISA", "FLÁVIA", "GIOVANA", "INGRID", "JÉSSICA",
           "KARINA", "LUÍSA", "MÁRCIA", "NICOLE", "PRISCILA", "RENATA", "SIMONE", "TATIANE", "VANESSA",
           "ÂNGELA", "CECÍLIA", "ESTER", "JÚLIA", "LARA", "MELISSA", "RAQUEL", "SABRINA", "TERESA", "YARA",
           "ÉRICA", "LUCIANA", "MIRELA", "ROSÂNGELA", "SUELEN", "THAÍS", "ÁGATA", "EMANUELE"]
NOMES_M = ["ALEXANDRE", "ANDRÉ", "BENJAMIN", "CARLOS", "CÉSAR", "DIEGO", "ÉRICO", "FÁBIO", "FRANCISCO",
           "GIOVANI", "IGOR", "JOAQUIM", "JORGE", "LEANDRO", "MARCELO", "MAURÍCIO", "NATAN", "OSVALDO",
           "PAULO", "RENAN", "RODRIGO", "SÉRGIO", "TIAGO", "VÍTOR", "WAGNER", "YURI", "EMANUEL", "FERNANDO",
           "ROGÉRIO", "CRISTIANO", "ÍCARO", "JOSUÉ", "VALDIR", "ANTÔNIO", "CLÁUDIO", "WELLINGTON"]
MEIOS_F = ["APARECIDA", "MARIA", "REGINA", "CRISTINA", "ELISABETE", "DE FÁTIMA", "LUÍZA", "HELENA"]
MEIOS_M = ["JOSÉ", "LUÍS", "HENRIQUE", "AUGUSTO", "CARLOS", "ROBERTO", "MIGUEL", "DE JESUS"]
SOBRENOMES = ["ANDRADE", "BARBOSA", "BATISTA", "CAMPOS", "CASTRO", "CAVALCANTI", "CORRÊA", "DIAS", "DUARTE",
              "FARIAS", "FREITAS", "GARCIA", "GONÇALVES", "GUIMARÃES", "DE JESUS", "LOPES", "MARQUES",
              "MENDES", "MIRANDA", "MONTEIRO", "MOURA", "DO NASCIMENTO", "PINTO", "QUEIROZ", "RAMOS", "REIS",
              "SAMPAIO", "SIQUEIRA", "TAVARES", "VIANA", "XAVIER", "ZIMMERMANN", "BRANDÃO", "ARAÚJO",
              "CUNHA", "LEITE", "PEIXOTO", "PORTELA", "RIBAS", "SCHWARZ", "KOWALSKI", "TOMAZONI", "DAL PRÁ",
              "DE CAMARGO", "DA CUNHA", "FALCÃO", "BRAGA", "ESTEVES", "LACERDA", "MACEDO", "NOGUEIRA",
              "PAIVA", "RESENDE", "SALES", "TOLEDO", "VASCONCELOS", "WERNER", "ZANELLA", "BORTOLINI", "CARRARO"]

TOWNS = {
    "RS": ["Caxias do Sul", "Santa Cruz do Sul", "Pelotas", "Passo Fundo", "Lajeado", "Bento Gonçalves",
           "Erechim", "Venâncio Aires", "Carazinho", "Santo Ângelo"],
    "SC": ["Joinville", "Blumenau", "Chapecó", "Criciúma", "Jaraguá do Sul", "Lages", "Brusque"],
    "PR": ["Londrina", "Maringá", "Cascavel", "Ponta Grossa", "Apucarana", "Toledo", "Guarapuava"],
    "MG": ["Uberlândia", "Juiz de Fora", "Montes Claros", "Governador Valadares", "Divinópolis", "Itabira",
           "Sete Lagoas"],
    "SP": ["Campinas", "Sorocaba", "Ribeirão Preto", "São José dos Campos", "Bauru", "Piracicaba", "Jundiaí",
           "Limeira"],
    "GO": ["Anápolis", "Rio Verde", "Catalão", "Itumbiara"],
    "BA": ["Feira de Santana", "Vitória da Conquista", "Ilhéus", "Jequié"],
}
PLATE_PREFIX = {"RS": "I", "SC": "M", "PR": "A", "MG": "G", "SP": "F", "GO": "N", "BA": "J"}
RUAS = ["Rua Marechal Floriano", "Avenida Brasil", "Rua Tiradentes", "Rua Sete de Setembro",
        "Avenida Getúlio Vargas", "Rua XV de Novembro", "Rua Duque de Caxias", "Avenida Santos Dumont",
        "Rua Barão do Rio Branco", "Rua Padre Anchieta", "Travessa das Acácias", "Rua dos Andradas",
        "Avenida Presidente Vargas", "Rua Coronel Bordini", "Rua Visconde de Mauá", "Avenida das Indústrias",
        "Rua Alberto Santos", "Rodovia RS-122, km 14", "Rua Júlio de Castilhos", "Avenida Independência"]
BAIRROS = ["Centro", "Jardim América", "Vila Nova", "São Cristóvão", "Boa Vista", "Santa Mônica", "Industrial",
           "Planalto", "Bela Vista", "Cidade Alta", "Universitário", "Jardim Europa", "Santa Rita", "Operário"]
LUGARES = ["Serra Azul", "Rio Pardo", "Planalto Verde", "Boa Viagem", "Araucária", "Ipê Amarelo",
           "Caminhos do Sul", "Três Fronteiras", "Vale do Taquari", "Nova Aliança", "Ponte Alta", "Sol Nascente",
           "Bandeirantes", "Monte Cristo", "Primavera", "Coxilha Rica", "Campos Gerais", "Sete Quedas",
           "Lagoa Dourada", "Pinheiral", "Cerro Largo", "Porto Novo", "Encantado", "Vale Verde"]
CARRIER_FORMS = ["{X} TRANSPORTES E TURISMO LTDA", "VIAÇÃO {X} LTDA", "EXPRESSO {X} LTDA",
                 "{X} FRETAMENTO E TURISMO LTDA", "TRANSPORTADORA TURÍSTICA {X} LTDA",
                 "{X} LOCAÇÃO DE VEÍCULOS E TURISMO LTDA", "AUTO VIAÇÃO {X} LTDA - EPP", "EMPRESA DE ÔNIBUS {X} S.A."]
SCHOOL_FORMS = [("COLÉGIO {X}", "SOCIEDADE EDUCACIONAL {X} LTDA"),
                ("CENTRO UNIVERSITÁRIO {X}", "ASSOCIAÇÃO EDUCACIONAL {X}"),
                ("FACULDADE DE TECNOLOGIA {X}", "FUNDAÇÃO DE ENSINO {X}"),
                ("INSTITUTO DE EDUCAÇÃO {X}", "SOCIEDADE MANTENEDORA DO INSTITUTO {X}"),
                ("ESCOLA TÉCNICA {X}", "FUNDAÇÃO ESCOLA TÉCNICA {X}"),
                ("UNIVERSIDADE REGIONAL {X}", "FUNDAÇÃO UNIVERSIDADE REGIONAL {X}")]
COMPANY_FORMS = ["{X} INDÚSTRIA DE ALIMENTOS S.A.", "METALÚRGICA {X} LTDA", "COOPERATIVA AGROINDUSTRIAL {X}",
                 "CALÇADOS {X} S.A.", "FRIGORÍFICO {X} LTDA", "{X} TÊXTIL S.A."]
INSURERS = [("SOLAR SEGUROS GERAIS S.A.", "Solar Seguros"), ("AURORA COMPANHIA DE SEGUROS", "Aurora Seguros"),
            ("SEGURADORA CRUZEIRO DO SUL S.A.", "Cruzeiro do Sul"), ("HORIZONTE SEGUROS S.A.", "Horizonte"),
            ("BANDEIRA SEGUROS GERAIS S.A.", "Bandeira Seguros"),
            ("MERIDIONAL COMPANHIA DE SEGUROS GERAIS", "Meridional Seguros"),
            ("GUARDIÃ SEGURADORA S.A.", "Guardiã"), ("CONFIANÇA SEGUROS E PREVIDÊNCIA S.A.", "Confiança"),
            ("ESTRELA GUIA SEGUROS S.A.", "Estrela Guia"), ("TRAVESSIA SEGUROS GERAIS S.A.", "Travessia")]
# (marca/modelo, WMI, VDS, espécie/tipo as printed, tipo_veiculo, lotação range)
VEHICLES = [
    ("M.BENZ/O 500 RS 1836", "9BM", "634011", "onibus", (42, 50)),
    ("VOLVO/B270F MPOLO PARADISO", "9BV", "R26A01", "onibus", (44, 50)),
    ("SCANIA/K310IB4X2 CAIO GIRO", "9BS", "K4X2B0", "onibus", (42, 48)),
    ("VW/17.260 EOD MASCA GRANVIA", "9BW", "R52C12", "onibus", (40, 46)),
    ("M.BENZ/OF 1724 COMIL CAMPIONE", "9BM", "384088", "onibus", (44, 48)),
    ("IVECO/CITYCLASS 70C17 CAIO", "93Z", "L68A01", "microonibus", (24, 31)),
    ("M.BENZ/LO 916 NEOBUS THUNDER", "9BM", "979078", "microonibus", (26, 32)),
    ("VW/9.160 OD ENCAV E-HD", "9BW", "A52B10", "microonibus", (24, 30)),
    ("AGRALE/MA 10.0 MASCA GRANMIDI", "9BY", "C22A03", "microonibus", (25, 30)),
    ("M.BENZ/SPRINTER 516 CDI VAN", "8AC", "907655", "outro", (15, 20)),
    ("RENAULT/MASTER BUS 16 L3H2", "93Y", "MA5B2N", "outro", (15, 16)),
]
ESPECIE = {"onibus": ["PASSAGEIRO ONIBUS", "PASSAGEIRO/ÔNIBUS", "PASSAG/ONIBUS", "PASSAGEIRO ÔNIBUS"],
           "microonibus": ["PASSAGEIRO MICROONIBUS", "PASSAG/MICROONIBUS", "PASSAGEIRO/MICRO-ÔNIBUS",
                           "PASSAGEIRO MICRO-ONIBUS"],
           "outro": ["PASSAGEIRO CAMIONETA", "PASSAG/CAMIONETA", "PASSAGEIRO UTILITARIO"]}
CORES = ["BRANCA", "PRATA", "AZUL", "AMARELA", "VERMELHA", "CINZA", "VERDE"]
CARGOS = ["Diretor(a)", "Diretor-Presidente", "Sócio-Administrador", "Procurador(a)", "Reitor(a)", "Gerente"]


def key(rng: random.Random) -> str:
    return f"perturb:{rng.getrandbits(48):x}"


def cpf(rng: random.Random) -> str:
    return ids.cpf(key(rng))


def cnpj(rng: random.Random, alphanumeric: bool = False) -> str:
    return ids.cnpj(key(rng), alphanumeric=alphanumeric)


def fmt_doc(d: str) -> str:
    return text.doc(d)


def digits(rng: random.Random, n: int) -> str:
    return str(rng.randint(1, 9)) + "".join(str(rng.randint(0, 9)) for _ in range(n - 1))


@dataclass
class Town:
    nome: str
    uf: str

    def __str__(self) -> str:
        return f"{self.nome}/{self.uf}"


@dataclass
class Address:
    rua: str
    numero: int
    bairro: str
    town: Town
    cep: str

    def line(self) -> str:
        # 'Cidade - UF': 'Cidade/UF' is how a contract prints its origin and destination
        return (f"{self.rua}, nº {self.numero}, Bairro {self.bairro}, {self.town.nome} - {self.town.uf}, "
                f"CEP {text.cep(self.cep)}")

    def short(self) -> str:
        return f"{self.rua}, {self.numero} - {self.bairro}"


@dataclass
class Person:
    nome: str
    cpf: str
    rg: str
    sexo: str
    endereco: Address
    estado_civil: str
    profissao: str


@dataclass
class Company:
    razao: str
    fantasia: str
    cnpj: str
    endereco: Address
    telefone: str
    email: str
    representante: Person
    cargo: str
    categoria: str = "empresa"  # instituicao_ensino, prefeitura, entidade_estudantil, empresa


class World:
    """A fresh random world for one document."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.uf = rng.choice(sorted(TOWNS))
        self._used: set[str] = set()

    def town(self, uf: str | None = None, avoid: tuple[str, ...] = ()) -> Town:
        uf = uf or self.uf
        return Town(self.rng.choice([t for t in TOWNS[uf] if t not in avoid]), uf)

    def address(self, town: Town | None = None) -> Address:
        r = self.rng
        return Address(r.choice(RUAS), r.randint(10, 3900), r.choice(BAIRROS), town or self.town(),
                       digits(r, 5) + f"{r.randint(0, 999):03d}")

    def person_name(self, sexo: str | None = None) -> tuple[str, str]:
        r = self.rng
        while True:
            sexo = sexo or r.choice("FM")
            first = r.choice(NOMES_F if sexo == "F" else NOMES_M)
            parts = [first]
            if r.random() < 0.45:
                parts.append(r.choice(MEIOS_F if sexo == "F" else MEIOS_M))
            parts += r.sample(SOBRENOMES, r.choice([1, 2, 2, 2, 3]))
            nome = " ".join(parts)
            if nome not in self._used:
                self._used.add(nome)
                return nome, sexo

    def person(self, town: Town | None = None, profissao: str | None = None) -> Person:
        nome, sexo = self.person_name()
        r = self.rng
        civil = r.choice(["solteiro", "casado", "divorciado"])
        if sexo == "F":
            civil = civil[:-1] + "a"
        prof = profissao or r.choice(["empresário", "administrador", "professor", "comerciante", "advogado"])
        if sexo == "F" and prof.endswith("o"):
            prof = prof[:-1] + "a"
        elif sexo == "F" and prof.endswith("or"):
            prof = prof + "a"
        return Person(nome, cpf(r), digits(r, 10), sexo, self.address(town), civil, prof)

    def place(self) -> str:
        while True:
            x = self.rng.choice(LUGARES).upper()
            if x not in self._used:
                self._used.add(x)
                return x

    def _company(self, razao: str, fantasia: str, town: Town | None, categoria: str,
                 alfa: bool = False) -> Company:
        r = self.rng
        town = town or self.town()
        ddd = {"RS": 54, "SC": 47, "PR": 43, "MG": 34, "SP": 19, "GO": 62, "BA": 75}[town.uf]
        generic = {"TURISMO", "COLÉGIO", "CENTRO", "UNIVERSITÁRIO", "FACULDADE", "DE", "DO", "DA", "ESCOLA",
                   "TÉCNICA", "INSTITUTO", "EDUCAÇÃO", "UNIVERSIDADE", "REGIONAL", "TECNOLOGIA", "PREFEITURA",
                   "MUNICIPAL", "S.A.", "LTDA", "SEGUROS", "GERAIS"}
        words = [w for w in fantasia.split() if w not in generic] or fantasia.split()
        slug = re.sub(r"[^a-z]", "", drop_accents("".join(words[:2])).lower())[:16] or "empresa"
        return Company(razao=razao, fantasia=fantasia, cnpj=cnpj(r, alfa), endereco=self.address(town),
                       telefone=f"({ddd}) 3{r.randint(100, 999)}-{r.randint(1000, 9999)}",
                       email=f"{r.choice(['contato', 'comercial', 'adm', 'financeiro'])}@{slug}.com.br",
                       representante=self.person(town), cargo=r.choice(CARGOS), categoria=categoria)

    def carrier(self, town: Town | None = None) -> Company:
        x = self.place()
        razao = self.rng.choice(CARRIER_FORMS).format(X=x)
        return self._company(razao, f"{x} TURISMO", town, "empresa", alfa=self.rng.random() < 0.08)

    def school(self, town: Town | None = None) -> Company:
        x = self.place()
        fantasia, razao = self.rng.choice(SCHOOL_FORMS)
        return self._company(razao.format(X=x), fantasia.format(X=x), town, "instituicao_ensino")

    def prefeitura(self, town: Town) -> Company:
        c = self._company(f"MUNICÍPIO DE {town.nome.upper()}", f"PREFEITURA MUNICIPAL DE {town.nome.upper()}",
                          town, "prefeitura")
        c.cargo = "Prefeito(a) Municipal"
        return c

    def student_union(self, town: Town) -> Company:
        nome = self.rng.choice(["ASSOCIAÇÃO DOS ESTUDANTES UNIVERSITÁRIOS DE {T}",
                                "ASSOCIAÇÃO DE PAIS E ALUNOS DE {T}", "UNIÃO ESTUDANTIL DE {T}"])
        nome = nome.format(T=town.nome.upper())
        c = self._company(nome, nome, town, "entidade_estudantil")
        c.cargo = "Presidente"
        return c

    def employer(self, town: Town | None = None) -> Company:
        x = self.place()
        razao = self.rng.choice(COMPANY_FORMS).format(X=x)
        return self._company(razao, razao, town, "empresa")

    def insurer(self) -> tuple[Company, str, str]:
        """The insurer, its brand and its SUSEP code."""
        nome, brand = self.rng.choice(INSURERS)
        town = Town(*self.rng.choice([("São Paulo", "SP"), ("Rio de Janeiro", "RJ"), ("Curitiba", "PR"),
                                      ("Belo Horizonte", "MG")]))
        c = self._company(nome, brand, None, "empresa")
        c.endereco = Address(self.rng.choice(RUAS), self.rng.randint(100, 3000), "Centro", town,
                             digits(self.rng, 5) + "000")
        c.telefone = f"0800 {self.rng.randint(100, 999)} {self.rng.randint(1000, 9999)}"
        return c, brand, f"{self.rng.randint(5000, 6999):05d}"

    def plate(self, uf: str | None = None, mercosul: bool | None = None) -> tuple[str, str]:
        """(plate, previous plate or ''): Mercosul plates keep the old one."""
        old = ids.placa_uf(key(self.rng), PLATE_PREFIX[uf or self.uf])
        if mercosul if mercosul is not None else self.rng.random() < 0.7:
            return ids.mercosul(old), old
        return old, ""

    def vehicle(self, kinds: tuple[str, ...] = ("onibus", "microonibus")) -> dict:
        r = self.rng
        marca, wmi, vds, tipo, lot = r.choice([v for v in VEHICLES if v[3] in kinds])
        fab = r.randint(2010, 2024)
        mod = fab + (1 if r.random() < 0.3 else 0)
        placa, anterior = self.plate()
        return {"marca_modelo": marca, "tipo": tipo, "especie": r.choice(ESPECIE[tipo]),
                "lotacao": r.randint(*lot), "ano_fab": fab, "ano_mod": mod,
                "chassi": ids.chassi(key(r), wmi, vds, mod), "renavam": ids.renavam(key(r)),
                "placa": placa, "placa_anterior": anterior, "cor": r.choice(CORES),
                "combustivel": "DIESEL" if tipo != "outro" or r.random() < 0.7 else "DIESEL/GNV",
                "crv": digits(r, 12), "cla": digits(r, 11),
                "motor": f"{r.randint(100, 999)}{r.choice('ABCDEFGH')}{r.randint(10, 99)}{digits(r, 7)}"}

    def date_between(self, a: date, b: date) -> date:
        return a + timedelta(days=self.rng.randint(0, (b - a).days))


def placa_fmt(p: str, rng: random.Random) -> str:
    """Old plates are often printed with a hyphen (ABC-1234); Mercosul ones never."""
    if p[4].isdigit() and rng.random() < 0.5:
        return p[:3] + "-" + p[3:]
    return p


# --------------------------------------------------------------------------- the form engine

@dataclass
class Item:
    """One labelled value. `field` names the expected field it prints (None: a distractor)."""

    label: str
    value: str
    field: str | None = None
    wrap: bool = False  # the value may take several lines (long distractors: addresses)


@dataclass
class Section:
    title: str | None
    items: list[Item]


@dataclass
class Band:
    height: float
    draw: Callable  # fn(canvas, x, top)


class _Bands(Flowable):
    def __init__(self, bands: list[Band], width: float):
        super().__init__()
        self.bands, self.width = bands, width
        self.height = sum(b.height for b in bands)

    def wrap(self, aw, ah):
        return self.width, self.height

    def draw(self):
        top = self.height
        for b in self.bands:
            b.draw(self.canv, 0, top)
            top -= b.height


class Form(Flowable):
    """Sections of labelled values: grid boxes (label above value, with or without lines) or
    label-to-the-left rows (':' or a gap, or values aligned in a column far to the right), one
    to four fields to a row, in one or two columns. Every layout choice comes from the seed it
    is given, and widths are measured, so no two texts overlap."""

    PAD = 2.6

    def __init__(self, sections: list[Section], st: Style, rng: random.Random, *,
                 modes: tuple[str, ...] = ("grid", "grid", "inline", "inline", "aligned"),
                 columns: tuple[int, ...] = (1, 1, 2)):
        super().__init__()
        self.sections = [s for s in sections if s.items]
        self.st = st
        r = rng
        self.mode = r.choice(modes)
        self.lines = r.choice(["boxes", "boxes", "rules", "none"])
        self.sep = r.choice([":", ":", ""])
        self.gap = r.uniform(3, 9)
        self.columns = r.choice(columns)
        self.per_row = r.choice([1, 2, 3] if self.mode == "inline" else [2, 3, 4])
        self.title_look = r.choice(["bar", "underline", "plain", "boxed"])
        self.value_col = r.uniform(0.3, 0.55)  # aligned: where values start, as a share of the width
        self.seed = r.getrandbits(32)
        self._w = None
        self._bands: list[Band] = []

    # --- measuring
    def _lab(self, it: Item) -> str:
        if self.mode == "grid" or not it.label:
            return it.label
        return it.label + self.sep

    def _lfont(self) -> tuple[str, float]:
        st = self.st
        return (st.label_font, st.label_size) if self.mode == "grid" else (st.label_font, st.size)

    def _natural(self, it: Item) -> float:
        lf, ls = self._lfont()
        vw = width(it.value, self.st.value_font, self.st.size)
        lw = width(self._lab(it), lf, ls)
        if self.mode == "grid":
            return max(lw, vw) + 2 * self.PAD + 2
        return lw + self.gap + vw + 10

    # --- layout
    def _title_band(self, title: str, w: float) -> Band:
        st = self.st
        size = st.size * 1.0
        h = size * 2.0
        look = self.title_look

        def draw(c, x, top, title=title):
            c.saveState()
            if look == "bar":
                c.setFillColor(colors.HexColor("#d6d6d6"))
                c.rect(x, top - h + 3, w, h - 4, stroke=0, fill=1)
                c.setFillColor(colors.black)
            elif look == "boxed":
                c.setLineWidth(0.6)
                c.rect(x, top - h + 3, w, h - 4, stroke=1, fill=0)
            c.setFont(st.bold, size)
            c.drawString(x + 3, top - h + 3 + (h - 4 - size) / 2 + size * 0.22, title)
            if look == "underline":
                c.setLineWidth(0.7)
                c.line(x, top - h + 2, x + w, top - h + 2)
            c.restoreState()

        return Band(h, draw)

    def _rows(self, items: list[Item], w: float, r: random.Random) -> list[Band]:
        bands = []
        i = 0
        if self.mode == "aligned":
            lf, ls = self._lfont()
            lab_w = max(width(self._lab(it), lf, ls) for it in items) + self.gap
            vx = max(lab_w, w * self.value_col)
            if any(not it.wrap and vx + width(it.value, self.st.value_font, self.st.size) > w for it in items):
                vx = lab_w
            for it in items:
                bands.append(self._aligned_band(it, w, vx))
            return bands
        while i < len(items):
            want = r.randint(1, self.per_row)
            k = min(want, len(items) - i)
            while k > 1:
                cand = items[i:i + k]
                if not any(it.wrap for it in cand) and sum(self._natural(it) for it in cand) <= w:
                    break
                k -= 1
            cand = items[i:i + k]
            nat = [self._natural(it) for it in cand]
            extra = (w - sum(nat)) / len(cand) if sum(nat) <= w else 0
            widths = [n + extra for n in nat] if len(cand) > 1 else [w]
            bands.append(self._grid_band(cand, widths) if self.mode == "grid" else self._inline_band(cand, widths))
            i += k
        return bands

    def _value_lines(self, it: Item, avail: float) -> tuple[list[str], float]:
        """The value's lines and its font size (an expected value shrinks rather than wraps)."""
        st = self.st
        vw = width(it.value, st.value_font, st.size)
        if vw <= avail:
            return [it.value], st.size
        if it.wrap:
            return simpleSplit(it.value, st.value_font, st.size, avail), st.size
        return [it.value], st.size * avail / vw * 0.98

    def _grid_band(self, cells: list[Item], widths: list[float]) -> Band:
        st, pad = self.st, self.PAD
        lay = [self._value_lines(it, wd - 2 * pad) for it, wd in zip(cells, widths)]
        lab_lines = [simpleSplit(it.label, st.label_font, st.label_size, wd - 2 * pad) or [""]
                     for it, wd in zip(cells, widths)]
        lead = st.size * 1.18
        ls = st.label_size

        def need(nlab: int, nval: int) -> float:
            return pad + 0.9 * ls + (nlab - 1) * 1.1 * ls + 0.25 * ls + 2 + 0.85 * st.size + \
                (nval - 1) * lead + 0.25 * st.size + pad

        h = max(need(len(ll), len(v)) for ll, (v, _) in zip(lab_lines, lay))
        lines = self.lines

        def draw(c, x, top):
            c.saveState()
            c.setLineWidth(0.5)
            xx = x
            for it, wd, ll, (vl, vs) in zip(cells, widths, lab_lines, lay):
                if lines == "boxes":
                    c.rect(xx, top - h, wd, h)
                c.setFont(st.label_font, ls)
                y = top - pad - 0.9 * ls
                for j, t in enumerate(ll):
                    c.drawString(xx + pad, y - j * 1.1 * ls, t)
                y -= (len(ll) - 1) * 1.1 * ls + 0.25 * ls + 2 + 0.85 * st.size
                c.setFont(st.value_font, vs)
                for t in vl:
                    c.drawString(xx + pad, y, t)
                    y -= lead
                xx += wd
            if lines == "rules":
                c.line(x, top - h, xx, top - h)
            c.restoreState()

        return Band(h, draw)

    def _inline_band(self, cells: list[Item], widths: list[float]) -> Band:
        st = self.st
        lf, ls = self._lfont()
        lead = st.size * 1.42
        lay = []
        for it, wd in zip(cells, widths):
            lw = width(self._lab(it), lf, ls)
            lay.append((lw,) + self._value_lines(it, wd - lw - self.gap - 4))
        h = max(len(v) for _, v, _ in lay) * lead + st.size * 0.35

        def draw(c, x, top):
            xx = x
            for it, wd, (lw, vl, vs) in zip(cells, widths, lay):
                base = top - st.size * 1.05
                c.setFont(lf, ls)
                c.drawString(xx, base, self._lab(it))
                c.setFont(st.value_font, vs)
                for j, t in enumerate(vl):
                    c.drawString(xx + lw + self.gap, base - j * lead, t)
                xx += wd

        return Band(h, draw)

    def _aligned_band(self, it: Item, w: float, vx: float) -> Band:
        st = self.st
        lf, ls = self._lfont()
        lead = st.size * 1.42
        vl, vs = self._value_lines(it, w - vx - 2)
        lab = self._lab(it)
        lab_fits = width(lab, lf, ls) + 3 <= vx
        h = len(vl) * lead + st.size * 0.3 + (0 if lab_fits else lead)
        dotted = self.lines == "rules"

        def draw(c, x, top):
            base = top - st.size * 1.05
            c.setFont(lf, ls)
            c.drawString(x, base, lab)
            if not lab_fits:
                base -= lead
            elif dotted:  # leader dots from the label to the value column
                c.saveState()
                c.setDash(1, 2)
                c.setLineWidth(0.4)
                c.line(x + width(lab, lf, ls) + 3, base, x + vx - 3, base)
                c.restoreState()
            c.setFont(st.value_font, vs)
            for j, t in enumerate(vl):
                c.drawString(x + vx, base - j * lead, t)

        return Band(h, draw)

    def _section_bands(self, s: Section, w: float, r: random.Random) -> list[Band]:
        out = [self._title_band(s.title, w)] if s.title else []
        out += self._rows(s.items, w, r)
        out.append(Band(self.st.size * 0.5, lambda c, x, top: None))
        return out

    def _layout(self, w: float) -> list[Band]:
        r = random.Random(self.seed)
        if self.columns == 2:
            gutter = 14
            cw = (w - gutter) / 2
            fits = all(self._natural(it) <= cw for s in self.sections for it in s.items if not it.wrap)
            if fits and len(self.sections) > 1:
                per = [self._section_bands(s, cw, r) for s in self.sections]
                left, right = [], []
                hl = hr = 0.0
                for bands in per:
                    hh = sum(b.height for b in bands)
                    if hl <= hr:
                        left += bands
                        hl += hh
                    else:
                        right += bands
                        hr += hh
                if max(hl, hr) < 520:
                    def draw(c, x, top, left=left, right=right):
                        for stack, x0 in ((left, x), (right, x + cw + gutter)):
                            t = top
                            for b in stack:
                                b.draw(c, x0, t)
                                t -= b.height
                    return [Band(max(hl, hr), draw)]
        out = []
        for s in self.sections:
            out += self._section_bands(s, w, r)
        return out

    def wrap(self, aw, ah):
        if self._w != aw:
            self._bands = self._layout(aw)
            self._w = aw
        self.width = aw
        self.height = sum(b.height for b in self._bands)
        return aw, self.height

    def split(self, aw, ah):
        self.wrap(aw, ah)
        used, k = 0.0, 0
        while k < len(self._bands) and used + self._bands[k].height <= ah:
            used += self._bands[k].height
            k += 1
        if k == 0 or k == len(self._bands):
            return [] if k == 0 else [self]
        return [_Bands(self._bands[:k], aw), _Bands(self._bands[k:], aw)]

    def draw(self):
        top = self.height
        for b in self._bands:
            b.draw(self.canv, 0, top)
            top -= b.height


def build(story: list, st: Style, title: str, author: str, on_page=None) -> bytes:
    l, r, t, b = (m / pdf.MM for m in st.margins)
    return pdf.build_story(story, title, author, on_page=on_page, margins=(l, r, t, b))


def shuffled(rng: random.Random, xs: list) -> list:
    xs = list(xs)
    rng.shuffle(xs)
    return xs


def regroup(rng: random.Random, groups: list[tuple[str, list[Item]]], titles: bool = True,
            merge: float = 0.2) -> list[Section]:
    """Sections in another order, each one's items reordered; neighbours sometimes merged."""
    groups = shuffled(rng, groups)
    out: list[Section] = []
    for title, items in groups:
        items = shuffled(rng, items) if rng.random() < 0.75 else list(items)
        if out and not titles and rng.random() < merge:  # runs on without a heading between them
            out[-1].items += items
        else:
            out.append(Section(title if titles else None, items))
    return out
