import { strToU8, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import type { SheetData } from 'write-excel-file/node';

import type { DocumentRecordRow, Repositories } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';
import type { CachedMdfe } from '../../cache/repositories/mdfe';
import type { MdfeSource } from '../sync/mdfe-sync';
import type { SyncSource } from '../sync/source';
import type { MissingFile } from './complete';
import { completeFiles, documentLabel } from './complete';
import { addMdfeFiles, mdfeLabel } from './mdfe-files';
import { averbacaoReport } from './averbacao-report';
import { documentXmlName, eventFileBase, fileBase } from '../../shared/file-names';

export interface ExportRequest {
  company: string;
  environment: Environment;
  from: string;
  to: string;
}

const KIND_LABEL = { cte: 'CT-e', cteos: 'CT-e OS', dce: 'DC-e' } as const;
const HEADERS = [
  'Tipo',
  'Série',
  'Número',
  'Chave',
  'Emissão',
  'Situação',
  'Tomador',
  'CNPJ/CPF tomador',
  'UF início',
  'UF fim',
  'Valor da prestação',
  'ICMS',
  'Valor declarado (DC-e)',
  'Arquivos faltando',
];

const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2).replace('.', ','));
const day = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');
const csvCell = (value: string) => (/[;"\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
/**
 * The chave (44 characters) and the tomador's CNPJ/CPF as Excel must keep them: read as numbers it
 * shows a key as 3,52611E+43 and drops a CNPJ's leading zeros (issue 26). `="…"` makes Excel take the
 * cell as text; LibreOffice reads it the same way. Only digits and letters go inside.
 */
const excelText = (value: string) => (/^[0-9A-Za-z]+$/.test(value) ? `="${value}"` : value);
/** Columns of the CSV line kept as text: chave and the tomador's CNPJ/CPF. */
const TEXT_COLUMNS = new Set([3, 7]);
const csvLineOf = (cells: string[]) =>
  cells.map((cell, i) => csvCell(TEXT_COLUMNS.has(i) ? excelText(cell) : cell)).join(';');
const safeName = (text: string) => text.replace(/[^0-9A-Za-z_-]/g, '_');

/** A DC-e's value is the goods' declared value, never freight: it goes to its own column. */
const freight = (row: DocumentRecordRow) => (row.kind === 'dce' ? null : row.valor_prestacao);
const declared = (row: DocumentRecordRow) => (row.kind === 'dce' ? row.valor_prestacao : null);

function csvLine(row: DocumentRecordRow, missing: string): string {
  return csvLineOf([
    KIND_LABEL[row.kind],
    String(row.serie ?? ''),
    String(row.numero ?? ''),
    row.chave ?? '',
    day(row.data_emissao),
    row.status,
    row.tomador_nome ?? '',
    row.tomador_doc ?? '',
    row.uf_inicio ?? '',
    row.uf_fim ?? '',
    money(freight(row)),
    money(row.valor_icms),
    money(declared(row)),
    missing,
  ]);
}

const amount = (cents: number | null) => ({
  value: cents === null ? undefined : cents / 100,
  type: Number,
  format: '#,##0.00',
});

function sheetRow(row: DocumentRecordRow, missing: string): SheetData[number] {
  return [
    { value: KIND_LABEL[row.kind] },
    { value: row.serie ?? undefined, type: Number },
    { value: row.numero ?? undefined, type: Number },
    { value: row.chave ?? '' },
    { value: day(row.data_emissao) },
    { value: row.status },
    { value: row.tomador_nome ?? '' },
    { value: row.tomador_doc ?? '' },
    { value: row.uf_inicio ?? '' },
    { value: row.uf_fim ?? '' },
    amount(freight(row)),
    amount(row.valor_icms),
    amount(declared(row)),
    { value: missing },
  ];
}

/** An MDF-e line: no tomador and no value — the manifest's cargo value is not freight. */
function mdfeCells(row: CachedMdfe, missing: string): string[] {
  return [
    'MDF-e',
    String(row.serie ?? ''),
    String(row.numero ?? ''),
    row.chave ?? '',
    day(row.data_emissao),
    row.status,
    '',
    '',
    row.uf_inicio ?? '',
    row.uf_fim ?? '',
    '',
    '',
    '',
    missing,
  ];
}

function missingText(missing: readonly MissingFile[]): string {
  const lines = [
    'Arquivos que deveriam estar neste pacote e não puderam ser incluídos',
    '',
    ...missing.map(
      (m) => `${m.documento}${m.chave ? ` (chave ${m.chave})` : ''}: ${m.arquivo} — ${m.motivo}`,
    ),
  ];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/**
 * The accountant's package for a period: every processed XML (documents and their events) in one
 * folder per month of issue, plus a CSV (Excel-friendly: BOM, ';', decimal comma) and an XLSX
 * summary with the period's totals (the same query as Documentos and the Painel), and the averbação
 * report (averbacoes.csv / .xlsx) when the period went to an averbadora. Files not cached
 * are fetched from the API first (`source`); those that still cannot be had are listed in
 * FALTANDO.txt, in the summary's last column and in the answer.
 */
export async function buildAccountingExport(
  repos: Repositories,
  request: ExportRequest,
  source: SyncSource | null = null,
  mdfeSource: MdfeSource | null = null,
): Promise<{ zip: Buffer; documents: number; events: number; missing: MissingFile[] }> {
  const rows = await repos.browser.exportRows(request);
  const missing = await completeFiles(repos, rows, source);
  const files: Zippable = {};
  const mdfe = await addMdfeFiles(repos.mdfe, request, mdfeSource, files);
  missing.push(...mdfe.missing);
  let events = mdfe.events;
  for (const row of rows) {
    const month = (row.data_emissao ?? '0000-00').slice(0, 7);
    const base = safeName(fileBase(row.chave, { kind: row.kind, serie: row.serie, numero: row.numero }));
    const xml = await repos.files.get(row.id, 0, 'xml');
    if (xml) files[`${month}/${documentXmlName(base, row.kind)}`] = xml.bytes;
    for (const event of await repos.events.list(row.id)) {
      const eventXml = await repos.files.get(row.id, event.id, 'xml');
      if (!eventXml) continue;
      files[`${month}/eventos/${eventFileBase(base, event.type, event.sequence)}.xml`] = eventXml.bytes;
      events++;
    }
  }
  const missingOf = (row: DocumentRecordRow) =>
    missing
      .filter((m) => m.documento === documentLabel(row) && m.chave === row.chave)
      .map((m) => m.arquivo)
      .join(', ');
  const missingOfMdfe = (row: CachedMdfe) =>
    mdfe.missing
      .filter((m) => m.documento === mdfeLabel(row) && m.chave === row.chave)
      .map((m) => m.arquivo)
      .join(', ');
  const totals = await repos.browser.totals(request);
  const cents = (reais: number) => Math.round(reais * 100);
  const totalLabel = 'Total de frete (CT-e e CT-e OS autorizados)';
  const csv = [
    HEADERS.join(';'),
    ...rows.map((row) => csvLine(row, missingOf(row))),
    ...mdfe.rows.map((row) => csvLineOf(mdfeCells(row, missingOfMdfe(row)))),
    '',
    [totalLabel, '', '', '', '', '', '', '', '', ''].join(';') +
      `;${money(cents(totals.valorPrestacao))};${money(cents(totals.valorIcms))};${money(cents(totals.valorDeclarado))};${missing.length}`,
  ].join('\r\n');
  files['resumo.csv'] = strToU8(`\ufeff${csv}\r\n`);
  const sheet: SheetData = [
    HEADERS.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((row) => sheetRow(row, missingOf(row))),
    ...mdfe.rows.map((row) =>
      mdfeCells(row, missingOfMdfe(row)).map((value, i) =>
        (i === 1 || i === 2) && value !== '' ? { value: Number(value), type: Number } : { value },
      ),
    ),
    [
      { value: totalLabel, fontWeight: 'bold' as const },
      ...Array.from({ length: 9 }, () => null),
      amount(cents(totals.valorPrestacao)),
      amount(cents(totals.valorIcms)),
      amount(cents(totals.valorDeclarado)),
      { value: missing.length, type: Number },
    ],
  ];
  files['resumo.xlsx'] = await writeXlsxFile(sheet).toBuffer();
  const report = await averbacaoReport(repos, request);
  if (report) {
    files['averbacoes.csv'] = report.csv;
    files['averbacoes.xlsx'] = report.xlsx;
  }
  if (missing.length > 0) files['FALTANDO.txt'] = strToU8(missingText(missing));
  return {
    zip: Buffer.from(zipSync(files, { level: 6 })),
    documents: rows.length + mdfe.rows.length,
    events,
    missing,
  };
}
