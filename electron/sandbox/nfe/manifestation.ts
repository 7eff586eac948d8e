// Recipient manifestation (MD-e) as the Ambiente Nacional judges it: the author must be the
// note's recipient (575 for a carrier named in transporta/autXML), 180 days from authorization
// for the conclusive events (596), one event of each type (573), no ciência after a conclusive
// one (655), cancelled notes refused (650/651/580). A registered 210210/210200 releases the
// full procNFe into the stream after the configured delay.
import { MANIFESTACAO_CONCLUSIVE, MANIFESTACAO_DEADLINE_MS } from '../../fiscal/nfe-inbox';
import type { SandboxContext } from '../context';
import type { SigningKey } from '../dfe/sign';
import { newId } from '../http/ids';
import type { Ambiente } from '../http/query';
import { isoSeconds, protocolNumber } from './format';
import { eventDocument, tpAmbOf } from './inbox';
import type { Inbox } from './inbox';
import { readSettings } from './settings';
import { noteDocumentBody, summaryOf } from './stream';
import type { DistDocument, NoteRecord, StreamKey } from './stream';

export const TIPOS_MANIFESTACAO = ['210200', '210210', '210220', '210240'] as const;
export type TipoManifestacao = (typeof TIPOS_MANIFESTACAO)[number];
export const CONCLUSIVE = MANIFESTACAO_CONCLUSIVE;

export interface ManifestacaoPedido {
  cpf_cnpj: string;
  ambiente: Ambiente;
  chave_acesso: string;
  tipo_evento: TipoManifestacao;
  justificativa?: string | null;
}

/** `DistribuicaoNfeEvento` of the description. */
export interface DistribuicaoNfeEvento {
  id: string;
  created_at: string;
  status: 'pendente' | 'registrado' | 'rejeitado' | 'erro';
  ambiente: Ambiente;
  chave_acesso: string;
  tipo_evento: string;
  cpf_cnpj_autor: string;
  data_evento: string;
  data_registro: string | null;
  codigo_status: number | null;
  motivo_status: string | null;
  numero_protocolo: string | null;
  numero_sequencial: number | null;
  justificativa: string | null;
}

type Verdict = { cStat: number; xMotivo: string };

/** Every rejection the recipient's events get here (NT 2012.002): cStat → xMotivo without "Rejeição: ". */
export const MANIFESTATION_REJECTIONS = {
  217: 'NF-e não consta na base de dados da SEFAZ',
  573: 'Duplicidade de Evento',
  575: 'O autor do evento diverge do destinatário da NF-e',
  580: 'O evento exige uma NF-e autorizada',
  596: 'Evento apresentado fora do prazo: 180 dias',
  650: 'Evento de "Ciência da Operação" para NF-e Cancelada ou Denegada',
  651: 'Evento de "Desconhecimento da Operação" para NF-e Cancelada ou Denegada',
  655: 'Evento de Ciência da Operação informado após a manifestação final do destinatário',
} as const;

const rej = (cStat: keyof typeof MANIFESTATION_REJECTIONS): Verdict => ({
  cStat,
  xMotivo: `Rejeição: ${MANIFESTATION_REJECTIONS[cStat]}`,
});

const CANCELLED_VERDICT: Record<string, Verdict> = { '210210': rej(650), '210220': rej(651) };

