import { z } from 'zod';

import { environmentSchema } from './app';
import { apiHostsSchema } from './settings';

/** Environments that use the hosted API and so need the user's credentials. */
export const remoteEnvironmentSchema = z.enum(['sandbox', 'producao']);
export type RemoteEnvironment = z.infer<typeof remoteEnvironmentSchema>;

export const credentialsQuerySchema = z.object({ environment: remoteEnvironmentSchema }).strict();

/** What the renderer may know of the credentials: never the secret itself. */
export const credentialsStatusSchema = z.object({
  environment: remoteEnvironmentSchema,
  clientId: z.string().nullable(),
  secretConfigured: z.boolean(),
});
export type CredentialsStatus = z.infer<typeof credentialsStatusSchema>;

export const credentialsInputSchema = z
  .object({
    environment: remoteEnvironmentSchema,
    clientId: z.string().trim().min(1, 'Informe o client id.').max(200),
    /** Omitted: keep the stored secret (the field is write-only in the form). */
    clientSecret: z.string().min(1, 'Informe o client secret.').max(500).optional(),
  })
  .strict();
export type CredentialsInput = z.infer<typeof credentialsInputSchema>;

export const quotaSchema = z.object({
  nome: z.string(),
  consumo: z.number(),
  limite: z.number(),
  /** consumo / limite, 0–1 (0 when the limit is 0). */
  uso: z.number(),
});
export type Quota = z.infer<typeof quotaSchema>;

export const connectionTestInputSchema = z
  .object({
    environment: environmentSchema.optional(),
    /**
     * Values typed but not saved yet ("Testar conexão" before "Salvar"): a typed client id/secret
     * and the hosts of Configurações > Avançado. A stored secret is only sent to the hosts it was
     * typed for; a typed one goes to the typed hosts.
     */
    clientId: z.string().trim().min(1).max(200).optional(),
    clientSecret: z.string().min(1).max(500).optional(),
    hosts: apiHostsSchema.optional(),
  })
  .strict();
export type ConnectionTestInput = z.infer<typeof connectionTestInputSchema>;

export const connectionTestResultSchema = z.object({
  environment: environmentSchema,
  apiUrl: z.string(),
  quotas: z.array(quotaSchema),
  elapsedMs: z.number(),
});
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

export const quotasResultSchema = z.object({ quotas: z.array(quotaSchema) });
