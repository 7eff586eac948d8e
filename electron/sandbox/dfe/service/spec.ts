// What differs between CT-e, CT-e OS and DC-e for the shared route handlers.
import type { z } from 'zod';
import type { IssueEnv, IssueOutcome } from '../issue-cte';
import type { DfeKind } from '../repository';

export interface KindSpec<T> {
  kind: DfeKind;
  prefix: '/cte' | '/cteos' | '/dce';
  modelo: 57 | 67 | 99;
  label: string;
  /** Last path segment of the "document as sent" XML: conhecimento / declaracao. */
  documentXmlName: 'conhecimento' | 'declaracao';
  correctionLetters: boolean;
  schema: z.ZodType<T>;
  /** The company the request is for (emitter, or the DC-e's issuing carrier); null when absent. */
  companyDocument(body: T): string | null;
  /** JSON path named when the company document is missing. */
  companyPath: string;
  issue(body: T, env: IssueEnv): IssueOutcome;
  facts(body: T): {
    serie: number;
    numero: number;
    tipoEmissao: number;
    valorTotal: number;
    tpEmit: number | null;
  };
  ambiente(body: T): 'homologacao' | 'producao';
  referencia(body: T): string | null | undefined;
  /** Simulated web service addresses (debug records). */
  wsAutorizacao: string;
  wsEvento: string;
  wsConsulta: string;
}

interface CteRequest {
  ambiente: 'homologacao' | 'producao';
  referencia?: string | null;
  infCte: {
    ide: { serie: number; nCT: number; tpEmis: number };
    emit: { CNPJ?: string | null; CPF?: string | null };
  };
}

/** A CT-e layout (CT-e, CT-e Simplificado, CT-e OS): same events, consultation and request shape. */
export function cteKindSpec<T extends CteRequest>(
  layout: Pick<KindSpec<T>, 'kind' | 'prefix' | 'modelo' | 'label' | 'schema' | 'issue' | 'wsAutorizacao'> &
    Partial<Pick<KindSpec<T>, 'companyDocument'>> & { valorTotal(body: T): number },
): KindSpec<T> {
  const { valorTotal, ...own } = layout;
  return {
    documentXmlName: 'conhecimento',
    correctionLetters: true,
    companyDocument: (b) => b.infCte.emit.CNPJ ?? b.infCte.emit.CPF ?? null,
    companyPath: 'infCte.emit.CNPJ',
    facts: (b) => ({
      serie: b.infCte.ide.serie,
      numero: b.infCte.ide.nCT,
      tipoEmissao: b.infCte.ide.tpEmis,
      valorTotal: valorTotal(b),
      tpEmit: null,
    }),
    ambiente: (b) => b.ambiente,
    referencia: (b) => b.referencia,
    wsEvento: 'https://sandbox.local/ws/CTeRecepcaoEventoV4',
    wsConsulta: 'https://sandbox.local/ws/CTeConsultaV4',
    ...own,
  };
}
