// NF-e XML → the CT-e form's remetente, destinatário, cargo and document keys. Each file is
// parsed with the documents' safe parser (no DOCTYPE/ENTITY); a bad file is explained, not fatal.
import type { Repositories } from '../../cache/repositories';
import { parseDocument } from '../../documents/parse/index';
import type { Party } from '../../documents/parse/types';
import { isValidAccessKey } from '../../fiscal/access-key';
import { AppError } from '../../shared/errors';
import { formatCpfCnpj } from '../../shared/format';

export interface PrefillFile {
  name: string;
  base64: string;
}

export interface PrefillResult {
  remetente: Record<string, unknown> | null;
  destinatario: Record<string, unknown> | null;
  carga: { vCarga: number; pesoBruto: number; pesoLiquido: number; volumes: number };
  chaves: string[];
  problems: { name: string; message: string }[];
  warnings: string[];
}

const MAX_BYTES = 10 * 1024 * 1024;
const num = (v: string): number => (v && Number.isFinite(Number(v)) ? Number(v) : 0);
const r = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/** A parsed NF-e party in the CT-e form's party shape. */
export function formParty(p: Party | undefined): Record<string, unknown> | null {
  if (!p || !(p.CNPJ || p.CPF)) return null;
  const e = p.ender;
  return {
    cpfCnpj: p.CNPJ || p.CPF,
    ie: p.IE || undefined,
    xNome: p.xNome,
    xFant: p.xFant || undefined,
    fone: p.fone || e.fone || undefined,
    email: p.email || undefined,
    endereco: {
      xLgr: e.xLgr,
      nro: e.nro,
      xCpl: e.xCpl || undefined,
      xBairro: e.xBairro,
      cMun: e.cMun,
      xMun: e.xMun,
      uf: e.UF,
      cep: e.CEP || undefined,
    },
  };
}

export async function prefillFromNfe(
  files: PrefillFile[],
  usedElsewhere: (chave: string) => Promise<string | null> = async () => null,
): Promise<PrefillResult> {
  const result: PrefillResult = {
    remetente: null,
    destinatario: null,
    carga: { vCarga: 0, pesoBruto: 0, pesoLiquido: 0, volumes: 0 },
    chaves: [],
    problems: [],
    warnings: [],
  };
  const seen = { remetente: new Map<string, string>(), destinatario: new Map<string, string>() };
  for (const file of files) {
    try {
      const bytes = Buffer.from(file.base64, 'base64');
      if (bytes.length === 0) throw new AppError('xml_empty', 'O arquivo está vazio ou não veio em base64.');
      if (bytes.length > MAX_BYTES) throw new AppError('xml_too_large', 'O arquivo passa de 10 MB.');
      const view = parseDocument(bytes.toString('utf8'));
      if (view.kind !== 'nfe') {
        throw new AppError('not_nfe', 'O arquivo não é o XML de uma NF-e (nfeProc ou NFe).');
      }
      if (!isValidAccessKey(view.chave))
        throw new AppError('nfe_key', 'A chave de acesso da NF-e é inválida.');
      if (result.chaves.includes(view.chave)) {
        result.problems.push({ name: file.name, message: 'Esta NF-e já foi incluída por outro arquivo.' });
        continue;
      }
      result.chaves.push(view.chave);
      result.remetente ??= formParty(view.emit);
      result.destinatario ??= formParty(view.dest);
      noteParty(seen.remetente, view.emit, view.chave);
      noteParty(seen.destinatario, view.dest, view.chave);
      result.carga.vCarga = r(result.carga.vCarga + num(view.totals.vNF), 2);
      for (const vol of view.transp.vol) {
        result.carga.pesoBruto = r(result.carga.pesoBruto + num(vol.pesoB), 4);
        result.carga.pesoLiquido = r(result.carga.pesoLiquido + num(vol.pesoL), 4);
        result.carga.volumes += Math.round(num(vol.qVol));
      }
      const other = await usedElsewhere(view.chave);
      if (other) result.warnings.push(`A NF-e ${view.chave} já consta em outro CT-e (${other}).`);
    } catch (error) {
      const message =
        error instanceof AppError ? error.message : 'O arquivo não pôde ser lido como XML de NF-e.';
      result.problems.push({ name: file.name, message });
    }
  }
  result.warnings.push(...mixedParties(seen.remetente, 'remetentes'));
  result.warnings.push(...mixedParties(seen.destinatario, 'destinatários'));
  return result;
}

/** First key seen per party document: one CT-e carries notes of one remetente and one destinatário. */
function noteParty(seen: Map<string, string>, p: Party | undefined, chave: string): void {
  const doc = p?.CNPJ || p?.CPF;
  // In homologação every name reads the same test text: the document tells the parties apart.
  if (doc && !seen.has(doc)) seen.set(doc, `${p?.xNome || ''} — ${formatCpfCnpj(doc)} (NF-e ${chave})`);
}

function mixedParties(seen: Map<string, string>, label: string): string[] {
  if (seen.size < 2) return [];
  const [first, ...others] = [...seen.values()];
  return [
    `As NF-e têm ${label} diferentes: o formulário usou ${first}; as outras são de ${others.join(', ')}. ` +
      'Confira se todas vão no mesmo CT-e.',
  ];
}

/** Looks for an NF-e key in the payloads this app already sent (authorized or in flight). */
export function keyUsedInOutbox(repos: Repositories, company?: string) {
  return async (chave: string): Promise<string | null> => {
    const row = await repos.db.get<{ serie: number | null; numero: number | null }>(
      `SELECT serie, numero FROM outbox WHERE state IN ('sent', 'sending', 'queued') AND instr(payload_json, ?) > 0
         ${company ? 'AND company = ?' : ''} ORDER BY id DESC LIMIT 1`,
      company ? [chave, company] : [chave],
    );
    return row ? `série ${row.serie ?? '?'}, número ${row.numero ?? '?'}` : null;
  };
}
