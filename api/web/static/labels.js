// Portuguese words for the contract's codes, and value formatting (pt-BR).
// Document types and field labels come from /web/labels.json (domain/doctypes.yaml).

export const VERDICT = { ok: 'APTO', fail: 'REPROVADO', review: 'REVISAR', incomplete: 'INCOMPLETO' };
export const VERDICT_TEXT = {
  ok: 'Todos os requisitos verificados automaticamente foram atendidos. Restam as conferências manuais.',
  fail: 'Ao menos um requisito falhou em uma verificação automática.',
  review: 'Nenhum requisito falhou, mas há itens que uma pessoa precisa conferir.',
  incomplete: 'Faltam documentos exigidos pelo regulamento.',
};
export const ITEM_STATUS = { ok: 'OK', fail: 'FALHA', review: 'REVISAR', missing: 'AUSENTE', not_applicable: 'N/A' };
// the same, for a count of items ('7 itens precisam de conferência humana')
export function itemsHelp(status, n) {
  const many = {
    ok: ['item conforme', 'itens conformes'],
    fail: ['item falhou em verificação automática', 'itens falharam em verificação automática'],
    review: ['item precisa de conferência humana', 'itens precisam de conferência humana'],
    missing: ['item sem documento do pacote que o atenda', 'itens sem documento do pacote que os atenda'],
    not_applicable: ['item não se aplica a este pacote', 'itens não se aplicam a este pacote'],
  }[status] || [status, status];
  return plural(n, many[0], many[1]);
}
export const STATUS_ORDER = ['fail', 'missing', 'review', 'ok', 'not_applicable'];
export const PACKET_STATUS = { queued: 'Na fila', processing: 'Processando', done: 'Concluído', failed: 'Falhou' };
export const FILE_STATUS = { queued: 'Na fila', reading: 'Lendo', done: 'Lido' };
export const TEXT_SOURCE = { pdf_text: 'texto do PDF', ocr: 'OCR', mixed: 'texto do PDF e OCR' };
export const SEVERITY = { error: 'Erro', warning: 'Aviso', info: 'Informação' };

let data = { confident: 0.8, types: {}, values: {} };

export async function loadLabels() {
  try {
    const resp = await fetch('/web/labels.json', { credentials: 'omit' });
    if (resp.ok) data = await resp.json();
  } catch {
    // the codes themselves are shown instead
  }
}

export function confident(confidence) {
  return typeof confidence === 'number' && confidence >= data.confident;
}

// Every document type a clerk may give a document: [code, label], by label.
export function docTypes() {
  return Object.entries(data.types).map(([code, t]) => [code, t.label])
    .sort((a, b) => a[1].localeCompare(b[1], 'pt-BR'));
}

// The field where a list prints how many rows it has (domain/doctypes.yaml `total`), or null.
export function fieldTotal(type, name) {
  return data.types[type]?.fields?.[name]?.total || null;
}

export function typeLabel(type) {
  return data.types[type]?.label || (type === 'unknown' ? 'Documento não identificado' : type);
}

// A short name for tables: the acronym in parentheses when the label has one ("... (CRLV)").
export function typeShort(type) {
  const label = typeLabel(type);
  const m = /\(([^)]+)\)\s*$/.exec(label);
  return m ? m[1] : label;
}

function fieldSpec(type, name) {
  return data.types[type]?.fields?.[name] || null;
}

