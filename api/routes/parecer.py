"""/v1/packets/{id}/parecer.pdf: the packet's result as the printable parecer (report/parecer.py),
with crops of the stored pages around the evidence of each `fail` and `review`."""

from __future__ import annotations

import io
import logging
from datetime import datetime
from zoneinfo import ZoneInfo

from typing import Annotated

from fastapi import APIRouter, Query, Response
from PIL import Image

from api.deps import PrincipalDep, SessionDep, SettingsDep, StorageDep
from api.schemas import PROBLEM_RESPONSES, ProblemDoc
from service import packets
from service.errors import Busy, Invalid, ServiceError
from service.storage import BlobNotFound

log = logging.getLogger("fretadoc.api")
router = APIRouter(prefix="/v1/packets", tags=["pacotes"])


@router.get("/{packet_id}/parecer.pdf", response_class=Response, summary="Parecer do pacote em PDF",
            responses={200: {"content": {"application/pdf": {}}, "description": "O parecer"},
                       409: {"model": ProblemDoc, "description": "Pacote ainda em processamento"},
                       **PROBLEM_RESPONSES})
def parecer_pdf(packet_id: str, principal: PrincipalDep, session: SessionDep, storage: StorageDep,
                settings: SettingsDep,
                signatario: Annotated[str | None, Query(max_length=120, description="Nome de quem assina (órgão)")] = None,
                cargo: Annotated[str | None, Query(max_length=120, description="Cargo de quem assina")] = None,
                matricula: Annotated[str | None, Query(max_length=40, description="Matrícula de quem assina")] = None,
                local: Annotated[str | None, Query(max_length=120, description="Local escrito antes da data")] = None,
                ) -> Response:
    import ocr
    from report import parecer

    packet = packets.get_packet(session, principal, packet_id)
    result = packets.packet_result(session, packet)

    def page(doc_id: str, number: int) -> Image.Image | None:
        try:
            src = packets.page_source(session, packet, doc_id, number)
            rotation = src.rotation if src.rotation is not None else packets.cached_rotation(
                src.sha256, src.number, settings)
            png = ocr.render_page(storage.get(src.sha256)[:src.signed_bytes], src.number, dpi=110, rotation=rotation)
        except (ServiceError, BlobNotFound):
            return None
        except Exception:  # a page that cannot be drawn is named in the parecer, not a failed request
            log.warning("evidence page %d of %s could not be drawn", number, doc_id, exc_info=True)
            return None
        return Image.open(io.BytesIO(png))

    signatory = None
    given = [" ".join((v or "").split()) for v in (signatario, cargo, matricula)]
    if principal.kind == "authority" and any(given):
        # only the authority's clerk signs, and signs whole: name, cargo and matrícula
        if not all(given):
            raise Invalid("signatario_incompleto", "Signatário incompleto",
                          "Informe nome, cargo e matrícula de quem assina o parecer.")
        signatory = parecer.Signatory(name=given[0], cargo=given[1], matricula=given[2], authority=principal.tenant_name,
                                      place=" ".join((local or "").split()) or None)
    issued_at = datetime.now(ZoneInfo("America/Sao_Paulo"))
    body = parecer.build(result, page, issued_at=issued_at, signatory=signatory)
    if signatory is not None and settings.parecer_pfx is not None:
        from report import signing

        password = settings.parecer_pfx_password.get_secret_value() if settings.parecer_pfx_password else None
        try:
            body = signing.sign(body, settings.parecer_pfx, password, reason=f"Parecer do pacote {packet_id}",
                                location=signatory.place, name=signatory.name)
        except signing.SigningError as exc:
            log.error("parecer of %s not signed: %s", packet_id, exc)
            raise Busy("assinatura_indisponivel", "Parecer não assinado",
                       "O certificado do órgão não pôde ser usado para assinar o parecer; avise o operador do "
                       "serviço.", retry_after=300) from None
    return Response(body, media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="parecer-{packet_id}.pdf"',
                             "Cache-Control": "private, no-store"})
