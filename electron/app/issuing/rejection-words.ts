// What a refusal means in the clerk's words. A 400 from the fiscal API names each problem by the
// JSON path of the request (`infCte.emit.IE`, see the API's error body `errors[].path`); a SEFAZ
// rejection carries a cStat whose meaning the manual gives (fiscal/sefaz-codes.ts holds it). Neither
// is shown raw as "Rejeição 400": the raw text stays beside it in the detail.
import type {
  CteRejectionCode,
  DceRejectionCode,
  MdfeRejectionCode,
  NfeRejectionCode,
  SefazFamily,
} from '../../fiscal/sefaz-codes';
import { sefazRejection } from '../../fiscal/sefaz-codes';
import { formPathOf } from './field-paths';

interface Noun {
  words: string;
  feminine: boolean;
}

const noun = (words: string, feminine = false): Noun => ({ words, feminine });

/** The leaf names of the CT-e/DC-e layouts (MOC Anexo I captions, shortened to the clerk's words). */
const LEAVES: Record<string, Noun> = {
  IE: noun('inscrição estadual', true),
  CNPJ: noun('CNPJ'),
  CPF: noun('CPF'),
  xNome: noun('razão social', true),
  xFant: noun('nome fantasia'),
  fone: noun('telefone'),
  email: noun('e-mail'),
  xLgr: noun('logradouro'),
  nro: noun('número do endereço'),
  xBairro: noun('bairro'),
  cMun: noun('município'),
  xMun: noun('município'),
  UF: noun('UF', true),
  CEP: noun('CEP'),
  CRT: noun('regime tributário'),
  CFOP: noun('CFOP'),
  natOp: noun('natureza da operação', true),
  dhEmi: noun('data de emissão', true),
  UFIni: noun('UF de início', true),
  UFFim: noun('UF de término', true),
  cMunIni: noun('município de início'),
  cMunFim: noun('município de término'),
  vTPrest: noun('valor total da prestação'),
  vRec: noun('valor a receber'),
  vCarga: noun('valor da carga'),
  proPred: noun('produto predominante'),
  RNTRC: noun('RNTRC'),
  TAF: noun('TAF'),
  vBC: noun('base de cálculo do ICMS', true),
  pICMS: noun('alíquota do ICMS', true),
  vICMS: noun('valor do ICMS'),
  xObs: noun('observação', true),
  chave: noun('chave de acesso', true),
};

/** Whose field it is, and where the clerk fixes it when it is not on the form. */
const OWNERS: [RegExp, string, string | null][] = [
  [/\.emit\b/, 'do emitente', 'Empresas'],
  [/\.rem\b/, 'do remetente', null],
  [/\.dest\b/, 'do destinatário', null],
  [/\.exped\b/, 'do expedidor', null],
  [/\.receb\b/, 'do recebedor', null],
  [/\.(toma|toma4)\b/, 'do tomador', null],
];

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The API's own words for one problem, without the "Campo (path) é inválido:" preamble. */
function reasonOf(message: string): string {
  const afterColon = /:\s*([^:]+?)\.?$/.exec(message)?.[1];
  return (afterColon ?? message).trim().replace(/\.$/, '');
}

/**
 * One problem of a 400 in words: "A inscrição estadual do emitente é obrigatória no CT-e OS —
 * cadastre-a em Empresas". Unknown paths keep the API's message.
 */
export function problemInWords(path: string | undefined, message: string): string {
  const reason = reasonOf(message);
  if (!path) return capitalize(reason);
  const segments = path.replace(/\[\d+\]/g, '').split('.');
  const leaf = [...segments].reverse().find((s) => LEAVES[s]);
  const n = leaf ? LEAVES[leaf] : undefined;
  if (!n) return `${capitalize(reason)} (${path}).`;
  const owner = OWNERS.find(([re]) => re.test(path));
  const article = n.feminine ? 'a' : 'o';
  const subject = `${article} ${n.words}${owner ? ` ${owner[1]}` : ''}`;
  const required = /obrigat[óo]ri[oa](.*)$/i.exec(reason);
  const sentence = required
    ? `${capitalize(subject)} é obrigatóri${article}${required[1]!.replace(/\s*\(.*\)\s*$/, '')}`
    : `${capitalize(subject)} foi recusad${article}: ${reason}`;
  const where = owner?.[2];
  if (!where) return `${sentence}.`;
  return required ? `${sentence} — cadastre-${article} em ${where}.` : `${sentence} — corrija em ${where}.`;
}

export interface FieldProblem {
  /** The form path it names (null when the form has no such field: the emitente is in Empresas). */
  field: string | null;
  message: string;
}

/** Every problem of a refused request, in words, with the form field each names. */
export function problemsOf(problems: { path?: string; message: string }[], fields: string[]): FieldProblem[] {
  const listed = problems.length ? problems : fields.map((path) => ({ path, message: 'valor recusado' }));
  return listed.map((p) => ({
    field: p.path ? formPathOf(p.path) : null,
    message: problemInWords(p.path, p.message),
  }));
}

