// Porto Seguro's AverbePorto (03-porto.md [C], manual 2022 and 2024): one endpoint
// `/php/conn.php`, form POSTs chosen by `mod`, `comp=5` always, a browser-like User-Agent (else
// the CDN answers 403). `mod=login` sets the `portal[ses]` cookie; `mod=Upload` takes the XML as the
// multipart part `file` and answers counts `S{P,D,R,N}` with the ANTT number `prot`; a duplicate (`D`)
// brings no number, so it is asked by key (`mod=Protocolo`, Q-PORTO-4). `logout:1` or error 01
// means log in again (once).
import { joinUrl, looksLikeWebPage, post } from './http';
import type { InsurerResponse } from './http';
import type {
  InsurerAnswer,
  InsurerClient,
  InsurerDocument,
  InsurerEndpoint,
  InsurerLoginCheck,
  InsurerMessage,
} from './types';
import { InsurerFailure } from './types';

export const PORTO_PATH = '/php/conn.php';
/** "Mozilla/5.0 Sistema SeuNome/1.0" is what the 2024 manual suggests. */
export const PORTO_USER_AGENT = 'Mozilla/5.0 Carreta/1.0';
const SESSION_COOKIE = 'portal[ses]';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' ? Number(v) || 0 : 0;

/** The value of `portal[ses]` among Set-Cookie headers (raw or percent-encoded name). */
export function sessionCookie(setCookie: readonly string[]): string | null {
  for (const header of setCookie) {
    const [pair] = header.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq < 0) continue;
    const name = decodeURIComponent(pair.slice(0, eq).trim());
    if (name === SESSION_COOKIE) return pair.slice(eq + 1).trim();
  }
  return null;
}

function parse(response: InsurerResponse): Json {
  if (response.status === 403)
    throw new InsurerFailure(
      'resposta',
      'A AverbePorto recusou a conexão (HTTP 403): o endereço não aceita este programa. Confira o endereço em Empresas › Averbação.',
      { detail: response.text.slice(0, 500) },
    );
  if (response.status >= 500)
    throw new InsurerFailure('servidor', `A AverbePorto está com problemas (HTTP ${response.status}).`, {
      detail: response.text.slice(0, 500),
    });
  try {
    const body = JSON.parse(response.text) as unknown;
    if (isObject(body)) return body;
  } catch {
    // handled below
  }
  throw new InsurerFailure(
    looksLikeWebPage(response) ? 'resposta' : 'servidor',
    `A AverbePorto respondeu algo que não é o resultado esperado (HTTP ${response.status}).`,
    { detail: response.text.slice(0, 500) },
  );
}

const errorObject = (body: Json): Json | null => (isObject(body.error) ? body.error : null);
const needsLogin = (body: Json): boolean =>
  body.logout === 1 || body.logout === '1' || String(errorObject(body)?.code ?? '') === '01';

function errorsOf(body: Json): InsurerMessage[] {
  const list = Array.isArray(body.error) ? body.error : isObject(body.error) ? [body.error] : [];
  return list.filter(isObject).map((e) => ({ codigo: String(e.code ?? ''), descricao: String(e.msg ?? '') }));
}

/** A protocol: one string for one XML, a list for a ZIP (the first is ours: one XML is sent). */
function firstProt(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() ? first.trim() : null;
}

export class PortoClient implements InsurerClient {
  readonly averbadora = 'porto' as const;
  private session: string | null = null;

  constructor(private readonly endpoint: InsurerEndpoint) {}

