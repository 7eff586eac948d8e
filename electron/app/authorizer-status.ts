import type { ApiConnection } from './api-connection';

export type AuthorizerKind = 'cte' | 'cteos' | 'dce' | 'mdfe';

export interface AuthorizerStatus {
  kind: AuthorizerKind;
  autorizador: string | null | undefined;
  codigoStatus: number | null | undefined;
  motivoStatus: string | null | undefined;
  tempoMedioResposta: number | null | undefined;
  consultadoEm: string | null | undefined;
  /** 107 = serviço em operação; anything else is degraded. */
  degraded: boolean;
}

/** The service caches the authorizer status for 5 minutes; asking more often only spends requests. */
export const AUTHORIZER_TTL_MS = 5 * 60_000;

/**
 * One cache of the authorizers' status for the whole app (the Conta screen, the banners and the
 * check before sending), keyed by API address so a status never crosses environments.
 */
export class AuthorizerStatusCache {
  private readonly entries = new Map<string, { at: number; value: AuthorizerStatus }>();

  constructor(
    private readonly api: ApiConnection,
    private readonly now: () => number = Date.now,
  ) {}

  async get(kind: AuthorizerKind, cpfCnpj: string, autorizador?: string): Promise<AuthorizerStatus> {
    const { client, target } = await this.api.client();
    const key = JSON.stringify([target.apiUrl, kind, cpfCnpj, autorizador ?? '']);
    const cached = this.entries.get(key);
    if (cached && this.now() - cached.at < AUTHORIZER_TTL_MS) return cached.value;
    const status = await client[kind].statusSefaz(cpfCnpj, autorizador);
    const value: AuthorizerStatus = {
      kind,
      autorizador: status.autorizador,
      codigoStatus: status.codigo_status,
      motivoStatus: status.motivo_status,
      tempoMedioResposta: status.tempo_medio_resposta,
      consultadoEm: status.data_hora_consulta,
      degraded: status.codigo_status !== 107,
    };
    this.entries.set(key, { at: this.now(), value });
    return value;
  }
}
