// The MDF-e lifecycle commands the screen uses, through the app's command table against the
// embedded sandbox over real HTTP on 127.0.0.1 (demonstração): each act's answer carries the
// manifest and its events from the cache (no follow-up fetch of the document), the trip read from
// the cached mdfeProc, driver inclusion (110114), NF-e inclusion (110115, XSD evInclusaoDFeMDFe),
// closing (110112) and cancellation (110111) with their event XML cached, and mdfe:sync.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildAccountingExport } from '../../../electron/app/export/accounting';

import { DEMO_CNPJ } from '../../../electron/app/demo';
import type { CarretaApp } from '../../../electron/app/index';
import { createApp } from '../../../electron/app/index';
import { brasiliaDayOf } from '../../../electron/fiscal/mdfe-rules';
import { isoToDateBr } from '../../../electron/shared/format';
import type { CommandEnvelope } from '../../../electron/shared/errors';
import type { MdfeDetail } from '../../../electron/shared/schemas/mdfe';
import { CPF_A, CPF_B, NFE_KEY } from '../../sandbox/mdfe/fixtures';
import { memoryHost } from '../../support/memory-host';
import { mdfeTrip } from '../../support/mdfe-trip';

type Outcome = MdfeDetail & { event: { status: string; codigo_status?: number } };

let app: CarretaApp;
const consultas: string[] = [];
async function call<T>(channel: string, input: unknown): Promise<T> {
  const envelope = (await app.dispatch(channel, input)) as CommandEnvelope<T>;
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope.data;
}
async function failure(channel: string, input: unknown) {
  const envelope = (await app.dispatch(channel, input)) as CommandEnvelope<unknown>;
  if (envelope.ok) throw new Error(`${channel} should have failed`);
  return envelope.error;
}
async function issue(placa: string): Promise<number> {
  const outcome = await call<{ status: string; cacheId: number; rejection: unknown }>('mdfe:issue', {
    company: DEMO_CNPJ,
    infMDFe: mdfeTrip(DEMO_CNPJ, placa),
  });
  expect(outcome.status, JSON.stringify(outcome.rejection)).toBe('autorizado');
  return outcome.cacheId;
}

beforeAll(async () => {
  const { host } = memoryHost();
  app = await createApp(host);
  // No scheduled sync in the middle: the reads counted below are the acts' own.
  app.context.sync.stop();
  await app.context.embedded.ensure();
  // Watch the document reads (GET /mdfe/{id}) the acts make: the answer must come from the cache.
  const access = app.context.api;
  const original = access.client.bind(access);
  access.client = async () => {
    const got = await original();
    const mdfe = got.client.mdfe;
    const consultar = mdfe.consultar.bind(mdfe);
    mdfe.consultar = (id: string) => {
      consultas.push(id);
      return consultar(id);
    };
    return got;
  };
}, 60_000);
afterAll(async () => {
  await app?.dispose();
});

