// The SVRS rules the sandbox enforces on MDF-e, over HTTP, one test per rejection code (MOC MDF-e
// 3.00 §5 G0xx p.35–41, §6 K0x p.69–74, §7.2 texts; 611 as worded by MOC 3.00a, reference README §5).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { RunningSandbox } from '../../../electron/sandbox/server';
import { certifiedCompany, client, control, errorOf, getToken, startTestSandbox } from '../support';
import { NOW } from '../dfe/fixtures';
import { COMPANY_CNPJ, CPF_A, CPF_B, cteKey, lotacao, mdfeBody, NFE_KEY, PLACA } from './fixtures';
import type { MdfePedidoEmissao } from '../../../electron/fiscal/requests/mdfe';

type Doc = {
  id: string;
  status: string;
  chave: string;
  autorizacao: { codigo_status: number; motivo_status: string };
};
type Ev = { id: string; status: string; codigo_status: number; motivo_status: string };

describe('MDF-e authority rules', () => {
  let sandbox: RunningSandbox;
  let api: ReturnType<typeof client>;
  let n = 0;
  const dhEmi = () => new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
  /** A fresh number each time, issued now. */
  const body = (o: Parameters<typeof mdfeBody>[0] = {}) => mdfeBody({ nMDF: ++n, dhEmi: dhEmi(), ...o });
  const issue = async (b: MdfePedidoEmissao) => {
    const res = await api.post<Doc>('/mdfe', b);
    expect(res.status, res.raw.toString()).toBe(200);
    return res.body;
  };
  const code = (d: Doc) => d.autorizacao.codigo_status;
  const advanceHours = (h: number) => control(sandbox.url, 'POST', '/clock', { advance_seconds: h * 3600 });

  beforeAll(async () => {
    sandbox = await startTestSandbox({ clockStart: NOW.getTime(), pdfEngine: null });
    api = client(sandbox.url, await getToken(sandbox.url));
    await certifiedCompany(sandbox, api, COMPANY_CNPJ);
  });
  afterAll(() => sandbox?.close());
  beforeEach(async () => {
    // Every test starts with no open manifest: close whatever the previous one left open.
    const open = await api.get<{ infMDFe?: Array<{ chMDFe: string }> }>(
      `/mdfe/nao-encerrados?cpf_cnpj=${COMPANY_CNPJ}`,
    );
    for (const m of open.body.infMDFe ?? []) {
      const list = await api.get<{ data: Doc[] }>(
        `/mdfe?cpf_cnpj=${COMPANY_CNPJ}&ambiente=homologacao&chave=${m.chMDFe}`,
      );
      const own = list.body.data[0];
      if (own) await api.post(`/mdfe/${own.id}/encerramento`, { uf: 'PR', codigo_municipio: '4106902' });
      else await control(sandbox.url, 'POST', `/mdfe/nao-encerrados/${m.chMDFe}/encerramento`);
    }
  });

  it('authorizes a valid manifest (100) with a key whose check digit is right', async () => {
    const d = await issue(body());
    expect(d.status).toBe('autorizado');
    expect(code(d)).toBe(100);
    expect(d.chave).toMatch(/^35\d{4}11222333000181580010{6}\d{3}1\d{9}$/);
  });

  it('611: an open MDF-e blocks a new one for the same plate, issuer type and unloading UF — and names it', async () => {
    const first = await issue(body());
    const second = await issue(body());
    expect(second.status).toBe('rejeitado');
    expect(code(second)).toBe(611);
    expect(second.autorizacao.motivo_status).toContain(`[chMDFe Não Encerrada:${first.chave}]`);
    // Another plate, or another unloading UF, is not blocked.
    expect(code(await issue(body({ placa: 'QWE1R23' })))).toBe(100);
    expect(code(await issue(body({ UFFim: 'MG' })))).toBe(100);
    // Closing the first frees the truck.
    await api.post(`/mdfe/${first.id}/encerramento`, { uf: 'PR', codigo_municipio: '4106902' });
    expect(code(await issue(body()))).toBe(100);
  });

  it('611 also for an MDF-e left open by another system (control API), listed in nao-encerrados', async () => {
    const ext = await control<{ chave: string }>(sandbox.url, 'POST', '/mdfe/nao-encerrados', {
      cpf_cnpj: COMPANY_CNPJ,
      placa: PLACA,
      uf_inicio: 'SP',
      uf_fim: 'PR',
    });
    expect(ext.status, ext.raw.toString()).toBe(200);
    const open = await api.get<{ cStat: number; infMDFe: Array<{ chMDFe: string }> }>(
      `/mdfe/nao-encerrados?cpf_cnpj=${COMPANY_CNPJ}`,
    );
    expect(open.body.cStat).toBe(111);
    expect(open.body.infMDFe.map((m) => m.chMDFe)).toContain(ext.body.chave);
    // Not one of the company's MDF-e in the API.
    const list = await api.get<{ data: Doc[] }>(
      `/mdfe?cpf_cnpj=${COMPANY_CNPJ}&ambiente=homologacao&chave=${ext.body.chave}`,
    );
    expect(list.body.data).toEqual([]);
    const blocked = await issue(body());
    expect(code(blocked)).toBe(611);
    expect(blocked.autorizacao.motivo_status).toContain(ext.body.chave);
  });

  it('the control route that closes "another system\'s" MDF-e refuses one issued through /mdfe', async () => {
    const own = await issue(body());
    expect(own.status).toBe('autorizado');
    const refused = await control<{ error: { code: string; message: string } }>(
      sandbox.url,
      'POST',
      `/mdfe/nao-encerrados/${own.chave}/encerramento`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/emitido pela API/);
    // Still open, with no closing event: only its own event (rules 615, 609…) closes it.
    expect((await api.get<Doc>(`/mdfe/${own.id}`)).body.status).toBe('autorizado');
    const open = await api.get<{ infMDFe?: Array<{ chMDFe: string }> }>(
      `/mdfe/nao-encerrados?cpf_cnpj=${COMPANY_CNPJ}`,
    );
    expect((open.body.infMDFe ?? []).map((m) => m.chMDFe)).toContain(own.chave);
    // Another system's manifest is still closed by the route.
    const ext = await control<{ chave: string }>(sandbox.url, 'POST', '/mdfe/nao-encerrados', {
      cpf_cnpj: COMPANY_CNPJ,
      placa: 'EXT1A23',
      uf_inicio: 'SP',
      uf_fim: 'RS',
    });
    const closed = await control<{ status: string }>(
      sandbox.url,
      'POST',
      `/mdfe/nao-encerrados/${ext.body.chave}/encerramento`,
    );
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('encerrado');
  });

  it('686: an MDF-e of the issuer open for more than 30 days', async () => {
    await control(sandbox.url, 'POST', '/mdfe/nao-encerrados', {
      cpf_cnpj: COMPANY_CNPJ,
      placa: 'OLD1A11',
      uf_inicio: 'SP',
      uf_fim: 'BA',
      percurso: ['MG'],
      dias_aberto: 31,
    });
    expect(code(await issue(body()))).toBe(686);
  });

  it('462: the plate has an MDF-e open for more than 5 days with up to 2 UFs de percurso', async () => {
    await control(sandbox.url, 'POST', '/mdfe/nao-encerrados', {
      cpf_cnpj: COMPANY_CNPJ,
      placa: PLACA,
      uf_inicio: 'SP',
      uf_fim: 'BA',
      percurso: ['MG'],
      dias_aberto: 6,
    });
    expect(code(await issue(body()))).toBe(462);
    // Other plates are not held by it.
    expect(code(await issue(body({ placa: 'QWE1R23' })))).toBe(100);
  });

  it('663: route UFs missing, skipped or out of order', async () => {
    expect(code(await issue(body({ UFIni: 'RS', UFFim: 'PR', percurso: [] })))).toBe(663);
    expect(code(await issue(body({ UFIni: 'RS', UFFim: 'BA', percurso: ['SC', 'SP', 'PR', 'MG'] })))).toBe(
      663,
    );
    expect(code(await issue(body({ UFIni: 'RS', UFFim: 'BA', percurso: ['SC', 'PR', 'SP', 'MG'] })))).toBe(
      100,
    );
  });

  it('698/699: a carrier must inform the cargo insurance, complete', async () => {
    const none = body();
    none.infMDFe.seg = null;
    expect(code(await issue(none))).toBe(698);
    const incomplete = body();
    incomplete.infMDFe.seg![0]!.nAver = null;
    expect(code(await issue(incomplete))).toBe(699);
    const own = body();
    own.infMDFe.ide.tpEmit = 2;
    own.infMDFe.seg = null;
    own.infMDFe.infDoc.infMunDescarga[0]!.infCTe = null;
    own.infMDFe.infDoc.infMunDescarga[0]!.infNFe = [{ chNFe: NFE_KEY }];
    own.infMDFe.tot = { qNFe: 1, vCarga: 10, cUnid: '01', qCarga: 1 };
    expect(code(await issue(own))).toBe(100);
  });

  it('457/458/454: tipo de transportador against the owner of the vehicle (MOC G017-G019)', async () => {
    const tac = body();
    tac.infMDFe.ide.tpTransp = 2;
    expect(code(await issue(tac))).toBe(457);
    const ownLoad = (tpTransp: number | null, ownerCnpj: string | null) => {
      const b = body();
      b.infMDFe.ide.tpEmit = 2;
      b.infMDFe.ide.tpTransp = tpTransp;
      b.infMDFe.seg = null;
      b.infMDFe.infDoc.infMunDescarga[0]!.infCTe = null;
      b.infMDFe.infDoc.infMunDescarga[0]!.infNFe = [{ chNFe: NFE_KEY }];
      b.infMDFe.tot = { qNFe: 1, vCarga: 10, cUnid: '01', qCarga: 1 };
      // One NF-e with tpTransp is a carga lotação under NT 2025.001, and a TAC with RNTRC needs a CIOT.
      lotacao(b.infMDFe);
      b.infMDFe.infModal.rodo!.infANTT!.infCIOT = [{ CIOT: '123456789012', CPF: CPF_B }];
      if (ownerCnpj)
        b.infMDFe.infModal.rodo!.veicTracao.prop = {
          CNPJ: ownerCnpj,
          RNTRC: '87654321',
          xNome: 'TRANSPORTES TERCEIRO LTDA',
          tpProp: 2,
        };
      return b;
    };
    expect(code(await issue(ownLoad(1, null)))).toBe(458);
    expect(code(await issue(ownLoad(null, '33000167000101')))).toBe(454);
    expect(code(await issue(ownLoad(2, '33000167000101')))).toBe(100);
    // The issuer's own CNPJ as owner is its own vehicle: no tpTransp (458 if informed).
    expect(code(await issue(ownLoad(2, COMPANY_CNPJ)))).toBe(458);
  });

  it("601/604: documents' keys with a wrong check digit; 667: totals that do not match", async () => {
    const badCte = body();
    const key = cteKey(9);
    badCte.infMDFe.infDoc.infMunDescarga[0]!.infCTe = [
      { chCTe: key.slice(0, 43) + ((Number(key[43]) + 1) % 10) },
      { chCTe: cteKey(1) },
    ];
    const d = await issue(badCte);
    expect(code(d)).toBe(601);
    expect(d.autorizacao.motivo_status).toContain(key.slice(0, 43));
    const own = body();
    own.infMDFe.ide.tpEmit = 2;
    own.infMDFe.infDoc.infMunDescarga[0]!.infCTe = null;
    own.infMDFe.infDoc.infMunDescarga[0]!.infNFe = [
      { chNFe: NFE_KEY.slice(0, 43) + ((Number(NFE_KEY[43]) + 1) % 10) },
    ];
    own.infMDFe.tot = { qNFe: 1, vCarga: 10, cUnid: '01', qCarga: 1 };
    expect(code(await issue(own))).toBe(604);
    const totals = body();
    totals.infMDFe.tot.qCTe = 3;
    expect(code(await issue(totals))).toBe(667);
  });

  it('646: a plate outside the national format; 612: unloading municipality of another UF', async () => {
    expect(code(await issue(body({ placa: 'AB12345' })))).toBe(646);
    const wrongMun = body();
    wrongMun.infMDFe.infDoc.infMunDescarga[0]!.cMunDescarga = '3550308';
    expect(code(await issue(wrongMun))).toBe(612);
  });

  it('253/227: a cMDF fixed by the client is used; a cDV or Id that disagrees with the key is refused', async () => {
    const fixed = body({ placa: 'KEY1A23' });
    fixed.infMDFe.ide.cMDF = '12345678';
    const ok = await issue(fixed);
    expect(code(ok)).toBe(100);
    expect(ok.chave.slice(35, 43)).toBe('12345678');
    const wrongDv = body({ placa: 'KEY2A23' });
    wrongDv.infMDFe.ide.cMDF = '12345678';
    wrongDv.infMDFe.ide.cDV = (Number(ok.chave[43]) + 1) % 10;
    // Same fields as the authorized one, so the key is the same and its DV is known.
    wrongDv.infMDFe.ide.nMDF = fixed.infMDFe.ide.nMDF;
    wrongDv.infMDFe.ide.dhEmi = fixed.infMDFe.ide.dhEmi;
    expect(code(await issue(wrongDv))).toBe(253);
    const wrongId = body({ placa: 'KEY3A23' });
    wrongId.infMDFe.Id = `MDFe${ok.chave}`;
    expect(code(await issue(wrongId))).toBe(227);
  });

  it('539: the same série and number with another key', async () => {
    const b = body({ placa: 'DUP1A23' });
    expect(code(await issue(b))).toBe(100);
    const again = body({ placa: 'DUP2A23', UFFim: 'MG' });
    again.infMDFe.ide.nMDF = b.infMDFe.ide.nMDF;
    expect(code(await issue(again))).toBe(539);
  });

  it('the service refuses other modals and schema errors with a 400 naming the field', async () => {
    const air = body() as unknown as { infMDFe: { infModal: Record<string, unknown> } };
    air.infMDFe.infModal.aereo = { nac: 'PR', matr: 'ABC' };
    const res = await api.post('/mdfe', air);
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toContain('infMDFe.infModal.aereo');
    const bad = body();
    bad.infMDFe.ide.infPercurso = [{ UFPer: 'XX' as 'PR' }];
    const res2 = await api.post('/mdfe', bad);
    expect(res2.status).toBe(400);
    expect(errorOf(res2).message).toContain('infMDFe.ide.infPercurso[0].UFPer');
  });

  describe('events', () => {
    it('cancellation: 609 once closed, 220 after 24 h, 218 when already cancelled', async () => {
      const closed = await issue(body());
      await api.post(`/mdfe/${closed.id}/encerramento`, { uf: 'PR', codigo_municipio: '4106902' });
      const c1 = await api.post<Ev>(`/mdfe/${closed.id}/cancelamento`, {
        justificativa: 'Viagem não realizada pelo veículo',
      });
      expect([c1.body.status, c1.body.codigo_status]).toEqual(['rejeitado', 609]);

      const late = await issue(body({ placa: 'LAT1E23' }));
      await advanceHours(25);
      const c2 = await api.post<Ev>(`/mdfe/${late.id}/cancelamento`, {
        justificativa: 'Viagem não realizada pelo veículo',
      });
      expect([c2.body.status, c2.body.codigo_status]).toEqual(['rejeitado', 220]);
      expect((await api.get<Doc>(`/mdfe/${late.id}`)).body.status).toBe('autorizado');

      const ok = await issue(body({ placa: 'CAN1C23' }));
      const c3 = await api.post<Ev>(`/mdfe/${ok.id}/cancelamento`, {});
      expect([c3.body.status, c3.body.codigo_status]).toEqual(['registrado', 135]);
      expect((await api.get<Doc>(`/mdfe/${ok.id}`)).body.status).toBe('cancelado');
      const c4 = await api.post<Ev>(`/mdfe/${ok.id}/cancelamento`, {});
      expect(c4.body.codigo_status).toBe(218);
    });

    it('closing: 613 bad municipality digit, 614 municipality of another UF, 615 date before issue, 609 twice', async () => {
      const d = await issue(body());
      const close = (b: object) => api.post<Ev>(`/mdfe/${d.id}/encerramento`, b);
      expect((await close({ uf: 'PR', codigo_municipio: '4106903' })).body.codigo_status).toBe(613);
      expect((await close({ uf: 'PR', codigo_municipio: '3550308' })).body.codigo_status).toBe(614);
      expect(
        (await close({ uf: 'PR', codigo_municipio: '4106902', data_encerramento: '2026-01-01' })).body
          .codigo_status,
      ).toBe(615);
      expect((await api.get<Doc>(`/mdfe/${d.id}`)).body.status).toBe('autorizado');
      const ok = await close({ uf: 'PR', codigo_municipio: '4106902' });
      expect([ok.body.status, ok.body.codigo_status]).toEqual(['registrado', 135]);
      expect((await close({ uf: 'PR', codigo_municipio: '4106902' })).body.codigo_status).toBe(609);
      const xml = await api.get(`/mdfe/${d.id}/encerramento/xml`);
      expect(xml.raw.toString()).toContain('<cUF>41</cUF><cMun>4106902</cMun>');
    });

    it('closing: 635 for a date after today in Brasília; today and the authorization day are taken', async () => {
      const d = await issue(body());
      const close = (b: object) => api.post<Ev>(`/mdfe/${d.id}/encerramento`, b);
      const now = sandbox.control.clock.nowMs();
      const brasilia = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10);
      const tomorrow = brasilia(now + 86_400_000);
      const future = await close({ uf: 'PR', codigo_municipio: '4106902', data_encerramento: tomorrow });
      expect([future.body.status, future.body.codigo_status]).toEqual(['rejeitado', 635]);
      expect(future.body.motivo_status).toBe(
        'Rejeição: A data do evento não pode ser maior que a data do processamento',
      );
      expect((await api.get<Doc>(`/mdfe/${d.id}`)).body.status).toBe('autorizado');
      const today = await close({ uf: 'PR', codigo_municipio: '4106902', data_encerramento: brasilia(now) });
      expect([today.body.status, today.body.codigo_status]).toEqual(['registrado', 135]);
    });

    it('closing: 615 compares with the day of the authorization, not of the emission', async () => {
      // Issued at 23:50 in Brasília, authorized at 00:20 the next day (contingency-like delay).
      const start = sandbox.control.clock.nowMs();
      const midnight = Date.parse(`${new Date(start - 3 * 3_600_000).toISOString().slice(0, 10)}T03:00:00Z`);
      const emitted = midnight + 86_400_000 - 10 * 60_000;
      await control(sandbox.url, 'POST', '/clock', { set: new Date(emitted + 30 * 60_000).toISOString() });
      const d = await issue(
        body({ dhEmi: new Date(emitted).toISOString().replace(/\.\d+Z$/, 'Z'), placa: 'MEI1A23' }),
      );
      expect(d.status).toBe('autorizado');
      const emittedDay = new Date(emitted - 3 * 3_600_000).toISOString().slice(0, 10);
      const refused = await api.post<Ev>(`/mdfe/${d.id}/encerramento`, {
        uf: 'PR',
        codigo_municipio: '4106902',
        data_encerramento: emittedDay,
      });
      expect(refused.body.codigo_status).toBe(615);
    });

    it('driver inclusion: 645 invalid CPF, 609 once closed; DF-e inclusion 604 bad key', async () => {
      const d = await issue(body());
      const bad = await api.post<Ev>(`/mdfe/${d.id}/inclusao-condutor`, {
        nome_condutor: 'FULANO',
        cpf_condutor: '11111111111',
      });
      expect(bad.body.codigo_status).toBe(645);
      const ok = await api.post<Ev>(`/mdfe/${d.id}/inclusao-condutor`, {
        nome_condutor: 'FULANO',
        cpf_condutor: CPF_A,
      });
      expect(ok.body.codigo_status).toBe(135);
      const dfe = await api.post<Ev>(`/mdfe/${d.id}/inclusao-dfe`, {
        codigo_municipio_carrega: '3550308',
        municipio_carrega: 'São Paulo',
        documentos: [
          {
            codigo_municipio_descarga: '4106902',
            municipio_descarga: 'Curitiba',
            chave_acesso_nfe: NFE_KEY.slice(0, 43) + ((Number(NFE_KEY[43]) + 1) % 10),
          },
        ],
      });
      expect(dfe.body.codigo_status).toBe(604);
      await api.post(`/mdfe/${d.id}/encerramento`, { uf: 'PR', codigo_municipio: '4106902' });
      const late = await api.post<Ev>(`/mdfe/${d.id}/inclusao-condutor`, {
        nome_condutor: 'FULANO',
        cpf_condutor: CPF_A,
      });
      expect(late.body.codigo_status).toBe(609);
    });
  });
});
