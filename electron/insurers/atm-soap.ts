// AT&M web service 2.0 over SOAP (`urn:ATMWebSvr`, 02-atm.md §3 [C] from the WSDL): rpc/literal,
// `SOAPAction: "urn:ATMWebSvr#<operation>"`, the three credentials then the document as text in
// every call. The document goes entity-escaped, without the QR-code groups (§3.2).
import { XMLParser } from 'fast-xml-parser';

import { describeMessages, readAtmRetorno } from './atm-answer';
import { joinUrl, looksLikeWebPage, post } from './http';
import type {
  InsurerAnswer,
  InsurerClient,
  InsurerDocFamily,
  InsurerDocument,
  InsurerEndpoint,
  InsurerLoginCheck,
} from './types';
import { InsurerFailure } from './types';
import { escapeXmlText, withoutSupplements } from './xml';

export const ATM_SOAP_PATH = '/20/index.soap';
export const ATM_NAMESPACE = 'urn:ATMWebSvr';

/** The WSDL's operations and their document part (02-atm.md §3.1). */
export const ATM_OPERATIONS: Record<InsurerDocFamily, { operation: string; part: string }> = {
  cte: { operation: 'averbaCTe', part: 'xmlCTe' },
  nfe: { operation: 'averbaNFe', part: 'xmlNFe' },
  mdfe: { operation: 'declaraMDFe', part: 'xmlMDFe' },
};

export interface SoapRequest {
  soapAction: string;
  body: string;
}

/** The envelope for one call; `xml` '' is the login probe (no document). */
export function atmSoapRequest(
  family: InsurerDocFamily,
  credentials: { usuario: string; senha: string; codatm: string },
  xml: string,
): SoapRequest {
  const { operation, part } = ATM_OPERATIONS[family];
  const document = xml ? escapeXmlText(withoutSupplements(xml)) : '';
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:urn="${ATM_NAMESPACE}">`,
    '<soapenv:Header/>',
    '<soapenv:Body>',
    `<urn:${operation}>`,
    `<usuario>${escapeXmlText(credentials.usuario)}</usuario>`,
    `<senha>${escapeXmlText(credentials.senha)}</senha>`,
    `<codatm>${escapeXmlText(credentials.codatm)}</codatm>`,
    `<${part}>${document}</${part}>`,
    `</urn:${operation}>`,
    '</soapenv:Body>',
    '</soapenv:Envelope>',
  ].join('');
  return { soapAction: `"${ATM_NAMESPACE}#${operation}"`, body };
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
});

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The `Response` of a SOAP answer, found by local names (real answers bind `ns1` to the envelope's
 * namespace, 02-atm.md §3.3 [S]); a Fault is an InsurerFailure about the request.
 */
export function readAtmSoapAnswer(status: number, text: string): InsurerAnswer {
  let parsed: unknown;
  try {
    parsed = text.trim() ? parser.parse(text) : null;
  } catch (cause) {
    parsed = null;
    if (status < 500)
      throw new InsurerFailure('resposta', 'A AT&M respondeu algo que não é SOAP.', {
        detail: text.slice(0, 2000),
        cause,
      });
  }
  const envelope = isObject(parsed) && isObject(parsed.Envelope) ? parsed.Envelope : null;
  const body = envelope && isObject(envelope.Body) ? envelope.Body : null;
  if (body && isObject(body.Fault)) {
    const fault = body.Fault;
    const faultString = typeof fault.faultstring === 'string' ? fault.faultstring : '';
    throw new InsurerFailure(
      'resposta',
      'A AT&M não conseguiu ler o pedido (SOAP Fault). O Carreta guardou o documento; fale com o suporte se repetir.',
      { detail: `${typeof fault.faultcode === 'string' ? fault.faultcode : ''} ${faultString}`.trim() },
    );
  }
  const wrapper = body
    ? Object.entries(body).find(([name, value]) => /Response$/.test(name) && isObject(value))?.[1]
    : undefined;
  const response = isObject(wrapper) ? (wrapper.Response ?? wrapper.return) : undefined;
  if (response === undefined) {
    throw new InsurerFailure(
      'servidor',
      status >= 500
        ? `A AT&M está com problemas (HTTP ${status}); o envio será repetido.`
        : 'A AT&M respondeu sem o resultado; o envio será repetido.',
      { detail: text.slice(0, 2000) },
    );
  }
  return readAtmRetorno(response, text);
}

export class AtmSoapClient implements InsurerClient {
  readonly averbadora = 'atm-soap' as const;

  constructor(private readonly endpoint: InsurerEndpoint) {}

  private async call(family: InsurerDocFamily, xml: string): Promise<InsurerAnswer> {
    const request = atmSoapRequest(
      family,
      { usuario: this.endpoint.usuario, senha: this.endpoint.senha, codatm: this.endpoint.codatm ?? '' },
      xml,
    );
    const response = await post({
      url: joinUrl(this.endpoint.baseUrl, ATM_SOAP_PATH),
      body: request.body,
      headers: { 'Content-Type': 'text/xml;charset=UTF-8', SOAPAction: request.soapAction },
      timeoutMs: this.endpoint.timeoutMs ?? 60_000,
    });
    if (looksLikeWebPage(response))
      throw new InsurerFailure(
        response.status >= 500 ? 'servidor' : 'resposta',
        `O endereço da averbadora respondeu com uma página da web (HTTP ${response.status}), não com o serviço da AT&M. Confira o endereço em Empresas › Averbação.`,
        { detail: response.text.slice(0, 500) },
      );
    return readAtmSoapAnswer(response.status, response.text);
  }

  send(doc: InsurerDocument): Promise<InsurerAnswer> {
    return this.call(doc.family, doc.xml);
  }

  /**
   * AT&M has no login operation: an averbaCTe without a document is answered 904 when the login is
   * wrong and 903 ("xmlDOC não informado") when it is right — the login is checked first [I], which
   * test/insurers/atm-soap.test.ts pins against the double.
   */
  async checkLogin(): Promise<InsurerLoginCheck> {
    try {
      const answer = await this.call('cte', '');
      if (answer.outcome === 'recusado')
        return {
          ok: true,
          message: 'A AT&M aceitou o usuário, a senha e o código AT&M.',
          detail: describeMessages(answer.erros),
        };
      return { ok: true, message: 'A AT&M aceitou o usuário, a senha e o código AT&M.' };
    } catch (error) {
      if (error instanceof InsurerFailure)
        return { ok: false, message: error.message, ...(error.detail ? { detail: error.detail } : {}) };
      throw error;
    }
  }
}
