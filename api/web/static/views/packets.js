// The packets the key can see, newest first, paginated: a carrier's own, or for an
// authority's clerk those submitted to it (read-only).

import { get } from '../api.js';
import { h, replace } from '../dom.js';
import { fmtDateTime, plural, VERDICT } from '../labels.js';
import { isReadOnly } from '../session.js';
import { errorBox, loading, rulebookTitle, statusBadge, verdictBadge } from './common.js';

const PAGE = 20;
const REFRESH_MS = 3000;

export function packetsView(container, page, ctx) {
  const readOnly = isReadOnly();
  const body = h('div', { class: 'list-body', 'aria-live': 'polite', 'aria-busy': 'true' }, loading());
  // filters: the verdict asked of the API, the carrier among the packets listed
  const verdictFilter = h('select', { id: 'filtro-parecer', name: 'parecer' },
    h('option', { value: '' }, 'Todos'), Object.entries(VERDICT).map(([v, label]) => h('option', { value: v }, label)));
  const carrierFilter = h('select', { id: 'filtro-transportador', name: 'transportador' }, h('option', { value: '' }, 'Todos'));
  const filters = h('div', { class: 'toolbar list-filters' },
    h('label', { for: 'filtro-parecer' }, 'Parecer '), verdictFilter,
    h('label', { for: 'filtro-transportador' }, 'Transportador '), carrierFilter);
  verdictFilter.addEventListener('change', () => { clearTimeout(timer); load(); });
  carrierFilter.addEventListener('change', () => {
    for (const tr of body.querySelectorAll('tr[data-packet]')) {
      tr.hidden = Boolean(carrierFilter.value) && tr.dataset.carrier !== carrierFilter.value;
    }
  });
  container.append(
    h('div', { class: 'view-head' },
      h('h1', {}, readOnly ? 'Pacotes enviados ao órgão' : 'Pacotes'),
      readOnly ? null : h('a', { class: 'button', href: '#/enviar' }, 'Enviar pacote')),
    h('p', { class: 'lead' }, readOnly
      ? 'Pacotes enviados aos regulamentos do seu órgão, do mais recente ao mais antigo. Esta chave confere, corrige e decide itens; não envia nem apaga pacotes.'
      : 'Pacotes enviados com a chave do seu cliente, do mais recente ao mais antigo.'),
    filters, body);
  ctx.focus();

  let timer = null;
  let stopped = false;

  async function load() {
    const offset = (page - 1) * PAGE;
    let data;
    try {
      const verdict = verdictFilter.value ? `&verdict=${encodeURIComponent(verdictFilter.value)}` : '';
      data = await get(`/v1/packets?limit=${PAGE}&offset=${offset}${verdict}`);
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
    const titles = await Promise.all(data.items.map((p) => p.act || rulebookTitle(p.rulebook)));
    const carrierOf = (p) => p.carrier_cnpj || p.carrier || '';
    const known = new Map(data.items.filter(carrierOf).map((p) => [carrierOf(p), p.carrier || p.carrier_cnpj]));
    const chosen = carrierFilter.value;
    replace(carrierFilter, h('option', { value: '' }, 'Todos'),
      [...known].map(([v, label]) => h('option', { value: v, selected: v === chosen }, label)));
    const rows = data.items.map((p, i) => h('tr', { dataset: { packet: p.id, carrier: carrierOf(p) },
      hidden: Boolean(chosen) && carrierOf(p) !== chosen },
      h('th', { scope: 'row' }, h('a', { href: `#/pacote/${encodeURIComponent(p.id)}` },
        p.carrier || (p.status === 'done' ? 'Transportador não identificado' : 'Em leitura…')),
        p.carrier_cnpj ? h('div', { class: 'muted' }, `CNPJ ${p.carrier_cnpj}`) : null),
      h('td', {}, p.plates?.length ? p.plates.join(', ') : '—'),
      h('td', {}, p.contract || '—'),
      h('td', {}, titles[i]),
      h('td', {}, fmtDateTime(p.created_at)),
      h('td', {}, p.status === 'done' ? verdictBadge(p.verdict) : statusBadge(p.status)),
      h('td', { class: 'num' }, typeof p.to_review === 'number'
        ? (p.to_review ? plural(p.to_review, 'item', 'itens') : 'nenhum') : '—')));
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
          h('th', { scope: 'col' }, 'Transportador'), h('th', { scope: 'col' }, 'Placas'),
          h('th', { scope: 'col' }, 'Contrato'), h('th', { scope: 'col' }, 'Regulamento'),
          h('th', { scope: 'col' }, 'Enviado em'), h('th', { scope: 'col' }, 'Parecer'),
          h('th', { scope: 'col', class: 'num' }, 'A revisar'))),
        h('tbody', {}, rows)),
      pager);
  }

  load();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
