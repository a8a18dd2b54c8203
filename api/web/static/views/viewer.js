// A document's page images, fetched with the key as blobs, with a field's box drawn on the
// page (bbox are fractions of the page), beside the table of the fields read.

import { get, request } from '../api.js';
import { alertBox, h, replace } from '../dom.js';
import {
  confident, docTypes, fieldColumns, fieldKind, fieldLabel, fieldTotal, fieldValues, fmtPercent, fmtValue, SEVERITY,
  signatureLine, TEXT_SOURCE, typeLabel, valueLabel,
} from '../labels.js';

const BY = { clerk: 'conferido pelo órgão', carrier: 'declarado pelo transportador' };
const ZOOMS = [1, 1.5, 2, 3];  // the page's width, times the pane's: I and 1 of a plate told apart

export class DocumentViewer {
  // onCorrected(): called after a correction is saved; resolves with the packet's new result.
  constructor(packetId, { onCorrected = null, corrections = [] } = {}) {
    this.packetId = packetId;
    this.onCorrected = onCorrected;
    this.setCorrections(corrections);
    this.urls = new Map();  // "doc/page" -> object URL, revoked on close
    this.dialog = h('dialog', { class: 'viewer', 'aria-labelledby': 'viewer-title' });
    this.dialog.addEventListener('close', () => this.opener?.focus());
    document.body.append(this.dialog);
  }

  // The standing correction of each "doc/field" (the latest one given).
  setCorrections(corrections) {
    this.corrections = new Map((corrections || []).map((c) => [`${c.document}/${c.field}`, c]));
  }

  destroy() {
    if (this.dialog.open) this.dialog.close();
    this.dialog.remove();
    for (const url of this.urls.values()) URL.revokeObjectURL(url);
    this.urls.clear();
  }

  // Open on a document, at a field's page and box when the field has one.
  open(doc, fieldName = null, opener = null, row = null) {
    this.doc = doc;
    this.opener = opener || document.activeElement;
    this.page = 1;
    this.zoom = 1;
    const field = fieldName ? doc.fields?.[fieldName] : null;
    this.render();
    if (!this.dialog.open) this.dialog.showModal();
    if (fieldName && !field) {
      this.note.replaceChildren(alertBox('info', '', `O campo ${fieldLabel(doc.type, fieldName)} não foi lido neste documento; veja a página.`));
      this.show(1, null);
    } else if (field) {
      this.select(fieldName, row);  // (row: a list entry's number, or null)
    } else {
      this.show(1, null);
    }
    this.closeButton.focus();
  }

