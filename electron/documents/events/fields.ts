// Labels and value formats of the event detail fields, so an event printout never shows a tag path
// or an ISO date. Labels follow the field descriptions of the event schemas (PL_CTe_400 and
// PL_CTe_400_RTC: evCECTe, evIECTe, evEPECCTe, evPrestDesacordo, evGTV, evRegMultimodal,
// evVincPgto, evCancCECTe, evCancIECTe, evCancPrestDesacordo, evCancVincPgto) and of the DC-e events.
import { chave, cpfCnpj, money, phone, xmlDateTime } from '../html/format';
import { TOMA_ROLES } from '../parse/common';
import type { LabeledValue } from '../parse/types';

const LABELS: Readonly<Record<string, string>> = {
  nProt: 'Protocolo de autorização do documento',
  nProtCE: 'Protocolo do comprovante de entrega cancelado',
  nProtIE: 'Protocolo do insucesso de entrega cancelado',
  nProtEvPrestDes: 'Protocolo do evento de desacordo cancelado',
  nProtVincPgto: 'Protocolo da vinculação de pagamento cancelada',
  dhEntrega: 'Data e hora da entrega',
  nDoc: 'Número do documento',
  xNome: 'Nome',
  latitude: 'Latitude',
  longitude: 'Longitude',
  hashEntrega: 'Hash do comprovante de entrega',
  dhHashEntrega: 'Data e hora do hash',
  chNFe: 'Chave da NF-e',
  chCTe: 'Chave do CT-e',
  chDCe: 'Chave da DC-e',
  dhTentativaEntrega: 'Data e hora da tentativa de entrega',
  nTentativa: 'Número da tentativa',
  tpMotivo: 'Motivo do insucesso',
  xJustMotivo: 'Justificativa do motivo',
  hashTentativaEntrega: 'Hash da tentativa de entrega',
  dhHashTentativaEntrega: 'Data e hora do hash',
  indDesacordoOper: 'Operação em desacordo',
  xObs: 'Observações',
  xJust: 'Justificativa',
  vICMS: 'Valor do ICMS',
  vICMSST: 'Valor do ICMS ST',
  vTPrest: 'Valor total da prestação',
  vCarga: 'Valor da carga',
  toma: 'Tomador do serviço',
  UF: 'UF',
  CNPJ: 'CNPJ',
  CPF: 'CPF',
  IE: 'Inscrição estadual',
  modal: 'Modal',
  UFIni: 'UF de início',
  UFFim: 'UF de término',
  tpCTe: 'Tipo do CT-e',
  dhEmi: 'Data e hora de emissão',
  dEmi: 'Data de emissão',
  id: 'Identificador',
  serie: 'Série',
  subserie: 'Subsérie',
  nDV: 'Dígito verificador',
  qCarga: 'Quantidade de volumes',
  tpEspecie: 'Tipo da espécie',
  vEspecie: 'Valor da espécie',
  placa: 'Placa',
  RNTRC: 'RNTRC',
  xRegistro: 'Registro do multimodal',
  nPag: 'Parcela',
  idTransacao: 'Identificador da transação',
  tpMeioPgto: 'Meio de pagamento',
  CNPJReceb: 'CNPJ do recebedor',
  CNPJBasePSP: 'CNPJ base do PSP',
  fone: 'Telefone',
  email: 'E-mail',
};

/** Labels of the groups whose fields are listed under them. */
const GROUPS: Readonly<Record<string, string>> = {
  infEntrega: 'Entrega',
  toma4: 'Tomador',
  infGTV: 'GTV',
  infEspecie: 'Espécie',
  rem: 'Remetente',
  dest: 'Destinatário',
  pgto: 'Pagamento',
  infSolicNFF: 'Solicitação NFF',
};

const CODES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  tpMotivo: {
    '1': 'Recebedor não encontrado',
    '2': 'Recusa do recebedor',
    '3': 'Endereço inexistente',
    '4': 'Outros',
  },
  tpEspecie: { '1': 'Numerário', '2': 'Cheque', '3': 'Moeda', '4': 'Outros' },
  indDesacordoOper: { '1': 'Sim' },
  toma: TOMA_ROLES,
  modal: {
    '01': 'Rodoviário',
    '02': 'Aéreo',
    '03': 'Aquaviário',
    '04': 'Ferroviário',
    '05': 'Dutoviário',
    '06': 'Multimodal',
  },
  tpCTe: { '0': 'Normal', '1': 'Complementar', '2': 'Anulação', '3': 'Substituto' },
};

/** 'hashTentativaEntrega' → 'Hash tentativa entrega', for a field no schema above names. */
function humanize(tag: string): string {
  const words = tag
    .replace(/^(x|n|dh|d|v|tp|ind|q|c)(?=[A-Z])/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldLabel(tag: string): string {
  return LABELS[tag] ?? humanize(tag);
}

export function groupLabel(tag: string): string {
  return GROUPS[tag] ?? humanize(tag);
}

/** The value as the printout shows it: dates dd/mm/aaaa hh:mm, CNPJ/CPF, phones, keys, money, codes. */
export function fieldValue(tag: string, value: string): string {
  const code = CODES[tag]?.[value];
  if (code !== undefined) return `${value} - ${code}`;
  if (/^dh|^d[A-Z]/.test(tag)) return xmlDateTime(value);
  if (/^(CNPJ|CPF)/.test(tag) && /^[0-9A-Z]{11}$|^[0-9A-Z]{14}$/.test(value)) return cpfCnpj(value);
  if (/^ch[A-Z]/.test(tag)) return chave(value);
  if (tag === 'fone') return phone(value);
  if (/^v[A-Z]/.test(tag) && /^\d+(\.\d+)?$/.test(value)) return money(value);
  return value;
}

/** One printed line of an event detail: a field, or a field of a group ("Entrega: Chave da NF-e"). */
export function describeDetail(detail: LabeledValue): LabeledValue {
  const parts = detail.label.split('/');
  const tag = parts[parts.length - 1] ?? detail.label;
  const label = [...parts.slice(0, -1).map(groupLabel), fieldLabel(tag.replace(/^@_/, ''))].join(' – ');
  return { label, value: fieldValue(tag.replace(/^@_/, ''), detail.value) };
}
