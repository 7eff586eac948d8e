// Every MDF-e operation of the API description 2.60 (../shared/reference/mdfe), called over HTTP
// the way a client written only from the description would, each answer checked against it: the
// status is described and the body validates with every object closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSandbox } from '../../../electron/sandbox/server';
import { answerChecker } from '../../support/openapi-answers';
import { referencePath, sharedAvailable } from '../../support/shared';
import { certifiedCompany, client, getToken, startTestSandbox } from '../support';
import { NOW } from '../dfe/fixtures';
import { COMPANY_CNPJ, CPF_B, mdfeBody, NFE_KEY } from './fixtures';

type Doc = { id: string; status: string; chave: string };
type Ev = { id: string; status: string; codigo_status: number };

describe.skipIf(!sharedAvailable)('contract: MDF-e answers validate against the API description 2.60', () => {
  let sandbox: RunningSandbox;
  let api: ReturnType<typeof client>;
  let checker: ReturnType<typeof answerChecker>;
  const dhEmi = () => new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');

  beforeAll(async () => {
    checker = answerChecker(undefined, referencePath('mdfe', 'openapi-2.60-mdfe-subset.yaml'));
    sandbox = await startTestSandbox({ clockStart: NOW.getTime(), pdfEngine: null });
    api = client(sandbox.url, await getToken(sandbox.url, 'empresa mdfe'));
    await certifiedCompany(sandbox, api, COMPANY_CNPJ);
  });
  afterAll(() => sandbox?.close());

  it('configuration, issue, reading, files, driver and DF-e inclusion, closing', async () => {
    const { check } = checker;
    check(
      '/empresas/{cpf_cnpj}/mdfe',
      'put',
      await api.put(`/empresas/${COMPANY_CNPJ}/mdfe`, { ambiente: 'homologacao' }),
    );
    check('/empresas/{cpf_cnpj}/mdfe', 'get', await api.get(`/empresas/${COMPANY_CNPJ}/mdfe`));

    const body = mdfeBody({ dhEmi: dhEmi() });
    body.referencia = 'contrato-mdfe-1';
    body.infMDFe.ide.indCarregaPosterior = 1;
    const issued = await api.post<Doc>('/mdfe', body);
    check('/mdfe', 'post', issued);
    expect(issued.body.status).toBe('autorizado');
    const id = issued.body.id;
    check(
      '/mdfe',
      'get',
      await api.get(`/mdfe?cpf_cnpj=${COMPANY_CNPJ}&ambiente=homologacao&$inlinecount=true`),
    );
    check('/mdfe/{id}', 'get', await api.get(`/mdfe/${id}`));
    check('/mdfe/sefaz/status', 'get', await api.get(`/mdfe/sefaz/status?cpf_cnpj=${COMPANY_CNPJ}`));
    for (const file of ['pdf', 'xml', 'xml/manifesto', 'xml/protocolo'])
      check(`/mdfe/{id}/${file}`, 'get', await api.get(`/mdfe/${id}/${file}`));

    const open = await api.get<{ cStat: number; infMDFe: Array<{ chMDFe: string }> }>(
      `/mdfe/nao-encerrados?cpf_cnpj=${COMPANY_CNPJ}`,
    );
    check('/mdfe/nao-encerrados', 'get', open);
    expect(open.body.cStat).toBe(111);
    expect(open.body.infMDFe.map((m) => m.chMDFe)).toEqual([issued.body.chave]);

    const driver = await api.post<Ev>(`/mdfe/${id}/inclusao-condutor`, {
      nome_condutor: 'MARIA SOUZA',
      cpf_condutor: CPF_B,
    });
    check('/mdfe/{id}/inclusao-condutor', 'post', driver);
    expect(driver.body.status).toBe('registrado');
    check('/mdfe/eventos/{id}', 'get', await api.get(`/mdfe/eventos/${driver.body.id}`));
    for (const file of ['pdf', 'xml'])
      check(`/mdfe/eventos/{id}/${file}`, 'get', await api.get(`/mdfe/eventos/${driver.body.id}/${file}`));

    const dfe = await api.post<Ev>(`/mdfe/${id}/inclusao-dfe`, {
      codigo_municipio_carrega: '3550308',
      municipio_carrega: 'São Paulo',
      documentos: [
        {
          codigo_municipio_descarga: '4106902',
          municipio_descarga: 'Curitiba',
          chave_acesso_nfe: NFE_KEY,
        },
      ],
    });
    check('/mdfe/{id}/inclusao-dfe', 'post', dfe);
    expect(dfe.body.status).toBe('registrado');
    check('/mdfe/{id}/sincronizar', 'post', await api.post(`/mdfe/${id}/sincronizar`, {}));

    const closed = await api.post<Ev>(`/mdfe/${id}/encerramento`, { uf: 'PR', codigo_municipio: '4106902' });
    check('/mdfe/{id}/encerramento', 'post', closed);
    expect(closed.body.status).toBe('registrado');
    expect(closed.body.codigo_status).toBe(135);
    check('/mdfe/{id}/encerramento', 'get', await api.get(`/mdfe/${id}/encerramento`));
    for (const file of ['pdf', 'xml'])
      check(`/mdfe/{id}/encerramento/${file}`, 'get', await api.get(`/mdfe/${id}/encerramento/${file}`));
    const after = await api.get<Doc>(`/mdfe/${id}`);
    check('/mdfe/{id}', 'get', after);
    expect(after.body.status).toBe('encerrado');
    const none = await api.get<{ cStat: number }>(`/mdfe/nao-encerrados?cpf_cnpj=${COMPANY_CNPJ}`);
    check('/mdfe/nao-encerrados', 'get', none);
    expect(none.body.cStat).toBe(112);
  });

  it('cancellation and the lotes', async () => {
    const { check } = checker;
    const lote = await api.post<{ id: string; documentos: Doc[] }>('/mdfe/lotes', {
      id_lote: 'lote-1',
      ambiente: 'homologacao',
      referencia: 'lote-ref-1',
      documentos: [mdfeBody({ nMDF: 2, placa: 'DEF4G56', dhEmi: dhEmi() })],
    });
    check('/mdfe/lotes', 'post', lote);
    expect(lote.body.documentos[0]!.status).toBe('autorizado');
    check(
      '/mdfe/lotes',
      'get',
      await api.get(`/mdfe/lotes?cpf_cnpj=${COMPANY_CNPJ}&ambiente=homologacao&$inlinecount=true`),
    );
    check('/mdfe/lotes/{id}', 'get', await api.get(`/mdfe/lotes/${lote.body.id}`));

    const id = lote.body.documentos[0]!.id;
    const cancel = await api.post<Ev>(`/mdfe/${id}/cancelamento`, {
      justificativa: 'Viagem cancelada pelo cliente antes da saída',
    });
    check('/mdfe/{id}/cancelamento', 'post', cancel);
    expect(cancel.body.status).toBe('registrado');
    check('/mdfe/{id}/cancelamento', 'get', await api.get(`/mdfe/${id}/cancelamento`));
    for (const file of ['pdf', 'xml'])
      check(`/mdfe/{id}/cancelamento/${file}`, 'get', await api.get(`/mdfe/${id}/cancelamento/${file}`));
    expect((await api.get<Doc>(`/mdfe/${id}`)).body.status).toBe('cancelado');
  });

  it('leaves no described MDF-e operation unchecked', () => {
    expect(checker.uncovered(/^\/(mdfe|empresas\/\{cpf_cnpj\}\/mdfe)(\/|$)/)).toEqual([]);
  });
});
