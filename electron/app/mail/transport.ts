import { isIP } from 'node:net';

import nodemailer from 'nodemailer';
import type { SMTPTransportOptions } from 'nodemailer';

import { AppError } from '../../shared/errors';
import { PASSWORD_IN_CLEAR_MESSAGE, sendsPasswordInClear } from '../../shared/schemas/mail';
import type { SmtpConfig } from './settings';

/** Office connections can be slow, but a user waiting on a dialog should hear back within a minute. */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectionMs: 15_000, greetingMs: 15_000, socketMs: 45_000 };

/** Extra TLS options, for tests that trust a local server's own certificate. */
export interface SmtpTlsOverrides {
  ca?: string | Buffer;
}

export function transportOptions(
  config: SmtpConfig,
  timeouts: SmtpTimeouts = DEFAULT_TIMEOUTS,
  tls: SmtpTlsOverrides = {},
): SMTPTransportOptions {
  if (config.user && !config.password) {
    throw new AppError(
      'mail_password_missing',
      'Informe a senha do e-mail nas Configurações (seção E-mail SMTP) antes de enviar.',
      { fields: ['password'] },
    );
  }
  // Checked here too, where every connection starts: settings saved by an older version or taken
  // from a backup never send a password in clear text to another machine.
  if (config.password && sendsPasswordInClear(config)) {
    throw new AppError('mail_password_in_clear', PASSWORD_IN_CLEAR_MESSAGE, { fields: ['security'] });
  }
  return {
    host: config.host,
    port: config.port,
    // SSL/TLS encrypts from the first byte (usually port 465); STARTTLS upgrades a plain connection
    // (usually 587) and must never fall back to sending the password in clear text.
    secure: config.security === 'tls',
    requireTLS: config.security === 'starttls',
    ignoreTLS: config.security === 'none',
    auth: config.user && config.password ? { user: config.user, pass: config.password } : undefined,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    tls: {
      // SNI carries names only (RFC 6066); an address is checked against the certificate's IP entries.
      ...(isIP(config.host.replace(/^\[|\]$/g, '')) ? {} : { servername: config.host }),
      minVersion: 'TLSv1.2',
      ...(tls.ca ? { ca: tls.ca } : {}),
    },
    logger: false,
    debug: false,
  };
}

export function createTransport(config: SmtpConfig, timeouts?: SmtpTimeouts, tls?: SmtpTlsOverrides) {
  return nodemailer.createTransport(transportOptions(config, timeouts, tls));
}
