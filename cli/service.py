"""`fretadoc serve | worker | keys`: the service's commands.

    fretadoc serve [--host H] [--port P]       the API; with no broker it also reads packets
    fretadoc worker [--concurrency N]          a Celery worker (needs FRETADOC_BROKER_URL)
    fretadoc beat                              sends the retention purge on schedule (one per deployment)
    fretadoc keys create --tenant NAME [--kind carrier|portal|authority] [--rulebook ID ...]
    fretadoc keys list | revoke KEY_ID | secret --tenant NAME [--rotate]
    fretadoc keys limits --tenant NAME [--packets-in-flight N] [--pages-per-day N]
                         [--uploads-per-minute N] [--retention-days N] [--reset]
"""

from __future__ import annotations

import json

import typer
from pydantic import ValidationError

from cli.errors import ClickException, UsageError

keys_app = typer.Typer(help="Clientes e chaves de API.", no_args_is_help=True, add_completion=False)


def load_settings():
    from service.settings import SettingsError, get_settings

    try:
        return get_settings()
    except (ValidationError, SettingsError) as exc:
        msgs = [e.get("msg", "").removeprefix("Value error, ") for e in exc.errors()] \
            if isinstance(exc, ValidationError) else [str(exc)]
        raise UsageError("configuração inválida: " + " ".join(msgs)) from None


def _migrated():
    from service import db

    settings = load_settings()
    try:
        db.migrate(settings)
    except Exception as exc:
        raise ClickException(
            f"não foi possível preparar o banco de dados ({type(exc).__name__}); verifique DATABASE_URL.") from None
    return settings


def serve(
    host: str = typer.Option("127.0.0.1", "--host", envvar="FRETADOC_HOST", help="Endereço de escuta."),
    port: int = typer.Option(8000, "--port", envvar="FRETADOC_PORT", help="Porta."),
    log_level: str = typer.Option("info", "--log-level", help="Nível de log do uvicorn."),
) -> int:
    import uvicorn

    settings = _migrated()
    mode = f"distribuído (broker {settings.broker_url.split(':', 1)[0]})" if settings.distributed else "embutido"
    typer.echo(f"FretaDoc em http://{host}:{port} — modo {mode}; documentação em /docs", err=True)
    uvicorn.run("api.app:create_app", factory=True, host=host, port=port, log_level=log_level,
                proxy_headers=True, forwarded_allow_ips="*", timeout_graceful_shutdown=10)
    return 0


def worker(
    concurrency: int = typer.Option(None, "--concurrency", "-c", help="Processos de leitura (padrão: FRETADOC_WORKERS)."),
    loglevel: str = typer.Option("INFO", "--loglevel", help="Nível de log."),
    hostname: str = typer.Option(None, "--hostname", help="Nome do worker (padrão: celery@<máquina>)."),
) -> int:
    if not load_settings().broker_url:
        raise UsageError("defina FRETADOC_BROKER_URL (ex.: redis://localhost:6379/0) para rodar workers; "
                               "sem broker, `fretadoc serve` lê os pacotes sozinho.")
    _migrated()
    from service.tasks import app, worker_argv

    app.worker_main(worker_argv(concurrency, loglevel, hostname))
    return 0


def beat(loglevel: str = typer.Option("INFO", "--loglevel", help="Nível de log.")) -> int:
    if not load_settings().broker_url:
        raise UsageError("defina FRETADOC_BROKER_URL para rodar o agendador; sem broker, `fretadoc serve` "
                         "faz a retenção sozinho.")
    _migrated()
    from service.tasks import app, beat_argv

    app.start(beat_argv(loglevel))
    return 0


@keys_app.command("create", help="Cria uma chave (e o cliente, se ainda não existe). A chave é mostrada uma vez.")
def keys_create(
    tenant: str = typer.Option(..., "--tenant", help="Nome do cliente (transportadora, portal ou órgão)."),
    kind: str = typer.Option("carrier", "--kind", help="carrier | portal | authority"),
    rulebook: list[str] = typer.Option([], "--rulebook", help="Órgão: regulamento que ele julga (repetível)."),
    label: str = typer.Option(None, "--label", help="Descrição da chave (ex.: integração do portal)."),
    as_json: bool = typer.Option(False, "--json", help="Saída em JSON."),
) -> int:
    from service import db, tenants
    from validators import rulebooks

    for rb in rulebook:
        try:
            rulebooks.load(rb)
        except rulebooks.RulebookError as exc:
            raise UsageError(exc.message) from None
    settings = _migrated()
    try:
        with db.session_scope(settings) as s:
            t, created = tenants.get_or_create_tenant(s, tenant, kind, rulebook)
            row, clear = tenants.create_key(s, t, label)
            out = {"tenant_id": t.id, "tenant": t.name, "kind": t.kind, "tenant_created": created,
                   "key_id": row.id, "role": row.role, "key": clear,
                   "callback_secret": tenants.callback_secret(t, settings)}
    except tenants.TenantError as exc:
        raise UsageError(str(exc)) from None
    if as_json:
        print(json.dumps(out, ensure_ascii=False))
        return 0
    what = "criado" if created else "existente"
    typer.echo(f"Cliente {what}: {out['tenant']} ({out['kind']}, {out['tenant_id']})", err=True)
    typer.echo(f"Chave {out['key_id']} ({out['role']}). Guarde-a agora; ela não será mostrada de novo:", err=True)
    print(clear)
    if created:
        typer.echo(f"Segredo dos callbacks deste cliente: {out['callback_secret']}", err=True)
    return 0


