// Where a new MDF-e starts (issue #26): the company's last MDF-e — its RNTRC, its insurance
// (responsible, insurer, CNPJ, policy) and its truck and drivers, read from the cached XML — else the
// averbadora's settings and the CT-e defaults' RNTRC. The averbação numbers are the trip's own
// (averbacao:trip), never copied from another trip.
import type { Repositories } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';
import { parseDocument } from '../../documents/parse';
import { normalizeCnpj } from '../../fiscal/cnpj';
import type { InsurerSettings, MdfeDefaults } from '../../shared/schemas/averbacao';

export async function mdfeDefaults(
  repos: Repositories,
  environment: Environment,
  company: string,
  fallback: { insurer: InsurerSettings | null; rntrc: string | undefined },
): Promise<MdfeDefaults> {
  const last = await repos.db.all<{ id: number }>(
    `SELECT id FROM mdfe_documents WHERE company = ? AND environment = ?
        AND status IN ('autorizado', 'encerrado', 'cancelado') AND xml_state = 'present'
      ORDER BY coalesce(data_autorizacao, data_emissao) DESC, id DESC LIMIT 5`,
    [company, environment],
  );
  for (const { id } of last) {
    const xml = await repos.mdfe.xml(id).catch(() => null);
    if (!xml) continue;
    let view;
    try {
      view = parseDocument(xml.toString('utf8'));
    } catch {
      continue;
    }
    if (view.kind !== 'mdfe') continue;
    const seg = view.seguros[0];
    const respDoc = seg ? normalizeCnpj(seg.respDoc) : '';
    const tracao = view.rodo?.tracao;
    return {
      rntrc: /^\d{8}$/.test(view.rodo?.RNTRC ?? '') ? view.rodo!.RNTRC : (fallback.rntrc ?? ''),
      veiculo: tracao?.placa
        ? {
            placa: tracao.placa,
            reboques: (view.rodo?.reboques ?? []).map((r) => r.placa).filter(Boolean),
            // The drivers of the issue (not those added later by event).
            condutores: view.condutores
              .filter((c) => !c.porEvento)
              .map((c) => ({ nome: c.xNome, cpf: c.doc })),
          }
        : null,
      seguro: seg
        ? {
            responsavel: seg.respSeg === '2' ? 2 : 1,
            // The emitter itself is left empty: the form reads "vazio: o CNPJ da empresa".
            cpfCnpjResponsavel: respDoc === company ? '' : respDoc,
            seguradora: seg.xSeg,
            cnpjSeguradora: seg.CNPJ,
            apolice: seg.nApol,
          }
        : null,
      origem: seg ? 'ultimo-mdfe' : null,
    };
  }
  const insurer = fallback.insurer?.ativo ? fallback.insurer : null;
  return {
    rntrc: fallback.rntrc ?? '',
    veiculo: null,
    seguro: insurer
      ? {
          responsavel: insurer.responsavel,
          cpfCnpjResponsavel: '',
          seguradora: insurer.seguradora,
          cnpjSeguradora: insurer.cnpjSeguradora,
          apolice: insurer.apolice,
        }
      : null,
    origem: insurer ? 'averbadora' : null,
  };
}
