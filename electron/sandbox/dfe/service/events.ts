// Cancellation and correction letters: state checks, the authority's answer, persistence.
import { z } from 'zod';
import type { SandboxContext } from '../../context';
import { ApiError, badRequest } from '../../http/errors';
import { newId } from '../../http/ids';
import {
  checkCancellation,
  checkCorrectionLetter,
  correctionLimitError,
  noCertificateError,
} from '../authority';
import { openMdfeRepository } from '../../mdfe/repository';
import { cancelCte, cancelDce, correctCte, justificativa, type EventOutcome } from '../issue-event';
import { presentEvent, soapStep } from '../present';
import type { DfeRepository, DocumentRow, EventRow } from '../repository';
import { validate, validationFailed } from '../../http/validate';
import type { KindSpec } from './spec';

/** What the events read of a kind: none of its request-typed members, so any kind's spec fits. */
type EventKindSpec = Pick<KindSpec<unknown>, 'kind' | 'label' | 'modelo' | 'wsEvento'>;
import { JUSTIFICATIVA_MAX, JUSTIFICATIVA_MIN } from '../../../fiscal/events';

export const pedidoCancelamento = z.strictObject({
  justificativa: z.string().max(JUSTIFICATIVA_MAX).nullish(),
});
export const pedidoCartaCorrecao = z.strictObject({
  correcoes: z
    .array(
      z.strictObject({
        grupo_alterado: z.string().min(1).max(20),
        campo_alterado: z.string().min(1).max(20),
        valor_alterado: z.string().min(1).max(500),
        numero_item_alterado: z.number().int().min(1).max(99).nullish(),
      }),
    )
    .min(1),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = validate(schema, body ?? {});
  if (!r.ok) throw validationFailed(r.errors);
  return r.value;
}

async function prepare(ctx: SandboxContext, doc: DocumentRow, label: string) {
  if (doc.pending_polls > 0 || doc.status === 'pendente') {
    throw badRequest(`O ${label} ainda está pendente de autorização; consulte-o antes de registrar eventos.`);
  }
  if (doc.status !== 'autorizado' && doc.status !== 'cancelado') {
    throw badRequest(`Somente um ${label} autorizado aceita eventos (situação atual: ${doc.status}).`);
  }
  const credentials = await ctx.getSigningCredentials(doc.cpf_cnpj);
  if (!credentials) {
    const e = noCertificateError(doc.cpf_cnpj);
    throw new ApiError(400, e.code, e.message);
  }
  await ctx.consume('dfe-eventos');
  return credentials;
}

async function store(
  ctx: SandboxContext,
  repo: DfeRepository,
  spec: EventKindSpec,
  doc: DocumentRow,
  kind: EventRow['kind'],
  tipoEvento: string,
  nSeq: number,
  out: EventOutcome,
  extra: { justificativa?: string; correcoes?: unknown },
): Promise<EventRow> {
  const row: EventRow = {
    id: newId('evt'),
    document_id: doc.id,
    kind,
    tipo_evento: tipoEvento,
    ambiente: doc.ambiente,
    status: out.nProt ? 'registrado' : 'rejeitado',
    autor: doc.cpf_cnpj,
    chave: doc.chave,
    data_evento: out.dhEvento,
    numero_sequencial: nSeq,
    data_recebimento: out.dhRegEvento,
    codigo_status: out.answer.cStat,
    motivo_status: out.answer.xMotivo,
    numero_protocolo: out.nProt,
    justificativa: extra.justificativa ?? null,
    correcoes: extra.correcoes ? JSON.stringify(extra.correcoes) : null,
    xml_evento: out.eventXml,
    xml_proc: out.procXml,
  };
  await repo.insertEvent(row);
  await ctx.debug.record(doc.id, {
    steps: [soapStep('evento', spec.wsEvento, out.eventXml, out.procXml, out.answer)],
  });
  return row;
}

export async function cancelDocument(
  ctx: SandboxContext,
  repo: DfeRepository,
  spec: EventKindSpec,
  doc: DocumentRow,
  body: unknown,
) {
  const req = parse(pedidoCancelamento, body);
  const xJust = justificativa(req.justificativa);
  if (xJust.length < JUSTIFICATIVA_MIN) {
    const message = `O campo 'justificativa' deve ter de ${JUSTIFICATIVA_MIN} a ${JUSTIFICATIVA_MAX} caracteres.`;
    throw validationFailed([{ code: 'MinLength', message, path: 'justificativa' }], message);
  }
  const credentials = await prepare(ctx, doc, spec.label);
  const now = ctx.clock.now();
  // Rule Q15: the authority knows the MDF-e that carry the CT-e (its events 310610/310611).
  const mdfe =
    spec.modelo === 57
      ? await (await openMdfeRepository(ctx.store)).holdingCte(doc.chave, doc.ambiente)
      : null;
  const rejection = checkCancellation({
    status: doc.status,
    authorizedAt: new Date(doc.data_recebimento),
    now,
    model: spec.modelo,
    mdfeAutorizado: mdfe?.chave ?? null,
  });
  const env = { now, credentials, protocolSequence: await repo.nextSequence('protocolo') };
  const tpAmb: 1 | 2 = doc.ambiente === 'producao' ? 1 : 2;
  const out =
    spec.kind === 'dce'
      ? cancelDce(
          {
            tpAmb,
            chave: doc.chave,
            tpEmit: doc.tp_emit ?? 3,
            cnpjAutor: doc.cpf_cnpj,
            nProtDocumento: doc.numero_protocolo ?? '',
            xJust,
            rejection,
          },
          env,
        )
      : cancelCte(
          {
            tpAmb,
            chave: doc.chave,
            autor: doc.cpf_cnpj,
            nSeqEvento: 1,
            rejection,
            nProtDocumento: doc.numero_protocolo ?? '',
            xJust,
          },
          env,
        );
  const row = await store(ctx, repo, spec, doc, 'cancelamento', '110111', 1, out, { justificativa: xJust });
  if (out.nProt) await repo.updateDocument(doc.id, { status: 'cancelado' });
  return presentEvent(row);
}

export async function correctDocument(
  ctx: SandboxContext,
  repo: DfeRepository,
  spec: EventKindSpec,
  doc: DocumentRow,
  body: unknown,
) {
  const req = parse(pedidoCartaCorrecao, body);
  const previous = (await repo.events(doc.id, 'carta-correcao')).filter((e) => e.status === 'registrado');
  const limit = correctionLimitError(previous.length);
  if (limit) throw new ApiError(400, limit.code, limit.message);
  const credentials = await prepare(ctx, doc, spec.label);
  const now = ctx.clock.now();
  const nSeq = previous.length + 1;
  const out = correctCte(
    {
      tpAmb: doc.ambiente === 'producao' ? 1 : 2,
      chave: doc.chave,
      autor: doc.cpf_cnpj,
      nSeqEvento: nSeq,
      rejection: checkCorrectionLetter({ status: doc.status }),
      correcoes: req.correcoes.map((c) => ({
        grupoAlterado: c.grupo_alterado,
        campoAlterado: c.campo_alterado,
        valorAlterado: c.valor_alterado,
        nroItemAlterado: c.numero_item_alterado,
      })),
    },
    { now, credentials, protocolSequence: await repo.nextSequence('protocolo') },
  );
  const row = await store(ctx, repo, spec, doc, 'carta-correcao', '110110', nSeq, out, {
    correcoes: req.correcoes,
  });
  return presentEvent(row);
}
