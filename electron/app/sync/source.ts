import type { NuvemFiscalClient } from '../../nuvemfiscal';
import { ApiError } from '../../nuvemfiscal';
import type { ApiRecord, DocKind } from '../../cache/repositories/types';

export interface SourceFile {
  data: Buffer;
  contentType: string;
}

/** What a sync reads from the fiscal API; a narrow seam so the kill test can feed a huge fake list. */
export interface SyncSource {
  empresas(): Promise<string[]>;
  listar(
    kind: DocKind,
    filter: { cpf_cnpj: string; ambiente: 'homologacao' | 'producao' },
    page: { top: number; skip: number },
  ): Promise<{ data: ApiRecord[] }>;
  consultar(kind: DocKind, id: string): Promise<ApiRecord>;
  xml(kind: DocKind, id: string): Promise<SourceFile>;
  cancelamento(kind: DocKind, id: string): Promise<EventRecord>;
  xmlCancelamento(kind: DocKind, id: string): Promise<SourceFile>;
  /** The latest correction letter (CT-e and CT-e OS only). */
  cartaCorrecao(kind: 'cte' | 'cteos', id: string): Promise<EventRecord>;
  xmlCartaCorrecao(kind: 'cte' | 'cteos', id: string): Promise<SourceFile>;
}

export interface EventRecord {
  id?: string | null;
  status?: string | null;
  numero_sequencial?: number | null;
  numero_protocolo?: string | null;
  data_evento?: string | null;
  data_recebimento?: string | null;
  [key: string]: unknown;
}

export function clientSource(client: NuvemFiscalClient): SyncSource {
  return {
    async empresas() {
      const ids: string[] = [];
      for (let skip = 0; ; skip += 100) {
        const page = await client.empresas.listar({}, { top: 100, skip });
        ids.push(...page.data.map((e) => e.cpf_cnpj));
        if (page.data.length < 100) return ids;
      }
    },
    listar: (kind, filter, page) => client[kind].listar(filter, page),
    consultar: (kind, id) => client[kind].consultar(id),
    xml: (kind, id) => client[kind].xml(id),
    cancelamento: (kind, id) => client[kind].cancelamento(id),
    xmlCancelamento: (kind, id) => client[kind].xmlCancelamento(id),
    cartaCorrecao: (kind, id) => client[kind].cartaCorrecao(id),
    xmlCartaCorrecao: (kind, id) => client[kind].xmlCartaCorrecao(id),
  };
}

/** No network now: wait and try again later, nothing is wrong with the data. */
export function isOffline(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.kind === 'offline' || error.kind === 'dns' || error.kind === 'timeout')
  );
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 404;
}
