"""/v1/packets/{id}/parecer.pdf: the packet's result as the printable parecer (report/parecer.py),
with crops of the stored pages around the evidence of each `fail` and `review`."""

from __future__ import annotations

import io
import logging
from datetime import datetime
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Response
from PIL import Image

from api.deps import PrincipalDep, SessionDep, SettingsDep, StorageDep
from api.schemas import PROBLEM_RESPONSES, ProblemDoc
from service import packets
from service.errors import ServiceError
from service.storage import BlobNotFound

log = logging.getLogger("fretadoc.api")
router = APIRouter(prefix="/v1/packets", tags=["pacotes"])


@router.get("/{packet_id}/parecer.pdf", response_class=Response, summary="Parecer do pacote em PDF",
            responses={200: {"content": {"application/pdf": {}}, "description": "O parecer"},
                       409: {"model": ProblemDoc, "description": "Pacote ainda em processamento"},
                       **PROBLEM_RESPONSES})
def parecer_pdf(packet_id: str, principal: PrincipalDep, session: SessionDep, storage: StorageDep,
                settings: SettingsDep) -> Response:
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

    body = parecer.build(result, page, issued_at=datetime.now(ZoneInfo("America/Sao_Paulo")))
    return Response(body, media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="parecer-{packet_id}.pdf"',
                             "Cache-Control": "private, no-store"})
