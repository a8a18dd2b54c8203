"""An insurance policy (RCF-V / APP for a chartered bus) in a perturbed layout: the policy's,
insurer's, insured's, broker's, term and vehicle blocks regrouped, then a coverage table with
its columns in another order (cobertura, limit or limits per passenger and for the vehicle,
base, prêmio, franquia), morte and invalidez apart or as one APP row, wrapped coverage names."""

from __future__ import annotations

import random
from datetime import date, timedelta

from reportlab.lib import colors
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from samples.gen import pdf, text
from samples.gen.perturb import common as cm
from samples.gen.perturb.common import Item

T = "apolice_seguro"


def _numero(rng: random.Random) -> str:
    d = cm.digits
    return rng.choice([
        f"{rng.randint(1, 99):02d}.{rng.randint(10, 99)}.{d(rng, 7)}-{rng.randint(0, 9)}",
        f"10{rng.randint(10, 99)}{d(rng, 9)}",
        f"{rng.randint(100, 999)}-{rng.randint(2023, 2026)}-{d(rng, 6)}",
        f"{d(rng, 4)}.{d(rng, 4)}.{d(rng, 5)}",
        f"APL{rng.randint(2023, 2026)}{d(rng, 6)}",
    ])


def _coverage_names(rng: random.Random, st: cm.Style) -> dict[str, str]:
    names = {
        "terc_dm": ["RCF-V - Danos Materiais a Terceiros", "Responsabilidade Civil Facultativa - Danos Materiais",
                    "Danos Materiais (Terceiros)", "RCF-V Danos Materiais"],
        "terc_dc": ["RCF-V - Danos Corporais a Terceiros", "Responsabilidade Civil Facultativa - Danos Corporais "
                    "a Terceiros", "Danos Corporais (Terceiros)", "RCF-V Danos Corporais"],
        "morais": ["Danos Morais e Estéticos", "Danos Morais", "RCF-V - Danos Morais a Terceiros"],
        "rc_pax": ["RCTR-VI - Responsabilidade Civil do Transportador (Passageiros)", "RC Passageiros",
                   "Responsabilidade Civil - Passageiros", "RCF-V - Danos Corporais a Passageiros",
                   "Responsabilidade Civil Passageiros (danos corporais)", "RC Transportador - Passageiros"],
        "ap_morte": ["APP - Morte Acidental", "Acidentes Pessoais de Passageiros - Morte Acidental",
                     "APP Morte", "Morte Acidental"],
        "ap_inv": ["APP - Invalidez Permanente Total ou Parcial", "Acidentes Pessoais de Passageiros - Invalidez "
                   "Permanente", "APP Invalidez", "Invalidez Permanente por Acidente (IPA)"],
        "ap": ["APP - Morte ou Invalidez Permanente", "Acidentes Pessoais de Passageiros (Morte e Invalidez)",
               "Acidentes Pessoais por Passageiro - APP", "APP - Acidentes Pessoais de Passageiros"],
        "dmh": ["APP - Despesas Médico-Hospitalares (DMH)", "DMH - Despesas Médicas e Hospitalares",
                "Despesas Médico-Hospitalares", "Assistência Médica e Hospitalar (DMHO)"],
        "assist": ["Assistência 24 horas - Ônibus", "Assistência 24h", "Guincho e Assistência 24 horas"],
    }
    out = {k: rng.choice(v) for k, v in names.items()}
    if st.upper and rng.random() < 0.5:
        out = {k: v.upper() for k, v in out.items()}
    return out


