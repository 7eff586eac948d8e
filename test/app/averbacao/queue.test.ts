// The averbação queue against the AT&M double over HTTP, with the service's clock moved by the test:
// number order per série, the hold behind a retryable code and its back-off, a refusal that holds
// nothing (a gap), a lost answer recognised on the resend and stored once, cancellations after their
// averbação, a refused login that stops the company, and a restored cache that sends nothing by itself.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { TEST_CNPJ } from '../../support/averbacao-docs';
import type { AverbacaoRig } from '../../support/averbacao-rig';
import { averbacaoRig } from '../../support/averbacao-rig';

let rig: AverbacaoRig;
afterEach(async () => {
  await rig?.close();
});

const sentOrder = async () => (await rig.doubles.control.registry.list()).map((d) => d.numero);
const byNumero = async () =>
  new Map((await rig.rows()).filter((r) => r.operacao === 'averbar').map((r) => [r.numero, r]));

describe('the averbação queue', () => {
  it('sends in number order per série, whatever order the cache got them in', async () => {
    rig = await averbacaoRig();
    await rig.authorize(3);
    await rig.authorize(1);
    await rig.authorize(2);
    await rig.authorize(1, 2);
    await rig.run();
    expect(await sentOrder()).toEqual([1, 2, 3, 1]);
    const rows = await byNumero();
    expect([...rows.values()].every((r) => r.estado === 'averbado' && !r.jaRegistrado)).toBe(true);
    expect(rows.get(2)!.numeros).toEqual([(await rig.doubles.control.registry.list())[1]!.numeroAverbacao]);
    expect((await rig.service.summary(TEST_CNPJ)).lacunas).toEqual([]);
  });

  it('a retryable code (000) holds the later numbers until it goes through, after the back-off', async () => {
    rig = await averbacaoRig();
    for (const n of [1, 2, 3]) await rig.authorize(n);
    rig.doubles.control.faults.add({ type: 'erro', codigo: '000', count: 1 });
    await rig.run();
    let rows = await byNumero();
    expect(rows.get(1)).toMatchObject({
      estado: 'falha',
      tentativas: 1,
      proximaTentativa: '2026-11-20T12:00:30.000Z',
    });
    expect(rows.get(1)!.erro!.codigo).toBe('000');
    expect([rows.get(2)!.estado, rows.get(3)!.estado]).toEqual(['pendente', 'pendente']);
    expect(await sentOrder()).toEqual([]);
    rig.advance(10_000);
    await rig.run();
    expect(await sentOrder()).toEqual([]);
    rig.advance(21_000);
    await rig.run();
    rows = await byNumero();
    expect([...rows.values()].map((r) => r.estado)).toEqual(['averbado', 'averbado', 'averbado']);
    expect(await sentOrder()).toEqual([1, 2, 3]);
  });

  it('the back-off grows with the attempts, as configured', async () => {
    rig = await averbacaoRig({ backoffMs: [1_000, 5_000, 20_000] });
    await rig.authorize(1);
    rig.doubles.control.faults.add({ type: 'fora-do-ar', averbadora: 'atm', count: 3 });
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await rig.run();
      const row = (await byNumero()).get(1)!;
      waits.push(Date.parse(row.proximaTentativa!) - rig.now().getTime());
      rig.advance(waits.at(-1)!);
    }
    expect(waits).toEqual([1_000, 5_000, 20_000]);
    await rig.run();
    expect((await byNumero()).get(1)!.estado).toBe('averbado');
  });

  it('a refusal is shown with its code and holds nothing: it is a gap of the série', async () => {
    rig = await averbacaoRig();
    const first = await rig.authorize(1);
    await rig.authorize(2);
    rig.doubles.control.faults.add({
      type: 'recusar',
      chave: first,
      codigo: '033',
      descricao: 'CNPJ emissor não autorizado para averbar.',
      count: 1,
    });
    await rig.run();
    const rows = await byNumero();
    expect(rows.get(1)).toMatchObject({ estado: 'recusado', proximaTentativa: null });
    expect(rows.get(1)!.erro!.mensagem).toContain('Peça ao corretor para cadastrá-lo');
    expect(rows.get(2)!.estado).toBe('averbado');
    const summary = await rig.service.summary(TEST_CNPJ);
    expect(summary).toMatchObject({ recusados: 1, pendentes: 0 });
    expect(summary.lacunas).toEqual([
      { tipo: 'cte', serie: 1, numero: 1, chave: first, lacuna: 'nao_averbado' },
    ]);
    // Not retried by itself.
    rig.advance(3_600_000);
    await rig.run();
    expect((await byNumero()).get(1)!.estado).toBe('recusado');
  });

  it('a lost answer: the resend is recognised (Info 001) and the first protocol is stored once', async () => {
    rig = await averbacaoRig();
    await rig.authorize(1);
    rig.doubles.control.faults.add({ type: 'sem-resposta', averbadora: 'atm', count: 1 });
    await rig.run();
    expect((await byNumero()).get(1)!.estado).toBe('falha');
    rig.advance(30_000);
    await rig.run();
    const [stored] = await rig.doubles.control.registry.list();
    const row = (await byNumero()).get(1)!;
    expect(row).toMatchObject({
      estado: 'averbado',
      jaRegistrado: true,
      protocolo: stored!.protocolo,
      numeros: [stored!.numeroAverbacao],
    });
    expect(stored!.envios).toBe(2);
    expect((await rig.rows()).length).toBe(1);
    const history = await rig.repos.averbacao.attempts(row.id);
    expect(history.map((h) => h.resultado)).toEqual(['falha', 'ja_registrado']);
  });

  it('a cancellation goes after its averbação; one of a refused CT-e is not sent', async () => {
    rig = await averbacaoRig();
    const a = await rig.authorize(1);
    const b = await rig.authorize(2);
    rig.doubles.control.faults.add({ type: 'recusar', chave: b, count: 1 });
    await rig.cancel(a);
    await rig.run();
    await rig.cancel(b);
    await rig.run();
    const rows = await rig.rows();
    const cancelA = rows.find((r) => r.chave === a && r.operacao === 'cancelar')!;
    const cancelB = rows.find((r) => r.chave === b && r.operacao === 'cancelar')!;
    expect(cancelA.estado).toBe('averbado');
    expect(cancelA.protocolo).toBe(rows.find((r) => r.chave === a && r.operacao === 'averbar')!.protocolo);
    expect(cancelB.estado).toBe('dispensado');
    expect(
      (await rig.doubles.control.registry.list()).find((d) => d.chave === a)!.canceladoEm,
    ).not.toBeNull();
  });

  it('a refused login stops the company for half an hour, in words, without refusing the documents', async () => {
    rig = await averbacaoRig();
    for (const n of [1, 2]) await rig.authorize(n);
    await rig.insurers.save('producao', {
      company: TEST_CNPJ,
      settings: rig.settings,
      senha: 'senha-errada',
    });
    await rig.run();
    const rows = await byNumero();
    expect(rows.get(1)).toMatchObject({ estado: 'falha', proximaTentativa: '2026-11-20T12:30:00.000Z' });
    expect(rows.get(1)!.erro!.mensagem).toContain('não aceitou o usuário, a senha ou o código AT&M');
    expect(rows.get(2)!.estado).toBe('pendente');
  });

  it('a cache restored from a backup (or brought from another computer) sends nothing by itself', async () => {
    const epochFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'carreta-epoch-')), 'epoch');
    rig = await averbacaoRig({ epochFile });
    await rig.authorize(1);
    await rig.run();
    await rig.authorize(2);
    // A backup taken now: number 2 is still to be sent in it.
    rig.doubles.control.faults.add({ type: 'fora-do-ar', averbadora: 'atm', count: 1 });
    await rig.run();
    await rig.repos.db.backup(path.join(rig.dir, 'backup.db'));
    // The next launch sends it; then the backup is restored on a later launch.
    await rig.relaunch();
    rig.advance(60_000);
    await rig.run();
    expect((await byNumero()).get(2)!.estado).toBe('averbado');
    await rig.relaunch({ file: path.join(rig.dir, 'backup.db') });
    await rig.run();
    const restored = (await byNumero()).get(2)!;
    expect(restored.estado).toBe('revisar');
    expect(restored.erro!.mensagem).toContain('cópia de segurança restaurada');
    expect((await rig.doubles.control.registry.list()).find((d) => d.numero === 2)!.envios).toBe(1);
    // The clerk sends it: the averbadora recognises it, nothing doubles.
    await rig.service.retry(TEST_CNPJ, restored.id);
    expect((await byNumero()).get(2)).toMatchObject({ estado: 'averbado', jaRegistrado: true });
  });

  it('a crash mid-send on this same computer resends by itself (the averbadora recognises it)', async () => {
    const epochFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'carreta-epoch-')), 'epoch');
    rig = await averbacaoRig({ epochFile });
    await rig.authorize(1);
    await rig.run();
    await rig.authorize(2);
    // The process died while number 2 was being sent.
    await rig.repos.db.run("UPDATE averbacao_queue SET estado = 'enviando' WHERE numero = 2");
    await rig.relaunch();
    await rig.run();
    expect((await byNumero()).get(2)!.estado).toBe('averbado');
  });

  it('averba only what was authorized from the day set in Empresas (a CT-e OS only when covered)', async () => {
    rig = await averbacaoRig();
    await rig.authorize(1, 1, '2026-10-31T18:00:00-03:00');
    await rig.authorize(2, 1, '2026-11-01T08:00:00-03:00');
    await rig.run();
    expect((await rig.rows()).map((r) => r.numero)).toEqual([2]);
  });

  it('offers 99999 only while the averbadora cannot answer, and keeps the reason', async () => {
    rig = await averbacaoRig();
    const refused = await rig.authorize(1);
    rig.doubles.control.faults.add({ type: 'recusar', chave: refused, count: 1 });
    await rig.run();
    let trip = await rig.service.trip(TEST_CNPJ, [refused]);
    expect(trip).toMatchObject({ faltando: [refused], contingencia: { permitida: false, motivo: null } });
    await expect(rig.service.contingencia(TEST_CNPJ, [refused], 'a averbadora recusou')).rejects.toThrow(
      /só vale quando ela não consegue responder/,
    );
    const down = await rig.authorize(2);
    rig.doubles.control.faults.add({ type: 'fora-do-ar', averbadora: 'atm', count: 5 });
    trip = await rig.service.sendNow(TEST_CNPJ, [down]);
    expect(trip.contingencia.permitida).toBe(true);
    expect(trip.contingencia.motivo).toContain('Não foi possível falar com a averbadora');
    const saved = await rig.service.contingencia(TEST_CNPJ, [down], 'Averbadora fora do ar desde as 7h');
    expect(await rig.service.contingenciaFor(TEST_CNPJ, [down])).toMatchObject({
      id: saved.id,
      motivo: 'Averbadora fora do ar desde as 7h',
      chaves: [down],
    });
  });

  it('the MDF-e trip proposes the policy and the numbers of its averbados CT-e', async () => {
    rig = await averbacaoRig();
    const a = await rig.authorize(1);
    const b = await rig.authorize(2);
    await rig.run();
    const trip = await rig.service.trip(TEST_CNPJ, [a, b]);
    const registry = await rig.doubles.control.registry.list();
    expect(trip.faltando).toEqual([]);
    expect(trip.seguro).toEqual({
      responsavel: 1,
      cpfCnpjResponsavel: '',
      seguradora: 'SEGURADORA EXEMPLO SA',
      cnpjSeguradora: '99000000000159',
      apolice: '5400012345',
      averbacoes: registry.map((d) => d.numeroAverbacao),
    });
    await expect(rig.service.contingencia(TEST_CNPJ, [a, b], 'sem motivo para isso')).rejects.toThrow(
      /use os números/,
    );
  });

  it('a cancellation waits while its averbação is not done (waiting for review), then follows it', async () => {
    rig = await averbacaoRig();
    const chave = await rig.authorize(1);
    await rig.repos.averbacao.enqueue({
      company: TEST_CNPJ,
      environment: 'producao',
      tipo: 'cte',
      operacao: 'averbar',
      chave,
      modelo: '57',
      serie: 1,
      numero: 1,
      averbadora: 'atm-soap',
      autorizadoEm: null,
    });
    await rig.repos.averbacao.holdInFlightForReview();
    await rig.cancel(chave);
    await rig.run();
    let rows = await rig.rows();
    expect(rows.map((r) => [r.operacao, r.estado]).sort()).toEqual([
      ['averbar', 'revisar'],
      ['cancelar', 'pendente'],
    ]);
    expect(await rig.doubles.control.registry.list()).toEqual([]);
    await rig.service.retry(TEST_CNPJ, rows.find((r) => r.operacao === 'averbar')!.id);
    rows = await rig.rows();
    expect(rows.map((r) => [r.operacao, r.estado]).sort()).toEqual([
      ['averbar', 'averbado'],
      ['cancelar', 'averbado'],
    ]);
  });
});
