// DcePedidoEmissao from the clerk's DC-e form: the carrier issues (tpEmit 3, group Transportadora)
// on behalf of the remetente, who is the declaration's emitter. Pure and deterministic.
import type { DcePedidoEmissaoInput } from '../requests/dce';
import type { EmissionContext } from './common';
import type { UfOrEx } from './input';
import { compact, documentOf, normalizeDhEmi, round2, ufCode, VER_PROC } from './common';

type InfDCe = DcePedidoEmissaoInput['infDCe'];

/** What the builder reads from a parsed DC-e form (electron/shared/schemas/dce-form.ts). */
export interface DceAddressInput {
  xLgr: string;
  nro: string;
  xCpl?: string;
  xBairro: string;
  cMun: string;
  xMun: string;
  uf: UfOrEx;
  cep: string;
}

export interface DcePartyInput {
  cpfCnpj: string;
  xNome: string;
  fone?: string;
  email?: string;
  endereco: DceAddressInput;
}

export interface DceItemInput {
  xProd: string;
  ncm: string;
  qCom: number;
  vUnCom: number;
  infAdProd?: string;
}

export interface DceInput {
  remetente: DcePartyInput;
  destinatario: DcePartyInput;
  itens: DceItemInput[];
  modTrans: 1 | 2;
  dhEmi?: string;
  observacoes?: string;
  solicitacao?: string;
}

/** tpEmit 3: the carrier generates the DC-e. */
export const DCE_TP_EMIT_TRANSPORTADORA = 3;
/** The API (2.58) requires infSolicDCe; this is what the carrier says when the clerk adds nothing. */
export const DEFAULT_SOLICITACAO =
  'Declaração de conteúdo emitida pela transportadora a pedido do remetente.';

/** vProd of an item: quantity × unit value, in reais. */
export const itemTotal = (item: Pick<DceItemInput, 'qCom' | 'vUnCom'>): number =>
  round2(item.qCom * item.vUnCom);

/** vDC: the sum of the items' vProd (each rounded first, as the items are sent). */
export const dceTotal = (itens: readonly Pick<DceItemInput, 'qCom' | 'vUnCom'>[]): number =>
  round2(itens.reduce((sum, i) => sum + itemTotal(i), 0));

/** enderEmit and enderDest share the layout of the address; only the destinatário's carries e-mail. */
function endereco(
  p: DcePartyInput,
  withEmail: boolean,
): InfDCe['emit']['enderEmit'] & InfDCe['dest']['enderDest'] {
  const a = p.endereco;
  return compact({
    xLgr: a.xLgr,
    nro: a.nro,
    xCpl: a.xCpl,
    xBairro: a.xBairro,
    cMun: a.cMun,
    xMun: a.xMun,
    UF: a.uf,
    CEP: a.cep,
    cPais: '1058' as const,
    xPais: 'Brasil' as const,
    fone: p.fone,
    email: withEmail ? p.email : undefined,
  });
}

export function buildDcePayload(form: DceInput, ctx: EmissionContext): DcePedidoEmissaoInput {
  const carrier = ctx.company;
  const cnpj = carrier.cpf_cnpj;
  const det = form.itens.map((item, i) =>
    compact({
      nItem: i + 1,
      prod: {
        xProd: item.xProd,
        NCM: item.ncm,
        qCom: item.qCom,
        vUnCom: item.vUnCom,
        vProd: itemTotal(item),
      },
      infAdProd: item.infAdProd,
    }),
  );
  return compact({
    infDCe: {
      versao: '1.00',
      ide: {
        cUF: ufCode(carrier.endereco.uf),
        serie: ctx.serie,
        nDC: ctx.numero,
        dhEmi: normalizeDhEmi(form.dhEmi, ctx.dhEmi),
        tpEmis: 1,
        tpEmit: DCE_TP_EMIT_TRANSPORTADORA,
        nSiteAutoriz: 0,
        verProc: ctx.verProc ?? VER_PROC,
      },
      emit: {
        ...documentOf(form.remetente.cpfCnpj),
        xNome: form.remetente.xNome,
        enderEmit: endereco(form.remetente, false),
      },
      Transportadora: { CNPJ: cnpj, xNome: carrier.nome_razao_social.slice(0, 60) },
      dest: {
        ...documentOf(form.destinatario.cpfCnpj),
        xNome: form.destinatario.xNome,
        enderDest: endereco(form.destinatario, true),
      },
      det,
      total: { vDC: dceTotal(form.itens) },
      transp: { modTrans: form.modTrans, CNPJTransp: cnpj },
      infAdic: form.observacoes ? { infCpl: form.observacoes } : undefined,
    },
    infSolicDCe: { xSolic: form.solicitacao ?? DEFAULT_SOLICITACAO },
    ambiente: ctx.ambiente,
    referencia: ctx.referencia,
  });
}
