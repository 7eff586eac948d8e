// An independent client of the hosted API, GENERATED at test time from the description in
// ../shared (openapi-typescript into a temporary folder, never committed), runs the carrier's
// whole scenario against the sandbox over HTTP through openapi-fetch. Its requests carry what
// generated SDKs send: `Content-Type: application/json` on every call (bodyless ones included),
// the paging defaults spelled out (`$top=10&$skip=0&$inlinecount=false`) and booleans as the
// strings `true`/`false`. Every answer is checked against the description (status described,
// body valid with objects closed), every operation of the description is exercised, and every
// call is checked against the generated client: its operation and query parameters are declared
// in the generated `paths`, and at the end all calls, bodies included, are type-checked with the
// generated types and openapi-fetch's own (TypeScript compiler, in the temporary folder).
// The app's own client (electron/nuvemfiscal) is not used.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSandbox } from '../../electron/sandbox/server';
import { certificateOnClock, CLIENT_ID, CLIENT_SECRET, control, startTestSandbox } from '../sandbox/support';
import { COMPANY_CNPJ, cteBody, cteOsBody, cteSimpBody, dceBody, NOW } from '../sandbox/dfe/fixtures';
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
} from '../support/generated-client';
import { answerChecker } from '../support/openapi-answers';
import { openapiPath, sharedAvailable } from '../support/shared';

const SCOPES = 'empresa conta cnpj cep cte nfe nfce dce distribuicao-nfe debug';

