// Typing the key once. It is checked against the API, then kept in sessionStorage.

import { ApiError, request } from '../api.js';
import { alertBox, h } from '../dom.js';
import { setSession } from '../session.js';

// Whether the key may submit: the API answers 403 to an authority's clerk key before it reads
// any body, and 415 (nothing sent, nothing stored) to a key that may.
async function probeReadOnly(key) {
  // GET /v1/me says what the key may do: an authority's clerk keys only read.
  const me = await request('/v1/me', { key });
  return Boolean(me && me.read_only);
}

export function loginView(container, { onLogin }) {
  const input = h('input', {
    id: 'chave', name: 'chave', type: 'password', autocomplete: 'off', spellcheck: 'false',
    required: true, 'aria-describedby': 'chave-ajuda', placeholder: 'fd_...',
  });
  const message = h('div', { class: 'message' });
  const button = h('button', { type: 'submit' }, 'Entrar');
  // method=post and no action: even without JavaScript the key never lands in the URL.
  const form = h('form', { class: 'card login', method: 'post', novalidate: true },
    h('h1', {}, 'Entrar'),
    h('p', {}, 'Informe a chave de API da sua transportadora, portal ou órgão.'),
    h('label', { for: 'chave' }, 'Chave de API'),
    input,
    h('p', { id: 'chave-ajuda', class: 'hint' },
      'A chave é entregue pelo administrador do serviço. Ela fica só nesta aba do ',
      'navegador e é apagada ao clicar em Sair ou fechar a aba.'),
    message,
    h('div', { class: 'actions' }, button));

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const key = input.value.trim();
    message.replaceChildren();
    if (!key) {
      message.append(alertBox('error', 'Informe a chave.', ''));
      input.focus();
      return;
    }
    button.disabled = true;
    button.textContent = 'Verificando…';
    try {
      await request('/v1/packets?limit=1', { key });
      const readOnly = await probeReadOnly(key);
      setSession(key, readOnly);
      input.value = '';
      onLogin();
    } catch (err) {
      const box = alertBox('error', err.title || 'Erro', err.detail || '');
      message.append(box);
      box.focus();
    } finally {
      button.disabled = false;
      button.textContent = 'Entrar';
    }
  });

  container.append(form);
  input.focus();
  return null;
}
