// The AT&M double over raw HTTP, against the behaviour checklist of 02-atm.md §10: SOAP dispatch
// (three wrappers, SOAPAction), CDATA and escaped payloads, the nested-CDATA fault, the WSDL, the
// login codes, duplicates with Info 001, tpAmb 2 as TESTE, cancellations (908), the MDF-e and its
// events, the REST header checks in order, token expiry (915) and the fault controls.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { RunningInsurerDoubles } from '../../../electron/sandbox/insurers/server';
import { startInsurerDoubles } from '../../../electron/sandbox/insurers/server';
import { cteCancelamento, cteProc, mdfeEvento, mdfeProc, nfeProc } from '../../support/averbacao-docs';

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false });
const USER = { usuario: 'carreta-demo', senha: 'carreta-demo-secret', codatm: '11000000' };
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('AT&M double', () => {
  let doubles: RunningInsurerDoubles;
  beforeAll(async () => {
    doubles = await startInsurerDoubles({ limit: 500_000, tokenTtlSeconds: 60 });
  });
  afterAll(() => doubles.close());
  beforeEach(async () => {
    await fetch(`${doubles.url}/_averbadoras/reset`, {
      method: 'POST',
      headers: { 'x-sandbox-secret': 'carreta-demo-secret' },
    });
  });

  async function soap(
    operation: string,
    xml: string,
    options: { wrapper?: string; action?: string | null; cdata?: boolean; user?: typeof USER } = {},
  ) {
    const part = { averbaCTe: 'xmlCTe', averbaNFe: 'xmlNFe', declaraMDFe: 'xmlMDFe' }[operation]!;
    const u = options.user ?? USER;
    const wrapper = options.wrapper ?? `urn:${operation}`;
    const payload = options.cdata ? `<![CDATA[${xml}]]>` : escape(xml);
    const body =
      `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:urn="urn:ATMWebSvr">` +
      `<soapenv:Body><${wrapper}><usuario>${u.usuario}</usuario><senha>${u.senha}</senha><codatm>${u.codatm}</codatm>` +
      `<${part}>${payload}</${part}></${wrapper}></soapenv:Body></soapenv:Envelope>`;
    const headers: Record<string, string> = { 'content-type': 'text/xml;charset=UTF-8' };
    if (options.action !== null) headers.soapaction = options.action ?? `"urn:ATMWebSvr#${operation}"`;
    const res = await fetch(`${doubles.url}/20/index.soap`, { method: 'POST', headers, body });
    const text = await res.text();
    const parsed = parser.parse(text) as Json;
    const bodyNode = parsed.Envelope.Body as Json;
    const responseNode = Object.entries(bodyNode).find(([k]) => k.endsWith('Response'))?.[1] as
      Json | undefined;
    return {
      status: res.status,
      text,
      fault: bodyNode.Fault as Json | undefined,
      response: responseNode?.Response as Json,
    };
  }

  it('registers a CT-e once: a resend answers the original protocol and number with Info 001', async () => {
    const doc = cteProc({ numero: 1234, valor: 48_750 });
    const first = await soap('averbaCTe', doc.xml);
    expect(first.status).toBe(200);
    const averbado = first.response.Averbado as Json;
    expect(averbado.Protocolo).toMatch(/^[A-Z0-9]{29}$/);
    expect(averbado.dhAverbacao).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(averbado.DadosSeguro.NumeroAverbacao).toBe('0123426111122233300018157001000001234001');
    expect(averbado.DadosSeguro.ValorAverbado).toBe('48750.00');
    expect(averbado.DadosSeguro.RamoAverbado).toBe('54');
    expect(first.response.TpDoc).toBe('2');
    expect(first.response.Infos).toBeUndefined();
    const again = await soap('averbaCTe', doc.xml, { wrapper: 'averbaCTe', action: null });
    expect(again.response.Averbado.Protocolo).toBe(averbado.Protocolo);
    expect(again.response.Averbado.DadosSeguro.NumeroAverbacao).toBe(averbado.DadosSeguro.NumeroAverbacao);
    expect(again.response.Infos.Info.Codigo).toBe('001');
    const third = await soap('averbaCTe', doc.xml, { wrapper: 'urn:averbaCTeRequest', cdata: false });
    expect(third.response.Infos.Info.Codigo).toBe('001');
    expect(await doubles.control.registry.list()).toHaveLength(1);
  });

  it('takes the document in CDATA, but a nested CDATA (the QR code) is a SOAP Fault "Mismatched"', async () => {
    const doc = cteProc({ numero: 10 });
    const fault = await soap('averbaCTe', doc.xml, { cdata: true });
    expect(fault.status).toBe(500);
    expect(String(fault.fault?.faultstring)).toMatch(/^error in msg parsing:/);
    const withoutQr = doc.xml.replace(/<infCTeSupl>[\s\S]*<\/infCTeSupl>/, '');
    const ok = await soap('averbaCTe', withoutQr, { cdata: true });
    expect(ok.response.Averbado.Protocolo).toMatch(/^[A-Z0-9]{29}$/);
  });

  it('registers tpAmb 2 as a test: protocol TESTE, TpDoc 6', async () => {
    const answer = await soap('averbaCTe', cteProc({ numero: 7, tpAmb: 2 }).xml);
    expect(answer.response.Averbado.Protocolo).toBe('TESTE');
    expect(answer.response.TpDoc).toBe('6');
  });

  it('refuses the login (904), a missing document (903), an unusable one (912), over the limit (004)', async () => {
    const doc = cteProc({ numero: 20 });
    const login = await soap('averbaCTe', doc.xml, { user: { ...USER, senha: 'errada' } });
    expect(login.response.Erros.Erro.Codigo).toBe('904');
    expect(login.response.Averbado).toBeUndefined();
    expect((await soap('averbaCTe', '')).response.Erros.Erro.Codigo).toBe('903');
    expect((await soap('averbaCTe', '<qualquer/>')).response.Erros.Erro.Codigo).toBe('912');
    // An MDF-e sent to averbaCTe is not a CT-e.
    expect((await soap('averbaCTe', mdfeProc({ numero: 1 }).xml)).response.Erros.Erro.Codigo).toBe('912');
    const over = await soap('averbaCTe', cteProc({ numero: 21, valor: 748_750 }).xml);
    expect(over.response.Erros.Erro).toMatchObject({
      Codigo: '004',
      ValorEsperado: '500000.00',
      ValorInformado: '748750.00',
    });
  });

  it('cancels only what it registered (908), answering the original protocol', async () => {
    const doc = cteProc({ numero: 1236 });
    const unknown = await soap('averbaCTe', cteCancelamento(doc.chave));
    expect(unknown.response.Erros.Erro.Codigo).toBe('908');
    const registered = await soap('averbaCTe', doc.xml);
    const cancelled = await soap('averbaCTe', cteCancelamento(doc.chave));
    expect(cancelled.response.Averbado.Protocolo).toBe(registered.response.Averbado.Protocolo);
    expect(cancelled.response.Averbado.DadosSeguro).toBeUndefined();
    const [stored] = await doubles.control.registry.list();
    expect(stored!.canceladoEm).not.toBeNull();
    // A SEFAZ-refused event (cStat 573) is not a cancellation.
    expect((await soap('averbaCTe', cteCancelamento(doc.chave, 1, 573))).response.Erros.Erro.Codigo).toBe(
      '912',
    );
  });

  it('NF-e: averbaNFe, and 911 for a cancellation of an unknown one', async () => {
    const nfe = nfeProc({ numero: 55 });
    const ok = await soap('averbaNFe', nfe.xml);
    expect(ok.response.TpDoc).toBe('3');
    const unknown = nfeProc({ numero: 56 });
    const cancel = `<procEventoNFe xmlns="http://www.portalfiscal.inf.br/nfe"><evento><infEvento><tpAmb>1</tpAmb><chNFe>${unknown.chave}</chNFe><tpEvento>110111</tpEvento></infEvento></evento><retEvento><infEvento><cStat>135</cStat></infEvento></retEvento></procEventoNFe>`;
    expect((await soap('averbaNFe', cancel)).response.Erros.Erro.Codigo).toBe('911');
  });

  it('declares an MDF-e (no averbação number) and its events; a cancelled one cannot be closed', async () => {
    const mdfe = mdfeProc({ numero: 77 });
    expect((await soap('declaraMDFe', mdfeEvento(mdfe.chave, '110112'))).response.Erros.Erro.Codigo).toBe(
      '908',
    );
    const declared = await soap('declaraMDFe', mdfe.xml);
    expect(declared.response.Declarado.Protocolo).toMatch(/^[A-Z0-9]{29}$/);
    expect(declared.response.Declarado.dhChancela).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(declared.response.TpDoc).toBeUndefined();
    const cancelled = await soap('declaraMDFe', mdfeEvento(mdfe.chave, '110111'));
    expect(cancelled.response.Declarado.Protocolo).toBe(declared.response.Declarado.Protocolo);
    expect((await soap('declaraMDFe', mdfeEvento(mdfe.chave, '110112'))).response.Erros.Erro.Codigo).toBe(
      '912',
    );
  });

  it('serves the WSDL at ?wsdl with its address pointing at itself', async () => {
    const res = await fetch(`${doubles.url}/20/index.soap?wsdl`);
    const wsdl = await res.text();
    expect(res.headers.get('content-type')).toMatch(/text\/xml/);
    expect(wsdl).toContain(`location="${doubles.url}/20/index.soap"`);
    expect(wsdl).toContain('soapAction="urn:ATMWebSvr#declaraMDFe"');
  });

  describe('REST', () => {
    async function auth(
      body: unknown = { usuario: USER.usuario, senha: USER.senha, codigoatm: USER.codatm },
    ) {
      const res = await fetch(`${doubles.url}/rest/Auth`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Json };
    }
    const codes = (body: Json) =>
      ([] as Json[]).concat(body.Erros?.Erro ?? []).map((e) => e.Codigo as string);

    it('buys a Bearer with the three credentials; a wrong one is 401 with 904', async () => {
      const ok = await auth();
      expect(ok.status).toBe(200);
      expect(typeof ok.body.Bearer).toBe('string');
      const wrong = await auth({ usuario: USER.usuario, senha: 'x', codigoatm: USER.codatm });
      expect(wrong.status).toBe(401);
      expect(codes(wrong.body)).toEqual(['904']);
    });

    it('checks method, resource, Authorization, Bearer, then Accept and Content-Type together', async () => {
      const { Bearer } = (await auth()).body as { Bearer: string };
      const call = async (path: string, init: RequestInit) => {
        const res = await fetch(`${doubles.url}${path}`, init);
        return { status: res.status, codes: codes((await res.json()) as Json) };
      };
      expect(await call('/rest/CTe', { method: 'GET' })).toEqual({ status: 405, codes: ['109'] });
      expect(await call('/rest/Cte2', { method: 'POST' })).toEqual({ status: 400, codes: ['110'] });
      expect(await call('/rest/CTe', { method: 'POST' })).toEqual({ status: 400, codes: ['905'] });
      expect(await call('/rest/CTe', { method: 'POST', headers: { authorization: 'Basic x' } })).toEqual({
        status: 400,
        codes: ['914'],
      });
      expect(
        await call('/rest/cte', {
          method: 'POST',
          headers: { authorization: `Bearer ${Bearer}`, accept: 'text/plain', 'content-type': 'text/plain' },
          body: 'x',
        }),
      ).toEqual({ status: 400, codes: ['104', '107'] });
    });

    it('answers JSON (Declarado as a list for the MDF-e) and 915 once the token expired', async () => {
      const { Bearer } = (await auth()).body as { Bearer: string };
      const post = async (resource: string, xml: string) => {
        const res = await fetch(`${doubles.url}/rest/${resource}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${Bearer}`,
            accept: 'application/json',
            'content-type': 'application/xml',
          },
          body: xml,
        });
        return { status: res.status, body: (await res.json()) as Json };
      };
      const cte = await post('CTe', cteProc({ numero: 40 }).xml);
      expect(cte.status).toBe(200);
      expect(cte.body.Averbado.DadosSeguro).toHaveLength(1);
      const mdfe = await post('MDFe', mdfeProc({ numero: 41 }).xml);
      expect(Array.isArray(mdfe.body.Declarado)).toBe(true);
      doubles.control.clock.advance(61_000);
      const expired = await post('CTe', cteProc({ numero: 42 }).xml);
      expect(codes(expired.body)).toEqual(['915']);
      doubles.control.clock.set(null);
    });
  });

  describe('faults', () => {
    const fault = (body: unknown) =>
      fetch(`${doubles.url}/_averbadoras/faults`, {
        method: 'POST',
        headers: { 'x-sandbox-secret': 'carreta-demo-secret', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('needs the control secret', async () => {
      const res = await fetch(`${doubles.url}/_averbadoras/faults`);
      expect(res.status).toBe(401);
    });

    it('answers the injected retryable codes, then works again', async () => {
      expect((await fault({ type: 'erro', codigo: '000', count: 1 })).status).toBe(200);
      const doc = cteProc({ numero: 60 });
      expect((await soap('averbaCTe', doc.xml)).response.Erros.Erro.Codigo).toBe('000');
      expect((await soap('averbaCTe', doc.xml)).response.Averbado.Protocolo).toMatch(/^[A-Z0-9]{29}$/);
    });

    it('loses the answer after registering: the resend is a duplicate', async () => {
      await fault({ type: 'sem-resposta', averbadora: 'atm', count: 1 });
      const doc = cteProc({ numero: 61 });
      await expect(soap('averbaCTe', doc.xml)).rejects.toThrow();
      expect((await doubles.control.registry.list()).map((d) => d.numero)).toEqual([61]);
      expect((await soap('averbaCTe', doc.xml)).response.Infos.Info.Codigo).toBe('001');
    });

    it('refuses one document by key and blocks the terminal until cleared', async () => {
      const doc = cteProc({ numero: 62 });
      await fault({
        type: 'recusar',
        chave: doc.chave,
        codigo: '033',
        descricao: 'CNPJ emissor não autorizado para averbar.',
      });
      expect((await soap('averbaCTe', cteProc({ numero: 63 }).xml)).response.Averbado).toBeDefined();
      expect((await soap('averbaCTe', doc.xml)).response.Erros.Erro.Codigo).toBe('033');
      await fault({ type: 'terminal', codigo: '920' });
      expect((await soap('averbaCTe', doc.xml)).response.Erros.Erro.Codigo).toBe('920');
    });
  });
});
