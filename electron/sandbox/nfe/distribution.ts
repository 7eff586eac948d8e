// The distribution request (`POST /distribuicao/nfe`) as the Ambiente Nacional answers it:
// dist-nsu (up to 50 documents after an NSU), cons-nsu, cons-chave; cStat 138/137, 589 for an
// NSU beyond the stream, and 656 "Consumo Indevido" for a request within one hour of an answer
// that found nothing (unless the client insists with `ignorar_tempo_espera`).
import { DISTRIBUICAO_WAIT_MS } from '../../fiscal/nfe-inbox';
import type { SandboxContext } from '../context';
import { newId } from '../http/ids';
import type { Ambiente } from '../http/query';
import { isoSeconds } from './format';
import type { Inbox } from './inbox';
import { readSettings, writeSettings } from './settings';
import type { DistDocument, StreamKey } from './stream';

export const MAX_DOCUMENTS = 50;

export type TipoConsulta = 'dist-nsu' | 'cons-nsu' | 'cons-chave';

export interface DistribuicaoPedido {
  cpf_cnpj: string;
  ambiente: Ambiente;
  tipo_consulta: TipoConsulta;
  dist_nsu?: number | null;
  cons_nsu?: number | null;
  cons_chave?: string | null;
  uf_autor?: string | null;
  ignorar_tempo_espera?: boolean;
}

/** `DistribuicaoNfe` of the description. */
export interface DistribuicaoNfe {
  id: string;
  created_at: string;
  status: 'processando' | 'concluido' | 'erro';
  ambiente: Ambiente;
  tipo_consulta: TipoConsulta;
  dist_nsu: number | null;
  cons_nsu: number | null;
  cons_chave: string | null;
  uf_autor: string | null;
  codigo_status: number | null;
  motivo_status: string | null;
  data_hora_resposta: string | null;
  ultimo_nsu: number | null;
  max_nsu: number | null;
  documentos: DistDocument[];
}

interface Answer {
  codigo_status: number;
  motivo_status: string;
  ultimo_nsu: number;
  max_nsu: number;
  documentos: DistDocument[];
}

/** Every rejection the distribution answers (NT 2014.002): cStat → xMotivo without "Rejeição: ". */
export const DISTRIBUTION_REJECTIONS = {
  589: 'Número do NSU informado superior ao maior NSU da base de dados da SEFAZ',
  656: 'Consumo Indevido',
} as const;

async function consult(inbox: Inbox, k: StreamKey, p: DistribuicaoPedido, blocked: boolean): Promise<Answer> {
  const max = await inbox.stream.maxNsu(k);
  const asked =
    p.tipo_consulta === 'dist-nsu' ? (p.dist_nsu ?? 0) : p.tipo_consulta === 'cons-nsu' ? p.cons_nsu! : 0;
  const base = { ultimo_nsu: asked, max_nsu: max, documentos: [] };
  if (blocked)
    return { ...base, codigo_status: 656, motivo_status: `Rejeição: ${DISTRIBUTION_REJECTIONS[656]}` };
  if (p.tipo_consulta !== 'cons-chave' && asked > max) {
    return {
      ...base,
      ultimo_nsu: max,
      codigo_status: 589,
      motivo_status: `Rejeição: ${DISTRIBUTION_REJECTIONS[589]}`,
    };
  }
  let documentos: DistDocument[];
  if (p.tipo_consulta === 'dist-nsu') documentos = await inbox.stream.after(k, asked, MAX_DOCUMENTS);
  else if (p.tipo_consulta === 'cons-nsu')
    documentos = [await inbox.stream.atNsu(k, asked)].filter((d) => d !== null);
  else documentos = (await inbox.stream.forChave(k, p.cons_chave!)).slice(0, 1);
  if (documentos.length === 0) {
    return {
      ...base,
      ultimo_nsu: p.tipo_consulta === 'dist-nsu' ? max : asked,
      codigo_status: 137,
      motivo_status: 'Nenhum documento localizado',
    };
  }
  const last = p.tipo_consulta === 'dist-nsu' ? documentos[documentos.length - 1]!.nsu : asked;
  return {
    ...base,
    ultimo_nsu: last,
    documentos,
    codigo_status: 138,
    motivo_status: 'Documento(s) localizado(s)',
  };
}

