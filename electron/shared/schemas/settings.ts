import { z } from 'zod';

import { environmentSchema } from './app';
import { insurerSettingsSchema } from './averbacao';
import { companyDefaultsSchema } from './company-defaults';
import { smtpSettingsSchema } from './mail';
import { isSafeApiUrl } from './url-safety';

export { isLoopbackHostname, isSafeApiUrl } from './url-safety';

const hostUrl = z
  .string()
  .trim()
  .url('Informe um endereço completo, por exemplo https://api.nuvemfiscal.com.br')
  .refine(
    isSafeApiUrl,
    'O endereço deve começar com https:// (http:// só é aceito para um sandbox neste computador, 127.0.0.1).',
  );

export const apiHostsSchema = z.object({
  api: hostUrl,
  auth: hostUrl,
});
export type ApiHosts = z.infer<typeof apiHostsSchema>;

export const defaultScopes = 'conta empresa cep cnpj cte mdfe nfe distribuicao-nfe dce debug';

/** Settings the user sees and edits. Never holds a secret. */
export const settingsSchema = z.object({
  environment: environmentSchema,
  hosts: z.object({ sandbox: apiHostsSchema, producao: apiHostsSchema }),
  scopes: z.string().trim().min(1).max(500),
  selectedCompany: z.string().max(14).nullable(),
  /** The printer chosen for direct printing of DACTE/DACE; absent: the system dialog. */
  printer: z.string().trim().max(200).nullable().optional(),
  /** This workstation's série per model (two offices issuing in parallel use different séries). */
  series: z
    .object({
      cte: z.number().int().min(0).max(999),
      cteos: z.number().int().min(0).max(999),
      dce: z.number().int().min(0).max(999),
      mdfe: z.number().int().min(0).max(999),
    })
    .partial()
    .optional(),
  /** Outgoing mail for sending documents; the password is in the secret store, never here. */
  smtp: smtpSettingsSchema.optional(),
  /** Per company: the TAF / registro estadual of its last authorized CT-e OS, offered on the next. */
  /** One-shot upgrades already applied to these settings (see upgradeSettings). */
  upgrades: z.array(z.string().max(40)).max(50).optional(),
  cteosRodo: z
    .record(
      z.string().max(14),
      z.object({ taf: z.string().regex(/^\d{0,12}$/), nroRegEstadual: z.string().regex(/^\d{0,25}$/) }),
    )
    .optional(),
  /** Per company: what every CT-e repeats (RNTRC, CFOP by route, ICMS, série, observations). */
  companyDefaults: z.record(z.string().max(14), companyDefaultsSchema).optional(),
  /** Per environment and company: the averbadora of the cargo insurance (its password is a secret). */
  averbacao: z
    .partialRecord(environmentSchema, z.record(z.string().max(14), insurerSettingsSchema))
    .optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = {
  environment: 'demonstracao',
  hosts: {
    sandbox: {
      api: 'https://api.sandbox.nuvemfiscal.com.br',
      auth: 'https://auth.nuvemfiscal.com.br/oauth/token',
    },
    producao: { api: 'https://api.nuvemfiscal.com.br', auth: 'https://auth.nuvemfiscal.com.br/oauth/token' },
  },
  scopes: defaultScopes,
  selectedCompany: null,
  upgrades: ['mdfe-scope'],
};

export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/**
 * One-shot upgrades of settings saved by an older version. `mdfe-scope`: the token's scope list
 * saved before the MDF-e existed lacks `mdfe`, so every /mdfe call would answer 403; it is added
 * once, and a user who removes it afterwards keeps it removed. Returns null when nothing changed.
 */
export function upgradeSettings(settings: Settings): Settings | null {
  const done = settings.upgrades ?? [];
  if (done.includes('mdfe-scope')) return null;
  const scopes = settings.scopes.split(/\s+/).filter((s) => s !== '');
  return {
    ...settings,
    scopes: scopes.includes('mdfe') ? settings.scopes : [...scopes, 'mdfe'].join(' '),
    upgrades: [...done, 'mdfe-scope'],
  };
}
