// The averbação report of the accountant's package: one line per document and operation sent (or to
// send) to the averbadora in the period, with its state, protocol, averbação numbers, insurer and
// policy — what the broker asks for when a claim or a gap comes up. CSV (Excel-friendly: BOM, ';')
// and XLSX, beside the documents' summary.
import { brasiliaWallTime } from '../../fiscal/brasilia';
import { strToU8 } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import type { SheetData } from 'write-excel-file/node';

import type { Repositories } from '../../cache/repositories';
import { toAverbacaoRow } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';
import type { AverbacaoRow } from '../../shared/schemas/averbacao';
import { AVERBACAO_ESTADO_LABELS, AVERBADORAS } from '../../shared/schemas/averbacao';

const TIPO = {
  cte: 'CT-e',
  cteos: 'CT-e OS',
  'cte-simp': 'CT-e Simplificado',
  mdfe: 'MDF-e',
  nfe: 'NF-e',
} as const;
const OPERACAO = { averbar: 'Averbação', cancelar: 'Cancelamento', encerrar: 'Encerramento' } as const;

export const REPORT_HEADERS = [
  'Tipo',
  'Série',
  'Número',
  'Chave',
  'Operação',
  'Situação',
  'Autorizado em',
  'Averbado em',
  'Averbadora',
  'Protocolo',
  'Números de averbação',
  'Seguradora',
  'CNPJ da seguradora',
  'Apólice',
  'Observação',
];

/** dd/mm/aaaa hh:mm in Brasília. */
export function brasiliaDateTimeText(iso: string | null): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  const at = brasiliaWallTime(new Date(ms));
  return `${at.slice(8, 10)}/${at.slice(5, 7)}/${at.slice(0, 4)} ${at.slice(11, 16)}`;
}

function observation(row: AverbacaoRow): string {
  const notes = [
    row.jaRegistrado ? 'já estava registrado (reenvio reconhecido)' : '',
    row.teste ? 'teste (homologação)' : '',
    row.erro ? `${row.erro.mensagem}${row.erro.detalhe ? ` (${row.erro.detalhe})` : ''}` : '',
  ];
  return notes.filter(Boolean).join('; ');
}

export function reportCells(row: AverbacaoRow): string[] {
  return [
    TIPO[row.tipo],
    String(row.serie),
    String(row.numero),
    row.chave,
    OPERACAO[row.operacao],
    AVERBACAO_ESTADO_LABELS[row.estado],
    brasiliaDateTimeText(row.autorizadoEm),
    brasiliaDateTimeText(row.averbadoEm),
    AVERBADORAS[row.averbadora].nome,
    row.protocolo ?? '',
    row.numeros.join(' '),
    row.seguradora?.nome ?? '',
    row.seguradora?.cnpj ?? '',
    row.apolice ?? '',
    observation(row),
  ];
}

const csvCell = (value: string) => (/[;"\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The report's files for a period, or null when nothing of it went to an averbadora. */
export async function averbacaoReport(
  repos: Repositories,
  request: { company: string; environment: Environment; from: string; to: string },
): Promise<{ csv: Uint8Array; xlsx: Buffer; rows: number } | null> {
  const next = new Date(`${request.to}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const rows = (
    await repos.averbacao.period(
      request.environment,
      request.company,
      request.from,
      next.toISOString().slice(0, 10),
    )
  ).map(toAverbacaoRow);
  if (rows.length === 0) return null;
  const lines = [REPORT_HEADERS.join(';'), ...rows.map((r) => reportCells(r).map(csvCell).join(';'))];
  const sheet: SheetData = [
    REPORT_HEADERS.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((r) =>
      reportCells(r).map((value, i) =>
        (i === 1 || i === 2) && value !== '' ? { value: Number(value), type: Number } : { value },
      ),
    ),
  ];
  return {
    csv: strToU8(`\ufeff${lines.join('\r\n')}\r\n`),
    xlsx: await writeXlsxFile(sheet).toBuffer(),
    rows: rows.length,
  };
}
