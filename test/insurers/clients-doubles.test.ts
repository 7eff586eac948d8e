// Each averbadora client against its double over real HTTP on 127.0.0.1: a new document, its
// resend (already registered, same protocol and number), its cancellation, the MDF-e, the login
// check, and the failures the queue must tell apart (retryable codes, a lost answer, a service
// down, a timeout, a refused document).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createInsurerClient } from '../../electron/insurers';
import type { InsurerClient, InsurerRegistered } from '../../electron/insurers/types';
import { InsurerFailure } from '../../electron/insurers/types';
import type { RunningInsurerDoubles } from '../../electron/sandbox/insurers/server';
import { startInsurerDoubles } from '../../electron/sandbox/insurers/server';
import type { Averbadora } from '../../electron/shared/schemas/averbacao';
import { cteCancelamento, cteProc, mdfeEvento, mdfeProc } from '../support/averbacao-docs';

const PASSWORD = 'senha-dos-testes-9f1';
let doubles: RunningInsurerDoubles;
let numero = 100;

beforeAll(async () => {
  doubles = await startInsurerDoubles({
    atmUsers: [{ usuario: 'transp', senha: PASSWORD, codatm: '11000042' }],
    portoUsers: [{ user: 'transp', pass: PASSWORD }],
    tokenTtlSeconds: 30,
  });
});
afterAll(() => doubles.close());
beforeEach(() => doubles.control.faults.clear());

const clientFor = (averbadora: Averbadora, senha = PASSWORD, timeoutMs = 5_000): InsurerClient =>
  createInsurerClient({
    averbadora,
    baseUrl: doubles.url,
    usuario: 'transp',
    senha,
    codatm: '11000042',
    timeoutMs,
  });

describe.each(['atm-soap', 'atm-rest', 'porto'] as const)('%s against its double', (averbadora) => {
  let client: InsurerClient;
  beforeAll(() => {
    client = clientFor(averbadora);
  });

  it('registers a CT-e once; the resend is recognised with the same protocol and number', async () => {
    const doc = cteProc({ numero: ++numero });
    const first = (await client.send({ family: 'cte', ...doc })) as InsurerRegistered;
    expect(first.outcome).toBe('registrado');
    expect(first.jaRegistrado).toBe(false);
    expect(first.numeros).toHaveLength(1);
    expect(first.numeros[0]).toMatch(/^\d{40}$/);
    const again = (await client.send({ family: 'cte', ...doc })) as InsurerRegistered;
    expect(again).toMatchObject({
      outcome: 'registrado',
      jaRegistrado: true,
      protocolo: first.protocolo,
      numeros: first.numeros,
    });
  });

  it('registers the cancellation of what it averbou', async () => {
    const doc = cteProc({ numero: ++numero });
    await client.send({ family: 'cte', ...doc });
    const cancel = await client.send({ family: 'cte', chave: doc.chave, xml: cteCancelamento(doc.chave) });
    expect(cancel.outcome).toBe('registrado');
    const stored = (await doubles.control.registry.list()).find((d) => d.chave === doc.chave);
    expect(stored?.canceladoEm).not.toBeNull();
  });

  it('declares an MDF-e and registers its closing', async () => {
    const mdfe = mdfeProc({ numero: ++numero });
    expect((await client.send({ family: 'mdfe', ...mdfe })).outcome).toBe('registrado');
    const close = await client.send({
      family: 'mdfe',
      chave: mdfe.chave,
      xml: mdfeEvento(mdfe.chave, '110112'),
    });
    expect(close.outcome).toBe('registrado');
  });

  it('checks the login without sending a document', async () => {
    const before = (await doubles.control.registry.list()).length;
    expect(await client.checkLogin()).toMatchObject({ ok: true });
    const wrong = await clientFor(averbadora, 'senha-errada').checkLogin();
    expect(wrong.ok).toBe(false);
    expect(wrong.message).toMatch(/não aceitou/);
    expect((await doubles.control.registry.list()).length).toBe(before);
  });

  it('a lost answer is a network failure; the resend is recognised as already registered', async () => {
    const doc = cteProc({ numero: ++numero });
    doubles.control.faults.add({
      type: 'sem-resposta',
      averbadora: averbadora === 'porto' ? 'porto' : 'atm',
      count: 1,
    });
    const failure = (await client.send({ family: 'cte', ...doc }).catch((e: unknown) => e)) as InsurerFailure;
    expect(failure).toBeInstanceOf(InsurerFailure);
    expect(failure.retryable).toBe(true);
    const again = await client.send({ family: 'cte', ...doc });
    expect(again).toMatchObject({ outcome: 'registrado', jaRegistrado: true });
  });

  it('a service down and a timeout are failures to retry', async () => {
    const name = averbadora === 'porto' ? 'porto' : 'atm';
    doubles.control.faults.add({ type: 'fora-do-ar', averbadora: name, count: 1 });
    const down = (await client
      .send({ family: 'cte', ...cteProc({ numero: ++numero }) })
      .catch((e: unknown) => e)) as InsurerFailure;
    expect(down.kind).toBe('rede');
    doubles.control.faults.add({ type: 'latencia', averbadora: name, ms: 1_500, count: 1 });
    const slow = clientFor(averbadora, PASSWORD, 500);
    const late = (await slow
      .send({ family: 'cte', ...cteProc({ numero: ++numero }) })
      .catch((e: unknown) => e)) as InsurerFailure;
    expect(late.kind).toBe('tempo');
    expect(late.retryable).toBe(true);
  });

  it('a refused document is not to be resent', async () => {
    const doc = cteProc({ numero: ++numero });
    doubles.control.faults.add({
      type: 'recusar',
      chave: doc.chave,
      codigo: '004',
      descricao: 'Valor da IS maior que o limite permitido.',
      count: 1,
    });
    const answer = await client.send({ family: 'cte', ...doc });
    expect(answer).toMatchObject({ outcome: 'recusado', retryable: false });
  });
});

