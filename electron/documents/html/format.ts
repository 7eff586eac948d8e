import {
  formatCep,
  formatChave,
  formatCpfCnpj,
  formatMoney,
  formatNumber,
  formatPhone,
} from '../../shared/format';
import type { Endereco, Party } from '../parse/types';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function esc(value: string | undefined): string {
  return (value ?? '').replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** XML decimal text → 'R$ 1.234,56'; '' stays ''. */
export function money(value: string): string {
  if (value.trim() === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? formatMoney(n) : value;
}

export function num(value: string, decimals: number): string {
  if (value.trim() === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? formatNumber(n, decimals) : value;
}

/** Quantities keep only the decimals they carry (up to 4): '14.0000' → '14', '209.8000' → '209,8'. */
export function qty(value: string): string {
  if (value.trim() === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  const decimals = (/\.(\d*?)0*$/.exec(n.toFixed(4))?.[1] ?? '').length;
  return formatNumber(n, decimals);
}

export function percent(value: string): string {
  const text = num(value, 2);
  return text === '' ? '' : `${text}%`;
}

/**
 * The document's own local date/time as written in the XML (its offset), never shifted to the
 * viewer's zone: '2024-03-27T20:17:16-03:00' → '27/03/2024 20:17:16'.
 */
export function xmlDateTime(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}(?::\d{2})?))?/.exec(value.trim());
  if (m === null) return value;
  return `${m[3]}/${m[2]}/${m[1]}${m[4] ? ` ${m[4]}` : ''}`;
}

export function chave(value: string): string {
  return formatChave(value);
}

export function doc(party: Pick<Party, 'CNPJ' | 'CPF' | 'idOutros'> | undefined): string {
  if (party === undefined) return '';
  if (party.CNPJ) return formatCpfCnpj(party.CNPJ);
  if (party.CPF) return formatCpfCnpj(party.CPF);
  return party.idOutros;
}

export function cpfCnpj(value: string): string {
  return value === '' ? '' : formatCpfCnpj(value);
}

export function cep(value: string): string {
  return value === '' ? '' : formatCep(value);
}

export function phone(value: string): string {
  return value === '' ? '' : formatPhone(value);
}

export function street(e: Endereco): string {
  return [[e.xLgr, e.nro].filter(Boolean).join(', '), e.xCpl, e.xBairro].filter(Boolean).join(' - ');
}

export function join(parts: string[], sep = ' - '): string {
  return parts.filter((p) => p !== '').join(sep);
}
