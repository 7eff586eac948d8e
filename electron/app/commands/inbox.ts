import { TIPO_MANIFESTACAO_LABEL } from '../../shared/schemas/inbox';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import { listInbox, toNote } from '../inbox/list';
import { AppError } from '../../shared/errors';

type Channels =
  | 'inbox:status'
  | 'inbox:distribute'
  | 'inbox:fetchKey'
  | 'inbox:list'
  | 'inbox:get'
  | 'inbox:manifest'
  | 'inbox:manifestations'
  | 'inbox:pending'
  | 'inbox:file'
  | 'inbox:save'
  | 'inbox:nfeXml'
  | 'inbox:counts';

const STATE_LABEL: Record<string, string> = {
  registered: 'Registrada',
  rejected: 'Rejeitada',
  failed: 'Falhou',
  sending: 'Enviando',
  queued: 'Na fila',
};

export function inboxCommands(ctx: AppContext): Pick<CommandTable, Channels> {
  const inbox = ctx.inbox;
  return {
    'inbox:status': ({ company }) => inbox.status(company),
    'inbox:distribute': ({ company, ignorarTempoEspera }) =>
      inbox.distribute(company, { ignorarTempoEspera }),
    'inbox:fetchKey': async ({ company, chave }) => ({ documentos: await inbox.fetchKey(company, chave) }),
    'inbox:list': async (input) => {
      const { scope } = await inbox.scope(input.company);
      return listInbox(inbox.requireStore().db, scope, input, inbox.now());
    },
    'inbox:get': async ({ company, chave }) => {
      const { scope } = await inbox.scope(company);
      const store = inbox.requireStore();
      const row = await store.note(scope, chave);
      if (!row) throw new AppError('inbox_note_not_found', 'Nota não encontrada na caixa de entrada.');
      const events = (await store.events(scope, chave)).map((e) => ({
        chave,
        tipoEvento: e.tipo_evento,
        descricao: TIPO_MANIFESTACAO_LABEL[e.tipo_evento] ?? `Evento ${e.tipo_evento}`,
        sequencia: e.sequence,
        dataEvento: e.data_evento,
        emitenteNome: row.emitente_nome,
      }));
      return { note: toNote(row, inbox.now()), events };
    },
    'inbox:manifest': ({ company, chaves, tipoEvento, justificativa }) =>
      inbox.manifest(company, chaves, tipoEvento, justificativa || null),
    'inbox:manifestations': async ({ company, offset, limit }) => {
      const { scope } = await inbox.scope(company);
      const { rows, total } = await inbox.requireStore().manifestations(scope, offset, limit);
      return {
        manifestations: rows.map((r) => ({
          id: r.id,
          chave: r.chave,
          emitenteNome: r.emitente_nome,
          tipoEvento: r.tipo_evento,
          descricao: TIPO_MANIFESTACAO_LABEL[r.tipo_evento] ?? r.tipo_evento,
          justificativa: r.justificativa,
          status: STATE_LABEL[r.state] ?? r.state,
          protocolo: r.protocolo,
          erro: r.last_error,
          criadaEm: r.created_at,
        })),
        total,
      };
    },
    'inbox:pending': async ({ company, conclusiva, top, skip }) => {
      const { target } = await inbox.scope(company);
      const page = await (
        await ctx.api.client()
      ).client.distribuicao.notasSemManifestacao(
        { cpf_cnpj: company, ambiente: target.ambiente, conclusiva },
        { top, skip, inlinecount: true },
      );
      return {
        notes: page.data.map((n) => ({
          chave: n.chave_acesso ?? null,
          emitenteNome: n.emitente_nome_razao_social ?? null,
          emitenteDoc: n.emitente_cpf_cnpj ?? null,
          dataEmissao: n.data_emissao ?? null,
          valor: n.valor_nfe ?? null,
        })),
        total: page['@count'] ?? null,
      };
    },
    'inbox:file': async ({ company, chave, kind }) => {
      const file = await inbox.file(company, chave, kind);
      return {
        fileName: file.fileName,
        contentType: file.contentType,
        base64: file.bytes.toString('base64'),
      };
    },
    'inbox:save': async ({ company, chave, kind }) => {
      const file = await inbox.file(company, chave, kind);
      const options = {
        title: kind === 'pdf' ? 'Salvar DANFE' : 'Salvar XML da NF-e',
        defaultName: file.fileName,
        filters: [
          kind === 'pdf' ? { name: 'PDF', extensions: ['pdf'] } : { name: 'XML', extensions: ['xml'] },
        ],
      };
      if (ctx.host.saveFile) {
        const savedTo = await ctx.host.saveFile(options, file.bytes);
        return {
          fileName: file.fileName,
          savedTo,
          base64: null,
          size: file.bytes.length,
          cancelled: savedTo === null,
        };
      }
      return {
        fileName: file.fileName,
        savedTo: null,
        base64: file.bytes.toString('base64'),
        size: file.bytes.length,
        cancelled: false,
      };
    },
    'inbox:nfeXml': async ({ company, chaves }) => ({ notes: await inbox.nfeXml(company, chaves) }),
    'inbox:counts': ({ company }) => inbox.counts(company),
  };
}
