// What a restored backup may change on this machine. Servers (the API hosts of each environment
// and the SMTP server) stay this machine's unless the user accepts each change in the confirmation
// step; secrets never come from a backup at all (they are not in it, and a secret stays bound to
// the server it was typed for).
import type { ServerChange, ServerChangeKey } from '../../shared/schemas/documents';
import { smtpSecurityLabels } from '../../shared/schemas/mail';
import type { SmtpSettings } from '../../shared/schemas/mail';
import type { ApiHosts, Settings } from '../../shared/schemas/settings';
import { sameSmtpBinding, smtpBindingOf } from '../secret-binding';

const hostsText = (hosts: ApiHosts) => `${hosts.api} (token: ${hosts.auth})`;
const smtpText = (smtp: SmtpSettings | undefined) =>
  smtp
    ? `${smtp.user ? `${smtp.user} em ` : ''}${smtp.host}:${smtp.port} (${smtpSecurityLabels[smtp.security]})`
    : null;

const sameHosts = (a: ApiHosts, b: ApiHosts) => a.api === b.api && a.auth === b.auth;

const sameSmtp = (a: SmtpSettings | undefined, b: SmtpSettings | undefined) =>
  a === undefined || b === undefined ? a === b : sameSmtpBinding(smtpBindingOf(a), smtpBindingOf(b));

/** The server settings that differ between this machine and the backup, for the confirmation step. */
export function serverChanges(current: Settings, backup: Settings): ServerChange[] {
  const changes: ServerChange[] = [];
  if (!sameHosts(current.hosts.sandbox, backup.hosts.sandbox)) {
    changes.push({
      key: 'hosts.sandbox',
      label: 'Endereços da API do sandbox (homologação)',
      current: hostsText(current.hosts.sandbox),
      backup: hostsText(backup.hosts.sandbox),
    });
  }
  if (!sameHosts(current.hosts.producao, backup.hosts.producao)) {
    changes.push({
      key: 'hosts.producao',
      label: 'Endereços da API de produção',
      current: hostsText(current.hosts.producao),
      backup: hostsText(backup.hosts.producao),
    });
  }
  if (!sameSmtp(current.smtp, backup.smtp)) {
    changes.push({
      key: 'smtp',
      label: 'Servidor de e-mail (SMTP)',
      current: smtpText(current.smtp),
      backup: smtpText(backup.smtp),
    });
  }
  return changes;
}

/**
 * The settings after a restore: the backup's, except the servers the user did not accept, which
 * stay this machine's. An SMTP server kept keeps the backup's texts (templates, sender, copies).
 */
export function restoredSettings(
  current: Settings,
  backup: Settings,
  accepted: readonly ServerChangeKey[],
): Settings {
  const take = (key: ServerChangeKey) => accepted.includes(key);
  let smtp = backup.smtp;
  if (!take('smtp') && !sameSmtp(current.smtp, backup.smtp)) {
    smtp =
      current.smtp && backup.smtp
        ? {
            ...backup.smtp,
            host: current.smtp.host,
            port: current.smtp.port,
            security: current.smtp.security,
            user: current.smtp.user,
          }
        : current.smtp;
  }
  const next: Settings = {
    ...backup,
    hosts: {
      sandbox: take('hosts.sandbox') ? backup.hosts.sandbox : current.hosts.sandbox,
      producao: take('hosts.producao') ? backup.hosts.producao : current.hosts.producao,
    },
  };
  if (smtp) next.smtp = smtp;
  else delete next.smtp;
  return next;
}
