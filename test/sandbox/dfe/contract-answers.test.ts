// Every CT-e, CT-e OS, CT-e Simplificado and DC-e operation of the API description, called over
// HTTP the way a client written only from the description would, with each answer checked against
// the description: the status is described and the body validates (objects closed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSandbox } from '../../../electron/sandbox/server';
import { answerChecker } from '../../support/openapi-answers';
import { sharedAvailable } from '../../support/shared';
import { certifiedCompany, client, getToken, startTestSandbox } from '../support';
import { COMPANY_CNPJ, cteBody, cteOsBody, cteSimpBody, dceBody, NOW } from './fixtures';

type Doc = { id: string; status: string };
type Ev = { id: string; status: string };

describe.skipIf(!sharedAvailable)('contract: DF-e answers validate against the API description', () => {
  let sandbox: RunningSandbox;
  let api: ReturnType<typeof client>;
  let checker: ReturnType<typeof answerChecker>;
  const dhEmi = () => new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
  const list = (kind: string) => `/${kind}?cpf_cnpj=${COMPANY_CNPJ}&ambiente=homologacao&$inlinecount=true`;

  beforeAll(async () => {
    checker = answerChecker();
    sandbox = await startTestSandbox({ clockStart: NOW.getTime() });
    api = client(sandbox.url, await getToken(sandbox.url));
    await certifiedCompany(sandbox, api, COMPANY_CNPJ);
  });
  afterAll(() => sandbox?.close());

  /** Issue, read, files, correction, sync, cancellation and events of one CT-e family path. */
  async function lifecycle(kind: 'cte' | 'cteos', body: { infCte: { ide: { dhEmi?: string } } }) {
    const { check } = checker;
    body.infCte.ide.dhEmi = dhEmi();
    const issued = await api.post<Doc>(`/${kind}`, body);
    check(`/${kind}`, 'post', issued);
    expect(issued.body.status).toBe('autorizado');
    const id = issued.body.id;
    check(`/${kind}`, 'get', await api.get(list(kind)));
    check(`/${kind}/{id}`, 'get', await api.get(`/${kind}/${id}`));
    check(`/${kind}/sefaz/status`, 'get', await api.get(`/${kind}/sefaz/status?cpf_cnpj=${COMPANY_CNPJ}`));
    for (const file of ['pdf', 'xml', 'xml/conhecimento', 'xml/protocolo'])
      check(`/${kind}/{id}/${file}`, 'get', await api.get(`/${kind}/${id}/${file}`));

    const correction = await api.post<Ev>(`/${kind}/${id}/carta-correcao`, {
      correcoes: [
        { grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'Observação corrigida' },
      ],
    });
    check(`/${kind}/{id}/carta-correcao`, 'post', correction);
    expect(correction.body.status).toBe('registrado');
    check(`/${kind}/{id}/carta-correcao`, 'get', await api.get(`/${kind}/${id}/carta-correcao`));
    for (const file of ['pdf', 'xml'])
      check(
        `/${kind}/{id}/carta-correcao/${file}`,
        'get',
        await api.get(`/${kind}/${id}/carta-correcao/${file}`),
      );
    check(`/${kind}/eventos/{id}`, 'get', await api.get(`/${kind}/eventos/${correction.body.id}`));
    for (const file of ['pdf', 'xml'])
      check(
        `/${kind}/eventos/{id}/${file}`,
        'get',
        await api.get(`/${kind}/eventos/${correction.body.id}/${file}`),
      );

    check(`/${kind}/{id}/sincronizar`, 'post', await api.post(`/${kind}/${id}/sincronizar`, {}));

    const cancel = await api.post<Ev>(`/${kind}/${id}/cancelamento`, {
      justificativa: 'Frete lançado em duplicidade pelo escritório',
    });
    check(`/${kind}/{id}/cancelamento`, 'post', cancel);
    expect(cancel.body.status).toBe('registrado');
    check(`/${kind}/{id}/cancelamento`, 'get', await api.get(`/${kind}/${id}/cancelamento`));
    for (const file of ['pdf', 'xml'])
      check(
        `/${kind}/{id}/cancelamento/${file}`,
        'get',
        await api.get(`/${kind}/${id}/cancelamento/${file}`),
      );
    const after = await api.get<Doc>(`/${kind}/${id}`);
    check(`/${kind}/{id}`, 'get', after);
    expect(after.body.status).toBe('cancelado');
  }

  it('CT-e: every operation', async () => {
    const body = cteBody();
    body.referencia = 'contract-cte';
    await lifecycle('cte', body);
  });

  it('CT-e Simplificado: issued through /cte/simp, read through /cte', async () => {
    const body = cteSimpBody();
    body.infCte.ide.dhEmi = dhEmi();
    const issued = await api.post<Doc>('/cte/simp', body);
    checker.check('/cte/simp', 'post', issued);
    expect(issued.body.status).toBe('autorizado');
    checker.check('/cte/{id}', 'get', await api.get(`/cte/${issued.body.id}`));
  });

  it('CT-e OS: every operation', async () => {
    await lifecycle('cteos', cteOsBody());
  });

  it('DC-e: every operation', async () => {
    const { check } = checker;
    const body = dceBody();
    body.infDCe.ide.dhEmi = dhEmi();
    const issued = await api.post<Doc>('/dce', body);
    check('/dce', 'post', issued);
    expect(issued.body.status).toBe('autorizado');
    const id = issued.body.id;
    check('/dce', 'get', await api.get(list('dce')));
    check('/dce/{id}', 'get', await api.get(`/dce/${id}`));
    check('/dce/sefaz/status', 'get', await api.get(`/dce/sefaz/status?cpf_cnpj=${COMPANY_CNPJ}`));
    for (const file of ['pdf', 'xml', 'xml/declaracao', 'xml/protocolo'])
      check(`/dce/{id}/${file}`, 'get', await api.get(`/dce/${id}/${file}`));
    const cancel = await api.post<Ev>(`/dce/${id}/cancelamento`, {
      justificativa: 'Declaração emitida para o destinatário errado',
    });
    check('/dce/{id}/cancelamento', 'post', cancel);
    expect(cancel.body.status).toBe('registrado');
    check('/dce/{id}/cancelamento', 'get', await api.get(`/dce/${id}/cancelamento`));
    check('/dce/{id}/cancelamento/xml', 'get', await api.get(`/dce/${id}/cancelamento/xml`));
  });

  it('leaves no described CT-e, CT-e OS or DC-e operation unchecked', () => {
    expect(checker.uncovered(/^\/(cte|cteos|dce)(\/|$)/)).toEqual([]);
  });
});
