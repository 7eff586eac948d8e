// AT&M web service 2.0 over REST (manual v1.1, 02-atm.md §4 [C]): `POST /rest/Auth` with the three
// credentials buys a bearer token (`Bearer` property); each document is the body of
// `POST /rest/CTe|NFe|MDFe`. A 915 or a 401 means the token expired: authenticate again and resend
// once (Q-ATM-2). Error bodies come with 4xx/5xx and are read all the same.
import { ATM_REST_TOKEN_EXPIRED } from '../fiscal/averbacao';
import { describeMessages, listOf, readAtmRetorno } from './atm-answer';
import { joinUrl, looksLikeWebPage, post } from './http';
import type { InsurerResponse } from './http';
import type {
  InsurerAnswer,
  InsurerClient,
  InsurerDocFamily,
  InsurerDocument,
  InsurerEndpoint,
  InsurerLoginCheck,
} from './types';
import { InsurerFailure } from './types';

export const ATM_REST_RESOURCES: Record<InsurerDocFamily, string> = {
  cte: '/rest/CTe',
  nfe: '/rest/NFe',
  mdfe: '/rest/MDFe',
};

function parseJson(response: InsurerResponse): unknown {
  if (!response.text.trim()) return null;
  try {
    return JSON.parse(response.text) as unknown;
  } catch (cause) {
    if (looksLikeWebPage(response))
      throw new InsurerFailure(
        response.status >= 500 ? 'servidor' : 'resposta',
        `O endereço da averbadora respondeu com uma página da web (HTTP ${response.status}), não com o serviço da AT&M. Confira o endereço em Empresas › Averbação.`,
        { detail: response.text.slice(0, 500), cause },
      );
    throw new InsurerFailure(
      response.status >= 500 ? 'servidor' : 'resposta',
      `A AT&M respondeu algo que não é JSON (HTTP ${response.status}).`,
      { detail: response.text.slice(0, 2000), cause },
    );
  }
}

/** The codes of an error body (`Erros.Erro`, object or list). */
function errorCodes(body: unknown): string[] {
  const erros =
    typeof body === 'object' && body !== null ? (body as { Erros?: { Erro?: unknown } }).Erros : null;
  return listOf(erros?.Erro).map((e) =>
    typeof e === 'object' && e !== null ? String((e as { Codigo?: unknown }).Codigo ?? '') : '',
  );
}

export class AtmRestClient implements InsurerClient {
  readonly averbadora = 'atm-rest' as const;
  private token: string | null = null;

  constructor(private readonly endpoint: InsurerEndpoint) {}

  private get timeoutMs(): number {
    return this.endpoint.timeoutMs ?? 60_000;
  }

  /** POST /rest/Auth → `{"Bearer": "…"}`; a refusal is a login failure. */
  async authenticate(): Promise<string> {
    const response = await post({
      url: joinUrl(this.endpoint.baseUrl, '/rest/Auth'),
      body: JSON.stringify({
        usuario: this.endpoint.usuario,
        senha: this.endpoint.senha,
        codigoatm: this.endpoint.codatm ?? '',
      }),
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      timeoutMs: this.timeoutMs,
    });
    const body = parseJson(response);
    const bearer =
      typeof body === 'object' && body !== null ? (body as { Bearer?: unknown }).Bearer : undefined;
    if (response.status === 200 && typeof bearer === 'string' && bearer !== '') {
      this.token = bearer;
      return bearer;
    }
    if (response.status >= 500)
      throw new InsurerFailure('servidor', `A AT&M está com problemas (HTTP ${response.status}).`, {
        detail: response.text.slice(0, 2000),
      });
    throw new InsurerFailure(
      'credenciais',
      'A AT&M não aceitou o usuário, a senha ou o código AT&M: confira em Empresas › Averbação.',
      {
        codigo: errorCodes(body)[0] ?? null,
        detail: body
          ? describeMessages(readErrors(body)) || response.text.slice(0, 500)
          : `HTTP ${response.status}`,
      },
    );
  }

  private async postDocument(family: InsurerDocFamily, xml: string, token: string): Promise<InsurerResponse> {
    return post({
      url: joinUrl(this.endpoint.baseUrl, ATM_REST_RESOURCES[family]),
      body: xml,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        'Content-Type': 'application/xml',
      },
      timeoutMs: this.timeoutMs,
    });
  }

  async send(doc: InsurerDocument): Promise<InsurerAnswer> {
    let token = this.token ?? (await this.authenticate());
    let response = await this.postDocument(doc.family, doc.xml, token);
    let body = parseJson(response);
    if (response.status === 401 || errorCodes(body).includes(ATM_REST_TOKEN_EXPIRED)) {
      this.token = null;
      token = await this.authenticate();
      response = await this.postDocument(doc.family, doc.xml, token);
      body = parseJson(response);
    }
    if (response.status === 401 || response.status === 403)
      throw new InsurerFailure(
        'credenciais',
        response.status === 403
          ? 'A AT&M desativou ou bloqueou este terminal: fale com a AT&M ou com o corretor.'
          : 'A AT&M não aceitou o acesso: confira usuário, senha e código AT&M em Empresas › Averbação.',
        { codigo: errorCodes(body)[0] ?? null, detail: response.text.slice(0, 500) },
      );
    if (body === null && response.status >= 500)
      throw new InsurerFailure(
        'servidor',
        `A AT&M está com problemas (HTTP ${response.status}); o envio será repetido.`,
      );
    return readAtmRetorno(body, response.text);
  }

  async checkLogin(): Promise<InsurerLoginCheck> {
    try {
      this.token = null;
      await this.authenticate();
      return { ok: true, message: 'A AT&M aceitou o usuário, a senha e o código AT&M.' };
    } catch (error) {
      if (error instanceof InsurerFailure)
        return { ok: false, message: error.message, ...(error.detail ? { detail: error.detail } : {}) };
      throw error;
    }
  }
}

function readErrors(body: unknown) {
  const erros =
    typeof body === 'object' && body !== null ? (body as { Erros?: { Erro?: unknown } }).Erros : null;
  return listOf(erros?.Erro).flatMap((e) => {
    if (typeof e !== 'object' || e === null) return [];
    const m = e as { Codigo?: unknown; Descricao?: unknown };
    return [{ codigo: String(m.Codigo ?? ''), descricao: String(m.Descricao ?? '') }];
  });
}