/**
 * A rejection in the clerk's words. What the code means for the authority (its xMotivo, rule and
 * field) lives in fiscal/sefaz-codes.ts; this is how the app says it and what the clerk does.
 */
interface SefazWords {
  /** The code's meaning, in the clerk's words. */
  meaning: string;
  /** What the clerk does about it. */
  action: string;
}

// The rules every document's authority applies alike (certificate, dates, duplicity).
const CERTIFICADO_VENCIDO: SefazWords = {
  meaning: 'o certificado digital que assina o documento está vencido',
  action: 'Carregue em Empresas um certificado A1 válido.',
};
const CERTIFICADO_DE_OUTRA_EMPRESA: SefazWords = {
  meaning: 'o CNPJ do emitente não é da mesma empresa do certificado digital',
  action: 'Carregue em Empresas o certificado da empresa que emite o documento.',
};
const EMISSAO_NO_FUTURO: SefazWords = {
  meaning: 'a data de emissão é posterior ao momento em que a SEFAZ recebeu o documento',
  action: 'Confira a data e a hora de emissão (horário de Brasília) e o relógio do computador.',
};
const EMISSAO_ATRASADA: SefazWords = {
  meaning: 'a data de emissão está atrasada demais para a SEFAZ aceitar',
  action: 'Use a data e a hora de agora na emissão.',
};
const DUPLICIDADE: SefazWords = {
  meaning: 'já existe um documento autorizado com esta série e número (duplicidade)',
  action: 'Envie de novo: o Carreta já passou ao próximo número.',
};

/**
 * The rejections a carrier meets most, per family; any other code shows the authority's own text.
 * Keyed by the fiscal tables' codes, so a word can only exist for a code the family's authority has.
 */
const SEFAZ_WORDS: {
  readonly cte: Partial<Record<CteRejectionCode, SefazWords>>;
  readonly dce: Partial<Record<DceRejectionCode, SefazWords>>;
  readonly mdfe: Partial<Record<MdfeRejectionCode, SefazWords>>;
  readonly nfe: Partial<Record<NfeRejectionCode, SefazWords>>;
} = {
  cte: {
    212: EMISSAO_NO_FUTURO,
    213: CERTIFICADO_DE_OUTRA_EMPRESA,
    228: EMISSAO_ATRASADA,
    291: CERTIFICADO_VENCIDO,
    519: {
      meaning: 'o CFOP não serve para esta prestação (origem e destino)',
      action:
        'Escolha o CFOP do tipo de prestação: 5xxx dentro do estado, 6xxx entre estados, 7xxx exterior.',
    },
    521: {
      meaning: 'subcontratação e redespacho exigem os documentos de transporte anteriores',
      action: 'Informe os documentos anteriores na etapa Documentos, ou escolha o tipo de serviço Normal.',
    },
    539: DUPLICIDADE,
    747: {
      meaning: 'documentos anteriores só cabem em subcontratação e redespacho',
      action: 'Retire os documentos anteriores ou escolha o tipo de serviço certo.',
    },
  },
  dce: {
    212: EMISSAO_NO_FUTURO,
    213: CERTIFICADO_DE_OUTRA_EMPRESA,
    228: EMISSAO_ATRASADA,
    291: CERTIFICADO_VENCIDO,
    539: DUPLICIDADE,
  },
  mdfe: {
    212: EMISSAO_NO_FUTURO,
    213: CERTIFICADO_DE_OUTRA_EMPRESA,
    291: CERTIFICADO_VENCIDO,
    539: DUPLICIDADE,
  },
  nfe: {},
};

/** The clerk's words for `codigo` of `family`'s authority, if the app has them. */
export function sefazWordsOf(family: SefazFamily, codigo: number): SefazWords | null {
  if (!sefazRejection(family, codigo)) return null;
  const words: Partial<Record<number, SefazWords>> = SEFAZ_WORDS[family];
  return words[codigo] ?? null;
}

/** The codes the app has words for, per family (for the tests that keep them in step). */
export const SEFAZ_WORDS_CODES: Readonly<Record<SefazFamily, readonly number[]>> = {
  cte: Object.keys(SEFAZ_WORDS.cte).map(Number),
  dce: Object.keys(SEFAZ_WORDS.dce).map(Number),
  mdfe: Object.keys(SEFAZ_WORDS.mdfe).map(Number),
  nfe: Object.keys(SEFAZ_WORDS.nfe).map(Number),
};

/**
 * A SEFAZ rejection in words: the code, what it means and what to do. `family` is the authority
 * that answered (a code means different things for a CT-e and an MDF-e).
 */
export function sefazInWords(codigo: number, motivo: string | null, family: SefazFamily = 'cte'): string {
  const known = sefazWordsOf(family, codigo);
  const raw = (motivo ?? '').replace(/^Rejei[çc][ãa]o:\s*/i, '');
  if (!known) return `A SEFAZ rejeitou o documento (código ${codigo}): ${raw || 'sem motivo informado'}.`;
  return `A SEFAZ rejeitou o documento (código ${codigo}): ${known.meaning}. ${known.action}`;
}
