// A client GENERATED at test time from the MDF-e description (../shared/reference/mdfe, 2.60, the
// one nuvemfiscal-sdk-node and nuvemfiscal-sdk-php are generated from) — openapi-typescript into a
// temporary folder, never committed — runs the trip's whole scenario against the sandbox over HTTP
// through openapi-fetch: configuration, issue, list, files, not-closed, SEFAZ status, driver and
// DF-e inclusion, synchronize, closing, events, cancellation, lotes. It sends what generated SDKs
// send: `Content-Type: application/json` on every call (bodyless ones included), the paging defaults
// spelled out (`$top=10&$skip=0&$inlinecount=false`), booleans as the strings `true`/`false`, and
// the unset nullable members of its models as null. Every answer is checked against the
// description (status described, body valid with objects closed), every MDF-e operation of the
// description is exercised, and all calls are type-checked against the generated types.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import type { RunningSandbox } from '../../electron/sandbox/server';
import { certifiedCompany, client, getToken, startTestSandbox } from '../sandbox/support';
import { NOW } from '../sandbox/dfe/fixtures';
import { COMPANY_CNPJ, CPF_B, mdfeBody, NFE_KEY } from '../sandbox/mdfe/fixtures';
import {
  callerOf,
  fileGetter,
  generatedOperations,
  sdkClient,
  type SentLog,
  generateTypes,
  PAGING,
  typeCheckCalls,
  type CallInit,
  type LooseClient,
  type Method,
  type Query,
} from '../support/generated-client';
import { answerChecker } from '../support/openapi-answers';
import { referencePath, sharedAvailable } from '../support/shared';

const MDFE_DESCRIPTION = referencePath('mdfe', 'openapi-2.60-mdfe-subset.yaml');
/** The MDF-e operations of the description (README of ../shared/reference/mdfe: 28 operations). */
const MDFE_OPERATIONS = 28;

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  nullable?: boolean;
}
type Node = Record<string, unknown>;

/**
 * The body as a generated model serializes it: every optional member the description marks
 * nullable and the body leaves unset, sent as null (on every object the body fills).
 */
function asGeneratedModel<T>(schemas: Record<string, Schema>, name: string, body: T): T {
  const copy = structuredClone(body);
  const deref = (s: Schema | undefined) => (s?.$ref ? schemas[s.$ref.split('/').pop()!] : s);
  const walk = (schema: Schema | undefined, value: unknown) => {
    const s = deref(schema);
    if (Array.isArray(value)) return value.forEach((v) => walk(s?.items, v));
    if (!s?.properties || !value || typeof value !== 'object') return;
    for (const [key, member] of Object.entries(s.properties)) {
      const node = value as Node;
      if (node[key] !== undefined && node[key] !== null) walk(member, node[key]);
      else if (!s.required?.includes(key) && deref(member)?.nullable) node[key] = null;
    }
  };
  walk(schemas[name], copy);
  return copy;
}