describe.skipIf(!sharedAvailable)('a client generated from the API description', () => {
  let tmp: string;
  let operations: Map<string, Set<string>>;
  let sandbox: RunningSandbox;
  let api: LooseClient;
  let checker: ReturnType<typeof answerChecker>;
  const sent: SentLog = { contentTypes: new Set(), queries: [] };
  const called: string[] = [];
  /** Each call as TypeScript source, type-checked at the end against the generated client. */
  const recorded: string[] = [];

  beforeAll(async () => {
    // 1. Generate the types from the description, into a folder that is thrown away afterwards.
    tmp = await generateTypes(openapiPath, 'carreta-generated-client-');
    operations = generatedOperations(path.join(tmp, 'api.ts'));

    checker = answerChecker();
    sandbox = await startTestSandbox({ clockStart: NOW.getTime(), pdfEngine: null });
    // The token endpoint is outside the description (its own host on the hosted service).
    const token = await fetch(`${sandbox.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        scope: SCOPES,
      }).toString(),
    });
    expect(token.status).toBe(200);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };

    // 2. The client: openapi-fetch, JSON content type on every call, as generated SDKs do.
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

  it('generates the client: every operation of the description', () => {
    expect(operations.size).toBe(96);
    expect(operations.get('GET /cte')).toEqual(
      new Set(['$top', '$skip', '$inlinecount', 'cpf_cnpj', 'referencia', 'ambiente', 'chave', 'serie']),
    );
  });

  it('runs the carrier scenario end to end', { timeout: 120_000 }, async () => {
    // Company, certificate, configurations.
    const empresa = {
      cpf_cnpj,
      nome_razao_social: 'TRANSPORTES TESTE LTDA',
      inscricao_estadual: '9023456789',
      email: 'fiscal@transportes.example',
      endereco: {
        logradouro: 'Rua das Flores',
        numero: '100',
        bairro: 'Centro',
        codigo_municipio: '4106902',
        uf: 'PR',
        cep: '80010000',
        // Members with a default in the description: generated models send the default.
        codigo_pais: '1058',
        pais: 'Brasil',
      },
    };
    expect(await call('POST', '/empresas', { body: empresa })).toMatchObject({ cpf_cnpj });
    const empresas = await call<{ data: { cpf_cnpj: string }[] }>('GET', '/empresas', {
      params: { query: { ...PAGING, cpf_cnpj } },
    });
    expect(empresas.data.map((e) => e.cpf_cnpj)).toEqual([cpf_cnpj]);
    expect(empresas).not.toHaveProperty('@count');
    await call('PUT', '/empresas/{cpf_cnpj}', {
      params: { path: { cpf_cnpj } },
      body: { ...empresa, fone: '4133334444' },
    });
    const pfx = certificateOnClock(sandbox, cpf_cnpj, 'TRANSPORTES TESTE LTDA');
    const cert = await call('PUT', '/empresas/{cpf_cnpj}/certificado', {
      params: { path: { cpf_cnpj } },
      body: { certificado: pfx.pfxBase64, password: pfx.password },
    });
    expect(cert).toMatchObject({ cpf_cnpj });
    await call('GET', '/empresas/{cpf_cnpj}/certificado', { params: { path: { cpf_cnpj } } });
    for (const [kind, body] of [
      ['cte', { CRT: 3, ambiente: 'homologacao' }],
      ['cteos', { CRT: 3, ambiente: 'homologacao' }],
      ['dce', { ambiente: 'homologacao' }],
      ['distnfe', { ambiente: 'homologacao', distribuicao_automatica: false, ciencia_automatica: false }],
    ] as const) {
      await call('PUT', `/empresas/{cpf_cnpj}/${kind}`, { params: { path: { cpf_cnpj } }, body });
      await call('GET', `/empresas/{cpf_cnpj}/${kind}`, { params: { path: { cpf_cnpj } } });
    }

    // CT-e: issue, read, list with the paging defaults, XML and PDF.
    const body = cteBody();
    body.infCte.ide.dhEmi = dhEmi();
    const cte = await call<{ id: string; status: string; chave: string }>('POST', '/cte', { body });
    expect(cte.status).toBe('autorizado');
    const id = cte.id;
    await call('GET', '/cte/{id}', { params: { path: { id } } });
    const list = await call<{ data: { id: string }[] }>('GET', '/cte', {
      params: { query: { ...PAGING, cpf_cnpj, ambiente: 'homologacao' } },
    });
    expect(list.data.map((d) => d.id)).toEqual([id]);
    await call('GET', '/cte/sefaz/status', { params: { query: { cpf_cnpj } } });
    expect(text(await file('/cte/{id}/xml', { id }))).toContain(`<chCTe>${cte.chave}</chCTe>`);
    await file('/cte/{id}/xml/conhecimento', { id });
    await file('/cte/{id}/xml/protocolo', { id });
    expect(text(await file('/cte/{id}/pdf', { id }, { logotipo: false }))).toMatch(/^%PDF-/);

    // Correction letter, synchronization (no body, JSON content type), cancellation.
    const cce = await call<{ id: string; status: string }>('POST', '/cte/{id}/carta-correcao', {
      params: { path: { id } },
      body: {
        correcoes: [
          { grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'Observação corrigida' },
        ],
      },
    });
    expect(cce.status).toBe('registrado');
    await call('GET', '/cte/{id}/carta-correcao', { params: { path: { id } } });
    await file('/cte/{id}/carta-correcao/xml', { id });
    await file('/cte/{id}/carta-correcao/pdf', { id });
    await call('GET', '/cte/eventos/{id}', { params: { path: { id: cce.id } } });
    await file('/cte/eventos/{id}/xml', { id: cce.id });
    await file('/cte/eventos/{id}/pdf', { id: cce.id });
    expect(await call('POST', '/cte/{id}/sincronizar', { params: { path: { id } } })).toMatchObject({
      chave: cte.chave,
    });
    const cancel = await call<{ status: string }>('POST', '/cte/{id}/cancelamento', {
      params: { path: { id } },
      body: { justificativa: 'Frete lançado em duplicidade pelo escritório' },
    });
    expect(cancel.status).toBe('registrado');
    await call('GET', '/cte/{id}/cancelamento', { params: { path: { id } } });
    await file('/cte/{id}/cancelamento/xml', { id });
    await file('/cte/{id}/cancelamento/pdf', { id });
    expect(await call('GET', '/cte/{id}', { params: { path: { id } } })).toMatchObject({
      status: 'cancelado',
    });

    // CT-e OS and DC-e.
    const os = cteOsBody();
    os.infCte.ide.dhEmi = dhEmi();
    const cteos = await call<{ id: string; status: string }>('POST', '/cteos', { body: os });
    expect(cteos.status).toBe('autorizado');
    await call('GET', '/cteos', { params: { query: { ...PAGING, cpf_cnpj, ambiente: 'homologacao' } } });
    await file('/cteos/{id}/xml', { id: cteos.id });
    await call('POST', '/cteos/{id}/sincronizar', { params: { path: { id: cteos.id } } });
    const dce = dceBody();
    dce.infDCe.ide.dhEmi = dhEmi();
    // Required by the description, with a nullable member: what a generated model sends.
    const withSolic = { ...dce, infSolicDCe: { xSolic: null } };
    const declaracao = await call<{ id: string; status: string }>('POST', '/dce', { body: withSolic });
    expect(declaracao.status).toBe('autorizado');
    await call('GET', '/dce', { params: { query: { ...PAGING, cpf_cnpj, ambiente: 'homologacao' } } });
    await file('/dce/{id}/pdf', { id: declaracao.id });
    await call('POST', '/dce/{id}/cancelamento', {
      params: { path: { id: declaracao.id } },
      body: { justificativa: 'Declaração emitida para o destinatário errado' },
    });
    await call('GET', '/dce/{id}/cancelamento', { params: { path: { id: declaracao.id } } });

    // Distribution (NF-e inbox) and manifestation.
    const ctl = (method: string, p: string, b?: unknown) => control(sandbox.url, method, p, b);
    await ctl('PUT', '/nfe/config', { notas_demonstracao: false, atraso_xml_completo_segundos: 0 });
    const injected = await ctl('POST', '/nfe/inject', {
      cpf_cnpj,
      ambiente: 'homologacao',
      role: 'destinatario',
      count: 1,
    });
    const nota = (injected.body as { chaves: string[] }).chaves[0];
    await ctl('POST', '/nfe/inject', { cpf_cnpj, ambiente: 'homologacao', role: 'transportador', count: 1 });
    const pedido = {
      cpf_cnpj,
      ambiente: 'homologacao',
      tipo_consulta: 'dist-nsu',
      dist_nsu: 0,
      ignorar_tempo_espera: false,
    };
    const distribuicao = await call<{ id: string; documentos: { id: string; resumo: boolean }[] }>(
      'POST',
      '/distribuicao/nfe',
      { body: pedido },
    );
    expect(distribuicao.documentos.length).toBeGreaterThanOrEqual(2);
    await call('GET', '/distribuicao/nfe/{id}', { params: { path: { id: distribuicao.id } } });
    await call('GET', '/distribuicao/nfe', {
      params: { query: { ...PAGING, cpf_cnpj, ambiente: 'homologacao' } },
    });
    const semManifestacao = await call<{ data: { chave_acesso: string }[] }>(
      'GET',
      '/distribuicao/nfe/notas-sem-manifestacao',
      { params: { query: { ...PAGING, cpf_cnpj, ambiente: 'homologacao' } } },
    );
    expect(semManifestacao.data.map((n) => n.chave_acesso)).toContain(nota);
    const ciencia = await call<{ id: string; status: string }>('POST', '/distribuicao/nfe/manifestacoes', {
      body: { cpf_cnpj, ambiente: 'homologacao', chave_acesso: nota, tipo_evento: '210210' },
    });
    expect(ciencia.status).toBe('registrado');
    await call('GET', '/distribuicao/nfe/manifestacoes/{id}', { params: { path: { id: ciencia.id } } });
    await call('GET', '/distribuicao/nfe/manifestacoes', {
      params: { query: { ...PAGING, cpf_cnpj, ambiente: 'homologacao' } },
    });
    const documentos = await call<{ data: { id: string; schema: string }[] }>(
      'GET',
      '/distribuicao/nfe/documentos',
      {
        params: { query: { ...PAGING, cpf_cnpj, ambiente: 'homologacao' } },
      },
    );
    const completa = documentos.data.find((d) => d.schema.startsWith('procNFe'));
    expect(completa, JSON.stringify(documentos.data.map((d) => d.schema))).toBeDefined();
    await call('GET', '/distribuicao/nfe/documentos/{id}', { params: { path: { id: completa!.id } } });
    expect(text(await file('/distribuicao/nfe/documentos/{id}/xml', { id: completa!.id }))).toContain(
      '<nfeProc',
    );
    expect(text(await file('/distribuicao/nfe/documentos/{id}/pdf', { id: completa!.id }))).toMatch(/^%PDF-/);

    // Quotas, lookups, e-mails, debug.
    await call('GET', '/conta/cotas');
    await call('GET', '/conta/cotas/{nome}', { params: { path: { nome: 'dfe-eventos' } } });
    expect(await call('GET', '/cep/{Cep}', { params: { path: { Cep: '01001000' } } })).toMatchObject({
      uf: 'SP',
    });
    await call('GET', '/cnpj/{Cnpj}', { params: { path: { Cnpj: '11222333000181' } } });
    await call('GET', '/cnpj', {
      params: {
        query: { ...PAGING, cnae_principal: '4930202', municipio: '3550308', natureza_juridica: '2062' },
      },
    });
    // SDKs generated from the 2.60 description ask this listing to count: it answers without `@count`.
    const counted = await call<{ data: { cnpj: string }[] }>('GET', '/cnpj', {
      params: {
        query: {
          ...PAGING,
          $inlinecount: true,
          cnae_principal: '4930202',
          municipio: '3550308',
          natureza_juridica: '2062',
        },
      },
    });
    expect(counted.data.map((c) => c.cnpj)).toContain('11222333000181');
    expect(counted).not.toHaveProperty('@count');
    const mail = (await ctl('POST', '/emails', { cpf_cnpj, to: ['cliente@example.com'], subject: 'DACTE' }))
      .body as { id: string };
    const emails = await call<{ data: { id: string }[] }>('GET', '/emails', {
      params: { query: { ...PAGING, cpf_cnpj } },
    });
    expect(emails.data.map((e) => e.id)).toContain(mail.id);
    await call('GET', '/emails/{id}', { params: { path: { id: mail.id } } });
    const debug = await call<{ requisicoes: { http_request: { id: string } }[] }>('GET', '/debug/{id}', {
      params: { path: { id } },
    });
    await file('/debug/{id}/original-payload', { id });
    const request = debug.requisicoes[0].http_request.id;
    await file('/debug/http-requests/{id}/request-content', { id: request });
    await file('/debug/http-requests/{id}/response-content', { id: request });

    // Leave: certificate and company deleted, with the JSON content type and no body.
    await call('DELETE', '/empresas/{cpf_cnpj}/certificado', { params: { path: { cpf_cnpj } } });
    await call('DELETE', '/empresas/{cpf_cnpj}', { params: { path: { cpf_cnpj } } });
    const gone = await api.GET('/empresas/{cpf_cnpj}', { params: { path: { cpf_cnpj } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ error: { code: 'NotFound' } });

    // What went over the wire: the JSON content type on every call, bodyless ones included.
    expect([...sent.contentTypes]).toEqual(['application/json']);
    expect(called.length).toBeGreaterThan(60);
  });

  it('runs every other operation of the description', { timeout: 120_000 }, async () => {
    const empresa = {
      cpf_cnpj,
      nome_razao_social: 'TRANSPORTES TESTE LTDA',
      email: 'fiscal@transportes.example',
      endereco: {
        logradouro: 'Rua das Flores',
        numero: '100',
        bairro: 'Centro',
        codigo_municipio: '4106902',
        uf: 'PR',
        cep: '80010000',
        // Members with a default in the description: generated models send the default.
        codigo_pais: '1058',
        pais: 'Brasil',
      },
    };
    await call('POST', '/empresas', { body: empresa });
    await call('GET', '/empresas/{cpf_cnpj}', { params: { path: { cpf_cnpj } } });
    // Multipart uploads: the SDK sends the form's own content type (boundary included).
    const multipart = { 'Content-Type': null };
    const pfx = certificateOnClock(sandbox, cpf_cnpj, 'TRANSPORTES TESTE LTDA');
    const upload = new FormData();
    upload.append('file', new Blob([Buffer.from(pfx.pfxBase64, 'base64')]), 'certificado.pfx');
    upload.append('password', pfx.password);
    await call('PUT', '/empresas/{cpf_cnpj}/certificado/upload', {
      params: { path: { cpf_cnpj } },
      body: upload,
      headers: multipart,
    });
    const logo = new FormData();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 7)]);
    logo.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'logo.jpg');
    await call('PUT', '/empresas/{cpf_cnpj}/logotipo', {
      params: { path: { cpf_cnpj } },
      body: logo,
      headers: multipart,
    });
    expect(Buffer.from(await file('/empresas/{cpf_cnpj}/logotipo', { cpf_cnpj }))).toEqual(jpeg);
    await call('DELETE', '/empresas/{cpf_cnpj}/logotipo', { params: { path: { cpf_cnpj } } });
    const nfse = {
      ambiente: 'homologacao',
      rps: { lote: 1, serie: '1', numero: 1 },
      incentivo_fiscal: false,
    };
    await call('PUT', '/empresas/{cpf_cnpj}/nfse', { params: { path: { cpf_cnpj } }, body: nfse });
    await call('GET', '/empresas/{cpf_cnpj}/nfse', { params: { path: { cpf_cnpj } } });

    // CT-e Simplificado; the CT-e OS's events and files; the DC-e's reads.
    const simp = cteSimpBody();
    simp.infCte.ide.dhEmi = dhEmi();
    expect(await call('POST', '/cte/simp', { body: simp })).toMatchObject({ status: 'autorizado' });
    const os = cteOsBody();
    os.referencia = 'os-2';
    os.infCte.ide.nCT += 1;
    os.infCte.ide.dhEmi = dhEmi();
    const { id } = await call<{ id: string }>('POST', '/cteos', { body: os });
    await call('GET', '/cteos/{id}', { params: { path: { id } } });
    await call('GET', '/cteos/sefaz/status', { params: { query: { cpf_cnpj } } });
    await file('/cteos/{id}/pdf', { id }, { logotipo: true });
    await file('/cteos/{id}/xml/conhecimento', { id });
    await file('/cteos/{id}/xml/protocolo', { id });
    const cce = await call<{ id: string }>('POST', '/cteos/{id}/carta-correcao', {
      params: { path: { id } },
      body: {
        correcoes: [{ grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'Nova observação' }],
      },
    });
    await call('GET', '/cteos/{id}/carta-correcao', { params: { path: { id } } });
    await file('/cteos/{id}/carta-correcao/xml', { id });
    await file('/cteos/{id}/carta-correcao/pdf', { id });
    await call('GET', '/cteos/eventos/{id}', { params: { path: { id: cce.id } } });
    await file('/cteos/eventos/{id}/xml', { id: cce.id });
    await file('/cteos/eventos/{id}/pdf', { id: cce.id });
    await call('POST', '/cteos/{id}/cancelamento', {
      params: { path: { id } },
      body: { justificativa: 'Serviço lançado em duplicidade pelo escritório' },
    });
    await call('GET', '/cteos/{id}/cancelamento', { params: { path: { id } } });
    await file('/cteos/{id}/cancelamento/xml', { id });
    await file('/cteos/{id}/cancelamento/pdf', { id });
    const dces = await call<{ data: { id: string }[] }>('GET', '/dce', {
      params: { query: { ...PAGING, cpf_cnpj, ambiente: 'homologacao' } },
    });
    const dce = dces.data[0].id;
    await call('GET', '/dce/{id}', { params: { path: { id: dce } } });
    await call('GET', '/dce/sefaz/status', { params: { query: { cpf_cnpj } } });
    await file('/dce/{id}/xml', { id: dce });
    await file('/dce/{id}/xml/declaracao', { id: dce });
    await file('/dce/{id}/xml/protocolo', { id: dce });
    await file('/dce/{id}/cancelamento/xml', { id: dce });
  });

  it('has checked every operation of the description, closed to undescribed members', () => {
    expect(checker.uncovered(/./)).toEqual([]);
  });

  it('made only calls the generated types accept (paths, parameters, bodies)', { timeout: 120_000 }, () => {
    expect(recorded.length).toBeGreaterThan(90);
    const problems = typeCheckCalls(tmp, recorded);
    expect(problems).toEqual([]);
  });
});
