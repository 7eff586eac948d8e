import { z } from 'zod';

import { cacheMarkSchema, cpfCnpjSchema } from './company';
import { LENGTHS } from '../../fiscal/lengths';

/** Largest .pfx accepted (real ones are a few KB). */
export const MAX_PFX_BYTES = 256 * 1024;
/** The API's limit for the logo. */
export const MAX_LOGO_BYTES = 200 * 1024;

const base64 = z
  .string()
  .max(Math.ceil((MAX_PFX_BYTES * 4) / 3) + 8, 'O arquivo do certificado é grande demais (máximo 256 KB).')
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Conteúdo do arquivo inválido.');

/** A file picked in the renderer (web host) and sent to the main side, which keeps it in memory. */
export const certificateLoadInputSchema = z
  .object({ fileName: z.string().trim().min(1).max(LENGTHS.fileName), base64 })
  .strict();

/** A certificate file held by the main side; the renderer only gets this handle. */
export const certificateHandleSchema = z.object({
  handle: z.string(),
  fileName: z.string(),
  size: z.number(),
});

export const certificateInspectInputSchema = z
  .object({
    handle: z.string().min(1).max(100),
    password: z.string().max(200),
  })
  .strict();

export const certificateInfoSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  cpfCnpj: z.string().nullable(),
  nomeRazaoSocial: z.string(),
  expired: z.boolean(),
  daysLeft: z.number(),
});
export type CertificateInfo = z.infer<typeof certificateInfoSchema>;

export const certificateUploadInputSchema = certificateInspectInputSchema
  .extend({ cpfCnpj: cpfCnpjSchema })
  .strict();

/** A certificate as the API lists it (`/empresas/certificados`). */
export const registeredCertificateSchema = z.object({
  cpfCnpj: z.string().nullish(),
  nomeRazaoSocial: z.string().nullish(),
  subject: z.string().nullish(),
  issuer: z.string().nullish(),
  serialNumber: z.string().nullish(),
  thumbprint: z.string().nullish(),
  notBefore: z.string().nullish(),
  notAfter: z.string().nullish(),
  daysLeft: z.number().nullable(),
});
export type RegisteredCertificate = z.infer<typeof registeredCertificateSchema>;

export const certificateListInputSchema = z
  .object({
    expiresInDays: z.number().int().min(0).max(3650).optional(),
    includeExpired: z.boolean().optional(),
  })
  .strict();

export const certificateListSchema = z
  .object({ certificates: z.array(registeredCertificateSchema) })
  .extend(cacheMarkSchema.shape);

export const logoInputSchema = z
  .object({
    cpfCnpj: cpfCnpjSchema,
    contentType: z.enum(['image/png', 'image/jpeg'], { message: 'O logotipo deve ser PNG ou JPEG.' }),
    base64: z
      .string()
      .max(
        Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 8,
        'O logotipo passa de 200 KB: reduza a imagem antes de enviar.',
      )
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Conteúdo da imagem inválido.'),
  })
  .strict();

export const logoSchema = z.object({
  contentType: z.string(),
  dataUrl: z.string(),
  size: z.number(),
});
export const optionalLogoSchema = z.object({ logo: logoSchema.nullable() });
