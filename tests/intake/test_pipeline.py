"""The pipeline on bad files: each kind yields a document-level finding, nothing raises."""

from __future__ import annotations

import resource
import time
from pathlib import Path

import pytest

from intake import packet, pipeline
from intake.cache import ReadCache
from tests.hostile import KINDS

ROOT = Path(__file__).resolve().parents[2]
QUICKSTART = ROOT / "samples" / "quickstart"
# Bounds we state for the costly kinds (measured: milliseconds); generous, as regression guards.
BOUND_SECONDS = 5.0
BOUND_MB = 100


def maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_bad_file_gives_its_finding(kind: str) -> None:
    maker, filename, code = KINDS[kind]
    data = maker()
    rss0, t0 = maxrss_mb(), time.process_time()  # (CPU time: other work on the machine does not count)
    docs = pipeline.read_file(data, filename)
    elapsed = time.process_time() - t0
    assert len(docs) == 1
    doc = docs[0]
    assert doc.type == "unknown" and doc.fields == {}
    assert [p.code for p in doc.problems] == [code]
    problem = doc.problems[0]
    assert problem.severity == "error" and problem.message.strip()
    assert doc.sha256 == pipeline.sha256_hex(data)
    assert elapsed < BOUND_SECONDS
    assert maxrss_mb() - rss0 < BOUND_MB


def test_a_bad_file_does_not_spoil_the_packet(tmp_path: Path) -> None:
    """A corrupt file in a packet is one document with its finding; the others are read."""
    bad = tmp_path / "zz-danificado.pdf"
    bad.write_bytes(KINDS["truncated"][0]())
    found = packet.collect([str(QUICKSTART), str(bad)])
    files = packet.load(found, max_bytes=25 * 1024 * 1024)
    docs = pipeline.read_packet(files)
    assert len(docs) == len(found)
    assert [d.id for d in docs] == [f"d{i}" for i in range(1, len(docs) + 1)]
    broken = [d for d in docs if d.problems]
    assert [d.filename for d in broken] == ["zz-danificado.pdf"]
    assert broken[0].problems[0].document == broken[0].id
    assert all(d.type != "unknown" for d in docs if d is not broken[0])


def test_oversized_file_is_never_read_into_memory(tmp_path: Path) -> None:
    big = tmp_path / "grande.pdf"
    with big.open("wb") as fh:
        fh.truncate(3 * 1024 * 1024)  # sparse: 3 MB of zeros
    files = packet.load([(big, big.name)], max_bytes=1024 * 1024)
    assert files[0].data is None
    [doc] = pipeline.read_packet(files)
    assert [p.code for p in doc.problems] == ["file.too_large"]
    assert doc.sha256 == pipeline.sha256_hex(big.read_bytes())


def test_read_cache_serves_the_same_read(tmp_path: Path) -> None:
    crlv = next(QUICKSTART.glob("crlv-*.pdf")).read_bytes()
    cache = ReadCache(tmp_path)
    first = pipeline.read_file(crlv, "a.pdf", cache=cache)
    again = pipeline.read_file(crlv, "b.pdf", cache=cache)
    assert [d.filename for d in again] == ["b.pdf"]
    assert [d.model_dump(exclude={"filename"}) for d in again] == [d.model_dump(exclude={"filename"}) for d in first]
    assert cache.get(pipeline.sha256_hex(crlv)) is not None


def test_free_text_read_from_a_photo_is_shown_unsure_and_identifiers_keep_their_confidence() -> None:
    from domain.documents import CONFIDENT, Field
    from ocr.model import Extraction, Page

    def seg(photographed: bool) -> Extraction:
        page = Page(number=1, source="ocr", width=1000, height=1400, photographed=photographed)
        return Extraction(media_type="image/jpeg", sha256="0" * 64, page_count=1, pages=(page,))

    fields = {"proprietario_nome": Field(value="E TURISMO LTDA", confidence=0.85, page=1),
              "observacoes": Field(value="S/REST; NAC Eixos", confidence=0.86, page=1),
              "placa": Field(value="IWG0E07", confidence=0.95, page=1)}
    out = pipeline.photographed_free_text("crlv", seg(True), fields)
    assert out["proprietario_nome"].confidence < CONFIDENT and out["proprietario_nome"].value == "E TURISMO LTDA"
    assert out["observacoes"].confidence < CONFIDENT
    assert out["placa"].confidence == 0.95  # a plate's shape checks it: not capped
    assert pipeline.photographed_free_text("crlv", seg(False), fields) == fields  # a scan is read as before


@pytest.mark.parametrize("seed", [704, 893])
def test_a_list_going_on_over_a_page_is_one_document(seed: int) -> None:
    # page 2 opens with passengers whose 'Certidão de Nascimento' cells read like a title: the
    # same table goes on (its header printed again, or its columns where page 1's were)
    from samples.gen import perturb

    data, expected = perturb.render("lista_passageiros", seed)
    docs = pipeline.read_file(data, "lista.pdf")
    assert [d.type for d in docs] == ["lista_passageiros"]
    assert docs[0].pages == 2
    assert len(docs[0].fields["passageiros"].value) == len(expected["fields"]["passageiros"])


def test_a_numbered_list_read_in_part_is_unsure() -> None:
    from intake.page.layout import Span
    from intake.doctypes.lista_passageiros import numbering
    from ocr.model import Word

    def cells(*texts):
        return [Span(1, (Word(text=t, bbox=(0.06, 0.1, 0.08, 0.11), conf=1.0),)) if t else None for t in texts]

    assert not numbering(cells("1", "2", "3", "4")).broken
    assert not numbering(cells("01", "02", None, "04")).broken  # a number not read is no gap
    assert numbering(cells("35", "36", "37", "38", "39", "40")).broken  # the first page's rows missing
    assert numbering(cells("1", "2", "3", "9", "10", "11")).broken
    assert not numbering(cells("", "", "", "")).numbered  # not a numbered list


