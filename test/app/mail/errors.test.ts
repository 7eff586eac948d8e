// The mapping of failures that a local server cannot produce (no network here, no real provider),
// fed with errors shaped as nodemailer shapes them (code, originalCode, responseCode, response).
import { describe, expect, it } from 'vitest';

import { describeSmtpError, scrub } from '../../../electron/app/mail/errors';
import { AppError } from '../../../electron/shared/errors';

const server = { host: 'smtp.provedor.example', port: 587 };
const smtpError = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), fields);

describe('SMTP errors in Portuguese', () => {
  it.each([
    ['ESOCKET', 'ENETUNREACH', 'mail_offline', /^Sem conexão com a internet/],
    ['ESOCKET', 'EHOSTUNREACH', 'mail_offline', /^Sem conexão com a internet/],
    ['EDNS', 'EAI_AGAIN', 'mail_unknown_host', /"smtp\.provedor\.example" não foi encontrado/],
    ['ETIMEDOUT', undefined, 'mail_timeout', /não respondeu a tempo/],
    ['ESOCKET', 'ECONNRESET', 'mail_connection', /caiu/],
    ['ETLS', undefined, 'mail_tls', /porta 465 costuma usar SSL\/TLS/],
    ['ESOCKET', 'ERR_SSL_WRONG_VERSION_NUMBER', 'mail_tls', /conexão segura/],
  ])('%s/%s → %s', (code, originalCode, expected, message) => {
    const error = describeSmtpError(smtpError('connect failed', { code, originalCode }), server, null);
    expect(error.code).toBe(expected);
    expect(error.message).toMatch(message);
    expect(error.detail).toContain(code);
  });

  it('a 535 answer is a login problem, a 550 a refused address, with the server words', () => {
    const auth = describeSmtpError(
      smtpError('Invalid login: 535 5.7.8 Username and Password not accepted', {
        code: 'EAUTH',
        responseCode: 535,
        response: '535 5.7.8 Username and Password not accepted',
      }),
      server,
      null,
    );
    expect(auth.code).toBe('mail_auth');
    expect(auth.message).toContain('senha de app');
    const rejected = describeSmtpError(
      smtpError("Can't send mail", {
        code: 'EENVELOPE',
        responseCode: 550,
        response: '550 5.7.1 Relaying denied',
      }),
      server,
      null,
    );
    expect(rejected.message).toBe(
      'O servidor de e-mail recusou o envio: 550 5.7.1 Relaying denied Confira o remetente e os destinatários.',
    );
  });

  it('keeps an error the app raised on purpose, and never repeats the password', () => {
    const own = new AppError('file_not_cached', 'O XML deste documento ainda não foi baixado.');
    expect(describeSmtpError(own, server, 'x')).toBe(own);
    const secret = 'S3nh@-Secreta';
    const leaked = describeSmtpError(
      smtpError(`AUTH failed for ${secret} (${Buffer.from(secret).toString('base64')})`, {
        code: 'EPROTOCOL',
      }),
      server,
      secret,
    );
    expect(leaked.code).toBe('mail_failed');
    expect(leaked.detail).not.toContain(secret);
    expect(leaked.detail).not.toContain(Buffer.from(secret).toString('base64'));
    expect(scrub(`a ${secret} b`, secret)).toBe('a *** b');
  });
});
