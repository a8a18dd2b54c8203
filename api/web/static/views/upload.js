// Sending a packet: files (chooser or drag and drop, folders too), rulebook, reference date,
// the facts the rulebook declares, an optional callback URL.

import { ApiError, get, randomId, upload } from '../api.js';
import { alertBox, h, uid } from '../dom.js';
import { fmtSize, referenceRange, todayInBrazil } from '../labels.js';
import { isReadOnly, markReadOnly } from '../session.js';
import { errorBox, loadRulebooks } from './common.js';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.tif,.tiff,.webp,application/pdf,image/png,image/jpeg,image/tiff,image/webp';
const KNOWN = /\.(pdf|png|jpe?g|tiff?|webp)$/i;

function readOnlyNotice() {
  return alertBox('info', 'Esta chave só consulta pacotes.',
    'Chaves de órgão (servidores) não enviam pacotes. Veja os pacotes enviados ao órgão na lista.');
}

// Every file inside a dropped folder (as the CLI takes a folder: the known types only).
async function filesOf(entry, out) {
  if (entry.isFile) {
    const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
    if (KNOWN.test(file.name)) out.push({ file, name: entry.fullPath.replace(/^\/+/, '') });
    return;
  }
  const reader = entry.createReader();
  for (;;) {
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) break;
    for (const child of batch) await filesOf(child, out);
  }
}

