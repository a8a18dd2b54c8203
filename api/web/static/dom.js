// Elements built from data with textContent only: nothing from the API is parsed as HTML.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'class') el.className = value;
    else if (name === 'dataset') Object.assign(el.dataset, value);
    else if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  append(el, ...children);
  return el;
}

export function append(el, ...children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

// replaceChildren that skips null/false (the DOM's own would print "null").
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, ...children);
}

let counter = 0;
export function uid(prefix = 'id') {
  counter += 1;
  return `${prefix}-${counter}`;
}

// A message box; role=alert is announced by screen readers as it appears.
export function alertBox(kind, title, detail) {
  return h('div', { class: `alert alert-${kind}`, role: kind === 'error' ? 'alert' : 'status', tabindex: '-1' },
    title ? h('strong', {}, title) : null, detail ? h('span', {}, ' ', detail) : null);
}

// On a phone a table's rows are stacked (style.css): each cell says its column's name, taken
// from the table's head, as a data-label its ::before prints.
export function labelCells(root) {
  for (const table of root.querySelectorAll('table')) {
    const heads = [...(table.tHead?.rows[0]?.cells || [])].map((c) => c.textContent.trim());
    if (!heads.length) continue;
    for (const body of table.tBodies) {
      for (const row of body.rows) {
        [...row.cells].forEach((cell, i) => {
          if (cell.tagName === 'TD' && heads[i] && !cell.dataset.label) cell.dataset.label = heads[i];
        });
      }
    }
  }
}
