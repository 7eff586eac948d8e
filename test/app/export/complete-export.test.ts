// The accountant's export against the real local sandbox over HTTP: what the cache lacks (the
// processed XML, the cancellation, a correction letter sent from this app) is fetched from the API;
// offline, the package lists exactly what is missing.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildAccountingExport } from '../../../electron/app/export/accounting';
import { storeEvent } from '../../../electron/app/issuing/lifecycle';
import { clientSource } from '../../../electron/app/sync/source';
import { MEMORY, openCache } from '../../../electron/cache';
import type { Repositories } from '../../../electron/cache/repositories';
import { createRepositories } from '../../../electron/cache/repositories';
import type { ApiRecord } from '../../../electron/cache/repositories/types';
import type { NuvemFiscalClient } from '../../../electron/nuvemfiscal';
import { createNuvemFiscalClient } from '../../../electron/nuvemfiscal';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { MemorySecrets } from '../../support/memory-host';
import { COMPANY_CNPJ, NOW, cteBody } from '../../sandbox/dfe/fixtures';
import {
  certificateOnClock,
  CLIENT_ID,
  CLIENT_SECRET,
  empresaBody,
  startTestSandbox,
} from '../../sandbox/support';

let sandbox: RunningSandbox;
let client: NuvemFiscalClient;
const records: ApiRecord[] = [];
const letters = new Map<string, Awaited<ReturnType<NuvemFiscalClient['cte']['corrigir']>>>();
const scope = { company: COMPANY_CNPJ, kind: 'cte' as const, environment: 'sandbox' as const };
const period = {
  company: COMPANY_CNPJ,
  environment: 'sandbox' as const,
  from: '2026-01-01',
  to: '2026-12-31',
};

function makeClient(apiUrl: string) {
  return createNuvemFiscalClient({
    apiUrl,
    tokenUrl: `${apiUrl}/oauth/token`,
    clientId: CLIENT_ID,
    clientSecret: async () => CLIENT_SECRET,
    scopes: 'empresa cte',
    tokenStore: new MemorySecrets(),
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
}

async function issue(numero: number) {
  const body = cteBody();
  body.infCte.ide.nCT = numero;
  body.referencia = `export-${numero}`;
  body.infCte.ide.dhEmi = new Date(sandbox.control.clock.nowMs() - 60_000)
    .toISOString()
    .replace(/\.\d+Z$/, 'Z');
  const doc = await client.cte.emitir(body as unknown as Record<string, unknown>);
  expect(doc.status).toBe('autorizado');
  return doc;
}

/** A cache that has listed the documents (as the list sync does) and recorded the letter this app sent. */
async function listedCache(): Promise<Repositories> {
  const repos = createRepositories(await openCache(MEMORY));
  const results = await repos.documents.upsertBatch(records.map((record) => ({ ...scope, record })));
  for (const [index, record] of records.entries()) {
    const letter = letters.get(record.id);
    if (letter) await storeEvent(repos, results[index].id, 'carta_correcao', letter);
  }
  return repos;
}

beforeAll(async () => {
  sandbox = await startTestSandbox({ clockStart: NOW.getTime() });
  client = makeClient(sandbox.url);
  await client.empresas.criar(empresaBody(COMPANY_CNPJ) as never);
  const pfx = certificateOnClock(sandbox, COMPANY_CNPJ);
  await client.http.json({
    method: 'PUT',
    path: `/empresas/${COMPANY_CNPJ}/certificado`,
    body: { certificado: pfx.pfxBase64, password: 'x' },
  });
  const plain = await issue(701);
  const cancelled = await issue(702);
  await client.cte.cancelar(cancelled.id, 'Frete duplicado por engano no sistema');
  const corrected = await issue(703);
  letters.set(
    corrected.id,
    await client.cte.corrigir(corrected.id, [
      { grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'Entrega pela doca 3' },
    ]),
  );
  for (const doc of [plain, cancelled, corrected]) records.push(await client.cte.consultar(doc.id));
  expect(records.map((r) => r.status)).toEqual(['autorizado', 'cancelado', 'autorizado']);
});
afterAll(async () => {
  await sandbox?.close().catch(() => undefined);
});

describe('accounting export', () => {
  it('fetches what the cache lacks: every document XML, the cancellation and the correction letter', async () => {
    const repos = await listedCache();
    const built = await buildAccountingExport(repos, period, clientSource(client));
    expect(built.missing).toEqual([]);
    expect(built.documents).toBe(3);
    expect(built.events).toBe(2);
    const names = Object.keys(unzipSync(built.zip)).sort();
    const [plain, cancelled, corrected] = records.map((r) => r.chave as string);
    const month = '2026-11';
    expect(names).toEqual(
      [
        `${month}/${plain}-cte.xml`,
        `${month}/${cancelled}-cte.xml`,
        `${month}/${corrected}-cte.xml`,
        `${month}/eventos/${cancelled}-cancelamento.xml`,
        `${month}/eventos/${corrected}-carta-correcao-1.xml`,
        'resumo.csv',
        'resumo.xlsx',
      ].sort(),
    );
    const entries = unzipSync(built.zip);
    expect(strFromU8(entries[`${month}/eventos/${cancelled}-cancelamento.xml`])).toContain('110111');
    expect(strFromU8(entries[`${month}/eventos/${corrected}-carta-correcao-1.xml`])).toContain(
      'Entrega pela doca 3',
    );
    // Kept in the cache: a second export offline has everything.
    const again = await buildAccountingExport(repos, period, null);
    expect(again.missing).toEqual([]);
    expect(again.events).toBe(2);
    await repos.db.close();
  });

  it('offline, says exactly which files are missing, in the answer, FALTANDO.txt and the summary', async () => {
    const repos = await listedCache();
    // Nothing listens on port 9 of the loopback: every request fails to connect.
    const built = await buildAccountingExport(repos, period, clientSource(makeClient('http://127.0.0.1:9')));
    const [plain, cancelled, corrected] = records.map((r) => r.chave as string);
    const offline = 'sem conexão com a API fiscal — exporte de novo quando a conexão voltar';
    expect(built.missing).toEqual([
      { documento: 'CT-e 1/701', chave: plain, arquivo: 'XML de autorização', motivo: offline },
      { documento: 'CT-e 1/702', chave: cancelled, arquivo: 'XML de autorização', motivo: offline },
      { documento: 'CT-e 1/702', chave: cancelled, arquivo: 'XML do cancelamento', motivo: offline },
      { documento: 'CT-e 1/703', chave: corrected, arquivo: 'XML de autorização', motivo: offline },
      {
        documento: 'CT-e 1/703',
        chave: corrected,
        arquivo: 'XML da carta de correção nº 1',
        motivo: offline,
      },
    ]);
    expect(built.events).toBe(0);
    const entries = unzipSync(built.zip);
    const faltando = strFromU8(entries['FALTANDO.txt']);
    expect(faltando).toContain(`CT-e 1/702 (chave ${cancelled}): XML do cancelamento — ${offline}`);
    const csv = strFromU8(entries['resumo.csv'])
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(csv[0].split(';').at(-1)).toBe('Arquivos faltando');
    const row702 = csv.find((line) => line.includes(cancelled))!;
    expect(row702.split(';').at(-1)).toBe('XML de autorização, XML do cancelamento');
    expect(csv.at(-1)!.split(';').at(-1)).toBe('5');
    await repos.db.close();
  });
});
