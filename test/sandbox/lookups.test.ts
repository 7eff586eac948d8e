import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSES } from '../../electron/sandbox/data/addresses';
import { CNPJ_COMPANIES } from '../../electron/sandbox/data/companies';
import { isValidCnpj, withCnpjDigits } from '../../electron/sandbox/http/documents';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { client, control, errorOf, getToken, startTestSandbox } from './support';

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  sandbox = await startTestSandbox({
    tokenTtlSeconds: 10 * 365 * 86_400,
    // cnpj-listagem: the listing test makes four metered requests, the metering test one more.
    quotas: { 'cep-consultas': 5, 'cnpj-consultas': 3, 'cnpj-listagem': 5 },
  });
  api = client(sandbox.url, await getToken(sandbox.url));
});
afterAll(() => sandbox.close());

type Cota = { nome: string; consumo: number; limite: number };
const cota = async (nome: string) => (await api.get<Cota>(`/conta/cotas/${nome}`)).body;

describe('built-in data set', () => {
  it('every CNPJ has valid check digits; at least one is alphanumeric; some are not active', () => {
    expect(CNPJ_COMPANIES.length).toBeGreaterThanOrEqual(40);
    expect(CNPJ_COMPANIES.every((c) => isValidCnpj(c.cnpj))).toBe(true);
    expect(CNPJ_COMPANIES.some((c) => /[A-Z]/.test(c.cnpj))).toBe(true);
    expect(CNPJ_COMPANIES.some((c) => c.situacao_cadastral.codigo !== '02')).toBe(true);
  });

  it('municipality codes carry the IBGE check digit and match their UF', () => {
    const ufCodes: Record<string, string> = {
      SP: '35',
      RJ: '33',
      MG: '31',
      PR: '41',
      RS: '43',
      BA: '29',
      DF: '53',
      AM: '13',
    };
    for (const address of ADDRESSES.values()) {
      const code = address.codigo_ibge;
      let sum = 0;
      for (let i = 0; i < 6; i++) {
        const p = Number(code[i]) * (i % 2 ? 2 : 1);
        sum += p > 9 ? Math.floor(p / 10) + (p % 10) : p;
      }
      expect((10 - (sum % 10)) % 10, code).toBe(Number(code[6]));
      if (ufCodes[address.uf]) expect(code.slice(0, 2)).toBe(ufCodes[address.uf]);
    }
    expect(ADDRESSES.get('01310100')).toMatchObject({
      municipio: 'São Paulo',
      uf: 'SP',
      codigo_ibge: '3550308',
    });
  });
});

describe('GET /cep/{Cep}', () => {
  it('answers a known CEP, 404 for an unknown one, and consumes cep-consultas', async () => {
    const before = (await cota('cep-consultas')).consumo;
    const res = await api.get<Record<string, string>>('/cep/13015100');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ municipio: 'Campinas', uf: 'SP', codigo_ibge: '3509502' });
    // 00000-000 to 00999-999 belong to no UF in the Correios' ranges.
    const unknown = await api.get('/cep/00999999');
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).message).toBe('CEP 00999999 não encontrado.');
    expect((await cota('cep-consultas')).consumo).toBe(before + 2);
  });

  it('answers any well-formed CEP of a UF range: that UF, a real municipality of it, a neutral street', async () => {
    const { carregarMunicipios } = await import('municipios-brasil');
    const table = await carregarMunicipios();
    sandbox.control.context.quotas.setLimit('cep-consultas', 1000);
    type Cep = { cep: string; uf: string; municipio: string; codigo_ibge: string; logradouro: string };
    // Real CEPs (Correios) of places in each UF, including the split ranges of AM, DF and GO and
    // the edges between neighbours; IBGE UF codes are the first two digits of a municipality's code.
    const cases: [string, string, string][] = [
      ['01001000', 'SP', '35'], // Praça da Sé, São Paulo
      ['19999999', 'SP', '35'],
      ['20010000', 'RJ', '33'],
      ['29010000', 'ES', '32'],
      ['39999999', 'MG', '31'],
      ['40010000', 'BA', '29'],
      ['49010000', 'SE', '28'],
      ['50010000', 'PE', '26'],
      ['57010000', 'AL', '27'],
      ['58010000', 'PB', '25'],
      ['59010000', 'RN', '24'],
      ['60010000', 'CE', '23'],
      ['64000000', 'PI', '22'],
      ['65010000', 'MA', '21'],
      ['68899999', 'PA', '15'],
      ['68900000', 'AP', '16'],
      ['69005000', 'AM', '13'],
      ['69301000', 'RR', '14'], // Boa Vista
      ['69400000', 'AM', '13'],
      ['69900000', 'AC', '12'],
      ['70040000', 'DF', '53'],
      ['72800000', 'GO', '52'],
      ['73000000', 'DF', '53'],
      ['73700000', 'GO', '52'],
      ['76801000', 'RO', '11'], // Porto Velho
      ['77001000', 'TO', '17'],
      ['78005000', 'MT', '51'],
      ['79002000', 'MS', '50'],
      ['88010000', 'SC', '42'],
      ['90010000', 'RS', '43'],
    ];
    for (const [cep, uf, ibgeUf] of cases) {
      const res = await api.get<Cep>(`/cep/${cep}`);
      expect(res.status, cep).toBe(200);
      expect(res.body, cep).toMatchObject({ cep, uf, tipo_logradouro: 'Rua', logradouro: 'Rua Principal' });
      expect(res.body.codigo_ibge.slice(0, 2), cep).toBe(ibgeUf);
      const real = table.obter(Number(res.body.codigo_ibge));
      expect({ nome: real.nome, uf: real.uf }, cep).toEqual({ nome: res.body.municipio, uf });
    }
    // Deterministic: the same CEP always answers the same place.
    const again = await api.get<Cep>('/cep/69301000');
    expect(again.body).toEqual((await api.get<Cep>('/cep/69301000')).body);
    // A CEP of a built-in municipality's range answers that municipality.
    const curitiba = await api.get<Cep>('/cep/80010000');
    expect(curitiba.body).toMatchObject({ municipio: 'Curitiba', uf: 'PR', codigo_ibge: '4106902' });
    sandbox.control.context.quotas.setLimit('cep-consultas', 5);
  });
});

