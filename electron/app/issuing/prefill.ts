// NF-e XML → the CT-e form's remetente, destinatário, cargo and document keys. Each file is
// parsed with the documents' safe parser (no DOCTYPE/ENTITY); a bad file is explained, not fatal.
import type { Repositories } from '../../cache/repositories';
import { parseDocument } from '../../documents/parse/index';
import type { NfeView, Party } from '../../documents/parse/types';
import { isValidAccessKey, parseAccessKey } from '../../fiscal/access-key';
import { MOD_FRETE_LABELS, isModFrete, tomaFromModFrete } from '../../fiscal/nfe-frete';
import type { ModFrete } from '../../fiscal/nfe-frete';
import { AppError } from '../../shared/errors';
import { formatCpfCnpj } from '../../shared/format';
import type { PrefillParty } from '../../shared/schemas/issuing';

export interface PrefillFile {
  name: string;
  base64: string;
}

export interface PrefillResult {
  remetente: PrefillParty | null;
  destinatario: PrefillParty | null;
  carga: { vCarga: number; pesoBruto: number; pesoLiquido: number; volumes: number };
  chaves: string[];
  /** The first note's transp/modFrete (NF-e X02), null when absent or outside the table. */
  modFrete: ModFrete | null;
  /** The CT-e tomador the notes name (toma3: 0 remetente, 3 destinatário); null: ask the clerk. */
  toma: 0 | 3 | null;
  problems: { name: string; message: string }[];
  warnings: string[];
}

const MAX_BYTES = 10 * 1024 * 1024;
const num = (v: string): number => (v && Number.isFinite(Number(v)) ? Number(v) : 0);
const r = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/**
 * A buyer abroad (idEstrangeiro, UF "EX"): the CT-e names a party not established in Brazil by a
 * CNPJ of zeros (MOC CT-e Anexo I, CNPJ of rem/dest: "Em caso de empresa não estabelecida no
 * Brasil, será informado o CNPJ com zeros").
 */
export const FOREIGN_CNPJ = '00000000000000';

export function isForeign(p: Party | undefined): boolean {
  return (
    p !== undefined &&
    !(p.CNPJ || p.CPF) &&
    (p.ender.UF === 'EX' || p.idOutros !== '' || p.ender.xPais !== '')
  );
}

/** A parsed NF-e party in the CT-e form's party shape. */
export function formParty(p: Party | undefined): PrefillParty | null {
  if (!p) return null;
  const foreign = isForeign(p);
  if (!(p.CNPJ || p.CPF) && !foreign) return null;
  const e = p.ender;
  return {
    cpfCnpj: foreign ? FOREIGN_CNPJ : p.CNPJ || p.CPF,
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
      cMun: foreign ? '9999999' : e.cMun,
      xMun: foreign ? e.xMun || 'EXTERIOR' : e.xMun,
      uf: foreign ? 'EX' : e.UF,
      cep: e.CEP || undefined,
      xPais: e.xPais || undefined,
    },
  };
}

const SITUACAO_WARNING: Partial<Record<NfeView['situacao'], string>> = {
  cancelada: 'está CANCELADA (protocolo de cancelamento ou evento 110111 no XML)',
  denegada: 'teve o uso DENEGADO',
  'sem-protocolo': 'não tem protocolo de autorização no XML (pode não ter sido autorizada)',
  'nao-autorizada': 'não foi autorizada (o protocolo do XML não é de autorização)',
};