export function uploadView(container, ctx) {
  container.append(h('h1', {}, 'Enviar pacote'));
  ctx.focus();
  if (isReadOnly()) {
    container.append(readOnlyNotice());
    return null;
  }

  let chosen = [];  // {file, name}, in the order they will be sent
  let pendingKey = null;  // Idempotency-Key of the submission being retried, if any
  let sending = false;

  const fileInput = h('input', { id: 'arquivos', name: 'arquivos', type: 'file', multiple: true, accept: ACCEPT,
    'aria-describedby': 'arquivos-ajuda' });
  const fileList = h('ul', { class: 'file-list', 'aria-live': 'polite' });
  const fileSummary = h('p', { class: 'hint', id: 'arquivos-resumo' });
  const drop = h('div', { class: 'dropzone' },
    h('p', { class: 'drop-title' }, 'Arraste os arquivos ou uma pasta para cá'),
    h('p', {}, h('label', { for: 'arquivos' }, 'ou escolha os arquivos: '), fileInput),
    h('p', { id: 'arquivos-ajuda', class: 'hint' },
      'PDF, PNG, JPEG, TIFF ou WebP: todos os documentos do pedido juntos. O tipo é verificado pelo conteúdo.'));

  const rulebookSelect = h('select', { id: 'regulamento', name: 'regulamento', required: true,
    'aria-describedby': 'regulamento-norma' }, h('option', { value: '' }, 'Carregando…'));
  const norm = h('p', { class: 'hint', id: 'regulamento-norma' });
  // the browser itself refuses a date outside the range the acts are judged in
  const [minDate, maxDate] = referenceRange();
  const dateInput = h('input', { id: 'data-referencia', name: 'data-referencia', type: 'date', required: true,
    value: todayInBrazil(), min: minDate, max: maxDate, 'aria-describedby': 'data-ajuda' });
  const factsBox = h('div', { class: 'facts' });
  const callbackInput = h('input', { id: 'callback', name: 'callback', type: 'url', inputmode: 'url',
    placeholder: 'https://portal.exemplo/retorno', 'aria-describedby': 'callback-ajuda' });
  const message = h('div', { class: 'message' });
  const progress = h('progress', { max: '100', value: '0', hidden: true, 'aria-label': 'Envio' });
  const progressText = h('p', { class: 'hint', role: 'status' });
  const submit = h('button', { type: 'submit' }, 'Enviar pacote');

  const form = h('form', { class: 'upload', method: 'post', novalidate: true },
    h('fieldset', {}, h('legend', {}, 'Arquivos'), drop, fileSummary, fileList),
    h('fieldset', {}, h('legend', {}, 'Regulamento e data'),
      h('div', { class: 'field' }, h('label', { for: 'regulamento' }, 'Regulamento'), rulebookSelect, norm),
      h('div', { class: 'field' }, h('label', { for: 'data-referencia' }, 'Data de referência'), dateInput,
        h('p', { class: 'hint', id: 'data-ajuda' },
          'O dia em que o pacote é julgado: validades, idade do veículo, vigência do contrato. Padrão: hoje.'))),
    h('fieldset', {}, h('legend', {}, 'Declarações do requerente'), factsBox),
    h('details', { class: 'advanced' }, h('summary', {}, 'Aviso de conclusão (opcional)'),
      h('div', { class: 'field' }, h('label', { for: 'callback' }, 'URL de retorno (callback)'), callbackInput,
        h('p', { class: 'hint', id: 'callback-ajuda' },
          'O resultado é enviado por POST, assinado, a este endereço quando o pacote terminar.'))),
    message,
    h('div', { class: 'actions' }, submit, progress, progressText));
  container.append(form);

  function changed() {
    pendingKey = null;  // a different submission: a new Idempotency-Key
  }

  function renderFiles() {
    const total = chosen.reduce((n, c) => n + c.file.size, 0);
    fileSummary.textContent = chosen.length
      ? `${chosen.length} ${chosen.length === 1 ? 'arquivo' : 'arquivos'}, ${fmtSize(total)}.` : 'Nenhum arquivo escolhido.';
    fileList.replaceChildren(...chosen.map((c, i) => h('li', {},
      h('span', { class: 'file-name' }, c.name), ' ', h('span', { class: 'muted' }, fmtSize(c.file.size)), ' ',
      h('button', { type: 'button', class: 'link', 'aria-label': `Remover ${c.name}`,
        onclick: () => { chosen.splice(i, 1); changed(); renderFiles(); } }, 'Remover'))));
  }

  function add(items) {
    const seen = new Set(chosen.map((c) => `${c.name}|${c.file.size}|${c.file.lastModified}`));
    for (const item of items) {
      const id = `${item.name}|${item.file.size}|${item.file.lastModified}`;
      if (!seen.has(id)) {
        chosen.push(item);
        seen.add(id);
      }
    }
    changed();
    renderFiles();
  }

  fileInput.addEventListener('change', () => {
    add(Array.from(fileInput.files, (file) => ({ file, name: file.name })));
    fileInput.value = '';  // choosing the same file again fires change again
  });
  for (const type of ['dragenter', 'dragover']) {
    drop.addEventListener(type, (e) => { e.preventDefault(); drop.classList.add('over'); });
  }
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', async (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const entries = Array.from(e.dataTransfer.items || [], (i) => i.webkitGetAsEntry?.()).filter(Boolean);
    if (entries.length && entries.some((en) => en.isDirectory)) {
      const out = [];
      for (const entry of entries) await filesOf(entry, out);
      out.sort((a, b) => a.name.localeCompare(b.name));
      add(out);
    } else {
      add(Array.from(e.dataTransfer.files, (file) => ({ file, name: file.name })));
    }
  });
  form.addEventListener('input', changed);
  renderFiles();

  // Rulebooks and their facts.
  const details = new Map();
  async function showFacts(id) {
    factsBox.replaceChildren();
    if (!id) return;
    let book = details.get(id);
    if (!book) {
      try {
        book = await get(`/v1/rulebooks/${encodeURIComponent(id)}`);
        details.set(id, book);
      } catch (err) {
        factsBox.append(errorBox(err));
        return;
      }
    }
    if (rulebookSelect.value !== id) return;
    const facts = Object.entries(book.facts || {});
    if (!facts.length) {
      factsBox.append(h('p', { class: 'hint' }, 'Este regulamento não pede declarações.'));
      return;
    }
    factsBox.append(h('p', { class: 'hint' }, 'O que o requerente declara e nenhum documento mostra.'));
    for (const [name, spec] of facts) factsBox.append(factInput(name, spec));
  }

  loadRulebooks().then((list) => {
    rulebookSelect.replaceChildren(h('option', { value: '' }, 'Escolha o regulamento…'),
      ...list.map((r) => h('option', { value: r.id }, `${r.title} (${r.jurisdiction})`)));
    const describe = () => {
      const r = list.find((x) => x.id === rulebookSelect.value);
      norm.textContent = r ? r.norm : '';
      showFacts(rulebookSelect.value);
    };
    rulebookSelect.addEventListener('change', describe);
    if (list.length === 1) {
      rulebookSelect.value = list[0].id;
      describe();
    }
  }, (err) => {
    rulebookSelect.replaceChildren(h('option', { value: '' }, 'Indisponível'));
    message.replaceChildren(errorBox(err));
  });

  function fail(title, detail, focusEl) {
    const box = alertBox('error', title, detail);
    message.replaceChildren(box);
    (focusEl || box).focus();
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (sending) return;
    message.replaceChildren();
    if (!chosen.length) return fail('Nenhum arquivo escolhido.', 'Escolha ou arraste os arquivos do pacote.', fileInput);
    if (!rulebookSelect.value) return fail('Regulamento não escolhido.', 'Escolha o regulamento do pedido.', rulebookSelect);
    if (!dateInput.value) return fail('Data de referência vazia.', 'Informe a data em que o pacote é julgado.', dateInput);
    if (callbackInput.value && !callbackInput.checkValidity()) {
      return fail('URL de retorno inválida.', 'Use um endereço completo, como https://portal.exemplo/retorno.', callbackInput);
    }
    const data = new FormData();
    data.append('rulebook', rulebookSelect.value);
    data.append('reference_date', dateInput.value);
    const facts = {};
    for (const el of factsBox.querySelectorAll('[data-fact]')) {
      if (el.type === 'checkbox') facts[el.dataset.fact] = el.checked ? 'true' : 'false';
      else if (el.value.trim()) facts[el.dataset.fact] = el.value.trim();
    }
    if (Object.keys(facts).length) data.append('facts', JSON.stringify(facts));
    if (callbackInput.value.trim()) data.append('callback_url', callbackInput.value.trim());
    for (const c of chosen) data.append('files', c.file, c.name);

    pendingKey = pendingKey || randomId();
    sending = true;
    submit.disabled = true;
    progress.hidden = false;
    progress.value = 0;
    progressText.textContent = 'Enviando…';
    try {
      const accepted = await upload(data, {
        idempotencyKey: pendingKey,
        onProgress: (f) => {
          progress.value = Math.round(f * 100);
          progressText.textContent = f < 1 ? `Enviando… ${Math.round(f * 100)}%` : 'Conferindo os arquivos…';
        },
      });
      pendingKey = null;
      location.hash = `#/pacote/${encodeURIComponent(accepted.id)}`;
    } catch (err) {
      progress.hidden = true;
      progressText.textContent = '';
      if (err instanceof ApiError && err.status === 403) {
        markReadOnly();
        ctx.rerender();
        return;
      }
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429) {
        pendingKey = null;  // refused for its content: nothing was stored
      }
      fail(err.title || 'Erro no envio', err.detail || '');
    } finally {
      sending = false;
      submit.disabled = false;
    }
  });

  return null;
}

function factInput(name, spec) {
  const id = uid(`fato-${name}`);
  const description = spec.description || name;
  if (spec.type === 'bool') {
    return h('div', { class: 'field check' },
      h('input', { id, type: 'checkbox', dataset: { fact: name }, checked: spec.default === true }),
      h('label', { for: id }, description));
  }
  const attrs = { id, dataset: { fact: name } };
  if (spec.type === 'integer') Object.assign(attrs, { type: 'number', step: '1', inputmode: 'numeric' });
  else if (spec.type === 'number') Object.assign(attrs, { type: 'number', step: 'any', inputmode: 'decimal' });
  else if (spec.type === 'date') attrs.type = 'date';
  else attrs.type = 'text';
  if (spec.default !== null && spec.default !== undefined) attrs.value = String(spec.default);
  return h('div', { class: 'field' },
    h('label', { for: id }, description), h('input', attrs));
}
