// The AT&M double's two doors (02-atm.md §3, §4, §10): SOAP at /20/index.soap (WSDL at ?wsdl),
// dispatched on SOAPAction and else on the body element (`averbaCTe`, `urn:averbaCTe`,
// `averbaCTeRequest` all work, Q-ATM-8); REST at /rest/{Auth,CTe,NFe,MDFe} (case-insensitive) with
// the header checks of §26 in their order. An unreadable envelope is a SOAP Fault, as NuSOAP answers.
import { randomBytes } from 'node:crypto';

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { AtmDoubleContext, AtmOperation, AtmResult } from './atm-core';
import { atmProcess, checkAtmLogin, FAMILY_OF } from './atm-core';
import { atmWsdl } from './atm-wsdl';
import { elementXml } from './xml-out';

const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const OPERATIONS = Object.keys(FAMILY_OF) as AtmOperation[];

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
});

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function soapFault(message: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP_ENV}" ` +
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    '<SOAP-ENV:Body><SOAP-ENV:Fault><faultcode xsi:type="xsd:string">SOAP-ENV:Client</faultcode>' +
    '<faultactor xsi:type="xsd:string"></faultactor>' +
    `<faultstring xsi:type="xsd:string">${message.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</faultstring>` +
    '<detail xsi:type="xsd:string"></detail></SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>'
  );
}

function soapAnswer(operation: AtmOperation, result: AtmResult): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP_ENV}">` +
    `<SOAP-ENV:Body><ns1:${operation}Response xmlns:ns1="urn:ATMWebSvr">${elementXml('Response', result.body)}` +
    `</ns1:${operation}Response></SOAP-ENV:Body></SOAP-ENV:Envelope>`
  );
}

/** The operation of a SOAP call: the SOAPAction, else the body element's local name. */
function operationOf(action: string, body: Json): { operation: AtmOperation; params: Json } | null {
  const named = /#(\w+)$/.exec(action.replace(/"/g, '').trim())?.[1];
  for (const [element, value] of Object.entries(body)) {
    const local = element.replace(/Request$/, '');
    const operation = (OPERATIONS as string[]).includes(named ?? '')
      ? (named as AtmOperation)
      : (local as AtmOperation);
    if (OPERATIONS.includes(operation) && isObject(value)) return { operation, params: value };
    if (OPERATIONS.includes(operation) && value === '') return { operation, params: {} };
  }
  return null;
}

