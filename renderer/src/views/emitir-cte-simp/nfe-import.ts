// NF-e XML files → deliveries of the CT-e simplificado. Each file goes through the same prefill
// command as the CT-e form (safe parser, key check, "already in another CT-e" warning), one at a
// time so each note keeps its own route; notes for the same recipient and município share a
// delivery. The cargo adds up; the tomador and the UFs are filled only while still empty.
import { isNfeHomologacaoName } from '@shared/fiscal';
import { formatCpfCnpj } from '@shared/format';
import type { PrefillParty } from '@shared/schemas/issuing';
import { invoke } from '../../bridge';
import { keyChars } from '../emitir-cte/nfe-import';
import type { PartyDraft, PlaceDraft } from '../emitir-cte/form-model';
import { mergeParty } from '../../components/cte/party-merge';
import type { CteSimpDraftData, EntregaDraft } from './simp-model';
import { emptyEntrega } from './simp-model';

export interface SimpImportReport {
  added: number;
  deliveries: number;
  problems: { name: string; message: string }[];
  warnings: string[];
}

const placeOf = (p: PrefillParty | null): PlaceDraft | null =>
  p?.endereco.cMun ? { cMun: p.endereco.cMun, xMun: p.endereco.xMun, uf: p.endereco.uf } : null;
const samePlace = (a: PlaceDraft, b: PlaceDraft) => a.cMun === b.cMun && a.uf === b.uf;
const isEmpty = (p: PartyDraft) => !p.cpfCnpj.trim() && !p.xNome.trim();
const r2 = (v: number) => Math.round(v * 100) / 100;
/** Homologação NF-e carry a fixed recipient name by rule: the CNPJ tells the recipients apart. */
const recipientLabel = (p: PrefillParty | null): string =>
  !p?.xNome ? '' : isNfeHomologacaoName(p.xNome) ? formatCpfCnpj(p.cpfCnpj) : p.xNome;

function addQuantity(data: CteSimpDraftData, cUnid: string, tpMed: string, value: number): void {
  if (value <= 0) return;
  const qty = data.carga.quantidades;
  const row = qty.find((q) => q.cUnid === cUnid && q.tpMed === tpMed) ?? qty.find((q) => q.qCarga === null);
  if (row) Object.assign(row, { cUnid, tpMed, qCarga: Math.round(((row.qCarga ?? 0) + value) * 1e4) / 1e4 });
  else qty.push({ cUnid, tpMed, qCarga: value });
}

export async function importNfeAsDeliveries(
  data: CteSimpDraftData,
  files: { name: string; base64: string }[],
  company: string | null,
): Promise<SimpImportReport> {
  const report: SimpImportReport = { added: 0, deliveries: 0, problems: [], warnings: [] };
  const known = new Set(data.entregas.flatMap((e) => e.nfe.map((n) => keyChars(n.chave))));
  const byRecipient = new Map<string, EntregaDraft>();
  for (const file of files) {
    const result = await invoke('cte:prefillFromNfe', { files: [file], company: company ?? undefined });
    report.problems.push(...result.problems);
    report.warnings.push(...result.warnings);
    const chave = result.chaves[0];
    if (!chave) continue;
    if (known.has(chave)) {
      report.problems.push({ name: file.name, message: 'Esta NF-e já está em uma das entregas.' });
      continue;
    }
    known.add(chave);
    const rem = result.remetente;
    const dest = result.destinatario;
    const origem = placeOf(rem);
    const destino = placeOf(dest);
    if (origem && !data.geral.ufIni) data.geral.ufIni = origem.uf;
    if (destino && !data.geral.ufFim) data.geral.ufFim = destino.uf;
    // Who pays the freight (NF-e modFrete) picks the tomador while none was filled in yet.
    if ((result.toma === 0 || result.toma === 3) && isEmpty(data.tomador)) data.geral.toma = result.toma;
    if (data.geral.toma === 0 && isEmpty(data.tomador) && rem) mergeParty(data.tomador, rem);
    if (data.geral.toma === 3 && isEmpty(data.tomador) && dest) mergeParty(data.tomador, dest);

    const recipientKey = `${dest?.cpfCnpj ?? file.name}|${destino?.cMun ?? ''}`;
    let entrega =
      byRecipient.get(recipientKey) ??
      data.entregas.find(
        (e) =>
          e.recebedor && e.recebedor === recipientLabel(dest) && destino && samePlace(e.destino, destino),
      );
    if (!entrega) {
      entrega = emptyEntrega(data);
      if (origem) entrega.origem = origem;
      if (destino) entrega.destino = destino;
      entrega.recebedor = recipientLabel(dest);
      data.entregas.push(entrega);
      // The reactive copy is the one in the list: keep grouping on it.
      entrega = data.entregas[data.entregas.length - 1]!;
      report.deliveries += 1;
    }
    byRecipient.set(recipientKey, entrega);
    entrega.nfe.push({ chave, pin: '', dPrev: '' });
    report.added += 1;
    if (result.carga.vCarga > 0) data.carga.vCarga = r2((data.carga.vCarga ?? 0) + result.carga.vCarga);
    addQuantity(data, '01', '02', result.carga.pesoBruto);
    addQuantity(data, '03', '99', result.carga.volumes);
  }
  return report;
}
