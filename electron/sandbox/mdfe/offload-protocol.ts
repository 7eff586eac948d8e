// The messages between the sandbox and its MDF-e worker (offload.ts ↔ issue-worker.ts). Everything
// in them survives the structured clone: plain data and Dates, no functions.
import type { ValidationItem } from '../http/validate';
import type { MdfeIssueEnv, MdfeIssueOutcome } from './issue';
import type { MdfePedidoEmissao } from '../../fiscal/requests/mdfe';

/** Without `random`: a function cannot cross to the worker (such requests are signed in place). */
export type PortableEnv = Omit<MdfeIssueEnv, 'random'>;

export type WorkerRequest =
  /**
   * Validate a request body — parsed, or JSON `text` still to parse; the worker keeps the valid one
   * under `id` for the `issue` to come.
   */
  | { type: 'validate'; id: number; input?: unknown; text?: string }
  /** Build, sign and check the request kept under `id` (or the one sent along). */
  | { type: 'issue'; id: number; env: PortableEnv; body?: MdfePedidoEmissao }
  /** Forget the request kept under `id` (refused before issuing). */
  | { type: 'drop'; id: number };

export type WorkerReply =
  | { id: number; type: 'valid'; head: MdfePedidoEmissao }
  | { id: number; type: 'invalid'; errors: ValidationItem[] }
  /** `text` is not acceptable JSON: the 400's message. */
  | { id: number; type: 'malformed'; message: string }
  | { id: number; type: 'issued'; outcome: MdfeIssueOutcome }
  | { id: number; type: 'failed'; message: string; stack: string };

/**
 * The request without its document lists (infCTe, infNFe, infMDFeTransp of each unloading
 * municipality): what the sandbox reads of it around the signing (emitter, série, número, route,
 * plate, totals). The lists stay in the worker — they are what makes a request large.
 */
export function headOf(body: MdfePedidoEmissao): MdfePedidoEmissao {
  const inf = body.infMDFe;
  return {
    ...body,
    infMDFe: {
      ...inf,
      infDoc: {
        infMunDescarga: inf.infDoc.infMunDescarga.map((m) => ({
          cMunDescarga: m.cMunDescarga,
          xMunDescarga: m.xMunDescarga,
        })),
      },
    },
  };
}