def render(seed: int) -> cm.Rendered:
    rng = random.Random(f"apolice:{seed}")
    st = cm.draw_style(rng)
    w = cm.World(rng)
    ins, brand, susep = w.insurer()
    pf = rng.random() < 0.15
    if pf:
        p = w.person()
        seg_nome, seg_doc, seg_end = p.nome, p.cpf, p.endereco
        seg_tel, seg_mail = f"({rng.randint(11, 99)}) 9{rng.randint(1000, 9999)}-{rng.randint(1000, 9999)}", None
    else:
        c = w.carrier()
        seg_nome, seg_doc, seg_end, seg_tel, seg_mail = c.razao, c.cnpj, c.endereco, c.telefone, c.email
    v = w.vehicle(("onibus", "onibus", "microonibus"))
    assentos = v["lotacao"]
    inicio = w.date_between(date(2024, 1, 1), date(2026, 6, 30))
    fim = date(inicio.year + 1, inicio.month, min(inicio.day, 28 if inicio.month == 2 else 31))
    emissao = inicio - timedelta(days=rng.randint(0, 20))
    numero = _numero(rng)
    ap_morte = float(rng.choice([50_000, 60_000, 80_000, 100_000, 120_000, 150_000, 200_000]))
    ap_inv = ap_morte if rng.random() < 0.6 else float(rng.choice([40_000, 50_000, 80_000, 100_000, 120_000]))
    joint_ap = ap_morte == ap_inv and rng.random() < 0.5
    dmh = float(rng.choice([10_000, 15_000, 20_000, 25_000, 30_000, 40_000]))
    two_limits = rng.random() < 0.3  # a limit per passenger and the vehicle's total side by side
    if two_limits:
        rc_pp = float(rng.choice([x for x in (30_000, 40_000, 50_000, 60_000, 80_000, 100_000)
                                  if x not in (ap_morte, ap_inv, dmh)]))
        rc = rc_pp * assentos
    else:
        rc_pp = None
        rc = float(rng.choice([1_000_000, 1_200_000, 1_500_000, 2_000_000, 2_500_000, 3_000_000]))
    print_renavam = rng.random() < 0.55
    print_assentos = rng.random() < 0.85 or two_limits
    placa_txt = cm.placa_fmt(v["placa"], rng)
    L = st.label

    def lab(name, ok=lambda s: True):
        return st.pick(T, name, ok)

    printed: dict = {"numero_apolice": numero, "seguradora_nome": ins.razao,
                     "seguradora_cnpj": cm.fmt_doc(ins.cnpj), "segurado_nome": seg_nome,
                     "segurado_documento": cm.fmt_doc(seg_doc), "placa": placa_txt, "chassi": v["chassi"]}

    # ---- blocks
    apol = [Item(lab("numero_apolice"), numero, "numero_apolice"),
            Item(L("PROPOSTA"), cm.digits(rng, 8)),
            Item(L(rng.choice(["EMISSÃO", "DATA DE EMISSÃO", "EMITIDA EM"])), text.dmy(emissao)),
            Item(L("RAMO"), rng.choice(["0531", "0553 - RCF-V", "31 - Automóvel", "0520"])),
            Item(L(rng.choice(["ENDOSSO", "Nº ENDOSSO"])), "0"),
            Item(L(rng.choice(["SUCURSAL", "FILIAL"])), w.town().nome.upper())]
    apol = apol[:3] + [it for it in apol[3:] if rng.random() < 0.6]
    segd = [Item(lab("seguradora_nome"), ins.razao, "seguradora_nome"),
            Item(lab("seguradora_cnpj"), cm.fmt_doc(ins.cnpj), "seguradora_cnpj")]
    segd += [it for it in [Item(L(rng.choice(["CÓD. SUSEP", "CÓDIGO SUSEP"])), susep),
                           Item(L("ENDEREÇO"), ins.endereco.line(), wrap=True),
                           Item(L(rng.choice(["SAC", "TELEFONE"])), ins.telefone)] if rng.random() < 0.6]
    doc_ok = (lambda s: "CPF" in s.upper()) if pf else (lambda s: "CNPJ" in s.upper())
    segurado = [Item(lab("segurado_nome", lambda s: not (pf and "RAZÃO" in s.upper())), seg_nome, "segurado_nome"),
                Item(lab("segurado_documento", doc_ok), cm.fmt_doc(seg_doc), "segurado_documento")]
    extra = [Item(L("ENDEREÇO"), seg_end.short(), wrap=True), Item(L("MUNICÍPIO"), seg_end.town.nome.upper()),
             Item(L("UF"), seg_end.town.uf), Item(L("CEP"), text.cep(seg_end.cep)),
             Item(L("TELEFONE"), seg_tel)]
    if seg_mail:
        extra.append(Item(L("E-MAIL"), seg_mail))
    segurado += [it for it in extra if rng.random() < 0.55]
    period = rng.random() < 0.5
    if period:
        vig_txt = rng.choice([f"das 24h de {text.dmy(inicio)} às 24h de {text.dmy(fim)}",
                              f"{text.dmy(inicio)} a {text.dmy(fim)}", f"De {text.dmy(inicio)} até {text.dmy(fim)}",
                              f"{text.dmy(inicio)} até {text.dmy(fim)}"])
        vig = [Item(lab("vigencia"), vig_txt, "vigencia_inicio")]
    else:
        vig = [Item(lab("vigencia_inicio"), text.dmy(inicio), "vigencia_inicio"),
               Item(lab("vigencia_fim"), text.dmy(fim), "vigencia_fim")]
        if rng.random() < 0.4:
            vig.append(Item(L("HORÁRIO"), "24h"))
    printed["vigencia_inicio"], printed["vigencia_fim"] = text.dmy(inicio), text.dmy(fim)
    veic = [Item(lab("placa"), placa_txt, "placa"), Item(lab("chassi"), v["chassi"], "chassi")]
    if print_renavam:
        veic.append(Item(lab("renavam"), v["renavam"], "renavam"))
        printed["renavam"] = v["renavam"]
    ass_txt = rng.choice([str(assentos), f"{assentos} passageiros", f"{assentos} lugares", f"{assentos:02d}"])
    if print_assentos:
        veic.append(Item(lab("assentos"), ass_txt, "assentos"))
        printed["assentos"] = ass_txt
    veic += [it for it in [Item(L(rng.choice(["MARCA/MODELO", "MARCA / MODELO"])), v["marca_modelo"]),
                           Item(L(rng.choice(["ANO FAB/MOD", "ANO DE FABRICAÇÃO/MODELO"])),
                                f"{v['ano_fab']}/{v['ano_mod']}"),
                           Item(L("COR"), v["cor"]), Item(L("COMBUSTÍVEL"), v["combustivel"]),
                           Item(L(rng.choice(["UTILIZAÇÃO", "USO"])), rng.choice(["FRETAMENTO", "FRETAMENTO ESCOLAR",
                                                                                   "TRANSPORTE COLETIVO"]))]
             if rng.random() < 0.6]
    groups = [(L(rng.choice(["DADOS DA APÓLICE", "APÓLICE", "IDENTIFICAÇÃO DA APÓLICE"])), apol),
              (L(rng.choice(["SEGURADORA", "DADOS DA SEGURADORA", "COMPANHIA"])), segd),
              (L(rng.choice(["DADOS DO SEGURADO", "SEGURADO", "ESTIPULANTE / SEGURADO"])), segurado),
              (L(rng.choice(["VIGÊNCIA", "PERÍODO DE VIGÊNCIA", "VIGÊNCIA DO SEGURO"])), vig),
              (L(rng.choice(["VEÍCULO SEGURADO", "DADOS DO VEÍCULO", "ITEM 1 - VEÍCULO"])), veic)]
    if rng.random() < 0.5:
        corr = w.person_name()[0].split()[-1]
        groups.append((L("CORRETOR"), [Item(L("CORRETOR"), f"{corr} CORRETORA DE SEGUROS LTDA"),
                                       Item(L(rng.choice(["CÓD. SUSEP", "CÓDIGO SUSEP"])),
                                            f"{rng.randint(10, 99)}.{cm.digits(rng, 6)}.{rng.randint(1, 9)}")]))
    sections = cm.regroup(rng, groups, titles=rng.random() < 0.8)
    form = cm.Form(sections, st, rng)

    # ---- coverage table
    names = _coverage_names(rng, st)
    per_pax = {"ap_morte", "ap_inv", "ap", "dmh", "rc_pax"}
    terceiros = [("terc_dm", float(rng.choice([100_000, 200_000, 300_000, 500_000]))),
                 ("terc_dc", float(rng.choice([200_000, 500_000, 1_000_000])))]
    if rng.random() < 0.6:
        terceiros.append(("morais", float(rng.choice([20_000, 50_000, 100_000]))))
    ap_rows = [("ap", ap_morte)] if joint_ap else [("ap_morte", ap_morte), ("ap_inv", ap_inv)]
    if rng.random() < 0.2:
        ap_rows.reverse()
    rows_groups = [terceiros, [("rc_pax", rc_pp if two_limits else rc)], ap_rows, [("dmh", dmh)]]
    rng.shuffle(rows_groups)
    rows = [r for g in rows_groups for r in g]
    if rng.random() < 0.5:
        rows.append(("assist", None))

    base_where = "two" if two_limits else rng.choice(["column", "column", "name", "note"])
    cols_vocab = cm.table_columns(T, "coberturas")
    lim_all = cols_vocab.get("limite") or ["LMI"]
    if two_limits:
        pp_opts = [s for s in lim_all if "PASSAGEIRO" in s.upper()] or ["LMI POR PASSAGEIRO"]
        tot_opts = [s for s in lim_all if "TOTAL" in s.upper() or "VEÍCULO" in s.upper()] or ["LMI TOTAL"]
        lim_cols = [("lim_pp", L(rng.choice(pp_opts))), ("lim_tot", L(rng.choice(tot_opts)))]
    else:
        plain = [s for s in lim_all if "PASSAGEIRO" not in s.upper() and "VEÍCULO" not in s.upper()
                 and "TOTAL" not in s.upper()] or ["LMI"]
        lim_cols = [("lim", L(rng.choice(plain)))]
    cols = [("cob", L(rng.choice(cols_vocab.get("cobertura") or ["COBERTURA"])))] + lim_cols
    if base_where == "column":
        cols.append(("base", L(rng.choice(cols_vocab.get("base") or ["BASE"]))))
    if rng.random() < 0.6:
        cols.append(("premio", L(rng.choice(cols_vocab.get("premio") or ["PRÊMIO"]))))
    if rng.random() < 0.35:
        cols.append(("franq", L(rng.choice(cols_vocab.get("franquia") or ["FRANQUIA"]))))
    lead = cols[:1] + cm.shuffled(rng, cols[1:])
    cols = lead if rng.random() < 0.75 else cm.shuffled(rng, cols)
    if two_limits and [c for c, _ in cols].index("lim_pp") > [c for c, _ in cols].index("lim_tot") \
            and rng.random() < 0.7:  # usually the per-passenger limit comes first
        i, j = [c for c, _ in cols].index("lim_pp"), [c for c, _ in cols].index("lim_tot")
        cols[i], cols[j] = cols[j], cols[i]

    pax_words = [s for s in cm.values(T, "per_passenger") if not s.startswith("/")] or ["POR PASSAGEIRO"]
    veh_words = [s for s in cm.values(T, "per_vehicle") if not s.startswith("/")] or ["POR VEÍCULO"]
    pax_word = rng.choice(pax_words[:4])
    veh_word = rng.choice([s for s in veh_words if s.upper() != "TOTAL"][:3] or ["POR VEÍCULO"])
    if not st.upper:
        pax_word, veh_word = pax_word.capitalize(), veh_word.capitalize()
    tsize = round(max(7.0, st.size * rng.uniform(0.85, 1.0)), 1)
    cs = st.para_style(size=tsize, align="left", leading=tsize * 1.2)
    hs = st.para_style(size=tsize * 0.95, bold=True, align="left", leading=tsize * 1.15)

    aw = pdf.W - st.margins[0] - st.margins[1]
    money_w = cm.width("R$ 99.999.999,99", st.regular, tsize) + 14  # the text and the 6 pt paddings
    fixed = {"lim": money_w, "lim_pp": money_w, "lim_tot": money_w, "premio": money_w * 0.85,
             "franq": money_w * 0.85,
             "base": max(cm.width(pax_word, st.regular, tsize), cm.width(veh_word, st.regular, tsize)) + 14}

    def col_w(c: str, h: str) -> float:  # a header wraps between its words, never inside one
        return max(fixed.get(c, 0), max(cm.width(word, st.bold, tsize * 0.95) for word in h.split()) + 14)

    for drop in ("franq", "premio", "base"):  # make room for the coverage names
        if aw - sum(col_w(c, h) for c, h in cols if c != "cob") >= 120:
            break
        if drop in [c for c, _ in cols]:
            cols = [(c, h) for c, h in cols if c != drop]
            if drop == "base":
                base_where = "note"
    rest = aw - sum(col_w(c, h) for c, h in cols if c != "cob")
    cob_w = min(rest, rng.uniform(130, 300))
    widths = [cob_w if c == "cob" else col_w(c, h) for c, h in cols]
    if sum(widths) < aw and rng.random() < 0.6:
        widths = [x * aw / sum(widths) for x in widths]

    def cell(kind: str, lim: float | None, col: str):
        if col == "cob":
            nm = names[kind]
            if base_where == "name" and kind in per_pax - {"rc_pax"}:
                nm += f" ({pax_word.lower() if not st.upper else pax_word})"
            elif base_where == "name" and kind == "rc_pax":
                nm += f" ({veh_word.lower() if not st.upper else veh_word})"
            return cm.P(nm, cs)
        if kind == "assist":
            return {"lim": "Incluída", "lim_pp": "-", "lim_tot": "Incluída", "base": "-",
                    "premio": text.money(rng.uniform(80, 400)), "franq": "-"}[col]
        if col == "lim":
            return text.money(lim)
        if col == "lim_pp":
            return text.money(lim) if kind in per_pax else "-"
        if col == "lim_tot":
            return text.money(lim * assentos) if kind in per_pax else text.money(lim)
        if col == "base":
            return pax_word if kind in per_pax - {"rc_pax"} else veh_word
        if col == "premio":
            return text.money(rng.uniform(150, 4800))
        if col == "franq":
            return text.money(float(rng.choice([1500, 2000, 3000]))) if kind == "terc_dm" else \
                rng.choice(["Não há", "-", "Isenta"])
        raise KeyError(col)

    data = [[cm.P(h, hs) for _, h in cols]]
    for kind, lim in rows:
        data.append([cell(kind, lim, c) for c, _ in cols])
    printed["ap_por_passageiro"] = text.money(min(ap_morte, ap_inv))
    printed["dmh_por_passageiro"] = text.money(dmh)
    printed["rc_por_veiculo"] = text.money(rc)

    tab = Table(data, colWidths=widths, repeatRows=1)
    look = rng.choice(["grid", "grid", "lines", "zebra"])
    ts = [("FONT", (0, 1), (-1, -1), st.regular, tsize), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
          ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5)]
    for j, (c, _) in enumerate(cols):
        if c in ("lim", "lim_pp", "lim_tot", "premio", "franq"):
            ts.append(("ALIGN", (j, 1), (j, -1), "RIGHT"))
    if look == "grid":
        ts += [("GRID", (0, 0), (-1, -1), 0.4, colors.black),
               ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e2e2e2"))]
    elif look == "lines":
        ts += [("LINEABOVE", (0, 0), (-1, 0), 0.9, colors.black), ("LINEBELOW", (0, 0), (-1, 0), 0.9, colors.black),
               ("LINEBELOW", (0, -1), (-1, -1), 0.9, colors.black)]
    else:
        ts += [("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#eeeeee")]),
               ("BOX", (0, 0), (-1, -1), 0.5, colors.black), ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black)]
    tab.setStyle(TableStyle(ts))

    # ---- the document
    head = []
    align = rng.choice(["left", "center"])
    hs_brand = st.para_style(size=min(18, st.size * rng.uniform(1.5, 2.0)), bold=True, align=align)
    head.append(cm.P(brand.upper() if rng.random() < 0.5 else brand, hs_brand))
    if rng.random() < 0.6:
        head.append(cm.P(f"www.{cm.drop_accents(brand).lower().replace(' ', '')}.com.br",
                         st.para_style(size=max(7.0, st.size * 0.8), align=align)))
    head.append(Spacer(1, 6))
    title = L(rng.choice(["APÓLICE DE SEGURO", "APÓLICE DE SEGURO - RCF-V / APP ÔNIBUS", "ESPECIFICAÇÃO DA APÓLICE",
                          "APÓLICE DE SEGURO DE RESPONSABILIDADE CIVIL FACULTATIVA DE VEÍCULOS",
                          "SEGURO DE ÔNIBUS - APÓLICE", "APÓLICE DE SEGURO AUTO FROTA - ÔNIBUS"]))
    head.append(cm.P(title, st.para_style(size=min(13, st.size * 1.3), bold=True, align="center")))
    head.append(Spacer(1, rng.uniform(4, 10)))

    cov_title = L(rng.choice(["COBERTURAS CONTRATADAS", "COBERTURAS E LIMITES MÁXIMOS DE INDENIZAÇÃO",
                              "GARANTIAS CONTRATADAS", "COBERTURAS", "QUADRO DE COBERTURAS"]))
    story = head + [form, Spacer(1, 8),
                    KeepTogether([cm.P(cov_title, st.para_style(bold=True, align="left")), Spacer(1, 3), tab])]
    body = st.para_style(space_after=4)
    if base_where == "note" or rng.random() < 0.3:
        story += [Spacer(1, 4), cm.P("Os limites de Acidentes Pessoais de Passageiros (morte e invalidez) e de despesas "
                                     "médico-hospitalares são por passageiro, até o número de assentos do veículo; o "
                                     "limite de responsabilidade civil - passageiros é por veículo e por evento.",
                                     st.para_style(size=max(7.0, st.size * 0.9)))]
    liq = round(rng.uniform(3000, 16000), 2)
    iof = round(liq * 0.0738, 2)
    parcelas = rng.choice([1, 1, 4, 6, 10])
    prem = [Item(L("PRÊMIO LÍQUIDO"), text.money(liq)), Item(L("IOF"), text.money(iof)),
            Item(L("PRÊMIO TOTAL"), text.money(liq + iof)),
            Item(L("FORMA DE PAGAMENTO"), "À vista" if parcelas == 1 else
                 f"{parcelas}x de {text.money(round((liq + iof) / parcelas, 2))}")]
    if rng.random() < 0.75:
        story += [Spacer(1, 8), cm.Form([cm.Section(L("PRÊMIO"), prem)], st, rng, columns=(1,))]
    clauses = [
        ("OBJETO DO SEGURO", "Garantir ao Segurado, até os limites contratados, o reembolso das indenizações que for "
         "obrigado a pagar por danos causados a terceiros e aos passageiros transportados pelo veículo descrito "
         "nesta apólice, em serviço de fretamento."),
        ("FRANQUIAS", "Não há franquia para as coberturas de responsabilidade civil e de acidentes pessoais de "
         "passageiros, salvo a indicada no quadro de coberturas."),
        ("PAGAMENTO DO PRÊMIO", "O atraso no pagamento de qualquer parcela sujeita a apólice ao cancelamento ou ao "
         "ajuste da vigência, conforme a tabela de prazo curto."),
        ("SINISTROS", "Em caso de sinistro, comunique imediatamente a Seguradora pelos canais de atendimento "
         "indicados nesta apólice."),
        ("CONDIÇÕES GERAIS", f"Este seguro é regido pelas Condições Gerais registradas na SUSEP, processo nº "
         f"15414.{cm.digits(rng, 6)}/20{rng.randint(15, 24)}-{rng.randint(10, 99)}."),
    ]
    story.append(Spacer(1, 8))
    for i, (h, b) in enumerate(cm.shuffled(rng, clauses)[: rng.randint(2, 5)], 1):
        hd = L(h)
        story.append(cm.P(f"[[b]]{i}. {hd}[[/b]] - {b}" if rng.random() < 0.5 else f"[[b]]{hd}[[/b]]\n{b}", body))
    place = ins.endereco.town.nome
    story += [Spacer(1, 10), cm.P(f"{place}, {text.longa(emissao) if rng.random() < 0.6 else text.dmy(emissao)}.",
                                  st.para_style(align="left"))]

    cap = [brand, rng.choice(["Diretor de Produtos", "Diretora Técnica", "Representante Legal"])]
    cap_size = cm.fit_size(cap, st.regular, max(7.0, st.size * 0.85), 200)

    def sig(c, wd, h):
        pdf.signature_line(c, wd - 220, 22, 200, cap, f"apolice-perturb:{seed}", size=cap_size, font=st.regular)

    story.append(pdf.Drawn(aw, 60, sig))
    foot = f"SAC {ins.telefone}  -  Ouvidoria 0800 {rng.randint(100, 999)} {rng.randint(1000, 9999)}"

    def on_page(c, doc):
        c.saveState()
        c.setFont(st.regular, 7)
        c.drawString(doc.leftMargin, doc.bottomMargin * 0.45, foot)
        c.drawRightString(doc.leftMargin + doc.width, doc.bottomMargin * 0.45, f"Página {doc.page}")
        c.restoreState()

    out = cm.build(story, st, f"Apólice {numero}", brand, on_page=on_page)
    expected = {
        "numero_apolice": numero, "seguradora_nome": ins.razao, "seguradora_cnpj": ins.cnpj,
        "segurado_nome": seg_nome, "segurado_documento": seg_doc, "vigencia_inicio": inicio.isoformat(),
        "vigencia_fim": fim.isoformat(), "placa": v["placa"], "chassi": v["chassi"],
        "assentos": assentos if print_assentos else None,
        "ap_por_passageiro": min(ap_morte, ap_inv), "rc_por_veiculo": rc, "dmh_por_passageiro": dmh,
        "renavam": v["renavam"] if print_renavam else None,
    }
    return cm.Rendered(out, {"type": T, "layout": "perturbed", "seed": seed, "fields": expected}, printed)
