import { z } from 'zod';

export const environmentSchema = z.enum(['demonstracao', 'sandbox', 'producao']);
export type Environment = z.infer<typeof environmentSchema>;

export const noticeSchema = z.object({
  severity: z.enum(['info', 'success', 'warn', 'error']),
  summary: z.string(),
  detail: z.string().optional(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  host: z.enum(['electron', 'web']),
  platform: z.string(),
  userDataDir: z.string(),
  environment: environmentSchema,
  /** What the host has to tell the user since it started (a damaged settings file); once each. */
  notices: z.array(noticeSchema).optional(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const connectivitySchema = z.object({
  online: z.boolean(),
  checkedAt: z.string(),
  /** Host that was probed, for the tooltip. */
  target: z.string(),
  reason: z.string().optional(),
  /**
   * Whether the API gave this app an access token (the only proof the credentials work): `ok` a
   * token was obtained, `missing` no client id/secret for this environment, `rejected` the token
   * endpoint refused them, `failed` it answered something else. Absent while the host is unreachable.
   */
  access: z.enum(['ok', 'missing', 'rejected', 'failed']).optional(),
  /** Why access is not `ok`, in words, for the indicator and the Painel. */
  accessReason: z.string().optional(),
});
export type Connectivity = z.infer<typeof connectivitySchema>;
