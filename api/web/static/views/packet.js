// One packet: progress while it is read, then the verdict, the checklist in the act's order,
// the documents, the page images with the evidence boxed, the manual checks.

import { ApiError, get, request } from '../api.js';
import { alertBox, h, uid } from '../dom.js';
import {
  FILE_STATUS, fieldKind, fieldLabel, fmtDate, fmtDateTime, fmtPercent, fmtValue, ITEM_STATUS, itemsHelp,
  plural, SEVERITY, signatureLine, STATUS_ORDER, TEXT_SOURCE, typeShort, VERDICT, VERDICT_TEXT,
} from '../labels.js';
import { isReadOnly, markReadOnly } from '../session.js';
import { errorBox, itemBadge, loading, rulebookTitle, statusBadge, verdictBadge } from './common.js';
import { DocumentViewer } from './viewer.js';

const POLL_MIN_MS = 1000;
const POLL_MAX_MS = 2000;

// Manual checks ticked by a clerk: this browser only (localStorage), per packet.
const checksKey = (packetId) => `fretadoc.conferencias.${packetId}`;

function loadChecks(packetId) {
  try {
    return JSON.parse(localStorage.getItem(checksKey(packetId))) || {};
  } catch {
    return {};
  }
}

function saveChecks(packetId, checks) {
  try {
    localStorage.setItem(checksKey(packetId), JSON.stringify(checks));
  } catch {
    // storage full or disabled: the ticks last until the page is left
  }
}

