// The API key lives in sessionStorage only (this tab, until "Sair" or the tab closes):
// never in the URL, never in localStorage, never logged.

const KEY = 'fretadoc.key';
const READ_ONLY = 'fretadoc.readOnly';

export function getKey() {
  return sessionStorage.getItem(KEY);
}

export function setSession(key, readOnly) {
  sessionStorage.setItem(KEY, key);
  sessionStorage.setItem(READ_ONLY, readOnly ? '1' : '0');
}

export function isReadOnly() {
  return sessionStorage.getItem(READ_ONLY) === '1';
}

// The API said 403 (an authority's clerk key): hide upload and delete from now on.
export function markReadOnly() {
  sessionStorage.setItem(READ_ONLY, '1');
}

export function clearSession() {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(READ_ONLY);
}