  render() {
    const doc = this.doc;
    this.closeButton = h('button', { type: 'button', class: 'secondary close', onclick: () => this.dialog.close() }, 'Fechar');
    this.image = h('img', { class: 'page-image', alt: '' });
    this.box = h('div', { class: 'bbox', hidden: true, 'aria-hidden': 'true' });
    this.frame = h('div', { class: 'page-frame' }, this.image, this.box);
    this.zoomLabel = h('span', { class: 'zoom-label', 'aria-live': 'polite' });
    this.zoomOut = h('button', { type: 'button', class: 'secondary small', 'aria-label': 'Reduzir a página',
      onclick: () => this.setZoom(-1) }, '−');
    this.zoomIn = h('button', { type: 'button', class: 'secondary small', 'aria-label': 'Ampliar a página',
      onclick: () => this.setZoom(1) }, '+');
    this.pageStatus = h('p', { class: 'page-status', role: 'status' });
    this.pageLabel = h('span', {});
    this.prev = h('button', { type: 'button', class: 'secondary', onclick: () => this.show(this.page - 1, null) }, '← Página anterior');
    this.next = h('button', { type: 'button', class: 'secondary', onclick: () => this.show(this.page + 1, null) }, 'Próxima página →');
    this.note = h('div', { class: 'viewer-note' });
    this.rows = new Map();
    this.listField = null;  // a list field shown: its rows boxed on every page it spans

    const problems = (doc.problems || []).map((p) => h('li', { class: `sev-${p.severity}` },
      h('strong', {}, `${SEVERITY[p.severity] || p.severity}: `), p.message));
    const fields = Object.entries(doc.fields || {});
    const table = fields.length ? h('table', { class: 'table fields' },
      h('caption', {}, 'Campos lidos'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Campo'), h('th', { scope: 'col' }, 'Valor'),
        h('th', { scope: 'col', class: 'num' }, 'Confiança'), h('th', { scope: 'col', class: 'num' }, 'Pág.'),
        this.onCorrected ? h('th', { scope: 'col' }, 'Conferência') : null)),
      h('tbody', {}, fields.map(([name, f]) => {
        const low = f.value !== null && f.value !== undefined && !confident(f.confidence);
        const fix = this.corrections.get(`${doc.id}/${name}`);
        const row = h('tr', { class: [low ? 'low' : null, fix ? `corrected by-${fix.by}` : null].filter(Boolean).join(' ') || null,
          dataset: { field: name, ...(fix ? { correctedBy: fix.by } : {}) } },
          h('th', { scope: 'row' }, h('button', { type: 'button', class: 'link', onclick: () => this.select(name) },
            fieldLabel(doc.type, name))),
          h('td', {}, valueCell(f.value, fieldKind(doc.type, name), fieldColumns(doc.type, name),
            this.onCorrected ? (index, tr) => this.editRow(name, f, index, tr) : null,
            this.onCorrected ? (index) => this.removeRow(name, f, index) : null),
            fix ? h('span', { class: 'corrected-tag', title: `lido: ${fmtValue(fix.read_value, fieldKind(doc.type, name))}` },
              ` ${JSON.stringify(fix.value) === JSON.stringify(fix.read_value) ? 'confirmado' : 'corrigido'} (${BY[fix.by] || fix.by})`) : null,
            Array.isArray(f.value) ? this.listCount(name, f) : null),
          h('td', { class: 'num' }, f.value === null || f.value === undefined ? '—' : fmtPercent(f.confidence),
            low ? h('span', { class: 'low-tag' }, ' baixa') : null),
          h('td', { class: 'num' }, f.page ? String(f.page) : '—'),
          this.onCorrected ? h('td', { class: 'correct-cell' }, this.correctControls(name, f)) : null);
        this.rows.set(name, row);
        return row;
      }))) : h('p', { class: 'hint' }, 'Nenhum campo lido neste documento.');

