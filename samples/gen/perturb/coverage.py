"""A policy's coverages as the structural families print them: a small table of coverage and limit
(the base, per passenger or per vehicle, in a column of its own, in the coverage's name, or in a
note below), or sentences. Shared by the two-column, key/value, boxed and prose policies."""

from __future__ import annotations

import random

from reportlab.lib import colors
from reportlab.platypus import Table, TableStyle

from samples.gen import text
from samples.gen.perturb import common as cm
from samples.gen.perturb.facts import PER_PASSENGER, Apolice

T = "apolice_seguro"
NOTE = ("Os limites de Acidentes Pessoais de Passageiros (morte e invalidez) e de despesas médico-hospitalares "
        "são por passageiro, até o número de assentos do veículo; o limite de responsabilidade civil - "
        "passageiros é por veículo e por evento.")


def base_words(rng: random.Random, st: cm.Style) -> tuple[str, str]:
    pax = [s for s in cm.values(T, "per_passenger") if not s.startswith("/")] or ["POR PASSAGEIRO"]
    veh = [s for s in cm.values(T, "per_vehicle") if not s.startswith("/") and s.upper() != "TOTAL"] or ["POR VEÍCULO"]
    p, v = rng.choice(pax[:4]), rng.choice(veh[:3])
    return (p, v) if st.upper else (p.capitalize(), v.capitalize())


def printed(f: Apolice) -> dict:
    return {"ap_por_passageiro": text.money(min(f.ap_morte, f.ap_inv)), "dmh_por_passageiro": text.money(f.dmh),
            "rc_por_veiculo": text.money(f.rc)}


def table(rng: random.Random, st: cm.Style, f: Apolice, width: float, *, size: float | None = None,
          looks: tuple[str, ...] = ("grid", "rules", "none")) -> tuple[Table, bool]:
    """The coverage table fitted to `width`, and whether a note must say what is per passenger."""
    size = size or round(max(7.0, st.size * 0.9), 1)
    cs = st.para_style(size=size, align="left", leading=size * 1.2)
    hs = st.para_style(size=size * 0.95, bold=True, align="left", leading=size * 1.15)
    pax, veh = base_words(rng, st)
    where = rng.choice(["column", "name", "note"])
    lim_head = st.label(rng.choice((cm.table_columns(T, "coberturas").get("limite") or ["LMI"])[:4]))
    cob_head = st.label(rng.choice(cm.table_columns(T, "coberturas").get("cobertura") or ["COBERTURA"]))
    base_head = st.label(rng.choice(cm.table_columns(T, "coberturas").get("base") or ["BASE"]))
    money_w = cm.width("R$ 9.999.999,99", st.regular, size) + 12
    base_w = max(cm.width(pax, st.regular, size), cm.width(veh, st.regular, size),
                 cm.width(base_head, st.bold, size)) + 12
    if where == "column" and width - money_w - base_w < 90:
        where = "note"
    head = [cm.P(cob_head, hs), cm.P(lim_head, hs)] + ([cm.P(base_head, hs)] if where == "column" else [])
    rows = [head]
    for kind, lim in f.coverage_rows(rng):
        name = f.names[kind]
        if st.upper and rng.random() < 0.5:
            name = name.upper()
        per = kind in PER_PASSENGER
        if where == "name" and (per or kind == "rc_pax"):
            name += f" ({(pax if per else veh).lower()})"
        row = [cm.P(name, cs), text.money(lim)]
        if where == "column":
            row.append(pax if per else veh)
        rows.append(row)
    widths = [width - money_w - (base_w if where == "column" else 0), money_w] + \
        ([base_w] if where == "column" else [])
    t = Table(rows, colWidths=widths, repeatRows=1)
    look = rng.choice(looks)
    ts = [("FONT", (0, 1), (-1, -1), st.regular, size), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
          ("ALIGN", (1, 1), (1, -1), "RIGHT"), ("TOPPADDING", (0, 0), (-1, -1), 1.5),
          ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]
    if look == "grid":
        ts += [("GRID", (0, 0), (-1, -1), 0.4, colors.black), ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e0e0e0"))]
    elif look == "rules":
        ts += [("LINEABOVE", (0, 0), (-1, 0), 0.8, colors.black), ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
               ("LINEBELOW", (0, 1), (-1, -1), 0.3, colors.grey)]
    t.setStyle(TableStyle(ts))
    return t, where == "note"


def sentences(rng: random.Random, f: Apolice) -> str:
    """The coverages as one sentence list: 'morte acidental, R$ 50.000,00 por passageiro; ...'."""
    parts = []
    for kind, lim in f.coverage_rows(rng, joint=rng.random() < 0.5):
        per = kind in PER_PASSENGER
        what = {"terc_dm": "danos materiais a terceiros", "terc_dc": "danos corporais a terceiros",
                "morais": "danos morais", "rc_pax": "responsabilidade civil perante os passageiros",
                "ap_morte": "acidentes pessoais de passageiros, morte acidental",
                "ap_inv": "acidentes pessoais de passageiros, invalidez permanente",
                "ap": "acidentes pessoais de passageiros, morte ou invalidez permanente",
                "dmh": "despesas médico-hospitalares"}[kind]
        tail = " por passageiro" if per else (" por veículo e por evento" if kind == "rc_pax" else " por evento")
        parts.append(f"{what}, até {text.money(lim)}{tail}")
    return "; ".join(parts)