export interface AtmRoutesOptions {
  context: AtmDoubleContext;
  tokenTtlMs: number;
  /** Applies latency and the dropped-connection faults; false when the request must not be answered. */
  before: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

export async function atmRoutes(app: FastifyInstance, options: AtmRoutesOptions): Promise<void> {
  const ctx = options.context;
  const tokens = new Map<string, number>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.get('/20/index.soap', async (request, reply) => {
    if (!('wsdl' in (request.query as Json)))
      return reply.status(405).type('text/plain').send('Use POST (SOAP) ou ?wsdl.');
    const location = `http://${request.headers.host ?? '127.0.0.1'}/20/index.soap`;
    return reply.type('text/xml; charset=utf-8').send(atmWsdl(location));
  });

  app.post('/20/index.soap', async (request, reply) => {
    if (!(await options.before(request, reply))) return reply;
    const text = typeof request.body === 'string' ? request.body : '';
    if (ctx.faults.takeEmpty()) return reply.status(200).type('text/xml; charset=utf-8').send('');
    const valid = XMLValidator.validate(text);
    if (valid !== true)
      return reply
        .status(500)
        .type('text/xml; charset=utf-8')
        .send(
          soapFault(
            `error in msg parsing: XML error parsing SOAP payload on line ${valid.err.line}: ${valid.err.msg}`,
          ),
        );
    const parsed = parser.parse(text) as unknown;
    const envelope = isObject(parsed) && isObject(parsed.Envelope) ? parsed.Envelope : null;
    const body = envelope && isObject(envelope.Body) ? envelope.Body : null;
    const call = body ? operationOf(str(request.headers.soapaction), body) : null;
    if (!call)
      return reply
        .status(500)
        .type('text/xml; charset=utf-8')
        .send(soapFault('Operation not found in SOAP request.'));
    const p = call.params;
    const login = checkAtmLogin(ctx, { usuario: str(p.usuario), senha: str(p.senha), codatm: str(p.codatm) });
    const part = { averbaCTe: 'xmlCTe', averbaNFe: 'xmlNFe', declaraMDFe: 'xmlMDFe' }[call.operation];
    const result: AtmResult = login
      ? {
          status: 200,
          mdfe: call.operation === 'declaraMDFe',
          body: {
            Numero: '',
            Serie: '',
            Filial: '',
            Erros: {
              Erro: [
                {
                  Codigo: login,
                  Descricao: login === '904' ? 'Acesso nao autorizado' : 'Credencial não informada',
                },
              ],
            },
          },
        }
      : await atmProcess(ctx, call.operation, str(p[part]));
    // SOAP answers every result with 200; only faults are 500.
    return reply.status(200).type('text/xml; charset=utf-8').send(soapAnswer(call.operation, result));
  });

  const restErrors = (status: number, codes: Array<[string, string]>) => ({
    status,
    body: { Erros: { Erro: codes.map(([Codigo, Descricao]) => ({ Codigo, Descricao })) } },
  });

  const handleRest = async (request: FastifyRequest, reply: FastifyReply) => {
    const resource = str((request.params as Json).resource).toLowerCase();
    const send = (status: number, body: Json) => {
      const accept = str(request.headers.accept);
      if (/application\/xml/i.test(accept) && !/json/i.test(accept))
        return reply.status(status).type('application/xml').send(elementXml('Response', body));
      return reply.status(status).type('application/json').send(JSON.stringify(body));
    };
    if (request.method !== 'POST') {
      const e = restErrors(405, [['109', 'Metodo invalido. Deve ser POST.']]);
      return send(e.status, e.body);
    }
    const documents: Record<string, AtmOperation> = {
      cte: 'averbaCTe',
      nfe: 'averbaNFe',
      mdfe: 'declaraMDFe',
    };
    if (!resource) return send(400, restErrors(400, [['913', 'Recurso nao informado.']]).body);
    if (resource !== 'auth' && !documents[resource])
      return send(400, restErrors(400, [['110', 'Recurso invalido.']]).body);
    if (!(await options.before(request, reply))) return reply;
    if (resource !== 'auth') {
      const authorization = str(request.headers.authorization);
      if (!authorization)
        return send(400, restErrors(400, [['905', 'Header Authorization nao informado.']]).body);
      const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
      if (!bearer) return send(400, restErrors(400, [['914', 'Bearer nao informado.']]).body);
      const expires = tokens.get(bearer);
      if (expires === undefined || expires <= ctx.clock.nowMs())
        return send(400, restErrors(400, [['915', 'Erro na autenticacao: o Token expirou.']]).body);
    }
    const headerErrors: Array<[string, string]> = [];
    const accept = str(request.headers.accept);
    if (!accept) headerErrors.push(['906', 'Accept nao informado.']);
    else if (!/application\/(json|xml)/i.test(accept))
      headerErrors.push(['104', 'Header Accept invalido. Deve ser application/json ou application/xml.']);
    const contentType = str(request.headers['content-type']);
    const wanted = resource === 'auth' ? /^application\/json/i : /^application\/xml/i;
    if (!contentType) headerErrors.push(['909', 'Content-Type nao informado.']);
    else if (!wanted.test(contentType))
      headerErrors.push([
        '107',
        `Header Content-Type invalido. Deve ser ${resource === 'auth' ? 'application/json' : 'application/xml'}.`,
      ]);
    if (headerErrors.length) return send(400, restErrors(400, headerErrors).body);
    const text = typeof request.body === 'string' ? request.body : '';
    if (resource === 'auth') {
      let login: Json = {};
      try {
        const value = JSON.parse(text) as unknown;
        if (isObject(value)) login = value;
      } catch {
        // an unreadable login is a refused one
      }
      const refused = checkAtmLogin(ctx, {
        usuario: str(login.usuario),
        senha: str(login.senha),
        codatm: str(login.codigoatm),
      });
      if (refused) return send(401, restErrors(401, [['904', 'Acesso do Webserver nao autorizado']]).body);
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, ctx.clock.nowMs() + options.tokenTtlMs);
      return send(200, { Bearer: token });
    }
    if (ctx.faults.takeEmpty()) return reply.status(200).type('application/json').send('');
    const result = await atmProcess(ctx, documents[resource]!, text);
    // The manual's JSON example gives Declarado as a list (Q-ATM-3): the REST door does the same.
    const body =
      result.mdfe && isObject(result.body.Declarado)
        ? { ...result.body, Declarado: [result.body.Declarado] }
        : result.body;
    return send(result.status, body);
  };
  app.all('/rest/:resource', handleRest);
  app.all('/rest', handleRest);
  app.all('/rest/', handleRest);
}
