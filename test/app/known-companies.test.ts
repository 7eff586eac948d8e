// The companies the app has seen, kept in the cache per environment (issue 19 follow-up): online
// the commands store the API's answer; with the API unreachable (the embedded sandbox stopped, as
// test/e2e/documents.spec.ts does) they answer from the cache, marked fromCache, and the previews
// still know the emitter. A company deleted at the API is gone after the next list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AppContext } from '../../electron/app/context';
import { DEMO_CNPJ } from '../../electron/app/demo';
import { KnownCompanies } from '../../electron/app/known-companies';
import { MEMORY, openDatabase } from '../../electron/cache/db';
import { migrate } from '../../electron/cache/migrations';
import { migrations } from '../../electron/cache/migrations/index';
import { createRepositories } from '../../electron/cache/repositories';
import { ApiError } from '../../electron/nuvemfiscal';
import type { CarretaApp } from '../../electron/app/index';
import { createApp } from '../../electron/app/index';
import { cnpjCheckDigits } from '../../electron/fiscal/cnpj';
import type { CommandEnvelope } from '../../electron/shared/errors';
import { memoryHost } from '../support/memory-host';
import { demoCteForm } from '../fiscal/payload/forms';
import { mdfeForm } from '../fiscal/payload/mdfe-forms';
import { dceForm } from './dce/fixtures';

const OTHER_BASE = '33444555' + '0001';
const OTHER = OTHER_BASE + cnpjCheckDigits(OTHER_BASE);
const GONE_BASE = '66777888' + '0001';
const GONE = GONE_BASE + cnpjCheckDigits(GONE_BASE);

interface Company {
  cpf_cnpj: string;
  nome_razao_social: string;
  fromCache?: true;
  savedAt?: string;
}

function ok<T>(envelope: unknown): T {
  const e = envelope as CommandEnvelope<T>;
  if (!e.ok) throw new Error(`${e.error.code}: ${e.error.message} ${e.error.detail ?? ''}`);
  return e.data;
}

const newCompany = (cpf_cnpj: string, nome: string) => ({
  cpf_cnpj,
  nome_razao_social: nome,
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
});

describe('known companies: online stores, offline answers from the cache', { timeout: 60_000 }, () => {
  let app: CarretaApp;
  const call = async <T>(channel: string, input: unknown = {}) => ok<T>(await app.dispatch(channel, input));
  const known = () => app.context.cache.repos!.knownCompanies;

  beforeAll(async () => {
    app = await createApp(memoryHost().host);
    await app.context.embedded.ensure();
    app.context.sync.stop();
    app.context.inbox.stop();
  });
  afterAll(async () => {
    await app.dispose();
  });

  it('online: the list and a company are answered by the API and stored', async () => {
    expect(await known().companies('demonstracao')).toBeNull();
    await call('companies:save', newCompany(OTHER, 'TRANSPORTES OUTRA LTDA'));
    await call('companies:save', newCompany(GONE, 'TRANSPORTES QUE SAI LTDA'));
    const list = await call<{ companies: Company[]; fromCache?: true }>('companies:list');
    expect(list.fromCache).toBeUndefined();
    expect(list.companies.map((c) => c.cpf_cnpj).sort()).toEqual([DEMO_CNPJ, OTHER, GONE].sort());
    const stored = await known().companies('demonstracao');
    expect(stored?.value.map((c) => c.cpf_cnpj).sort()).toEqual([DEMO_CNPJ, OTHER, GONE].sort());
    expect(stored?.value.find((c) => c.cpf_cnpj === DEMO_CNPJ)?.nome_razao_social).toBe(
      'TRANSPORTES CARRETA DEMONSTRACAO LTDA',
    );
    // Another environment knows nothing of them.
    expect(await known().companies('producao')).toBeNull();

    const certificates = await call<{ certificates: { cpfCnpj: string }[]; fromCache?: true }>(
      'certificates:list',
      { includeExpired: true },
    );
    expect(certificates.fromCache).toBeUndefined();
    expect((await known().certificates('demonstracao'))?.value.map((c) => c.cpfCnpj)).toContain(DEMO_CNPJ);
  });

  it('a company deleted at the API disappears from the cache on the next list', async () => {
    const { client } = await app.context.api.client();
    await client.empresas.excluir(GONE);
    const list = await call<{ companies: Company[] }>('companies:list');
    expect(list.companies.map((c) => c.cpf_cnpj)).not.toContain(GONE);
    expect((await known().companies('demonstracao'))?.value.map((c) => c.cpf_cnpj).sort()).toEqual(
      [DEMO_CNPJ, OTHER].sort(),
    );
    expect(await known().company('demonstracao', GONE)).toBeNull();
  });

  it('offline: list, company, certificates and previews answer from the cache, marked as such', async () => {
    const embedded = app.context.embedded;
    embedded.ensure = () => Promise.reject(new Error('sem rede (teste)'));
    const deadUrl = embedded.url();
    await embedded.close();
    embedded.url = () => deadUrl;
    expect((await app.context.connectivity.refresh()).online).toBe(false);

    const list = await call<{ companies: Company[]; fromCache?: true; savedAt?: string }>('companies:list');
    expect(list.fromCache).toBe(true);
    expect(Date.parse(list.savedAt!)).toBeGreaterThan(Date.now() - 5 * 60_000);
    expect(list.companies.map((c) => c.cpf_cnpj).sort()).toEqual([DEMO_CNPJ, OTHER].sort());
    const filtered = await call<{ companies: Company[] }>('companies:list', { nome: 'transportes ou' });
    expect(filtered.companies.map((c) => c.cpf_cnpj)).toEqual([OTHER]);

    const one = await call<Company>('companies:get', { cpfCnpj: DEMO_CNPJ });
    expect(one).toMatchObject({
      cpf_cnpj: DEMO_CNPJ,
      nome_razao_social: 'TRANSPORTES CARRETA DEMONSTRACAO LTDA',
      fromCache: true,
    });
    // Never seen: nothing to answer with, the offline error stays.
    const unknown = (await app.dispatch('companies:get', { cpfCnpj: GONE })) as CommandEnvelope<unknown>;
    expect(unknown.ok).toBe(false);

    const certificates = await call<{
      certificates: { cpfCnpj: string; daysLeft: number }[];
      fromCache?: true;
    }>('certificates:list', { includeExpired: true });
    expect(certificates.fromCache).toBe(true);
    expect(certificates.certificates.find((c) => c.cpfCnpj === DEMO_CNPJ)?.daysLeft).toBeGreaterThan(0);

    const cte = await call<{ payload: { infCte: { emit: { CNPJ: string; xNome: string } } }; html: string }>(
      'cte:preview',
      { kind: 'cte', company: DEMO_CNPJ, form: demoCteForm() },
    );
    expect(cte.payload.infCte.emit).toMatchObject({
      CNPJ: DEMO_CNPJ,
      xNome: 'TRANSPORTES CARRETA DEMONSTRACAO LTDA',
    });
    expect(cte.html).toContain('SEM VALOR FISCAL');
    const dce = await call<{ html: string }>('dce:preview', { company: DEMO_CNPJ, form: dceForm() });
    expect(dce.html).toContain('PRÉ-VISUALIZAÇÃO — SEM VALOR FISCAL');

    const mdfe = await call<{ manifestos: { infMDFe: { emit: { CNPJ: string; xNome: string } } }[] }>(
      'mdfe:preview',
      { company: DEMO_CNPJ, form: mdfeForm() },
    );
    expect(mdfe.manifestos[0]!.infMDFe.emit).toMatchObject({
      CNPJ: DEMO_CNPJ,
      xNome: 'TRANSPORTES CARRETA DEMONSTRACAO LTDA',
    });

    // Sending still needs the API: the cached company is never used to issue.
    const issued = (await app.dispatch('cte:issue', {
      kind: 'cte',
      company: DEMO_CNPJ,
      form: demoCteForm(),
    })) as CommandEnvelope<unknown>;
    expect(issued.ok).toBe(false);
  });
});