describe('GET /cnpj/{Cnpj} and GET /cnpj', () => {
  it('answers a company, including an alphanumeric CNPJ; 404 for an unknown valid one', async () => {
    const first = await api.get<Record<string, unknown>>(`/cnpj/${CNPJ_COMPANIES[0].cnpj}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      cnpj: '11222333000181',
      endereco: { municipio: { codigo_ibge: '3550308' } },
    });
    const alnum = CNPJ_COMPANIES.find((c) => /[A-Z]/.test(c.cnpj))!;
    expect((await api.get(`/cnpj/${alnum.cnpj}`)).status).toBe(200);
    const unknown = await api.get(`/cnpj/${withCnpjDigits('998887770001')}`);
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).message).toContain('não encontrado');
  });

  it('lists active establishments by CNAE, município (IBGE or TOM) and natureza jurídica', async () => {
    const q = 'cnae_principal=4930202&natureza_juridica=2062';
    const byIbge = await api.get<{ data: { cnpj: string }[] }>(`/cnpj?${q}&municipio=3550308`);
    expect(byIbge.status).toBe(200);
    expect(byIbge.body.data.map((c) => c.cnpj)).toContain('11222333000181');
    expect(byIbge.body).not.toHaveProperty('@count');
    const byTom = await api.get<{ data: { cnpj: string }[] }>(`/cnpj?${q}&municipio=7107`);
    expect(byTom.body.data).toEqual(byIbge.body.data);
    const missing = await api.get(`/cnpj?cnae_principal=4930202&municipio=3550308`);
    expect(missing.status).toBe(400);
    expect(errorOf(missing).message).toContain('"natureza_juridica" é obrigatório');
    // Clients generated from the 2.60 description send `$inlinecount=true` here: the list answers,
    // without `@count` (this listing cannot count).
    const inline = await api.get<{ data: { cnpj: string }[] }>(
      `/cnpj?${q}&municipio=3550308&$inlinecount=true`,
    );
    expect(inline.status).toBe(200);
    expect(inline.body.data).toEqual(byIbge.body.data);
    expect(inline.body).not.toHaveProperty('@count');
    // What generated SDKs always send: `false` asks for nothing and is accepted.
    const defaults = await api.get<{ data: { cnpj: string }[] }>(
      `/cnpj?${q}&municipio=3550308&$top=10&$skip=0&$inlinecount=false`,
    );
    expect(defaults.status).toBe(200);
    expect(defaults.body.data).toEqual(byIbge.body.data);
    expect(defaults.body).not.toHaveProperty('@count');
    expect((await api.get(`/cnpj?${q}&municipio=3550308&$inlinecount=nao`)).status).toBe(400);
  });
});

describe('quotas', () => {
  it('answers 429 when a monthly quota runs out, and resets on the 1st', async () => {
    const used = (await cota('cnpj-consultas')).consumo;
    for (let i = used; i < 3; i++) expect((await api.get('/cnpj/11222333000181')).status).toBe(200);
    const refused = await api.get('/cnpj/11222333000181');
    expect(refused.status).toBe(429);
    expect(errorOf(refused).message).toMatch(/Cota "cnpj-consultas" esgotada/);
    expect(await cota('cnpj-consultas')).toEqual({ nome: 'cnpj-consultas', consumo: 3, limite: 3 });

    // Move to the first day of next month (Brasília time).
    const now = sandbox.control.clock.now();
    const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1, 12);
    sandbox.control.clock.set(next);
    expect((await cota('cnpj-consultas')).consumo).toBe(0);
    expect((await api.get('/cnpj/11222333000181')).status).toBe(200);
    sandbox.control.clock.set(null);
  });

  it('meters cnpj-listagem per establishment listed (at least one per request)', async () => {
    const before = (await cota('cnpj-listagem')).consumo;
    await api.get('/cnpj?cnae_principal=1111111&municipio=3550308&natureza_juridica=2062');
    expect((await cota('cnpj-listagem')).consumo).toBe(before + 1);
  });

  it('GET /conta/cotas lists every quota; unknown name → 404; limits settable by control API', async () => {
    const list = await api.get<{ data: Cota[] }>('/conta/cotas');
    expect(list.body.data.map((c) => c.nome).sort()).toEqual([
      'cep-consultas',
      'cnpj-consultas',
      'cnpj-listagem',
      'dfe-eventos',
    ]);
    expect(list.body.data.find((c) => c.nome === 'dfe-eventos')?.limite).toBe(100);
    expect((await api.get('/conta/cotas/nfe-emissoes')).status).toBe(404);
    const set = await control(sandbox.url, 'PUT', '/quotas/dfe-eventos', { limite: 2 });
    expect(set.body).toMatchObject({ nome: 'dfe-eventos', limite: 2 });
    await sandbox.control.context.consume('dfe-eventos', 2);
    await expect(sandbox.control.context.consume('dfe-eventos', 1)).rejects.toMatchObject({ status: 429 });
  });
});
