// Entry point: the key, the header and a hash router (#/, #/enviar, #/pacote/<id>).
// Only packet ids ever appear in the URL.

import { setUnauthorizedHandler } from './api.js';
import { alertBox, labelCells } from './dom.js';
import { loadLabels } from './labels.js';
import { clearSession, getKey, isReadOnly } from './session.js';
import { loginView } from './views/login.js';
import { packetView } from './views/packet.js';
import { packetsView } from './views/packets.js';
import { uploadView } from './views/upload.js';

const main = document.getElementById('conteudo');
const nav = document.getElementById('nav');
let dispose = null;
let flash = null;

// A message shown once at the top of the next view ("Pacote apagado.").
export function setFlash(kind, title, detail) {
  flash = { kind, title, detail };
}

function route() {
  const hash = location.hash.replace(/^#/, '') || '/';
  let m = /^\/pacote\/([A-Za-z0-9_-]{1,80})$/.exec(hash);
  if (m) return { name: 'packet', id: m[1] };
  if (hash === '/enviar') return { name: 'upload' };
  m = /^\/(?:\?pagina=(\d+))?$/.exec(hash);
  if (m) return { name: 'list', page: Math.max(1, Number(m[1] || 1)) };
  return { name: 'list', page: 1 };
}

function updateChrome(loggedIn, current) {
  nav.hidden = !loggedIn;
  const readOnly = isReadOnly();
  for (const el of nav.querySelectorAll('[data-submit-only]')) el.hidden = readOnly;
  document.getElementById('role').textContent = readOnly
    ? 'Chave de órgão (servidor: confere e corrige)' : 'Chave de envio';
  for (const a of nav.querySelectorAll('a[data-nav]')) {
    if (a.dataset.nav === current) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

async function render() {
  if (dispose) dispose();
  dispose = null;
  main.replaceChildren();
  if (flash) {
    main.append(alertBox(flash.kind, flash.title, flash.detail));
    flash = null;
  }
  const container = document.createElement('div');
  main.append(container);
  if (!getKey()) {
    updateChrome(false, null);
    dispose = loginView(container, { onLogin: () => render() });
    return;
  }
  const r = route();
  updateChrome(true, r.name);
  const ctx = { rerender: () => render(), setFlash, focus: focusHeading };
  if (r.name === 'packet') dispose = packetView(container, r.id, ctx);
  else if (r.name === 'upload') dispose = uploadView(container, ctx);
  else dispose = packetsView(container, r.page, ctx);
}

// After a navigation, move focus to the new view's heading (screen readers announce it).
function focusHeading() {
  const heading = main.querySelector('h1');
  if (heading) {
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    document.title = `${heading.textContent} — FretaDoc`;
  }
}

function logout(message) {
  clearSession();
  if (message) setFlash('error', message.title, message.detail);
  if (location.hash && location.hash !== '#/') history.replaceState(null, '', '#/');
  render();
}

setUnauthorizedHandler((err) => logout({ title: 'Chave não aceita.', detail: err.detail }));

document.getElementById('logout').addEventListener('click', () => {
  logout(null);
  setTimeout(() => main.querySelector('input')?.focus(), 0);
});

document.querySelector('.skip').addEventListener('click', (e) => {
  e.preventDefault();  // "#conteudo" is not a route
  main.focus();
});

window.addEventListener('hashchange', () => render());
// every table the views draw (the viewer's too, a dialog in body) labels its cells for a phone
new MutationObserver(() => labelCells(document.body)).observe(document.body, { childList: true, subtree: true });
await loadLabels();
render();
