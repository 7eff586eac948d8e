// The mdfe:*, vehicles:* and drivers:* commands through the app's command table (createApp,
// demonstração mode: the embedded sandbox over HTTP): issue through the outbox with a referencia,
// the cache first for list/detail/open, the open-manifest warning (rejection 611 of the MOC
// MDF-e 3.00), closing, driver inclusion, cancellation inside 24 h, the cached XML, the DAMDFE
// printed locally with ENCERRADO after the closing, and the registries remembered from the trip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_CNPJ } from '../../../electron/app/demo';
import type { CarretaApp } from '../../../electron/app/index';
import { CPF_A, CPF_B, lotacao } from '../../sandbox/mdfe/fixtures';
import { demoApp } from '../../support/demo-month';
import { mdfeTrip } from '../../support/mdfe-trip';

interface Summary {
  cacheId: number;
  apiId: string;
  chave: string | null;
  numero: number | null;
  status: string;
  placa: string | null;
  ufFim: string | null;
  condutores: string | null;
  xmlCached: boolean;
  diasEmAberto: number | null;
}
interface IssueOutcome {
  status: string;
  referencia: string;
  numero: number;
  cacheId: number | null;
  mdfe: Summary | null;
  warnings: string[];
  rejection: unknown;
}

let app: CarretaApp;
const html: string[] = [];
let call: Awaited<ReturnType<typeof demoApp>>['call'];
let failure: Awaited<ReturnType<typeof demoApp>>['failure'];

const trip = (placa: string, ufFim: 'PR' | 'MG' = 'PR') => mdfeTrip(DEMO_CNPJ, placa, ufFim);

beforeAll(async () => {
  ({ app, call, failure } = await demoApp(html));
}, 60_000);
afterAll(async () => {
  await app?.dispose();
});