def test_a_number_cell_holding_several_passengers_numbers_is_no_sure_row() -> None:
    from intake.doctypes.lista_passageiros import _glued

    assert _glued({"documento": "288684893096175314344633263753444", "documento_tipo": "cpf"})
    assert not _glued({"documento": "14495401552019100252070005062379", "documento_tipo": "certidao"})
    assert not _glued({"documento": "28868489309", "documento_tipo": "cpf"})


@pytest.mark.parametrize("seed, name, expected", [
    # a summary table's party cell: the name wraps onto a line of its own, its CNPJ below it
    (212, "contratante_nome", "ASSOCIAÇÃO DOS ESTUDANTES UNIVERSITÁRIOS DE SANTA CRUZ DO SUL"),
    (300, "contratante_nome", "ASSOCIAÇÃO DOS ESTUDANTES UNIVERSITÁRIOS DE CAMPINAS"),
    (321, "contratado_nome", "TRANSPORTADORA TURÍSTICA CAMPOS GERAIS LTDA"),
])
def test_a_partys_name_is_followed_over_its_wrapped_lines(seed: int, name: str, expected: str) -> None:
    from samples.gen import perturb

    data, _ = perturb.render("contrato_fretamento", seed)
    assert pipeline.read_file(data, "contrato.pdf")[0].fields[name].value == expected


def test_parsed_documents_are_served_from_the_cache_and_forgotten_with_it(tmp_path: Path) -> None:
    """A file read before is not parsed again: its Documents come from the cache (marked here to
    tell them apart), under the name given now; delete() forgets words and documents alike."""
    crlv = next(QUICKSTART.glob("crlv-*.pdf")).read_bytes()
    digest = pipeline.sha256_hex(crlv)
    cache = ReadCache(tmp_path)
    [first] = pipeline.read_file(crlv, "a.pdf", cache=cache)
    body = cache.get_documents(digest)
    assert body is not None and body["documents"][0]["fields"]["placa"]["value"] == first.fields["placa"].value
    body["documents"][0]["fields"]["placa"]["value"] = "MARCADA"
    cache.put_documents(digest, body)
    [again] = pipeline.read_file(crlv, "b.pdf", cache=cache)
    assert again.filename == "b.pdf" and again.fields["placa"].value == "MARCADA"
    cache.delete(digest)
    assert cache.get(digest) is None and cache.get_documents(digest) is None
    [fresh] = pipeline.read_file(crlv, "c.pdf", cache=cache)
    assert fresh.fields["placa"].value == first.fields["placa"].value


def test_a_text_only_packet_starts_no_process_pool() -> None:
    """Reading text layers costs less than starting workers: with two workers allowed, a
    packet of text PDFs is read in this process (no child process ran)."""
    files = packet.load([(p, p.name) for p in sorted(QUICKSTART.glob("*.pdf"))[:4]], max_bytes=50 * 1024 * 1024)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    docs = pipeline.read_packet(files, workers=2)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert len(docs) == 4 and all(d.type != "unknown" for d in docs)
    assert (after.ru_utime + after.ru_stime) == (before.ru_utime + before.ru_stime)


def test_which_pages_may_hold_a_code() -> None:
    from ocr import pdf

    # a text page with its QR (the CRLV) may hold a code; a contract's pages of text and rules do not
    for name, expected in (("crlv-onibus1.pdf", True), ("contrato-escola.pdf", False)):
        doc = pdf.open_pdf((QUICKSTART / name).read_bytes())
        try:
            assert pdf.may_hold_code(doc, 0) is expected, name
            assert pdf.page_text(doc, 0).holds_code is expected, name  # (asked with the text, the page loaded once)
        finally:
            pdf.close(doc)


def test_a_text_read_gives_what_a_read_gives_or_stops_where_pixels_are_needed() -> None:
    """ocr.read_text: a text-layer file read whole, exactly as ocr.read reads it; an image or a
    scanned PDF page stops it (None) before any pixel is read; a damaged file is still its finding."""
    import ocr

    digital = (QUICKSTART / "contrato-escola.pdf").read_bytes()
    assert ocr.read_text(digital) == ocr.read(digital)
    scanned = ROOT / "samples" / "documents" / "scanned"
    assert ocr.read_text(next(scanned.glob("*.tif")).read_bytes()) is None
    assert ocr.read_text(next(scanned.glob("*.pdf")).read_bytes()) is None
    broken = ocr.read_text(b"%PDF-1.7 not really")
    assert broken is not None and [p.code for p in broken.problems] == ["file.corrupt"]


def test_one_ocr_file_among_text_files_is_read_here_in_its_place(monkeypatch) -> None:
    """With two workers allowed, a packet of text PDFs and one image starts no pool for the one
    OCR file; every document comes back in the packet's order."""
    import concurrent.futures

    def no_pool(*args, **kwargs):
        raise AssertionError("a pool was started for one OCR file")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    image = next((ROOT / "samples" / "documents" / "scanned").glob("alvara-*.webp"))
    paths = sorted(QUICKSTART.glob("*.pdf"))[:2] + [image] + sorted(QUICKSTART.glob("*.pdf"))[2:3]
    files = packet.load([(p, p.name) for p in paths], max_bytes=50 * 1024 * 1024)
    docs = pipeline.read_packet(files, workers=2)
    assert [d.filename for d in docs] == [p.name for p in paths]
    assert docs[2].type == "alvara" and docs[2].text_source == "ocr"
    assert all(d.text_source == "pdf_text" for i, d in enumerate(docs) if i != 2)
