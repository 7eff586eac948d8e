import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { client, control, getToken, startTestSandbox } from './support';

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;
const CNPJ = '11222333000181';

beforeAll(async () => {
  sandbox = await startTestSandbox();
  api = client(sandbox.url, await getToken(sandbox.url));
});
afterAll(() => sandbox.close());

type Email = { id: string; status: string; events: { event_type: string }[] };
type Lista = { data: { id: string; status: string; recipients: string[] }[]; '@count'?: number };

describe('/emails', () => {
  it('lists recorded e-mails newest first, filters undelivered and by address, shows events', async () => {
    const send = (to: string, subject: string) =>
      control<Email>(sandbox.url, 'POST', '/emails', { cpf_cnpj: CNPJ, to: [to], subject });
    const a = (await send('ana@cliente.example', 'NF-e 1')).body;
    const b = (await send('bia@cliente.example', 'NF-e 2')).body;
    await send('ana@cliente.example', 'NF-e 3');
    await control(sandbox.url, 'POST', '/emails', {
      cpf_cnpj: '22333444000181',
      to: ['x@y.example'],
      subject: 'outra',
    });

    await control(sandbox.url, 'POST', `/emails/${a.id}/events`, { event_type: 'delivered' });
    const bounced = await control<Email>(sandbox.url, 'POST', `/emails/${b.id}/events`, {
      event_type: 'bounced',
      message: 'Caixa postal inexistente',
    });
    expect(bounced.body.status).toBe('bounced');

    const all = await api.get<Lista>(`/emails?cpf_cnpj=${CNPJ}&$inlinecount=true`);
    expect(all.body['@count']).toBe(3);
    expect(all.body.data[2].id).toBe(a.id);
    const undelivered = await api.get<Lista>(`/emails?cpf_cnpj=${CNPJ}&undelivered=true`);
    expect(undelivered.body.data.map((e) => e.id)).toEqual([b.id]);
    const toAna = await api.get<Lista>(`/emails?cpf_cnpj=${CNPJ}&email=ANA@cliente.example`);
    expect(toAna.body.data).toHaveLength(2);

    const detail = await api.get<Email>(`/emails/${b.id}`);
    expect(detail.body.events.map((e) => e.event_type)).toEqual(['sent', 'bounced']);
    expect((await api.get('/emails/email_desconhecido')).status).toBe(404);
    expect((await api.get(`/emails?cpf_cnpj=${CNPJ}&undelivered=sim`)).status).toBe(400);
  });
});

describe('/debug', () => {
  it('serves what document routes record', async () => {
    await sandbox.control.context.debug.record('cte_doc1', {
      tipo: 'cte',
      originalPayload: { infCte: { ide: { nCT: 1 } } },
      steps: [
        {
          tipo: 'envio_lote',
          lote_id: '123',
          codigo_status: 103,
          motivo_status: 'Lote recebido com sucesso',
          request: {
            method: 'POST',
            uri: 'https://sefaz.example/CTeRecepcaoSincV4',
            body: '<soap>envio</soap>',
          },
          response: { status: 200, reason: 'OK', body: '<soap>retorno</soap>', timeMs: 42 },
        },
      ],
    });
    await sandbox.control.context.debug.record('cte_doc1', {
      steps: [
        {
          tipo: 'consulta_protocolo',
          codigo_status: 100,
          request: {
            method: 'POST',
            uri: 'https://sefaz.example/CTeConsultaV4',
            body: '<soap>consulta</soap>',
          },
          response: { status: 200, body: '<soap>autorizado</soap>' },
        },
      ],
    });
    const debug = await api.get<{
      id: string;
      tipo: string;
      requisicoes: { tipo: string; http_request: { id: string; response_time: number } }[];
    }>('/debug/cte_doc1');
    expect(debug.status).toBe(200);
    expect(debug.body.requisicoes.map((r) => r.tipo)).toEqual(['envio_lote', 'consulta_protocolo']);
    expect(debug.body.requisicoes[0].http_request.response_time).toBe(42);
    const original = await api.get<Record<string, unknown>>('/debug/cte_doc1/original-payload');
    expect(original.body).toEqual({ infCte: { ide: { nCT: 1 } } });
    const reqId = debug.body.requisicoes[1].http_request.id;
    expect((await api.get(`/debug/http-requests/${reqId}/request-content`)).raw.toString()).toBe(
      '<soap>consulta</soap>',
    );
    expect((await api.get(`/debug/http-requests/${reqId}/response-content`)).raw.toString()).toBe(
      '<soap>autorizado</soap>',
    );
    expect((await api.get('/debug/http-requests/req_nao_existe/request-content')).status).toBe(404);
  });
});
