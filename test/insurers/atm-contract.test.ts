// The AT&M clients against the reference pack (../shared/reference/averbacao/samples): the SOAP
// request field by field against the constructed averbaCTe call, the operations and parts against
// the reconstructed WSDL, and every answer shape of the pack read — through HTTP, replayed by a local
// server, so the transport's status handling is part of what is checked.
import { XMLParser } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';

import { AtmRestClient } from '../../electron/insurers/atm-rest';
import { AtmSoapClient, ATM_OPERATIONS, atmSoapRequest } from '../../electron/insurers/atm-soap';
import type { InsurerRegistered } from '../../electron/insurers/types';
import { InsurerFailure } from '../../electron/insurers/types';
import type { ReplayServer } from '../support/averbacao-samples';
import { averbacaoSample, httpMessages, replayServer } from '../support/averbacao-samples';
import { sharedAvailable } from '../support/shared';

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  commentPropName: false as never,
});
const plain = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
});
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const CREDENTIALS = { usuario: 'integracao', senha: 'segredo', codatm: '11000000' };

describe.skipIf(!sharedAvailable)("AT&M SOAP request: the pack's averbaCTe call, field by field", () => {
  const sample = httpMessages(averbacaoSample('atm-01-soap-averbaCTe-request.http'))[0]!;
  const cte = averbacaoSample('cte-1234-cteProc.xml');
  const ours = atmSoapRequest('cte', CREDENTIALS, cte);

  it('posts the SOAPAction the sample (and the WSDL) name', () => {
    expect(sample.start).toBe('POST /20/index.soap');
    expect(ours.soapAction).toBe(sample.headers.soapaction);
  });

  it('sends the same envelope: operation, then usuario, senha, codatm, xmlCTe in that order', () => {
    const theirs = plain.parse(sample.body) as Json;
    const mine = plain.parse(ours.body) as Json;
    const theirCall = theirs.Envelope.Body.averbaCTe as Json;
    const myCall = mine.Envelope.Body.averbaCTe as Json;
    expect(Object.keys(myCall)).toEqual(Object.keys(theirCall));
    expect(Object.keys(myCall)).toEqual(['usuario', 'senha', 'codatm', 'xmlCTe']);
    expect(myCall.usuario).toBe(theirCall.usuario);
    expect(myCall.codatm).toBe(theirCall.codatm);
    expect(myCall.senha).toBe('segredo');
    // The operation element is in urn:ATMWebSvr, its parts unqualified (rpc/literal).
    expect(ours.body).toMatch(/<urn:averbaCTe><usuario>/);
    expect(ours.body).toContain('xmlns:urn="urn:ATMWebSvr"');
  });

  it('carries the authorized CT-e escaped, without the XML declaration and without infCTeSupl', () => {
    const mine = (plain.parse(ours.body) as Json).Envelope.Body.averbaCTe.xmlCTe as string;
    const theirs = (plain.parse(sample.body) as Json).Envelope.Body.averbaCTe.xmlCTe as string;
    expect(ours.body).not.toContain('CDATA');
    expect(ours.body).toContain('&lt;cteProc xmlns=&quot;'.replace('&quot;', '"'));
    expect(mine).not.toMatch(/<\?xml/);
    expect(mine).not.toContain('infCTeSupl');
    expect(theirs).not.toContain('infCTeSupl');
    // The same document as the sample's, element by element (comments aside).
    expect(plain.parse(mine)).toEqual(plain.parse(theirs));
  });
});

describe.skipIf(!sharedAvailable)('AT&M operations against the reconstructed WSDL', () => {
  const wsdl = parser.parse(averbacaoSample('atm-ws20-reconstructed.wsdl')) as Json;
  const definitions = wsdl.definitions as Json;
  const binding = ([] as Json[]).concat(definitions.binding.operation);
  const messages = ([] as Json[]).concat(definitions.message);

  it.each(Object.entries(ATM_OPERATIONS))('%s: soapAction and the request parts in order', (family, op) => {
    const bound = binding.find((o) => o['@_name'] === op.operation)!;
    const request = atmSoapRequest(family as 'cte', CREDENTIALS, '<x/>');
    expect(request.soapAction).toBe(`"${bound.operation['@_soapAction'] as string}"`);
    const parts = ([] as Json[]).concat(messages.find((m) => m['@_name'] === `${op.operation}Request`)!.part);
    const call = (plain.parse(request.body) as Json).Envelope.Body[op.operation] as Json;
    expect(Object.keys(call)).toEqual(parts.map((p) => p['@_name'] as string));
    expect(bound.input.body['@_use']).toBe('literal');
  });

  it('reads every element the WSDL gives Retorno and RetornoMDFe', () => {
    const types = ([] as Json[]).concat(definitions.types.schema.complexType);
    const names = (type: string) =>
      ([] as Json[])
        .concat(types.find((t) => t['@_name'] === type)!.sequence.element)
        .map((e) => e['@_name'] as string);
    expect(names('Retorno')).toEqual([
      'Numero',
      'Serie',
      'Filial',
      'CNPJCli',
      'TpDoc',
      'InfAdic',
      'Erros',
      'Averbado',
      'Infos',
    ]);
    expect(names('DadosSeguro')).toEqual([
      'NumeroAverbacao',
      'CNPJSeguradora',
      'NomeSeguradora',
      'NumApolice',
      'TpMov',
      'TpDDR',
      'ValorAverbado',
      'RamoAverbado',
    ]);
    expect(names('RetornoMDFe')).toEqual(['Numero', 'Serie', 'Filial', 'Erros', 'Declarado', 'Infos']);
  });
});