export function createDistribution(ctx: SandboxContext, inbox: Inbox) {
  const store = ctx.store;

  async function lastEmptyAt(k: StreamKey): Promise<number | null> {
    const row = await store.get<{ last_empty_at: number }>(
      'SELECT last_empty_at FROM sandbox_nfe_dist_state WHERE cpf_cnpj = ? AND ambiente = ?',
      [k.cpfCnpj, k.ambiente],
    );
    return row?.last_empty_at ?? null;
  }

  async function remember(k: StreamKey, codigo: number) {
    if (codigo === 137) {
      await store.run(
        `INSERT INTO sandbox_nfe_dist_state (cpf_cnpj, ambiente, last_empty_at) VALUES (?, ?, ?)
         ON CONFLICT (cpf_cnpj, ambiente) DO UPDATE SET last_empty_at = excluded.last_empty_at`,
        [k.cpfCnpj, k.ambiente, ctx.clock.nowMs()],
      );
    } else if (codigo === 138) {
      await store.run('DELETE FROM sandbox_nfe_dist_state WHERE cpf_cnpj = ? AND ambiente = ?', [
        k.cpfCnpj,
        k.ambiente,
      ]);
    }
  }

  /** Takes one asynchronous-processing slot set through the control API, if any. */
  async function takeProcessing(): Promise<{ polls: number; result: 'concluido' | 'erro' } | null> {
    const s = await readSettings(store);
    if (s.processando_pedidos <= 0) return null;
    await writeSettings(store, { processando_pedidos: s.processando_pedidos - 1 });
    return { polls: Math.max(1, s.processando_consultas), result: s.processando_resultado };
  }

  const present = (final: DistribuicaoNfe, pollsLeft: number): DistribuicaoNfe =>
    pollsLeft > 0
      ? {
          ...final,
          status: 'processando',
          codigo_status: null,
          motivo_status: null,
          data_hora_resposta: null,
          ultimo_nsu: null,
          max_nsu: null,
          documentos: [],
        }
      : final;

  return {
    /** One request; `automatic` is the service's own run, which the processing knobs leave alone. */
    async request(p: DistribuicaoPedido, options: { automatic?: boolean } = {}): Promise<DistribuicaoNfe> {
      const k: StreamKey = { cpfCnpj: p.cpf_cnpj, ambiente: p.ambiente };
      await inbox.open(k);
      const processing = options.automatic ? null : await takeProcessing();
      const now = ctx.clock.nowMs();
      const last = await lastEmptyAt(k);
      const blocked = !p.ignorar_tempo_espera && last !== null && now - last < DISTRIBUICAO_WAIT_MS;
      const answer = processing?.result === 'erro' ? null : await consult(inbox, k, p, blocked);
      // Quota: one unit per document returned, or one for the request when none is.
      await ctx.consume('dfe-eventos', Math.max(1, answer?.documentos.length ?? 0));
      if (answer) await remember(k, answer.codigo_status);
      if (answer) await inbox.stream.markDistributed(answer.documentos.map((d) => d.id));
      const final: DistribuicaoNfe = {
        id: newId('dnf'),
        created_at: isoSeconds(new Date(now)),
        status: answer ? 'concluido' : 'erro',
        ambiente: p.ambiente,
        tipo_consulta: p.tipo_consulta,
        dist_nsu: p.tipo_consulta === 'dist-nsu' ? (p.dist_nsu ?? 0) : null,
        cons_nsu: p.tipo_consulta === 'cons-nsu' ? p.cons_nsu! : null,
        cons_chave: p.tipo_consulta === 'cons-chave' ? p.cons_chave! : null,
        uf_autor: p.uf_autor ?? null,
        codigo_status: answer?.codigo_status ?? null,
        motivo_status:
          answer?.motivo_status ?? 'Falha na comunicação com a SEFAZ (Ambiente Nacional). Tente novamente.',
        data_hora_resposta: isoSeconds(new Date(now)),
        ultimo_nsu: answer?.ultimo_nsu ?? null,
        max_nsu: answer?.max_nsu ?? null,
        documentos: answer?.documentos ?? [],
      };
      const polls = processing?.polls ?? 0;
      await store.run(
        `INSERT INTO sandbox_nfe_requests (id, cpf_cnpj, ambiente, seq, polls_left, final_status, json)
         VALUES (?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM sandbox_nfe_requests), ?, ?, ?)`,
        [final.id, k.cpfCnpj, k.ambiente, polls, final.status, JSON.stringify(final)],
      );
      return present(final, polls);
    },

    /** One consultation of a request: consumes a poll while it is still processing. */
    async get(id: string): Promise<{ request: DistribuicaoNfe; key: StreamKey } | null> {
      const row = await store.get<{ polls_left: number; json: string; cpf_cnpj: string; ambiente: Ambiente }>(
        'SELECT polls_left, json, cpf_cnpj, ambiente FROM sandbox_nfe_requests WHERE id = ?',
        [id],
      );
      if (!row) return null;
      const key: StreamKey = { cpfCnpj: row.cpf_cnpj, ambiente: row.ambiente };
      const final = JSON.parse(row.json) as DistribuicaoNfe;
      if (row.polls_left <= 0) return { request: final, key };
      const left = row.polls_left - 1;
      await store.run('UPDATE sandbox_nfe_requests SET polls_left = ? WHERE id = ?', [left, id]);
      if (left > 0) return { request: present(final, left), key };
      const done = { ...final, data_hora_resposta: isoSeconds(ctx.clock.now()) };
      await store.run('UPDATE sandbox_nfe_requests SET json = ? WHERE id = ?', [JSON.stringify(done), id]);
      return { request: done, key };
    },

    async list(k: StreamKey, top: number, skip: number): Promise<{ data: DistribuicaoNfe[]; count: number }> {
      const params = [k.cpfCnpj, k.ambiente];
      const count =
        (
          await store.get<{ n: number }>(
            'SELECT COUNT(*) AS n FROM sandbox_nfe_requests WHERE cpf_cnpj = ? AND ambiente = ?',
            params,
          )
        )?.n ?? 0;
      const rows = await store.all<{ polls_left: number; json: string }>(
        'SELECT polls_left, json FROM sandbox_nfe_requests WHERE cpf_cnpj = ? AND ambiente = ? ORDER BY seq DESC LIMIT ? OFFSET ?',
        [...params, top, skip],
      );
      return { data: rows.map((r) => present(JSON.parse(r.json) as DistribuicaoNfe, r.polls_left)), count };
    },
  };
}
