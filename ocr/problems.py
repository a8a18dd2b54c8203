"""Every problem reading can meet: a stable dotted code, a severity and a Portuguese message.

Codes are part of the contract (they reach the result's findings): add, never rename.
"""

from __future__ import annotations

from ocr.model import Problem

# code -> (severity, message). Messages may carry {placeholders} filled by `problem()`.
CATALOG: dict[str, tuple[str, str]] = {
    "file.empty": ("error", "O arquivo está vazio e não pode ser lido."),
    "file.too_large": ("error", "O arquivo tem {size_mb:.1f} MB; o limite é {limit_mb:.0f} MB. "
                                "Ele não foi lido."),
    "file.unsupported": ("error", "O tipo do arquivo não é aceito. Envie PDF, PNG, JPEG, TIFF "
                                  "ou WebP."),
    "file.corrupt": ("error", "O arquivo está danificado ou incompleto e não pode ser lido."),
    "file.encrypted": ("error", "O arquivo PDF está protegido por senha e não pode ser lido."),
    "file.too_many_pages": ("error", "O arquivo tem {pages} páginas; o limite é {limit} páginas "
                                     "por arquivo. Ele não foi lido."),
    "file.too_many_pixels": ("error", "A imagem é grande demais{size}: o limite é {limit_mp:.0f} "
                                      "megapixels. Ela não foi lida."),
    "page.too_large": ("warning", "A página é grande demais para a resolução de leitura; foi lida "
                                  "a {dpi} dpi."),
    "page.not_found": ("error", "A página {number} não existe; o arquivo tem {pages} página(s)."),
    "page.render_failed": ("error", "Não foi possível gerar a imagem da página para leitura."),
    "page.no_text": ("warning", "Nenhum texto foi encontrado na página."),
    "page.poor_scan": ("warning", "A digitalização da página tem baixa qualidade (confiança média "
                                  "de leitura {conf:.0%}); confira os dados lidos."),
    "ocr.timeout": ("error", "A leitura (OCR) da página excedeu o tempo limite de {seconds:.0f} s."),
    "ocr.failed": ("error", "O leitor de texto (OCR) falhou ao ler a página."),
    "file.read_error": ("error", "Erro interno ao ler o arquivo; ele não foi avaliado."),
}


def problem(code: str, page: int | None = None, **values) -> Problem:
    """The catalogued Problem for `code`, its message filled with `values`."""
    severity, message = CATALOG[code]
    return Problem(code=code, message=message.format(**values), severity=severity, page=page)


class ReadError(ValueError):
    """Bad input for a function that must raise (render_page); carries the same Problem."""

    def __init__(self, problem: Problem):
        super().__init__(f"{problem.code}: {problem.message}")
        self.problem = problem
        self.code = problem.code
        self.message = problem.message