@keys_app.command("list", help="Lista as chaves (nunca as chaves em si).")
def keys_list(tenant: str = typer.Option(None, "--tenant", help="Só deste cliente.")) -> int:
    from sqlalchemy import select

    from service import db
    from service.db.models import ApiKey, Tenant

    settings = _migrated()
    with db.session_scope(settings) as s:
        q = select(ApiKey, Tenant).join(Tenant, Tenant.id == ApiKey.tenant_id).order_by(Tenant.name, ApiKey.created_at)
        if tenant:
            q = q.where(Tenant.name == tenant)
        for key, t in s.execute(q):
            state = "revogada" if key.revoked_at else "ativa"
            print(f"{key.id}\t{t.name}\t{t.kind}\t{key.role}\t{state}\t{key.label or ''}")
    return 0


@keys_app.command("revoke", help="Revoga uma chave pelo id (o trecho depois de fd_).")
def keys_revoke(key_id: str = typer.Argument(..., help="Id da chave.")) -> int:
    from service import db, tenants

    settings = _migrated()
    with db.session_scope(settings) as s:
        done = tenants.revoke_key(s, key_id)
    if not done:
        raise ClickException(f"chave '{key_id}' não existe ou já foi revogada.")
    typer.echo(f"Chave {key_id} revogada.", err=True)
    return 0


@keys_app.command("secret", help="Mostra (ou troca, com --rotate) o segredo que assina os callbacks do cliente.")
def keys_secret(
    tenant: str = typer.Option(..., "--tenant", help="Nome do cliente."),
    rotate: bool = typer.Option(False, "--rotate", help="Gera um segredo novo (o antigo deixa de valer)."),
) -> int:
    from sqlalchemy import select

    from service import db, tenants
    from service.db.models import Tenant

    settings = _migrated()
    with db.session_scope(settings) as s:
        t = s.scalars(select(Tenant).where(Tenant.name == tenant)).one_or_none()
        if t is None:
            raise ClickException(f"cliente '{tenant}' não existe.")
        if rotate:
            t.secret_version += 1
        print(tenants.callback_secret(t, settings))
    return 0


def _limit(name: str, help_: str):
    return typer.Option(None, f"--{name.replace('_', '-')}", min=0, help=help_ + " (0: sem limite).")


@keys_app.command("limits", help="Mostra (ou muda) as cotas e a retenção de um cliente; sem opção, só mostra.")
def keys_limits(
    tenant: str = typer.Option(..., "--tenant", help="Nome do cliente."),
    packets_in_flight: int = _limit("packets_in_flight", "Pacotes em andamento ao mesmo tempo"),
    pages_per_day: int = _limit("pages_per_day", "Páginas enviadas em 24 horas"),
    uploads_per_minute: int = _limit("uploads_per_minute", "Pacotes enviados por minuto"),
    retention_days: int = typer.Option(None, "--retention-days", min=1,
                                       help="Dias que um pacote é guardado depois do parecer."),
    reset: bool = typer.Option(False, "--reset", help="Volta aos padrões da configuração (FRETADOC_QUOTA_*)."),
    as_json: bool = typer.Option(False, "--json", help="Saída em JSON."),
) -> int:
    from sqlalchemy import select

    from service import db, quotas
    from service.db.models import Tenant

    given = {"packets_in_flight": packets_in_flight, "pages_per_day": pages_per_day,
             "uploads_per_minute": uploads_per_minute, "retention_days": retention_days}
    settings = _migrated()
    with db.session_scope(settings) as s:
        t = s.scalars(select(Tenant).where(Tenant.name == tenant)).one_or_none()
        if t is None:
            raise ClickException(f"cliente '{tenant}' não existe.")
        own = {} if reset else dict(t.limits or {})
        own.update({k: v for k, v in given.items() if v is not None})
        t.limits = own or None
        effective = quotas.limits_of(t, settings)
    if as_json:
        print(json.dumps({"tenant": tenant, "limits": effective, "own": sorted(own)}, ensure_ascii=False))
        return 0
    for name, value in effective.items():
        where = "do cliente" if name in own else "padrão"
        print(f"{name}\t{value or 'sem limite'}\t{where}")
    return 0


def register(app: typer.Typer) -> None:
    app.command("serve", help="Inicia a API HTTP (sem broker, também lê os pacotes).")(serve)
    app.command("worker", help="Inicia um worker Celery (precisa de FRETADOC_BROKER_URL).")(worker)
    app.command("beat", help="Agenda a retenção (Celery beat; um por instalação; precisa de FRETADOC_BROKER_URL).")(beat)
    app.add_typer(keys_app, name="keys")
