// What every averbadora client offers the app: send one authorized document (or its event) and
// read the answer in one shape, and check the login. The fiscal XML travels as SEFAZ authorized it.
import type { Averbadora } from '../shared/schemas/averbacao';

/** The family of the document, which picks the operation (averbaCTe / averbaNFe / declaraMDFe). */
export type InsurerDocFamily = 'cte' | 'nfe' | 'mdfe';

export interface InsurerDocument {
  family: InsurerDocFamily;
  /** The 44-character access key (AverbePorto finds a duplicate's number by it). */
  chave: string;
  /** The authorized document (cteProc, nfeProc, mdfeProc) or its event (procEvento…). */
  xml: string;
}

export interface InsurerEndpoint {
  averbadora: Averbadora;
  /** Scheme and host (and an optional path prefix) of the service. */
  baseUrl: string;
  usuario: string;
  senha: string;
  /** AT&M only: the AT&M code of the user. */
  codatm?: string;
  /** Read timeout; at least 60 s against the real services (07-open-questions Q-ATM-11). */
  timeoutMs?: number;
}

export interface DadosSeguro {
  numeroAverbacao: string;
  cnpjSeguradora: string | null;
  nomeSeguradora: string | null;
  numApolice: string | null;
  tpMov: string | null;
  tpDdr: string | null;
  valorAverbado: string | null;
  ramo: string | null;
}

export interface InsurerMessage {
  codigo: string;
  descricao: string;
  esperado?: string;
  informado?: string;
}

/** The averbadora registered the document (or its event), now or earlier. */
export interface InsurerRegistered {
  outcome: 'registrado';
  protocolo: string;
  /** The averbadora's instant, ISO with the Brasília offset; null when it sent none. */
  registradoEm: string | null;
  dadosSeguro: DadosSeguro[];
  /** The averbação numbers for the MDF-e (distinct, in the answer's order; Q-ATM-7). */
  numeros: string[];
  /** A resend: the averbadora already had it (AT&M Info 001, AverbePorto `D`). */
  jaRegistrado: boolean;
  /** Registered as a test (tpAmb 2 at AT&M: protocol "TESTE"). */
  teste: boolean;
  infos: InsurerMessage[];
  raw: string;
}

/** The averbadora answered with errors about the document. */
export interface InsurerRefused {
  outcome: 'recusado';
  erros: InsurerMessage[];
  /** Only the codes the averbadora says to resend by themselves (fiscal/averbacao.ts). */
  retryable: boolean;
  /** A cancellation of a document it never registered (AT&M 908/911). */
  naoEncontrado: boolean;
  raw: string;
}

export type InsurerAnswer = InsurerRegistered | InsurerRefused;

/**
 * Why no answer about the document came back. `rede`/`tempo`/`servidor`: try again later;
 * `credenciais`: the login was refused (nothing to retry until the clerk fixes it); `resposta`: an
 * answer nobody can read (a SOAP Fault about the request, a page that is not the service).
 */
export type InsurerFailureKind = 'rede' | 'tempo' | 'servidor' | 'credenciais' | 'resposta';

export class InsurerFailure extends Error {
  readonly kind: InsurerFailureKind;
  readonly retryable: boolean;
  readonly codigo: string | null;
  readonly detail: string | null;

  constructor(
    kind: InsurerFailureKind,
    message: string,
    options: { codigo?: string | null; detail?: string | null; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'InsurerFailure';
    this.kind = kind;
    this.retryable = kind === 'rede' || kind === 'tempo' || kind === 'servidor';
    this.codigo = options.codigo ?? null;
    this.detail = options.detail ?? null;
  }
}

export interface InsurerLoginCheck {
  ok: boolean;
  message: string;
  detail?: string;
}

export interface InsurerClient {
  readonly averbadora: Averbadora;
  /** Sends the document; throws InsurerFailure when no answer about it came back. */
  send(doc: InsurerDocument): Promise<InsurerAnswer>;
  /** Whether the averbadora accepts the login (never sends a document). */
  checkLogin(): Promise<InsurerLoginCheck>;
}