describe('AT&M specifics against the double', () => {
  it.each(['atm-soap', 'atm-rest'] as const)(
    '%s: 000 and 907 are refusals to resend; 908 is "not found"',
    async (a) => {
      const client = clientFor(a);
      doubles.control.faults.add({ type: 'erro', codigo: '000', count: 1 });
      expect(await client.send({ family: 'cte', ...cteProc({ numero: ++numero }) })).toMatchObject({
        outcome: 'recusado',
        retryable: true,
      });
      doubles.control.faults.add({ type: 'erro', codigo: '907', count: 1 });
      const doc = cteProc({ numero: ++numero });
      expect(
        await client.send({ family: 'cte', chave: doc.chave, xml: cteCancelamento(doc.chave) }),
      ).toMatchObject({
        retryable: true,
      });
      expect(
        await client.send({ family: 'cte', chave: doc.chave, xml: cteCancelamento(doc.chave) }),
      ).toMatchObject({
        outcome: 'recusado',
        naoEncontrado: true,
        retryable: false,
      });
    },
  );

  it('REST: an expired token is renewed once and the document goes through', async () => {
    const client = clientFor('atm-rest');
    await client.send({ family: 'cte', ...cteProc({ numero: ++numero }) });
    doubles.control.clock.advance(31_000);
    try {
      expect((await client.send({ family: 'cte', ...cteProc({ numero: ++numero }) })).outcome).toBe(
        'registrado',
      );
    } finally {
      doubles.control.clock.set(null);
    }
  });

  it('tpAmb 2: registered as a test', async () => {
    const answer = await clientFor('atm-soap').send({
      family: 'cte',
      ...cteProc({ numero: ++numero, tpAmb: 2 }),
    });
    expect(answer).toMatchObject({ outcome: 'registrado', teste: true, protocolo: 'TESTE' });
  });

  it('a blocked terminal is a login failure, not a refusal', async () => {
    doubles.control.faults.add({ type: 'terminal', codigo: '920' });
    const failure = (await clientFor('atm-soap')
      .send({ family: 'cte', ...cteProc({ numero: ++numero }) })
      .catch((e: unknown) => e)) as InsurerFailure;
    expect(failure.kind).toBe('credenciais');
    expect(failure.codigo).toBe('920');
  });
});