describe.skipIf(!sharedAvailable)('a client generated from the MDF-e description', () => {
  let tmp: string;
  let operations: Map<string, Set<string>>;
  let sandbox: RunningSandbox;
  let api: LooseClient;
  let checker: ReturnType<typeof answerChecker>;
  let schemas: Record<string, Schema>;
  const sent: SentLog = { contentTypes: new Set(), queries: [] };
  const called: string[] = [];
  /** Each call as TypeScript source, type-checked at the end against the generated client. */
  const recorded: string[] = [];

  beforeAll(async () => {
    tmp = await generateTypes(MDFE_DESCRIPTION, 'carreta-generated-mdfe-');
    operations = generatedOperations(path.join(tmp, 'api.ts'));
    checker = answerChecker(undefined, MDFE_DESCRIPTION);
    schemas = (
      parse(readFileSync(MDFE_DESCRIPTION, 'utf8')) as { components: { schemas: Record<string, Schema> } }
    ).components.schemas;

    sandbox = await startTestSandbox({ clockStart: NOW.getTime(), pdfEngine: null });
    // The company and its certificate are outside the MDF-e description: set up beforehand.
    await certifiedCompany(
      sandbox,
      client(sandbox.url, await getToken(sandbox.url, 'empresa')),
      COMPANY_CNPJ,
    );
    // The description's scopes for these operations: `empresa` (configuration) and `mdfe`.
    const accessToken = await getToken(sandbox.url, 'empresa mdfe');
    api = sdkClient(sandbox.url, accessToken, sent);
  }, 120_000);
  afterAll(async () => {
    await sandbox?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  /** One call: declared by the generated client, answered as described (2xx, closed schema). */
  const call = <T = Record<string, unknown>>(method: Method, template: string, init: CallInit = {}) =>
    callerOf({ operations, api, checker, called, recorded })<T>(method, template, init);
  const file = fileGetter(call);
  const text = (buffer: ArrayBuffer) => Buffer.from(buffer).toString('utf8');
  const dhEmi = () => new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
  const cpf_cnpj = COMPANY_CNPJ;
  type Doc = { id: string; status: string; chave: string; numero_protocolo: string };
  type Ev = { id: string; status: string; codigo_status: number };

  /** An MDF-e request as the generated model sends it. */
  const pedido = (nMDF: number, placa: string, referencia: string) => {
    const body = mdfeBody({ nMDF, placa, dhEmi: dhEmi() });
    body.referencia = referencia;
    return asGeneratedModel(schemas, 'MdfePedidoEmissao', body);
  };

  it('generates the client: every MDF-e operation of the description', () => {
    expect(operations.size).toBe(MDFE_OPERATIONS);
    expect(operations.get('GET /mdfe')).toEqual(
      new Set(['$top', '$skip', '$inlinecount', 'cpf_cnpj', 'referencia', 'ambiente', 'chave', 'serie']),
    );
    expect(operations.get('GET /mdfe/{id}/pdf')).toEqual(new Set(['logotipo']));
  });

  it('runs the trip: issue, read, include, synchronize, close, events', { timeout: 120_000 }, async () => {
    const config = { ambiente: 'homologacao' };
    await call('PUT', '/empresas/{cpf_cnpj}/mdfe', { params: { path: { cpf_cnpj } }, body: config });
    expect(await call('GET', '/empresas/{cpf_cnpj}/mdfe', { params: { path: { cpf_cnpj } } })).toEqual(
      config,
    );

    // Issue, with loading after the issue (indCarregaPosterior): DF-e may be included later.
    const body = pedido(1, 'ABC1D23', 'sdk-mdfe-1');
    body.infMDFe.ide.indCarregaPosterior = 1;
    expect(body.infMDFe.ide.tpTransp).toBeNull();
    expect(body.infMDFe.emit.CPF).toBeNull();
    expect(body.infMDFe.ide.dhIniViagem).toBeNull();
    const mdfe = await call<Doc>('POST', '/mdfe', { body });
    expect(mdfe.status).toBe('autorizado');
    const id = mdfe.id;
    expect(await call('GET', '/mdfe/{id}', { params: { path: { id } } })).toMatchObject({
      id,
      chave: mdfe.chave,
    });

    // Lists with the paging defaults, filtered by referencia, chave and serie.
    const list = (query: Query) =>
      call<{ data: { id: string }[] }>('GET', '/mdfe', {
        params: { query: { ...PAGING, cpf_cnpj, ambiente: 'homologacao', ...query } },
      });
    expect((await list({})).data.map((d) => d.id)).toEqual([id]);
    expect((await list({ referencia: 'sdk-mdfe-1' })).data.map((d) => d.id)).toEqual([id]);
    expect((await list({ referencia: 'outra' })).data).toEqual([]);
    expect((await list({ chave: mdfe.chave })).data.map((d) => d.id)).toEqual([id]);
    expect((await list({ serie: '1' })).data.map((d) => d.id)).toEqual([id]);
    expect((await list({ serie: '2' })).data).toEqual([]);

    // Files: mdfeProc, the manifest, the protocol, the DAMDFE (logotipo as the string "false").
    expect(text(await file('/mdfe/{id}/xml', { id }))).toContain('<mdfeProc');
    expect(text(await file('/mdfe/{id}/xml/manifesto', { id }))).toContain(`Id="MDFe${mdfe.chave}"`);
    expect(text(await file('/mdfe/{id}/xml/protocolo', { id }))).toContain(`<chMDFe>${mdfe.chave}</chMDFe>`);
    expect(text(await file('/mdfe/{id}/pdf', { id }, { logotipo: false }))).toMatch(/^%PDF-/);
    expect(text(await file('/mdfe/{id}/pdf', { id }, { logotipo: true }))).toMatch(/^%PDF-/);

    const open = await call<{ cStat: number; infMDFe: { chMDFe: string }[] }>('GET', '/mdfe/nao-encerrados', {
      params: { query: { cpf_cnpj } },
    });
    expect(open.cStat).toBe(111);
    expect(open.infMDFe.map((m) => m.chMDFe)).toEqual([mdfe.chave]);
    expect(
      await call('GET', '/mdfe/sefaz/status', { params: { query: { cpf_cnpj, autorizador: 'SVRS' } } }),
    ).toMatchObject({ codigo_status: 107 });

    // Driver and DF-e inclusion (the protocol left out: the MDF-e's own is used).
    const condutor = await call<Ev>('POST', '/mdfe/{id}/inclusao-condutor', {
      params: { path: { id } },
      body: { nome_condutor: 'MARIA SOUZA', cpf_condutor: CPF_B },
    });
    expect(condutor.status).toBe('registrado');
    const dfe = await call<Ev>('POST', '/mdfe/{id}/inclusao-dfe', {
      params: { path: { id } },
      body: {
        codigo_municipio_carrega: '3550308',
        municipio_carrega: 'São Paulo',
        documentos: [
          { codigo_municipio_descarga: '4106902', municipio_descarga: 'Curitiba', chave_acesso_nfe: NFE_KEY },
        ],
      },
    });
    expect(dfe.status, JSON.stringify(dfe)).toBe('registrado');

    // Synchronize: no body, the JSON content type all the same.
    expect(await call('POST', '/mdfe/{id}/sincronizar', { params: { path: { id } } })).toMatchObject({
      status: 'sincronizado',
      chave: mdfe.chave,
    });

    // Closing, the date left null: the day of the request.
    const encerramento = await call<Ev & { data_encerramento: string }>('POST', '/mdfe/{id}/encerramento', {
      params: { path: { id } },
      body: { uf: 'PR', codigo_municipio: '4106902', data_encerramento: null },
    });
    expect(encerramento).toMatchObject({ status: 'registrado', codigo_status: 135 });
    expect(encerramento.data_encerramento).toBe(
      new Date(NOW.getTime() - 3 * 3_600_000).toISOString().slice(0, 10),
    );
    // A second closing is refused by the authority; the closing in force is still the one answered.
    const again = await call<Ev>('POST', '/mdfe/{id}/encerramento', {
      params: { path: { id } },
      body: { uf: 'PR', codigo_municipio: '4106902', data_encerramento: null },
    });
    expect(again.status).toBe('rejeitado');
    expect(await call('GET', '/mdfe/{id}/encerramento', { params: { path: { id } } })).toMatchObject({
      id: encerramento.id,
      status: 'registrado',
    });
    expect(text(await file('/mdfe/{id}/encerramento/xml', { id }))).toContain('<tpEvento>110112</tpEvento>');
    expect(text(await file('/mdfe/{id}/encerramento/pdf', { id }))).toMatch(/^%PDF-/);
    expect(await call('GET', '/mdfe/{id}', { params: { path: { id } } })).toMatchObject({
      status: 'encerrado',
    });

    // Events by their own id.
    for (const [ev, tpEvento] of [
      [condutor, '110114'],
      [dfe, '110115'],
      [encerramento, '110112'],
    ] as const) {
      expect(await call('GET', '/mdfe/eventos/{id}', { params: { path: { id: ev.id } } })).toMatchObject({
        id: ev.id,
      });
      expect(text(await file('/mdfe/eventos/{id}/xml', { id: ev.id }))).toContain(
        `<tpEvento>${tpEvento}</tpEvento>`,
      );
      expect(text(await file('/mdfe/eventos/{id}/pdf', { id: ev.id }))).toMatch(/^%PDF-/);
    }
    const closed = await call<{ cStat: number }>('GET', '/mdfe/nao-encerrados', {
      params: { query: { cpf_cnpj } },
    });
    expect(closed.cStat).toBe(112);
  });

  it('cancels another MDF-e within 24 h; issues, lists and reads a lote', { timeout: 120_000 }, async () => {
    const mdfe = await call<Doc>('POST', '/mdfe', { body: pedido(2, 'ABC1D23', 'sdk-mdfe-2') });
    expect(mdfe.status).toBe('autorizado');
    const id = mdfe.id;
    // No body at all (optional in the description), the JSON content type all the same: the
    // service writes the justificativa.
    const cancel = await call<Ev & { justificativa: string }>('POST', '/mdfe/{id}/cancelamento', {
      params: { path: { id } },
    });
    expect(cancel).toMatchObject({ status: 'registrado', codigo_status: 135 });
    expect(cancel.justificativa.length).toBeGreaterThanOrEqual(15);
    const again = await call<Ev & { justificativa: string }>('POST', '/mdfe/{id}/cancelamento', {
      params: { path: { id } },
      body: { justificativa: 'Segunda tentativa de cancelamento do manifesto' },
    });
    expect(again.status).toBe('rejeitado');
    expect(again.justificativa).toBe('Segunda tentativa de cancelamento do manifesto');
    // The refused attempt stays readable by its own id.
    expect(await call('GET', '/mdfe/eventos/{id}', { params: { path: { id: again.id } } })).toMatchObject({
      id: again.id,
      status: 'rejeitado',
    });
    expect(await call('GET', '/mdfe/{id}/cancelamento', { params: { path: { id } } })).toMatchObject({
      id: cancel.id,
      status: 'registrado',
    });
    expect(text(await file('/mdfe/{id}/cancelamento/xml', { id }))).toContain('<tpEvento>110111</tpEvento>');
    expect(text(await file('/mdfe/{id}/cancelamento/pdf', { id }))).toMatch(/^%PDF-/);
    expect(await call('GET', '/mdfe/{id}', { params: { path: { id } } })).toMatchObject({
      status: 'cancelado',
    });

    const lote = asGeneratedModel(schemas, 'MdfePedidoEmissaoLote', {
      id_lote: 'lote-sdk-1',
      ambiente: 'homologacao',
      referencia: 'lote-sdk',
      documentos: [pedido(3, 'DEF2G34', 'sdk-mdfe-3')],
    });
    const issued = await call<{ id: string; documentos: Doc[] }>('POST', '/mdfe/lotes', { body: lote });
    expect(issued.documentos.map((d) => d.status)).toEqual(['autorizado']);
    const lotes = await call<{ data: { id: string }[] }>('GET', '/mdfe/lotes', {
      params: { query: { ...PAGING, cpf_cnpj, ambiente: 'homologacao', referencia: 'lote-sdk' } },
    });
    expect(lotes.data.map((l) => l.id)).toEqual([issued.id]);
    expect(await call('GET', '/mdfe/lotes/{id}', { params: { path: { id: issued.id } } })).toMatchObject({
      id: issued.id,
    });
  });

  it('the MDF-e operations need the token scope mdfe', async () => {
    const without = createClient({ baseUrl: sandbox.url }) as unknown as LooseClient;
    const token = await getToken(sandbox.url, 'empresa cte');
    const refused = await without.GET('/mdfe/nao-encerrados', {
      params: { query: { cpf_cnpj } },
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ error: { code: 'Forbidden' } });
    expect(JSON.stringify(refused.error)).toContain('"mdfe"');
    const onlyMdfe = await getToken(sandbox.url, 'mdfe');
    const allowed = await without.GET('/mdfe/nao-encerrados', {
      params: { query: { cpf_cnpj } },
      headers: { Authorization: `Bearer ${onlyMdfe}`, 'Content-Type': 'application/json' },
    });
    expect(allowed.response.status).toBe(200);
  });

  it('sent what generated SDKs send and exercised every MDF-e operation', () => {
    expect([...sent.contentTypes]).toEqual(['application/json']);
    const lists = sent.queries.filter((q) => q.includes('%24top') || q.includes('$top'));
    expect(lists.length).toBe(7);
    for (const q of lists) expect(decodeURIComponent(q)).toContain('$top=10&$skip=0&$inlinecount=false');
    expect(sent.queries).toContain('?logotipo=false');
    expect(sent.queries).toContain('?logotipo=true');
    expect(checker.uncovered(/./)).toEqual([]);
    expect(new Set(called).size).toBe(MDFE_OPERATIONS);
  });

  it('made only calls the generated types accept (paths, parameters, bodies)', { timeout: 120_000 }, () => {
    expect(recorded.length).toBeGreaterThan(40);
    expect(typeCheckCalls(tmp, recorded)).toEqual([]);
  });
});