describe.skipIf(!sharedAvailable)('every AT&M answer shape of the pack, read through HTTP', () => {
  let server: ReplayServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  const soapAnswer = (file: string) => httpMessages(averbacaoSample(file)).find((m) => m.status !== null)!;
  const soapClient = async (file: string) => {
    const answer = soapAnswer(file);
    server = await replayServer(() => ({
      status: answer.status!,
      headers: { 'content-type': answer.headers['content-type'] ?? 'text/xml' },
      body: answer.body,
    }));
    return new AtmSoapClient({ averbadora: 'atm-soap', baseUrl: server.url, ...CREDENTIALS });
  };
  const doc = {
    family: 'cte' as const,
    chave: '35261111222333000181570010000012341123456788',
    xml: '<cteProc/>',
  };

  it('averbado with two DadosSeguro sharing one number: one number for the MDF-e', async () => {
    const answer = (await (
      await soapClient('atm-02-soap-averbaCTe-response-averbado.http')
    ).send(doc)) as InsurerRegistered;
    expect(answer).toMatchObject({
      outcome: 'registrado',
      protocolo: 'K7Q2M9X4TR81WZ5B0C3NHJ6PLD2VA',
      registradoEm: '2026-11-20T09:15:12-03:00',
      numeros: ['1234526111122233300018157001000001234001'],
      jaRegistrado: false,
      teste: false,
    });
    expect(answer.dadosSeguro.map((d) => [d.ramo, d.numApolice, d.valorAverbado])).toEqual([
      ['54', '5400012345', '48750.00'],
      ['55', '5500067890', '48750.00'],
    ]);
    expect(server!.requests[0]!.headers.soapaction).toBe('"urn:ATMWebSvr#averbaCTe"');
    expect(server!.requests[0]!.url).toBe('/20/index.soap');
  });

  it('declaraMDFe: Declarado with dhChancela and no number', async () => {
    const answer = await (await soapClient('atm-07-soap-declaraMDFe.http')).send({ ...doc, family: 'mdfe' });
    expect(answer).toMatchObject({
      outcome: 'registrado',
      protocolo: 'M3X8B1QZ7R2KD5V9T0NC4WYH6JLPA',
      registradoEm: '2026-11-20T10:20:41-03:00',
      numeros: [],
    });
  });

  it('004 over the limit: refused, not resent, with the expected and informed values', async () => {
    const answer = await (await soapClient('atm-09-soap-erro-004-limite.http')).send(doc);
    expect(answer).toMatchObject({
      outcome: 'recusado',
      retryable: false,
      naoEncontrado: false,
      erros: [{ codigo: '004', esperado: '500000.00', informado: '748750.00' }],
    });
  });

  it('a SOAP Fault is a failure about the request, not a refusal of the document', async () => {
    const client = await soapClient('atm-11-soap-fault.http');
    const failure = await client.send(doc).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InsurerFailure);
    expect((failure as InsurerFailure).kind).toBe('resposta');
    expect((failure as InsurerFailure).retryable).toBe(false);
    expect((failure as InsurerFailure).detail).toContain('Mismatched tag');
  });

  describe('REST', () => {
    const restAnswers = (file: string) =>
      httpMessages(averbacaoSample(file))
        .filter((m) => m.status !== null)
        .map((m) => ({ status: m.status!, body: m.body }));
    const token = JSON.parse(restAnswers('atm-03-rest-auth.http')[0]!.body) as { Bearer: string };
    const rest = async (answers: { status: number; body: string }[]) => {
      server = await replayServer((request, i) => {
        if (request.url === '/rest/Auth')
          return {
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(token),
          };
        const a = answers[Math.min(i - 1, answers.length - 1)] ?? answers[0]!;
        return { status: a.status, headers: { 'content-type': 'application/json' }, body: a.body };
      });
      return new AtmRestClient({ averbadora: 'atm-rest', baseUrl: server.url, ...CREDENTIALS });
    };

    it("authenticates with the sample's JSON and sends the XML with the Bearer", async () => {
      const auth = httpMessages(averbacaoSample('atm-03-rest-auth.http'))[0]!;
      const client = await rest([restAnswers('atm-04-rest-averbaCTe.http')[0]!]);
      const answer = await client.send(doc);
      const [authRequest, cteRequest] = server!.requests;
      expect(Object.keys(JSON.parse(authRequest!.body.toString()) as Json)).toEqual(
        Object.keys(JSON.parse(auth.body) as Json),
      );
      expect(JSON.parse(authRequest!.body.toString())).toEqual({
        usuario: 'integracao',
        senha: 'segredo',
        codigoatm: '11000000',
      });
      expect(authRequest!.headers['content-type']).toBe(auth.headers['content-type']);
      expect(authRequest!.headers.accept).toBe('application/json');
      expect(cteRequest!.url).toBe('/rest/CTe');
      expect(cteRequest!.headers.authorization).toBe(`Bearer ${token.Bearer}`);
      expect(cteRequest!.headers['content-type']).toBe('application/xml');
      expect(cteRequest!.body.toString()).toBe('<cteProc/>');
      expect(answer).toMatchObject({
        outcome: 'registrado',
        protocolo: 'K7Q2M9X4TR81WZ5B0C3NHJ6PLD2VA',
        jaRegistrado: false,
      });
    });

    it('a resend is the success shape with Info 001: registered once, marked as already registered', async () => {
      const client = await rest([
        { status: 200, body: averbacaoSample('atm-05-rest-averbaCTe-duplicado.json') },
      ]);
      expect(await client.send(doc)).toMatchObject({
        outcome: 'registrado',
        protocolo: 'K7Q2M9X4TR81WZ5B0C3NHJ6PLD2VA',
        jaRegistrado: true,
        numeros: ['1234526111122233300018157001000001234001'],
      });
    });

    it('the cancellation answer echoes the original protocol, without DadosSeguro', async () => {
      const client = await rest([restAnswers('atm-06-rest-cancelamento.http')[0]!]);
      expect(await client.send(doc)).toMatchObject({
        outcome: 'registrado',
        protocolo: 'T2W9C5M1QX8RZ4B7K0NV3HJD6PLGA',
        numeros: [],
      });
    });

    it("Declarado as a list (the manual's JSON) is read like one element", async () => {
      const client = await rest([
        { status: 200, body: averbacaoSample('atm-08-rest-declaraMDFe-response.json') },
      ]);
      expect(await client.send({ ...doc, family: 'mdfe' })).toMatchObject({
        protocolo: 'M3X8B1QZ7R2KD5V9T0NC4WYH6JLPA',
      });
    });

    const errors = restAnswers('atm-10-rest-erros.http');
    it('033 (400): refused with the 15-digit informed CNPJ', async () => {
      const client = await rest([errors[0]!]);
      expect(await client.send(doc)).toMatchObject({
        outcome: 'recusado',
        retryable: false,
        erros: [{ codigo: '033', informado: '011222333000181' }],
      });
    });

    it('915 (token expired): authenticates again and resends once', async () => {
      const client = await rest([errors[1]!, restAnswers('atm-04-rest-averbaCTe.http')[0]!]);
      expect(await client.send(doc)).toMatchObject({ outcome: 'registrado' });
      expect(server!.requests.map((r) => r.url)).toEqual([
        '/rest/Auth',
        '/rest/CTe',
        '/rest/Auth',
        '/rest/CTe',
      ]);
    });

    it('908: a cancellation of what AT&M never averbou', async () => {
      const client = await rest([errors[2]!]);
      expect(await client.send(doc)).toMatchObject({
        outcome: 'recusado',
        naoEncontrado: true,
        retryable: false,
      });
    });

    it('904 (401) on the document: a login failure after one fresh token', async () => {
      const client = await rest([errors[3]!]);
      const failure = (await client.send(doc).catch((e: unknown) => e)) as InsurerFailure;
      expect(failure).toBeInstanceOf(InsurerFailure);
      expect(failure.kind).toBe('credenciais');
      expect(failure.message).toContain('Empresas › Averbação');
    });

    it('104 + 107 together: both listed', async () => {
      const client = await rest([errors[4]!]);
      const answer = await client.send(doc);
      expect(answer.outcome === 'recusado' && answer.erros.map((e) => e.codigo)).toEqual(['104', '107']);
    });
  });
});
