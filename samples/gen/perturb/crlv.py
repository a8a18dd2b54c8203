"""A CRLV in a perturbed layout: the vehicle's and the owner's fields regrouped into sections in
another order, as grid boxes or label-to-the-left rows, with the other boxes a CRLV prints
(marca/modelo, cor, combustível, número do CRV, placa anterior, DPVAT block...) as distractors."""

from __future__ import annotations

import random
from datetime import date

from reportlab.lib import colors
from reportlab.platypus import Spacer, Table, TableStyle

from samples.gen import pdf, text
from samples.gen.perturb import common as cm
from samples.gen.perturb.common import Item

T = "crlv"
DETRANS = {"RS": "DETRAN/RS", "SC": "DETRAN/SC", "PR": "DETRAN/PR", "MG": "DETRAN/MG", "SP": "DETRAN/SP",
           "GO": "DETRAN/GO", "BA": "DETRAN/BA"}
ESTADOS = {"RS": "RIO GRANDE DO SUL", "SC": "SANTA CATARINA", "PR": "PARANÁ", "MG": "MINAS GERAIS",
           "SP": "SÃO PAULO", "GO": "GOIÁS", "BA": "BAHIA"}


def render(seed: int) -> cm.Rendered:
    rng = random.Random(f"crlv:{seed}")
    st = cm.draw_style(rng)
    w = cm.World(rng)
    v = w.vehicle(("onibus", "onibus", "microonibus", "outro"))
    exercicio = rng.randint(max(2023, v["ano_fab"]), 2026)
    emissao = w.date_between(date(exercicio - 1, 11, 1), date(exercicio, 12, 20))
    pf = rng.random() < 0.2
    if pf:
        owner = w.person()
        owner_nome, owner_doc, town = owner.nome, owner.cpf, owner.endereco.town
    else:
        c = w.carrier()
        owner_nome, owner_doc, town = c.razao, c.cnpj, c.endereco.town
    categoria = rng.choice(["ALUGUEL"] * 6 + ["PARTICULAR", "OFICIAL"])
    lot = v["lotacao"]
    lot_txt = rng.choice([f"{lot}P", f"{lot:02d}P", f"{lot}", f"{lot} LUGARES", f"{lot} P"])
    placa_txt = cm.placa_fmt(v["placa"], rng)
    printed = {
        "placa": placa_txt, "renavam": v["renavam"], "chassi": v["chassi"], "exercicio": str(exercicio),
        "categoria": categoria, "especie_tipo": v["especie"], "lotacao": lot_txt,
        "proprietario_nome": owner_nome, "proprietario_documento": cm.fmt_doc(owner_doc),
        "data_emissao": text.dmy(emissao),
    }

    def lab(name, ok=lambda s: True):
        return st.pick(T, name, ok)

    def doc_ok(s: str) -> bool:
        u = s.upper()
        return ("CPF" in u) if pf else ("CNPJ" in u)

    def name_ok(s: str) -> bool:
        return not (pf and "RAZÃO" in s.upper())

    ident = [Item(lab("renavam"), v["renavam"], "renavam"), Item(lab("placa"), placa_txt, "placa"),
             Item(lab("chassi"), v["chassi"], "chassi")]
    joint_years = rng.random() < 0.25
    if joint_years:
        yy = f"{v['ano_fab']}/{v['ano_mod']}"
        years = [Item(lab("ano_fab_mod"), yy, "ano_fabricacao")]
        printed["ano_fabricacao"] = printed["ano_modelo"] = yy
    else:
        years = [Item(lab("ano_fabricacao"), str(v["ano_fab"]), "ano_fabricacao"),
                 Item(lab("ano_modelo"), str(v["ano_mod"]), "ano_modelo")]
        printed["ano_fabricacao"], printed["ano_modelo"] = str(v["ano_fab"]), str(v["ano_mod"])
    carac = years + [Item(lab("especie_tipo"), v["especie"], "especie_tipo"),
                     Item(lab("categoria"), categoria, "categoria"),
                     Item(lab("lotacao"), lot_txt, "lotacao")]
    owner_items = [Item(lab("proprietario_nome", name_ok), owner_nome, "proprietario_nome"),
                   Item(lab("proprietario_documento", doc_ok), cm.fmt_doc(owner_doc), "proprietario_documento")]
    lic = [Item(lab("exercicio"), str(exercicio), "exercicio"),
           Item(lab("data_emissao", lambda s: "QUITA" not in s.upper()), text.dmy(emissao), "data_emissao")]

    # distractors: the other boxes a CRLV prints, labelled as the vocabulary's grid labels spell them
    L = st.label
    grid = set(cm.other_labels(T))

    def G(*opts: str) -> str:
        return L(rng.choice([o for o in opts if o in grid] or list(opts)))

    anterior = f"{v['placa_anterior']}/{town.uf}" if v["placa_anterior"] else "*******"
    local = f"{town.nome.upper()} {town.uf}" if rng.random() < 0.6 else f"{town.nome.upper()}/{town.uf}"
    obs = rng.choice(["*.*", "S/REST", "SEM RESTRIÇÃO", f"ALIENAÇÃO FIDUCIÁRIA - BANCO {w.place()} S.A.",
                      "TRANSPORTE COLETIVO - FRETAMENTO"])
    pool = {
        "ident": [(G("NÚMERO DO CRV"), v["crv"]), (G("CÓDIGO DE SEGURANÇA DO CLA"), v["cla"]),
                  (L(rng.choice(cm.field_labels(T, "placa_anterior") or ["PLACA ANTERIOR / UF"])), anterior)],
        "carac": [(G("MARCA / MODELO / VERSÃO", "MARCA/MODELO"), v["marca_modelo"]),
                  (G("COR PREDOMINANTE", "COR"), v["cor"]),
                  (G("COMBUSTÍVEL"), v["combustivel"]),
                  (G("CAPACIDADE"), rng.choice(["*.*", f"{rng.randint(8, 16)}.0"])),
                  (G("POTÊNCIA/CILINDRADA", "POTÊNCIA / CILINDRADA"),
                   f"{rng.choice([150, 170, 186, 230, 260, 310])}CV/{rng.randint(2900, 9000)}"),
                  (G("PESO BRUTO TOTAL"), f"{rng.uniform(3.5, 18):.2f}"), (G("MOTOR"), v["motor"]),
                  (G("CMT"), f"{rng.uniform(5, 19):.2f}"), (G("EIXOS"), str(rng.choice([2, 2, 3]))),
                  (G("CARROCERIA"), rng.choice(["NAO APLICAVEL", "ONIBUS", "FECHADA"])), (G("CAT"), "***")],
        "owner": [(L(rng.choice(cm.field_labels(T, "municipio") or ["LOCAL"])), local)],
        "lic": [(L(rng.choice(cm.field_labels(T, "observacoes") or ["OBSERVAÇÕES"])), obs)],
    }
    groups_items = {"ident": ident, "carac": carac, "owner": owner_items, "lic": lic}
    density = rng.uniform(0.4, 1.0)
    for g, extra in pool.items():
        for lb, val in extra:
            if rng.random() < density:
                groups_items[g].append(Item(lb, val, None, wrap=len(val) > 24))
    titles = {"ident": ["IDENTIFICAÇÃO DO VEÍCULO", "DADOS DO VEÍCULO", "VEÍCULO"],
              "carac": ["CARACTERÍSTICAS DO VEÍCULO", "CARACTERÍSTICAS", "ESPECIFICAÇÕES"],
              "owner": ["PROPRIETÁRIO", "IDENTIFICAÇÃO DO PROPRIETÁRIO", "DADOS DO PROPRIETÁRIO"],
              "lic": ["LICENCIAMENTO", "DADOS DO LICENCIAMENTO", "REGISTRO E LICENCIAMENTO"]}
    groups = [(L(rng.choice(titles[g])), items) for g, items in groups_items.items()]
    if rng.random() < 0.4:
        dp = [Item(G("CAT. TARIF.", "CAT. TARIF"), rng.choice(["03", "10", "09"])),
              Item(G("DATA DE QUITAÇÃO"), text.dmy(w.date_between(date(exercicio, 1, 2),
                                                         date(exercicio, 3, 30))))]
        dp.append(Item(G("VALOR TOTAL A SER PAGO PELO SEGURADO (R$)"), rng.choice(["0,00", "R$ 0,00", "*****"])))
        groups.append((G("DADOS DO SEGURO DPVAT", "INFORMAÇÕES DO SEGURO DPVAT"), dp))
    sections = cm.regroup(rng, groups, titles=rng.random() < 0.65)
    form = cm.Form(sections, st, rng)

    uf = w.uf
    ps = st.para_style(size=st.size * 0.95, bold=True, align="center")
    head = []
    if rng.random() < 0.8:
        head += [cm.P(t, ps) for t in ["REPÚBLICA FEDERATIVA DO BRASIL",
                                       rng.choice(["MINISTÉRIO DOS TRANSPORTES", "MINISTÉRIO DA INFRAESTRUTURA"]),
                                       rng.choice(["SECRETARIA NACIONAL DE TRÂNSITO - SENATRAN",
                                                   "DEPARTAMENTO NACIONAL DE TRÂNSITO - DENATRAN"])]]
    head.append(cm.P(f"DEPARTAMENTO ESTADUAL DE TRÂNSITO DE {ESTADOS[uf]} - {DETRANS[uf]}", ps))
    title = rng.choice(["CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO",
                        "CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO - DIGITAL",
                        "CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO - ELETRÔNICO",
                        "CRLV-e - CERTIFICADO DE REGISTRO E LICENCIAMENTO DE VEÍCULO"])
    head += [Spacer(1, 3), cm.P(title, st.para_style(size=min(13, st.size * 1.3), bold=True, align="center"))]
    qr = rng.random() < 0.55
    if qr:
        size = rng.uniform(60, 84)
        key = f"crlv-perturb:{seed}"
        code = pdf.Drawn(size, size, lambda c, wd, h: pdf.qr(c, pdf.opaque_payload(key), 0, 0, size))
        t = Table([[head, code]], colWidths=[None, size + 8])
        t.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
        story = [t]
    else:
        story = head
    story += [Spacer(1, rng.uniform(6, 14)), form, Spacer(1, rng.uniform(6, 14))]
    small = st.para_style(size=max(7.0, st.size * 0.8), align="left")
    notes = [f"Documento assinado digitalmente pelo {DETRANS[uf]} conforme MP nº 2.200-2/2001 (ICP-Brasil).",
             "O porte deste documento é obrigatório. Verifique a autenticidade pelo QR Code"
             if qr else "O porte deste documento é obrigatório.",
             "Código de autenticidade: " + pdf.opaque_payload(f"auth-perturb:{seed}", 20)]
    story += [cm.P(n, small) for n in cm.shuffled(rng, notes)[: rng.randint(1, 3)]]

    def frame(c, doc, look=rng.choice(["none", "none", "border", "cut"])):
        c.saveState()
        if look == "border":
            c.setStrokeColor(colors.HexColor("#555555"))
            c.rect(doc.leftMargin - 6, doc.bottomMargin - 6, doc.width + 12, doc.height + 12)
        elif look == "cut":
            c.setDash(3, 3)
            c.line(doc.leftMargin, doc.bottomMargin - 4, doc.leftMargin + doc.width, doc.bottomMargin - 4)
        c.restoreState()

    body = cm.build(story, st, "CRLV " + v["placa"], DETRANS[uf], on_page=frame)
    expected = {
        "placa": v["placa"], "renavam": v["renavam"], "chassi": v["chassi"], "exercicio": exercicio,
        "ano_fabricacao": v["ano_fab"], "ano_modelo": v["ano_mod"], "categoria": categoria,
        "especie_tipo": v["especie"], "tipo_veiculo": v["tipo"], "lotacao": lot,
        "proprietario_nome": owner_nome, "proprietario_documento": owner_doc,
        "data_emissao": emissao.isoformat(),
    }
    return cm.Rendered(body, {"type": T, "layout": "perturbed", "seed": seed, "fields": expected}, printed)
