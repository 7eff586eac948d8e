// "Repetir o último CT-e": a regular freight between the same remetente and destinatário is
// usually charged and described as the last one. When an imported NF-e names a pair this company
// already carried for, the newest authorized CT-e between them (its XML in the cache) offers its
// values, product, CFOP, ICMS and observations, so only what changed is typed.
import type { Repositories } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';
import { parseDocument } from '../../documents/parse/index';

export interface RepeatSource {
  /** The CT-e copied from, as the clerk knows it. */
  numero: number | null;
  serie: number | null;
  dataEmissao: string | null;
  cfop: string;
  natOp: string;
  componentes: { xNome: string; vComp: number }[];
  vTPrest: number;
  vRec: number;
  proPred: string;
  xObs: string;
  /** ICMS00/20/90 keep their rate; other situations carry only the situation. */
  icms: { situacao: string; pICMS?: number; pRedBC?: number } | null;
}

const SITUACAO: Record<string, string> = {
  ICMS00: '00',
  ICMS20: '20',
  ICMS45: '45',
  ICMS90: '90',
  ICMSSN: 'SN',
};

const n = (v: string): number => (v && Number.isFinite(Number(v)) ? Number(v) : 0);

export async function lastCteBetween(
  repos: Repositories,
  scope: { company: string; environment: Environment },
  remetente: string,
  destinatario: string,
): Promise<RepeatSource | null> {
  const rows = await repos.db.all<{
    id: number;
    numero: number | null;
    serie: number | null;
    data_emissao: string | null;
  }>(
    `SELECT id, numero, serie, data_emissao FROM documents
      WHERE company = ? AND environment = ? AND kind = 'cte' AND status = 'autorizado'
        AND remetente_doc = ? AND destinatario_doc = ?
      ORDER BY data_emissao DESC, id DESC LIMIT 3`,
    [scope.company, scope.environment, remetente, destinatario],
  );
  for (const row of rows) {
    const file = await repos.files.get(row.id, 0, 'xml').catch(() => null);
    if (!file) continue;
    const view = parseDocument(file.bytes.toString('utf8'));
    // A CT-e Simplificado has deliveries, not one freight: nothing to repeat from it.
    if (view.kind !== 'cte' || view.entregas?.length) continue;
    const icms = view.icms && SITUACAO[view.icms.group];
    return {
      numero: row.numero,
      serie: row.serie,
      dataEmissao: row.data_emissao,
      cfop: view.ide.CFOP,
      natOp: view.ide.natOp,
      componentes: view.vPrest.comps.map((c) => ({ xNome: c.xNome, vComp: n(c.vComp) })),
      vTPrest: n(view.vPrest.vTPrest),
      vRec: n(view.vPrest.vRec),
      proPred: view.carga?.proPred ?? '',
      xObs: view.xObs,
      icms: icms
        ? {
            situacao: icms,
            ...(view.icms?.pICMS ? { pICMS: n(view.icms.pICMS) } : {}),
            ...(view.icms?.pRedBC ? { pRedBC: n(view.icms.pRedBC) } : {}),
          }
        : null,
    };
  }
  return null;
}