describe('mdfe commands (demonstração)', () => {
  let first: IssueOutcome;

  it('refuses bad input with Portuguese messages', async () => {
    const error = await failure('mdfe:close', { id: 1, uf: 'XX', codigoMunicipio: '41' });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/UF inválida|7 dígitos/);
    const driver = await failure('mdfe:includeDriver', { id: 1, nome: 'MARIA', cpf: '11111111111' });
    expect(driver.message).toContain('CPF inválido');
  });

  it('refuses a malformed infMDFe at the command edge with the field and the reason, before a número is reserved', async () => {
    const before = await call<{ items: Summary[] }>('mdfe:list', {
      company: DEMO_CNPJ,
      limit: 200,
      offset: 0,
    });
    const bad = trip('EDG1E23') as { ide: { infMunCarrega: { cMunCarrega: string }[] } };
    bad.ide.infMunCarrega[0]!.cMunCarrega = '410690';
    const error = await failure('mdfe:issue', { company: DEMO_CNPJ, infMDFe: bad });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(
      'Dados inválidos: infMDFe.ide.infMunCarrega.0.cMunCarrega: formato inválido (7 dígitos)',
    );
    expect(error.fields).toEqual(['infMDFe.ide.infMunCarrega.0.cMunCarrega']);
    // A road-modal group from another modal is refused by name, in Portuguese.
    const aereo = trip('EDG1E23') as { infModal: Record<string, unknown> };
    aereo.infModal.aereo = { nac: '1' };
    const modal = await failure('mdfe:issue', { company: DEMO_CNPJ, infMDFe: aereo });
    expect(modal.message).toContain('infMDFe.infModal.aereo: o modal aéreo não é atendido');
    const after = await call<{ items: Summary[] }>('mdfe:list', {
      company: DEMO_CNPJ,
      limit: 200,
      offset: 0,
    });
    expect(after.items.length).toBe(before.items.length);
    expect(after.items.some((i) => i.placa === 'EDG1E23')).toBe(false);
  });

  it('issues through the outbox with a referencia; the answer carries the cached MDF-e', async () => {
    first = await call<IssueOutcome>('mdfe:issue', { company: DEMO_CNPJ, infMDFe: trip('CMD1A23') });
    expect(first.status, JSON.stringify(first.rejection)).toBe('autorizado');
    expect(first.referencia).toMatch(/^carreta-/);
    expect(first.mdfe).toMatchObject({
      placa: 'CMD1A23',
      ufFim: 'PR',
      status: 'autorizado',
      xmlCached: true,
    });
    const outbox = await app.context.cache
      .require()
      .db.get<{ kind: string; state: string; api_id: string }>(
        'SELECT kind, state, api_id FROM outbox WHERE referencia = ?',
        [first.referencia],
      );
    expect(outbox).toEqual({ kind: 'mdfe', state: 'sent', api_id: first.mdfe!.apiId });
    const numbering = await call<{ next: number }>('numbering:get', { company: DEMO_CNPJ, kind: 'mdfe' });
    expect(numbering.next).toBe(first.numero + 1);
    const list = await call<{ items: Summary[] }>('mdfe:list', { company: DEMO_CNPJ });
    expect(list.items.map((i) => i.cacheId)).toContain(first.cacheId);
  });

  it('remembers the tractor, the trailer and the driver of the authorized trip', async () => {
    const vehicles = await call<{ items: { placa: string; tipo: string; tara: number; useCount: number }[] }>(
      'vehicles:list',
      { company: DEMO_CNPJ },
    );
    expect(vehicles.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ placa: 'CMD1A23', tipo: 'tracao', tara: 8500, useCount: 1 }),
        expect.objectContaining({ placa: 'REB1A23', tipo: 'reboque', tara: 6000 }),
      ]),
    );
    const drivers = await call<{ items: { cpf: string; nome: string }[] }>('drivers:list', {
      company: DEMO_CNPJ,
    });
    // Beside the demo month's driver (JOAO PEREIRA DA SILVA, 386.215.947-73).
    expect(drivers.items.map((d) => [d.cpf, d.nome]).sort()).toEqual([
      ['38621594773', 'JOAO PEREIRA DA SILVA'],
      [CPF_A, 'JOSE DA SILVA'],
    ]);
  });

  it('a rejection whose code names a field comes back with the MDF-e form path (663, 699, 457)', async () => {
    type Rejected = IssueOutcome & { rejection: { codigo: number; fields: string[] } };
    const detour = trip('ROT1A23') as { ide: { infPercurso?: { UFPer: string }[] } };
    detour.ide.infPercurso = [{ UFPer: 'BA' }];
    const route = await call<Rejected>('mdfe:issue', { company: DEMO_CNPJ, infMDFe: detour });
    expect([route.status, route.rejection.codigo]).toEqual(['rejeitado', 663]);
    expect(route.rejection.fields).toEqual(['rotas']);
    const uninsured = trip('SEG1A23') as { seg: { nAver?: string[] }[] };
    delete uninsured.seg[0]!.nAver;
    const seg = await call<Rejected>('mdfe:issue', { company: DEMO_CNPJ, infMDFe: uninsured });
    expect([seg.status, seg.rejection.codigo]).toEqual(['rejeitado', 699]);
    expect(seg.rejection.fields).toEqual(['seguros']);
    // TAC with the carrier's own truck (no owner group): 457 on the tipo de transportador.
    const tac = trip('TAC1A23') as {
      ide: { tpTransp?: number };
      infModal: { rodo: { infANTT: Record<string, unknown> } };
    };
    tac.ide.tpTransp = 2;
    // A TAC with RNTRC also needs payment with bank data and a CIOT (NT 2025.001, 303/304): given,
    // so the authority's own 457 is what comes back.
    lotacao(tac as never);
    tac.infModal.rodo.infANTT.infCIOT = [{ CIOT: '123456789012', CPF: CPF_B }];
    const carrier = await call<Rejected>('mdfe:issue', { company: DEMO_CNPJ, infMDFe: tac });
    expect([carrier.status, carrier.rejection.codigo]).toEqual(['rejeitado', 457]);
    expect(carrier.rejection.fields).toEqual(['tpTransp']);
  });

  it('stops before sending a carga lotação without payment (302), naming the form field; nothing is sent', async () => {
    const single = trip('LOT9Z87') as {
      infDoc: { infMunDescarga: { infCTe: unknown[] }[] };
      tot: { qCTe: number };
    };
    single.infDoc.infMunDescarga[0]!.infCTe.splice(1);
    single.tot.qCTe = 1;
    const error = await failure('mdfe:issue', { company: DEMO_CNPJ, infMDFe: single });
    expect(error.code).toBe('mdfe_regra_301');
    expect(error.fields).toEqual(['produto.ncm']);
    lotacao(single as never);
    delete (single as unknown as { infModal: { rodo: { infANTT: { infPag?: unknown } } } }).infModal.rodo
      .infANTT.infPag;
    const noPayment = await failure('mdfe:issue', { company: DEMO_CNPJ, infMDFe: single });
    expect(noPayment).toMatchObject({
      code: 'mdfe_regra_302',
      message:
        'Antes de enviar: pagamento do frete: obrigatório em carga lotação, o MDF-e com um só documento (a SEFAZ rejeita com 302); informe quem paga, o valor do frete e o banco ou a chave PIX de quem recebe.',
      fields: ['pagamentos'],
    });
    const list = await call<{ items: Summary[] }>('mdfe:list', { company: DEMO_CNPJ, limit: 200, offset: 0 });
    expect(list.items.some((i) => i.placa === 'LOT9Z87')).toBe(false);
    // With the payment, it is authorized, and where the freight is received is remembered.
    lotacao(single as never);
    const ok = await call<IssueOutcome>('mdfe:issue', { company: DEMO_CNPJ, infMDFe: single });
    expect(ok.status).toBe('autorizado');
    const payees = await call<{ items: { cpfCnpj: string; pix: string }[] }>('payees:list', {
      company: DEMO_CNPJ,
    });
    expect(payees.items[0]).toMatchObject({ cpfCnpj: DEMO_CNPJ, pix: 'financeiro@rodoviaazul.com.br' });
    // Closed at once: the later tests count the open manifests.
    await call('mdfe:close', { id: ok.cacheId, uf: 'PR', codigoMunicipio: '4106902' });
  });

  it('warns before a second MDF-e of the same truck and unloading UF (611), lists it open', async () => {
    const error = await failure('mdfe:issue', { company: DEMO_CNPJ, infMDFe: trip('CMD1A23') });
    expect(error.code).toBe('mdfe_open_conflict');
    expect(error.message).toContain('611');
    expect(error.message).toContain('CMD1A23');
    // Sent anyway, the sandbox (as SEFAZ) rejects it with 611 and the outcome explains it.
    const forced = await call<IssueOutcome & { rejection: { codigo: number; motivo: string } }>(
      'mdfe:issue',
      {
        company: DEMO_CNPJ,
        infMDFe: trip('CMD1A23'),
        ignorarAbertos: true,
      },
    );
    expect(forced.status).toBe('rejeitado');
    expect(forced.rejection.codigo).toBe(611);
    // An open manifest is the authority's state, not a value to correct: no field is marked, so the
    // same plate is sent again once the other is closed (sefaz-codes 611 has no field).
    expect((forced.rejection as unknown as { fields: string[] }).fields).toEqual([]);
    expect(forced.warnings.join(' ')).toContain('611');
    // Another unloading UF is not blocked.
    const other = await call<IssueOutcome>('mdfe:issue', {
      company: DEMO_CNPJ,
      infMDFe: trip('CMD1A23', 'MG'),
    });
    expect(other.status).toBe('autorizado');
    const open = await call<{ items: Summary[]; consultadoNaSefaz: boolean }>('mdfe:open', {
      company: DEMO_CNPJ,
    });
    // The two of this truck, beside the demo month's trip still on the road (CRT4E21).
    expect(open.items.map((i) => i.placa).sort()).toEqual(['CMD1A23', 'CMD1A23', 'CRT4E21']);
    const mine = open.items.filter((i) => i.placa === 'CMD1A23');
    expect(mine.map((i) => i.cacheId).sort()).toEqual([first.cacheId, other.cacheId].sort());
    expect(mine.map((i) => i.diasEmAberto)).toEqual([0, 0]);
    expect(open.consultadoNaSefaz).toBe(true);
    // Cancelling the second keeps the list honest.
    const cancelled = await call<{ mdfe: Summary }>('mdfe:cancel', {
      id: other.cacheId,
      justificativa: 'Viagem para MG cancelada pelo cliente',
    });
    expect(cancelled.mdfe.status).toBe('cancelado');
  });

  it('includes a driver, then closes; the DAMDFE printed locally says ENCERRADO', async () => {
    const driver = await call<{ event: { status: string }; mdfe: Summary }>('mdfe:includeDriver', {
      id: first.cacheId,
      nome: 'MARIA SOUZA',
      cpf: CPF_B,
    });
    expect(driver.event.status).toBe('registrado');
    const closed = await call<{ event: { status: string }; mdfe: Summary }>('mdfe:close', {
      id: first.cacheId,
      uf: 'PR',
      codigoMunicipio: '4106902',
    });
    expect(closed.event.status).toBe('registrado');
    expect(closed.mdfe.status).toBe('encerrado');
    const detail = await call<{
      events: { type: string; xmlCached: boolean }[];
      cancel: { cancellable: boolean; reason: string };
    }>('mdfe:get', { id: first.cacheId });
    expect(detail.events.map((e) => [e.type, e.xmlCached]).sort()).toEqual([
      ['encerramento', true],
      ['inclusao_condutor', true],
    ]);
    expect(detail.cancel.cancellable).toBe(false);
    // Only the demo month's trip still on the road (its MDF-e nº 2) is left open.
    const left = (await call<{ items: Summary[] }>('mdfe:open', { company: DEMO_CNPJ })).items;
    expect(left.map((m) => m.numero)).toEqual([2]);

    const pdf = await call<{ base64: string; fileName: string }>('mdfe:pdf', { id: first.cacheId });
    expect(pdf.fileName).toBe(`${first.mdfe!.chave}-damdfe.pdf`);
    const page = html.at(-1)!;
    expect(page).toContain('<span>ENCERRADO</span>');
    expect(page).toContain('MARIA SOUZA');
    // The driver added on the road is remembered too.
    const drivers = await call<{ items: { cpf: string }[] }>('drivers:list', { company: DEMO_CNPJ });
    expect(drivers.items.map((d) => d.cpf).sort()).toEqual([CPF_A, CPF_B, '38621594773'].sort());

    const xml = await call<{ base64: string; fileName: string }>('mdfe:xml', { id: first.cacheId });
    expect(Buffer.from(xml.base64, 'base64').toString('utf8')).toContain(
      `<chMDFe>${first.mdfe!.chave}</chMDFe>`,
    );
  });

  it('the closed MDF-e can no longer be cancelled, and says why', async () => {
    const error = await failure('mdfe:cancel', {
      id: first.cacheId,
      justificativa: 'Tentativa de cancelar depois do encerramento',
    });
    expect(error.code).toBe('mdfe_cancel_refused');
    expect(error.message).toMatch(/encerrado/);
  });

  it('saves, lists and deletes registry entries, refusing a bad plate', async () => {
    const bad = await failure('vehicles:save', {
      company: DEMO_CNPJ,
      vehicle: { placa: 'AB-12', tipo: 'tracao', tara: 1, tpRod: '01', tpCar: '00', uf: 'SP' },
    });
    expect(bad.message).toContain('Placa inválida');
    const saved = await call<{ placa: string; proprietario: { rntrc: string } | null }>('vehicles:save', {
      company: DEMO_CNPJ,
      vehicle: {
        placa: 'xyz-9a87',
        tipo: 'reboque',
        tara: 5000,
        capKg: 25000,
        tpCar: '01',
        uf: 'PR',
        proprietario: { cpfCnpj: CPF_B, nome: 'MARIA SOUZA', rntrc: '87654321', uf: 'PR', tpProp: '0' },
      },
    });
    expect(saved).toMatchObject({ placa: 'XYZ9A87', proprietario: { rntrc: '87654321' } });
    expect(await call('vehicles:delete', { company: DEMO_CNPJ, placa: 'XYZ9A87' })).toEqual({ ok: true });
    expect(await call('vehicles:delete', { company: DEMO_CNPJ, placa: 'XYZ9A87' })).toEqual({ ok: false });
  });
});
