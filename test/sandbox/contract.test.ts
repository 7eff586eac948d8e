import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePfx } from '../../electron/sandbox/certificates/make-pfx';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { answerChecker } from '../support/openapi-answers';
import { sharedAvailable } from '../support/shared';
import { client, control, empresaBody, getToken, startTestSandbox } from './support';

type Json = Record<string, unknown>;

const CNPJ = '11222333000181';
const OWN_PREFIXES = /^\/(cep|cnpj|conta|emails|empresas|debug)(\/|$)/;

describe.skipIf(!sharedAvailable)('contract: answers validate against the API description', () => {
  let sandbox: RunningSandbox;
  let api: ReturnType<typeof client>;
  let checker: ReturnType<typeof answerChecker>;
  const check: ReturnType<typeof answerChecker>['check'] = (...args) => checker.check(...args);

  beforeAll(async () => {
    // The description as it is: no member added, so an answer carrying one it lacks fails.
    checker = answerChecker();
    sandbox = await startTestSandbox();
    api = client(sandbox.url, await getToken(sandbox.url));
  });
  afterAll(() => sandbox?.close());

  it('companies, certificates, configurations and logo', async () => {
    check('/empresas', 'post', await api.post('/empresas', empresaBody()));
    await api.post('/empresas', empresaBody('22333444000181', 'SEGUNDA LTDA'));
    check('/empresas', 'get', await api.get('/empresas?$inlinecount=true'));
    check('/empresas/{cpf_cnpj}', 'get', await api.get(`/empresas/${CNPJ}`));
    check('/empresas/{cpf_cnpj}', 'put', await api.put(`/empresas/${CNPJ}`, empresaBody()));

    const pfx = makePfx({ cpfCnpj: CNPJ, razaoSocial: 'RODOVIA AZUL', password: 'x' });
    check(
      '/empresas/{cpf_cnpj}/certificado',
      'put',
      await api.put(`/empresas/${CNPJ}/certificado`, { certificado: pfx.pfxBase64, password: 'x' }),
    );
    const boundary = 'b0undary';
    const upload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.pfx"\r\n\r\n`),
      Buffer.from(pfx.pfxBase64, 'base64'),
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\nx\r\n--${boundary}--\r\n`,
      ),
    ]);
    check(
      '/empresas/{cpf_cnpj}/certificado/upload',
      'put',
      await api.raw('PUT', `/empresas/${CNPJ}/certificado/upload`, {
        body: upload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }),
    );
    check('/empresas/{cpf_cnpj}/certificado', 'get', await api.get(`/empresas/${CNPJ}/certificado`));

    const configs: Record<string, object> = {
      cte: { CRT: 3, ambiente: 'homologacao' },
      cteos: { ambiente: 'homologacao' },
      dce: { ambiente: 'producao' },
      distnfe: { ambiente: 'homologacao', ciencia_automatica: true, distribuicao_intervalo_horas: null },
      nfse: {
        ambiente: 'homologacao',
        rps: { lote: 1, serie: '1', numero: 1 },
        regTrib: { opSimpNac: null },
      },
    };
    for (const [kind, body] of Object.entries(configs)) {
      check(`/empresas/{cpf_cnpj}/${kind}`, 'put', await api.put(`/empresas/${CNPJ}/${kind}`, body));
      check(`/empresas/{cpf_cnpj}/${kind}`, 'get', await api.get(`/empresas/${CNPJ}/${kind}`));
    }

    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 7)]);
    const logo = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    check(
      '/empresas/{cpf_cnpj}/logotipo',
      'put',
      await api.raw('PUT', `/empresas/${CNPJ}/logotipo`, {
        body: logo,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }),
    );
    check('/empresas/{cpf_cnpj}/logotipo', 'get', await api.get(`/empresas/${CNPJ}/logotipo`));
    check('/empresas/{cpf_cnpj}/logotipo', 'delete', await api.delete(`/empresas/${CNPJ}/logotipo`));
    check('/empresas/{cpf_cnpj}/certificado', 'delete', await api.delete(`/empresas/${CNPJ}/certificado`));
    check('/empresas/{cpf_cnpj}', 'delete', await api.delete('/empresas/22333444000181'));
  });

  it('lookups, account quotas, e-mails and debug', async () => {
    check('/cep/{Cep}', 'get', await api.get('/cep/01310100'));
    check('/cnpj/{Cnpj}', 'get', await api.get(`/cnpj/${CNPJ}`));
    check(
      '/cnpj',
      'get',
      await api.get('/cnpj?cnae_principal=4930202&municipio=3550308&natureza_juridica=2062&$top=5'),
    );
    check('/conta/cotas', 'get', await api.get('/conta/cotas'));
    check('/conta/cotas/{nome}', 'get', await api.get('/conta/cotas/dfe-eventos'));

    const sent = await control<{ id: string }>(sandbox.url, 'POST', '/emails', {
      cpf_cnpj: CNPJ,
      to: ['a@b.example'],
      subject: 'x',
    });
    await control(sandbox.url, 'POST', `/emails/${sent.body.id}/events`, {
      event_type: 'delivered',
      message: null,
    });
    check('/emails', 'get', await api.get(`/emails?cpf_cnpj=${CNPJ}&$inlinecount=true`));
    check('/emails/{id}', 'get', await api.get(`/emails/${sent.body.id}`));

    await sandbox.control.context.debug.record('cte_contract', {
      tipo: 'cte',
      originalPayload: '{"a":1}',
      steps: [
        {
          tipo: 'envio_lote',
          request: { method: 'POST', uri: 'https://sefaz.example/ws', body: '<a/>' },
          response: { status: 200, body: '<b/>' },
        },
      ],
    });
    const debug = await api.get<{ requisicoes: { http_request: { id: string } }[] }>('/debug/cte_contract');
    check('/debug/{id}', 'get', debug);
    check('/debug/{id}/original-payload', 'get', await api.get('/debug/cte_contract/original-payload'));
    const reqId = debug.body.requisicoes[0].http_request.id;
    check(
      '/debug/http-requests/{id}/request-content',
      'get',
      await api.get(`/debug/http-requests/${reqId}/request-content`),
    );
    check(
      '/debug/http-requests/{id}/response-content',
      'get',
      await api.get(`/debug/http-requests/${reqId}/response-content`),
    );
  });

  it('covers every operation of the description under this helper’s paths (+ GET /empresas/certificados)', async () => {
    const certificados = await api.get<unknown>('/empresas/certificados?$inlinecount=true');
    expect(certificados.status).toBe(200);
    // The list is newer than 2.58: its EmpresaCertificado adds id and created_at (reference README).
    const text = { type: 'string' };
    const instant = { type: 'string', format: 'date-time' };
    const listed = {
      type: 'object',
      additionalProperties: false,
      properties: {
        id: text,
        created_at: instant,
        serial_number: text,
        issuer_name: text,
        not_valid_before: instant,
        not_valid_after: instant,
        thumbprint: text,
        subject_name: text,
        cpf_cnpj: text,
        nome_razao_social: text,
      },
    };
    const listSchema = {
      type: 'object',
      additionalProperties: false,
      required: ['data'],
      properties: {
        '@count': { type: 'integer' },
        data: { type: 'array', items: { ...listed, required: Object.keys(listed.properties) } },
      },
    };
    expect(checker.ajv.validate(listSchema, certificados.body), checker.ajv.errorsText()).toBe(true);

    // The validator has teeth: an extra field, a wrong type and a bad null are refused.
    const empresa = (body: unknown) =>
      checker.ajv.validate({ $ref: 'openapi.json#/components/schemas/Empresa' }, body);
    const good = (await api.get(`/empresas/${CNPJ}`)).body as Json;
    expect(empresa(good)).toBe(true);
    expect(empresa({ ...good, extra: 1 })).toBe(false);
    expect(empresa({ ...good, fone: 11 })).toBe(false);
    expect(empresa({ ...good, email: null })).toBe(false);
    const email = (body: unknown) =>
      checker.ajv.validate({ $ref: 'openapi.json#/components/schemas/EmailResumo' }, body);
    expect(email({ id: 'x', sent_at: null })).toBe(true);

    expect(checker.uncovered(OWN_PREFIXES)).toEqual([]);
  });
});