  private form(fields: Record<string, string | string[]>): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(fields))
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
    return params.toString();
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      'User-Agent': PORTO_USER_AGENT,
      ...(this.session ? { Cookie: `${SESSION_COOKIE}=${this.session}` } : {}),
      ...extra,
    };
  }

  private request(body: string | FormData): Promise<InsurerResponse> {
    return post({
      url: joinUrl(this.endpoint.baseUrl, PORTO_PATH),
      body,
      headers: this.headers(
        typeof body === 'string'
          ? { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' }
          : {},
      ),
      timeoutMs: this.endpoint.timeoutMs ?? 60_000,
    });
  }

  async login(): Promise<void> {
    this.session = null;
    const response = await this.request(
      this.form({ mod: 'login', comp: '5', user: this.endpoint.usuario, pass: this.endpoint.senha }),
    );
    const body = parse(response);
    const error = errorObject(body);
    if (String(error?.code ?? '') === '02')
      throw new InsurerFailure(
        'credenciais',
        'A AverbePorto pede a verificação "não sou um robô" depois de várias senhas erradas: entre uma vez em www.averbeporto.com.br e confira a credencial da API.',
        { codigo: '02', detail: String(error?.msg ?? '') },
      );
    const session = sessionCookie(response.setCookie);
    if (body.success !== 1 || needsLogin(body) || !isObject(body.C) || !session)
      throw new InsurerFailure(
        'credenciais',
        'A AverbePorto não aceitou o usuário e a senha da API (use a "Credencial do Web Service API" do portal): confira em Empresas › Averbação.',
        { detail: response.text.slice(0, 500) },
      );
    this.session = session;
  }

  /** Runs `call` logged in; a session the service dropped is renewed once. */
  private async loggedIn(call: () => Promise<InsurerResponse>): Promise<Json> {
    if (!this.session) await this.login();
    let body = parse(await call());
    if (needsLogin(body)) {
      await this.login();
      body = parse(await call());
      if (needsLogin(body))
        throw new InsurerFailure('credenciais', 'A AverbePorto encerrou a sessão logo após o login.', {
          detail: JSON.stringify(body).slice(0, 500),
        });
    }
    return body;
  }

  /** The ANTT number the service keeps for a key (mod=Protocolo), or null. */
  async protocolOf(chave: string): Promise<string | null> {
    const body = await this.loggedIn(() =>
      this.request(this.form({ comp: '5', mod: 'Protocolo', path: 'atwe/php/', 'chave[]': [chave] })),
    );
    const rows = Array.isArray(body.S) ? body.S : [];
    for (const row of rows)
      if (isObject(row) && row.chave === chave && typeof row.protocolo === 'string' && row.protocolo)
        return row.protocolo;
    return null;
  }

  async send(doc: InsurerDocument): Promise<InsurerAnswer> {
    const upload = () => {
      const form = new FormData();
      form.append('comp', '5');
      form.append('mod', 'Upload');
      form.append('path', 'eguarda/php/');
      form.append('recipient', '');
      form.append('file', new Blob([doc.xml], { type: 'application/xml' }), `${doc.chave}.xml`);
      return this.request(form);
    };
    const body = await this.loggedIn(upload);
    const raw = JSON.stringify(body);
    const s = isObject(body.S) ? body.S : null;
    if (body.success !== 1 || !s)
      // `success:0` without detail: the service could not process it now (06-peer-practice §3 [I]).
      throw new InsurerFailure(
        'servidor',
        'A AverbePorto não processou o arquivo agora; o envio será repetido.',
        {
          detail: raw.slice(0, 500),
        },
      );
    const base = { dadosSeguro: [], infos: [], teste: false, registradoEm: null, raw };
    if (count(s.P) > 0) {
      const prot = firstProt(body.prot) ?? (await this.protocolOf(doc.chave));
      return {
        outcome: 'registrado',
        ...base,
        protocolo: prot ?? '',
        numeros: prot ? [prot] : [],
        jaRegistrado: false,
      };
    }
    if (count(s.D) > 0) {
      const prot = await this.protocolOf(doc.chave);
      return {
        outcome: 'registrado',
        ...base,
        protocolo: prot ?? '',
        numeros: prot ? [prot] : [],
        jaRegistrado: true,
      };
    }
    const erros = errorsOf(body);
    return {
      outcome: 'recusado',
      erros: erros.length
        ? erros
        : [
            {
              codigo: '',
              descricao: count(s.N) > 0 ? 'Arquivo negado (não é XML nem ZIP).' : 'Arquivo rejeitado.',
            },
          ],
      retryable: false,
      naoEncontrado: false,
      raw,
    };
  }

  async checkLogin(): Promise<InsurerLoginCheck> {
    try {
      await this.login();
      return { ok: true, message: 'A AverbePorto aceitou o usuário e a senha da API.' };
    } catch (error) {
      if (error instanceof InsurerFailure)
        return { ok: false, message: error.message, ...(error.detail ? { detail: error.detail } : {}) };
      throw error;
    }
  }
}
