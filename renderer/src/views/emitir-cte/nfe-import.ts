// NF-e XML files → the CT-e form: remetente, destinatário, cargo value, weight, volumes and keys.
import { MAX_NFE_XML_BYTES } from '@shared/schemas/issuing';
import { invoke } from '../../bridge';
import type { CteDraftData } from './form-model';
import { keepWarnings } from '../../components/cte/nfe-warnings';
import { mergeParty } from '../../components/cte/party-merge';

export interface ImportReport {
  added: number;
  problems: { name: string; message: string }[];
  warnings: string[];
}

export async function fileToBase64(file: File): Promise<string> {
  // The same cap as the command's input, said before reading a huge file into memory.
  if (file.size > MAX_NFE_XML_BYTES) {
    throw new Error(`O arquivo ${file.name} é grande demais para um XML de NF-e (máximo 5 MB).`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A key as typed so far, uppercase and without its separators: the CNPJ positions of a key may
 * hold letters (alphanumeric CNPJ, from July 2026), so only digits would lose them.
 */
export const keyChars = (text: string): string => text.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** Splits pasted text into candidate keys (layout of TChDFe), separators and spaces ignored. */
export function keysFromText(text: string): string[] {
  const runs =
    text
      .toUpperCase()
      .replace(/[.\-/\s]/g, '')
      .match(/[0-9]{6}[A-Z0-9]{12}[0-9]{26}/g) ?? [];
  return [...new Set(runs)];
}

/** `?nfe=a,b`, `?nfe=a&nfe=b` or both → the keys, in order, once each. */
export function keysOfQuery(value: unknown): string[] {
  const parts = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  return [
    ...new Set(
      parts
        .flatMap((p) => p.split(','))
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
}

export async function importNfe(
  data: CteDraftData,
  files: { name: string; base64: string }[],
  company: string | null,
): Promise<ImportReport> {
  const result = await invoke('cte:prefillFromNfe', { files, company: company ?? undefined });
  if (result.remetente) mergeParty(data.remetente, result.remetente);
  if (result.destinatario) mergeParty(data.destinatario, result.destinatario);
  if (result.chaves.length) {
    if (result.carga.vCarga > 0) data.carga.vCarga = result.carga.vCarga;
    const qty = data.carga.quantidades;
    const setQty = (cUnid: string, tpMed: string, value: number) => {
      if (value <= 0) return;
      const row = qty.find((q) => q.cUnid === cUnid) ?? qty.find((q) => q.qCarga === null);
      if (row) Object.assign(row, { cUnid, tpMed: row.tpMed || tpMed, qCarga: value });
      else qty.push({ cUnid, tpMed, qCarga: value });
    };
    setQty('01', 'PESO BRUTO', result.carga.pesoBruto);
    setQty('03', 'VOLUMES', result.carga.volumes);
  }
  // The route usually runs from the remetente to the destinatário: fill the ends still empty.
  const fillPlace = (place: CteDraftData['geral']['inicio'], from: CteDraftData['remetente']) => {
    if (place.cMun || !from.endereco.cMun) return;
    Object.assign(place, { cMun: from.endereco.cMun, xMun: from.endereco.xMun, uf: from.endereco.uf });
  };
  fillPlace(data.geral.inicio, data.remetente);
  fillPlace(data.geral.fim, data.destinatario);
  const known = new Set(data.documentos.nfe.map((n) => keyChars(n.chave)));
  let added = 0;
  for (const chave of result.chaves) {
    if (known.has(chave)) continue;
    known.add(chave);
    data.documentos.nfe.push({ chave });
    added += 1;
  }
  keepWarnings(data, result.warnings, result.chaves);
  return { added, problems: result.problems, warnings: result.warnings };
}
