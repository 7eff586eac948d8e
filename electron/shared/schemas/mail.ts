import { z } from 'zod';

/** How the connection to the SMTP server is protected. */
export const smtpSecuritySchema = z.enum(['none', 'starttls', 'tls']);
export type SmtpSecurity = z.infer<typeof smtpSecuritySchema>;

export const smtpSecurityLabels: Record<SmtpSecurity, string> = {
  none: 'Nenhuma',
  starttls: 'STARTTLS',
  tls: 'SSL/TLS',
};

/** Most mail providers allow a handful of recipients per message before treating it as bulk mail. */
export const MAX_RECIPIENTS = 10;

const email = z.string().trim().pipe(z.email('Informe um e-mail válido.'));
const emailList = z.array(email).max(MAX_RECIPIENTS, `No máximo ${MAX_RECIPIENTS} endereços.`);

export const DEFAULT_SUBJECT = '{tipo} nº {numero} série {serie} — {emitente}';
export const DEFAULT_BODY = [
  'Prezado(a),',
  '',
  'Segue em anexo o {documento} (PDF) e o XML do {tipo} nº {numero}, série {serie}, emitido por {emitente}.',
  'Chave de acesso: {chave}',
  '',
  'Atenciosamente,',
  '{emitente}',
].join('\n');

/** The placeholders a template may use, with what each one becomes. */
export const mailPlaceholders = [
  { key: 'tipo', label: 'CT-e, CT-e OS ou DC-e' },
  { key: 'documento', label: 'DACTE, DACTE OS ou DACE' },
  { key: 'numero', label: 'número do documento' },
  { key: 'serie', label: 'série' },
  { key: 'chave', label: 'chave de acesso' },
  { key: 'emitente', label: 'razão social do emitente' },
  { key: 'tomador', label: 'nome do tomador (ou destinatário)' },
  { key: 'data_emissao', label: 'data de emissão (dd/mm/aaaa)' },
] as const;

/**
 * The SMTP settings kept in the settings store. Never holds the password: that lives in the secret
 * store and the renderer only learns whether one is set.
 */
export const smtpSettingsSchema = z.object({
  host: z
    .string()
    .trim()
    .min(1, 'Informe o servidor SMTP.')
    .max(253)
    .regex(
      /^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/,
      'Informe só o nome do servidor, por exemplo smtp.gmail.com',
    ),
  port: z.coerce
    .number('Informe a porta.')
    .int('A porta é um número inteiro.')
    .min(1, 'Porta entre 1 e 65535.')
    .max(65535, 'Porta entre 1 e 65535.'),
  security: smtpSecuritySchema,
  user: z.string().trim().max(320),
  fromName: z.string().trim().max(120),
  fromAddress: email,
  replyTo: z.union([z.literal(''), email]),
  cc: emailList,
  bcc: emailList,
  subjectTemplate: z.string().trim().min(1, 'Informe o assunto.').max(300),
  bodyTemplate: z.string().min(1, 'Informe o texto da mensagem.').max(5000),
});
export type SmtpSettings = z.infer<typeof smtpSettingsSchema>;

/** A server on this computer: `localhost`, 127.0.0.0/8 or ::1 — nothing it is sent crosses a network. */
export function isLoopbackMailHost(host: string): boolean {
  const name = host.trim().toLowerCase();
  return (
    name === 'localhost' ||
    name === '::1' ||
    name === '[::1]' ||
    /^127\.(?:25[0-5]|2[0-4]\d|1?\d?\d)\.(?:25[0-5]|2[0-4]\d|1?\d?\d)\.(?:25[0-5]|2[0-4]\d|1?\d?\d)$/.test(
      name,
    )
  );
}

export const PASSWORD_IN_CLEAR_MESSAGE =
  'Sem segurança, a senha do e-mail iria pela rede sem criptografia: escolha STARTTLS (porta 587) ou ' +
  'SSL/TLS (porta 465). Só um servidor neste computador (localhost) pode ser usado sem segurança.';

