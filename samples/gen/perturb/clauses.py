"""A charter contract's words, apart from where they are set: its title, the parties' qualification,
its clauses (object, itinerary and times, term, price, obligations, termination, venue) and its
closing place and date, each in one of several wordings. The structural families set them in two
columns, under a summary table, or (samples/gen/perturb/prose.py) with no label at all."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from samples.gen import text
from samples.gen.perturb import common as cm
from samples.gen.perturb.common import Company, Person
from samples.gen.perturb.contrato import ORDINAIS, _qualify
from samples.gen.perturb.facts import Contrato

T = "contrato_fretamento"

TITLES_ESCOLAR = ["CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE TRANSPORTE ESCOLAR", "CONTRATO DE FRETAMENTO CONTÍNUO",
                  "CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE FRETAMENTO", "CONTRATO DE TRANSPORTE DE ESTUDANTES"]
TITLES = ["CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE TRANSPORTE DE PASSAGEIROS", "CONTRATO DE FRETAMENTO CONTÍNUO",
          "INSTRUMENTO PARTICULAR DE CONTRATO DE FRETAMENTO", "CONTRATO DE SERVIÇO DE FRETAMENTO"]


@dataclass
class Clause:
    key: str
    heading: str
    texts: list[str]


@dataclass
class Words:
    title: str
    number_line: str  # 'CONTRATO Nº 123/2025' (or the title carries it)
    parties: list[str]
    clauses: list[Clause]
    closing: str
    place_date: str
    printed: dict = field(default_factory=dict)


def doc_phrase(rng: random.Random, p: Company | Person) -> str:
    if isinstance(p, Person):
        return rng.choice([f"inscrito(a) no CPF sob o nº {text.cpf(p.cpf)}", f"CPF nº {text.cpf(p.cpf)}"])
    c = cm.fmt_doc(p.cnpj)
    return rng.choice([f"inscrita no CNPJ sob o nº {c}", f"CNPJ nº {c}", f"inscrita no CNPJ/MF sob o nº {c}"])


def annex(rng: random.Random) -> tuple[str, str]:
    return rng.choice([("da Grade de Itinerário anexa", "Conforme Grade de Itinerário anexa"),
                       ("do Anexo I deste contrato", "Conforme Anexo I"),
                       ("da programação anexa", "Conforme programação anexa")])


def words(rng: random.Random, st: cm.Style, f: Contrato, *, labelled_service: bool = True,
          in_summary: bool = False) -> Words:
    """The contract's words. `labelled_service`: itinerary, times and stops as 'Itinerário: ...'
    (else the object clause alone names origin and destination); `in_summary`: a summary table
    carries the parties and the service, and the clauses refer to it."""
    L = st.label
    printed: dict = {"numero_contrato": f.numero, "contratante_nome": f.ct_nome,
                     "contratante_documento": cm.fmt_doc(f.ct_doc), "contratado_nome": f.carrier.razao,
                     "contratado_documento": cm.fmt_doc(f.carrier.cnpj), "vigencia_inicio": text.dmy(f.inicio),
                     "vigencia_fim": text.dmy(f.fim), "origem": str(f.o), "destino": str(f.d),
                     "valor": text.money(f.valor)}
    title = rng.choice(TITLES_ESCOLAR if f.escolar else TITLES)
    if rng.random() < 0.4:
        title, number_line = f"{title} Nº {f.numero}", ""
    else:
        number_line = rng.choice([f"{L('CONTRATO Nº')} {f.numero}",
                                  f"{st.pick(T, 'numero_contrato', lambda s: s.upper() != 'CONTRATO')}: {f.numero}"])
    cd, fem = f.cd_word, f.fem
    bold = rng.random() < 0.6
    parties: list[str] = []
    if not in_summary:
        q_ct, q_cd = _qualify(rng, f.ct, bold), _qualify(rng, f.carrier, bold)
        style = rng.choice(["labels", "um_lado", "doravante"])
        if style == "labels":
            parties = [f"[[b]]CONTRATANTE:[[/b]] {q_ct}.", f"[[b]]{cd}:[[/b]] {q_cd}.",
                       "As partes acima identificadas têm entre si justo e contratado o que segue."]
        elif style == "um_lado":
            parties = [f"Pelo presente instrumento particular, de um lado {q_ct}, doravante denominad"
                       f"{'o(a)' if f.pf else 'a'} CONTRATANTE, e, de outro lado, {q_cd}, doravante denominad"
                       f"{'a' if fem else 'o'} {cd}, têm entre si justo e contratado o que segue."]
        else:
            parties = [f"{q_ct}, doravante CONTRATANTE; e {q_cd}, doravante {cd}, celebram o presente contrato, "
                       "que se regerá pelas cláusulas seguintes."]
    kind = "fretamento contínuo escolar" if f.escolar else "fretamento contínuo"
    who = ("dos estudantes relacionados na Lista de Passageiros anexa" if f.escolar else
           "dos empregados da CONTRATANTE relacionados na Relação de Passageiros anexa")
    inst_txt = ""
    if f.inst and not in_summary:
        inst_txt = rng.choice([f", até a instituição de ensino {f.inst}", f", tendo como destino o(a) {f.inst}"])
        printed["instituicao_destino"] = f.inst
    if in_summary:
        objeto = [f"O presente contrato tem por objeto o transporte {who}, sob regime de {kind}, em circuito "
                  "fechado, nas condições do Quadro Resumo."]
    elif rng.random() < 0.5:
        objeto = [f"O presente contrato tem por objeto a prestação, pel{'a' if fem else 'o'} {cd}, de serviço de "
                  f"transporte coletivo de passageiros sob regime de {kind}, em circuito fechado, {who}, com origem "
                  f"no Município de {f.o} e destino no Município de {f.d}{inst_txt}."]
    else:
        objeto = [f"Constitui objeto deste contrato o transporte {who}, sob regime de {kind}, em circuito fechado, "
                  "nas condições abaixo:", f"{st.pick(T, 'origem')}: {f.o}.", f"{st.pick(T, 'destino')}: {f.d}."]
        if f.inst:
            objeto.append(f"{st.pick(T, 'instituicao_destino', lambda s: 'DESEMBARQUE' not in s)}: {f.inst}.")
            printed["instituicao_destino"] = f.inst
    where, _ = annex(rng)
    absent = {"itinerario": f"O itinerário é o constante {where}.",
              "horarios": f"Os horários são os constantes {where}.",
              "locais_embarque": f"Os locais de embarque e desembarque são os constantes {where}."}
    iti: list[str] = []
    if not in_summary:
        for name, val in (("itinerario", f.itinerario), ("horarios", f.horarios), ("locais_embarque", f.locais)):
            if val and labelled_service:
                iti.append(f"{st.pick(T, name, lambda s: s.upper() != 'HORÁRIO')}: {val}.")
                printed[name] = val
            else:
                iti.append(absent[name])
    veiculo = (f"O serviço será prestado com o veículo de placa {cm.placa_fmt(f.v['placa'], rng)}, "
               f"{f.v['marca_modelo']}, com lotação de {f.v['lotacao']} passageiros, ou outro de igual categoria.")
    if rng.random() < 0.5:
        iti.append(veiculo)
    meses = max(1, round((f.fim - f.inicio).days / 30))
    prazo = rng.choice([
        f"O presente contrato vigorará de {text.dmy(f.inicio)} a {text.dmy(f.fim)}, podendo ser prorrogado mediante "
        "termo aditivo.",
        f"O prazo de vigência deste contrato é de {meses} ({text.extenso_int(meses)}) meses, com início em "
        f"{text.dmy(f.inicio)} e término em {text.dmy(f.fim)}.",
        f"Este contrato terá início em {text.dmy(f.inicio)} e término em {text.dmy(f.fim)}."])
    pag = rng.choice(["até o dia 10 (dez) do mês subsequente ao da prestação dos serviços",
                      "mediante boleto bancário com vencimento no dia 5 (cinco) de cada mês",
                      "por depósito em conta corrente, contra a apresentação da nota fiscal"])
    each = "mensal" if f.mensal else "global"
    preco = rng.choice([
        f"Pelos serviços prestados, a CONTRATANTE pagará {'à' if fem else 'ao'} {cd} o valor {each} de "
        f"{text.valor_extenso(f.valor)}, {pag}.",
        f"O valor {'mensal' if f.mensal else 'total'} deste contrato é de {text.money(f.valor)}, a ser pago {pag}."])
    obrig_cd = ("Executar o transporte com veículo em perfeitas condições de segurança, licenciado na categoria "
                "aluguel; manter seguro de acidentes pessoais de passageiros e de responsabilidade civil vigente; "
                "empregar motoristas habilitados na categoria D ou E; não transportar passageiros em número superior "
                "à lotação do veículo.")
    obrig_ct = ("Efetuar os pagamentos nas datas acordadas e comunicar, com antecedência mínima de 48 (quarenta e "
                "oito) horas, qualquer alteração na relação de passageiros ou no calendário.")
    resc = ("Qualquer das partes poderá rescindir o presente contrato mediante notificação por escrito com "
            "antecedência mínima de 30 (trinta) dias, ou de imediato em caso de descumprimento de suas cláusulas.")
    foro = (f"Fica eleito o foro da Comarca de {f.cidade.nome} para dirimir as questões oriundas deste contrato, "
            "com renúncia a qualquer outro, por mais privilegiado que seja.")
    heads = {"objeto": "DO OBJETO", "iti": rng.choice(["DO ITINERÁRIO E DOS HORÁRIOS", "DA EXECUÇÃO DOS SERVIÇOS"]),
             "prazo": rng.choice(["DO PRAZO", "DA VIGÊNCIA"]), "preco": rng.choice(["DO PREÇO", "DO VALOR"]),
             "ocd": f"DAS OBRIGAÇÕES D{'A' if fem else 'O'} {cd}", "oct": "DAS OBRIGAÇÕES DA CONTRATANTE",
             "resc": "DA RESCISÃO", "foro": "DO FORO"}
    texts = {"objeto": objeto, "iti": iti, "prazo": [prazo], "preco": [preco], "ocd": [obrig_cd],
             "oct": [obrig_ct], "resc": [resc], "foro": [foro]}
    order = ["objeto"] + cm.shuffled(rng, ["iti", "prazo", "preco"]) + ["ocd", "oct", "resc", "foro"]
    if in_summary:  # the table states the term and the price
        order = [k for k in order if k not in ("prazo", "preco")]
    order = [k for k in order if texts[k]]
    numbering = rng.choice(["ordinal", "ordinal_num", "num", "clausula_num"])
    clauses = []
    for i, k in enumerate(order):
        h = heads[k]
        label = {"ordinal": f"CLÁUSULA {ORDINAIS[i]} – {h}", "ordinal_num": f"CLÁUSULA {i + 1}ª - {h}",
                 "num": f"{i + 1}. {h}", "clausula_num": f"Cláusula {i + 1} – {cm.title_case(h)}"}[numbering]
        ts = texts[k]
        if numbering == "num" and len(ts) > 1:
            ts = [f"{i + 1}.{j + 1}. {t}" for j, t in enumerate(ts)]
        clauses.append(Clause(k, label if numbering == "clausula_num" else L(label), ts))
    data_txt = text.longa(f.assinatura) if rng.random() < 0.75 else text.dmy(f.assinatura)
    printed["data_assinatura"] = data_txt
    place = f"{f.cidade.nome}/{f.cidade.uf}" if rng.random() < 0.3 else f.cidade.nome
    closing = ("E, por estarem assim justas e contratadas, as partes assinam o presente instrumento em 2 (duas) vias "
               "de igual teor e forma, na presença das testemunhas abaixo.")
    return Words(title, number_line, parties, clauses, closing, f"{place}, {data_txt}.", printed)


def signature_captions(f: Contrato, w: cm.World, rng: random.Random) -> list[list[str]]:
    """Under the signature lines: each party (a person over the role alone: the name is printed once,
    in the qualification) and two witnesses."""
    ct = f.ct
    caps = [["CONTRATANTE"] if isinstance(ct, Person) else [ct.representante.nome, "CONTRATANTE"],
            [f.carrier.representante.nome, f.cd_word]]
    caps += [[f"Testemunha: {w.person_name()[0]}", f"CPF {text.cpf(cm.cpf(rng))}"] for _ in range(2)]
    return caps
