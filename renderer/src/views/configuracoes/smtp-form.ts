// The SMTP form's model: text fields as typed, converted to the contract's settings on save/test.
import type { MailSettingsView, SmtpSecurity, SmtpSettings } from '@shared/schemas/mail';
import {
  DEFAULT_BODY,
  DEFAULT_SUBJECT,
  PASSWORD_IN_CLEAR_MESSAGE,
  sendsPasswordInClear,
  smtpSettingsSchema,
} from '@shared/schemas/mail';
import { issuesByField, joinAddresses, splitAddresses } from '../../components/mail/addresses';

export interface SmtpForm {
  host: string;
  port: string;
  security: SmtpSecurity;
  user: string;
  fromName: string;
  fromAddress: string;
  replyTo: string;
  cc: string;
  bcc: string;
  subjectTemplate: string;
  bodyTemplate: string;
}

/** The usual port of each kind of security, offered when the user switches. */
export const usualPort: Record<SmtpSecurity, string> = { none: '25', starttls: '587', tls: '465' };

export function formFrom(view: MailSettingsView | null): SmtpForm {
  const s = view?.settings;
  return {
    host: s?.host ?? '',
    port: s ? String(s.port) : usualPort.starttls,
    security: s?.security ?? 'starttls',
    user: s?.user ?? '',
    fromName: s?.fromName ?? '',
    fromAddress: s?.fromAddress ?? '',
    replyTo: s?.replyTo ?? '',
    cc: joinAddresses(s?.cc ?? []),
    bcc: joinAddresses(s?.bcc ?? []),
    subjectTemplate: s?.subjectTemplate ?? DEFAULT_SUBJECT,
    bodyTemplate: s?.bodyTemplate ?? DEFAULT_BODY,
  };
}

export function settingsFrom(
  form: SmtpForm,
): { ok: true; settings: SmtpSettings } | { ok: false; errors: Record<string, string> } {
  const checked = smtpSettingsSchema.safeParse({
    ...form,
    port: form.port.trim() === '' ? undefined : form.port,
    cc: splitAddresses(form.cc),
    bcc: splitAddresses(form.bcc),
  });
  if (!checked.success) return { ok: false, errors: issuesByField(checked.error.issues) };
  if (sendsPasswordInClear(checked.data))
    return { ok: false, errors: { security: PASSWORD_IN_CLEAR_MESSAGE } };
  return { ok: true, settings: checked.data };
}