describe('when the cache answers', () => {
  const stored = newCompany(OTHER, 'TRANSPORTES OUTRA LTDA');
  const dto = { ...stored, endereco: { ...stored.endereco, cep: '01001000' } };

  async function rig(error: unknown, online: boolean | null) {
    const db = await openDatabase(MEMORY);
    await migrate(db, migrations);
    const repos = createRepositories(db);
    await repos.knownCompanies.replaceCompanies('sandbox', [dto], new Date('2026-11-25T18:30:00Z'));
    const { host } = memoryHost({ settings: { environment: 'sandbox' } });
    const ctx = {
      host,
      cache: { repos },
      connectivity: { current: () => (online === null ? null : { online }) },
      api: { client: () => Promise.reject(error) },
    } as unknown as AppContext;
    return { known: new KnownCompanies(ctx), repos, close: () => db.close() };
  }
  const fetchNothing = () => Promise.reject(new Error('not reached'));

  it('a network failure (no connectivity check yet) answers from the cache', async () => {
    const { known, close } = await rig(
      new ApiError({ kind: 'offline', message: 'Sem conexão com a internet.' }),
      null,
    );
    expect(await known.list(fetchNothing)).toEqual({
      companies: [dto],
      fromCache: true,
      savedAt: '2026-11-25T18:30:00.000Z',
    });
    expect(await known.get(OTHER)).toMatchObject({ cpf_cnpj: OTHER, fromCache: true });
    await close();
  });

  it('an API that answers with an error is not hidden behind the cache', async () => {
    const refused = new ApiError({ kind: 'http', status: 401, message: 'Credenciais recusadas.' });
    const { known, close } = await rig(refused, true);
    await expect(known.list(fetchNothing)).rejects.toBe(refused);
    await expect(known.get(OTHER)).rejects.toBe(refused);
    await close();
  });

  it('a 404 for a company forgets it', async () => {
    const gone = new ApiError({ kind: 'http', status: 404, message: 'Empresa não encontrada.' });
    const { known, repos, close } = await rig(gone, true);
    await expect(known.get(OTHER)).rejects.toBe(gone);
    expect(await repos.knownCompanies.company('sandbox', OTHER)).toBeNull();
    await close();
  });
});
