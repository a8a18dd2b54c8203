// The public /v1 API, with the user's key in the Authorization header (never in a URL).
// Errors come back as ApiError carrying the problem+json document's Portuguese title/detail.

import { getKey } from './session.js';

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `Erro ${status}`);
    this.status = status;
    this.code = problem.code || null;
    this.title = problem.title || 'Erro';
    this.detail = problem.detail || '';
  }
}

const NETWORK = {
  code: 'sem_conexao', title: 'Sem conexão com o serviço',
  detail: 'Não foi possível falar com o serviço. Verifique a conexão e tente de novo.',
};

let onUnauthorized = () => {};
export function setUnauthorizedHandler(fn) {
  onUnauthorized = fn;
}

function problemFrom(status, text) {
  try {
    const body = JSON.parse(text);
    if (body && (body.detail || body.title)) return body;
  } catch {
    // not JSON: a proxy's page, say
  }
  return { title: 'Erro', detail: `O serviço respondeu com o código ${status}.` };
}

function authHeaders(key) {
  return { Authorization: `Bearer ${key ?? getKey() ?? ''}` };
}

// key: a key being tried at login (its 401 must not log the user out of anything).
// json: an object sent as the JSON body.
export async function request(path, { method = 'GET', body, json, as = 'json', key } = {}) {
  let resp;
  const headers = authHeaders(key);
  if (json !== undefined) {
    body = JSON.stringify(json);
    headers['Content-Type'] = 'application/json';
  }
  try {
    resp = await fetch(path, {
      method, body, headers, cache: 'no-store', credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new ApiError(0, NETWORK);
  }
  if (!resp.ok) {
    const err = new ApiError(resp.status, problemFrom(resp.status, await resp.text()));
    if (resp.status === 401 && key === undefined) onUnauthorized(err);
    throw err;
  }
  if (resp.status === 204) return null;
  if (as === 'blob') return resp.blob();
  return resp.json();
}

export const get = (path, opts) => request(path, opts);

// Upload with progress (fetch cannot report it). Resolves with the 202 body.
export function upload(form, { idempotencyKey, onProgress } = {}) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/v1/packets');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    if (idempotencyKey) xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText));
        } catch {
          reject(new ApiError(xhr.status, { title: 'Resposta inesperada', detail: 'O serviço aceitou o envio, mas a resposta não pôde ser lida.' }));
        }
        return;
      }
      const err = new ApiError(xhr.status, problemFrom(xhr.status, xhr.responseText));
      if (xhr.status === 401) onUnauthorized(err);
      reject(err);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK));
    xhr.send(form);
  });
}

// A random id for Idempotency-Key (crypto.randomUUID needs https; this works on plain http too).
export function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
