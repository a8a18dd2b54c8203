// Pieces shared by the views: badges, rulebook titles, loading and error states.

import { get } from '../api.js';
import { alertBox, h } from '../dom.js';
import { ITEM_STATUS, PACKET_STATUS, VERDICT } from '../labels.js';

export function verdictBadge(verdict) {
  if (!verdict) return h('span', { class: 'muted' }, '—');
  return h('span', { class: `badge v-${verdict}`, dataset: { verdict } }, VERDICT[verdict] || verdict);
}

export function statusBadge(status) {
  return h('span', { class: `badge p-${status}`, dataset: { status } }, PACKET_STATUS[status] || status);
}

export function itemBadge(status) {
  return h('span', { class: `badge s-${status}` }, ITEM_STATUS[status] || status);
}

let rulebooks = null;

// GET /v1/rulebooks once per page load: titles for the lists, choices for the upload form.
export async function loadRulebooks() {
  if (!rulebooks) {
    rulebooks = get('/v1/rulebooks').catch((err) => {
      rulebooks = null;
      throw err;
    });
  }
  return rulebooks;
}

export async function rulebookTitle(id) {
  try {
    const list = await loadRulebooks();
    return list.find((r) => r.id === id)?.title || id;
  } catch {
    return id;
  }
}

export function loading(text = 'Carregando…') {
  return h('p', { class: 'loading', role: 'status' }, text);
}

export function errorBox(err) {
  return alertBox('error', err.title || 'Erro', err.detail || String(err.message || err));
}