    replace(this.dialog,
      h('header', { class: 'viewer-head' },
        h('div', {},
          h('h2', { id: 'viewer-title' }, `${doc.id} · ${typeLabel(doc.type)}`),
          h('p', { class: 'hint' }, `${doc.filename} · ${doc.pages === 1 ? '1 página' : `${doc.pages} páginas`} · tipo com ${fmtPercent(doc.type_confidence)} de confiança · ${TEXT_SOURCE[doc.text_source] || doc.text_source}`),
          signatureLine(doc) ? h('p', { class: `signature sig-${doc.signature.status}` }, signatureLine(doc)) : null),
        this.closeButton),
      problems.length ? h('ul', { class: 'problems' }, problems) : null,
      this.note,
      h('div', { class: 'viewer-body' },
        h('section', { class: 'page-pane', 'aria-label': 'Página do documento' },
          h('div', { class: 'page-nav' }, this.prev, this.pageLabel, this.next,
            h('span', { class: 'zoom' }, this.zoomOut, this.zoomLabel, this.zoomIn)),
          this.pageStatus, this.scroller = h('div', { class: 'page-scroll', tabindex: '0', role: 'region',
            'aria-label': 'Imagem da página (role com as setas)' }, this.frame)),
        h('section', { class: 'fields-pane', 'aria-label': 'Campos' },
          this.typeBlock(),
          h('p', { class: 'hint' }, 'Escolha um campo para ver onde ele está na página. Confiança abaixo do limite em âmbar.'),
          table)));
  }

  // Confirm the value read, or give the right one; a list is confirmed as read, row by row on
  // the page ("conferir lista"), not edited here.
  correctControls(name, f) {
    const label = fieldLabel(this.doc.type, name);
    const cell = h('div', { class: 'correct' });
    if (Array.isArray(f.value)) {
      if (fieldColumns(this.doc.type, name) && Object.keys(fieldColumns(this.doc.type, name)).length) {
        const add = h('button', { type: 'button', class: 'secondary small', 'aria-label': `Acrescentar linha: ${label}`,
          onclick: () => this.addRow(name, f) }, 'Acrescentar linha');
        const check = f.value.length ? h('button', { type: 'button', class: 'secondary small', 'aria-label': `Conferir lista: ${label}`,
          title: 'Confirma todas as linhas como lidas, depois de conferi-las na página',
          onclick: () => this.submitCorrection(name, null, cell) }, 'Conferir lista') : null;
        return replace(cell, check, add);
      }
      if (!f.value.length) return h('span', { class: 'muted' }, '—');
      return replace(cell, h('button', { type: 'button', class: 'secondary small', 'aria-label': `Conferir lista: ${label}`,
        title: 'Confirma todas as linhas como lidas, depois de conferi-las na página',
        onclick: () => this.submitCorrection(name, null, cell) }, 'Conferir lista'));
    }
    const confirm = f.value === null || f.value === undefined ? null
      : h('button', { type: 'button', class: 'secondary small', 'aria-label': `Confirmar ${label}`,
        onclick: () => this.submitCorrection(name, null, cell) }, 'Confirmar');
    const edit = h('button', { type: 'button', class: 'secondary small', 'aria-label': `Corrigir ${label}`,
      onclick: () => {
        // a closed vocabulary is a choice among its labels; the code is what is sent
        const values = fieldValues(this.doc.type, name);
        const input = values
          ? h('select', { name: 'valor', 'aria-label': `Valor correto de ${label}`, required: true },
            values.map((v) => h('option', { value: v, selected: v === f.value }, valueLabel(v))))
          : h('input', { type: 'text', name: 'valor', 'aria-label': `Valor correto de ${label}`,
            value: f.value === null || f.value === undefined ? '' : String(f.value), required: true, maxlength: '200' });
        const form = h('form', { class: 'correct-form' }, input,
          h('button', { type: 'submit', class: 'small' }, 'Salvar'),
          h('button', { type: 'button', class: 'secondary small', onclick: () => replace(cell, confirm, edit) }, 'Cancelar'));
        form.addEventListener('submit', (e) => {
          e.preventDefault();
          this.submitCorrection(name, input.value, cell);
        });
        replace(cell, form);
        input.focus();
        if (!values) input.select();
      } }, 'Corrigir');
    return replace(cell, confirm, edit);
  }

  // One row of a list (a passenger) corrected in place: its cells become inputs (a closed
  // vocabulary a select of its labels); the list goes back with that row replaced.
  editRow(name, f, index, tr) {
    const columns = fieldColumns(this.doc.type, name);
    const entry = (f.value || [])[index] || {};
    const inputs = {};
    const cells = Object.entries(columns).map(([c, col]) => {
      const label = `${col.label || c}, linha ${index + 1}`;
      inputs[c] = col.values
        ? h('select', { name: c, 'aria-label': label }, h('option', { value: '' }, '—'),
          col.values.map((v) => h('option', { value: v, selected: v === entry[c] }, valueLabel(v))))
        : h('input', { type: 'text', name: c, 'aria-label': label, value: entry[c] ?? '', maxlength: '200' });
      return h('td', {}, inputs[c]);
    });
    const save = h('button', { type: 'submit', class: 'small' }, 'Salvar linha');
    const form = h('form', { class: 'row-form', id: `linha-${index + 1}` });
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const rows = (f.value || []).map((r) => ({ ...r }));
      rows[index] = Object.fromEntries(Object.keys(columns).map((c) => [c, inputs[c].value.trim() || null]));
      this.submitCorrection(name, rows, tr);
    });
    tr.replaceChildren(...cells, h('td', {}, form, save));
    save.setAttribute('form', form.id);
    for (const el of Object.values(inputs)) el.setAttribute('form', form.id);
    inputs[Object.keys(columns)[0]]?.focus();
  }

  // "17 de 44": the rows read against the total the list prints (when it prints one).
  listCount(name, f) {
    const totalField = fieldTotal(this.doc.type, name);
    const total = totalField ? this.doc.fields?.[totalField]?.value : null;
    const n = f.value.length;
    // (a list that prints no total carries the rows' count there: only a different count is news)
    if (typeof total !== 'number' || total === n) {
      return h('p', { class: 'list-count' }, `${n === 1 ? '1 linha lida' : `${n} linhas lidas`}`);
    }
    const short = true;
    return h('p', { class: `list-count${short ? ' short' : ''}`, dataset: { read: String(n), total: String(total) } },
      `${n} de ${total} linhas lidas`,
      short ? ` — a lista informa ${total}: ${n < total ? 'acrescente as que faltam' : 'retire as que não são da lista'}.` : '');
  }

  // A row the reader missed, typed by the clerk: a blank row at the end, edited in place.
  addRow(name, f) {
    const row = this.rows.get(name);
    const details = row?.querySelector('details');
    if (details) details.open = true;
    const body = row?.querySelector('table.records tbody');
    if (!body) {
      this.editRow(name, f, (f.value || []).length, this.newRowHost(row, name));
      return;
    }
    const tr = h('tr', { dataset: { row: String(f.value.length + 1) } });
    body.append(tr);
    this.editRow(name, f, f.value.length, tr);
  }

  // An empty list has no table yet: one is made to hold the new row.
  newRowHost(row, name) {
    const columns = fieldColumns(this.doc.type, name);
    const tr = h('tr', { dataset: { row: '1' } });
    const table = h('table', { class: 'table records' },
      h('thead', {}, h('tr', {}, Object.entries(columns).map(([c, col]) => h('th', { scope: 'col' }, col.label || c)),
        h('th', { scope: 'col' }, 'Linha'))), h('tbody', {}, tr));
    row.querySelector('td')?.append(table);
    return tr;
  }

  // A row that is not a passenger (a boarding time read as one) taken out of the list.
  removeRow(name, f, index) {
    const rows = f.value.filter((_, i) => i !== index).map((r) => ({ ...r }));
    this.submitCorrection(name, rows, this.rows.get(name), `Linha ${index + 1} retirada da lista.`);
  }

  // The document's type: confirmed as identified, or changed (the document re-read as that type).
  typeBlock() {
    const doc = this.doc;
    const fix = this.corrections.get(`${doc.id}/tipo`);
    const sure = confident(doc.type_confidence);
    const status = fix ? ` — ${fix.value === fix.read_value ? 'confirmado' : 'alterado'} (${BY[fix.by] || fix.by})`
      : ` — ${fmtPercent(doc.type_confidence)} de confiança${sure ? '' : ' (baixa)'}`;
    const block = h('div', { class: `doc-type${sure ? '' : ' low'}`, dataset: { type: doc.type } },
      h('p', { class: 'doc-type-line' }, h('strong', {}, 'Tipo do documento: '), typeLabel(doc.type), status));
    if (!this.onCorrected) return block;
    const cell = h('div', { class: 'correct type-correct' });
    const confirm = doc.type === 'unknown' ? null : h('button', { type: 'button', class: 'secondary small',
      'aria-label': 'Confirmar tipo do documento', onclick: () => this.submitCorrection('tipo', null, cell) }, 'Confirmar tipo');
    const change = h('button', { type: 'button', class: 'secondary small', 'aria-label': 'Alterar tipo do documento',
      onclick: () => {
        const select = h('select', { name: 'tipo', 'aria-label': 'Tipo correto do documento' },
          docTypes().filter(([code]) => code !== 'unknown').map(([code, label]) => h('option', { value: code, selected: code === doc.type }, label)));
        const form = h('form', { class: 'correct-form' }, select, h('button', { type: 'submit', class: 'small' }, 'Salvar tipo'),
          h('button', { type: 'button', class: 'secondary small', onclick: () => replace(cell, confirm, change) }, 'Cancelar'));
        form.addEventListener('submit', (e) => {
          e.preventDefault();
          this.submitCorrection('tipo', select.value, cell);
        });
        replace(cell, form);
        select.focus();
      } }, 'Alterar tipo');
    block.append(replace(cell, confirm, change));
    return block;
  }

  setZoom(step) {
    const i = Math.min(Math.max(ZOOMS.indexOf(this.zoom) + step, 0), ZOOMS.length - 1);
    this.zoom = ZOOMS[i];
    this.frame.style.width = this.zoom === 1 ? '' : `${this.zoom * 100}%`;
    this.frame.classList.toggle('zoomed', this.zoom !== 1);
    this.zoomLabel.textContent = `${Math.round(this.zoom * 100)}%`;
    this.zoomOut.disabled = i === 0;
    this.zoomIn.disabled = i === ZOOMS.length - 1;
    if (!this.box.hidden) this.box.scrollIntoView({ block: 'center', inline: 'center' });
  }

  async submitCorrection(name, value, cell, said = null) {
    for (const b of cell?.querySelectorAll('button, input, select') || []) b.disabled = true;
    try {
      await request(`/v1/packets/${encodeURIComponent(this.packetId)}/corrections`, {
        method: 'POST', json: { document: this.doc.id, field: name, ...(value === null ? {} : { value }) },
      });
    } catch (err) {
      for (const b of cell?.querySelectorAll('button, input, select') || []) b.disabled = false;
      this.note.replaceChildren(alertBox('error', err.title, err.detail));
      return;
    }
    const result = await this.onCorrected();
    const doc = result?.documents?.find((d) => d.id === this.doc.id);
    if (!doc) return;
    this.setCorrections(result.corrections);
    this.doc = doc;
    const page = this.page;
    this.render();
    if (name === 'tipo') this.show(page, null);
    else {
      this.select(name);
      if (!doc.fields?.[name]?.bbox) this.show(page, null);
    }
    const what = name === 'tipo' ? `Tipo do documento: ${typeLabel(doc.type)}` : fieldLabel(doc.type, name);
    this.note.replaceChildren(alertBox('success', 'Correção registrada.',
      `${said ? `${said} ` : ''}${what}: o pacote foi reavaliado e a checklist atualizada.`));
    this.rows.get(name)?.querySelector('button.link')?.focus();
  }

  select(name, entryNumber = null) {
    const f = this.doc.fields?.[name];
    this.listField = null;
    for (const [n, row] of this.rows) row.classList.toggle('selected', n === name);
    const row = this.rows.get(name);
    if (row) row.scrollIntoView({ block: 'nearest' });
    if (!f) return;
    if (!f.bbox || !f.page) {
      const unread = f.value === null || f.value === undefined || f.value === '';
      this.note.replaceChildren(alertBox('info', '', unread
        ? `O campo ${fieldLabel(this.doc.type, name)} não foi lido: procure-o na página.`
        : `O campo ${fieldLabel(this.doc.type, name)} foi lido, mas sem o local na página.`));
      this.show(f.page || this.page, null);
      return;
    }
    this.note.replaceChildren();
    this.listField = Array.isArray(f.rows) && f.rows.some((r) => r.page) && !entryNumber ? name : null;
    const entry = entryNumber ? f.rows?.[entryNumber - 1] : null;
    if (entry?.bbox && entry.page) {
      // one entry of a list (a passenger): its row, not the whole table
      this.show(entry.page, entry.bbox, `${fieldLabel(this.doc.type, name)}, linha ${entryNumber}: destacada na página ${entry.page}.`);
      return;
    }
    this.show(f.page, f.bbox, `${fieldLabel(this.doc.type, name)}: destacado na página ${f.page}.`);
  }

  // The box of a list's rows printed on `page` (a list may run over several pages), or null.
  listBox(page) {
    const f = this.listField ? this.doc.fields?.[this.listField] : null;
    const boxes = (f?.rows || []).filter((r) => r.page === page && r.bbox).map((r) => r.bbox);
    if (f && f.page === page && f.bbox) boxes.push(f.bbox);
    if (!boxes.length) return null;
    return [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])),
      Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
  }

  async show(page, bbox, caption = '') {
    const doc = this.doc;
    const pages = Math.max(doc.pages || 0, 0);
    if (this.listField) {  // a list: its rows' box on whichever page is shown
      const pagesOf = [...new Set((doc.fields?.[this.listField]?.rows || []).map((r) => r.page).filter(Boolean))];
      bbox = this.listBox(Math.min(Math.max(page, 1), Math.max(pages, 1)));
      caption = bbox ? `${fieldLabel(doc.type, this.listField)}: linhas destacadas (a lista está ${pagesOf.length > 1
        ? `nas páginas ${pagesOf.sort((a, b) => a - b).join(', ')}` : `na página ${pagesOf[0]}`}).` : '';
    }
    this.box.hidden = true;
    if (pages < 1) {
      this.pageLabel.textContent = 'Sem páginas';
      this.prev.disabled = this.next.disabled = true;
      this.image.hidden = true;
      this.pageStatus.textContent = 'Este documento não tem página para mostrar.';
      return;
    }
    page = Math.min(Math.max(page, 1), pages);
    this.page = page;
    this.pageLabel.textContent = `Página ${page} de ${pages}`;
    this.setZoom(0);
    this.prev.disabled = page <= 1;
    this.next.disabled = page >= pages;
    const token = Symbol('load');
    this.loading = token;
    this.pageStatus.textContent = 'Carregando a página…';
    let url;
    try {
      url = await this.pageUrl(doc.id, page);
    } catch (err) {
      if (this.loading !== token) return;
      this.image.hidden = true;
      this.pageStatus.replaceChildren(alertBox('error', err.title, err.detail));
      return;
    }
    if (this.loading !== token) return;
    this.image.hidden = false;
    this.image.alt = `Página ${page} de ${doc.filename}`;
    if (this.image.src !== url) {
      this.image.src = url;
      try {
        await this.image.decode();
      } catch {
        // shown as broken; the status says so below
      }
    }
    if (this.loading !== token) return;
    if (!this.image.naturalWidth) {
      this.pageStatus.textContent = 'A imagem da página não pôde ser exibida.';
      return;
    }
    this.pageStatus.textContent = bbox ? caption : '';
    if (bbox) this.draw(bbox);
  }

  draw([x0, y0, x1, y1]) {
    const pad = 0.004;  // a little air around the words
    const left = Math.max(0, x0 - pad);
    const top = Math.max(0, y0 - pad);
    Object.assign(this.box.style, {
      left: `${left * 100}%`,
      top: `${top * 100}%`,
      width: `${(Math.min(1, x1 + pad) - left) * 100}%`,
      height: `${(Math.min(1, y1 + pad) - top) * 100}%`,
    });
    this.box.hidden = false;
    this.box.scrollIntoView({ block: 'center', inline: 'nearest' });
  }

  async pageUrl(docId, page) {
    const key = `${docId}/${page}`;
    if (!this.urls.has(key)) {
      const blob = await get(`/v1/packets/${encodeURIComponent(this.packetId)}/documents/${encodeURIComponent(docId)}/pages/${page}.png`, { as: 'blob' });
      this.urls.set(key, URL.createObjectURL(blob));
    }
    return this.urls.get(key);
  }
}