export function createManifestation(ctx: SandboxContext, inbox: Inbox) {
  const store = ctx.store;
  let protocolSeq = 0;

  async function registeredTypes(k: StreamKey, chave: string): Promise<string[]> {
    const rows = await store.all<{ tipo_evento: string }>(
      `SELECT tipo_evento FROM sandbox_nfe_events
       WHERE cpf_cnpj = ? AND ambiente = ? AND chave = ? AND status = 'registrado'`,
      [k.cpfCnpj, k.ambiente, chave],
    );
    return rows.map((r) => r.tipo_evento);
  }

  async function judge(
    k: StreamKey,
    p: ManifestacaoPedido,
    note: NoteRecord | null,
  ): Promise<Verdict | null> {
    if (!note) {
      const elsewhere = await store.get<{ dest_cnpj: string }>(
        'SELECT dest_cnpj FROM sandbox_nfe_notes WHERE ambiente = ? AND chave = ? LIMIT 1',
        [k.ambiente, p.chave_acesso],
      );
      return elsewhere ? rej(575) : rej(217);
    }
    if (note.role !== 'destinatario' || note.destCnpj !== p.cpf_cnpj) {
      return rej(575);
    }
    if (note.cancelled) {
      return CANCELLED_VERDICT[p.tipo_evento] ?? rej(580);
    }
    if (CONCLUSIVE.includes(p.tipo_evento) && ctx.clock.nowMs() - note.dhRecbto > MANIFESTACAO_DEADLINE_MS) {
      return rej(596);
    }
    const done = await registeredTypes(k, p.chave_acesso);
    if (done.includes(p.tipo_evento)) return rej(573);
    if (p.tipo_evento === '210210' && done.some((t) => CONCLUSIVE.includes(t))) {
      return rej(655);
    }
    return null;
  }

  /** Puts the author's procEventoNFe in its own stream and schedules the full NF-e when due. */
  async function distribute(
    k: StreamKey,
    p: ManifestacaoPedido,
    e: DistribuicaoNfeEvento,
    key: SigningKey,
    note: NoteRecord,
  ) {
    const now = ctx.clock.now();
    const doc = eventDocument(
      {
        chave: p.chave_acesso,
        tpAmb: tpAmbOf(p.ambiente),
        cOrgao: '91',
        authorCnpj: p.cpf_cnpj,
        tpEvento: p.tipo_evento,
        nSeqEvento: 1,
        dhEvento: now,
        dhRegEvento: now,
        nProt: e.numero_protocolo!,
        text: p.justificativa ?? undefined,
      },
      key,
      false,
    );
    await inbox.stream.queue(k, doc.body, doc.xml, now.getTime());
    if (
      (p.tipo_evento === '210210' || p.tipo_evento === '210200') &&
      (await inbox.stream.claimFullRelease(k, note.chave))
    ) {
      const delay = (await readSettings(store)).atraso_xml_completo_segundos * 1000;
      const full = await inbox.stream.note(k, note.chave);
      const body = noteDocumentBody(summaryOf(note, tpAmbOf(p.ambiente)), true);
      await inbox.stream.queue(k, body, full!.procXml, now.getTime() + delay);
    }
    await inbox.stream.materialize(k, now.getTime());
  }

  return {
    async manifest(p: ManifestacaoPedido, key: SigningKey): Promise<DistribuicaoNfeEvento> {
      const k: StreamKey = { cpfCnpj: p.cpf_cnpj, ambiente: p.ambiente };
      await inbox.open(k);
      await ctx.consume('dfe-eventos', 1);
      const note = await inbox.stream.note(k, p.chave_acesso);
      const verdict = await judge(k, p, note);
      const now = ctx.clock.now();
      const event: DistribuicaoNfeEvento = {
        id: newId('mde'),
        created_at: isoSeconds(now),
        status: verdict ? 'rejeitado' : 'registrado',
        ambiente: p.ambiente,
        chave_acesso: p.chave_acesso,
        tipo_evento: p.tipo_evento,
        cpf_cnpj_autor: p.cpf_cnpj,
        data_evento: isoSeconds(now),
        data_registro: isoSeconds(now),
        codigo_status: verdict?.cStat ?? 135,
        motivo_status: verdict?.xMotivo ?? 'Evento registrado e vinculado a NF-e',
        numero_protocolo: verdict ? null : protocolNumber('91', now, 700_000 + ++protocolSeq),
        numero_sequencial: 1,
        justificativa: p.justificativa ?? null,
      };
      await store.run(
        `INSERT INTO sandbox_nfe_events (id, cpf_cnpj, ambiente, chave, tipo_evento, status, seq, json)
         VALUES (?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM sandbox_nfe_events), ?)`,
        [
          event.id,
          p.cpf_cnpj,
          p.ambiente,
          p.chave_acesso,
          p.tipo_evento,
          event.status,
          JSON.stringify(event),
        ],
      );
      if (!verdict && note) await distribute(k, p, event, key, note);
      return event;
    },

    /**
     * `ciencia_automatica` of the company's distnfe configuration: summaries just distributed get
     * a 210210 from the service itself (each booked on the quota). Notes already manifested are
     * skipped, so calling this again for the same answer changes nothing.
     */
    async autoCiencia(k: StreamKey, docs: DistDocument[]): Promise<void> {
      const config = await ctx.companies.getConfig<{ ciencia_automatica?: boolean | null }>(
        k.cpfCnpj,
        'distnfe',
      );
      if (!config?.ciencia_automatica) return;
      const key = await ctx.getSigningCredentials(k.cpfCnpj);
      if (!key) return;
      for (const doc of docs) {
        if (!doc.resumo || doc.tipo_documento !== 'nota' || !doc.chave_acesso) continue;
        if ((await registeredTypes(k, doc.chave_acesso)).length > 0) continue;
        try {
          await this.manifest(
            {
              cpf_cnpj: k.cpfCnpj,
              ambiente: k.ambiente,
              chave_acesso: doc.chave_acesso,
              tipo_evento: '210210',
            },
            key,
          );
        } catch (err) {
          // Out of quota: the distribution answer stands; the remaining notes wait for a manual ciência.
          ctx.log.warn(`ciência automática interrompida para ${k.cpfCnpj}: ${(err as Error).message}`);
          return;
        }
      }
    },

    async get(id: string): Promise<DistribuicaoNfeEvento | null> {
      const row = await store.get<{ json: string }>('SELECT json FROM sandbox_nfe_events WHERE id = ?', [id]);
      return row ? (JSON.parse(row.json) as DistribuicaoNfeEvento) : null;
    },

    async list(k: StreamKey, top: number, skip: number) {
      const params = [k.cpfCnpj, k.ambiente];
      const where = 'cpf_cnpj = ? AND ambiente = ?';
      const count =
        (
          await store.get<{ n: number }>(
            `SELECT COUNT(*) AS n FROM sandbox_nfe_events WHERE ${where}`,
            params,
          )
        )?.n ?? 0;
      const rows = await store.all<{ json: string }>(
        `SELECT json FROM sandbox_nfe_events WHERE ${where} ORDER BY seq DESC LIMIT ? OFFSET ?`,
        [...params, top, skip],
      );
      return { data: rows.map((r) => JSON.parse(r.json) as DistribuicaoNfeEvento), count };
    },

    /** Buyer notes without a (conclusive, when asked) registered manifestation, newest first. */
    async withoutManifestation(k: StreamKey, conclusiva: boolean, top: number, skip: number) {
      const types = conclusiva ? CONCLUSIVE : TIPOS_MANIFESTACAO;
      const where = `n.cpf_cnpj = ? AND n.ambiente = ? AND n.role = 'destinatario' AND n.cancelled = 0
        AND NOT EXISTS (SELECT 1 FROM sandbox_nfe_events e WHERE e.cpf_cnpj = n.cpf_cnpj AND e.ambiente = n.ambiente
          AND e.chave = n.chave AND e.status = 'registrado' AND e.tipo_evento IN (${types.map(() => '?').join(', ')}))`;
      const params = [k.cpfCnpj, k.ambiente, ...types];
      const count =
        (
          await store.get<{ n: number }>(
            `SELECT COUNT(*) AS n FROM sandbox_nfe_notes n WHERE ${where}`,
            params,
          )
        )?.n ?? 0;
      const rows = await store.all<{ json: string }>(
        `SELECT json FROM sandbox_nfe_notes n WHERE ${where} ORDER BY seq DESC LIMIT ? OFFSET ?`,
        [...params, top, skip],
      );
      const data = rows.map((r) => {
        const n = JSON.parse(r.json) as NoteRecord;
        return {
          chave_acesso: n.chave,
          data_emissao: n.dhEmi,
          digest_value: n.digestValue,
          emitente_cpf_cnpj: n.emitCnpj,
          emitente_inscricao_estadual: n.emitIe,
          emitente_nome_razao_social: n.emitNome,
          numero_protocolo: n.numeroProtocolo,
          tipo_nfe: 1,
          valor_nfe: n.vNF,
        };
      });
      return { data, count };
    },
  };
}
