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
