// The API's emission request bodies (Nuvem Fiscal 2.58: CtePedidoEmissao, CteOsPedidoEmissao,
// CteSimpPedidoEmissao, DcePedidoEmissao, MdfePedidoEmissao), written once from the description and
// the XSDs: the sandbox validates with them, the payload builders return their input types, and
// mdfe:issue parses its body with the MDF-e one.
import type { CtePedidoEmissaoInput } from './cte';
import type { CteOsPedidoEmissaoInput } from './cteos';
import type { CteSimpPedidoEmissaoInput } from './cte-simp';
import type { DcePedidoEmissaoInput } from './dce';
import type { MdfePedidoEmissaoInput } from './mdfe';

export type {
  CtePedidoEmissaoInput,
  CteOsPedidoEmissaoInput,
  CteSimpPedidoEmissaoInput,
  DcePedidoEmissaoInput,
  MdfePedidoEmissaoInput,
};

/** The three model-57/67 requests (CT-e, CT-e Simplificado, CT-e OS): each carries an `infCte`. */
export type CteFamilyRequest = CtePedidoEmissaoInput | CteOsPedidoEmissaoInput | CteSimpPedidoEmissaoInput;

/** Any emission request the app sends through the outbox. */
export type DocumentRequest =
  | CtePedidoEmissaoInput
  | CteOsPedidoEmissaoInput
  | CteSimpPedidoEmissaoInput
  | DcePedidoEmissaoInput
  | MdfePedidoEmissaoInput;
