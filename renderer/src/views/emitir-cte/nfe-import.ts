// NF-e XML files → the CT-e form: remetente, destinatário, cargo value, weight, volumes and keys.
import { MAX_NFE_XML_BYTES } from '@shared/schemas/issuing';
import type { CommandOutput } from '@shared/contract';
import { formatDate } from '@shared/format';
import { invoke } from '../../bridge';
import type { CteDraftData } from './form-model';
import { keepWarnings } from '../../components/cte/nfe-warnings';
import { mergeParty } from '../../components/cte/party-merge';

export interface ImportReport {
  added: number;
  /** "CT-e 12 de 20/11/2026" when values, product and observations came from the last CT-e of the pair. */
  repeated: string | null;
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
  // Who pays the freight (NF-e modFrete): CIF → remetente, FOB → destinatário; otherwise the
  // clerk chooses (the warning says so).
  if (result.toma === 0 || result.toma === 3) data.geral.toma = result.toma;
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
  const repeated = result.repeat ? repeatLast(data, result.repeat) : null;
  return { added, repeated, problems: result.problems, warnings: result.warnings };
}

type RepeatSource = NonNullable<CommandOutput<'cte:prefillFromNfe'>['repeat']>;

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * The same remetente and destinatário were carried before: what the form still lacks — the freight
 * values, the product, the CFOP and nature, the ICMS and the observations — is taken from that CT-e
 * (what the clerk already typed stays). Answers how the clerk knows that CT-e.
 */
export function repeatLast(data: CteDraftData, last: RepeatSource): string {
  const v = data.valores;
  const noValues = isBlank(v.vTPrest) && v.componentes.every((c) => isBlank(c.vComp));
  if (noValues) {
    v.componentes = last.componentes.map((c) => ({ xNome: c.xNome, vComp: c.vComp }));
    v.vTPrest = last.vTPrest;
    v.vRec = last.vRec;
  }
  if (!data.carga.proPred) data.carga.proPred = last.proPred;
  if (!data.observacoes.xObs && last.xObs) data.observacoes.xObs = last.xObs;
  if (!data.geral.natOp) data.geral.natOp = last.natOp;
  // The last CFOP is right for a route of the same type (it starts with 5 inside the UF, 6 outside).
  const sameType =
    data.geral.inicio.uf &&
    data.geral.fim.uf &&
    last.cfop[0] === (data.geral.inicio.uf === data.geral.fim.uf ? '5' : '6');
  if (sameType) data.geral.cfop = last.cfop;
  if (last.icms) {
    const icms: CteDraftData['impostos']['icms'] = { situacao: last.icms.situacao };
    if (last.icms.pICMS !== undefined) icms.pICMS = last.icms.pICMS;
    if (last.icms.pRedBC !== undefined) icms.pRedBC = last.icms.pRedBC;
    data.impostos.icms = icms;
  }
  const when = last.dataEmissao ? ` de ${formatDate(last.dataEmissao)}` : '';
  return `CT-e ${last.numero ?? '?'}${when}`;
}