/** What the clerk must confirm about one NF-e before sending a CT-e that carries it. */
export function nfeWarnings(view: NfeView): string[] {
  const warnings: string[] = [];
  const label = `A NF-e ${view.ide.serie}/${view.ide.nNF} (${view.chave})`;
  const situacao = SITUACAO_WARNING[view.situacao];
  if (situacao) warnings.push(`${label} ${situacao}. Confirme antes de emitir o CT-e.`);
  if (view.ide.tpNF === '0')
    warnings.push(
      `${label} é uma nota de ENTRADA (tpNF 0): a mercadoria vai do destinatário da nota para o emitente, por isso o remetente e o destinatário do CT-e foram trocados. Confira.`,
    );
  const fromKey = parseAccessKey(view.chave, { ignoreCheckDigit: true })?.cnpj ?? '';
  const emitDoc = (view.emit.CNPJ || view.emit.CPF).padStart(14, '0');
  if (fromKey !== '' && emitDoc !== '00000000000000' && fromKey !== emitDoc)
    warnings.push(
      `${label}: o CNPJ da chave (${formatCpfCnpj(fromKey)}) não é o do emitente da nota (${formatCpfCnpj(view.emit.CNPJ || view.emit.CPF)}). Confira se o arquivo é o original.`,
    );
  for (const [role, p] of [
    ['destinatário', view.ide.tpNF === '0' ? view.emit : view.dest],
    ['remetente', view.ide.tpNF === '0' ? view.dest : view.emit],
  ] as const) {
    if (isForeign(p))
      warnings.push(
        `O ${role} da NF-e ${view.chave} é estrangeiro (${[p?.xNome, p?.idOutros ? `id ${p.idOutros}` : '', p?.ender.xPais].filter(Boolean).join(', ')}): foi preenchido com UF EX, município 9999999 e CNPJ com zeros, como o MOC pede para quem não é estabelecido no Brasil. Confira o endereço.`,
      );
  }
  return warnings;
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
    modFrete: null,
    toma: null,
    problems: [],
    warnings: [],
  };
  const modes = new Map<ModFrete, string>();
  const seen = { remetente: new Map<string, string>(), destinatario: new Map<string, string>() };
  for (const file of files) {
    try {
      const bytes = Buffer.from(file.base64, 'base64');
      if (bytes.length === 0) throw new AppError('xml_empty', 'O arquivo está vazio ou não veio em base64.');
      if (bytes.length > MAX_BYTES) throw new AppError('xml_too_large', 'O arquivo passa de 10 MB.');
      const view = parseDocument(bytes.toString('utf8'));
      if (view.kind !== 'nfe') {
        throw new AppError(
          'not_nfe',
          'O arquivo não é o XML de uma NF-e. Escolha o arquivo .xml da nota fiscal (o que acompanha a nota autorizada).',
        );
      }
      if (!isValidAccessKey(view.chave))
        throw new AppError('nfe_key', 'A chave de acesso da NF-e é inválida.');
      if (result.chaves.includes(view.chave)) {
        result.problems.push({ name: file.name, message: 'Esta NF-e já foi incluída por outro arquivo.' });
        continue;
      }
      result.chaves.push(view.chave);
      // An entry note (tpNF 0) is issued by whoever receives the goods: the parties swap.
      const entrada = view.ide.tpNF === '0';
      const remetente = entrada ? view.dest : view.emit;
      const destinatario = entrada ? view.emit : view.dest;
      result.remetente ??= formParty(remetente);
      result.destinatario ??= formParty(destinatario);
      noteParty(seen.remetente, remetente, view.chave);
      noteParty(seen.destinatario, destinatario, view.chave);
      result.warnings.push(...nfeWarnings(view));
      if (isModFrete(view.transp.modFrete) && !modes.has(view.transp.modFrete))
        modes.set(view.transp.modFrete, view.chave);
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
  Object.assign(result, freightPayer(modes, result.warnings));
  result.warnings.push(...mixedParties(seen.remetente, 'remetentes'));
  result.warnings.push(...mixedParties(seen.destinatario, 'destinatários'));
  return result;
}

/**
 * The tomador from who pays the freight (NF-e transp/modFrete, see fiscal/nfe-frete): CIF → the
 * remetente, FOB → the destinatário; for terceiros or "sem frete", and for notes that disagree,
 * the form's choice stays and the clerk is told to pick the tomador.
 */
function freightPayer(
  modes: Map<ModFrete, string>,
  warnings: string[],
): Pick<PrefillResult, 'modFrete' | 'toma'> {
  const [first] = modes.keys();
  if (first === undefined) return { modFrete: null, toma: null };
  if (modes.size > 1) {
    const list = [...modes].map(([m, chave]) => `${MOD_FRETE_LABELS[m]} (NF-e ${chave})`).join('; ');
    warnings.push(`As NF-e indicam modalidades de frete diferentes: ${list}. Escolha o tomador do serviço.`);
    return { modFrete: first, toma: null };
  }
  const toma = tomaFromModFrete(first);
  if (toma === null) {
    warnings.push(
      `A NF-e indica frete ${MOD_FRETE_LABELS[first]} (modFrete ${first}): ela não diz quem contrata o transporte. Escolha o tomador do serviço.`,
    );
  }
  return { modFrete: first, toma };
}

/** First key seen per party document: one CT-e carries notes of one remetente and one destinatário. */
function noteParty(seen: Map<string, string>, p: Party | undefined, chave: string): void {
  const doc = p?.CNPJ || p?.CPF || (p?.idOutros ? `EX ${p.idOutros}` : '');
  // In homologação every name reads the same test text: the document tells the parties apart.
  if (doc && !seen.has(doc))
    seen.set(doc, `${p?.xNome || ''} — ${doc.startsWith('EX ') ? doc : formatCpfCnpj(doc)} (NF-e ${chave})`);
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
