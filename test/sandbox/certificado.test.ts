import { createSign, createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePfx } from '../../electron/sandbox/certificates/make-pfx';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { client, empresaBody, errorOf, getToken, startTestSandbox } from './support';

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;
const CNPJ = '11222333000181';
const DAY = 86_400_000;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  api = client(sandbox.url, await getToken(sandbox.url));
  expect((await api.post('/empresas', empresaBody())).status).toBe(200);
});
afterAll(() => sandbox.close());

const put = (pfx: { pfxBase64: string; password: string }, password = pfx.password) =>
  api.put<Record<string, string>>(`/empresas/${CNPJ}/certificado`, { certificado: pfx.pfxBase64, password });

describe('PUT /empresas/{cpf_cnpj}/certificado', () => {
  const valid = makePfx({ cpfCnpj: CNPJ, razaoSocial: 'RODOVIA AZUL TRANSPORTES LTDA', password: 's3nh@' });

  it('installs a valid certificate and answers EmpresaCertificado read from the file', async () => {
    const res = await put(valid);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      cpf_cnpj: CNPJ,
      nome_razao_social: 'RODOVIA AZUL TRANSPORTES LTDA',
      not_valid_after: valid.notAfter.toISOString().replace(/\.\d{3}Z$/, '.000Z'),
    });
    expect(res.body.thumbprint).toMatch(/^[0-9A-F]{40}$/);
    expect(res.body.subject_name).toContain(`CN=RODOVIA AZUL TRANSPORTES LTDA:${CNPJ}`);
    expect((await api.get(`/empresas/${CNPJ}/certificado`)).body).toEqual(res.body);
  });

  it('keeps key and certificate for signing (getSigningCredentials)', async () => {
    const creds = await sandbox.control.context.getSigningCredentials(CNPJ);
    expect(creds).not.toBeNull();
    const signature = createSign('RSA-SHA256').update('chave').sign(creds!.privateKeyPem);
    expect(createVerify('RSA-SHA256').update('chave').verify(creds!.certificatePem, signature)).toBe(true);
    expect(await sandbox.control.context.getSigningCredentials('22333444000181')).toBeNull();
  });

  it('refuses a wrong password', async () => {
    const res = await put(valid, 'errada');
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe('Senha do certificado incorreta.');
  });

  it('refuses data that is not PKCS#12, and text that is not base64', async () => {
    const notP12 = await put({
      pfxBase64: Buffer.from('isto não é um pfx').toString('base64'),
      password: 'x',
    });
    expect(notP12.status).toBe(400);
    expect(errorOf(notP12).message).toMatch(/não é um certificado digital PKCS#12/);
    const notBase64 = await put({ pfxBase64: '###', password: 'x' });
    expect(notBase64.status).toBe(400);
    expect(errorOf(notBase64).message).toMatch(/base64/);
  });

  it('refuses an expired certificate', async () => {
    const expired = makePfx({
      cpfCnpj: CNPJ,
      razaoSocial: 'RODOVIA AZUL',
      notBefore: new Date(Date.now() - 400 * DAY),
      notAfter: new Date(Date.now() - 35 * DAY),
    });
    const res = await put(expired);
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(/^Certificado vencido em \d\d\/\d\d\/\d{4}/);
  });

  it('refuses a certificate of another CNPJ (from otherName, and from the CN alone)', async () => {
    const other = makePfx({ cpfCnpj: '22333444000181', razaoSocial: 'OUTRA' });
    const res = await put(other);
    expect(res.status).toBe(400);
    // "certificado possui um CPF/CNPJ diferente": the hosted service's words, which clients match on.
    expect(errorOf(res).message).toContain('certificado possui um CPF/CNPJ diferente');
    expect(errorOf(res).message).toContain('CNPJ 22333444000181');
    const cnOnly = makePfx({ cpfCnpj: '33444555000181', razaoSocial: 'OUTRA', includeOtherName: false });
    expect(errorOf(await put(cnOnly)).message).toContain('CNPJ 33444555000181');
  });

  it('the four refusals carry four different messages', async () => {
    const messages = new Set<string>();
    messages.add(errorOf(await put(valid, 'errada')).message);
    messages.add(errorOf(await put({ pfxBase64: 'AAAA', password: 'x' })).message);
    messages.add(
      errorOf(
        await put(
          makePfx({
            cpfCnpj: CNPJ,
            razaoSocial: 'X',
            notBefore: new Date(Date.now() - 2 * DAY),
            notAfter: new Date(Date.now() - DAY),
          }),
        ),
      ).message,
    );
    messages.add(errorOf(await put(makePfx({ cpfCnpj: '22333444000181', razaoSocial: 'X' }))).message);
    expect(messages.size).toBe(4);
  });

  it('accepts the multipart upload variant', async () => {
    const pfx = makePfx({ cpfCnpj: CNPJ, razaoSocial: 'RODOVIA AZUL UPLOAD', password: 'p' });
    const boundary = 'xYz';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pfx"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
      ),
      Buffer.from(pfx.pfxBase64, 'base64'),
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\np\r\n--${boundary}--\r\n`,
      ),
    ]);
    const res = await api.raw<Record<string, string>>('PUT', `/empresas/${CNPJ}/certificado/upload`, {
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.nome_razao_social).toBe('RODOVIA AZUL UPLOAD');
    const noPassword = await api.raw('PUT', `/empresas/${CNPJ}/certificado/upload`, {
      body: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--${boundary}--\r\n`,
      ),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(noPassword.status).toBe(400);
    expect(errorOf(noPassword).message).toContain("'password'");
  });

  it('lists certificates by days to expiry, expired ones only on request, and deletes', async () => {
    const soon = '22333444000181';
    await api.post('/empresas', empresaBody(soon, 'VENCE LOGO'));
    await api.put(`/empresas/${soon}/certificado`, {
      ...(() => {
        const p = makePfx({
          cpfCnpj: soon,
          razaoSocial: 'VENCE LOGO',
          notAfter: new Date(Date.now() + 10 * DAY),
        });
        return { certificado: p.pfxBase64, password: p.password };
      })(),
    });
    type L = { data: { cpf_cnpj: string }[]; '@count'?: number };
    const all = await api.get<L>('/empresas/certificados?$inlinecount=true');
    expect(all.body['@count']).toBe(2);
    const within30 = await api.get<L>('/empresas/certificados?expires_in=30');
    expect(within30.body.data.map((c) => c.cpf_cnpj)).toEqual([soon]);
    sandbox.control.clock.advance(11 * DAY);
    expect((await api.get<L>('/empresas/certificados')).body.data.map((c) => c.cpf_cnpj)).toEqual([CNPJ]);
    expect((await api.get<L>('/empresas/certificados?include_expired=true')).body.data).toHaveLength(2);
    sandbox.control.clock.set(null);
    expect((await api.get('/empresas/certificados?expires_in=-1')).status).toBe(400);

    expect((await api.delete(`/empresas/${soon}/certificado`)).status).toBe(204);
    expect((await api.get(`/empresas/${soon}/certificado`)).status).toBe(404);
    expect(await sandbox.control.context.getSigningCredentials(soon)).toBeNull();
  });

  it('answers 404 for an unknown company', async () => {
    const res = await put({ pfxBase64: valid.pfxBase64, password: valid.password }).then(() =>
      api.put('/empresas/44555666000181/certificado', {
        certificado: valid.pfxBase64,
        password: valid.password,
      }),
    );
    expect(res.status).toBe(404);
  });
});
