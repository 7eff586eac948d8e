// The onboarding commands end to end against the real sandbox over HTTP on 127.0.0.1: demonstração
// mode (embedded sandbox with its demo company), then the hosted-sandbox path with credentials.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_CNPJ } from '../../electron/app/demo';
import { demoLogoPng } from '../../electron/sandbox/demo-logo';
import type { CarretaApp } from '../../electron/app/index';
import { createApp } from '../../electron/app/index';
import { cnpjCheckDigits } from '../../electron/fiscal/cnpj';
import { makePfx } from '../../electron/sandbox/certificates/make-pfx';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { startSandbox } from '../../electron/sandbox/server';
import type { CommandEnvelope } from '../../electron/shared/errors';
import { memoryHost } from '../support/memory-host';

const NEW_BASE = '11222333' + '0001';
const NEW_CNPJ = NEW_BASE + cnpjCheckDigits(NEW_BASE);

async function call<T = unknown>(
  app: CarretaApp,
  channel: string,
  input: unknown = {},
): Promise<CommandEnvelope<T>> {
  return (await app.dispatch(channel, input)) as CommandEnvelope<T>;
}

function ok<T>(envelope: CommandEnvelope<T>): T {
  if (!envelope.ok)
    throw new Error(`${envelope.error.code}: ${envelope.error.message} ${envelope.error.detail ?? ''}`);
  return envelope.data;
}

function failure(envelope: CommandEnvelope<unknown>) {
  if (envelope.ok) throw new Error('expected a failure');
  return envelope.error;
}

describe('demonstração mode', () => {
  let app: CarretaApp;
  let secrets: ReturnType<typeof memoryHost>['secrets'];

  beforeAll(async () => {
    const made = memoryHost();
    secrets = made.secrets;
    app = await createApp(made.host);
    await app.context.embedded.ensure();
  });
  afterAll(async () => {
    await app.dispose();
  });

  it('starts the embedded sandbox with a demo company, certificate and logo', async () => {
    const { companies } = ok(await call<{ companies: { cpf_cnpj: string }[] }>(app, 'companies:list'));
    expect(companies.map((c) => c.cpf_cnpj)).toContain(DEMO_CNPJ);
    expect(app.context.host.settings.get().selectedCompany).toBe(DEMO_CNPJ);
    const { certificates } = ok(
      await call<{ certificates: { cpfCnpj: string }[] }>(app, 'certificates:list'),
    );
    expect(certificates.map((c) => c.cpfCnpj)).toContain(DEMO_CNPJ);
    const { logo } = ok(
      await call<{ logo: { dataUrl: string } | null }>(app, 'logo:get', { cpfCnpj: DEMO_CNPJ }),
    );
    expect(logo?.dataUrl).toBe(`data:image/png;base64,${demoLogoPng().toString('base64')}`);
  });

  it('reads the quotas and tests the connection', async () => {
    const quotas = ok(await call<{ quotas: { nome: string; uso: number }[] }>(app, 'account:quotas'));
    expect(quotas.quotas.map((q) => q.nome)).toEqual(
      expect.arrayContaining(['dfe-eventos', 'cep-consultas']),
    );
    const test = ok(await call<{ environment: string }>(app, 'connection:test', {}));
    expect(test.environment).toBe('demonstracao');
  });

  it('registers a company with CNPJ and CEP lookups and validates it', async () => {
    const invalid = failure(await call(app, 'companies:save', { cpf_cnpj: '11222333000180' }));
    expect(invalid.code).toBe('invalid_input');
    expect(invalid.fields).toContain('cpf_cnpj');

    const badCep = failure(await call(app, 'lookup:cep', { cep: '12' }));
    expect(badCep.message).toMatch(/CEP inválido/);

    const company = {
      cpf_cnpj: NEW_CNPJ,
      nome_razao_social: 'TRANSPORTES TESTE LTDA',
      email: 'fiscal@teste.com.br',
      endereco: {
        logradouro: 'Rua das Flores',
        numero: '100',
        bairro: 'Centro',
        codigo_municipio: '3550308',
        cidade: 'São Paulo',
        uf: 'SP',
        cep: '01001-000',
      },
    };
    const mismatch = failure(
      await call(app, 'companies:save', {
        ...company,
        endereco: { ...company.endereco, codigo_municipio: '4106902' },
      }),
    );
    expect(mismatch.fields).toContain('endereco.codigo_municipio');

    const saved = ok(
      await call<{ cpf_cnpj: string; endereco: { cep: string } }>(app, 'companies:save', company),
    );
    expect(saved.cpf_cnpj).toBe(NEW_CNPJ);
    expect(saved.endereco.cep).toBe('01001000');
    const filtered = ok(
      await call<{ companies: unknown[] }>(app, 'companies:list', { nome: 'transportes te' }),
    );
    expect(filtered.companies).toHaveLength(1);
  });

  it('checks the certificate before uploading: wrong password, not PKCS#12, expired, other CNPJ', async () => {
    const good = makePfx({ cpfCnpj: NEW_CNPJ, razaoSocial: 'TRANSPORTES TESTE LTDA' });
    const { handle } = ok(
      await call<{ handle: string }>(app, 'certificate:load', { fileName: 'a.pfx', base64: good.pfxBase64 }),
    );

    const wrong = failure(await call(app, 'certificate:inspect', { handle, password: 'errada' }));
    expect(wrong.message).toMatch(/Senha do certificado incorreta/);

    const junk = ok(
      await call<{ handle: string }>(app, 'certificate:load', {
        fileName: 'x.pfx',
        base64: Buffer.from('isto não é um certificado').toString('base64'),
      }),
    );
    expect(
      failure(await call(app, 'certificate:inspect', { handle: junk.handle, password: 'x' })).message,
    ).toMatch(/não é um certificado digital/);

    const expired = makePfx({
      cpfCnpj: NEW_CNPJ,
      razaoSocial: 'TRANSPORTES TESTE LTDA',
      notBefore: new Date('2020-01-01'),
      notAfter: new Date('2021-01-01'),
    });
    const expiredHandle = ok(
      await call<{ handle: string }>(app, 'certificate:load', {
        fileName: 'e.pfx',
        base64: expired.pfxBase64,
      }),
    );
    const expiredError = failure(
      await call(app, 'certificate:upload', {
        handle: expiredHandle.handle,
        password: expired.password,
        cpfCnpj: NEW_CNPJ,
      }),
    );
    expect(expiredError.code).toBe('certificate_expired');

    const other = failure(
      await call(app, 'certificate:upload', { handle, password: good.password, cpfCnpj: DEMO_CNPJ }),
    );
    expect(other.code).toBe('certificate_other_cnpj');

    const info = ok(
      await call<{ cpfCnpj: string; expired: boolean }>(app, 'certificate:inspect', {
        handle,
        password: good.password,
      }),
    );
    expect(info).toMatchObject({ cpfCnpj: NEW_CNPJ, expired: false });
    const uploaded = ok(
      await call<{ cpfCnpj: string }>(app, 'certificate:upload', {
        handle,
        password: good.password,
        cpfCnpj: NEW_CNPJ,
      }),
    );
    expect(uploaded.cpfCnpj).toBe(NEW_CNPJ);
    // The password never reaches a store.
    for (const value of secrets.values.values()) expect(value).not.toContain(good.password);
  });

  it('refuses a 5 MB logo before any request and keeps a valid one locally', async () => {
    const huge = failure(
      await call(app, 'logo:set', {
        cpfCnpj: NEW_CNPJ,
        contentType: 'image/png',
        base64: Buffer.alloc(5 * 1024 * 1024, 1).toString('base64'),
      }),
    );
    expect(huge.message).toMatch(/200 KB/);
    const fake = failure(
      await call(app, 'logo:set', {
        cpfCnpj: NEW_CNPJ,
        contentType: 'image/png',
        base64: Buffer.from('GIF89a').toString('base64'),
      }),
    );
    expect(fake.message).toMatch(/não é uma imagem PNG ou JPEG/);
    const set = ok(
      await call<{ logo: { size: number } }>(app, 'logo:set', {
        cpfCnpj: NEW_CNPJ,
        contentType: 'image/png',
        base64: demoLogoPng().toString('base64'),
      }),
    );
    expect(set.logo.size).toBe(demoLogoPng().length);
    expect(await app.context.logos.load(NEW_CNPJ)).not.toBeNull();
  });
});

