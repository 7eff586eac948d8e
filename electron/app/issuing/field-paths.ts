// Maps what the API or the authority names (JSON paths like `infCte.rem.IE`, SEFAZ rejection codes)
// back to the form's field paths (`remetente.ie`), so the renderer can highlight them.
import type { SefazFamily } from '../../fiscal/sefaz-codes';
import { sefazRejection } from '../../fiscal/sefaz-codes';
import { extractFieldPaths } from '../../nuvemfiscal/errors';
import { mdfeFormPathOf } from './mdfe-field-paths';

const GROUPS: [RegExp, string][] = [
  [/^infCte\.rem\b/, 'remetente'],
  [/^infCte\.dest\b/, 'destinatario'],
  [/^infCte\.exped\b/, 'expedidor'],
  [/^infCte\.receb\b/, 'recebedor'],
  [/^infCte\.ide\.toma4\b/, 'tomador'],
  [/^infCte\.toma\b/, 'tomador'],
];

const PARTY_FIELDS: Record<string, string> = {
  CNPJ: 'cpfCnpj',
  CPF: 'cpfCnpj',
  IE: 'ie',
  xNome: 'xNome',
  xFant: 'xFant',
  fone: 'fone',
  email: 'email',
  xLgr: 'endereco.xLgr',
  nro: 'endereco.nro',
  xCpl: 'endereco.xCpl',
  xBairro: 'endereco.xBairro',
  cMun: 'endereco.cMun',
  xMun: 'endereco.xMun',
  UF: 'endereco.uf',
  CEP: 'endereco.cep',
};

const DIRECT: [RegExp, string][] = [
  [/^infCte\.ide\.CFOP/, 'geral.cfop'],
  [/^infCte\.ide\.natOp/, 'geral.natOp'],
  [/^infCte\.ide\.tpServ/, 'geral.tpServ'],
  [/^infCte\.ide\.dhEmi/, 'geral.dhEmi'],
  [/^infCte\.ide\.(serie|nCT)\b/, 'numeracao'],
  [/^infCte\.ide\.(cMunIni|xMunIni)/, 'geral.inicio.cMun'],
  [/^infCte\.ide\.UFIni/, 'geral.inicio.uf'],
  [/^infCte\.ide\.(cMunFim|xMunFim)/, 'geral.fim.cMun'],
  [/^infCte\.ide\.UFFim/, 'geral.fim.uf'],
  [/^infCte\.ide\.(toma3|indIEToma)/, 'geral.toma'],
  [/^infCte\.ide\.infPercurso/, 'geral.percurso'],
  [/^infCte\.vPrest\.vTPrest/, 'valores.vTPrest'],
  [/^infCte\.vPrest\.vRec/, 'valores.vRec'],
  [/^infCte\.vPrest\.Comp/, 'valores.componentes'],
  [/^infCte\.imp\.IBSCBS/, 'impostos.ibsCbs'],
  [/^infCte\.imp\.ICMS/, 'impostos.icms'],
  [/^infCte\.imp\.infTribFed/, 'impostos.tributosFederais'],
  [/^infCte\.imp/, 'impostos'],
  [/^infCte\.infCTeNorm\.infCarga\.infQ/, 'carga.quantidades'],
  [/^infCte\.infCTeNorm\.infCarga\.vCarga/, 'carga.vCarga'],
  [/^infCte\.infCTeNorm\.infCarga\.proPred/, 'carga.proPred'],
  [/^infCte\.infCTeNorm\.infCarga/, 'carga'],
  [/^infCte\.infCTeNorm\.infDoc\.infNFe/, 'documentos.nfe'],
  [/^infCte\.infCTeNorm\.infDoc\.infDCe/, 'documentos.dce'],
  [/^infCte\.infCTeNorm\.infDoc\.infOutros/, 'documentos.outros'],
  [/^infCte\.infCTeNorm\.infDoc/, 'documentos'],
  [/^infCte\.infCTeNorm\.infModal\.rodo\.RNTRC/, 'rodoviario.rntrc'],
  [/^infCte\.infCTeNorm\.infModal\.rodoOS\.TAF/, 'rodoviario.taf'],
  [/^infCte\.infCTeNorm\.infModal\.rodoOS\.veic/, 'rodoviario.placa'],
  [/^infCte\.infCTeNorm\.infServico/, 'servico'],
  // CT-e Simplificado: deliveries (det → entregas.N), cargo and modal sit directly under infCte.
  [/^infCte\.det/, 'entregas'],
  [/^infCte\.total/, 'entregas'],
  [/^infCte\.infCarga\.infQ/, 'carga.quantidades'],
  [/^infCte\.infCarga\.vCarga/, 'carga.vCarga'],
  [/^infCte\.infCarga\.proPred/, 'carga.proPred'],
  [/^infCte\.infCarga/, 'carga'],
  [/^infCte\.infModal\.rodo\.RNTRC/, 'rodoviario.rntrc'],
  [/^infCte\.compl\.xObs/, 'observacoes.xObs'],
  [/^infCte\.compl\.ObsCont/, 'observacoes.obsCont'],
  [/^infCte\.emit/, 'emitente'],
];

/** One API JSON path → a form path (null when the form has no such field). */
export function formPathOf(apiPath: string): string | null {
  const path = apiPath.replace(/\[(\d+)\]/g, '.$1');
  if (/^infMDFe\b/.test(path)) return mdfeFormPathOf(path);
  for (const [re, group] of GROUPS) {
    const match = re.exec(path);
    if (!match) continue;
    const rest = path.slice(match[0].length).split('.').filter(Boolean);
    const leaf = rest.find((p) => PARTY_FIELDS[p]) ?? '';
    return leaf ? `${group}.${PARTY_FIELDS[leaf]}` : group;
  }
  for (const [re, target] of DIRECT) {
    const match = re.exec(path);
    if (!match) continue;
    const index = /^\.(\d+)/.exec(path.slice(match[0].length));
    return index ? `${target}.${index[1]}` : target;
  }
  return null;
}

/**
 * Form paths for an API message (paths inside it) and, for a SEFAZ rejection, the field its code
 * points at (fiscal/sefaz-codes.ts) — of the family whose authority answered.
 */
export function formPathsOf(
  message: string | undefined,
  extra: string[] = [],
  codigo?: number,
  family: SefazFamily = 'cte',
): string[] {
  const byCode = codigo === undefined ? undefined : sefazRejection(family, codigo)?.field;
  const paths = [...extractFieldPaths(message), ...extra, ...(byCode ? [byCode] : [])]
    .map(formPathOf)
    .filter((p): p is string => p !== null);
  return [...new Set(paths)];
}
