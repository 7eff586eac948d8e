// The Mdfe module of the API client against the sandbox over real HTTP on 127.0.0.1: the whole
// lifecycle, the events, the open-manifest query, idempotent issuing by `referencia`, the typed
// errors (the sandbox's 400 and a request refused before it leaves).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ApiError, createNuvemFiscalClient, type NuvemFiscalClient } from '../../electron/nuvemfiscal';
import type { MdfePedidoEmissao } from '../../electron/nuvemfiscal/api/mdfe';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { AppError } from '../../electron/shared/errors';
import { NOW } from '../sandbox/dfe/fixtures';
import { COMPANY_CNPJ, CPF_B, mdfeBody, NFE_KEY } from '../sandbox/mdfe/fixtures';
import {
  certifiedCompany,
  client,
  CLIENT_ID,
  CLIENT_SECRET,
  control,
  getToken,
  startTestSandbox,
} from '../sandbox/support';

describe('API client: Mdfe against the sandbox', () => {
  let sandbox: RunningSandbox;
  let api: NuvemFiscalClient;
  let requests = 0;
  const body = (n: number, placa?: string): MdfePedidoEmissao =>
    mdfeBody({
      nMDF: n,
      placa,
      dhEmi: new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z'),
    }) as unknown as MdfePedidoEmissao;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ clockStart: NOW.getTime(), pdfEngine: null });
    await certifiedCompany(sandbox, client(sandbox.url, await getToken(sandbox.url)), COMPANY_CNPJ);
    const tokens = new Map<string, string>();
    api = createNuvemFiscalClient({
      apiUrl: sandbox.url,
      tokenUrl: `${sandbox.url}/oauth/token`,
      clientId: CLIENT_ID,
      clientSecret: async () => CLIENT_SECRET,
      scopes: 'empresa mdfe',
      tokenStore: {
        get: async (k) => tokens.get(k) ?? null,
        set: async (k, v) => void tokens.set(k, v),
        delete: async (k) => void tokens.delete(k),
      },
      timeoutMs: 10_000,
      retry: { attempts: 2, baseDelayMs: 10, maxDelayMs: 20 },
      onExchange: () => void requests++,
    });
  });
  afterAll(() => sandbox?.close());

  it('issues, reads, downloads, adds a driver and an NF-e, closes', async () => {
    expect(await api.mdfe.alterarConfig(COMPANY_CNPJ, { ambiente: 'homologacao' })).toEqual({
      ambiente: 'homologacao',
    });
    expect((await api.mdfe.config(COMPANY_CNPJ)).ambiente).toBe('homologacao');
    const issued = await api.mdfe.emitir({ ...body(1), referencia: 'cli-1' });
    expect(issued.status).toBe('autorizado');
    expect(issued.autorizacao?.codigo_status).toBe(100);
    expect((await api.mdfe.consultar(issued.id)).chave).toBe(issued.chave);
    const list = await api.mdfe.listar(
      { cpf_cnpj: COMPANY_CNPJ, ambiente: 'homologacao' },
      { top: 5, inlinecount: true },
    );
    expect(list.data.map((d) => d.id)).toContain(issued.id);

    const proc = (await api.mdfe.xml(issued.id)).data.toString('utf8');
    expect(proc).toContain('<mdfeProc');
    expect((await api.mdfe.xmlManifesto(issued.id)).data.toString('utf8')).toContain(
      `Id="MDFe${issued.chave}"`,
    );
    expect((await api.mdfe.xmlProtocolo(issued.id)).data.toString('utf8')).toContain('<protMDFe');
    expect((await api.mdfe.pdf(issued.id)).data.subarray(0, 5).toString()).toBe('%PDF-');

    const open = await api.mdfe.naoEncerrados(COMPANY_CNPJ);
    expect(open.cStat).toBe(111);
    expect(open.infMDFe?.[0]?.chMDFe).toBe(issued.chave);

    const driver = await api.mdfe.incluirCondutor(issued.id, {
      nome_condutor: 'MARIA SOUZA',
      cpf_condutor: CPF_B,
    });
    expect([driver.status, driver.codigo_status, driver.cpf_condutor]).toEqual(['registrado', 135, CPF_B]);
    expect((await api.mdfe.evento(driver.id!)).tipo_evento).toBe('110114');
    expect((await api.mdfe.xmlEvento(driver.id!)).data.toString('utf8')).toContain('<evIncCondutorMDFe>');

    const dfe = await api.mdfe.incluirDfe(issued.id, {
      codigo_municipio_carrega: '3550308',
      municipio_carrega: 'São Paulo',
      documentos: [
        { codigo_municipio_descarga: '4106902', municipio_descarga: 'Curitiba', chave_acesso_nfe: NFE_KEY },
      ],
    });
    expect(dfe.documentos?.[0]?.chave_acesso_nfe).toBe(NFE_KEY);

    const closed = await api.mdfe.encerrar(issued.id, {
      uf: 'PR',
      codigo_municipio: '4106902',
      data_encerramento: '2026-11-22',
    });
    expect([closed.status, closed.uf, closed.codigo_municipio, closed.data_encerramento]).toEqual([
      'registrado',
      'PR',
      '4106902',
      '2026-11-22',
    ]);
    expect((await api.mdfe.encerramento(issued.id)).id).toBe(closed.id);
    expect((await api.mdfe.xmlEncerramento(issued.id)).data.toString('utf8')).toContain('<evEncMDFe>');
    expect((await api.mdfe.consultar(issued.id)).status).toBe('encerrado');
    expect((await api.mdfe.sincronizar(issued.id)).codigo_status).toBe(132);
    expect((await api.mdfe.naoEncerrados(COMPANY_CNPJ)).cStat).toBe(112);
    expect((await api.mdfe.statusSefaz(COMPANY_CNPJ)).autorizador).toBe('SVRS');
  });

  it('a repeated POST with the same referencia finds the first MDF-e instead of failing', async () => {
    const first = await api.mdfe.emitir({ ...body(2, 'REF1A23'), referencia: 'cli-2' });
    const again = await api.mdfe.emitir(
      { ...body(2, 'REF1A23'), referencia: 'cli-2' },
      {
        cpf_cnpj: COMPANY_CNPJ,
        ambiente: 'homologacao',
      },
    );
    expect(again.id).toBe(first.id);
  });

  it('a POST whose answer is lost is repeated safely: one MDF-e, found by its referencia', async () => {
    await control(sandbox.url, 'POST', '/faults', { type: 'drop', path: '/mdfe', count: 1 });
    const lookup = { cpf_cnpj: COMPANY_CNPJ, ambiente: 'homologacao' as const };
    const doc = await api.mdfe.emitir({ ...body(5, 'DRP1A23'), referencia: 'cli-drop' }, lookup);
    expect(doc.status).toBe('autorizado');
    const list = await api.mdfe.listar({ ...lookup, referencia: 'cli-drop' }, { inlinecount: true });
    expect(list.data.map((d) => d.id)).toEqual([doc.id]);
  });

  it('lote and cancellation', async () => {
    const lote = await api.mdfe.emitirLote({
      id_lote: 'L1',
      ambiente: 'homologacao',
      documentos: [body(3, 'LOT1E23')],
    });
    const doc = lote.documentos![0]!;
    expect(doc.status).toBe('autorizado');
    expect((await api.mdfe.consultarLote(lote.id)).documentos?.[0]?.id).toBe(doc.id);
    expect(
      (await api.mdfe.listarLotes({ cpf_cnpj: COMPANY_CNPJ, ambiente: 'homologacao' })).data[0]?.id,
    ).toBe(lote.id);
    const cancel = await api.mdfe.cancelar(doc.id, 'Viagem cancelada pelo cliente antes da saída');
    expect([cancel.status, cancel.justificativa]).toEqual([
      'registrado',
      'Viagem cancelada pelo cliente antes da saída',
    ]);
    expect((await api.mdfe.cancelamento(doc.id)).id).toBe(cancel.id);
    expect((await api.mdfe.pdfCancelamento(doc.id)).data.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("the sandbox's 400 is a typed ApiError naming the field", async () => {
    const bad = body(4);
    (bad.infMDFe as { ide: { UFFim: string } }).ide.UFFim = 'XX';
    const error = await api.mdfe.emitir(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fields).toContain('infMDFe.ide.UFFim');
  });

  it('an event request that breaks its schema never leaves', async () => {
    const before = requests;
    const error = await api.mdfe
      .encerrar('qualquer', { uf: 'PR', codigo_municipio: '41069' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toContain('codigo_municipio');
    expect(requests).toBe(before);
  });
});