describe('hosted sandbox credentials', () => {
  let sandbox: RunningSandbox;
  let app: CarretaApp;

  beforeAll(async () => {
    sandbox = await startSandbox({ clientId: 'cliente', clientSecret: 'segredo-certo' });
    const { host } = memoryHost({
      settings: {
        environment: 'sandbox',
        hosts: {
          sandbox: { api: sandbox.url, auth: `${sandbox.url}/oauth/token` },
          producao: { api: 'http://127.0.0.1:9', auth: 'http://127.0.0.1:9/oauth/token' },
        },
      },
    });
    app = await createApp(host);
  });
  afterAll(async () => {
    await app.dispose();
    await sandbox.close();
  });

  it('asks for credentials, keeps the secret write-only and tells a wrong secret apart', async () => {
    expect(failure(await call(app, 'account:quotas')).code).toBe('credentials_missing');
    const status = ok(
      await call(app, 'credentials:set', {
        environment: 'sandbox',
        clientId: 'cliente',
        clientSecret: 'segredo-errado',
      }),
    );
    expect(status).toEqual({ environment: 'sandbox', clientId: 'cliente', secretConfigured: true });
    expect(JSON.stringify(status)).not.toContain('segredo');
    const wrong = failure(await call(app, 'connection:test', {}));
    expect(wrong.message).toMatch(/client secret incorretos/);

    ok(
      await call(app, 'credentials:set', {
        environment: 'sandbox',
        clientId: 'cliente',
        clientSecret: 'segredo-certo',
      }),
    );
    const result = ok(await call<{ quotas: unknown[] }>(app, 'connection:test', {}));
    expect(result.quotas.length).toBeGreaterThan(0);
  });

  it('tells no network and an unknown host apart', async () => {
    ok(await call(app, 'credentials:set', { environment: 'producao', clientId: 'c', clientSecret: 's' }));
    const offline = failure(await call(app, 'connection:test', { environment: 'producao' }));
    expect(offline.code).toBe('api_offline');
    ok(
      await call(app, 'settings:update', {
        hosts: {
          sandbox: app.context.host.settings.get().hosts.sandbox,
          producao: {
            api: 'https://api.host-inexistente.invalid',
            auth: 'https://auth.host-inexistente.invalid/oauth/token',
          },
        },
      }),
    );
    // The secret was typed for the old hosts: it waits to be typed again for the new ones.
    expect(failure(await call(app, 'connection:test', { environment: 'producao' })).code).toBe(
      'credentials_rebind',
    );
    ok(await call(app, 'credentials:set', { environment: 'producao', clientId: 'c', clientSecret: 's' }));
    const dns = failure(await call(app, 'connection:test', { environment: 'producao' }));
    expect(dns.code).toBe('api_dns');
    expect(dns.message).not.toBe(offline.message);
  });
});
