// The DC-e form as the clerk edits it: every field present (empty strings and nulls while unfilled).
// `toSchemaInput` turns it into what dce-form.ts validates, so the zod schema stays the single
// source of the messages and the paths.
import { dceFormSchema, dceTotal, itemTotal } from '@shared/schemas/dce-form';

export interface DceAddressDraft {
  xLgr: string;
  nro: string;
  xCpl: string;
  xBairro: string;
  cMun: string;
  xMun: string;
  uf: string;
  cep: string;
}
export interface DcePartyDraft {
  cpfCnpj: string;
  xNome: string;
  fone: string;
  email: string;
  endereco: DceAddressDraft;
}
export interface DceItemDraft {
  xProd: string;
  ncm: string;
  qCom: number | null;
  vUnCom: number | null;
  infAdProd: string;
}
export interface DceDraftData {
  remetente: DcePartyDraft;
  destinatario: DcePartyDraft;
  itens: DceItemDraft[];
  modTrans: 1 | 2;
  observacoes: string;
}
export type FieldErrors = Record<string, string>;

const emptyAddress = (): DceAddressDraft => ({
  xLgr: '',
  nro: '',
  xCpl: '',
  xBairro: '',
  cMun: '',
  xMun: '',
  uf: '',
  cep: '',
});
export const emptyParty = (): DcePartyDraft => ({
  cpfCnpj: '',
  xNome: '',
  fone: '',
  email: '',
  endereco: emptyAddress(),
});
export const emptyItem = (): DceItemDraft => ({ xProd: '', ncm: '', qCom: 1, vUnCom: null, infAdProd: '' });
export const emptyDceDraft = (): DceDraftData => ({
  remetente: emptyParty(),
  destinatario: emptyParty(),
  itens: [emptyItem()],
  modTrans: 2,
  observacoes: '',
});

const opt = (v: string): string | undefined => (v.trim() ? v : undefined);
const party = (p: DcePartyDraft) => ({
  cpfCnpj: p.cpfCnpj,
  xNome: p.xNome,
  fone: opt(p.fone),
  email: opt(p.email),
  endereco: { ...p.endereco, xCpl: opt(p.endereco.xCpl) },
});

export function toSchemaInput(d: DceDraftData) {
  return {
    remetente: party(d.remetente),
    destinatario: party(d.destinatario),
    itens: d.itens.map((i) => ({
      xProd: i.xProd,
      ncm: i.ncm,
      qCom: i.qCom ?? undefined,
      vUnCom: i.vUnCom ?? undefined,
      infAdProd: opt(i.infAdProd),
    })),
    modTrans: d.modTrans,
    observacoes: opt(d.observacoes),
  };
}

/** The first message per path, as the form shows it. */
export function validateDce(d: DceDraftData): FieldErrors {
  const result = dceFormSchema.safeParse(toSchemaInput(d));
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** Line total while typing (0 until both numbers are filled). */
export const lineTotal = (i: DceItemDraft): number =>
  i.qCom !== null && i.vUnCom !== null ? itemTotal({ qCom: i.qCom, vUnCom: i.vUnCom }) : 0;

export const draftTotal = (d: DceDraftData): number =>
  dceTotal(d.itens.map((i) => ({ qCom: i.qCom ?? 0, vUnCom: i.vUnCom ?? 0 })));

export const brl = (v: number): string => v.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });

const STATUS: Record<string, string> = {
  autorizado: 'Autorizada',
  cancelado: 'Cancelada',
  rejeitado: 'Rejeitada',
  denegado: 'Denegada',
  pendente: 'Em processamento',
  erro: 'Com erro',
  recusado: 'Recusada pela API',
  nao_enviado: 'Aguardando envio',
};
/** The situation as the clerk reads it (a DC-e is feminine: "declaração"). */
export const statusLabel = (status: unknown): string => STATUS[String(status)] ?? String(status ?? '');
