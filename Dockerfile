# FretaDoc: the API (`fretadoc serve`) and the workers (`fretadoc worker`) share this image.
#   docker build -t fretadoc .        (docker compose builds it for you)
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    # One OpenMP thread per Tesseract run: parallelism comes from worker processes.
    OMP_THREAD_LIMIT=1 \
    FRETADOC_DATA_DIR=/data

# Tesseract with Portuguese (and orientation detection); fonts for rendered pages.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-por tesseract-ocr-osd fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/* \
 && tesseract --list-langs | grep -qx por

WORKDIR /app

# Dependencies first, from pyproject.toml alone, so code changes reuse this layer.
COPY pyproject.toml ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml','rb'))['project']['dependencies']))" \
      > /tmp/requirements.txt \
 && pip install -r /tmp/requirements.txt \
 && rm /tmp/requirements.txt

COPY . .
RUN pip install --no-deps . \
 && useradd --system --uid 10001 --home-dir /data fretadoc \
 && mkdir -p /data && chown fretadoc /data

USER fretadoc
VOLUME ["/data"]
EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)" || exit 1

CMD ["fretadoc", "serve", "--host", "0.0.0.0", "--port", "8000"]
