// The MDF-e that carries a CT-e, from the cache: the authority refuses to cancel a CT-e while an
// MDF-e authorized for it is not cancelled, open or closed (MOC CT-e 4.00 Visão Geral §6.2.1 rule
// Q15, rejection 528; fiscal/sefaz-codes.ts). The cancel panel names it before the clerk asks. Only
// the MDF-e issued since the CT-e are read: one issued before cannot list it.
import type { Repositories } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';
import type { CteOnMdfe } from '../../shared/schemas/issuing';
import { mdfeCancelState } from './summary';

export async function mdfeHoldingCte(
  repos: Repositories,
  scope: { company: string; environment: Environment },
  chave: string,
  since: string | null,
  now: Date,
): Promise<CteOnMdfe | null> {
  const rows = await repos.db.all<{ id: number }>(
    `SELECT id FROM mdfe_documents
      WHERE company = ? AND environment = ? AND status IN ('autorizado', 'encerrado')
        AND xml_state = 'present' AND (? IS NULL OR data_emissao >= ?)
      ORDER BY data_emissao DESC, id DESC LIMIT 200`,
    [scope.company, scope.environment, since, since],
  );
  const tag = `<chCTe>${chave}</chCTe>`;
  for (const { id } of rows) {
    const xml = await repos.mdfe.xml(id).catch(() => null);
    if (!xml?.includes(tag)) continue;
    const row = await repos.mdfe.byId(id);
    if (!row) continue;
    const cancel = mdfeCancelState(row, await repos.mdfe.events(id), now);
    return {
      id: row.id,
      company: row.company,
      serie: row.serie,
      numero: row.numero,
      encerrado: row.status === 'encerrado',
      cancelavel: cancel.cancellable,
    };
  }
  return null;
}
