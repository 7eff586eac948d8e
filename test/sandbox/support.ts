import { makePfx } from '../../electron/sandbox/certificates/make-pfx';
import { startSandbox } from '../../electron/sandbox/server';
import type { RunningSandbox, SandboxOptions } from '../../electron/sandbox/server';

export const CLIENT_ID = 'test-client';
export const CLIENT_SECRET = 'test-secret';

export async function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...options });
}

export function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}

export async function getToken(url: string, scope?: string): Promise<string> {
  const fields: Record<string, string> = {
    grant_type: 'client_credentials',
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
  };
  if (scope !== undefined) fields.scope = scope;
  const res = await fetch(`${url}/oauth/token`, form(fields));
  if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  raw: Buffer;
}

async function answer<T>(res: Response): Promise<Answer<T>> {
  const raw = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  const body = (type.includes('json') && raw.length ? JSON.parse(raw.toString('utf8')) : raw) as T;
  return { status: res.status, headers: res.headers, body, raw };
}

/** A minimal API client over fetch, as an outside client would use the sandbox. */
export function client(url: string, token: string) {
  const call = async <T = unknown>(method: string, path: string, init: RequestInit = {}) =>
    answer<T>(
      await fetch(`${url}${path}`, {
        ...init,
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.headers as Record<string, string> | undefined),
        },
      }),
    );
  const json = (body: unknown): RequestInit => ({
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return {
    get: <T = unknown>(path: string) => call<T>('GET', path),
    delete: <T = unknown>(path: string) => call<T>('DELETE', path),
    post: <T = unknown>(path: string, body: unknown) => call<T>('POST', path, json(body)),
    put: <T = unknown>(path: string, body: unknown) => call<T>('PUT', path, json(body)),
    raw: call,
  };
}

export async function control<T = unknown>(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  secret = CLIENT_SECRET,
) {
  return answer<T>(
    await fetch(`${url}/_sandbox${path}`, {
      method,
      headers: {
        'x-sandbox-secret': secret,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    }),
  );
}

export const errorOf = (a: Answer) => (a.body as { error: { code: string; message: string } }).error;

/** A valid company body (CNPJ of the built-in data set's first company). */
export function empresaBody(cpfCnpj = '11222333000181', nome = 'RODOVIA AZUL TRANSPORTES LTDA') {
  return {
    cpf_cnpj: cpfCnpj,
    nome_razao_social: nome,
    nome_fantasia: 'Rodovia Azul',
    inscricao_estadual: '123456789',
    email: 'fiscal@rodoviaazul.example',
    fone: '1133334444',
    endereco: {
      logradouro: 'Avenida Brasil',
      numero: '100',
      bairro: 'Centro',
      codigo_municipio: '3550308',
      cidade: 'São Paulo',
      uf: 'SP',
      cep: '01310100',
    },
  };
}

const DAY_MS = 86_400_000;

/**
 * A certificate valid on the sandbox's own clock. Many tests fix that clock in the past; one made
 * valid from the real "now" would be "not yet valid" there once the real date passes it.
 */
export function certificateOnClock(
  sandbox: RunningSandbox,
  cpfCnpj = '11222333000181',
  razaoSocial = 'RODOVIA AZUL TRANSPORTES LTDA',
): ReturnType<typeof makePfx> {
  return makePfx({
    cpfCnpj,
    razaoSocial,
    password: 'x',
    notBefore: new Date(sandbox.control.clock.nowMs() - 30 * DAY_MS),
  });
}

/** Registers the company and uploads a certificate valid on the sandbox's clock; throws if refused. */
export async function certifiedCompany(
  sandbox: RunningSandbox,
  api: ReturnType<typeof client>,
  cpfCnpj = '11222333000181',
  razaoSocial = 'RODOVIA AZUL TRANSPORTES LTDA',
  pfx: ReturnType<typeof makePfx> = certificateOnClock(sandbox, cpfCnpj, razaoSocial),
): Promise<void> {
  const created = await api.post('/empresas', empresaBody(cpfCnpj, razaoSocial));
  if (created.status !== 200) throw new Error(`empresa: ${created.status} ${created.raw.toString()}`);
  const cert = await api.put(`/empresas/${cpfCnpj}/certificado`, {
    certificado: pfx.pfxBase64,
    password: pfx.password,
  });
  if (cert.status !== 200) throw new Error(`certificado: ${cert.status} ${cert.raw.toString()}`);
}