// `onEdit(index, tr)`: a list's rows may be corrected one by one, `onRemove(index)` taken out
// (null: read-only).
function valueCell(value, kind, columns = {}, onEdit = null, onRemove = null) {
  if (Array.isArray(value) && value.some((v) => v && typeof v === 'object')) {
    const cols = [...new Set(value.flatMap((v) => Object.keys(v || {})))];
    const label = (c) => columns[c]?.label || c.replaceAll('_', ' ');
    const edit = (i) => {
      if (!onEdit) return null;
      const button = h('button', { type: 'button', class: 'secondary small', 'aria-label': `Corrigir a linha ${i + 1}` },
        'Corrigir');
      button.addEventListener('click', () => onEdit(i, button.closest('tr')));
      const remove = onRemove ? h('button', { type: 'button', class: 'secondary small', 'aria-label': `Retirar a linha ${i + 1}`,
        onclick: () => onRemove(i) }, 'Retirar') : null;
      return h('td', { class: 'row-actions' }, button, remove);
    };
    return h('details', {}, h('summary', {}, value.length === 1 ? '1 registro' : `${value.length} registros`),
      h('table', { class: 'table records' },
        h('thead', {}, h('tr', {}, cols.map((c) => h('th', { scope: 'col' }, label(c))), onEdit ? h('th', { scope: 'col' }, 'Linha') : null)),
        h('tbody', {}, value.map((v, i) => h('tr', { dataset: { row: String(i + 1) } },
          cols.map((c) => h('td', {}, fmtValue(v?.[c], columns[c]?.kind))), edit(i))))));
  }
  return fmtValue(value, kind);
}
