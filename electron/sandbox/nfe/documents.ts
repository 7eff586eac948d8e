// Shapes of what the inbox distributes: the description's DistribuicaoNfeDocumento, and the
// facts the inbox keeps about each note.
import { isoSeconds } from './format';
import type { NoteRole } from './generator';
import type { NoteContent } from './nfe-xml';
import type { NoteSummary } from './proc-xml';

export const SCHEMAS = {
  resNFe: 'resNFe_v1.01.xsd',
  procNFe: 'procNFe_v4.00.xsd',
  resEvento: 'resEvento_v1.01.xsd',
  procEvento: 'procEventoNFe_v1.00.xsd',
} as const;

/** `DistribuicaoNfeDocumento` of the description. */
export interface DistDocument {
  id: string;
  created_at: string;
  nsu: number;
  schema: string;
  tipo_documento: 'nota' | 'evento';
  resumo: boolean;
  chave_acesso: string | null;
  tipo_nfe?: number | null;
  valor_nfe?: number | null;
  emitente_cpf_cnpj?: string | null;
  emitente_nome_razao_social?: string | null;
  emitente_inscricao_estadual?: string | null;
  digest_value?: string | null;
  numero_protocolo?: string | null;
  data_recebimento?: string | null;
  data_evento?: string | null;
  tipo_evento?: string | null;
  numero_sequencial?: number | null;
}
export type DocumentBody = Omit<DistDocument, 'id' | 'created_at' | 'nsu'>;

/** What the inbox keeps about a note (the PDF and the manifestation rules read it). */
export interface NoteRecord {
  chave: string;
  role: NoteRole;
  cancelled: boolean;
  dhRecbto: number;
  destCnpj: string;
  numeroProtocolo: string;
  digestValue: string;
  emitCnpj: string;
  emitNome: string;
  emitIe: string;
  dhEmi: string;
  vNF: number;
  content: Omit<NoteContent, 'dhEmi'> & { dhEmi: string };
}

/** The authorization facts of a stored note, as the summary documents carry them. */
export function summaryOf(n: NoteRecord, tpAmb: 1 | 2): NoteSummary {
  return {
    chave: n.chave,
    tpAmb,
    dhRecbto: new Date(n.dhRecbto),
    nProt: n.numeroProtocolo,
    digVal: n.digestValue,
    emitCnpj: n.emitCnpj,
    emitNome: n.emitNome,
    emitIe: n.emitIe,
    dhEmi: new Date(n.dhEmi),
    vNF: n.vNF,
    cSitNFe: n.cancelled ? 3 : 1,
  };
}

export function noteDocumentBody(s: NoteSummary, full: boolean): DocumentBody {
  return {
    schema: full ? SCHEMAS.procNFe : SCHEMAS.resNFe,
    tipo_documento: 'nota',
    resumo: !full,
    chave_acesso: s.chave,
    tipo_nfe: 1,
    valor_nfe: s.vNF,
    emitente_cpf_cnpj: s.emitCnpj,
    emitente_nome_razao_social: s.emitNome,
    emitente_inscricao_estadual: s.emitIe,
    digest_value: s.digVal,
    numero_protocolo: s.nProt,
    data_recebimento: isoSeconds(s.dhRecbto),
    data_evento: null,
    tipo_evento: null,
    numero_sequencial: null,
  };
}
