// The packets the key can see, newest first, paginated: a carrier's own, or for an
// authority's clerk those submitted to it (read-only).

import { get } from '../api.js';
import { h } from '../dom.js';
import { fmtDate, fmtDateTime } from '../labels.js';
import { isReadOnly } from '../session.js';
import { errorBox, loading, rulebookTitle, statusBadge, verdictBadge } from './common.js';

const PAGE = 20;
const REFRESH_MS = 3000;

export function packetsView(container, page, ctx) {
  const readOnly = isReadOnly();
  const body = h('div', { class: 'list-body', 'aria-live': 'polite', 'aria-busy': 'true' }, loading());
  container.append(
    h('div', { class: 'view-head' },
      h('h1', {}, readOnly ? 'Pacotes enviados ao órgão' : 'Pacotes'),
      readOnly ? null : h('a', { class: 'button', href: '#/enviar' }, 'Enviar pacote')),
    h('p', { class: 'lead' }, readOnly
      ? 'Pacotes enviados aos regulamentos do seu órgão. Esta chave só consulta: não envia nem apaga.'
      : 'Pacotes enviados com a chave do seu cliente, do mais recente ao mais antigo.'),
    body);
  ctx.focus();

  let timer = null;
  let stopped = false;

  async function load() {
    const offset = (page - 1) * PAGE;
    let data;
    try {
      data = await get(`/v1/packets?limit=${PAGE}&offset=${offset}`);
    } catch (err) {
      if (stopped) return;
      body.replaceChildren(errorBox(err));
      body.setAttribute('aria-busy', 'false');
      return;
    }
    if (stopped) return;
    await render(data, offset);
    body.setAttribute('aria-busy', 'false');
    if (data.items.some((p) => p.status === 'queued' || p.status === 'processing')) {
      timer = setTimeout(load, REFRESH_MS);  // until every listed packet is finished
    }
  }

  async function render(data, offset) {
    if (!data.items.length) {
      body.replaceChildren(h('p', { class: 'empty' }, data.total
        ? 'Não há pacotes nesta página.'
        : (readOnly ? 'Nenhum pacote foi enviado ao seu órgão ainda.' : 'Nenhum pacote enviado ainda.')));
      return;
    }
    const titles = await Promise.all(data.items.map((p) => rulebookTitle(p.rulebook)));
    const rows = data.items.map((p, i) => h('tr', { dataset: { packet: p.id } },
      h('th', { scope: 'row' }, h('a', { href: `#/pacote/${encodeURIComponent(p.id)}` }, h('code', {}, p.id))),
      h('td', {}, titles[i]),
      h('td', {}, fmtDate(p.reference_date)),
      h('td', {}, fmtDateTime(p.created_at)),
      h('td', { class: 'num' }, String(p.files)),
      h('td', {}, statusBadge(p.status)),
      h('td', {}, verdictBadge(p.verdict))));
    const first = offset + 1;
    const last = offset + data.items.length;
    const pager = h('nav', { class: 'pager', 'aria-label': 'Páginas da lista' },
      page > 1 ? h('a', { class: 'button secondary', href: `#/?pagina=${page - 1}` }, '← Anteriores') : null,
      h('span', {}, `${first}–${last} de ${data.total}`),
      data.next ? h('a', { class: 'button secondary', href: `#/?pagina=${page + 1}` }, 'Seguintes →') : null);
    body.replaceChildren(
      h('table', { class: 'table packets' },
        h('caption', { class: 'visually-hidden' }, 'Pacotes, do mais recente ao mais antigo'),
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col' }, 'Pacote'), h('th', { scope: 'col' }, 'Regulamento'),
          h('th', { scope: 'col' }, 'Data de referência'), h('th', { scope: 'col' }, 'Enviado em'),
          h('th', { scope: 'col', class: 'num' }, 'Arquivos'), h('th', { scope: 'col' }, 'Situação'),
          h('th', { scope: 'col' }, 'Parecer'))),
        h('tbody', {}, rows)),
      pager);
  }

  load();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