describe('mdfe lifecycle commands (demonstração)', () => {
  let id: number;

  it('asks the MDF-e authorizer status (GET /mdfe/sefaz/status) for the Conta screen', async () => {
    const status = await call<{ kind: string; codigoStatus: number; degraded: boolean }>('sefaz:status', {
      kind: 'mdfe',
      cpfCnpj: DEMO_CNPJ,
    });
    expect(status).toMatchObject({ kind: 'mdfe', codigoStatus: 107, degraded: false });
  });

  it('mdfe:get reads the trip from the cached mdfeProc', async () => {
    id = await issue('LIF1A23');
    const detail = await call<MdfeDetail>('mdfe:get', { id });
    expect(detail.viagem).toMatchObject({
      tpEmit: '1',
      carregamento: [{ codigo: '3550308', nome: 'São Paulo' }],
      condutores: [{ nome: 'JOSE DA SILVA', cpf: CPF_A, incluido: false }],
      veiculo: { placa: 'LIF1A23', uf: 'SP', reboques: ['REB1A23'] },
    });
    expect(detail.viagem!.protocolo).toMatch(/^\d{15}$/);
    expect(detail.viagem!.descargas).toHaveLength(1);
    expect(detail.viagem!.descargas[0]).toMatchObject({ codigo: '4106902', nome: 'Curitiba' });
    expect(detail.viagem!.descargas[0]!.documentos.map((d) => d.tipo)).toEqual(['CT-e', 'CT-e']);
    expect(detail.cancel.cancellable).toBe(true);
    expect(detail.cancel.msLeft).toBeGreaterThan(23 * 3_600_000);
  });

  it('includes a driver: the answer lists the event and the driver, without reading the document again', async () => {
    consultas.length = 0;
    const out = await call<Outcome>('mdfe:includeDriver', { id, nome: 'MARIA SOUZA', cpf: CPF_B });
    expect(out.event.status).toBe('registrado');
    expect(out.events).toEqual([
      expect.objectContaining({
        type: 'inclusao_condutor',
        status: 'registrado',
        xmlCached: true,
        descricao: 'MARIA SOUZA (CPF 111.444.777-35)',
      }),
    ]);
    expect(out.viagem!.condutores).toEqual([
      { nome: 'JOSE DA SILVA', cpf: CPF_A, incluido: false },
      { nome: 'MARIA SOUZA', cpf: CPF_B, incluido: true },
    ]);
    expect(consultas).toEqual([]);
  });

  it('includes an NF-e (110115): checked before sending, registered with the manifest protocol', async () => {
    const bad = await failure('mdfe:includeDfe', {
      id,
      carregamento: { codigo: '3550308', nome: 'São Paulo' },
      documentos: [{ codigoMunicipio: '4106902', municipio: 'Curitiba', chave: `${NFE_KEY.slice(0, 43)}0` }],
    });
    expect(bad.code).toBe('invalid_input');
    expect(bad.message).toContain('Chave de acesso da NF-e inválida');
    const out = await call<Outcome>('mdfe:includeDfe', {
      id,
      carregamento: { codigo: '3550308', nome: 'São Paulo' },
      documentos: [{ codigoMunicipio: '4106902', municipio: 'Curitiba', chave: NFE_KEY }],
    });
    expect(out.event.status).toBe('registrado');
    const event = out.events.find((e) => e.type === 'inclusao_dfe')!;
    expect(event).toMatchObject({ status: 'registrado', xmlCached: true });
    expect(event.descricao).toBe(`1 NF-e, carregamento em São Paulo: ${NFE_KEY}`);
    const xml = await call<{ base64: string }>('mdfe:xml', { id, eventId: event.id });
    const text = Buffer.from(xml.base64, 'base64').toString('utf8');
    expect(text).toContain('<tpEvento>110115</tpEvento>');
    expect(text).toContain(`<chNFe>${NFE_KEY}</chNFe>`);
    expect(text).toContain(`<nProt>${out.viagem!.protocolo}</nProt>`);
  });

  it('refuses a closing date in the future or before the authorization, before anything is sent', async () => {
    const today = brasiliaDayOf(new Date());
    const tomorrow = brasiliaDayOf(new Date(Date.now() + 86_400_000));
    const future = await failure('mdfe:close', { id, uf: 'PR', codigoMunicipio: '4106902', data: tomorrow });
    expect(future.code).toBe('invalid_input');
    expect(future.message).toContain('A data de encerramento não pode ser futura');
    const yesterday = brasiliaDayOf(new Date(Date.now() - 86_400_000));
    const before = await failure('mdfe:close', { id, uf: 'PR', codigoMunicipio: '4106902', data: yesterday });
    expect(before.code).toBe('mdfe_close_refused');
    expect(before.message).toBe(
      `A data de encerramento não pode ser anterior à autorização do MDF-e (${isoToDateBr(today)}).`,
    );
    // Nothing reached the authority: the manifest has no closing event, not even a rejected one.
    const detail = await call<MdfeDetail>('mdfe:get', { id });
    expect(detail.mdfe.status).toBe('autorizado');
    expect(detail.events.some((e) => e.type === 'encerramento')).toBe(false);
  });

  it('closes: status encerrado and the closing event in the answer, cancel window shut', async () => {
    consultas.length = 0;
    const out = await call<Outcome>('mdfe:close', {
      id,
      uf: 'PR',
      codigoMunicipio: '4106902',
      // Today in Brasília (the UTC day is tomorrow there after 21:00).
      data: brasiliaDayOf(new Date()),
    });
    expect(out.mdfe.status).toBe('encerrado');
    const closing = out.events.find((e) => e.type === 'encerramento')!;
    expect(closing).toMatchObject({ status: 'registrado', xmlCached: true });
    expect(closing.descricao).toMatch(/^em Curitiba\/PR com data de \d{2}\/\d{2}\/\d{4}$/);
    expect(out.cancel).toEqual({
      cancellable: false,
      msLeft: null,
      reason: 'Só é possível cancelar um MDF-e autorizado; este está "encerrado".',
    });
    expect(consultas).toEqual([]);
    const again = await failure('mdfe:includeDriver', { id, nome: 'OUTRO MOTORISTA', cpf: CPF_A });
    expect(again.code).toBe('mdfe_driver_refused');
  });

  it('cancels another within 24 h: cancelado in the answer, its event XML cached', async () => {
    const other = await issue('LIF2B34');
    const out = await call<Outcome>('mdfe:cancel', {
      id: other,
      justificativa: 'Viagem desmarcada pelo cliente antes da saida',
    });
    expect(out.mdfe.status).toBe('cancelado');
    expect(out.events).toEqual([
      expect.objectContaining({ type: 'cancelamento', status: 'registrado', xmlCached: true }),
    ]);
    const xml = await call<{ base64: string }>('mdfe:xml', { id: other, eventId: out.events[0]!.id });
    expect(Buffer.from(xml.base64, 'base64').toString('utf8')).toContain('<tpEvento>110111</tpEvento>');
  });

  it('mdfe:sync re-reads one MDF-e from the API', async () => {
    const detail = await call<MdfeDetail>('mdfe:sync', { id });
    expect(detail.mdfe.status).toBe('encerrado');
    expect(detail.events.map((e) => e.type).sort()).toEqual([
      'encerramento',
      'inclusao_condutor',
      'inclusao_dfe',
    ]);
    expect((await failure('mdfe:sync', { id: 999_999 })).code).toBe('mdfe_not_found');
  });

  it('a backup keeps the MDF-e, their events and XML: restored, the screen and files work offline', async () => {
    const backup = await call<{ base64: string }>('backup:create', {});
    const repos = () => app.context.cache.require();
    await repos().db.run('DELETE FROM mdfe_documents');
    expect(await repos().mdfe.byId(id)).toBeUndefined();
    const asked = await call<{ token: string }>('backup:restore', { base64: backup.base64 });
    await call('backup:restore', { token: asked.token, confirm: true });
    const detail = await call<MdfeDetail>('mdfe:get', { id });
    expect(detail.mdfe.status).toBe('encerrado');
    expect(detail.events.map((e) => [e.type, e.xmlCached]).sort()).toEqual([
      ['encerramento', true],
      ['inclusao_condutor', true],
      ['inclusao_dfe', true],
    ]);
    const xml = await call<{ base64: string }>('mdfe:xml', { id });
    expect(Buffer.from(xml.base64, 'base64').toString('utf8')).toContain('<mdfeProc');
    const found = await call<{ rows: { kind: string; id: number }[] }>('documents:search', {
      filter: { company: DEMO_CNPJ, text: 'LIF1A23' },
    });
    expect(found.rows).toEqual([expect.objectContaining({ kind: 'mdfe', id })]);
  });

  it('exports the MDF-e and their event XML for the accountant, fetching what the cache lacks', async () => {
    const repos = app.context.cache.require();
    const period = {
      company: DEMO_CNPJ,
      environment: 'demonstracao' as const,
      from: '2026-01-01',
      to: '2027-12-31',
    };
    // This computer lost the closed manifest's files: the export fetches them from the API again.
    await repos.db.run('DELETE FROM mdfe_files WHERE mdfe_id = ?', [id]);
    await repos.db.run("UPDATE mdfe_documents SET xml_state = 'missing' WHERE id = ?", [id]);
    const out = await call<{ base64: string; documents: number; events: number; missing: unknown[] }>(
      'documents:export',
      { company: DEMO_CNPJ, from: period.from, to: period.to },
    );
    expect(out.missing).toEqual([]);
    const zip = unzipSync(Buffer.from(out.base64, 'base64'));
    const names = Object.keys(zip);
    const row = (await repos.mdfe.byId(id))!;
    const month = row.data_emissao!.slice(0, 7);
    expect(names).toContain(`${month}/${row.chave}-mdfe.xml`);
    expect(names).toContain(`${month}/eventos/${row.chave}-mdfe-encerramento-1.xml`);
    expect(names).toContain(`${month}/eventos/${row.chave}-mdfe-inclusao_condutor-1.xml`);
    expect(names).toContain(`${month}/eventos/${row.chave}-mdfe-inclusao_dfe-1.xml`);
    expect(names.filter((n) => n.includes('-mdfe-cancelamento-'))).toHaveLength(1);
    expect(strFromU8(zip[`${month}/${row.chave}-mdfe.xml`]!)).toContain('<mdfeProc');
    const csv = strFromU8(zip['resumo.csv']!);
    expect(csv).toContain(`MDF-e;1;${row.numero};"=""${row.chave}""";`);
    // Offline with the files gone, the package says what is missing and why.
    await repos.db.run('DELETE FROM mdfe_files WHERE mdfe_id = ?', [id]);
    await repos.db.run("UPDATE mdfe_documents SET xml_state = 'missing' WHERE id = ?", [id]);
    const offline = await buildAccountingExport(
      repos,
      { ...period, from: row.data_emissao!.slice(0, 10), to: row.data_emissao!.slice(0, 10) },
      null,
      null,
    );
    const label = `MDF-e ${row.serie}/${row.numero}`;
    expect(
      offline.missing
        .filter((m) => m.documento === label)
        .map((m) => m.arquivo)
        .sort(),
    ).toEqual([
      'XML da inclusão de DF-e',
      'XML da inclusão de condutor',
      'XML de autorização',
      'XML do encerramento',
    ]);
    expect(strFromU8(unzipSync(offline.zip)['FALTANDO.txt']!)).toContain(
      `${label} (chave ${row.chave}): XML de autorização`,
    );
  });
});
