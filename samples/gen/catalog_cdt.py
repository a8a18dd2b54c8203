"""The CRLV-e and the CNH-e as the Carteira Digital de Trânsito issues them (gen/docs/crlv_cdt.py,
the `cnh-e-cdt` layout of gen/docs/cnh.py), on vehicles and drivers of both worlds; and which
documents are also photographed (gen/photo.py).

All are pool documents; the CRLV-e of bus 1 also serves the METROPLAN packet
`valid-escola-crlv-cdt`. Each is made digital, printed-and-scanned and photographed.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime

from samples.gen import world, world_acts
from samples.gen.catalog import Pool
from samples.gen.docs import cnh, crlv_cdt
from samples.gen.world_acts import Motorista

# older documents photographed too (photo only: their other renderings are unchanged)
PHOTO_ALSO = ("crlv-onibus1", "contrato-escola", "lista-escola", "apolice-onibus1")


# how each CRLV-e is scanned: its labels are 5.4-point type, so mostly at 250 or 300 dpi
SCANS = {
    "onibus1": ("jpg", 300), "onibus2": ("tif", 300), "der-onibus": ("png", 250),
    "ipa-pf-micro-particular": ("tif", 250), "sm-onibus-2023": ("jpg", 250), "micro-2021": ("webp", 200),
    "reboque": ("png", 300), "sp-onibus1": ("webp", 250), "sp-micro": ("jpg", 300),
}


def build(pool: Pool) -> str:
    """Adds the documents; returns the name of bus 1's CRLV-e (for valid-escola-crlv-cdt)."""
    w, wa = world.build(), world_acts.build()

    def crlve(slug: str, v, layout: str, exercicio: int, emissao: date, obs: list[str],
              emitido: datetime | None = None) -> str:
        name = f"crlve-cdt-{slug}"
        fmt, dpi = SCANS[slug]
        return pool.add(name, "crlv", layout, crlv_cdt.render, v, layout, exercicio=exercicio, emissao=emissao,
                        key=name, obs=obs, emitido=emitido, scan={"fmt": fmt, "dpi": dpi}, photo=True)

    # SENATRAN 2024-2026 (RS and MG)
    bus1 = crlve("onibus1", w.bus1, "cdt-senatran", 2026, date(2026, 1, 12), ["S/REST; NAC"])
    # downloaded again months after it was issued: the footer's date is not the DATA
    crlve("onibus2", w.bus2, "cdt-senatran", 2025, date(2025, 4, 22), [f"AL FID:{w.bus2.alf}"],
          emitido=datetime(2026, 2, 3, 9, 14, 52))
    crlve("der-onibus", wa.mg.veiculos["onibus"], "cdt-senatran", 2026, date(2026, 1, 20),
          ["S/REST; NAC; 2EIXOS"])
    crlve("ipa-pf-micro-particular", replace(wa.mg_pf_micro, categoria="PARTICULAR", capacidade="0.7"),
          "cdt-senatran", 2025, date(2025, 2, 11), ["R DOM:VALE DIESEL COMERCIO DE VEICULOS LTDA"])
    # DENATRAN 2020-2023 (RS)
    crlve("sm-onibus-2023", wa.sm.veiculos["onibus"], "cdt-denatran", 2023, date(2023, 2, 14), ["S/REST; NAC"])
    crlve("micro-2021", w.micro_2020, "cdt-denatran", 2021, date(2021, 3, 15), [f"AL FID:{w.micro_2020.alf}"])
    sm = wa.sm.empresa
    reboque = world_acts._vehicle("sm-reboque", sm.razao, sm.cnpj, "Santa Maria", "RS", "I", wmi="9A9",
                                  vds="RB07B1", ano=2021, marca_modelo="REB/SULTRAILER RB 07 BAGAGEIRO",
                                  especie="CARGA REBOQUE", tipo="outro", lotacao=0, potencia="0CV/0", pbt="1.20",
                                  cmt="0.00", eixos="1", capacidade="0.7", combustivel="***", carroceria="FECHADA")
    reboque = replace(reboque, placa_anterior="", motor="***")  # registered new with a Mercosul plate
    crlve("reboque", reboque, "cdt-denatran", 2022, date(2022, 4, 6),
          ["Arr.Merc:PAMPA ARRENDAMENTO MERCANTIL S.A."])
    # São Paulo's DENATRAN "- ELETRÔNICO" page
    crlve("sp-onibus1", replace(wa.sp.veiculos["onibus1"], eixos="3"), "cdt-sp", 2023, date(2023, 6, 5),
          ["S/REST; NAC", "Eixos Fixos:3"])
    crlve("sp-micro", wa.sp.veiculos["micro"], "cdt-sp", 2022, date(2022, 3, 28), ["S/REST; NAC; 2EIXOS"])

    # the CNH-e of three drivers of the acts' world
    def cnhe(slug: str, m: Motorista, scan: dict) -> str:
        return pool.add(f"cnhe-cdt-{slug}", "cnh", "cnh-e-cdt", cnh.render, m, "cnh-e-cdt", scan=scan, photo=True)

    cnhe("sm-motorista1", wa.sm.motoristas[0], {"fmt": "jpg", "dpi": 300})
    cnhe("sm-motorista2", wa.sm.motoristas[1], {"fmt": "png", "dpi": 300})
    cnhe("mg-motorista1", wa.mg.motoristas[0], {"fmt": "webp", "dpi": 250})

    for name in PHOTO_ALSO:
        pool.entries[name].photo = True
    return bus1
