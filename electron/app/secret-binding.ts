// A secret is bound to the server it was typed for: the API client secret to the token URL's and
// the API's origins, the SMTP password to the host, port, security and login. Before anything is
// sent the binding is compared with the current settings; a settings change, a restored backup or
// a test with other values never carries a secret to a server the user did not give it to. An
// averbadora password is bound the same way to the averbadora, its address, the user and the AT&M code.
import type { SmtpSettings } from '../shared/schemas/mail';
import type { ApiHosts } from '../shared/schemas/settings';

/** The origins a client secret (and the tokens it buys) may go to. */
export interface ApiBinding {
  auth: string;
  api: string;
}

/** The SMTP endpoint and login a password may go to. */
export interface SmtpBinding {
  host: string;
  port: number;
  security: SmtpSettings['security'];
  user: string;
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return '';
  }
};

export function apiBindingOf(hosts: ApiHosts): ApiBinding {
  return { auth: originOf(hosts.auth), api: originOf(hosts.api) };
}

export function sameApiBinding(a: ApiBinding, b: ApiBinding): boolean {
  return a.auth !== '' && a.api !== '' && a.auth === b.auth && a.api === b.api;
}

export function smtpBindingOf(settings: SmtpSettings): SmtpBinding {
  return {
    host: settings.host.trim().toLowerCase(),
    port: settings.port,
    security: settings.security,
    user: settings.user.trim(),
  };
}

/** Exact match: another port, a different security (lower above all) or login is another server. */
export function sameSmtpBinding(a: SmtpBinding, b: SmtpBinding): boolean {
  return a.host === b.host && a.port === b.port && a.security === b.security && a.user === b.user;
}

export function isApiBinding(value: unknown): value is ApiBinding {
  const v = value as Partial<ApiBinding> | null;
  return typeof v === 'object' && v !== null && typeof v.auth === 'string' && typeof v.api === 'string';
}

export function isSmtpBinding(value: unknown): value is SmtpBinding {
  const v = value as Partial<SmtpBinding> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.host === 'string' &&
    typeof v.port === 'number' &&
    (v.security === 'none' || v.security === 'starttls' || v.security === 'tls') &&
    typeof v.user === 'string'
  );
}

/** The averbadora, address and login an averbadora password may go to. */
export interface InsurerBinding {
  averbadora: string;
  origin: string;
  usuario: string;
  codatm: string;
}

export function insurerBindingOf(
  settings: {
    averbadora: string;
    url: string;
    usuario: string;
    codatm: string;
  },
  defaultUrl: string,
): InsurerBinding {
  return {
    averbadora: settings.averbadora,
    origin: originOf(settings.url || defaultUrl),
    usuario: settings.usuario.trim(),
    codatm: settings.codatm.trim(),
  };
}

/** Exact match: another averbadora, address, user or AT&M code is another server or login. */
export function sameInsurerBinding(a: InsurerBinding, b: InsurerBinding): boolean {
  return (
    a.origin !== '' &&
    a.averbadora === b.averbadora &&
    a.origin === b.origin &&
    a.usuario === b.usuario &&
    a.codatm === b.codatm
  );
}

export function isInsurerBinding(value: unknown): value is InsurerBinding {
  const v = value as Partial<InsurerBinding> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.averbadora === 'string' &&
    typeof v.origin === 'string' &&
    typeof v.usuario === 'string' &&
    typeof v.codatm === 'string'
  );
}
