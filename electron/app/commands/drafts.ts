// Autosaved drafts (the renderer debounces) and the address book of parties already used.
import { partySchema } from '../../shared/schemas/cte-form';
import { AppError } from '../../shared/errors';
import { partyRecordSchema } from '../../shared/schemas/issuing';
import { rec } from '../issuing/stored-payload';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import { draftFromIssued } from '../issuing/duplicate';

type Channels =
  | 'drafts:save'
  | 'drafts:list'
  | 'drafts:get'
  | 'drafts:delete'
  | 'drafts:duplicate'
  | 'addressBook:search'
  | 'addressBook:save'
  | 'addressBook:delete';

interface DraftRow {
  id: number;
  kind: string;
  company: string;
  title: string | null;
  data_json: string;
  created_at: string;
  updated_at: string;
}

const toDraft = (row: DraftRow) => ({
  id: row.id,
  kind: row.kind,
  company: row.company,
  title: row.title,
  data: JSON.parse(row.data_json) as unknown,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function draftCommands(ctx: AppContext): Pick<CommandTable, Channels> {
  const repos = () => ctx.cache.require();
  const getDraft = async (id: number) => {
    const row = await repos().db.get<DraftRow>('SELECT * FROM drafts WHERE id = ?', [id]);
    if (!row)
      throw new AppError('draft_not_found', 'Rascunho não encontrado (talvez já tenha sido excluído).');
    return toDraft(row);
  };
  return {
    'drafts:save': async ({ id, kind, company, title, data }) =>
      getDraft(await repos().drafts.save({ id, kind, company, title, data })),
    'drafts:list': async ({ company, kind }) => ({ drafts: await repos().drafts.list(company, kind) }),
    'drafts:get': async ({ id }) => getDraft(id),
    'drafts:delete': async ({ id }) => {
      await repos().drafts.remove(id);
      return { ok: true as const };
    },
    'drafts:duplicate': async ({ company, id }) => {
      const environment = ctx.host.settings.get().environment;
      const row = await repos().db.get<{
        payload_json: string;
        kind: string;
        variant: string | null;
        serie: number | null;
        numero: number | null;
      }>(
        'SELECT payload_json, kind, variant, serie, numero FROM outbox WHERE api_id = ? AND environment = ? ORDER BY id DESC LIMIT 1',
        [id, environment],
      );
      if (!row) {
        throw new AppError(
          'payload_not_found',
          'O pedido original deste documento não está neste computador; abra o documento e copie os dados à mão.',
        );
      }
      const payload = rec(JSON.parse(row.payload_json));
      const copy = draftFromIssued(row.kind, row.variant, payload);
      const draft = await getDraft(
        await repos().drafts.save({ kind: copy.kind, company, title: `Cópia de ${id}`, data: copy.data }),
      );
      const original = `${row.kind === 'cteos' ? 'CT-e OS' : 'CT-e'} ${row.serie ?? '?'}/${row.numero ?? '?'}`;
      return { ...draft, copia: { de: original, nfeRemovidas: copy.nfeRemovidas } };
    },
    'addressBook:search': async ({ company, text, limit }) => ({
      // An entry whose stored party no longer reads as one still lists, and fills nothing.
      entries: (await repos().addressBook.find(company, text.trim(), limit)).map((entry) => ({
        ...entry,
        data: partyRecordSchema.safeParse(entry.data).data ?? {},
      })),
    }),
    'addressBook:save': async ({ company, party }) => {
      const parsed = partySchema.safeParse(party);
      if (!parsed.success) {
        throw new AppError(
          'invalid_party',
          `Dados da pessoa inválidos: ${parsed.error.issues[0]?.message ?? ''}`,
          {
            fields: parsed.error.issues.map((i) => i.path.join('.')),
          },
        );
      }
      const p = parsed.data;
      await repos().addressBook.save(company, {
        cpfCnpj: p.cpfCnpj,
        nome: p.xNome,
        inscricaoEstadual: p.ie ?? null,
        uf: p.endereco.uf,
        municipio: p.endereco.xMun,
        data: p,
      });
      return { ok: true as const };
    },
    'addressBook:delete': async ({ company, cpfCnpj }) => {
      await repos().db.run('DELETE FROM address_book WHERE company = ? AND cpf_cnpj = ?', [company, cpfCnpj]);
      return { ok: true as const };
    },
  };
}
