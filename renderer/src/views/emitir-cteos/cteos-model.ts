// The CT-e OS form as the clerk edits it, validated by cteos-form.ts (the single source of truth).
import { checkValores } from '../../../../electron/shared/schemas/cte-form';
import { cteOsFormSchema } from '../../../../electron/shared/schemas/cteos-form';
import type { FieldErrors, Money, PartyDraft, PlaceDraft } from '../../components/cte/form-model';
import { emptyParty, ICMS_FIELDS, pathKey, withOffset } from '../../components/cte/form-model';

export interface CteOsDraftData {
  geral: { cfop: string; natOp: string; tpServ: number; inicio: PlaceDraft; fim: PlaceDraft; dhEmi: string };
  tomador: PartyDraft;
  valores: { componentes: { xNome: string; vComp: Money }[]; vTPrest: Money; vRec: Money };
  icms: { situacao: string } & Record<string, string | number | null>;
  servico: { xDescServ: string; qCarga: Money };
  rodoviario: { taf: string; placa: string };
  observacoes: { xObs: string };
}

export function emptyCteOsDraft(): CteOsDraftData {
  return {
    geral: {
      cfop: '',
      natOp: 'PRESTACAO DE SERVICO DE TRANSPORTE',
      tpServ: 6,
      inicio: { cMun: '', xMun: '', uf: '' },
      fim: { cMun: '', xMun: '', uf: '' },
      dhEmi: '',
    },
    tomador: emptyParty(),
    valores: { componentes: [{ xNome: 'SERVICO', vComp: null }], vTPrest: null, vRec: null },
    icms: { situacao: '00', pICMS: null },
    servico: { xDescServ: '', qCarga: null },
    rodoviario: { taf: '', placa: '' },
    observacoes: { xObs: '' },
  };
}

function clean(value: unknown): unknown {
  if (value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.map(clean);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const c = clean(v);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  return value;
}

export function toCteOsInput(d: CteOsDraftData): Record<string, unknown> {
  const icms: Record<string, unknown> = { situacao: d.icms.situacao };
  for (const f of ICMS_FIELDS[d.icms.situacao] ?? []) icms[f] = d.icms[f];
  return clean({
    geral: { ...d.geral, dhEmi: withOffset(d.geral.dhEmi) },
    tomador: d.tomador,
    valores: d.valores,
    impostos: { icms },
    servico: d.servico,
    rodoviario: d.rodoviario,
    observacoes: d.observacoes,
  }) as Record<string, unknown>;
}

export function validateCteOs(d: CteOsDraftData): FieldErrors {
  const errors: FieldErrors = {};
  const result = cteOsFormSchema.safeParse(toCteOsInput(d));
  if (!result.success) for (const issue of result.error.issues) errors[pathKey(issue.path)] ??= issue.message;
  const v = d.valores;
  if (v.vTPrest !== null && v.componentes.every((c) => c.vComp !== null)) {
    const componentes = v.componentes as { xNome: string; vComp: number }[];
    checkValores(
      { componentes, vTPrest: v.vTPrest, vRec: v.vRec ?? 0 },
      { addIssue: (i) => void (errors[pathKey(i.path)] ??= i.message) },
    );
  }
  return errors;
}
