// The averbadoras' transport: one POST, its status, headers and text. Never follows a redirect (a
// password goes only to the address the clerk gave); a lost or timed-out exchange is an
// InsurerFailure the queue may retry.
import type { AxiosInstance } from 'axios';
import axios, { AxiosError } from 'axios';

import { InsurerFailure } from './types';

export interface InsurerResponse {
  status: number;
  text: string;
  contentType: string;
  setCookie: string[];
}

export interface PostOptions {
  url: string;
  body: string | FormData;
  headers: Record<string, string>;
  timeoutMs: number;
}

const shared: AxiosInstance = axios.create();

export async function post(options: PostOptions, instance: AxiosInstance = shared): Promise<InsurerResponse> {
  try {
    const response = await instance.request<ArrayBuffer>({
      method: 'POST',
      url: options.url,
      data: options.body,
      headers: options.headers,
      timeout: options.timeoutMs,
      responseType: 'arraybuffer',
      maxRedirects: 0,
      validateStatus: () => true,
      // The services' own words come back in the body; nothing is transformed on the way.
      transformResponse: (data: unknown) => data,
    });
    const header = (name: string): unknown => (response.headers as Record<string, unknown>)[name];
    const cookies = header('set-cookie');
    const contentType = header('content-type');
    return {
      status: response.status,
      text: Buffer.from(response.data ?? new ArrayBuffer(0)).toString('utf8'),
      contentType: typeof contentType === 'string' ? contentType : '',
      setCookie: Array.isArray(cookies) ? cookies.map(String) : typeof cookies === 'string' ? [cookies] : [],
    };
  } catch (error) {
    throw transportFailure(error);
  }
}

function transportFailure(error: unknown): InsurerFailure {
  const code = error instanceof AxiosError ? error.code : undefined;
  const text = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(text))
    return new InsurerFailure('tempo', 'A averbadora demorou demais para responder.', {
      detail: text,
      cause: error,
    });
  if (code && /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO/i.test(code))
    return new InsurerFailure(
      'resposta',
      'O certificado de segurança do endereço da averbadora não foi aceito. Confira o endereço em Empresas › Averbação.',
      { detail: `${code}: ${text}`, cause: error },
    );
  return new InsurerFailure(
    'rede',
    'Não foi possível falar com a averbadora (sem conexão ou endereço fora do ar).',
    { detail: `${code ?? ''} ${text}`.trim(), cause: error },
  );
}

/** An HTML page where the service should answer: the address is not the averbadora's. */
export function looksLikeWebPage(response: InsurerResponse): boolean {
  return /text\/html/i.test(response.contentType) || /^\s*(<!doctype|<html)/i.test(response.text);
}

/** Joins a base address and a service path ('https://host/pre' + '/rest/Auth'). */
export function joinUrl(base: string, servicePath: string): string {
  return `${base.replace(/\/+$/, '')}${servicePath}`;
}