export function fieldLabel(type, name) {
  if (!name) return '';
  const spec = fieldSpec(type, name);
  if (spec?.label) return spec.label;
  const base = name.split(/[.[]/)[0];
  const baseSpec = fieldSpec(type, base);
  return baseSpec?.label ? `${baseSpec.label} (${name})` : name.replaceAll('_', ' ');
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function fmtDate(iso) {
  const m = DATE.exec(iso || '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (iso || '—');
}

export function fmtDateTime(iso) {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
}

export function fmtPercent(fraction) {
  return typeof fraction === 'number' ? `${Math.round(fraction * 100)}%` : '—';
}

export function fmtSize(bytes) {
  if (bytes >= 1048576) return `${(bytes / 1048576).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

// 1 item, 2 itens
export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

// A CPF or CNPJ as printed on documents (the same shape domain/ids masks them to).
export function fmtDocNumber(text) {
  const d = String(text).replace(/[.\-/\s]/g, '');
  if (/^[0-9A-Z]{12}\d{2}$/.test(d)) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  if (/^\d{11}$/.test(d)) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  return text;
}

const MONEY = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

// A field or finding value as people read it; `kind` from doctypes.yaml when known.
export function fmtValue(value, kind) {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'number') {
    if (kind === 'money') return MONEY.format(value);
    if (kind === 'integer') return String(value);
    return value.toLocaleString('pt-BR');
  }
  if (typeof value === 'string') {
    if (DATE.test(value)) return fmtDate(value);
    if (kind === 'enum') return valueLabel(value);
    if (kind === 'doc') return fmtDocNumber(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null)) return value.map((v) => fmtValue(v)).join('; ');
    return plural(value.length, 'registro', 'registros');
  }
  return Object.entries(value).map(([k, v]) => `${k}: ${fmtValue(v)}`).join('; ');
}

// A code of a closed vocabulary in words ('pj' -> 'pessoa jurídica'), from domain/wording.yaml.
export function valueLabel(code) {
  return data.values?.[code] || String(code).replaceAll('_', ' ');
}

// The columns of a list field (a passenger's name, kind of document, number): label and kind.
export function fieldColumns(type, name) {
  return fieldSpec(type, name)?.columns || {};
}

// The codes a closed-vocabulary field accepts (doctypes.yaml `values`), or null.
export function fieldValues(type, name) {
  return fieldSpec(type, name)?.values || null;
}

// The reference dates a packet may be judged at (validators/dates.py REFERENCE_RANGE), YYYY-MM-DD.
export function referenceRange() {
  return data.reference_range || ['2000-01-01', '2099-12-31'];
}

export function fieldKind(type, name) {
  return fieldSpec(type, name)?.kind || null;
}

// Today in America/Sao_Paulo, YYYY-MM-DD (the API's default reference date).
export function todayInBrazil() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

// A document's digital signature (the result's `signature`, README "Signatures") as its
// header says it; null when there is nothing to say (an image, a scan, an unsigned PDF that
// does not state it is signed). The same words as domain/signatures.py's headline.
const ELECTRONIC = { crlv: 'CRLV-e', cnh: 'CNH-e', crv: 'ATPV-e' };

// as domain/signatures.py why_untrusted says it
function whyUntrusted(sig) {
  if (sig.reason === 'emissor_ausente') {
    return `a autoridade emissora${sig.missing_issuer ? ` ${sig.missing_issuer}` : ''} não está entre as cadeias de confiança`;
  }
  if (sig.reason === 'cadeia_expirada') return 'um certificado da cadeia estava fora da validade na data da assinatura';
  if (sig.reason === 'certificado_revogado') return 'a lista de revogação que o arquivo traz revoga um certificado da cadeia';
  if (sig.reason === 'signatario_nao_autorizado') {
    return `o signatário${sig.signer_document ? ` (documento ${sig.signer_document})` : ''} não é emissor reconhecido deste documento`;
  }
  return 'o certificado não leva a uma autoridade reconhecida';
}

export function signatureLine(doc) {
  const sig = doc.signature;
  if (!sig) return null;
  const name = ELECTRONIC[doc.type] || typeLabel(doc.type);
  const day = sig.signed_at ? fmtDate(sig.signed_at.slice(0, 10)) : '?';
  const by = `pelo ${sig.signer || 'signatário desconhecido'} em ${day}`;
  if (sig.status === 'valid') {
    const revocation = sig.revocation_checked ? 'revogação verificada com os dados do arquivo' : 'revogação não verificada';
    return `${name} autêntico: assinado ${by}${sig.chain ? `, cadeia ${sig.chain}` : ''} (${revocation})`;
  }
  if (sig.status === 'modified') {
    const what = (sig.changes || []).map((c) => `${c.field} assinada ${c.signed ?? 'vazio'}, exibida ${c.shown ?? 'vazio'}`).join('; ');
    return `${name} alterado depois de assinado ${by}${what ? `: ${what}` : ''} (lido como assinado)`;
  }
  if (sig.status === 'invalid') return `${name} com assinatura inválida: o arquivo não corresponde ao que foi assinado`;
  if (sig.status === 'untrusted') return `${name} assinado ${by}, mas ${whyUntrusted(sig)}`;
  if (sig.stated && doc.text_source === 'pdf_text') {
    return `${name} sem assinatura digital, embora se declare assinado: é uma cópia, não o arquivo emitido`;
  }
  return null;
}
