// The service configurations as the Serviços cards edit them, and their conversion to and from
// what `serviceConfig:get|set` carry. Values the cards do not show (NFS-e tax regime, city hall
// login) are kept from the stored configuration.
import type { ServiceKind } from '@shared/schemas/service-config';
import { serviceConfigSchemas } from '@shared/schemas/service-config';
import type { FieldErrors } from '../../composables/field-errors';

export type Ambiente = 'homologacao' | 'producao';

export interface ServiceForms {
  cte: { CRT: number | null; ambiente: Ambiente };
  cteos: { CRT: number | null; ambiente: Ambiente };
  dce: { ambiente: Ambiente };
  distnfe: {
    ambiente: Ambiente;
    distribuicao_automatica: boolean;
    distribuicao_intervalo_horas: number | null;
    ciencia_automatica: boolean;
  };
  nfse: { ambiente: Ambiente; rps: { lote: number | null; serie: string; numero: number | null } };
}

export const serviceKinds: ServiceKind[] = ['cte', 'cteos', 'dce', 'distnfe', 'nfse'];

export const crtOptions = [
  { value: 1, label: '1 – Simples Nacional' },
  { value: 2, label: '2 – Simples Nacional – excesso de sublimite' },
  { value: 3, label: '3 – Regime normal' },
  { value: 4, label: '4 – MEI' },
];

export const ambienteOptions: { value: Ambiente; label: string }[] = [
  { value: 'homologacao', label: 'Homologação (testes)' },
  { value: 'producao', label: 'Produção' },
];

type Stored = Record<string, unknown> | null;

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const amb = (value: unknown, fallback: Ambiente): Ambiente =>
  value === 'producao' || value === 'homologacao' ? value : fallback;

export function defaultServiceForms(ambiente: Ambiente): ServiceForms {
  return {
    cte: { CRT: null, ambiente },
    cteos: { CRT: null, ambiente },
    dce: { ambiente },
    distnfe: {
      ambiente,
      distribuicao_automatica: true,
      distribuicao_intervalo_horas: 1,
      ciencia_automatica: false,
    },
    nfse: { ambiente, rps: { lote: 1, serie: '1', numero: 1 } },
  };
}

/** Fills one card from the stored configuration (null: never configured, defaults stay). */
export function applyStored(forms: ServiceForms, kind: ServiceKind, stored: Stored): void {
  if (!stored) return;
  const a = forms[kind].ambiente;
  switch (kind) {
    case 'cte':
    case 'cteos':
      forms[kind] = { CRT: num(stored.CRT), ambiente: amb(stored.ambiente, a) };
      break;
    case 'dce':
      forms.dce = { ambiente: amb(stored.ambiente, a) };
      break;
    case 'distnfe':
      forms.distnfe = {
        ambiente: amb(stored.ambiente, a),
        distribuicao_automatica: stored.distribuicao_automatica === true,
        distribuicao_intervalo_horas: num(stored.distribuicao_intervalo_horas),
        ciencia_automatica: stored.ciencia_automatica === true,
      };
      break;
    case 'nfse': {
      const rps = (stored.rps ?? {}) as Record<string, unknown>;
      forms.nfse = {
        ambiente: amb(stored.ambiente, a),
        rps: {
          lote: num(rps.lote),
          serie: typeof rps.serie === 'string' ? rps.serie : '',
          numero: num(rps.numero),
        },
      };
      break;
    }
  }
}

/** What `serviceConfig:set` receives for a card: the stored extras plus the edited fields. */
export function configOf(forms: ServiceForms, kind: ServiceKind, stored: Stored): Record<string, unknown> {
  const base = { ...(stored ?? {}) };
  switch (kind) {
    case 'cte':
    case 'cteos': {
      const { CRT, ambiente } = forms[kind];
      const config: Record<string, unknown> = { ...base, ambiente };
      if (CRT == null) delete config.CRT;
      else config.CRT = CRT;
      return config;
    }
    case 'dce':
      return { ...base, ...forms.dce };
    case 'distnfe': {
      const f = forms.distnfe;
      return {
        ...base,
        ambiente: f.ambiente,
        distribuicao_automatica: f.distribuicao_automatica,
        ciencia_automatica: f.ciencia_automatica,
        ...(f.distribuicao_automatica
          ? { distribuicao_intervalo_horas: f.distribuicao_intervalo_horas }
          : {}),
      };
    }
    case 'nfse':
      return { ...base, ambiente: forms.nfse.ambiente, rps: { ...forms.nfse.rps } };
  }
}

/** Field problems of a card, by the path inside its configuration (`rps.serie`). */
export function validateService(kind: ServiceKind, config: Record<string, unknown>): FieldErrors {
  const parsed = serviceConfigSchemas[kind].safeParse(config);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.code === 'invalid_type' ? 'Preencha este campo.' : issue.message;
  }
  return errors;
}