/**
 * True when these settings would send the password in clear text: a login (user set) without TLS
 * (neither STARTTLS nor SSL/TLS) to a server that is not on this computer.
 */
export function sendsPasswordInClear(settings: Pick<SmtpSettings, 'host' | 'security' | 'user'>): boolean {
  return settings.security === 'none' && settings.user.trim() !== '' && !isLoopbackMailHost(settings.host);
}

/** What the renderer sees: the settings (null until saved once) and whether a password is stored. */
export const mailSettingsViewSchema = z.object({
  settings: smtpSettingsSchema.nullable(),
  passwordConfigured: z.boolean(),
});
export type MailSettingsView = z.infer<typeof mailSettingsViewSchema>;

const password = z.string().min(1).max(500, 'Senha longa demais.');

export const mailSettingsInputSchema = z
  .object({
    settings: smtpSettingsSchema,
    /** Write-only. Omitted: keep the stored password. */
    password: password.optional(),
    /** Forget the stored password (servers that accept mail without login). */
    clearPassword: z.boolean().optional(),
  })
  .strict()
  .refine((input) => !sendsPasswordInClear(input.settings), {
    message: PASSWORD_IN_CLEAR_MESSAGE,
    path: ['settings', 'security'],
  });
export type MailSettingsInput = z.infer<typeof mailSettingsInputSchema>;

/** Test the stored settings, or the form's unsaved ones (the stored password is used when none is typed). */
export const mailTestInputSchema = z
  .object({ settings: smtpSettingsSchema.optional(), password: password.optional() })
  .strict()
  .refine((input) => !input.settings || !sendsPasswordInClear(input.settings), {
    message: PASSWORD_IN_CLEAR_MESSAGE,
    path: ['settings', 'security'],
  });

export const mailTestResultSchema = z.object({
  server: z.string(),
  security: smtpSecuritySchema,
  elapsedMs: z.number(),
});
export type MailTestResult = z.infer<typeof mailTestResultSchema>;

export const mailDocSchema = z.object({ id: z.number().int().positive() }).strict();

export const mailSuggestionSchema = z.object({
  email: z.string(),
  /** Who this address belongs to in the document (Tomador, Remetente…). */
  role: z.string(),
  name: z.string(),
});
export type MailSuggestion = z.infer<typeof mailSuggestionSchema>;

/** Everything the e-mail dialog starts from. */
export const mailComposeSchema = z.object({
  configured: z.boolean(),
  label: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  suggestions: z.array(mailSuggestionSchema),
  subject: z.string(),
  body: z.string(),
  attachments: z.array(z.string()),
});
export type MailCompose = z.infer<typeof mailComposeSchema>;

export const mailSendInputSchema = z
  .object({
    id: z.number().int().positive(),
    to: z.array(email).min(1, 'Informe ao menos um destinatário.').max(MAX_RECIPIENTS),
    cc: emailList.default([]),
    bcc: emailList.default([]),
    subject: z.string().trim().min(1, 'Informe o assunto.').max(300),
    body: z.string().trim().min(1, 'Informe o texto da mensagem.').max(10_000),
  })
  .strict()
  .refine((value) => value.to.length + value.cc.length + value.bcc.length <= MAX_RECIPIENTS, {
    message: `Envie para no máximo ${MAX_RECIPIENTS} endereços por vez (somando Para, Cc e Cco).`,
    path: ['to'],
  });
export type MailSendInput = z.infer<typeof mailSendInputSchema>;

export const mailSendResultSchema = z.object({
  logId: z.number(),
  messageId: z.string().nullable(),
  accepted: z.array(z.string()),
  rejected: z.array(z.string()),
});
export type MailSendResult = z.infer<typeof mailSendResultSchema>;

export const mailLogEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(['cte', 'cteos', 'dce', 'mdfe']),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  status: z.enum(['enviado', 'falhou']),
  error: z.string().nullable(),
  messageId: z.string().nullable(),
  attachments: z.array(z.string()),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MailLogEntry = z.infer<typeof mailLogEntrySchema>;

export const mailLogSchema = z.object({ items: z.array(mailLogEntrySchema) });
