import { AppError } from '../../shared/errors';

interface SmtpErrorLike {
  code?: unknown;
  originalCode?: unknown;
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
}

const TLS_HINT =
  'Confira o tipo de segurança: a porta 465 costuma usar SSL/TLS e a porta 587 costuma usar STARTTLS.';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The forms a secret could take in a server answer or an error text: as typed and base64. */
function secretForms(secret: string): string[] {
  return [secret, Buffer.from(secret).toString('base64'), encodeURIComponent(secret)];
}

/** Removes the password from technical text before it is shown, logged or stored. */
export function scrub(value: string, secret: string | null): string {
  if (!secret) return value;
  return secretForms(secret).reduce((out, form) => out.split(form).join('***'), value);
}

function isTlsProblem(code: string, original: string, message: string): boolean {
  return (
    code === 'ETLS' ||
    /^(ERR_SSL|ERR_TLS|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|ERR_OSSL)/.test(original) ||
    /certificate|ssl|tls|wrong version number|handshake/i.test(message)
  );
}

/** The user-facing explanation of a failed SMTP conversation, in Portuguese, for a given server. */
export function describeSmtpError(
  error: unknown,
  server: { host: string; port: number },
  secret: string | null,
) {
  if (error instanceof AppError) return error;
  const e = (
    typeof error === 'object' && error !== null ? error : { message: String(error) }
  ) as SmtpErrorLike;
  const code = text(e.code);
  const original = text(e.originalCode) || code;
  const message = text(e.message);
  const response = text(e.response);
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : 0;
  const where = `${server.host}:${server.port}`;
  const detail = scrub(
    [original !== code ? `${code}/${original}` : code, message].filter(Boolean).join(' — '),
    secret,
  );
  const fail = (name: string, userMessage: string) =>
    new AppError(`mail_${name}`, userMessage, { detail: detail || undefined });

  if (code === 'EAUTH' || [530, 534, 535].includes(responseCode)) {
    return fail(
      'auth',
      'O servidor de e-mail recusou o usuário ou a senha. Confira-os nas Configurações; Gmail e Outlook exigem uma "senha de app" em vez da senha normal.',
    );
  }
  if (code === 'ENOAUTH') {
    return fail(
      'auth_required',
      'O servidor de e-mail exige login: informe o usuário e a senha SMTP nas Configurações.',
    );
  }
  if (original === 'ECONNREFUSED') {
    return fail(
      'refused',
      `O servidor de e-mail ${where} recusou a conexão. Confira o servidor e a porta nas Configurações.`,
    );
  }
  if (['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EDNS'].includes(original) || code === 'EDNS') {
    return fail(
      'unknown_host',
      `O servidor de e-mail "${server.host}" não foi encontrado. Confira o nome do servidor; se o computador estiver sem internet, conecte-se e tente de novo.`,
    );
  }
  if (['ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EHOSTDOWN'].includes(original)) {
    return fail(
      'offline',
      'Sem conexão com a internet: não foi possível falar com o servidor de e-mail. Conecte-se e tente de novo.',
    );
  }
  if (code === 'ETIMEDOUT' || original === 'ETIMEDOUT') {
    return fail(
      'timeout',
      `O servidor de e-mail ${where} não respondeu a tempo. Confira a porta e o tipo de segurança, a conexão com a internet ou se um firewall bloqueia a porta.`,
    );
  }
  if (isTlsProblem(code, original, message)) {
    const untrusted = /certificate|self.signed|CERT_|UNABLE_TO_/i.test(`${original} ${message}`);
    return fail(
      'tls',
      untrusted
        ? `O certificado de segurança do servidor ${server.host} não é confiável ou não corresponde ao nome informado. Use o nome exato do servidor indicado pelo provedor.`
        : `Não foi possível estabelecer a conexão segura com ${where}. ${TLS_HINT}`,
    );
  }
  if (code === 'EENVELOPE' || [550, 551, 552, 553, 554].includes(responseCode)) {
    return fail(
      'rejected',
      `O servidor de e-mail recusou o envio${response ? `: ${scrub(response, secret)}` : '.'} Confira o remetente e os destinatários.`,
    );
  }
  if (code === 'ECONNECTION' || code === 'ESOCKET' || original === 'ECONNRESET') {
    return fail('connection', `A conexão com o servidor de e-mail ${where} caiu. ${TLS_HINT}`);
  }
  return fail(
    'failed',
    'Não foi possível enviar pelo servidor de e-mail. Veja os detalhes e confira as Configurações.',
  );
}