export function packetView(container, packetId, ctx) {
  const head = h('div', { class: 'view-head' }, h('h1', {}, 'Pacote ', h('code', {}, packetId)));
  const meta = h('div', { class: 'meta' });
  const live = h('div', { class: 'live', 'aria-live': 'polite' }, loading());
  const body = h('div', { class: 'packet-body' });
  container.append(h('p', { class: 'crumbs' }, h('a', { href: '#/' }, '← Todos os pacotes')), head, meta, live, body);
  ctx.focus();

  let stopped = false;
  let timer = null;
  let delay = POLL_MIN_MS;
  let viewer = null;
  let shownFinal = false;
  let lastSignature = null;
  let lastStatus = null;
  let docsIndex = new Map();  // document id -> Document of the result

  async function poll() {
    let st;
    try {
      st = await get(`/v1/packets/${encodeURIComponent(packetId)}`);
    } catch (err) {
      if (stopped) return;
      if (err instanceof ApiError && err.status === 404) {
        live.replaceChildren(errorBox(err));
        body.replaceChildren(h('p', {}, h('a', { href: '#/' }, 'Voltar à lista de pacotes')));
        return;
      }
      live.replaceChildren(errorBox(err), h('p', { class: 'hint' }, 'Tentando de novo…'));
      lastSignature = null;  // the next answer replaces the error
      timer = setTimeout(poll, POLL_MAX_MS);
      return;
    }
    if (stopped) return;
    // Re-render only what changed: focus stays put and screen readers hear only news.
    const signature = JSON.stringify([st.status, st.progress, st.files.map((f) => [f.status, f.documents.length])]);
    if (signature === lastSignature) {
      timer = setTimeout(poll, delay);
      delay = Math.min(POLL_MAX_MS, delay * 1.2);
      return;
    }
    if (st.status !== lastStatus) await renderMeta(st);
    lastSignature = signature;
    lastStatus = st.status;
    if (stopped) return;
    if (st.status === 'done' || st.status === 'failed') {
      if (!shownFinal) {
        shownFinal = true;
        live.replaceChildren(h('p', { class: 'visually-hidden' }, `Pacote ${st.status === 'done' ? 'avaliado' : 'com falha'}.`));
        renderFinal(st);
      }
      return;
    }
    renderProgress(st);
    timer = setTimeout(poll, delay);
    delay = Math.min(POLL_MAX_MS, delay * 1.2);
  }

  async function renderMeta(st) {
    const title = st.result?.rulebook?.title || await rulebookTitle(st.rulebook);
    const said = st.summary || {};
    if (said.carrier) head.querySelector('h1').replaceChildren(said.carrier);
    const items = [
      said.carrier_cnpj ? ['CNPJ do transportador', said.carrier_cnpj] : null,
      said.plates?.length ? [said.plates.length === 1 ? 'Placa' : 'Placas', said.plates.join(', ')] : null,
      said.contract ? ['Contrato', said.contract] : null,
      ['Regulamento', title],
      st.result?.rulebook?.norm ? ['Norma', st.result.rulebook.norm] : null,
      ['Data de referência', fmtDate(st.reference_date)],
      ['Enviado em', fmtDateTime(st.created_at)],
      st.finished_at ? ['Concluído em', fmtDateTime(st.finished_at)] : null,
      ['Situação', statusBadge(st.status)],
    ].filter(Boolean);
    meta.replaceChildren(h('dl', { class: 'meta-list' }, items.map(([k, v]) => h('div', {}, h('dt', {}, k), h('dd', {}, v)))),
      actions(st));
  }

  function actions(st) {
    const box = h('div', { class: 'actions' });
    if (st.result) {
      box.append(h('button', { type: 'button', class: 'secondary', onclick: () => download(st.result) }, 'Baixar resultado (JSON)'));
      const parecerButton = h('button', { type: 'button', class: 'secondary', onclick: (e) => downloadParecer(e.currentTarget) }, 'Baixar parecer (PDF)');
      box.append(parecerButton);
      if (isReadOnly()) {
        box.append(h('button', { type: 'button', class: 'secondary small', onclick: () => askSignatory(parecerButton, true) },
          'Trocar signatário'));
      }
    }
    if (!isReadOnly()) {
      box.append(h('button', { type: 'button', class: 'danger', onclick: (e) => confirmDelete(e.currentTarget) }, 'Apagar pacote'));
    }
    return box;
  }

  function download(result) {
    const blob = new Blob([JSON.stringify(result, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = h('a', { href: url, download: `${packetId}.json`, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  // Who signs an authority's parecer: asked once, kept in this browser (the clerk's own name,
  // cargo and matrícula; never the key), changeable from the form.
  const SIGNATORY = 'fretadoc.signatario';

  function signatory() {
    try {
      const s = JSON.parse(localStorage.getItem(SIGNATORY) || 'null');
      return s && s.signatario && s.cargo && s.matricula ? s : null;
    } catch {
      return null;
    }
  }

  function askSignatory(button, again = false) {
    const known = signatory() || {};
    const box = button.closest('.actions');
    box.querySelector('form.signatory')?.remove();
    const input = (name, label, value) => h('div', { class: 'field' },
      h('label', { for: `sig-${name}` }, label),
      h('input', { type: 'text', id: `sig-${name}`, name, value: value || '', required: name !== 'local', maxlength: '120' }));
    const form = h('form', { class: 'signatory card' },
      h('h3', {}, again ? 'Trocar quem assina o parecer' : 'Quem assina o parecer'),
      h('p', { class: 'hint' }, 'Pedido uma vez e guardado neste navegador para os próximos pareceres.'),
      input('signatario', 'Nome', known.signatario), input('cargo', 'Cargo', known.cargo),
      input('matricula', 'Matrícula', known.matricula), input('local', 'Local (ex.: Porto Alegre)', known.local),
      h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Baixar parecer assinado'),
        h('button', { type: 'button', class: 'secondary', onclick: () => form.remove() }, 'Cancelar')));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const data = Object.fromEntries(['signatario', 'cargo', 'matricula', 'local'].map((k) => [k, form.elements[k].value.trim()]));
      localStorage.setItem(SIGNATORY, JSON.stringify(data));
      form.remove();
      downloadParecer(button);
    });
    box.append(form);
    form.elements.signatario.focus();
  }

  async function downloadParecer(button) {
    let query = '';
    if (isReadOnly()) {
      const s = signatory();
      if (!s) {
        askSignatory(button);
        return;
      }
      query = `?${new URLSearchParams(Object.entries(s).filter(([, v]) => v))}`;
    }
    button.disabled = true;
    let blob;
    try {
      blob = await request(`/v1/packets/${encodeURIComponent(packetId)}/parecer.pdf${query}`, { as: 'blob' });
    } catch (err) {
      live.replaceChildren(errorBox(err));
      return;
    } finally {
      button.disabled = false;
    }
    const url = URL.createObjectURL(blob);
    const a = h('a', { href: url, download: `parecer-${packetId}.pdf`, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  function confirmDelete(opener) {
    const message = h('div', {});
    const yes = h('button', { type: 'button', class: 'danger' }, 'Apagar definitivamente');
    const no = h('button', { type: 'button', class: 'secondary' }, 'Cancelar');
    const dialog = h('dialog', { class: 'confirm', 'aria-labelledby': 'confirm-title', 'aria-describedby': 'confirm-text' },
      h('h2', { id: 'confirm-title' }, 'Apagar este pacote?'),
      h('p', { id: 'confirm-text' }, 'O pacote ', h('code', {}, packetId),
        ', seus arquivos, leituras e resultado serão apagados do serviço. Isso não pode ser desfeito.'),
      message,
      h('div', { class: 'actions' }, yes, no));
    document.body.append(dialog);
    const close = () => { dialog.close(); };
    dialog.addEventListener('close', () => { dialog.remove(); opener?.focus(); });
    no.addEventListener('click', close);
    yes.addEventListener('click', async () => {
      yes.disabled = no.disabled = true;
      try {
        await request(`/v1/packets/${encodeURIComponent(packetId)}`, { method: 'DELETE' });
      } catch (err) {
        yes.disabled = no.disabled = false;
        if (err instanceof ApiError && err.status === 403) markReadOnly();
        message.replaceChildren(errorBox(err));
        return;
      }
      localStorage.removeItem(checksKey(packetId));
      dialog.close();
      ctx.setFlash('success', 'Pacote apagado.', `O pacote ${packetId} e seus arquivos foram apagados.`);
      location.hash = '#/';
    });
    dialog.showModal();
    no.focus();
  }

  function renderProgress(st) {
    const p = st.progress;
    live.replaceChildren(h('div', { class: 'progress-box' },
      h('p', {}, st.status === 'queued' ? 'Na fila: aguardando a leitura.' : 'Lendo os documentos…',
        ` ${p.files_read} de ${p.files_total} ${p.files_total === 1 ? 'arquivo lido' : 'arquivos lidos'}.`),
      h('progress', { max: '100', value: String(p.percent), 'aria-label': 'Progresso da leitura' }, `${p.percent}%`)));
    body.replaceChildren(filesTable(st.files));
  }

  function renderFinal(st) {
    if (st.status === 'failed') {
      body.replaceChildren(alertBox('error', 'O pacote não pôde ser avaliado.',
        st.error?.message || 'Erro ao avaliar o pacote.'), filesTable(st.files));
      return;
    }
    const result = st.result;
    if (!viewer) viewer = new DocumentViewer(packetId, { onCorrected: refresh });
    viewer.setCorrections(result.corrections);
    docsIndex = new Map(result.documents.map((d) => [d.id, d]));
    body.replaceChildren(
      verdictPanel(result),
      checklistSection(result),
      documentsSection(result),
      h('details', { class: 'files-details' }, h('summary', {}, `Arquivos enviados (${st.files.length})`), filesTable(st.files)));
  }

  // After a correction: the packet as judged again, shown in place (the viewer stays open).
  async function refresh() {
    let st;
    try {
      st = await request(`/v1/packets/${encodeURIComponent(packetId)}`);
    } catch (err) {
      live.replaceChildren(errorBox(err));
      return null;
    }
    if (stopped || st.status !== 'done') return st.result || null;
    const open = new Set([...body.querySelectorAll('ol.checklist > li > details[open]')].map((d) => d.parentElement.dataset.item));
    renderFinal(st);
    for (const li of body.querySelectorAll('ol.checklist > li')) {
      const details = li.querySelector(':scope > details');
      if (details && open.has(li.dataset.item)) details.open = true;
    }
    meta.querySelector('.actions')?.replaceWith(actions(st));
    live.replaceChildren(h('p', { class: 'visually-hidden' }, `Pacote reavaliado: ${VERDICT[st.result.verdict] || st.result.verdict}.`));
    return st.result;
  }

  // `row`: a finding about one entry of a list field (passenger 6) opens on that row's box
  function openDoc(docId, field, opener, row = null) {
    const doc = docsIndex.get(docId);
    if (viewer && doc) viewer.open(doc, field, opener, row);
  }

  function docButton(docId, label) {
    const doc = docsIndex.get(docId);
    return h('button', { type: 'button', class: 'chip', dataset: { doc: docId },
      onclick: (e) => openDoc(docId, null, e.currentTarget) },
    label || (doc ? `${docId} · ${typeShort(doc.type)}` : docId));
  }

  function verdictPanel(result) {
    const counts = Object.fromEntries(STATUS_ORDER.map((s) => [s, 0]));
    for (const item of result.checklist) counts[item.status] = (counts[item.status] || 0) + 1;
    return h('section', { class: `verdict v-${result.verdict}`, 'aria-labelledby': 'parecer' },
      h('h2', { id: 'parecer', class: 'verdict-title' }, 'Parecer: ', verdictBadge(result.verdict)),
      h('p', {}, VERDICT_TEXT[result.verdict] || ''),
      h('ul', { class: 'counts' }, STATUS_ORDER.filter((s) => counts[s]).map((s) =>
        h('li', {}, itemBadge(s), ` ${itemsHelp(s, counts[s])}`))));
  }

  function checklistSection(result) {
    const checks = loadChecks(packetId);
    const list = h('ol', { class: 'checklist' });
    for (const item of result.checklist) list.append(itemEntry(item, checks));

    const counts = {};
    for (const item of result.checklist) counts[item.status] = (counts[item.status] || 0) + 1;
    const name = uid('filtro');
    const options = [['all', `Todos (${result.checklist.length})`],
      ...STATUS_ORDER.map((s) => [s, `${ITEM_STATUS[s]} (${counts[s] || 0})`])];
    const filter = h('fieldset', { class: 'filter' }, h('legend', {}, 'Mostrar'),
      options.map(([value, label]) => {
        const id = `${name}-${value}`;
        return h('span', { class: 'radio' },
          h('input', { type: 'radio', id, name, value, checked: value === 'all', disabled: value !== 'all' && !counts[value] }),
          h('label', { for: id }, label));
      }));
    filter.addEventListener('change', (e) => {
      const value = e.target.value;
      for (const li of list.children) li.hidden = value !== 'all' && li.dataset.status !== value;
    });
    const expand = (open) => { for (const d of list.querySelectorAll(':scope > li > details')) d.open = open; };
    return h('section', { class: 'checklist-section', 'aria-labelledby': 'checklist-title' },
      h('h2', { id: 'checklist-title' }, 'Checklist'),
      h('p', { class: 'hint' }, 'Na ordem do regulamento. As conferências manuais marcadas aqui ficam só neste navegador, ',
        'para seu controle: elas não mudam a situação dos itens nem o parecer.'),
      h('div', { class: 'toolbar' }, filter,
        h('div', { class: 'actions' },
          h('button', { type: 'button', class: 'secondary small', onclick: () => expand(true) }, 'Abrir todos'),
          h('button', { type: 'button', class: 'secondary small', onclick: () => expand(false) }, 'Fechar todos'))),
      list);
  }

  function itemEntry(item, checks) {
    const ticked = new Set(checks[item.id] || []);
    const checkCount = h('span', {});
    const updateCount = () => {
      checkCount.textContent = item.manual_checks.length
        ? ` · conferências ${ticked.size}/${item.manual_checks.length}` : '';
    };
    updateCount();
    const summary = h('summary', {},
      h('span', { class: 'item-status' }, itemBadge(item.status)),
      h('span', { class: 'item-text' },
        h('span', { class: 'article' }, item.article), ' ',
        h('span', { class: 'requirement' }, item.requirement),
        h('span', { class: 'item-meta' },
          item.findings.length ? plural(item.findings.length, 'constatação', 'constatações') : 'sem constatações', checkCount)));

    const parts = [];
    if (item.findings.length) {
      parts.push(h('h3', {}, 'Constatações'), h('ul', { class: 'findings' }, item.findings.map((f) => findingEntry(f))));
    }
    if (item.documents.length) {
      parts.push(h('p', { class: 'evidence' }, h('span', { class: 'label' }, 'Documentos usados: '),
        item.documents.map((d) => docButton(d))));
    }
    if (item.manual_checks.length) {
      parts.push(h('fieldset', { class: 'manual' },
        h('legend', {}, 'Conferências manuais (não mudam a situação)'),
        item.manual_checks.map((text, i) => {
          const id = uid(`conf-${item.id}`);
          const box = h('input', { type: 'checkbox', id, checked: ticked.has(i) });
          box.addEventListener('change', () => {
            if (box.checked) ticked.add(i); else ticked.delete(i);
            const all = loadChecks(packetId);
            all[item.id] = [...ticked].sort((a, b) => a - b);
            if (!all[item.id].length) delete all[item.id];
            saveChecks(packetId, all);
            updateCount();
          });
          return h('div', { class: 'check' }, box, h('label', { for: id }, text));
        })));
    }
    if (item.status === 'review' && isReadOnly()) parts.push(decisionForm(item));
    if (!parts.length) parts.push(h('p', { class: 'hint' }, 'Nada mais a mostrar neste item.'));
    const open = ['fail', 'review', 'missing'].includes(item.status);
    return h('li', { class: `item s-${item.status}`, dataset: { item: item.id, status: item.status } },
      h('details', { open }, summary, h('div', { class: 'item-body' }, parts)));
  }

  // The authority's decision on an item in review, with the note that says why (required):
  // recorded in the result and the parecer; a carrier's key never sees it (the API refuses it).
  function decisionForm(item) {
    const name = uid(`decisao-${item.id}`);
    const noteId = uid('observacao');
    const message = h('div', { 'aria-live': 'polite' });
    const note = h('textarea', { id: noteId, name: 'observacao', required: true, maxlength: '1000', rows: '2',
      placeholder: 'ex.: conferido no original' });
    const choice = (value, label, checked) => {
      const id = `${name}-${value}`;
      return h('span', { class: 'radio' }, h('input', { type: 'radio', id, name, value, checked, required: true }),
        h('label', { for: id }, label));
    };
    const button = h('button', { type: 'submit', class: 'small' }, 'Registrar decisão');
    const form = h('form', { class: 'decision', dataset: { decision: item.id } },
      h('fieldset', {}, h('legend', {}, 'Decisão do órgão sobre este item'),
        h('div', { class: 'choices' }, choice('ok', 'Conforme', true), ' ', choice('fail', 'Não conforme', false)),
        h('div', { class: 'field' }, h('label', { for: noteId }, 'Observação (obrigatória)'), note), button, message));
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const status = form.querySelector('input[type=radio]:checked')?.value;
      button.disabled = true;
      try {
        await request(`/v1/packets/${encodeURIComponent(packetId)}/decisions`,
          { method: 'POST', json: { item: item.id, status, note: note.value } });
      } catch (err) {
        button.disabled = false;
        message.replaceChildren(errorBox(err));
        return;
      }
      await refresh();
    });
    return form;
  }

  function findingEntry(f) {
    const doc = f.document ? docsIndex.get(f.document) : null;
    const type = doc?.type;
    // the words the server wrote for people (domain/wording.py), the codes only where it wrote none;
    // an information line says what it says: no value beside an "expected" that looks like a mismatch
    const shown = f.shown || {};
    const info = f.severity === 'info';
    const facts = [
      f.document ? ['Documento', doc ? `${f.document} · ${typeShort(doc.type)} (${doc.filename})` : f.document] : null,
      f.field && !info ? ['Campo', shown.field || fieldLabel(type, f.field)] : null,
      f.value !== null && f.value !== undefined && !info ? ['Valor', shown.value || fmtValue(f.value, fieldKind(type, f.field))] : null,
      // (an unsure read of the very value expected says so in its message: no "ALUGUEL / ALUGUEL")
      f.expected !== null && f.expected !== undefined && !info && JSON.stringify(f.expected) !== JSON.stringify(f.value)
        ? ['Esperado', shown.expected || fmtValue(f.expected, fieldKind(type, f.field))] : null,
    ].filter(Boolean);
    return h('li', { class: `finding sev-${f.severity}`, dataset: { code: f.code } },
      h('p', { class: 'finding-message' }, h('span', { class: 'severity' }, `${SEVERITY[f.severity] || f.severity}: `),
        h('span', { class: 'msg' }, f.message)),
      facts.length ? h('dl', { class: 'finding-facts' }, facts.map(([k, v]) => h('div', {}, h('dt', {}, k), h('dd', {}, v)))) : null,
      doc ? h('button', { type: 'button', class: 'secondary small', onclick: (e) => openDoc(f.document, f.field, e.currentTarget, f.row ?? null) },
        f.field ? 'Ver o campo na página' : 'Ver o documento') : null);
  }

  function documentsSection(result) {
    const rows = result.documents.map((d) => h('tr', { dataset: { doc: d.id, type: d.type } },
      h('th', { scope: 'row' }, docButton(d.id, d.id)),
      h('td', {}, typeShort(d.type)),
      h('td', { class: 'file-name' }, d.filename),
      h('td', { class: 'num' }, fmtPercent(d.type_confidence)),
      h('td', { class: 'num' }, String(d.pages)),
      h('td', { class: 'nowrap' }, TEXT_SOURCE[d.text_source] || d.text_source),
      h('td', {}, signatureLine(d) ? h('span', { class: `signature sig-${d.signature.status}` }, signatureLine(d)) : h('span', { class: 'muted' }, '—')),
      h('td', {}, d.problems.length
        ? h('ul', { class: 'problems' }, d.problems.map((p) => h('li', { class: `sev-${p.severity}` }, p.message)))
        : h('span', { class: 'muted' }, 'nenhum'))));
    return h('section', { class: 'documents-section', 'aria-labelledby': 'docs-title' },
      h('h2', { id: 'docs-title' }, `Documentos (${result.documents.length})`),
      h('p', { class: 'hint' }, 'Escolha um documento para ver suas páginas e os campos lidos.'),
      h('div', { class: 'table-wrap' }, h('table', { class: 'table documents' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Doc.'), h('th', { scope: 'col' }, 'Tipo'),
          h('th', { scope: 'col' }, 'Arquivo'), h('th', { scope: 'col', class: 'num' }, 'Confiança do tipo'),
          h('th', { scope: 'col', class: 'num' }, 'Páginas'), h('th', { scope: 'col' }, 'Leitura'),
          h('th', { scope: 'col' }, 'Assinatura digital'), h('th', { scope: 'col' }, 'Problemas'))),
        h('tbody', {}, rows))));
  }

  function filesTable(files) {
    return h('div', { class: 'table-wrap' }, h('table', { class: 'table files' },
      h('caption', { class: 'visually-hidden' }, 'Arquivos do pacote'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'num' }, '#'), h('th', { scope: 'col' }, 'Arquivo'),
        h('th', { scope: 'col', class: 'num' }, 'Páginas'), h('th', { scope: 'col' }, 'Leitura'),
        h('th', { scope: 'col' }, 'Documentos encontrados'))),
      h('tbody', {}, files.map((f) => h('tr', { dataset: { file: String(f.position), status: f.status } },
        h('td', { class: 'num' }, String(f.position)),
        h('td', { class: 'file-name' }, f.filename),
        h('td', { class: 'num' }, String(f.pages)),
        h('td', {}, h('span', { class: `badge f-${f.status}` }, FILE_STATUS[f.status] || f.status)),
        h('td', {}, f.documents.length ? f.documents.map((d) => typeShort(d.type)).join(', ') : '—'))))));
  }

  poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
    if (viewer) viewer.destroy();
  };
}
